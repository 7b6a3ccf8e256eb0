#if canImport(SwiftUI)
  import SwiftUI

  /// A view that observes a store through a ``ViewStore`` and builds its content from it: the way
  /// views read stores before observation.
  ///
  /// ```swift
  /// WithViewStore(store, observe: { $0 }) { viewStore in
  ///   Stepper("\(viewStore.count)", value: viewStore.binding(get: \.count, send: { .set($0) }))
  /// }
  /// ```
  ///
  /// Only where SwiftUI exists; elsewhere make a ``ViewStore`` and observe its `objectWillChange`.
  public struct WithViewStore<ViewState, ViewAction, Content: View>: View {
    @ObservedObject private var viewStore: ViewStore<ViewState, ViewAction>
    private let content: (ViewStore<ViewState, ViewAction>) -> Content

    /// Observes the view state `toViewState` derives, de-duplicated by `isDuplicate`.
    public init<State>(
      _ store: Store<State, ViewAction>,
      observe toViewState: @escaping (_ state: State) -> ViewState,
      removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool,
      @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content
    ) {
      self._viewStore = ObservedObject(
        wrappedValue: ViewStore(store, observe: toViewState, removeDuplicates: isDuplicate)
      )
      self.content = content
    }

    /// Observes a view state and sends view actions that `fromViewAction` embeds.
    public init<State, Action>(
      _ store: Store<State, Action>,
      observe toViewState: @escaping (_ state: State) -> ViewState,
      send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
      removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool,
      @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content
    ) {
      self._viewStore = ObservedObject(
        wrappedValue: ViewStore(
          store, observe: toViewState, send: fromViewAction, removeDuplicates: isDuplicate
        )
      )
      self.content = content
    }

    public var body: Content {
      self.content(self.viewStore)
    }
  }

  extension WithViewStore where ViewState: Equatable {
    /// Observes an equatable view state, de-duplicated with `==`.
    public init<State>(
      _ store: Store<State, ViewAction>,
      observe toViewState: @escaping (_ state: State) -> ViewState,
      @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content
    ) {
      self.init(store, observe: toViewState, removeDuplicates: ==, content: content)
    }

    /// Observes an equatable view state and sends view actions that `fromViewAction` embeds.
    public init<State, Action>(
      _ store: Store<State, Action>,
      observe toViewState: @escaping (_ state: State) -> ViewState,
      send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
      @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content
    ) {
      self.init(
        store, observe: toViewState, send: fromViewAction, removeDuplicates: ==, content: content
      )
    }

    /// Observes the whole state of a store, as `WithViewStore(store) { … }` did before `observe:`.
    @available(*, deprecated, message: "Say what the view observes: 'WithViewStore(store, observe: { $0 })'.")
    public init(
      _ store: Store<ViewState, ViewAction>,
      @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content
    ) {
      self.init(store, observe: { $0 }, removeDuplicates: ==, content: content)
    }
  }
#endif
