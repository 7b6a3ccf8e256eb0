/// Storage for the perceivers of a perceptible type's properties: records reads, announces writes.
///
/// The ``Perceptible()`` macro creates one for you. Write one by hand when a type manages its own
/// storage, calling ``access(_:keyPath:)`` from getters and ``withMutation(of:keyPath:_:)`` around
/// writes:
///
/// ```swift
/// final class Thermometer: Perceptible {
///   private let registrar = PerceptionRegistrar()
///   private var storedCelsius = 20.0
///
///   var celsius: Double {
///     get {
///       registrar.access(self, keyPath: \.celsius)
///       return storedCelsius
///     }
///     set {
///       registrar.withMutation(of: self, keyPath: \.celsius) {
///         storedCelsius = newValue
///       }
///     }
///   }
/// }
/// ```
///
/// It is backed by an `ObservationRegistrar`, so the same type is tracked by
/// ``withPerceptionTracking(_:onChange:)`` and by `withObservationTracking(_:onChange:)`. A
/// registrar is transient: every registrar equals every other, hashes to nothing and encodes
/// nothing, so storing one never changes its owner's `Equatable`, `Hashable` or `Codable`
/// behaviour.
@available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
public struct PerceptionRegistrar: Sendable {
  private let registrar = ObservationRegistrar()

  /// Creates a registrar.
  ///
  /// - Parameter isPerceptionCheckingEnabled: Whether reads outside of perception tracking may be
  ///   reported. swift-perception reports them from SwiftUI view bodies on platforms without
  ///   Observation; Observation tracks views by itself, so no read is ever reported here and the
  ///   value only keeps existing call sites compiling.
  public init(isPerceptionCheckingEnabled: Bool = true) {}

  /// Records a read of `keyPath` on `subject`, so that a surrounding
  /// ``withPerceptionTracking(_:onChange:)`` tracks it.
  ///
  /// - Parameters:
  ///   - subject: The perceptible instance being read.
  ///   - keyPath: The property being read.
  public func access<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Announces that `keyPath` on `subject` is about to change, calling the `onChange` of every
  /// tracking that read it.
  ///
  /// Pair it with ``didSet(_:keyPath:)``, or use ``withMutation(of:keyPath:_:)``, which does both.
  public func willSet<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// Announces that `keyPath` on `subject` has changed.
  public func didSet<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    registrar.didSet(subject, keyPath: keyPath)
  }

  /// Performs `mutation` between ``willSet(_:keyPath:)`` and ``didSet(_:keyPath:)`` for
  /// `keyPath` on `subject`, and returns its result.
  ///
  /// - Parameters:
  ///   - subject: The perceptible instance being changed.
  ///   - keyPath: The property being changed.
  ///   - mutation: The change.
  public func withMutation<Subject: Observable, Member, T>(
    of subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
  }

  /// Records a read of `keyPath` on `subject`.
  ///
  /// The source location is no longer used.
  @available(*, deprecated, renamed: "access(_:keyPath:)")
  public func access<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    access(subject, keyPath: keyPath)
  }
}

extension PerceptionRegistrar: Hashable {
  /// Registrars are all equal: a registrar holds perceivers, not state, so it must not make two
  /// otherwise equal values unequal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    true
  }

  /// Hashes nothing, for the same reason `==` ignores the registrar.
  public func hash(into hasher: inout Hasher) {}
}

extension PerceptionRegistrar: Codable {
  /// Creates a fresh registrar: perceivers are never encoded.
  public init(from decoder: any Decoder) throws {
    self.init()
  }

  /// Encodes nothing.
  public func encode(to encoder: any Encoder) throws {}
}
