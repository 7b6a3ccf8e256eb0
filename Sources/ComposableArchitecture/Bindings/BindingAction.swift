import CasePaths
import ConcurrencyExtras
import CustomDump
import IssueReporting

/// An action that writes a value at a key path of the state: what a binding sends instead of one
/// "field changed" action per field.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// // …
/// case .binding(\.displayName):
///   state.displayName = String(state.displayName.prefix(16))
///   return .none
/// ```
///
/// Two binding actions are equal when they write an equal value at the same key path.
public struct BindingAction<Root>: CasePathable, Equatable, Sendable {
  /// The key path written to.
  public let keyPath: _SendablePartialKeyPath<Root>

  @usableFromInline
  let set: @Sendable (inout Root) -> Void
  /// The value written.
  let value: any Sendable
  let valueIsEqualTo: @Sendable (Any) -> Bool

  init(
    keyPath: _SendablePartialKeyPath<Root>,
    set: @escaping @Sendable (inout Root) -> Void,
    value: any Sendable,
    valueIsEqualTo: @escaping @Sendable (Any) -> Bool
  ) {
    self.keyPath = keyPath
    self.set = set
    self.value = value
    self.valueIsEqualTo = valueIsEqualTo
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.valueIsEqualTo(rhs.value)
  }

  /// Whether this action writes at `keyPath`.
  func writes(to keyPath: AnyKeyPath) -> Bool {
    (self.keyPath as AnyKeyPath) == keyPath
  }

  /// Applies the action's write to a state.
  ///
  /// ```swift
  /// action.binding?.apply(to: &state)   // what BindingReducer does
  /// ```
  func apply(to root: inout Root) {
    self.set(&root)
  }
}

extension BindingAction {
  /// An action that writes `value` at `keyPath`.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.displayName, "Blob")))
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value)
  }

  init<Value: Equatable & Sendable>(
    keyPath: _SendableWritableKeyPath<Root, Value>,
    value: Value,
    onSet: (@Sendable () -> Void)? = nil
  ) {
    self.init(
      keyPath: keyPath,
      set: { root in
        root[keyPath: keyPath as WritableKeyPath<Root, Value>] = value
        onSet?()
      },
      value: value,
      valueIsEqualTo: { ($0 as? Value) == value }
    )
  }

  /// Matches a binding action by the key path it writes, so that a `switch` can react to one
  /// field:
  ///
  /// ```swift
  /// case .binding(\.sendNotifications):
  ///   return .run { send in … }
  /// ```
  public static func ~= <Value>(
    keyPath: _SendableWritableKeyPath<Root, Value>,
    bindingAction: Self
  ) -> Bool {
    bindingAction.writes(to: keyPath as AnyKeyPath)
  }

  /// Moves the action into an enclosing state: it then writes through `keyPath` first.
  ///
  /// ```swift
  /// let parentAction = childAction.pullback(\Parent.child)
  /// ```
  public func pullback<Enclosing>(
    _ keyPath: _SendableWritableKeyPath<Enclosing, Root>
  ) -> BindingAction<Enclosing> {
    let set = self.set
    let appended = (keyPath as AnyKeyPath).appending(path: self.keyPath as AnyKeyPath)
    return BindingAction<Enclosing>(
      keyPath: sendablePartialKeyPath(
        appended as? PartialKeyPath<Enclosing> ?? (keyPath as PartialKeyPath<Enclosing>)
      ),
      set: { enclosing in set(&enclosing[keyPath: keyPath as WritableKeyPath<Enclosing, Root>]) },
      value: self.value,
      valueIsEqualTo: self.valueIsEqualTo
    )
  }
}

extension BindingAction {
  /// The case paths of a binding action: one per writable field of the state, so that
  /// `\.binding.displayName` names "a binding action writing `displayName`".
  ///
  /// ```swift
  /// await store.send(\.binding.displayName, "Blob") { $0.displayName = "Blob" }
  /// await store.receive(\.binding.sendNotifications)
  /// ```
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The binding actions that write the field: embedding a value gives `.set(keyPath, value)`,
    /// extracting gives the written value when the action writes this field.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> where Root: ObservableState {
      let keyPath = sendableWritableKeyPath(keyPath)
      return Self.casePath(writing: keyPath) { .set(keyPath, $0) }
    }

    /// The case path of the binding actions that write at `keyPath`.
    static func casePath<Value>(
      writing keyPath: _SendableAnyKeyPath,
      embed: @escaping @Sendable (Value) -> BindingAction
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: embed,
        extract: { action in
          action.writes(to: keyPath as AnyKeyPath) ? action.value as? Value : nil
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [
        "set": (KeyPathName(keyPath: self.keyPath as AnyKeyPath), self.value)
      ],
      displayStyle: .enum
    )
  }
}

extension BindingAction: CustomDebugStringConvertible {
  public var debugDescription: String {
    ".set(\(keyPathDescription(self.keyPath as AnyKeyPath)), \(String(customDumping: self.value)))"
  }
}

/// A key path that dumps as its description, `\State.field`.
private struct KeyPathName: CustomDumpStringConvertible {
  let keyPath: AnyKeyPath
  var customDumpDescription: String { keyPathDescription(self.keyPath) }
}

/// An action enum with a case that holds a ``BindingAction``, so that bindings can send it.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions write to.
  associatedtype State

  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, if it is the binding case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  public var binding: BindingAction<State>? {
    AnyCasePath(unsafe: { Self.binding($0) }).extract(from: self)
  }

  /// The action that writes `value` at `keyPath`: `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// await store.send(.set(\.displayName, "Blob")) { $0.displayName = "Blob" }
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

/// Reports a binding action sent by a store that no reducer applied: the action's write marks
/// it applied, and when the action goes away unapplied, its deinit reports it.
final class BindingActionDebugger: Sendable {
  /// Set once the action that carries the write exists (the action holds this debugger).
  let actionDescription = LockIsolated("")
  let wasApplied = LockIsolated(false)
  /// Whether the write is to a `@BindingState` field, declared where the debugger reports.
  let isBindingState: Bool
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(
    isBindingState: Bool = false,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.isBindingState = isBindingState
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// A debugger for a write to a `@BindingState` field, reported where the field is declared.
  convenience init<Value>(bindingState: BindingState<Value>) {
    self.init(
      isBindingState: true,
      fileID: bindingState.fileID,
      filePath: bindingState.filePath,
      line: bindingState.line,
      column: bindingState.column
    )
  }

  /// Describes `action`, which carries a binding write of `value`:
  /// `Feature.Action.view(.binding(.set(_, "Blob")))`.
  func describe(_ action: Any, writing value: Any) {
    let cases = debugCaseOutput(action)
    let closing = cases.reversed().prefix { $0 == ")" }.count
    let description =
      "\(cases.dropLast(closing))(.set(_, \(String(customDumping: value))))"
      + String(repeating: ")", count: closing)
    self.actionDescription.setValue(description)
  }

  deinit {
    guard !self.wasApplied.value else { return }
    let origin =
      self.isBindingState ? " for binding state defined at \"\(self.fileID):\(self.line)\"" : ""
    reportIssue(
      """
      A binding action sent from a store\(origin) was not handled:

        Action:
          \(self.actionDescription.value)

      To fix this, invoke "BindingReducer()" from your feature reducer's "body".
      """,
      fileID: self.fileID,
      filePath: self.filePath,
      line: self.line,
      column: self.column
    )
  }
}
