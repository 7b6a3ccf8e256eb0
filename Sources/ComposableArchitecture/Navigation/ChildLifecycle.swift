import Dependencies
import Foundation
import IssueReporting
import OrderedCollections
import Sharing

/// The lifecycle a parent reducer gives the child features it embeds, shared by `ifLet`,
/// `ifCaseLet`, `forEach`, and their presentation and stack forms:
///
/// 1. A child action runs the child on its state where the parent holds it, under the child's
///    navigation path, so that every effect the child starts is cancellable as a whole.
/// 2. The parent runs, and may remove or replace children.
/// 3. Children whose identity is gone have their effects cancelled: compared around the parent
///    (`ifLet`, `ifCaseLet`, `forEach`), or with the children the reducer last saw (presentation
///    and stack, so that a child removed by another reducer is cancelled too).
/// 4. Presented children wait for their own `dismiss()` and tell the parent when it comes.
///
/// Each reducer supplies only where its children live and what its actions look like.
@usableFromInline
struct ChildLifecycle<ParentState, ParentAction> {
  /// The navigation path of the feature that runs the parent reducer.
  @usableFromInline let parentPath: NavigationIDPath
  @usableFromInline let site: ReducerSite

  @inlinable
  init(site: ReducerSite) {
    self.parentPath = .current
    self.site = site
  }

  /// The navigation path of the child with the given ID.
  @inlinable
  func path(for id: NavigationID) -> NavigationIDPath {
    self.parentPath.appending(id)
  }

  /// Runs a child reducer on its state, reached in place through `access`, with its effects
  /// embedded in the parent's actions and cancellable under `path`.
  ///
  /// Without a path (the parent holds no such child), the issue `missing` describes is reported
  /// and nothing runs. With a `dismissID`, the child is presented: its `@Dependency(\.dismiss)` cancels the wait
  /// that ``awaitDismissal(at:dismissID:then:)`` registered under the same ID and path.
  @inlinable
  func run<Child: Reducer>(
    _ child: Child,
    cache: ChildBodyCache<Child>? = nil,
    action: Child.Action,
    at path: NavigationIDPath?,
    dismissID: (any Hashable & Sendable)? = nil,
    in state: inout ParentState,
    access: (inout ParentState, (inout Child.State) -> Effect<Child.Action>) -> Effect<Child.Action>,
    embed: @escaping @Sendable (Child.Action) -> ParentAction,
    missing: (ParentState) -> String
  ) -> Effect<ParentAction> {
    guard let path else {
      self.reportMissingChild(missing(state))
      return .none
    }
    let effects = withDependencies {
      $0.navigationIDPath = path
      if let dismissID {
        $0.dismiss = DismissEffect { @MainActor in
          Task._cancel(id: dismissID, navigationIDPath: path)
        }
      }
    } operation: {
      access(&state) { childState in
        if let cache {
          cache.reduce(child, into: &childState, action: action)
        } else {
          child.reduce(into: &childState, action: action)
        }
      }
    }
    return effects.map(embed)._cancellable(navigationIDPath: path)
  }

  /// Runs the parent reducer, then cancels the effects of the children it removed or replaced.
  ///
  /// Returns the parent's effects with the cancellations, and the children's identities before
  /// and after the parent ran.
  @inlinable
  func runParent<Parent: Reducer<ParentState, ParentAction>, IDs: ChildIdentities>(
    _ parent: Parent,
    in state: inout ParentState,
    action: ParentAction,
    children: (ParentState) -> IDs,
    path: (IDs.Child) -> NavigationIDPath
  ) -> (effects: Effect<ParentAction>, before: IDs, after: IDs) {
    let before = children(state)
    let effects = parent.reduce(into: &state, action: action)
    let after = children(state)
    return (.merge(effects, self.cancel(before.removed(in: after).map(path))), before, after)
  }

  /// Cancels every effect the children at these paths started, and those of their own children.
  @inlinable
  func cancel(_ paths: some Sequence<NavigationIDPath>) -> Effect<ParentAction> {
    .merge(paths.map { ._cancel(navigationIDPath: $0) })
  }

  /// A run that lasts as long as the presented child at `path`: it sends `action` when the child
  /// dismisses itself, and is cancelled with the child's other effects when the parent removes
  /// it.
  ///
  /// The action is made only if the child dismisses itself.
  @inlinable
  func awaitDismissal(
    at path: NavigationIDPath,
    dismissID: some Hashable & Sendable,
    then action: @escaping @Sendable () -> ParentAction
  ) -> Effect<ParentAction> {
    ._waitForDismissal(navigationIDPath: path, dismissID: dismissID, then: action)
  }

  /// Reports a child action the parent has no child for, at the reducer's call site.
  @usableFromInline
  func reportMissingChild(_ message: String) {
    reportIssue(
      message,
      fileID: self.site.fileID,
      filePath: self.site.filePath,
      line: self.site.line,
      column: self.site.column
    )
  }
}

/// Where a navigation reducer was created, for the issues it reports.
@usableFromInline
struct ReducerSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// The identities of the children a parent holds at one moment.
@usableFromInline
protocol ChildIdentities {
  associatedtype Child
  /// The children held here that `later` no longer holds.
  func removed(in later: Self) -> [Child]
}

extension Optional: ChildIdentities where Wrapped: Equatable {
  @usableFromInline
  func removed(in later: Self) -> [Wrapped] {
    guard let self, self != later else { return [] }
    return [self]
  }
}

extension OrderedSet: ChildIdentities {
  @usableFromInline
  func removed(in later: Self) -> [Element] {
    self == later ? [] : Array(self.subtracting(later))
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the work registered under the ID at the given navigation path.
  @usableFromInline
  static func _cancel(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    CancellationRegistration(id: id, navigationIDPath: navigationIDPath).cancelInFlight()
  }
}
