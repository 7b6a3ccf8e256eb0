import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    [
      "Perceptible": MacroSpec(
        type: PerceptibleMacro.self, conformances: ["Perceptible", "Observable"]
      ),
      "PerceptionTracked": MacroSpec(type: PerceptionTrackedMacro.self),
      "PerceptionIgnored": MacroSpec(type: PerceptionIgnoredMacro.self),
    ]
  )
)
struct PerceptibleMacroTests {
  @Test func classTracksStoredVarsOnly() {
    assertMacro {
      """
      @Perceptible
      final class Lamp {
        let id: Int
        var isOn = false
        var label: String
        var isDim: Bool { !isOn }
        static var count = 0
        lazy var cache: [Int] = []
        @PerceptionIgnored var toggles = 0
      }
      """
    } expansion: {
      #"""
      final class Lamp {
        let id: Int
        var isOn {
          @storageRestrictions(initializes: _isOn)
          init(initialValue) {
            _isOn = initialValue
          }
          get {
            access(keyPath: \.isOn)
            return _isOn
          }
          set {
            guard shouldNotifyObservers(_isOn, newValue) else {
              _isOn = newValue
              return
            }
            withMutation(keyPath: \.isOn) {
              _isOn = newValue
            }
          }
          _modify {
            access(keyPath: \.isOn)
            _$perceptionRegistrar.willSet(self, keyPath: \.isOn)
            defer {
              _$perceptionRegistrar.didSet(self, keyPath: \.isOn)
            }
            yield &_isOn
          }
        }

        private var _isOn = false
        var label: String {
          @storageRestrictions(initializes: _label)
          init(initialValue) {
            _label = initialValue
          }
          get {
            access(keyPath: \.label)
            return _label
          }
          set {
            guard shouldNotifyObservers(_label, newValue) else {
              _label = newValue
              return
            }
            withMutation(keyPath: \.label) {
              _label = newValue
            }
          }
          _modify {
            access(keyPath: \.label)
            _$perceptionRegistrar.willSet(self, keyPath: \.label)
            defer {
              _$perceptionRegistrar.didSet(self, keyPath: \.label)
            }
            yield &_label
          }
        }

        private var _label: String
        var isDim: Bool { !isOn }
        static var count = 0
        lazy var cache: [Int] = []
        var toggles = 0

        private let _$perceptionRegistrar = Perception.PerceptionRegistrar()

        internal nonisolated func access<__Member>(keyPath: KeyPath<Lamp, __Member>) {
          _$perceptionRegistrar.access(self, keyPath: keyPath)
        }

        internal nonisolated func withMutation<__Member, __MutationResult>(
          keyPath: KeyPath<Lamp, __Member>,
          _ mutation: () throws -> __MutationResult
        ) rethrows -> __MutationResult {
          try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
        }

        private nonisolated func shouldNotifyObservers<__Member>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable & AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }
      }

      extension Lamp: Perception.Perceptible, Observation.Observable {
      }
      """#
    }
  }

  @Test func propertyObserversMoveToTheStorage() {
    assertMacro {
      """
      @Perceptible
      class Journal {
        var pages: [String] = [] {
          didSet { print(oldValue) }
        }
      }
      """
    } expansion: {
      #"""
      class Journal {
        var pages: [String] {
          didSet { print(oldValue) }
          @storageRestrictions(initializes: _pages)
          init(initialValue) {
            _pages = initialValue
          }

          get {
            access(keyPath: \.pages)
            return _pages
          }

          set {
            guard shouldNotifyObservers(_pages, newValue) else {
              _pages = newValue
              return
            }
            withMutation(keyPath: \.pages) {
              _pages = newValue
            }
          }

          _modify {
            access(keyPath: \.pages)
            _$perceptionRegistrar.willSet(self, keyPath: \.pages)
            defer {
              _$perceptionRegistrar.didSet(self, keyPath: \.pages)
            }
            yield &_pages
          }
        }

        private var _pages: [String] = [] {
            didSet {
              print(oldValue)
            }
          }

        private let _$perceptionRegistrar = Perception.PerceptionRegistrar()

        internal nonisolated func access<__Member>(keyPath: KeyPath<Journal, __Member>) {
          _$perceptionRegistrar.access(self, keyPath: keyPath)
        }

        internal nonisolated func withMutation<__Member, __MutationResult>(
          keyPath: KeyPath<Journal, __Member>,
          _ mutation: () throws -> __MutationResult
        ) rethrows -> __MutationResult {
          try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
        }

        private nonisolated func shouldNotifyObservers<__Member>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable & AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }
      }

