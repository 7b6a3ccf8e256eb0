/// The case studies in this module, with the title and one-line summary an index page shows.
///
/// ```swift
/// for study in CaseStudy.allCases {
///   print(study.title, "—", study.summary)
/// }
/// ```
public enum CaseStudy: String, CaseIterable, Sendable {
  case counter
  case twoCounters
  case bindingsBasics
  case settingsForm
  case favoriting
  case favoritePrimes
  case effectsBasics
  case effectsCancellation
  case timers
  case longLivingEffects
  case todos
  case search
  case navigationBasics
  case navigationStack
  case recursion
  case sharedStats

  /// The name of the case study.
  public var title: String {
    switch self {
    case .counter: return "Counter"
    case .twoCounters: return "Two counters"
    case .bindingsBasics: return "Bindings basics"
    case .settingsForm: return "Settings form"
    case .favoriting: return "Favoriting"
    case .favoritePrimes: return "Favorite primes"
    case .effectsBasics: return "Effects basics"
    case .effectsCancellation: return "Effect cancellation"
    case .timers: return "Timer"
    case .longLivingEffects: return "Long-living effect"
    case .todos: return "Todos"
    case .search: return "Search"
    case .navigationBasics: return "Alert, dialog and sheet"
    case .navigationStack: return "Navigation stack"
    case .recursion: return "Recursion"
    case .sharedStats: return "Shared state"
    }
  }

  /// What the case study shows, in one sentence.
  public var summary: String {
    switch self {
    case .counter:
      return "A number, two buttons, and a reducer that changes the number."
    case .twoCounters:
      return "Two counters composed into one feature with Scope."
    case .bindingsBasics:
      return "A text field, a toggle, a stepper and a slider the stepper caps, through bindings."
    case .settingsForm:
      return "A settings form whose notifications toggle asks for permission first."
    case .favoriting:
      return "A reusable favorite button whose requests can fail, cancel and roll back."
    case .favoritePrimes:
      return "A counter, an \"is this prime?\" sheet, and a shared list of favorite primes."
    case .effectsBasics:
      return "A number fact loaded by an effect, and a count that bounces back above zero."
    case .effectsCancellation:
      return "A slow request that a button or a new number cancels."
    case .timers:
      return "A stopwatch driven by a timer effect."
    case .longLivingEffects:
      return "An effect that listens for screenshot notifications while the screen is shown."
    case .todos:
      return "A to-do list with filters, deletion, and completed items sorted after a pause."
    case .search:
      return "Search as you type over a list of cities, debounced and cancellable."
    case .navigationBasics:
      return "An alert, a confirmation dialog, and a sheet whose timer stops on dismissal."
    case .navigationStack:
      return "Screens pushed onto a stack, each running its own feature."
    case .recursion:
      return "Rows that hold rows, to any depth, run by one reducer."
    case .sharedStats:
      return "Two tabs sharing counting statistics saved to a file, and a name kept in app storage."
    }
  }
}
