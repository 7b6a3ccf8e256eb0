import CustomDump
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A confirmation dialog (action sheet) described as data: a title, whether to show it, an
/// optional message and the buttons the user can pick, each of which can send an `Action`.
///
/// It is used exactly like ``AlertState``: keep it optional in state with `@Presents`, build it in
/// the reducer, handle its actions through `PresentationAction`.
///
/// ```swift
/// case .moreButtonTapped:
///   state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///     TextState("Photo")
///   } actions: {
///     ButtonState(action: .share) { TextState("Share") }
///     ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   } message: {
///     TextState("Taken \(photo.date.formatted())")
///   }
///   return .none
/// ```
///
/// Dialogs compare equal when their title, title visibility, message and buttons are equal;
/// ``id`` is ignored. A dialog is ephemeral (``_EphemeralState``): picking any of its buttons
/// dismisses it.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A unique identity for the dialog, fresh for every dialog created and kept by ``map(_:)``.
  public let id: UUID

  /// The dialog's buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// The text under the title, if any.
  public var message: TextState?

  /// The dialog's title.
  public var title: TextState

  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  init(
    id: UUID,
    buttons: [ButtonState<Action>],
    message: TextState?,
    title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility
  ) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
    self.titleVisibility = titleVisibility
  }

  /// Creates a dialog with an explicit title visibility.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .visible) {
  ///   TextState("Sign out?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .signOut) { TextState("Sign out") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The dialog's title.
  ///   - actions: The dialog's buttons; none by default.
  ///   - message: The text under the title; none by default.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      id: UUID(),
      buttons: actions(),
      message: message?(),
      title: title(),
      titleVisibility: titleVisibility
    )
  }

  /// Creates a dialog whose title visibility is left to the platform (`.automatic`).
  ///
  /// ```swift
  /// ConfirmationDialogState {
  ///   TextState("Sign out?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .signOut) { TextState("Sign out") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - actions: The dialog's buttons; none by default.
  ///   - message: The text under the title; none by default.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(titleVisibility: .automatic, title: title, actions: actions, message: message)
  }

  /// Transforms the actions of every button, keeping the dialog's identity, title, visibility
  /// and message.
  ///
  /// ```swift
  /// let parentDialog = childDialog.map { $0.map(ParentAction.Dialog.child) }
  /// ```
  ///
  /// - Parameter transform: Turns a button's optional action into a new optional action.
  /// - Returns: The same dialog over the new action type.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: self.id,
      buttons: self.buttons.map { $0.map(transform) },
      message: self.message,
      title: self.title,
      titleVisibility: self.titleVisibility
    )
  }
}

/// Whether a confirmation dialog shows its title, mirroring `SwiftUI.Visibility`.
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .hidden) { TextState("Options") }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The platform decides.
  case automatic

  /// The title is not shown.
  case hidden

  /// The title is shown.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title
      && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message
      && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.titleVisibility)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomDumpReflectable {
  /// Dumps in the shape of ``init(titleVisibility:title:actions:message:)``: `titleVisibility`
  /// unless it is `.automatic`, `title`, then `actions` and `message` when present. The identity
  /// is left out.
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if self.titleVisibility != .automatic {
      children.append(("titleVisibility", self.titleVisibility))
    }
    children.append(("title", self.title))
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

#if canImport(SwiftUI)
  extension Visibility {
    /// The SwiftUI visibility for a ``ConfirmationDialogStateTitleVisibility``.
    ///
    /// ```swift
    /// .confirmationDialog(…, titleVisibility: Visibility(dialog.titleVisibility)) { … }
    /// ```
    public init(_ visibility: ConfirmationDialogStateTitleVisibility) {
      switch visibility {
      case .automatic:
        self = .automatic
      case .hidden:
        self = .hidden
      case .visible:
        self = .visible
      }
    }
  }
#endif