      extension Journal: Perception.Perceptible, Observation.Observable {
      }
      """#
    }
  }

  @Test func alreadyMarkedPropertiesAreLeftAsWritten() {
    assertMacro {
      """
      @Perceptible
      class Lamp {
        @ObservationIgnored var a = 0
        @PerceptionTracked var b = 0
      }
      """
    } expansion: {
      #"""
      class Lamp {
        @ObservationIgnored var a = 0
        var b {
          @storageRestrictions(initializes: _b)
          init(initialValue) {
            _b = initialValue
          }
          get {
            access(keyPath: \.b)
            return _b
          }
          set {
            guard shouldNotifyObservers(_b, newValue) else {
              _b = newValue
              return
            }
            withMutation(keyPath: \.b) {
              _b = newValue
            }
          }
          _modify {
            access(keyPath: \.b)
            _$perceptionRegistrar.willSet(self, keyPath: \.b)
            defer {
              _$perceptionRegistrar.didSet(self, keyPath: \.b)
            }
            yield &_b
          }
        }

        private var _b = 0

        private let _$perceptionRegistrar = Perception.PerceptionRegistrar()

        internal nonisolated func access<__Member>(keyPath: KeyPath<Lamp, __Member>) {
          _$perceptionRegistrar.access(self, keyPath: keyPath)
        }

        internal nonisolated func withMutation<__Member, __MutationResult>(
          keyPath: KeyPath<Lamp, __Member>,
          _ mutation: () throws -> __MutationResult
        ) rethrows -> __MutationResult {
          try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
        }

        private nonisolated func shouldNotifyObservers<__Member>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__Member: Equatable & AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
          lhs != rhs
        }
      }

      extension Lamp: Perception.Perceptible, Observation.Observable {
      }
      """#
    }
  }

  @Test(.macros(["Perceptible": MacroSpec(type: PerceptibleMacro.self, conformances: [])]))
  func aClassThatAlreadyConformsGetsNoExtension() {
    assertMacro {
      """
      @Perceptible
      final class Lamp: Perceptible {
      }
      """
    } expansion: {
      """
      final class Lamp: Perceptible {

          @PerceptionIgnored private let _$perceptionRegistrar = Perception.PerceptionRegistrar()

          internal nonisolated func access<__Member>(keyPath: KeyPath<Lamp, __Member>) {
            _$perceptionRegistrar.access(self, keyPath: keyPath)
          }

          internal nonisolated func withMutation<__Member, __MutationResult>(
            keyPath: KeyPath<Lamp, __Member>,
            _ mutation: () throws -> __MutationResult
          ) rethrows -> __MutationResult {
            try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
          }

          private nonisolated func shouldNotifyObservers<__Member>(_ lhs: __Member, _ rhs: __Member) -> Bool {
            true
          }

          private nonisolated func shouldNotifyObservers<__Member: Equatable>(_ lhs: __Member, _ rhs: __Member) -> Bool {
            lhs != rhs
          }

          private nonisolated func shouldNotifyObservers<__Member: AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
            lhs !== rhs
          }

          private nonisolated func shouldNotifyObservers<__Member: Equatable & AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
            lhs != rhs
          }
      }
      """
    }
  }

  @Test func structsAreRejected() {
    assertMacro {
      """
      @Perceptible
      struct Lamp {
        var isOn = false
      }
      """
    } diagnostics: {
      """
      @Perceptible
      ┬───────────
      ╰─ 🛑 '@Perceptible' applies to classes only; 'Lamp' is a struct
      struct Lamp {
        var isOn = false
      }
      """
    }
  }

  @Test func actorsAreRejected() {
    assertMacro {
      """
      @Perceptible
      actor Lamp {
        var isOn = false
      }
      """
    } diagnostics: {
      """
      @Perceptible
      ┬───────────
      ╰─ 🛑 '@Perceptible' applies to classes only; 'Lamp' is an actor
      actor Lamp {
        var isOn = false
      }
      """
    }
  }
}
