import ComposableArchitecture
import Testing

// Seed 004: bindings. "Bindings-Basics" derives bindings from a view store with
// `viewStore.binding(get:send:)`, one action per control; "Bindings-Forms" sends one
// `BindingAction` for every control through `viewStore.binding(keyPath:send:)`, applies it with
// `.binding(action:)`, and reacts to one field with `case .binding(\.stepCount):`.
// A binding never writes the state itself: it sends an action.

// MARK: - Bindings-Basics

struct Seed004BindingBasicsState: Equatable {
  var sliderValue = 5.0
  var stepCount = 10
  var text = ""
  var toggleIsOn = false
}

enum Seed004BindingBasicsAction: Equatable, Sendable {
  case sliderValueChanged(Double)
  case stepCountChanged(Int)
  case textChanged(String)
  case toggleChanged(isOn: Bool)
}

struct Seed004BindingBasicsEnvironment {}

let seed004BindingBasicsReducer = AnyReducer<
  Seed004BindingBasicsState, Seed004BindingBasicsAction, Seed004BindingBasicsEnvironment
> {
  state, action, _ in
  switch action {
  case let .sliderValueChanged(value):
    state.sliderValue = value
    return .none

  case let .stepCountChanged(count):
    state.sliderValue = .minimum(state.sliderValue, Double(count))
    state.stepCount = count
    return .none

  case let .textChanged(text):
    state.text = text
    return .none

  case let .toggleChanged(isOn):
    state.toggleIsOn = isOn
    return .none
  }
}

// MARK: - Bindings-Forms

struct Seed004BindingFormState: Equatable {
  var sliderValue = 5.0
  var stepCount = 10
  var text = ""
  var toggleIsOn = false
}

enum Seed004BindingFormAction: Equatable, Sendable {
  case binding(BindingAction<Seed004BindingFormState>)
  case resetButtonTapped
}

struct Seed004BindingFormEnvironment {}

let seed004BindingFormReducer = AnyReducer<Seed004BindingFormState, Seed004BindingFormAction, Seed004BindingFormEnvironment> {
  state, action, _ in
  switch action {
  case .binding(\.stepCount):
    state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
    return .none

  case .binding:
    return .none

  case .resetButtonTapped:
    state = .init()
    return .none
  }
}
.binding(action: /Seed004BindingFormAction.binding)

// MARK: - Tests

@MainActor
@Suite("Seed 004: Bindings")
struct Seed004BindingsTests {
  // MARK: Basics

  @Test func basicsDefaults() {
    let state = Seed004BindingBasicsState()
    #expect(state.sliderValue == 5)
    #expect(state.stepCount == 10)
    #expect(state.text == "")
    #expect(state.toggleIsOn == false)
  }

  @Test func basicsStepCountClampsTheSlider() async {
    let store = TestStore(
      initialState: Seed004BindingBasicsState(),
      reducer: seed004BindingBasicsReducer,
      environment: Seed004BindingBasicsEnvironment()
    )
    await store.send(.stepCountChanged(3)) {
      $0.sliderValue = 3
      $0.stepCount = 3
    }
    await store.send(.sliderValueChanged(2.5)) {
      $0.sliderValue = 2.5
    }
    // Raising the step count never raises the slider.
    await store.send(.stepCountChanged(20)) {
      $0.stepCount = 20
    }
    await store.send(.textChanged("Hello")) {
      $0.text = "Hello"
    }
    await store.send(.toggleChanged(isOn: true)) {
      $0.toggleIsOn = true
    }
  }

