#if canImport(SwiftUI)
  import SwiftUI
#endif

/// An action enum with a nested case for the actions a view sends.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case response(Int)
///   enum View { case refreshButtonTapped }
/// }
/// ```
///
/// Together with ``ViewActionSending`` (which `@ViewAction(for:)` adds to a view), a view writes
/// `send(.refreshButtonTapped)` for `store.send(.view(.refreshButtonTapped))`.
public protocol ViewAction<ViewAction> {
  /// The actions a view can send.
  associatedtype ViewAction

  /// Embeds a view action.
  static func view(_ action: ViewAction) -> Self
}

/// A type holding a ``Store`` whose action is a ``ViewAction``, so that it can send view actions
/// directly.
///
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureView {
///   let store: StoreOf<Feature>
///   func refresh() { send(.refreshButtonTapped) }
/// }
/// ```
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The store's state.
  associatedtype StoreState
  /// The store's action.
  associatedtype StoreAction: ViewAction
  /// The store that receives the view actions.
  @MainActor @preconcurrency var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store, embedded with `.view(_:)`.
  ///
  /// ```swift
  /// send(.saveButtonTapped)   // store.send(.view(.saveButtonTapped))
  /// ```
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    self.store.send(.view(action))
  }

  #if canImport(SwiftUI)
    /// Sends a view action to the store with an animation.
    @MainActor
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
      self.store.send(.view(action), animation: animation)
    }

    /// Sends a view action to the store with a transaction.
    @MainActor
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, transaction: Transaction) -> StoreTask {
      self.store.send(.view(action), transaction: transaction)
    }
  #endif
}
