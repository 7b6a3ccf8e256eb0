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
