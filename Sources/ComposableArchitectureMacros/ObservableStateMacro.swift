import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: makes a struct or enum state observable through an
/// `ObservationStateRegistrar`, with identity-aware change detection.
public enum ObservableStateMacro {
  static let ignoredWrappers: Set<String> = [
    "Presents", "Shared", "SharedReader", "Fetch", "FetchAll", "FetchOne",
  ]
  static let trackingMarkers: Set<String> = ["ObservationStateTracked", "ObservationStateIgnored"]
}

extension ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if declaration.is(ClassDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) {
      let kind = declaration.is(ClassDeclSyntax.self) ? "class" : "actor"
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "'@ObservableState' cannot be applied to \(kind) type '\(declaration.typeName)'",
            id: "invalid-type"
          )
        )
      )
      return []
    }
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return self.enumMembers(enumDecl)
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    self.diagnoseForeignAttributes(in: declaration, context: context)

    return [
      """
      @ObservationStateIgnored
      var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
      """,
      """
      public var _$id: ComposableArchitecture.ObservableStateID {
        _$observationRegistrar.id
      }
      """,
      """
      public var _$observationStateRegistrar: ComposableArchitecture.ObservationStateRegistrar? {
        _$observationRegistrar
      }
      """,
      """
      public mutating func _$willModify() {
        _$observationRegistrar._$willModify()
      }
      """,
    ] + shouldNotifyObserversDeclarations + self.memberModification(declaration)
      + self.observedMembers(declaration)
  }

  /// `_$isObservedMember(_:)` and `_$notifyObservedMembersReplaced(in:)` for the properties
  /// whose reads register themselves with the state's registrar: the tracked ones and the
  /// `@Presents` ones (read through `name` or `$name`). A store skips registering readers of
  /// these with the state's identity, and tells them through the second function when the state
  /// is replaced. With no such property, the protocol's defaults apply (every read through a
  /// store is registered with the identity).
  private static func observedMembers(_ declaration: some DeclGroupSyntax) -> [DeclSyntax] {
    let observed = storedVariables(in: declaration.memberBlock.members).filter {
      self.isTracked($0.variable) || $0.variable.attributes.contains(anyOf: ["Presents"])
    }
    guard !observed.isEmpty else { return [] }
    let checks = renderConditional(observed) { item in
      guard let name = item.variable.identifierName else { return nil }
      var lines = [
        "if keyPath == (\\Self.\(name) as AnyKeyPath) {\n  return true\n}"
      ]
      if item.variable.attributes.contains(anyOf: ["Presents"]) {
        lines.append("if keyPath == (\\Self.$\(name) as AnyKeyPath) {\n  return true\n}")
      }
      return lines.joined(separator: "\n")
    }
    .replacingOccurrences(of: "\n", with: "\n  ")
    let notifications = renderConditional(observed) { item in
      guard let name = item.variable.identifierName else { return nil }
      return "registrar._$replaced(self, keyPath: \\.\(name))"
    }
    .replacingOccurrences(of: "\n", with: "\n  ")
    return [
      """
      public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
        \(raw: checks)
        return false
      }
      """,
      """
      public func _$notifyObservedMembersReplaced(in registrar: ComposableArchitecture.ObservationStateRegistrar) {
        \(raw: notifications)
      }
      """,
    ]
  }

  /// `_$memberName(of:)`, which names a tracked property's key path in messages (a key path
  /// through a computed property has no name of its own), and `_$memberAccessor(at:as:)`, which
  /// lets reducers that write through key paths (`forEach`, `Scope`, `ifLet`) reach a tracked
  /// property, or a `@Presents` one by its name or its projection, through its `_modify` accessor,
  /// and scoped stores read one through its getter: a key path
  /// write through a computed property goes through `get` and `set` instead, which copies a
  /// collection before changing one element of it (and a presented state before changing it).
  /// Reducers look the accessor up once, when they are made. Each branch hands closures over its
  /// property's getter and `_modify` accessor to `_$accessor(get:modify:)`, which returns them as
  /// an accessor of the asked type, or `nil`.
  private static func memberModification(_ declaration: some DeclGroupSyntax) -> [DeclSyntax] {
    let tracked = storedVariables(in: declaration.memberBlock.members).filter {
      self.isTracked($0.variable)
    }
    // `@Presents` properties aren't tracked (their projection's storage is), but reducers and
    // stores reach them too.
    let modifiable = storedVariables(in: declaration.memberBlock.members).filter {
      self.isTracked($0.variable) || $0.variable.attributes.contains(anyOf: ["Presents"])
    }
    guard !modifiable.isEmpty else { return [] }
    let branches = renderConditional(modifiable) { item in
      guard let name = item.variable.identifierName else { return nil }
      // A `@Presents` property is reached through its projection too: `ifLet` writes
      // `\.$destination`, and a store scoped to `\.destination` reads the property.
      let members = item.variable.attributes.contains(anyOf: ["Presents"]) ? ["$\(name)", name] : [name]
      return members.map { member in
        """
        if keyPath == (\\Self.\(member) as AnyKeyPath) {
          return ComposableArchitecture._$accessor(
            get: { $0.\(member) },
            modify: { $1(&$0.\(member)) }
          )
        }
        """
      }
      .joined(separator: "\n")
    }
    .replacingOccurrences(of: "\n", with: "\n  ")
    let names = renderConditional(tracked) { item in
      guard let name = item.variable.identifierName else { return nil }
      return """
        if keyPath == (\\Self.\(name) as AnyKeyPath) {
          return "\(name)"
        }
        """
    }
    .replacingOccurrences(of: "\n", with: "\n  ")
    return [
      """
      public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
        \(raw: names)
        return nil
      }
      """,
      """
      public static func _$memberAccessor<__Value>(
        at keyPath: AnyKeyPath,
        as valueType: __Value.Type
      ) -> ComposableArchitecture._$MemberAccessor<Self, __Value>? {
        guard type(of: keyPath).valueType == __Value.self else {
          return nil
        }
        \(raw: branches)
        return nil
      }
      """
    ]
  }

  /// Whether the property gets `@ObservationStateTracked`, written or added by this macro.
  static func isTracked(_ variable: VariableDeclSyntax) -> Bool {
    if variable.attributes.contains(anyOf: ["ObservationStateTracked"]) { return true }
    return !variable.attributes.contains(anyOf: self.trackingMarkers)
      && !variable.attributes.contains(anyOf: ["ObservationIgnored", "ObservationTracked", "PresentationState"])
      && !variable.attributes.contains(anyOf: self.ignoredWrappers)
      && variable.identifierName?.hasPrefix("_$") == false
  }

  private static func enumMembers(_ enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let cases = enumCases(in: enumDecl.memberBlock.members)
    var tags: [SyntaxIdentifier: Int] = [:]
    for (index, item) in cases.enumerated() {
      tags[item.element.id] = index
    }

    let idCases = renderConditional(cases) { item in
      let name = item.element.name.text
      let tag = tags[item.element.id]!
      if item.element.parameters.count == 1 {
        return "case let .\(name)(state):\nreturn ._$id(for: state)._$tag(\(tag))"
      }
      return "case .\(name):\nreturn ComposableArchitecture.ObservableStateID()._$tag(\(tag))"
    }
    let modifyCases = renderConditional(cases) { item in
      let name = item.element.name.text
      let parameters = item.element.parameters
      guard parameters.count == 1 else {
        return "case .\(name):\nbreak"
      }
      let label = parameters[0].firstName.map { "\($0.text): " } ?? ""
      return """
        case var .\(name)(state):
        ComposableArchitecture._$willModify(&state)
        self = .\(name)(\(label)state)
        """
    }
    let idBody = "switch self {\n\(idCases)\n}"
    let modifyBody = "switch self {\n\(modifyCases)\n}"
    return [
      """
      public var _$id: ComposableArchitecture.ObservableStateID {
        \(raw: idBody)
      }
      """,
      """
      public mutating func _$willModify() {
        \(raw: modifyBody)
      }
      """,
    ]
  }

  /// Observation attributes of the toolchain and the legacy presentation wrapper don't work in
  /// an `@ObservableState` type: each gets an error with a fix-it to this library's spelling.
  private static func diagnoseForeignAttributes(
    in declaration: some DeclGroupSyntax,
    context: some MacroExpansionContext
  ) {
    let replacements = [
      "ObservationIgnored": "ObservationStateIgnored",
      "ObservationTracked": "ObservationStateTracked",
      "PresentationState": "Presents",
    ]
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for element in variable.attributes {
        guard case let .attribute(attribute) = element,
          let replacement = replacements[attribute.simpleName]
        else { continue }
        let fixed = TypeSyntax(IdentifierTypeSyntax(name: .identifier(replacement)))
          .with(\.leadingTrivia, attribute.attributeName.leadingTrivia)
          .with(\.trailingTrivia, attribute.attributeName.trailingTrivia)
        context.diagnose(
          Diagnostic(
            node: attribute,
            message: MacroDiagnostic.error(
              "'@ObservableState' requires '@\(replacement)' instead of '@\(attribute.simpleName)'",
              id: "foreign-attribute"
            ),
            fixIt: FixIt(
              message: MacroFixIt(message: "Use '@\(replacement)' instead"),
              changes: [.replace(oldNode: Syntax(attribute.attributeName), newNode: Syntax(fixed))]
            )
          )
        )
      }
    }
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self),
      let variable = member.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      !variable.attributes.contains(anyOf: self.trackingMarkers),
      !variable.attributes.contains(anyOf: ["ObservationIgnored", "ObservationTracked", "PresentationState"]),
      variable.identifierName?.hasPrefix("_$") == false
    else { return [] }
    if variable.attributes.contains(anyOf: self.ignoredWrappers) {
      return ["@ObservationStateIgnored"]
    }
    return ["@ObservationStateTracked"]
  }
}

