import IdentifiedCollections

extension RangeReplaceableCollection {
  /// A shared value for each element of a shared identified collection, in order: each reads and
  /// writes its element in the collection, found by its id.
  ///
  /// ```swift
  /// @Shared(.inMemory("todos")) var todos: IdentifiedArrayOf<Todo> = []
  /// for $todo in Array($todos) {
  ///   $todo.withLock { $0.isDone = true }
  /// }
  /// ```
  public init<Value: _MutableIdentifiedCollection>(
    _ shared: Shared<Value>
  ) where Element == Shared<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let value = shared.wrappedValue
    self.reserveCapacity(value.count)
    for id in value.ids {
      // Present: the id was just read from the collection.
      if let element = Shared(shared[id: id]) { self.append(element) }
    }
  }

  /// A read-only shared value for each element of a shared identified collection, in order.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("todos")) var todos: IdentifiedArrayOf<Todo> = []
  /// let titles = Array($todos).map(\.wrappedValue.title)
  /// ```
  public init<Value: _IdentifiedCollection>(
    _ shared: SharedReader<Value>
  ) where Element == SharedReader<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let value = shared.wrappedValue
    self.reserveCapacity(value.count)
    for id in value.ids {
      if let element = SharedReader(shared[id: id]) { self.append(element) }
    }
  }
}
