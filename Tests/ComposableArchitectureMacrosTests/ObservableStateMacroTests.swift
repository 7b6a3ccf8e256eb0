import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

// The compiler passes the extension macro the conformances the type still lacks, as declared by
// `@attached(extension, conformances: Observable, ObservableState)`.
@Suite(
  .macros(
    [
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self,
        conformances: [
          TypeSyntax(IdentifierTypeSyntax(name: .identifier("Observable"))),
          TypeSyntax(IdentifierTypeSyntax(name: .identifier("ObservableState"))),
        ]
      ),
      "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
      "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
    ]
  )
)
struct ObservableStateMacroTests {
  @Test func typeThatAlreadyConformsGetsNoExtension() {
    assertMacro(["ObservableState": ObservableStateMacro.self]) {
      """
      @ObservableState
      enum State: ObservableState, Observable {
        case idle
      }
      """
    } expansion: {
      """
      enum State: ObservableState, Observable {
        case idle

        public var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case .idle:
            return ComposableArchitecture.ObservableStateID()._$tag(0)
          }
        }

        public mutating func _$willModify() {
          switch self {
          case .idle:
            break
          }
        }
      }
      """
    }
  }

  @Test func structTracksStoredVars() {
    assertMacro {
      """
      @ObservableState
      struct State {
        let id: Int
        var count = 0
        var name: String
        var isEven: Bool { count.isMultiple(of: 2) }
        static var shared = 0
        @ObservationStateIgnored var cache: [Int] = []
      }
      """
    } expansion: {
      #"""
      struct State {
        let id: Int
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, shouldNotifyObservers)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(keyPath: \Self.count, &_count)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.count, snapshot) {
                $0._count
              }
            }
            yield &_count
          }
        }

        private var _count = 0
        var name: String {
          @storageRestrictions(initializes: _name)
          init(initialValue) {
            _name = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.name)
            return _name
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.name, &_name, newValue, _$isIdentityEqual, shouldNotifyObservers)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(keyPath: \Self.name, &_name)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.name, snapshot) {
                $0._name
              }
            }
            yield &_name
          }
        }

        private var _name: String
        var isEven: Bool { count.isMultiple(of: 2) }
        static var shared = 0
        var cache: [Int] = []
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
          _$observationRegistrar
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
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

        public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == (\Self.count as AnyKeyPath) {
            return "count"
          }
          if keyPath == (\Self.name as AnyKeyPath) {
            return "name"
          }
          return nil
        }

        public static func _$memberAccessor<__Value>(
          at keyPath: AnyKeyPath,
          as valueType: __Value.Type
        ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
          guard type(of: keyPath).valueType == __Value.self else {
            return nil
          }
          if keyPath == (\Self.count as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.count
              },
              modify: {
                $1(&$0.count)
              }
            )
          }
          if keyPath == (\Self.name as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.name
              },
              modify: {
                $1(&$0.name)
              }
            )
          }
          return nil
        }

        public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
          if keyPath == (\Self.count as AnyKeyPath) {
            return true
          }
          if keyPath == (\Self.name as AnyKeyPath) {
            return true
          }
          return false
        }

        public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
          registrar._$replaced(self, keyPath: \.count)
          registrar._$replaced(self, keyPath: \.name)
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """#
    }
  }

  @Test func publicStruct() {
    assertMacro {
      """
      @ObservableState
      public struct State {
        public var count = 0
      }
      """
    } expansion: {
      #"""
      public struct State {
        public var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, shouldNotifyObservers)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(keyPath: \Self.count, &_count)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.count, snapshot) {
                $0._count
              }
            }
            yield &_count
          }
        }

        private var _count = 0
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
          _$observationRegistrar
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
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

        public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == (\Self.count as AnyKeyPath) {
            return "count"
          }
          return nil
        }

        public static func _$memberAccessor<__Value>(
          at keyPath: AnyKeyPath,
          as valueType: __Value.Type
        ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
          guard type(of: keyPath).valueType == __Value.self else {
            return nil
          }
          if keyPath == (\Self.count as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.count
              },
              modify: {
                $1(&$0.count)
              }
            )
          }
          return nil
        }

        public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
          if keyPath == (\Self.count as AnyKeyPath) {
            return true
          }
          return false
        }

        public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
          registrar._$replaced(self, keyPath: \.count)
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """#
    }
  }

  @Test func wrappedPropertiesAreIgnored() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Presents var destination: Destination.State?
        @Shared(.inMemory("count")) var sharedCount = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        @Presents
        var destination: Destination.State?
        @Shared(.inMemory("count"))
        var sharedCount = 0
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
          _$observationRegistrar
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
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

        public static func _$memberName(of keyPath: AnyKeyPath) -> String? {

          return nil
        }

        public static func _$memberAccessor<__Value>(
          at keyPath: AnyKeyPath,
          as valueType: __Value.Type
        ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
          guard type(of: keyPath).valueType == __Value.self else {
            return nil
          }
          if keyPath == (\Self.$destination as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.$destination
              },
              modify: {
                $1(&$0.$destination)
              }
            )
          }
          if keyPath == (\Self.destination as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.destination
              },
              modify: {
                $1(&$0.destination)
              }
            )
          }
          return nil
        }

        public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
          if keyPath == (\Self.destination as AnyKeyPath) {
            return true
          }
          if keyPath == (\Self.$destination as AnyKeyPath) {
            return true
          }
          return false
        }

        public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
          registrar._$replaced(self, keyPath: \.destination)
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """#
    }
  }

  @Test func enumState() {
    assertMacro {
      """
      @ObservableState
      enum Destination {
        case detail(Detail.State)
        case settings(state: Settings.State)
        case empty
        case pair(Int, String)
      }
      """
    } expansion: {
      """
      enum Destination {
        case detail(Detail.State)
        case settings(state: Settings.State)
        case empty
        case pair(Int, String)

        public var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .detail(state):
            return ._$id(for: state)._$tag(0)
          case let .settings(state):
            return ._$id(for: state)._$tag(1)
          case .empty:
            return ComposableArchitecture.ObservableStateID()._$tag(2)
          case .pair:
            return ComposableArchitecture.ObservableStateID()._$tag(3)
          }
        }

        public mutating func _$willModify() {
          switch self {
          case var .detail(state):
            ComposableArchitecture._$willModify(&state)
            self = .detail(state)
          case var .settings(state):
            ComposableArchitecture._$willModify(&state)
            self = .settings(state: state)
          case .empty:
            break
          case .pair:
            break
          }
        }
      }

      extension Destination: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func structWithConditionalProperties() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        #if os(Linux)
          var linuxOnly = ""
        #else
          var other = 0
        #endif
      }
      """
    } expansion: {
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, shouldNotifyObservers)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(keyPath: \Self.count, &_count)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.count, snapshot) {
                $0._count
              }
            }
            yield &_count
          }
        }

        private var _count = 0
        #if os(Linux)
          var linuxOnly = ""
        #else
          var other = 0
        #endif
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
          _$observationRegistrar
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
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

        public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == (\Self.count as AnyKeyPath) {
            return "count"
          }
          #if os(Linux)
          if keyPath == (\Self.linuxOnly as AnyKeyPath) {
            return "linuxOnly"
          }
          #else
          if keyPath == (\Self.other as AnyKeyPath) {
            return "other"
          }
          #endif
          return nil
        }

        public static func _$memberAccessor<__Value>(
          at keyPath: AnyKeyPath,
          as valueType: __Value.Type
        ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
          guard type(of: keyPath).valueType == __Value.self else {
            return nil
          }
          if keyPath == (\Self.count as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.count
              },
              modify: {
                $1(&$0.count)
              }
            )
          }
          #if os(Linux)
          if keyPath == (\Self.linuxOnly as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.linuxOnly
              },
              modify: {
                $1(&$0.linuxOnly)
              }
            )
          }
          #else
          if keyPath == (\Self.other as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.other
              },
              modify: {
                $1(&$0.other)
              }
            )
          }
          #endif
          return nil
        }

        public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
          if keyPath == (\Self.count as AnyKeyPath) {
            return true
          }
          #if os(Linux)
          if keyPath == (\Self.linuxOnly as AnyKeyPath) {
            return true
          }
          #else
          if keyPath == (\Self.other as AnyKeyPath) {
            return true
          }
          #endif
          return false
        }

        public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
          registrar._$replaced(self, keyPath: \.count)
          #if os(Linux)
          registrar._$replaced(self, keyPath: \.linuxOnly)
          #else
          registrar._$replaced(self, keyPath: \.other)
          #endif
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """#
    }
  }

  @Test func enumStateWithConditionalCases() {
    assertMacro {
      """
      @ObservableState
      enum Destination {
        case detail(Detail.State)
        #if os(Linux)
          case linuxOnly(Linux.State)
        #elseif os(macOS)
          case macOnly(Mac.State)
        #else
          case other(Other.State)
        #endif
      }
      """
    } expansion: {
      """
      enum Destination {
        case detail(Detail.State)
        #if os(Linux)
          case linuxOnly(Linux.State)
        #elseif os(macOS)
          case macOnly(Mac.State)
        #else
          case other(Other.State)
        #endif

        public var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .detail(state):
            return ._$id(for: state)._$tag(0)
          #if os(Linux)
          case let .linuxOnly(state):
            return ._$id(for: state)._$tag(1)
          #elseif os(macOS)
          case let .macOnly(state):
            return ._$id(for: state)._$tag(2)
          #else
          case let .other(state):
            return ._$id(for: state)._$tag(3)
          #endif
          }
        }

        public mutating func _$willModify() {
          switch self {
          case var .detail(state):
            ComposableArchitecture._$willModify(&state)
            self = .detail(state)
          #if os(Linux)
          case var .linuxOnly(state):
            ComposableArchitecture._$willModify(&state)
            self = .linuxOnly(state)
          #elseif os(macOS)
          case var .macOnly(state):
            ComposableArchitecture._$willModify(&state)
            self = .macOnly(state)
          #else
          case var .other(state):
            ComposableArchitecture._$willModify(&state)
            self = .other(state)
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func classIsAnError() {
    assertMacro {
      """
      @ObservableState
      class State {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to class type 'State'
      class State {
        var count = 0
      }
      """
    }
  }

  @Test func actorIsAnError() {
    assertMacro {
      """
      @ObservableState
      actor State {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to actor type 'State'
      actor State {
        var count = 0
      }
      """
    }
  }

  @Test func toolchainObservationAttributesAreErrorsWithFixIts() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var cache = 0
        @ObservationTracked var count = 0
        @PresentationState var child: Child.State?
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var cache = 0
        ┬──────────────────
        ╰─ 🛑 '@ObservableState' requires '@ObservationStateIgnored' instead of '@ObservationIgnored'
           ✏️ Use '@ObservationStateIgnored' instead
        @ObservationTracked var count = 0
        ┬──────────────────
        ╰─ 🛑 '@ObservableState' requires '@ObservationStateTracked' instead of '@ObservationTracked'
           ✏️ Use '@ObservationStateTracked' instead
        @PresentationState var child: Child.State?
        ┬─────────────────
        ╰─ 🛑 '@ObservableState' requires '@Presents' instead of '@PresentationState'
           ✏️ Use '@Presents' instead
      }
      """
    } fixes: {
      """
      @ObservableState
      struct State {
        @ObservationStateIgnored var cache = 0
        @ObservationStateTracked var count = 0
        @Presents var child: Child.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var cache = 0
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, shouldNotifyObservers)
          }
          _modify {
            let snapshot = _$observationRegistrar.willModify(keyPath: \Self.count, &_count)
            defer {
              ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \.count, snapshot) {
                $0._count
              }
            }
            yield &_count
          }
        }

        private var _count = 0
        @Presents
        var child: Child.State?
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
          _$observationRegistrar
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
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

        public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
          if keyPath == (\Self.count as AnyKeyPath) {
            return "count"
          }
          return nil
        }

        public static func _$memberAccessor<__Value>(
          at keyPath: AnyKeyPath,
          as valueType: __Value.Type
        ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
          guard type(of: keyPath).valueType == __Value.self else {
            return nil
          }
          if keyPath == (\Self.count as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.count
              },
              modify: {
                $1(&$0.count)
              }
            )
          }
          if keyPath == (\Self.$child as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.$child
              },
              modify: {
                $1(&$0.$child)
              }
            )
          }
          if keyPath == (\Self.child as AnyKeyPath) {
            return ComposableArchitecture._$accessor(
              get: {
                $0.child
              },
              modify: {
                $1(&$0.child)
              }
            )
          }
          return nil
        }

        public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
          if keyPath == (\Self.count as AnyKeyPath) {
            return true
          }
          if keyPath == (\Self.child as AnyKeyPath) {
            return true
          }
          if keyPath == (\Self.$child as AnyKeyPath) {
            return true
          }
          return false
        }

        public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
          registrar._$replaced(self, keyPath: \.count)
          registrar._$replaced(self, keyPath: \.child)
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """#
    }
  }
}
