import CustomDump
import Foundation
import IssueReporting

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A button in an alert or confirmation dialog, described as data: its label, its role and the
/// action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ```
///
/// Buttons compare equal when their label, role and action are equal; the ``id`` that SwiftUI
/// uses to tell buttons apart plays no part, so a freshly built expected alert in a test equals
/// the one the reducer built.
public struct ButtonState<Action>: Identifiable {
  /// A unique identity for the button, fresh for every button created.
  public let id: UUID

  /// What tapping the button does.
  public let action: ButtonStateAction<Action>

  /// The button's title.
  public let label: TextState

  /// The button's semantic role, or `nil` for an ordinary button.
  public let role: ButtonStateRole?

  init(id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// Creates a button.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) {
  ///   TextState("Cancel")
  /// }
  /// ButtonState(action: .send(.retry, animation: .default)) {
  ///   TextState("Retry")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role; `nil` for an ordinary button.
  ///   - action: What tapping the button does; by default it only dismisses.
  ///   - label: The button's title.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(id: UUID(), action: action, label: label(), role: role)
  }

  /// Creates a button that sends an action.
  ///
  /// ```swift
  /// ButtonState(role: .destructive, action: .confirmDeletion) {
  ///   TextState("Delete")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role; `nil` for an ordinary button.
  ///   - action: The action sent when the button is tapped.
  ///   - label: The button's title.
  public init(
    role: ButtonStateRole? = nil,
    action: Action,
    label: () -> TextState
  ) {
    self.init(id: UUID(), action: .send(action), label: label(), role: role)
  }

  /// Hands the button's action (`nil` when it only dismisses) to a closure.
  ///
  /// Where SwiftUI exists and the action was created with ``ButtonStateAction/send(_:animation:)``,
  /// the closure runs inside `withAnimation`.
  ///
  /// ```swift
  /// button.withAction { action in
  ///   if let action { store.send(action) }
  /// }
  /// ```
  public func withAction(_ perform: (Action?) -> Void) {
    switch self.action.type {
    case let .send(action):
      perform(action)
    #if canImport(SwiftUI)
      case let .animatedSend(action, animation):
        withAnimation(animation) {
          perform(action)
        }
    #endif
    }
  }

  /// Hands the button's action (`nil` when it only dismisses) to an async closure.
  ///
  /// ```swift
  /// await button.withAction { action in
  ///   if let action { await model.handle(action) }
  /// }
  /// ```
  ///
  /// > Important: An async closure cannot run inside an animation. When the action asks for one
  /// > (SwiftUI platforms), an issue is reported and the action is performed without it.
  @MainActor
  public func withAction(_ perform: @MainActor (Action?) async -> Void) async {
    switch self.action.type {
    case let .send(action):
      await perform(action)
    #if canImport(SwiftUI)
      case let .animatedSend(action, _):
        if let action {
          reportIssue(
            """
            An animated button action was performed from an async closure, so it ran without its \
            animation:

            \(String(customDumping: action))

            Handle this button with the synchronous 'withAction', or call 'withAnimation' yourself.
            """
          )
        }
        await perform(action)
    #endif
    }
  }

  /// Transforms the button's action, keeping its identity, label and role.
  ///
  /// ```swift
  /// let parentButton = childButton.map { $0.map(ParentAction.child) }
  /// ```
  ///
  /// - Parameter transform: Turns the button's optional action into a new optional action.
  /// - Returns: The same button over the new action type.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: self.id,
      action: self.action.map(transform),
      label: self.label,
      role: self.role
    )
  }
}

/// What a ``ButtonState`` does when tapped: send an optional action, possibly with an animation.
///
/// ```swift
/// ButtonState(action: .send(.delete)) { TextState("Delete") }
/// ButtonState(action: .send(nil)) { TextState("Dismiss") }
/// ```
public struct ButtonStateAction<Action> {
  /// How the action is delivered.
  public let type: _ActionType

  /// Creates a button action that sends `action`, or only dismisses when it is `nil`.
  ///
  /// ```swift
  /// let action = ButtonStateAction(action: FeatureAction.delete)
  /// ```
  public init(action: Action?) {
    self.type = .send(action)
  }

  fileprivate init(type: _ActionType) {
    self.type = type
  }

  /// A button action that sends `action`, or only dismisses when it is `nil`.
  ///
  /// ```swift
  /// ButtonState(action: .send(.confirm)) { TextState("OK") }
  /// ```
  public static func send(_ action: Action?) -> Self {
    Self(type: .send(action))
  }

