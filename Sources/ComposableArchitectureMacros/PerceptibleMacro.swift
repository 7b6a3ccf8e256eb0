import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Perceptible`: makes a class perceptible through a `PerceptionRegistrar`, the way the
/// toolchain's `@Observable` makes it observable, under swift-perception's names.
///
/// The toolchain's own macro can't be reused for this: it knows only `@ObservationIgnored` (so
/// `@PerceptionIgnored` properties would still be tracked) and adds only the `Observable`
/// conformance.
public enum PerceptibleMacro {
  /// Attributes that settle whether a property is tracked: it is already marked, either way,
  /// with this library's spelling or the toolchain's.
  static let trackingMarkers: Set<String> = [
    "PerceptionTracked", "PerceptionIgnored", "ObservationTracked", "ObservationIgnored",
  ]
}

extension PerceptibleMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "'@Perceptible' applies to classes only; '\(declaration.typeName)' is \(declaration.kindDescription)",
            id: "invalid-type"
          )
        )
      )
      return []
    }
    let type = classDecl.name.trimmedDescription
    return [
      """
      @PerceptionIgnored private let _$perceptionRegistrar = Perception.PerceptionRegistrar()
      """,
      """
      internal nonisolated func access<__Member>(keyPath: KeyPath<\(raw: type), __Member>) {
        _$perceptionRegistrar.access(self, keyPath: keyPath)
      }
      """,
      """
      internal nonisolated func withMutation<__Member, __MutationResult>(
        keyPath: KeyPath<\(raw: type), __Member>,
        _ mutation: () throws -> __MutationResult
      ) rethrows -> __MutationResult {
        try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
      }
      """,
    ] + shouldNotifyObserversDeclarations
  }
}

extension PerceptibleMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(ClassDeclSyntax.self),
      let variable = member.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      !variable.attributes.contains(anyOf: self.trackingMarkers),
      variable.identifierName?.hasPrefix("_$") == false
    else { return [] }
    return ["@PerceptionTracked"]
  }
}

extension PerceptibleMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
    // Conforming to `Perceptible` conforms to `Observable`, which it refines; both are named so
    // that the extension reads as what the class becomes.
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): Perception.Perceptible, Observation.Observable {}"
      )
    ]
  }
}

/// `@PerceptionTracked`: moves a stored property's value to a private `_name` property and gives
/// the property accessors that record reads and announce writes through the class's registrar.
public enum PerceptionTrackedMacro {}

extension PerceptionTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      !variable.attributes.contains(anyOf: ["PerceptionIgnored", "ObservationIgnored"]),
      let name = variable.identifierName
    else { return [] }
    let storage = "_\(name)"
    return [
      storageInitAccessor(storage),
      """
      get {
        access(keyPath: \\.\(raw: name))
        return \(raw: storage)
      }
      """,
      """
      set {
        guard shouldNotifyObservers(\(raw: storage), newValue) else {
          \(raw: storage) = newValue
          return
        }
        withMutation(keyPath: \\.\(raw: name)) {
          \(raw: storage) = newValue
        }
      }
      """,
      """
      _modify {
        access(keyPath: \\.\(raw: name))
        _$perceptionRegistrar.willSet(self, keyPath: \\.\(raw: name))
        defer {
          _$perceptionRegistrar.didSet(self, keyPath: \\.\(raw: name))
        }
        yield &\(raw: storage)
      }
      """,
    ]
  }
}

extension PerceptionTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      !variable.attributes.contains(anyOf: ["PerceptionIgnored", "ObservationIgnored"]),
      let binding = variable.bindings.first,
      let name = variable.identifierName
    else { return [] }
    let type = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" } ?? ""
    let initializer = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
    // `willSet`/`didSet` observers move with the value, so they run when the storage changes.
    let observers = binding.accessorBlock.map { " \($0.trimmedDescription)" } ?? ""
    return [
      "@PerceptionIgnored private var _\(raw: name)\(raw: type)\(raw: initializer)\(raw: observers)"
    ]
  }
}

/// `@PerceptionIgnored`: leaves a stored property of a `@Perceptible` class out of perception.
/// It generates nothing; `@Perceptible` skips properties that carry it.
public enum PerceptionIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}

extension DeclGroupSyntax {
  /// "a struct", "an enum", … for messages about the kind of a declaration.
  fileprivate var kindDescription: String {
    if self.is(StructDeclSyntax.self) { return "a struct" }
    if self.is(EnumDeclSyntax.self) { return "an enum" }
    if self.is(ActorDeclSyntax.self) { return "an actor" }
    if self.is(ProtocolDeclSyntax.self) { return "a protocol" }
    if self.is(ExtensionDeclSyntax.self) { return "an extension" }
    return "not a class"
  }
}