extension ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      return []
    }
    // The compiler asks only for the conformances the type doesn't declare itself.
    let names = Set(protocols.compactMap { $0.trimmedDescription.split(separator: ".").last })
    let conformances = [
      names.contains("ObservableState") ? "ComposableArchitecture.ObservableState" : nil,
      names.contains("Observable") ? "Observation.Observable" : nil,
    ].compactMap { $0 }
    guard !conformances.isEmpty else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}"
      )
    ]
  }
}

/// `@ObservationStateTracked`: turns a stored property into one whose reads and writes go
/// through the state's registrar, backed by a private `_name` property.
public enum ObservationStateTrackedMacro {}

extension ObservationStateTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      let name = variable.identifierName
    else { return [] }
    let storage = "_\(name)"
    return [
      storageInitAccessor(storage),
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(raw: storage)
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(self, keyPath: \\.\(raw: name), &\(raw: storage), newValue, _$isIdentityEqual, shouldNotifyObservers)
      }
      """,
      """
      _modify {
        let snapshot = _$observationRegistrar.willModify(keyPath: \\Self.\(raw: name), &\(raw: storage))
        defer {
          ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \\.\(raw: name), snapshot) { $0.\(raw: storage) }
        }
        yield &\(raw: storage)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      let binding = variable.bindings.first,
      let name = variable.identifierName
    else { return [] }
    let type = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" } ?? ""
    let initializer = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
    return ["@ObservationStateIgnored private var _\(raw: name)\(raw: type)\(raw: initializer)"]
  }
}

/// `@ObservationStateIgnored`: marks a stored property of an `@ObservableState` type as not
/// observed. It generates nothing.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
