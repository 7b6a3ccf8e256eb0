import CustomDump
import Foundation

/// An alert described as data: a title, an optional message and the buttons the user can tap,
/// each of which can send an `Action`.
///
/// Keep an optional alert in state with `@Presents`, build it in the reducer, and handle its
/// actions like any other child's:
///
/// ```swift
/// @Reducer
/// struct Inbox {
///   @ObservableState
///   struct State: Equatable {
///     @Presents var alert: AlertState<Action.Alert>?
///   }
///   enum Action {
///     case alert(PresentationAction<Alert>)
///     case deleteButtonTapped
///     enum Alert: Equatable { case confirmDeletion }
///   }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .deleteButtonTapped:
///         state.alert = AlertState {
///           TextState("Delete all messages?")
///         } actions: {
///           ButtonState(role: .destructive, action: .confirmDeletion) {
///             TextState("Delete")
///           }
///           ButtonState(role: .cancel) { TextState("Cancel") }
///         } message: {
///           TextState("This can't be undone.")
///         }
///         return .none
///       case .alert(.presented(.confirmDeletion)):
///         // delete …
///         return .none
///       case .alert:
///         return .none
///       }
///     }
///     .ifLet(\.$alert, action: \.alert)
///   }
/// }
/// ```
///
/// Because the alert is data, a test asserts it like any other state:
///
/// ```swift
/// await store.send(.deleteButtonTapped) {
///   $0.alert = AlertState { TextState("Delete all messages?") } actions: { … }
/// }
/// ```
///
/// Alerts compare equal when their title, message and buttons are equal; ``id`` is ignored.
/// An alert is ephemeral (``_EphemeralState``): tapping any of its buttons dismisses it.
public struct AlertState<Action>: Identifiable {
  /// A unique identity for the alert, fresh for every alert created and kept by ``map(_:)``.
  public let id: UUID

  /// The alert's buttons, in order. An alert with no buttons shows a single "OK" button.
  public var buttons: [ButtonState<Action>]

  /// The text under the title, if any.
  public var message: TextState?

  /// The alert's title.
  public var title: TextState

  init(id: UUID, buttons: [ButtonState<Action>], message: TextState?, title: TextState) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
  }

  /// Creates an alert.
  ///
  /// ```swift
  /// AlertState {
  ///   TextState("Couldn't save")
  /// } actions: {
  ///   ButtonState(action: .retry) { TextState("Try again") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// } message: {
  ///   TextState(error.localizedDescription)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - actions: The alert's buttons; none by default.
  ///   - message: The text under the title; none by default.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: UUID(), buttons: actions(), message: message?(), title: title())
  }

  /// An alert from values, the way alerts were made before result builders.
  ///
  /// ```swift
  /// state.alert = AlertState(title: TextState(error.localizedDescription))
  /// ```
  @available(*, deprecated, message: "Use 'AlertState(title:actions:message:)' with closures.")
  public init(
    title: TextState,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.init(id: UUID(), buttons: buttons, message: message, title: title)
  }

  /// Transforms the actions of every button, keeping the alert's identity, title and message.
  ///
  /// ```swift
  /// let parentAlert = childAlert.map { $0.map(ParentAction.Alert.child) }
  /// ```
  ///
  /// - Parameter transform: Turns a button's optional action into a new optional action.
  /// - Returns: The same alert over the new action type.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: self.id,
      buttons: self.buttons.map { $0.map(transform) },
      message: self.message,
      title: self.title
    )
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  /// Dumps in the shape of ``init(title:actions:message:)``: `title`, then `actions` and
  /// `message` when present. The identity is left out.
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", self.title)]
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
