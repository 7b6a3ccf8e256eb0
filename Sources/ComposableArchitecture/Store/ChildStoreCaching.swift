import IssueReporting

// Which stores can cache the stores scoped from them. A store scoped with closures cannot: it
// is made anew each time the parent scopes, so the children it would cache are lost with it, and
// views observing them see a different store on every update. Neither can any store derived from
// such a store.

extension RootCore {
  @usableFromInline var canStoreCacheChildren: Bool { true }
}

extension ScopedCore {
  var canStoreCacheChildren: Bool { self.base.canStoreCacheChildren }
}

extension IfLetCore {
  var canStoreCacheChildren: Bool { self.base.canStoreCacheChildren }
}

extension ElementCore {
  var canStoreCacheChildren: Bool { self.base.canStoreCacheChildren }
}

extension ClosureScopedCore {
  var canStoreCacheChildren: Bool { false }
}

extension Store {
  /// Reports scoping a child store for observation from a store that cannot cache it.
  func reportUncachedScope(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard !self.core.canStoreCacheChildren else { return }
    reportIssue(
      """
      A child store was scoped from '\(storeTypeName(of: self))', which cannot keep the stores \
      scoped from it, so observing them will not work.

      That store, or one it was derived from, was scoped with closures, as in \
      "store.scope(state: { $0.child }, action: { .child($0) })". Scope with a key path and a \
      case key path instead: "store.scope(state: \\.child, action: \\.child)".
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The stores a store has scoped, by the key paths they were scoped with.
///
/// The first few are kept in a list and found by comparing key paths, which costs a fraction of
/// hashing them (a case key path literal is a new object at every call, so its hash is computed
/// anew each time, while a comparison with the kept one stops early); past that, in a dictionary,
/// as the stores of a list's elements are. Not generic, so that finding a store looks up no type
/// metadata.
struct ChildStores {
  /// A scope's key paths, erased.
  struct Key: Hashable {
    let state: AnyKeyPath
    let action: AnyKeyPath
  }

  private var few: [(key: Key, store: AnyObject)] = []
  private var many: [Key: AnyObject]?

  /// How many stores are kept in the list before they move to a dictionary.
  static var listLimit: Int { 8 }

  init() {}

  subscript<State, Action>(id: ScopeID<State, Action>) -> AnyObject? {
    get { self[Key(state: id.state, action: id.action)] }
    set { self[Key(state: id.state, action: id.action)] = newValue }
  }

  subscript(key: Key) -> AnyObject? {
    get {
      if let many = self.many { return many[key] }
      for entry in self.few where entry.key == key { return entry.store }
      return nil
    }
    set {
      if self.many != nil {
        self.many![key] = newValue
        return
      }
      if let index = self.few.firstIndex(where: { $0.key == key }) {
        if let newValue {
          self.few[index].store = newValue
        } else {
          self.few.remove(at: index)
        }
        return
      }
      guard let newValue else { return }
      guard self.few.count >= Self.listLimit else {
        self.few.append((key, newValue))
        return
      }
      var many = [Key: AnyObject](minimumCapacity: self.few.count * 2)
      for entry in self.few { many[entry.key] = entry.store }
      many[key] = newValue
      self.many = many
      self.few = []
    }
  }
}
