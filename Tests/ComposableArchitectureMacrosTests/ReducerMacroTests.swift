import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["Reducer": ReducerMacro.self]))
struct ReducerMacroTests {
  @Test func featureStruct() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func bodyWithConcreteTypesBuildsWithThoseTypes() {
    assertMacro {
      """
      @Reducer
      struct Tally {
        var body: some Reducer<Int, Bool> {
          Reduce { _, _ in .none }
        }
      }
      """
    } expansion: {
      """
      struct Tally {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          Reduce { _, _ in .none }
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }

      extension Tally: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func bareReducerBodyGetsNoBuilderAttribute() {
    assertMacro {
      """
      @Reducer
      struct Tally {
        typealias State = Int
        typealias Action = Bool
        var body: some Reducer {
          Reduce<Int, Bool> { _, _ in .none }
        }
      }
      """
    } expansion: {
      """
      struct Tally {
        typealias State = Int
        typealias Action = Bool
        var body: some Reducer {
          Reduce<Int, Bool> { _, _ in .none }
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }

      extension Tally: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func existingConformanceAndAttributesAreKept() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        @CasePathable
        enum State {
          case a
        }
        @CasePathable
        enum Action {
          case a
        }
        @ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        @CasePathable
        @dynamicMemberLookup
        enum State {
          case a
        }
        @CasePathable
        enum Action {
          case a
        }
        @ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }
      """
    }
  }

  @Test func enumStateGetsCasePathsAndDynamicMembers() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State {
          case loggedIn(LoggedIn.State)
        }
        enum Action {
          case loggedIn(LoggedIn.Action)
        }
        var body: some ComposableArchitecture.Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePathable @dynamicMemberLookup
        enum State {
          case loggedIn(LoggedIn.State)
        }
        @CasePathable
        enum Action {
          case loggedIn(LoggedIn.Action)
        }
        @ComposableArchitecture.ReducerBuilder<State, Action>
        var body: some ComposableArchitecture.Reducer<State, Action> {
          EmptyReducer()
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func emptyStructGetsEverything() {
    assertMacro {
      """
      @Reducer
      struct Feature {
      }
      """
    } expansion: {
      """
      struct Feature {

          @ComposableArchitecture.ObservableState
          struct State: Codable, Equatable, Hashable, Sendable, ComposableArchitecture.ObservableState, Observation.Observable {
            init() {
            }
          }

          enum Action: Equatable, Hashable, Sendable {
          }

          let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func accessLevelsAreCopied() {
    assertMacro {
      """
      @Reducer
      public struct Feature {
      }
      """
    } expansion: {
      """
      public struct Feature {

          @ComposableArchitecture.ObservableState
          public struct State: Codable, Equatable, Hashable, Sendable, ComposableArchitecture.ObservableState, Observation.Observable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
    assertMacro {
      """
      @Reducer
      package struct Feature {
      }
      """
    } expansion: {
      """
      package struct Feature {

          @ComposableArchitecture.ObservableState
          package struct State: Codable, Equatable, Hashable, Sendable, ComposableArchitecture.ObservableState, Observation.Observable {
            package init() {
            }
          }

          package enum Action: Equatable, Hashable, Sendable {
          }

          package let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func reduceMethodIsDeprecatedWithAFixIt() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          return .none
        }
      }
      """
    } diagnostics: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
             ┬─────
             ╰─ ⚠️ 'reduce(into:action:)' is deprecated: write 'var body: some ReducerOf<Self>' with a 'Reduce' instead
                ✏️ Use 'var body: some ReducerOf<Self>' with a 'Reduce'
          return .none
        }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            return .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            return .none
          }
        }

        func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func argumentsOnAStructAreAnError() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
               ┬────────────────
               ╰─ 🛑 Argument passed to call that takes no arguments when applied to a struct
      struct Feature {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    }
  }

  @Test func classIsAnError() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to struct or enum types
      class Feature {
      }
      """
    }
  }
}