  @Test func basicsBindingsGetSendActions() {
    let store = Store(
      initialState: Seed004BindingBasicsState(),
      reducer: seed004BindingBasicsReducer,
      environment: Seed004BindingBasicsEnvironment()
    )
    let viewStore = ViewStore(store, observe: { $0 })

    let stepCount = viewStore.binding(
      get: \.stepCount, send: Seed004BindingBasicsAction.stepCountChanged
    )
    let sliderValue = viewStore.binding(
      get: \.sliderValue, send: Seed004BindingBasicsAction.sliderValueChanged
    )
    let toggleIsOn = viewStore.binding(
      get: \.toggleIsOn, send: { Seed004BindingBasicsAction.toggleChanged(isOn: $0) }
    )
    #expect(stepCount.wrappedValue == 10)
    #expect(sliderValue.wrappedValue == 5)

    stepCount.wrappedValue = 3
    #expect(store.withState(\.stepCount) == 3)
    #expect(store.withState(\.sliderValue) == 3)
    #expect(sliderValue.wrappedValue == 3)
    #expect(viewStore.stepCount == 3)

    sliderValue.wrappedValue = 1.5
    #expect(store.withState(\.sliderValue) == 1.5)

    stepCount.wrappedValue = 50
    #expect(viewStore.stepCount == 50)
    #expect(viewStore.sliderValue == 1.5)

    toggleIsOn.wrappedValue = true
    #expect(viewStore.toggleIsOn == true)
  }

  // MARK: Forms

  @Test func formsStepCountClampsTheSlider() async {
    let store = TestStore(
      initialState: Seed004BindingFormState(),
      reducer: seed004BindingFormReducer,
      environment: Seed004BindingFormEnvironment()
    )
    await store.send(.binding(.set(\.stepCount, 3))) {
      $0.sliderValue = 3
      $0.stepCount = 3
    }
    await store.send(.binding(.set(\.sliderValue, 2.5))) {
      $0.sliderValue = 2.5
    }
    await store.send(.binding(.set(\.stepCount, 20))) {
      $0.stepCount = 20
    }
    await store.send(.binding(.set(\.text, "Hello"))) {
      $0.text = "Hello"
    }
    await store.send(.binding(.set(\.toggleIsOn, true))) {
      $0.toggleIsOn = true
    }
    await store.send(.resetButtonTapped) {
      $0 = Seed004BindingFormState()
    }
  }

  @Test func formsSliderWritesAreNotClamped() async {
    let store = TestStore(
      initialState: Seed004BindingFormState(),
      reducer: seed004BindingFormReducer,
      environment: Seed004BindingFormEnvironment()
    )
    // Only the step count reacts: the slider keeps what it is given.
    await store.send(.binding(.set(\.sliderValue, 42))) {
      $0.sliderValue = 42
    }
    await store.send(.binding(.set(\.stepCount, 10))) {
      $0.sliderValue = 10
    }
  }

  @Test func formsBindingsKeyPathSendBindingActions() {
    let store = Store(
      initialState: Seed004BindingFormState(),
      reducer: seed004BindingFormReducer,
      environment: Seed004BindingFormEnvironment()
    )
    let viewStore = ViewStore(store, observe: { $0 })

    let stepCount = viewStore.binding(keyPath: \.stepCount, send: Seed004BindingFormAction.binding)
    let sliderValue = viewStore.binding(
      keyPath: \.sliderValue, send: Seed004BindingFormAction.binding
    )
    let text = viewStore.binding(keyPath: \.text, send: Seed004BindingFormAction.binding)
    #expect(stepCount.wrappedValue == 10)
    #expect(sliderValue.wrappedValue == 5)

    stepCount.wrappedValue = 3
    #expect(store.withState(\.stepCount) == 3)
    #expect(store.withState(\.sliderValue) == 3)
    #expect(sliderValue.wrappedValue == 3)

    sliderValue.wrappedValue = 2
    #expect(viewStore.sliderValue == 2)

    stepCount.wrappedValue = 100
    #expect(viewStore.stepCount == 100)
    #expect(viewStore.sliderValue == 2)

    text.wrappedValue = "Blob"
    #expect(viewStore.text == "Blob")

    viewStore.send(.resetButtonTapped)
    let stateAfterReset = store.withState { $0 }
    #expect(stateAfterReset == Seed004BindingFormState())
    #expect(stepCount.wrappedValue == 10)
  }

  @Test func bindingPatternMatchesTheWrittenField() {
    func touchesStepCount(_ action: Seed004BindingFormAction) -> Bool {
      switch action {
      case .binding(\.stepCount): return true
      case .binding: return false
      case .resetButtonTapped: return false
      }
    }
    #expect(touchesStepCount(.binding(.set(\.stepCount, 1))))
    #expect(!touchesStepCount(.binding(.set(\.sliderValue, 1))))
    #expect(!touchesStepCount(.resetButtonTapped))
  }
}
