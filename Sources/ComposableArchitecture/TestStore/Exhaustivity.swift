@_spi(Internals) import CasePaths

/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.login)          // only what the closure asserts is checked
/// await store.receive(\.loggedIn)   // other received actions are skipped
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and in-flight effect must be asserted.
  case on

  /// Only what is asserted is checked; the rest is skipped, optionally shown as notes.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, with skipped assertions hidden.
  public static let off = Self.off(showSkippedAssertions: false)
}

extension Exhaustivity {
  /// Runs an assertion closure so that the `XCTModify` helpers it calls check as strictly as the
  /// store: a non-exhaustive store doesn't require `XCTModify` to change the value.
  func withAssertionHelpers<R>(_ operation: () throws -> R) rethrows -> R {
    try XCTModifyLocals.$isExhaustive.withValue(self == .on, operation: operation)
  }
}
