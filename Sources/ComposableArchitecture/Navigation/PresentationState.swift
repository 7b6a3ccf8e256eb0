import ConcurrencyExtras
import CustomDump
import IssueReporting

/// The state of a feature that a parent presents, such as a sheet or an alert: `nil` while
/// nothing is presented.
///
/// With `@ObservableState`, use ``Presents()`` instead of the property wrapper:
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// and hand its projection to `ifLet`: `.ifLet(\.$destination, action: \.destination)`.
@propertyWrapper
@dynamicMemberLookup
public struct PresentationState<State> {
  // Inlinable, with `wrappedValue`: reducers read the presented state many times per action, and
  // an unspecialized read looks up the optional's type metadata every time.
  @usableFromInline var storage: Storage
  /// The navigation path of the destination that `ifLet` last saw presented, and whose effects it
  /// cancels when that destination goes away, even if another reducer removed it first. Not part
  /// of the value: equality, hashing and coding ignore it.
  @usableFromInline var presentedID: NavigationIDPath?

  /// Presentation state holding `wrappedValue`.
  @inlinable
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented state, or `nil` when nothing is presented.
  @inlinable
  public var wrappedValue: State? {
    get { self.storage.state }
    set {
      if isKnownUniquelyReferenced(&self.storage) {
        self.storage.state = newValue
      } else {
        self.storage = Storage(state: newValue)
      }
    }
    // In place, so that a presented feature changing its collections doesn't copy them.
    _modify {
      if !isKnownUniquelyReferenced(&self.storage) {
        self.storage = Storage(state: self.storage.state)
      }
      yield &self.storage.state
    }
  }

  /// The presentation state itself, as `$destination`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented state narrowed to one enum case, as presentation state.
  ///
  /// ```swift
  /// state.$destination.detail   // PresentationState<Detail.State>
  /// ```
  public subscript<Case>(
    dynamicMember keyPath: CaseKeyPath<State, Case>
  ) -> PresentationState<Case> where State: CasePathable {
    PresentationState<Case>(wrappedValue: self.wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// A property of the presented state, as presentation state.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> PresentationState<Member> {
    PresentationState<Member>(wrappedValue: self.wrappedValue?[keyPath: keyPath])
  }

  /// The presented state's payload in one enum case, or `nil` in another case.
  ///
  /// ```swift
  /// state.$destination[case: \.detail]?.title = "Edited"
  /// ```
  ///
  /// Modifying a case that is not the presented one reports an issue and changes nothing.
  public subscript<Case>(
    case keyPath: CaseKeyPath<State, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? where State: CasePathable {
    get { self.wrappedValue.flatMap { $0[case: keyPath] } }
    set {
      guard let wrapped = self.wrappedValue else {
        if newValue != nil {
          self.reportUnrelatedCase(keyPath, newValue, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      guard wrapped[case: keyPath] != nil else {
        self.reportUnrelatedCase(keyPath, newValue, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      self.wrappedValue = newValue.map { keyPath($0) }
    }
  }

  /// The presented state's payload in one enum case, through a deprecated case path.
  @available(*, deprecated, message: "Use the 'subscript(case:)' that takes a case key path, 'state.$destination[case: \\.detail]'.")
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    get { self.wrappedValue.flatMap(path.extract(from:)) }
    set {
      guard let wrapped = self.wrappedValue, path.extract(from: wrapped) != nil else {
        reportIssue("Can't modify unrelated case \(typeName(State.self)).")
        return
      }
      self.wrappedValue = newValue.map(path.embed)
    }
  }

  private func reportUnrelatedCase<Case>(
    _ keyPath: CaseKeyPath<State, Case>,
    _ newValue: Case?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let current = self.wrappedValue.map { debugCaseOutput($0) } ?? "nil"
    reportIssue(
      """
      Can't modify unrelated case: the presented state is "\(current)", not the case \
      "\(describeCase(keyPath, embedding: newValue))" that was written to.

      Check which case is presented before modifying it, e.g. with \
      "if case .x = state.destination" or "state.$destination[case: \\.x]?.…".
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Whether both share storage, which means they are equal without comparing the states.
  func sharesStorage(with other: Self) -> Bool {
    self.storage === other.storage
  }

  @usableFromInline
  final class Storage: @unchecked Sendable {
    // Unchecked: copy-on-write storage. `PresentationState` writes `state` only after making
    // the storage unique, so a value shared across tasks is never written. Its accesses skip the
    // dynamic exclusivity check too: reads go through any copy that shares the storage, and
    // never conflict; writes go only through the value that holds it uniquely, whose own
    // accesses the compiler checks statically.
    @usableFromInline @exclusivity(unchecked) var state: State?
    @usableFromInline init(state: State?) { self.state = state }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    do {
      self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
    } catch {
      self.init(wrappedValue: try State?(from: decoder))
    }
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.wrappedValue)
  }
}

extension PresentationState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

extension PresentationState: _IdentityComparable {
  public func _$isIdentityEqual(to other: any _IdentityComparable) -> Bool {
    guard let other = other as? Self else { return false }
    return Self.identityEqual(self, other)
  }

  static func identityEqual(_ lhs: Self, _ rhs: Self) -> Bool {
    if lhs.sharesStorage(with: rhs) { return true }
    switch (lhs.wrappedValue, rhs.wrappedValue) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return ComposableArchitecture._$isIdentityEqual(lhs, rhs)
    default: return false
    }
  }
}

/// Presentation states are identity-equal when both present nothing or both present
/// identity-equal states.
public func _$isIdentityEqual<T>(
  _ lhs: PresentationState<T>,
  _ rhs: PresentationState<T>
) -> Bool {
  PresentationState.identityEqual(lhs, rhs)
}

/// Presentation states of observable states are identity-equal when both present nothing or both
/// present states with the same identity. (The generic variant finds out at run time whether the
/// presented state is observable, which costs more than the comparison.)
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>,
  _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue?._$id == rhs.wrappedValue?._$id
}

/// An action of a presented feature, or the request to dismiss it.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// Case key paths skip `.presented`: `\.destination.detail.saveButtonTapped` reaches
/// `.destination(.presented(.detail(.saveButtonTapped)))`.
public enum PresentationAction<Action> {
  /// The presented feature was dismissed, for example by the user swiping a sheet away.
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: CasePathable {
  /// The case paths of ``PresentationAction``.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The path to ``PresentationAction/dismiss``.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The path to ``PresentationAction/presented(_:)``.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented action, reached without spelling `.presented`.
    public subscript<ChildAction>(
      dynamicMember keyPath: CaseKeyPath<Action, ChildAction>
    ) -> AnyCasePath<PresentationAction, ChildAction> where Action: CasePathable {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .presented(keyPath.value($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action[case: keyPath.value]
        }
      )
    }

    /// A case of the presented action that is itself a presentation action.
    @_disfavoredOverload
    public subscript<ChildAction>(
      dynamicMember keyPath: CaseKeyPath<Action, ChildAction>
    ) -> AnyCasePath<PresentationAction, PresentationAction<ChildAction>> where Action: CasePathable {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: {
          switch $0 {
          case .dismiss: return .dismiss
          case let .presented(action): return .presented(keyPath.value(action))
          }
        },
        extract: {
          switch $0 {
          case .dismiss: return .dismiss
          case let .presented(action): return action[case: keyPath.value].map { .presented($0) }
          }
        }
      )
    }
  }

  /// The case paths of ``PresentationAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
