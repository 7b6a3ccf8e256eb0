import ComposableArchitecture

/// Three ways to present something, all driven by one optional destination: an alert whose
/// buttons change the count, a confirmation dialog, and a sheet running a ``Ticker`` whose timer
/// stops when the sheet is dismissed.
///
/// ```swift
/// let store = Store(initialState: NavigationBasics.State()) { NavigationBasics() }
/// store.send(.alertButtonTapped)  // store.destination is an alert
/// ```
@Reducer
public struct NavigationBasics {
  @Reducer
  public enum Destination {
    case alert(AlertState<Alert>)
    case confirmationDialog(ConfirmationDialogState<ConfirmationDialog>)
    case sheet(Ticker)

    @CasePathable
    public enum Alert: Equatable, Sendable {
      case incrementButtonTapped
      case resetButtonTapped
    }

    @CasePathable
    public enum ConfirmationDialog: Equatable, Sendable {
      case decrementButtonTapped
      case incrementButtonTapped
    }
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var count = 0
    @Presents public var destination: Destination.State?
    /// The ticks the last sheet counted before it was dismissed.
    public var lastSheetTicks: Int?

    public init(count: Int = 0, destination: Destination.State? = nil) {
      self.count = count
      self.destination = destination
    }
  }

  public enum Action: Equatable, Sendable {
    case alertButtonTapped
    case confirmationDialogButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case sheetButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alertButtonTapped:
        state.destination = .alert(
          AlertState {
            TextState("The count is \(state.count).")
          } actions: {
            ButtonState(action: .incrementButtonTapped) {
              TextState("Add one")
            }
            ButtonState(role: .destructive, action: .resetButtonTapped) {
              TextState("Reset")
            }
            ButtonState(role: .cancel) {
              TextState("Cancel")
            }
          } message: {
            TextState("What should happen to it?")
          }
        )
        return .none

      case .confirmationDialogButtonTapped:
        let count = state.count
        state.destination = .confirmationDialog(
          ConfirmationDialogState(titleVisibility: .visible) {
            TextState("Change the count")
          } actions: {
            ButtonState(action: .incrementButtonTapped) {
              TextState("Add one")
            }
            ButtonState(action: .decrementButtonTapped) {
              TextState("Take one away")
            }
            ButtonState(role: .cancel) {
              TextState("Cancel")
            }
          } message: {
            TextState("The count is \(count).")
          }
        )
        return .none

      case .destination(.presented(.alert(.incrementButtonTapped))),
        .destination(.presented(.confirmationDialog(.incrementButtonTapped))):
        state.count += 1
        return .none

      case .destination(.presented(.alert(.resetButtonTapped))):
        state.count = 0
        return .none

      case .destination(.presented(.confirmationDialog(.decrementButtonTapped))):
        state.count -= 1
        return .none

      case .destination(.dismiss):
        if case .sheet(let ticker) = state.destination {
          state.lastSheetTicks = ticker.ticks
        }
        return .none

      case .destination:
        return .none

      case .sheetButtonTapped:
        state.destination = .sheet(Ticker.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension NavigationBasics.Destination.State: Equatable, Sendable {}
extension NavigationBasics.Destination.Action: Equatable, Sendable {}
