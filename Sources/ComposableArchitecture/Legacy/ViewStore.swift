#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
#if canImport(SwiftUI)
  import SwiftUI
#endif
import ConcurrencyExtras

/// A store's state seen through a view's eyes, from before observation: it holds the view state
/// derived from the store, tells its observers (`objectWillChange`) only when that view state
/// changes, and sends actions.
///
/// ```swift
/// let viewStore = ViewStore(store, observe: { $0 })
/// viewStore.send(.increment)
/// viewStore.count   // 1
/// let name = viewStore.binding(get: \.name, send: { .nameChanged($0) })
/// ```
///
/// Prefer `@ObservableState` and reading the store directly in new code.
@MainActor
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction>: ObservableObject {
  nonisolated(unsafe) public let objectWillChange = ObservableObjectPublisher()

  let store: Store<ViewState, ViewAction>
  private let isDuplicate: (ViewState, ViewState) -> Bool
  private let subject: StateRelay<ViewState>

  /// A view store that observes the view state `toViewState` derives from the store's state, and
  /// notifies only when `isDuplicate` says it changed.
  ///
  /// ```swift
  /// let viewStore = ViewStore(store, observe: \.count, removeDuplicates: ==)
  /// ```
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// A view store that observes a view state and sends view actions, which `fromViewAction`
  /// turns into the store's actions.
  ///
  /// ```swift
  /// ViewStore(store, observe: ViewState.init, send: Feature.Action.view, removeDuplicates: ==)
  /// ```
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.store = Store(
      core: ClosureScopedCore(base: store.core, toState: toViewState, fromAction: fromViewAction)
    )
    self.isDuplicate = isDuplicate
    self.subject = StateRelay(self.store.withState { $0 })
    self.store.core.observe(self) { [weak self] in
      self?.stateDidChange()
    }
    // TCA's view store subscribes to its store with a publisher that replays the current state,
    // which it derives and then drops. Its scope and observe closures therefore run twice when a
    // view store is made; code that counts their calls (TCA's own tests do) sees the same here.
    _ = self.store.withState { $0 }
  }

  private func stateDidChange() {
    let newState = self.store.withState { $0 }
    guard !self.isDuplicate(self.subject.value, newState) else { return }
    self.objectWillChange.send()
    self.subject.value = newState
  }

  /// The current view state.
  public var state: ViewState {
    self.subject.value
  }

  /// A publisher of the view state: the current one, then each change.
  ///
  /// ```swift
  /// viewStore.publisher.count.sink { print($0) }
  /// ```
  public var publisher: StorePublisher<ViewState> {
    StorePublisher(self.subject.eraseToAnyPublisher(), owner: self)
  }

  /// Reads a property of the view state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    self.state[keyPath: keyPath]
  }

  /// Sends an action to the store.
  ///
  /// ```swift
  /// viewStore.send(.increment)
  /// ```
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    self.store.send(action)
  }

  /// Sends an action, then waits while the view state satisfies `predicate`, as a
  /// pull-to-refresh waits for loading to end.
  ///
  /// ```swift
  /// await viewStore.send(.refresh, while: \.isLoading)
  /// ```
  public func send(_ action: ViewAction, while predicate: @escaping (_ state: ViewState) -> Bool) async {
    let task = self.send(action)
    await withTaskCancellationHandler {
      await self.yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Waits while the view state satisfies `predicate`.
  ///
  /// ```swift
  /// await viewStore.yield(while: \.isLoading)
  /// ```
  public func yield(while predicate: @escaping (_ state: ViewState) -> Bool) async {
    guard predicate(self.state) else { return }
    let waiter = LockIsolated(Waiter.waiting(nil))
    var cancellable: AnyCancellable?
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isWaiting = waiter.withValue { waiter -> Bool in
          guard case .waiting = waiter else { return false }
          waiter = .waiting(continuation)
          return true
        }
        // Cancelled before the wait began: don't wait.
        guard isWaiting else {
          continuation.resume()
          return
        }
        if Task.isCancelled {
          waiter.withValue { $0.resume() }
          return
        }
        cancellable = self.subject
          .filter { !predicate($0) }
          .prefix(1)
          .sink { _ in waiter.withValue { $0.resume() } }
      }
    } onCancel: {
      waiter.withValue { $0.resume() }
    }
    cancellable?.cancel()
  }

  /// A wait that ends once: when the predicate fails or the task is cancelled.
  private enum Waiter {
    case waiting(CheckedContinuation<Void, Never>?)
    case done

    mutating func resume() {
      if case let .waiting(continuation) = self {
        continuation?.resume()
      }
      self = .done
    }
  }

  /// A binding that reads a value derived from the view state and sends an action for each write.
  ///
  /// ```swift
  /// let stepCount = viewStore.binding(get: \.stepCount, send: Action.stepCountChanged)
  /// stepCount.wrappedValue = 3   // sends .stepCountChanged(3)
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send valueToAction: @escaping (_ value: Value) -> ViewAction
  ) -> Binding<Value> {
    Binding(
      get: { get(self.state) },
      set: { newValue in
        // A write to state that is gone (a sheet being dismissed) is dropped.
        guard self.store.core.stateExists else { return }
        _ = self.send(valueToAction(newValue))
      }
    )
  }

  /// A binding that reads a value derived from the view state and sends the same action for
  /// every write.
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send action: ViewAction
  ) -> Binding<Value> {
    self.binding(get: get, send: { _ in action })
  }

  /// A binding to the whole view state that sends an action for each write.
  public func binding(
    send valueToAction: @escaping (_ state: ViewState) -> ViewAction
  ) -> Binding<ViewState> {
    self.binding(get: { $0 }, send: valueToAction)
  }

  /// A binding to the whole view state that sends the same action for every write.
  public func binding(send action: ViewAction) -> Binding<ViewState> {
    self.binding(send: { _ in action })
  }

  /// A binding to a field of the view state whose writes send binding actions, as forms did
  /// before `@BindingState`.
  ///
  /// ```swift
  /// viewStore.binding(keyPath: \.displayName, send: SettingsAction.binding)
  /// ```
  public func binding<Value: Equatable & Sendable>(
    keyPath: WritableKeyPath<ViewState, Value>,
    send action: @escaping (_ bindingAction: BindingAction<ViewState>) -> ViewAction
  ) -> Binding<Value> {
    Binding(
      get: { self.state[keyPath: keyPath] },
      set: { newValue in self.store.sendBinding(keyPath, newValue, embed: action) }
    )
  }
}

extension ViewStore where ViewState: Equatable {
  /// A view store that notifies when the view state changes, compared with `==`.
  ///
  /// ```swift
  /// let viewStore = ViewStore(store, observe: { $0 })
  /// ```
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState
  ) {
    self.init(store, observe: toViewState, removeDuplicates: ==)
  }

  /// A view store of an equatable view state that sends view actions.
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: ==)
  }

  /// A view store of the whole state of a store, as view stores were made before `observe:`.
  ///
  /// ```swift
  /// let viewStore = ViewStore(store)
  /// ```
  @available(*, deprecated, message: "Say what the view observes: 'ViewStore(store, observe: { $0 })'.")
  public convenience init(_ store: Store<ViewState, ViewAction>) {
    self.init(store, observe: { $0 }, removeDuplicates: ==)
  }
}

/// A view store of a reducer's domain.
public typealias ViewStoreOf<R: Reducer> = ViewStore<R.State, R.Action>
