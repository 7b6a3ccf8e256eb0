import ComposableArchitecture

/// Form controls bound to state through `BindingReducer` (seed 004): a text field, a toggle that
/// disables the other controls, a stepper for the slider's maximum, and a slider the reducer keeps
/// at or below that maximum.
///
/// ```swift
/// let store = Store(initialState: BindingsBasics.State()) { BindingsBasics() }
/// store.send(.binding(.set(\.stepCount, 3)))  // store.sliderValue is now at most 3
/// ```
@Reducer
public struct BindingsBasics {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var sliderValue = 5.0
    public var stepCount = 10
    public var text = ""
    public var isToggleOn = false

    public init(
      sliderValue: Double = 5, stepCount: Int = 10, text: String = "", isToggleOn: Bool = false
    ) {
      self.sliderValue = sliderValue
      self.stepCount = stepCount
      self.text = text
      self.isToggleOn = isToggleOn
    }

    /// The text shown back to the user, reversed, so that each keystroke visibly goes through
    /// the store.
    public var echo: String { String(self.text.reversed()) }

    /// Whether the stepper, slider and text field accept input: they are locked while the toggle
    /// is on.
    public var areControlsEnabled: Bool { !self.isToggleOn }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  /// The stepper's range, as the view offers it.
  public static let stepRange = 0...20

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.stepCount):
        state.stepCount = min(
          max(state.stepCount, Self.stepRange.lowerBound), Self.stepRange.upperBound)
        state.sliderValue = min(state.sliderValue, Double(state.stepCount))
        return .none
      case .binding(\.sliderValue):
        state.sliderValue = min(max(state.sliderValue, 0), Double(state.stepCount))
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}
