import ComposableArchitecture
import Testing

// A file with several `@Reducer` types side by side, as TCA's own macro tests declare them: a
// feature struct with nothing in it, enum reducers over it (several cases of the same feature,
// an alert-only enum, an empty enum), public ones inside a private namespace. Swift 6.3 crashed
// type-checking such a file when the enums' generated `State` and `Action` got their conformances
// through nested macro extensions; compiling this file is the test.
private enum ManyReducers {
  @Reducer
  struct Tile {}

  @Reducer
  enum Board {
    case topLeft(Tile)
    case topRight(Tile)
    case bottomLeft(Tile)
    case bottomRight(Tile)
  }

  @Reducer
  public enum Warning {
    case alert(AlertState<Never>)
  }

  @Reducer
  public enum Nothing {}

  @Reducer
  enum Panel {
    case tile(Tile)
    case alert(AlertState<Never>)
  }

  @Reducer
  enum Sidebar {
    case tile(Tile)
    @ReducerCaseIgnored
    case note(String)
  }

  @Reducer
  public enum Unused {}
}

@MainActor
@Suite("Many @Reducer declarations in one file")
struct ReducerMacroManyDeclarationsTests {
  @Test func theEnumReducersWork() async {
    let store = Store(initialState: ManyReducers.Board.State.topRight(.init())) {
      ManyReducers.Board.body
    }
    guard case .topRight = store.case else {
      Issue.record("Expected the top right tile of the board")
      return
    }
    #expect(ManyReducers.Panel.State.tile(.init()).is(\.tile))
    let sidebar = ManyReducers.Sidebar.State.note("Hello")
    #expect(sidebar.is(\.note))
    #expect(ManyReducers.Warning.State.alert(AlertState { TextState("Careful") }).is(\.alert))
  }
}
