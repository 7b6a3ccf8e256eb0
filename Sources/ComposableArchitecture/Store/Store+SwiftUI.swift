#if canImport(SwiftUI)
  import SwiftUI

  extension Store {
    /// Sends an action to the store with an animation.
    ///
    /// ```swift
    /// store.send(.toggleButtonTapped, animation: .default)
    /// ```
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      self.send(action, transaction: Transaction(animation: animation))
    }

    /// Sends an action to the store with a transaction.
    @discardableResult
    public func send(_ action: Action, transaction: Transaction) -> StoreTask {
      withTransaction(transaction) {
        self.send(action)
      }
    }
  }
#endif