  #if canImport(SwiftUI)
    /// A button action that sends `action` inside `withAnimation(animation)` (SwiftUI only).
    ///
    /// ```swift
    /// ButtonState(action: .send(.expand, animation: .spring())) { TextState("Show all") }
    /// ```
    public static func send(_ action: Action?, animation: Animation?) -> Self {
      Self(type: .animatedSend(action, animation: animation))
    }
  #endif

  /// The action the button sends, or `nil` when it only dismisses.
  ///
  /// ```swift
  /// ButtonStateAction.send(FeatureAction.delete).action  // .delete
  /// ```
  public var action: Action? {
    switch self.type {
    case let .send(action):
      return action
    #if canImport(SwiftUI)
      case let .animatedSend(action, _):
        return action
    #endif
    }
  }

  /// Transforms the action, keeping any animation.
  ///
  /// ```swift
  /// let parentAction = childAction.map { $0.map(ParentAction.alert) }
  /// ```
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonStateAction<NewAction> {
    switch self.type {
    case let .send(action):
      return .send(transform(action))
    #if canImport(SwiftUI)
      case let .animatedSend(action, animation):
        return .send(transform(action), animation: animation)
    #endif
    }
  }

  /// The ways a button can deliver its action. Not meant to be used directly: build values with
  /// ``ButtonStateAction/send(_:)``.
  public enum _ActionType {
    case send(Action?)
    #if canImport(SwiftUI)
      case animatedSend(Action?, animation: Animation?)
    #endif
  }
}

/// The semantic role of a ``ButtonState``, mirroring `SwiftUI.ButtonRole`.
///
/// ```swift
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
public enum ButtonStateRole: Hashable, Sendable {
  /// A button that cancels the alert or dialog without doing anything.
  case cancel

  /// A button that deletes data or does something else that can't be undone.
  case destructive
}

/// Builds the list of buttons of an ``AlertState`` or ``ConfirmationDialogState``, with `if`,
/// `if`/`else`, `switch` and `for` available.
///
/// ```swift
/// AlertState {
///   TextState("Remove \(items.count) items?")
/// } actions: {
///   for item in items {
///     ButtonState(action: .remove(item.id)) { TextState("Only \(item.name)") }
///   }
///   if items.count > 1 {
///     ButtonState(role: .destructive, action: .removeAll) { TextState("All") }
///   }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>]
  {
    component
  }

  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  public static func buildLimitedAvailability(
    _ component: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    component
  }
}

// MARK: - Conformances

extension ButtonStateAction._ActionType: Equatable where Action: Equatable {}

extension ButtonStateAction._ActionType: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .send(action):
      hasher.combine(0)
      hasher.combine(action)
    #if canImport(SwiftUI)
      // Animations are not hashable; leaving them out keeps hashing consistent with `==`.
      case let .animatedSend(action, _):
        hasher.combine(1)
        hasher.combine(action)
    #endif
    }
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.role)
    hasher.combine(self.action)
    hasher.combine(self.label)
  }
}

extension ButtonStateAction._ActionType: Sendable where Action: Sendable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  /// Dumps as `ButtonState(role:action:label:)`, leaving out the identity and an absent role.
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role = self.role {
      children.append(("role", role))
    }
    children.append(("action", self.action))
    children.append(("label", self.label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension ButtonStateAction: CustomDumpReflectable {
  /// Dumps as `.send(action)`, or `.send(action, animation: …)` for animated actions.
  public var customDumpMirror: Mirror {
    switch self.type {
    case let .send(action):
      return Mirror(self, children: ["send": action as Any], displayStyle: .enum)
    #if canImport(SwiftUI)
      case let .animatedSend(action, animation):
        return Mirror(
          self, children: ["send": (action, animation: animation)], displayStyle: .enum
        )
    #endif
    }
  }
}

// MARK: - SwiftUI

#if canImport(SwiftUI)
  extension ButtonRole {
    /// The SwiftUI role for a ``ButtonStateRole``.
    ///
    /// ```swift
    /// Button(role: button.role.map(ButtonRole.init)) { … }
    /// ```
    public init(_ role: ButtonStateRole) {
      switch role {
      case .cancel:
        self = .cancel
      case .destructive:
        self = .destructive
      }
    }
  }

  extension Button where Label == Text {
    /// Creates a SwiftUI button from ``ButtonState``, handing its action to `action` when tapped.
    ///
    /// ```swift
    /// ForEach(alert.buttons) { button in
    ///   Button(button) { action in if let action { store.send(action) } }
    /// }
    /// ```
    @MainActor
    public init<Action>(_ button: ButtonState<Action>, action: @escaping (Action?) -> Void) {
      self.init(role: button.role.map(ButtonRole.init), action: { button.withAction(action) }) {
        Text(button.label)
      }
    }
  }
#endif
