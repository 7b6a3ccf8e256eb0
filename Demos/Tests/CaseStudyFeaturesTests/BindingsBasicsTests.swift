import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct BindingsBasicsTests {
  @Test func textAndToggleAreSetByBindings() async {
    let store = TestStore(initialState: BindingsBasics.State()) {
      BindingsBasics()
    }
    await store.send(.binding(.set(\.text, "Hello"))) {
      $0.text = "Hello"
    }
    #expect(store.state.echo == "olleH")
    await store.send(.binding(.set(\.isToggleOn, true))) {
      $0.isToggleOn = true
    }
    #expect(!store.state.areControlsEnabled)
  }

  @Test func loweringTheStepperPullsTheSliderDown() async {
    let store = TestStore(initialState: BindingsBasics.State(sliderValue: 8, stepCount: 10)) {
      BindingsBasics()
    }
    await store.send(.binding(.set(\.stepCount, 6))) {
      $0.stepCount = 6
      $0.sliderValue = 6
    }
    await store.send(.binding(.set(\.stepCount, 9))) {
      $0.stepCount = 9
    }
  }

  @Test func sliderCannotPassTheStepperMaximum() async {
    let store = TestStore(initialState: BindingsBasics.State(sliderValue: 2, stepCount: 4)) {
      BindingsBasics()
    }
    await store.send(.binding(.set(\.sliderValue, 3.5))) {
      $0.sliderValue = 3.5
    }
    await store.send(.binding(.set(\.sliderValue, 12))) {
      $0.sliderValue = 4
    }
    await store.send(.binding(.set(\.sliderValue, -1))) {
      $0.sliderValue = 0
    }
  }

  @Test func stepperIsClampedToItsRange() async {
    let store = TestStore(initialState: BindingsBasics.State(sliderValue: 5, stepCount: 10)) {
      BindingsBasics()
    }
    await store.send(.binding(.set(\.stepCount, 50))) {
      $0.stepCount = 20
    }
    await store.send(.binding(.set(\.stepCount, -3))) {
      $0.stepCount = 0
      $0.sliderValue = 0
    }
  }

  @Test func resetRestoresTheDefaults() async {
    let store = TestStore(
      initialState: BindingsBasics.State(sliderValue: 1, stepCount: 2, text: "x", isToggleOn: true)
    ) {
      BindingsBasics()
    }
    await store.send(.resetButtonTapped) {
      $0 = BindingsBasics.State()
    }
  }
}
