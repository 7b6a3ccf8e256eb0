import ComposableArchitecture
import Foundation
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

struct SheetChild: Reducer {
  struct State: Equatable {
    var count = 0
    var isPresented: Bool?
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case closeButtonTapped
    case checkPresentation
    case startTimer
    case tick
  }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      case .checkPresentation:
        state.isPresented = self.isPresented
        return .none
      case .startTimer:
        return .run { send in
          try await Task.never()
          await send(.tick)
        }
      case .tick:
        return .none
      }
    }
  }
}

struct SheetParent: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: SheetChild.State?
    var lastChildCount: Int?
  }
  @CasePathable
  enum Action: Equatable {
    case sheet(PresentationAction<SheetChild.Action>)
    case openButtonTapped
    case closeFromParent
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openButtonTapped:
        state.sheet = SheetChild.State()
        return .none
      case .closeFromParent:
        state.sheet = nil
        return .none
      case .sheet(.presented(.increment)):
        state.lastChildCount = state.sheet?.count
        return .none
      case .sheet:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) {
      SheetChild()
    }
  }
}

@MainActor
@Suite("Presentation: ifLet with PresentationState")
struct PresentationReducerTests {
  @Test func destinationRunsBeforeParent() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.openButtonTapped) {
      $0.sheet = SheetChild.State()
    }
    await store.send(\.sheet.increment) {
      $0.sheet?.count = 1
      $0.lastChildCount = 1
    }
    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
    }
  }

  @Test func childDismissesItself() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.openButtonTapped) {
      $0.sheet = SheetChild.State()
    }
    await store.send(\.sheet.closeButtonTapped)
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
    }
  }

  @Test func dismissalCancelsTheChildsEffects() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.openButtonTapped) {
      $0.sheet = SheetChild.State()
    }
    let timer = await store.send(\.sheet.startTimer)
    await store.send(.closeFromParent) {
      $0.sheet = nil
    }
    // The child's timer never ends by itself: finishing means dismissal cancelled it.
    await timer.finish()
  }

  @Test func presentedChildKnowsItIsPresented() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.openButtonTapped) {
      $0.sheet = SheetChild.State()
    }
    await store.send(\.sheet.checkPresentation) {
      $0.sheet?.isPresented = true
    }
  }

  @Test func rootFeatureIsNotPresented() async {
    // A root store presents nothing. (A root test store is different: its feature can dismiss
    // the test store, so there it counts as presented.)
    let store = Store(initialState: SheetChild.State()) { SheetChild() }
    store.send(.checkPresentation)
    #expect(store.withState(\.isPresented) == false)
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let store = Store(initialState: SheetChild.State()) { SheetChild() }
    await withKnownIssue {
      await store.send(.closeButtonTapped).finish()
    } matching: {
      $0.description.contains("A reducer requested dismissal at")
        && $0.description.contains("but couldn't be dismissed")
    }
  }

  @Test func presentationActionWhileAbsentIsReported() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await withKnownIssue {
      await store.send(\.sheet.increment)
    } matching: {
      $0.description.contains(
        "received a presentation action when destination state was absent"
      )
    }
  }

  @Test func theLiveStoreDismissesToo() async {
    let store = Store(initialState: SheetParent.State()) { SheetParent() }
    store.send(.openButtonTapped)
    #expect(store.withState(\.sheet) != nil)
    await store.send(.sheet(.presented(.closeButtonTapped))).finish()
    await eventually { store.withState(\.sheet) == nil }
    #expect(store.withState(\.sheet) == nil)
  }
}

@Suite("PresentationState and PresentationAction")
struct PresentationStateTests {
  @CasePathable
  enum Destination: Equatable {
    case detail(Int)
    case settings(String)
  }

  @Test func propertyWrapperAndProjection() {
    var state = PresentationState<Int>(wrappedValue: nil)
    #expect(state.wrappedValue == nil)
    state.wrappedValue = 3
    let copy = state
    state.wrappedValue = 4
    #expect(copy.wrappedValue == 3)
    #expect(state.projectedValue.wrappedValue == 4)
  }

  @Test func caseSubscript() {
    var state = PresentationState<Destination>(wrappedValue: .detail(1))
    #expect(state[case: \.detail] == 1)
    #expect(state[case: \.settings] == nil)
    state[case: \.detail]? += 1
    #expect(state.wrappedValue == .detail(2))
    #expect(state.detail.wrappedValue == 2)
  }

  @Test func modifyingAnUnrelatedCaseIsReported() {
    var state = PresentationState<Destination>(wrappedValue: .detail(1))
    withKnownIssue {
      state[case: \.settings] = "x"
    } matching: {
      $0.description.contains("Can't modify unrelated case: the presented state is ")
        && $0.description.contains("Destination.detail\", not the case ")
        && $0.description.contains("Destination.settings\" that was written to.")
    }
    #expect(state.wrappedValue == .detail(1))
  }

  @Test func codableAsTheOptional() throws {
    let state = PresentationState<Int>(wrappedValue: 5)
    let data = try JSONEncoder().encode(state)
    #expect(String(decoding: data, as: UTF8.self) == "5")
    #expect(try JSONDecoder().decode(PresentationState<Int>.self, from: data) == state)
    let empty = try JSONEncoder().encode(PresentationState<Int>(wrappedValue: nil))
    #expect(String(decoding: empty, as: UTF8.self) == "null")
  }

  @Test func actionCasePathsSkipPresented() {
    let path: CaseKeyPath<SheetParent.Action, Void> = \.sheet.increment
    #expect(path(()) == .sheet(.presented(.increment)))
    #expect(SheetParent.Action.sheet(.presented(.increment))[case: path] != nil)
    #expect(SheetParent.Action.sheet(.dismiss)[case: path] == nil)
    #expect(SheetParent.Action.sheet(.dismiss)[case: \.sheet.dismiss] != nil)
  }
}
