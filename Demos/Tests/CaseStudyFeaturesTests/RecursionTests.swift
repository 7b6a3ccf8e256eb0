import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct RecursionTests {
  @Test func rowsNestToAnyDepth() async {
    let store = TestStore(initialState: Nested.State(id: UUID(100), name: "Root")) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) {
      $0.rows = [Nested.State(id: UUID(0))]
    }
    await store.send(\.rows[id: UUID(0)].addRowButtonTapped) {
      $0.rows[id: UUID(0)]?.rows = [Nested.State(id: UUID(1))]
    }
    await store.send(\.rows[id: UUID(0)].rows[id: UUID(1)].addRowButtonTapped) {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.rows = [Nested.State(id: UUID(2))]
    }
    await store.send(\.rows[id: UUID(0)].rows[id: UUID(1)].rows[id: UUID(2)].binding.name, "Deep") {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.rows[id: UUID(2)]?.name = "Deep"
    }
    #expect(store.state.descendantCount == 3)
  }

  @Test func deletingARowTakesItsChildrenWithIt() async {
    let tree = Nested.State(
      id: UUID(100),
      rows: [
        Nested.State(id: UUID(1), name: "A", rows: [Nested.State(id: UUID(3), name: "A1")]),
        Nested.State(id: UUID(2), name: "B"),
      ]
    )
    let store = TestStore(initialState: tree) {
      Nested()
    }
    #expect(store.state.descendantCount == 3)
    await store.send(.deleteRows([0])) {
      $0.rows.remove(id: UUID(1))
    }
    #expect(store.state.descendantCount == 1)
  }

  @Test func deletingARowByIDDeletesItOnce() async {
    let tree = Nested.State(
      id: UUID(100),
      rows: [Nested.State(id: UUID(1), name: "A"), Nested.State(id: UUID(2), name: "B")]
    )
    let store = TestStore(initialState: tree) {
      Nested()
    }
    await store.send(.deleteRowButtonTapped(id: UUID(1))) {
      $0.rows.remove(id: UUID(1))
    }
    await store.send(.deleteRowButtonTapped(id: UUID(1)))
    #expect(store.state.rows.ids == [UUID(2)])
  }

  @Test func renamingTheRootKeepsTheRows() async {
    let store = TestStore(
      initialState: Nested.State(id: UUID(100), rows: [Nested.State(id: UUID(1))])
    ) {
      Nested()
    }
    await store.send(.binding(.set(\.name, "Top"))) {
      $0.name = "Top"
    }
  }
}
