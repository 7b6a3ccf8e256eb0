@_spi(Internals) import ComposableArchitecture
import Testing

@MainActor
@Suite("StackState.PathView and Component")
struct StackPathViewTests {
  typealias Path = StackState<StackDetail.State>.PathView
  typealias Component = StackState<StackDetail.State>.Component

  func stack(_ titles: String...) -> StackState<StackDetail.State> {
    StackState(titles.map { StackDetail.State(title: $0) })
  }

  @Test func componentsCompareAndHashByIDOnly() {
    let a = Component(id: 0, element: StackDetail.State(title: "A"))
    let changed = Component(id: 0, element: StackDetail.State(title: "A", saved: true))
    let other = Component(id: 1, element: StackDetail.State(title: "A"))
    #expect(a == changed)
    #expect(a != other)
    #expect(Set([a, changed, other]).count == 2)
  }

  @Test func pathReadsElementsWithTheirIDs() {
    let state = self.stack("A", "B", "C")
    let path = state.path
    #expect(path.count == 3)
    #expect(path.map(\.id) == Array(state.ids))
    #expect(path.map(\.element.title) == ["A", "B", "C"])
    #expect(path[1].element.title == "B")
  }

  @Test func removingComponentsRemovesTheirElements() {
    var state = self.stack("A", "B", "C")
    let ids = state.ids
    state.path.removeLast()
    #expect(state.ids == [ids[0], ids[1]])
    state.path.remove(at: 0)
    #expect(state.ids == [ids[1]])
    #expect(state.map(\.title) == ["B"])
  }

  @Test func insertedComponentsKeepTheirIDs() {
    var state = self.stack("A")
    let first = state.ids[0]
    state.path.append(Component(id: 42, element: StackDetail.State(title: "Z")))
    state.path.insert(Component(id: 7, element: StackDetail.State(title: "Y")), at: 0)
    #expect(state.ids == [7, first, 42])
    #expect(state.map(\.title) == ["Y", "A", "Z"])
  }

  @Test func settingAComponentChangesTheElementOrReplacesIt() {
    var state = self.stack("A", "B")
    let firstID = state.ids[0]
    state.path[0] = Component(id: firstID, element: StackDetail.State(title: "A2"))
    #expect(state.ids[0] == firstID)
    #expect(state[id: firstID]?.title == "A2")

    state.path[1] = Component(id: 9, element: StackDetail.State(title: "N"))
    #expect(state.ids == [firstID, 9])
    #expect(state[id: 9]?.title == "N")
  }

  @Test func swappingAndReversingKeepEveryComponent() {
    var state = self.stack("A", "B", "C")
    let ids = state.ids
    state.path.swapAt(0, 2)
    #expect(state.ids == [ids[2], ids[1], ids[0]])
    state.path.reverse()
    #expect(state.ids == ids)
    #expect(state.map(\.title) == ["A", "B", "C"])
  }

  @Test func insertingAnIDThePathHasMovesThatElement() {
    var state = self.stack("A", "B", "C")
    let ids = state.ids
    let top = state.path[2]
    state.path.insert(top, at: 0)
    #expect(state.ids == [ids[2], ids[0], ids[1]])
    #expect(state.count == 3)
  }

  @Test func settingAShorterPathThatDiffersEarlierPopsFromTheDifference() {
    let store = Store(initialState: StackRoot.State(path: self.stack("A", "B", "C"))) {
      StackRoot()
    }
    @Dependency(\.stackElementID) var stackElementID
    let ids = store.withState(\.path.ids)
    let pathStore = store.scope(state: \.path, action: \.path)
    var path = pathStore.withState(\.path)
    // Keep A, replace B and C with a new screen.
    path.removeLast(2)
    let replacement = stackElementID.next()
    path.append(Component(id: replacement, element: StackDetail.State(title: "D")))
    pathStore.setPath(path)
    #expect(store.withState(\.path.ids) == [ids[0], replacement])
    #expect(store.withState { $0.path.map(\.title) } == ["A", "D"])
  }

  @Test func anEmptyPathIsEmpty() {
    #expect(Path().isEmpty)
    var state = self.stack("A", "B")
    state.path = Path()
    #expect(state.isEmpty)
  }

  @Test func settingALongerPathOnTheStorePushes() {
    // A renderer names new screens with the generator the stack's reducer checks pushes against.
    @Dependency(\.stackElementID) var stackElementID
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    let pathStore = store.scope(state: \.path, action: \.path)
    var path = pathStore.withState(\.path)
    let first = stackElementID.next()
    let second = stackElementID.next()
    path.append(Component(id: first, element: StackDetail.State(title: "Pushed")))
    path.append(Component(id: second, element: StackDetail.State(title: "Pushed too")))
    pathStore.setPath(path)
    #expect(store.withState(\.path.ids) == [first, second])
    #expect(store.withState { $0.path.map(\.title) } == ["Pushed", "Pushed too"])
  }

  @Test func settingAShorterPathOnTheStorePopsFromTheFirstMissingElement() {
    let store = Store(initialState: StackRoot.State(path: self.stack("A", "B", "C"))) {
      StackRoot()
    }
    let ids = store.withState(\.path.ids)
    let pathStore = store.scope(state: \.path, action: \.path)
    var path = pathStore.withState(\.path)
    path.removeLast(2)
    pathStore.setPath(path)
    #expect(store.withState(\.path.ids) == [ids[0]])
  }

  @Test func unrelatedCaseOfAnElementIsReportedAndLeftAlone() {
    var state = StackState<EnumElement>([.first(1), .second("x")])
    let ids = state.ids
    withKnownIssue {
      state[id: ids[0], case: \.second] = "changed"
    } matching: { issue in
      issue.description.contains("Can't modify unrelated case: the element ")
        && issue.description.contains(
          #"is "StackPathViewTests.EnumElement.first", not the case "StackPathViewTests.EnumElement.second"."#
        )
    }
    #expect(state[id: ids[0]] == .first(1))
    state[id: ids[1], case: \.second] = "changed"
    #expect(state[id: ids[1]] == .second("changed"))
  }

  @CasePathable
  enum EnumElement: Equatable {
    case first(Int)
    case second(String)
  }
}
