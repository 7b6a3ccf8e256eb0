import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["Reducer": ReducerMacro.self]))
struct EnumReducerMacroTests {
  @Test func featureCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        case settings(Settings)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        case settings(Settings)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          case settings(Settings.State)
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          case settings(Settings.Action)
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
            .ifCaseLet(\Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
              Settings()
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case settings(ComposableArchitecture.StoreOf<Settings>)

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
            var settings: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Settings>> {
              CasePaths.AnyCasePath(
                embed: {
              .settings($0)
            },
                extract: {
                  guard case let .settings(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .settings:
            return .settings(store.scope(state: \.settings, action: \.settings)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func ephemeralAndIgnoredCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case empty
        case meeting(Meeting, attendees: [String])
        @ReducerCaseIgnored
        case note(Note)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)
        @ReducerCaseEphemeral
        case dialog(ConfirmationDialogState<Dialog>)
        @ReducerCaseIgnored
        case empty
        @ReducerCaseIgnored
        case meeting(Meeting, attendees: [String])
        @ReducerCaseIgnored
        case note(Note)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case empty
          case meeting(Meeting, attendees: [String])
          case note(Note)
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          case alert(Alert)
          case dialog(Dialog)
          case empty(Swift.Never)
          case meeting(Swift.Never)
          case note(Swift.Never)
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case alert(ComposableArchitecture.Store<AlertState<Alert>, Alert>)
          case dialog(ComposableArchitecture.Store<ConfirmationDialogState<Dialog>, Dialog>)
          case empty
          case meeting(Meeting, attendees: [String])
          case note(Note)

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
            var alert: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<AlertState<Alert>, Alert>> {
              CasePaths.AnyCasePath(
                embed: {
              .alert($0)
            },
                extract: {
                  guard case let .alert(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
            var dialog: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<ConfirmationDialogState<Dialog>, Dialog>> {
              CasePaths.AnyCasePath(
                embed: {
              .dialog($0)
            },
                extract: {
                  guard case let .dialog(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
            var empty: CasePaths.AnyCasePath<CaseScope, Void> {
              CasePaths.AnyCasePath(
                embed: {
              .empty
            },
                extract: {
                  guard case .empty = $0 else {
                return nil
              }
                  return ()
                }
              )
            }
            var meeting: CasePaths.AnyCasePath<CaseScope, (Meeting, [String])> {
              CasePaths.AnyCasePath(
                embed: {
              .meeting($0.0, attendees: $0.1)
            },
                extract: {
                  guard case let .meeting(v0, v1) = $0 else {
                return nil
              }
                  return (v0, v1)
                }
              )
            }
            var note: CasePaths.AnyCasePath<CaseScope, Note> {
              CasePaths.AnyCasePath(
                embed: {
              .note($0)
            },
                extract: {
                  guard case let .note(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .alert:
            return .alert(store.scope(state: \.alert, action: \.alert)!)
          case .dialog:
            return .dialog(store.scope(state: \.dialog, action: \.dialog)!)
          case .empty:
            return .empty
          case let .meeting(v0, v1):
            return .meeting(v0, attendees: v1)
          case let .note(v0):
            return .note(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func defaultArgumentIsTheReducer() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail = Detail(context: "sheet"))
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail = Detail(context: "sheet"))

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          typealias StateReducer = Destination
          case detail(Detail.State)
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail(context: "sheet")
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func publicEnum() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          public typealias StateReducer = Destination
          case detail(Detail.State)
        }

        @CasePathable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
        }

        public typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        @dynamicMemberLookup
        public enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)

          public struct AllCasePaths {
            public var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func conditionalCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if DEBUG
          case debug(DebugMenu)
        #else
          case about(About)
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        #if DEBUG
          case debug(DebugMenu)
        #else
          case about(About)
        #endif

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          #if DEBUG
          case debug(DebugMenu.State)
          #else
          case about(About.State)
          #endif
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          #if DEBUG
          case debug(DebugMenu.Action)
          #else
          case about(About.Action)
          #endif
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
            #if DEBUG
            .ifCaseLet(\Self.State.Cases.debug, action: \Self.Action.Cases.debug) {
              DebugMenu()
            }
            #else
            .ifCaseLet(\Self.State.Cases.about, action: \Self.Action.Cases.about) {
              About()
            }
            #endif
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          #if DEBUG
          case debug(ComposableArchitecture.StoreOf<DebugMenu>)
          #else
          case about(ComposableArchitecture.StoreOf<About>)
          #endif

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
            #if DEBUG
            var debug: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<DebugMenu>> {
              CasePaths.AnyCasePath(
                embed: {
              .debug($0)
            },
                extract: {
                  guard case let .debug(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
            #else
            var about: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<About>> {
              CasePaths.AnyCasePath(
                embed: {
              .about($0)
            },
                extract: {
                  guard case let .about(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
            #endif
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          #if DEBUG
          case .debug:
            return .debug(store.scope(state: \.debug, action: \.debug)!)
          #else
          case .about:
            return .about(store.scope(state: \.about, action: \.about)!)
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func userDeclaredActionKeepsItsCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)

        @CasePathable
        enum Action {
          case detail(Detail.Action)
          case alert(Alert)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)

        @CasePathable
        enum Action {
          case detail(Detail.Action)
          case alert(Alert)
        }

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          typealias StateReducer = Destination
          case detail(Detail.State)
          case alert(AlertState<Alert>)
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case alert(ComposableArchitecture.Store<AlertState<Alert>, Alert>)

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
            var alert: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<AlertState<Alert>, Alert>> {
              CasePaths.AnyCasePath(
                embed: {
              .alert($0)
            },
                extract: {
                  guard case let .alert(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .alert:
            return .alert(store.scope(state: \.alert, action: \.alert)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func deprecatedConformanceArguments() {
    assertMacro {
      """
      @Reducer(state: .equatable, .hashable, action: .equatable, .sendable)
      enum Destination {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable, Equatable, Hashable {
          typealias StateReducer = Destination
          case detail(Detail.State)
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Sendable {
          case detail(Detail.Action)
        }

        typealias Body = ComposableArchitecture.Reduce<State, Action>

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableArchitecture.StoreOf<Detail>)

          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: {
              .detail($0)
            },
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
          }

          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func authorWrittenStaticBodyIsKept() {
    assertMacro {
      #"""
      @Reducer
      public enum Game {
        case lobby(Lobby)
        case match(Match)

        public static var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
            .ifCaseLet(\.lobby, action: \.lobby) { Lobby() }
            .ifCaseLet(\.match, action: \.match) { Match() }
        }
      }
      """#
    } expansion: {
      #"""
      public enum Game {
        case lobby(Lobby)
        case match(Match)

        public static var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
            .ifCaseLet(\.lobby, action: \.lobby) { Lobby() }
            .ifCaseLet(\.match, action: \.match) { Match() }
        }

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
          public typealias StateReducer = Game
          case lobby(Lobby.State)
          case match(Match.State)
        }

        @CasePathable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case lobby(Lobby.Action)
          case match(Match.Action)
        }

        @dynamicMemberLookup
        public enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
          case lobby(ComposableArchitecture.StoreOf<Lobby>)
          case match(ComposableArchitecture.StoreOf<Match>)

          public struct AllCasePaths {
            public var lobby: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Lobby>> {
          CasePaths.AnyCasePath(
            embed: {
              .lobby($0)
            },
            extract: {
              guard case let .lobby(v0) = $0 else {
                return nil
              }
              return v0
            }
          )
            }
            public var match: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Match>> {
              CasePaths.AnyCasePath(
                embed: {
              .match($0)
            },
                extract: {
                  guard case let .match(v0) = $0 else {
                return nil
              }
                  return v0
                }
              )
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .lobby:
            return .lobby(store.scope(state: \.lobby, action: \.lobby)!)
          case .match:
            return .match(store.scope(state: \.match, action: \.match)!)
          }
        }
      }

      extension Game: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func emptyEnum() {
    assertMacro {
      """
      @Reducer
      enum Destination {
      }
      """
    } expansion: {
      """
      enum Destination {

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          enum State: ComposableArchitecture.CaseReducerState, CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture.ObservableState, Observation.Observable {
            typealias StateReducer = Destination

          }

          @CasePathable
          enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {

          }

          typealias Body = ComposableArchitecture.EmptyReducer<State, Action>

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: ComposableArchitecture.EmptyReducer<Self.State, Self.Action> {
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          }

          @dynamicMemberLookup
          enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {


            struct AllCasePaths {

            }

            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
            switch store.state {

            }
          }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }
}
