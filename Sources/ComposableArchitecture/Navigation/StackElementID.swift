import ConcurrencyExtras
import CustomDump
import Dependencies
import IssueReporting

/// The ID of an element of a ``StackState``: a generation number, unique within the stack's
/// lifetime, so that an element pushed after another one was popped never takes its ID.
///
/// In tests, IDs can be written as integer literals, which makes assertions read naturally:
///
/// ```swift
/// await store.send(\.path[id: 0].detail.saveButtonTapped)
/// await store.receive(\.path.popFrom, 0) { $0.path.removeAll() }
/// ```
public struct StackElementID: Hashable, Sendable {
  /// The generation of the element: the number of IDs generated before it.
  @_spi(Internals) public var generation: Int

  /// An ID with the given generation.
  @_spi(Internals) public init(generation: Int) {
    self.generation = generation
  }
}

extension StackElementID: CustomDebugStringConvertible {
  public var debugDescription: String { "#\(self.generation)" }
}

extension StackElementID: CustomDumpStringConvertible {
  public var customDumpDescription: String { "#\(self.generation)" }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// An ID written as an integer literal. Only allowed in tests, where IDs are predictable.
  public init(integerLiteral value: Int) {
    @Dependency(\.context) var context
    if context != .test {
      fatalError(
        """
        Specifying stack element IDs by integer literal is not allowed outside of tests.

        In tests, integer literal stack element IDs can be used as a shorthand to the \
        auto-incrementing generation of the current dependency context. This can be useful \
        when asserting against actions received by a specific element.
        """
      )
    }
    self.init(generation: value)
  }
}

/// The source of new ``StackElementID``s: an auto-incrementing generation.
@_spi(Internals)
public struct StackElementIDGenerator: DependencyKey, Sendable {
  /// Returns a new ID and advances the generation.
  public let next: @Sendable () -> StackElementID
  /// Returns the ID `next` would return, without advancing.
  public let peek: @Sendable () -> StackElementID

  /// Returns a new ID and advances the generation.
  public func callAsFunction() -> StackElementID {
    self.next()
  }

  /// A generator starting at generation `0`.
  public static var liveValue: Self { .incrementing(from: 0) }

  /// A generator starting at generation `0`. Under XCTest off Apple platforms, a test binary
  /// without `ComposableArchitectureTestSupport` would carry one test's generator into the next;
  /// the first one made reports the line to add.
  public static var testValue: Self {
    TestSupportCheck.current.check()
    return .incrementing(from: 0)
  }

  static func incrementing(from generation: Int) -> Self {
    let next = LockIsolated(generation)
    return Self(
      next: {
        next.withValue { generation in
          defer { generation += 1 }
          return StackElementID(generation: generation)
        }
      },
      peek: { StackElementID(generation: next.value) }
    )
  }

  /// A generator that continues from where this one is, independently of it.
  func copy() -> Self {
    .incrementing(from: self.peek().generation)
  }
}

extension DependencyValues {
  /// Where stacks get the IDs of the elements they add.
  @_spi(Internals)
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
