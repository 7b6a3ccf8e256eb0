@_spi(Internals) @testable import ComposableArchitecture
import Testing

/// The registry behind cancellation IDs: work is registered under its ID at the end of its
/// navigation path, found from any step of that path, and forgotten, with the steps nothing else
/// needs, when it ends.
struct CancellationRegistryTests {
  private struct Flame: Hashable, Sendable {}
  private enum Burner: Hashable, Sendable { case front, back }

  private let store = NavigationID()
  private let sheet = NavigationID(kind: "sheet")
  private let row = NavigationID(kind: "row", identifier: 7)

  @Test func workIsFoundFromEveryStepOfItsPathAndNowhereElse() {
    let registry = CancellablesCollection()
    let token = CancelToken()
    let path = NavigationIDPath(path: [self.store, self.sheet])
    registry.insert(token, at: _CancelID(id: Flame(), navigationIDPath: path))

    #expect(registry.tokens(at: _CancelID(id: Flame(), navigationIDPath: NavigationIDPath())).count == 1)
    #expect(registry.tokens(at: _CancelID(id: Flame(), navigationIDPath: NavigationIDPath(path: [self.store]))).count == 1)
    #expect(registry.exists(at: _CancelID(id: Flame(), navigationIDPath: path)))
    // Below the feature that made it, and beside it, it is not there.
    #expect(!registry.exists(at: _CancelID(id: Flame(), navigationIDPath: path.appending(self.row))))
    #expect(!registry.exists(at: _CancelID(id: Flame(), navigationIDPath: NavigationIDPath(path: [self.store, self.row]))))
    // Another ID at the same place is another registration.
    #expect(!registry.exists(at: _CancelID(id: Burner.front, navigationIDPath: path)))
    #expect(registry.count == 3)
  }

  @Test func removingTheLastWorkForgetsEveryStepOfItsPath() {
    let registry = CancellablesCollection()
    let first = CancelToken()
    let second = CancelToken()
    let deep = NavigationIDPath(path: [self.store, self.sheet, self.row])
    let shallow = NavigationIDPath(path: [self.store])
    registry.insert(first, at: _CancelID(id: Flame(), navigationIDPath: deep))
    registry.insert(second, at: _CancelID(id: Flame(), navigationIDPath: shallow))
    #expect(registry.count == 4)

    registry.remove(first, at: _CancelID(id: Flame(), navigationIDPath: deep))
    // The steps the shallow registration shares stay; the deeper ones go.
    #expect(registry.count == 2)
    #expect(registry.tokens(at: _CancelID(id: Flame(), navigationIDPath: shallow)).count == 1)
    #expect(!registry.exists(at: _CancelID(id: Flame(), navigationIDPath: deep)))

    registry.remove(second, at: _CancelID(id: Flame(), navigationIDPath: shallow))
    #expect(registry.count == 0)
    #expect(registry.tokens(at: _CancelID(id: Flame(), navigationIDPath: NavigationIDPath())).isEmpty)
  }

  @Test func idsAreComparedByValueNotByWhereTheyWereMade() {
    #expect(NavigationID(kind: "row", identifier: 7) == self.row)
    #expect(NavigationID(kind: "row", identifier: 8) != self.row)
    #expect(NavigationID(kind: "row", identifier: 7).hashValue == self.row.hashValue)
    // Each root store's ID is its own.
    #expect(NavigationID() != NavigationID())

    #expect(ErasedID(Flame()) == ErasedID(Flame()))
    #expect(ErasedID(Burner.front) != ErasedID(Burner.back))
    #expect(ErasedID(Flame()) != ErasedID(Burner.front))
    // An ID wrapped in `AnyHashableSendable` is the ID it wraps.
    #expect(ErasedID(AnyHashableSendable(Flame())) == ErasedID(Flame()))
    #expect(ErasedID(AnyHashableSendable(Flame())).hashValue == ErasedID(Flame()).hashValue)
  }

  @Test func aParentWrappingItsChildsEffectDoesNotRegisterItAgain() {
    let child = NavigationIDPath(path: [self.store, self.sheet])
    let parent = NavigationIDPath(path: [self.store])
    let effect = Effect<Int>.run { _ in }
      ._cancellable(navigationIDPath: child)
      ._cancellable(navigationIDPath: parent)
    #expect(effect.runs.count == 1)
    // The child's registration already reaches the parent's step.
    #expect(effect.runs[0].cancellations.map(\.key.navigationIDPath) == [child])

    let other = Effect<Int>.run { _ in }
      ._cancellable(id: Flame(), navigationIDPath: child)
      ._cancellable(navigationIDPath: parent)
    #expect(other.runs[0].cancellations.count == 2)
  }

  private struct Holder { var child: Any }
  private struct Plain {}
  private struct Row: Identifiable { let id: Int }

  @Test func childrenOfATypeWithoutIdentityShareOneIDAndOthersKeepTheirs() {
    let plainIDs = ChildNavigationIDs<Plain>(path: \Holder.child)
    let first = plainIDs.id(of: Plain())
    // The same ID each time, compared by identity first.
    #expect(plainIDs.id(of: Plain()) == first)

    let rowIDs = ChildNavigationIDs<Row>(path: \Holder.child)
    #expect(rowIDs.id(of: Row(id: 1)) != rowIDs.id(of: Row(id: 2)))
    #expect(rowIDs.id(of: Row(id: 1)) == rowIDs.id(of: Row(id: 1)))

    // A child held as `Any` may be of any type: a first child without identity doesn't make
    // later ones share its ID.
    let anyIDs = ChildNavigationIDs<Any>(path: \Holder.child)
    let plain = anyIDs.id(of: Plain())
    let one = anyIDs.id(of: Row(id: 1))
    let two = anyIDs.id(of: Row(id: 2))
    #expect(one != two)
    #expect(plain != one)
  }
}
