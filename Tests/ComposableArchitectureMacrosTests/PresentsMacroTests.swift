import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["Presents": PresentsMacro.self]))
struct PresentsMacroTests {
  @Test func optionalProperty() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, _$isIdentityEqual)
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.projectedValue, newValue, _$isIdentityEqual)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(presentation: \Self.destination, &_destination)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.destination, presentation: snapshot) {
                $0._destination
              }
            }
            yield &_destination
          }
        }

        @ObservationStateIgnored private var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func publicPropertyKeepsItsAccessOnTheProjection() {
    assertMacro {
      """
      public struct State {
        @Presents public var alert: AlertState<Alert>?
      }
      """
    } expansion: {
      #"""
      public struct State {
        public var alert: AlertState<Alert>? {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.wrappedValue, newValue, _$isIdentityEqual)
          }
        }

        public var $alert: ComposableArchitecture.PresentationState<AlertState<Alert>> {
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.projectedValue, newValue, _$isIdentityEqual)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(presentation: \Self.alert, &_alert)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.alert, presentation: snapshot) {
                $0._alert
              }
            }
            yield &_alert
          }
        }

        @ObservationStateIgnored private var _alert = ComposableArchitecture.PresentationState<AlertState<Alert>>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func optionalSpelledOut() {
    assertMacro {
      """
      struct State {
        @Presents var child: Optional<Child.State>
      }
      """
    } expansion: {
      #"""
      struct State {
        var child: Optional<Child.State> {
          @storageRestrictions(initializes: _child)
          init(initialValue) {
            _child = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.child)
            return _child.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.child, &_child.wrappedValue, newValue, _$isIdentityEqual)
          }
        }

        var $child: ComposableArchitecture.PresentationState<Child.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.child)
            return _child.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.child, &_child.projectedValue, newValue, _$isIdentityEqual)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(presentation: \Self.child, &_child)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.child, presentation: snapshot) {
                $0._child
              }
            }
            yield &_child
          }
        }

        @ObservationStateIgnored private var _child = ComposableArchitecture.PresentationState<Child.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func missingOptionalTypeIsAnError() {
    assertMacro {
      """
      struct State {
        @Presents var child = Child.State()
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var child = Child.State()
        ┬────────
        ╰─ 🛑 '@Presents' requires an explicit optional type annotation, like 'var destination: Destination.State?'
      }
      """
    }
  }
}
