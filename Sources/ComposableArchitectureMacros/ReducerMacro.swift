import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`: on a struct, the `Reducer` conformance and its conveniences; on an enum, an enum
/// reducer built from its feature cases.
public enum ReducerMacro {
  static let reducerNames: Set<String> = ["Reducer", "ComposableArchitecture.Reducer"]
  static let ephemeralTypes: Set<String> = ["AlertState", "ConfirmationDialogState"]

  /// How an enum reducer treats one of its cases.
  enum CaseKind {
    /// `case x(Feature)`: a feature, with its reducer type and the expression that makes it.
    case feature(type: String, reducer: String)
    /// `case x(AlertState<A>)`: presented state that goes away after its first action.
    case ephemeral(actionType: String)
    /// Plain data, with no reducer.
    case ignored
  }

  static func kind(of item: ConditionalCase) -> CaseKind {
    let parameters = item.element.parameters
    let attributes = item.declaration.attributes
    if attributes.contains(anyOf: ["ReducerCaseIgnored"]) || parameters.count != 1 {
      return .ignored
    }
    let parameter = parameters[0]
    let type = parameter.type
    if let identifier = type.as(IdentifierTypeSyntax.self),
      ephemeralTypes.contains(identifier.name.text),
      let argument = identifier.genericArgumentClause?.arguments.first
    {
      return .ephemeral(actionType: argument.argument.trimmedDescription)
    }
    if let member = type.as(MemberTypeSyntax.self), ephemeralTypes.contains(member.name.text),
      let argument = member.genericArgumentClause?.arguments.first
    {
      return .ephemeral(actionType: argument.argument.trimmedDescription)
    }
    if attributes.contains(anyOf: ["ReducerCaseEphemeral"]) {
      return .ignored
    }
    let typeName = type.trimmedDescription
    let reducer = parameter.defaultValue?.value.trimmedDescription ?? "\(typeName)()"
    return .feature(type: typeName, reducer: reducer)
  }

  /// The conformances that `@CasePathable` and `@ObservableState` would add in extensions,
  /// spelled out on the types this macro generates.
  ///
  /// Swift 6.3 can crash type-checking a file where several `@Reducer` types each have generated
  /// members whose attached macros add extensions (once there are about five such reducers in
  /// the file). Declared in the inheritance clause, the conformances leave those macros only
  /// their members to generate, and no extensions.
  static let casePathableConformances = "CasePaths.CasePathable, CasePaths.CasePathIterable"
  static let observableConformances = "ComposableArchitecture.ObservableState, Observation.Observable"

  static func hasMember(named name: String, in declaration: some DeclGroupSyntax) -> Bool {
    declaration.memberBlock.members.contains { member in
      if let decl = member.decl.as(StructDeclSyntax.self) { return decl.name.text == name }
      if let decl = member.decl.as(EnumDeclSyntax.self) { return decl.name.text == name }
      if let decl = member.decl.as(ClassDeclSyntax.self) { return decl.name.text == name }
      if let decl = member.decl.as(TypeAliasDeclSyntax.self) { return decl.name.text == name }
      if let decl = member.decl.as(VariableDeclSyntax.self) { return decl.identifierName == name }
      return false
    }
  }

  static func reduceFunction(in declaration: some DeclGroupSyntax) -> FunctionDeclSyntax? {
    for member in declaration.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self),
        function.name.text == "reduce",
        function.signature.parameterClause.parameters.map(\.firstName.text) == ["into", "action"]
      else { continue }
      return function
    }
    return nil
  }

  /// The conformances the deprecated `state:`/`action:` arguments ask for.
  static func synthesizedConformances(_ node: AttributeSyntax, label: String) -> [String] {
    guard case let .argumentList(arguments)? = node.arguments else { return [] }
    var result: [String] = []
    var isInLabel = false
    for argument in arguments {
      if let argumentLabel = argument.label?.text { isInLabel = argumentLabel == label }
      guard isInLabel else { continue }
      let name = argument.expression.trimmedDescription.split(separator: ".").last.map(String.init)
      switch name {
      case "codable": result.append("Codable")
      case "decodable": result.append("Decodable")
      case "encodable": result.append("Encodable")
      case "equatable": result.append("Equatable")
      case "hashable": result.append("Hashable")
      case "sendable": result.append("Sendable")
      default: break
      }
    }
    return result
  }
}

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {}"
        )
      ]
    }
    guard declaration.is(StructDeclSyntax.self),
      !declaration.inherits(anyOf: self.reducerNames)
    else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): ComposableArchitecture.Reducer {}")]
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      guard let caseDecl = member.as(EnumCaseDeclSyntax.self),
        !caseDecl.attributes.contains(anyOf: ["ReducerCaseEphemeral", "ReducerCaseIgnored"]),
        let element = caseDecl.elements.first
      else { return [] }
      let item = ConditionalCase(element: element, declaration: caseDecl, conditions: [])
      switch self.kind(of: item) {
      case .ephemeral: return ["@ReducerCaseEphemeral"]
      case .ignored: return ["@ReducerCaseIgnored"]
      case .feature: return []
      }
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }

    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var attributes: [AttributeSyntax] = []
      let name = enumDecl.name.text
      guard name == "State" || name == "Action" else { return [] }
      if !enumDecl.attributes.contains(anyOf: ["CasePathable"]) {
        attributes.append("@CasePathable")
      }
      if name == "State", !enumDecl.attributes.contains(anyOf: ["dynamicMemberLookup"]) {
        attributes.append("@dynamicMemberLookup")
      }
      return attributes
    }

    if let variable = member.as(VariableDeclSyntax.self), variable.identifierName == "body",
      let type = variable.bindings.first?.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self),
      type.someOrAnySpecifier.tokenKind == .keyword(.some),
      !variable.attributes.contains(where: {
        guard case let .attribute(attribute) = $0 else { return false }
        return attribute.simpleName.hasSuffix("Builder")
      })
    {
      return reducerBuilderAttribute(for: type.constraint)
    }
    return []
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return self.enumReducerMembers(enumDecl, node: node)
    }
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "'@Reducer' can only be applied to struct or enum types", id: "invalid-type"
          )
        )
      )
      return []
    }
    if case let .argumentList(arguments)? = node.arguments, !arguments.isEmpty {
      context.diagnose(
        Diagnostic(
          node: arguments,
          message: MacroDiagnostic.error(
            "Argument passed to call that takes no arguments when applied to a struct",
            id: "struct-arguments"
          )
        )
      )
    }

    let access = declaration.generatedAccess
    let reduce = self.reduceFunction(in: declaration)
    if let reduce {
      self.diagnoseDeprecatedReduce(reduce, context: context)
    }
    let hasBody = self.hasMember(named: "body", in: declaration)
    let hasState = self.hasMember(named: "State", in: declaration)
    let hasAction = self.hasMember(named: "Action", in: declaration)
    let hasLogic = hasBody || reduce != nil

    var members: [DeclSyntax] = []
    if !hasState, !hasLogic {
      members.append(
        """
        @ComposableArchitecture.ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable, \(raw: observableConformances) {
          \(raw: access)init() {}
        }
        """
      )
    }
    if !hasAction, !hasLogic {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasLogic {
      members.append(
        "\(raw: access)let body = ComposableArchitecture.EmptyReducer<State, Action>()"
      )
    }
    if hasBody, reduce == nil {
      // A store builds the body of a reducer that has no `reduce(into:action:)` of its own once,
      // rather than on every action.
      members.append(
        """
        \(raw: access)func _storeBody() -> Any? {
          ComposableArchitecture._StoreBody(self.body)
        }
        """
      )
    }
    return members
  }

  private static func diagnoseDeprecatedReduce(
    _ reduce: FunctionDeclSyntax,
    context: some MacroExpansionContext
  ) {
    let parameters = reduce.signature.parameterClause.parameters.map {
      ($0.secondName ?? $0.firstName).text
    }
    // The member's own indentation, so that the rewritten body lines up with it.
    let indent = reduce.leadingTrivia.description
      .split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    let statements = (reduce.body?.statements.trimmedDescription ?? "return .none")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        let text = line.drop(while: { $0 == " " })
        return text.isEmpty ? "" : "\(indent)    \(text)"
      }
      .joined(separator: "\n")
    let replacement: DeclSyntax = """
      var body: some ReducerOf<Self> {
      \(raw: indent)  Reduce { \(raw: parameters[0]), \(raw: parameters[1]) in
      \(raw: statements)
      \(raw: indent)  }
      \(raw: indent)}
      """
    context.diagnose(
      Diagnostic(
        node: reduce.name,
        message: MacroDiagnostic.warning(
          "'reduce(into:action:)' is deprecated: write 'var body: some ReducerOf<Self>' with a 'Reduce' instead",
          id: "deprecated-reduce"
        ),
        fixIt: FixIt(
          message: MacroFixIt(message: "Use 'var body: some ReducerOf<Self>' with a 'Reduce'"),
          changes: [
            .replace(
              oldNode: Syntax(reduce),
              newNode: Syntax(replacement.with(\.leadingTrivia, reduce.leadingTrivia))
            )
          ]
        )
      )
    )
  }

  private static func enumReducerMembers(_ enumDecl: EnumDeclSyntax, node: AttributeSyntax)
    -> [DeclSyntax]
  {
    let access = enumDecl.generatedAccess
    let name = enumDecl.name.text
    let cases = enumCases(in: enumDecl.memberBlock.members)
    let kinds = Dictionary(uniqueKeysWithValues: cases.map { ($0.element.id, self.kind(of: $0)) })
    let userActionCases: [String: String] = {
      guard
        let action = enumDecl.memberBlock.members.lazy
          .compactMap({ $0.decl.as(EnumDeclSyntax.self) })
          .first(where: { $0.name.text == "Action" })
      else { return [:] }
      var result: [String: String] = [:]
      for item in enumCases(in: action.memberBlock.members) where item.element.parameters.count == 1 {
        result[item.element.name.text] = item.element.parameters[0].type.trimmedDescription
      }
      return result
    }()

    func payload(_ element: EnumCaseElementSyntax) -> String {
      element.parameterClause.map { clause in
        "(" + clause.parameters.map { parameter in
          var copy = parameter
          copy.defaultValue = nil
          copy.trailingComma = nil
          return copy.trimmedDescription
        }.joined(separator: ", ") + ")"
      } ?? ""
    }

    var members: [DeclSyntax] = []

    if !self.hasMember(named: "State", in: enumDecl) {
      let stateCases = renderConditional(cases) { item in
        let caseName = item.element.name.text
        switch kinds[item.element.id]! {
        case let .feature(type, _):
          let label = item.element.parameters[0].firstName.map { "\($0.text): " } ?? ""
          return "case \(caseName)(\(label)\(type).State)"
        case .ephemeral, .ignored:
          return "case \(caseName)\(payload(item.element))"
        }
      }
      let conformances = (["ComposableArchitecture.CaseReducerState", casePathableConformances, observableConformances]
        + self.synthesizedConformances(node, label: "state")).joined(separator: ", ")
      members.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: \(raw: conformances) {
          \(raw: access)typealias StateReducer = \(raw: name)
          \(raw: stateCases)
        }
        """
      )
    }

    if !self.hasMember(named: "Action", in: enumDecl) {
      let actionCases = renderConditional(cases) { item in
        let caseName = item.element.name.text
        switch kinds[item.element.id]! {
        case let .feature(type, _):
          let label = item.element.parameters[0].firstName.map { "\($0.text): " } ?? ""
          return "case \(caseName)(\(label)\(type).Action)"
        case let .ephemeral(actionType):
          return "case \(caseName)(\(actionType))"
        case .ignored:
          return "case \(caseName)(Swift.Never)"
        }
      }
      let conformances = [casePathableConformances] + self.synthesizedConformances(node, label: "action")
      let inheritance = ": " + conformances.joined(separator: ", ")
      members.append(
        """
        @CasePathable
        \(raw: access)enum Action\(raw: inheritance) {
          \(raw: actionCases)
        }
        """
      )
    }

    let reducers = renderConditional(cases) { item in
      guard case let .feature(_, reducer) = kinds[item.element.id]! else { return nil }
      let caseName = item.element.name.text
      return ".ifCaseLet(\\Self.State.Cases.\(caseName), action: \\Self.Action.Cases.\(caseName)) {\n\(reducer)\n}"
    }
    // An enum whose author wrote `static var body` (to add logic around the cases' reducers)
    // keeps it, and its `Body` is inferred from it.
    if !self.hasMember(named: "body", in: enumDecl) {
      // Spelled out: inference would otherwise find the `Never` body of reducers without one.
      let bodyType = reducers.isEmpty
        ? "ComposableArchitecture.EmptyReducer<State, Action>"
        : "ComposableArchitecture.Reduce<State, Action>"
      members.append("\(raw: access)typealias Body = \(raw: bodyType)")
      if reducers.isEmpty {
        members.append(
          """
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          \(raw: access)static var body: ComposableArchitecture.EmptyReducer<Self.State, Self.Action> {
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          }
          """
        )
      } else {
        members.append(
          """
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          \(raw: access)static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
              \(raw: reducers)
            )
          }
          """
        )
      }
    }

    /// The type a `CaseScope` case holds for a case, and how `scope` builds it.
    func scopeCase(_ item: ConditionalCase) -> (payload: String, scope: String) {
      let caseName = item.element.name.text
      let storeScope = "store.scope(state: \\.\(caseName), action: \\.\(caseName))!"
      switch kinds[item.element.id]! {
      case let .feature(type, _):
        return ("(ComposableArchitecture.StoreOf<\(type)>)", "case .\(caseName):\nreturn .\(caseName)(\(storeScope))")
      case let .ephemeral(actionType):
        let stateType = item.element.parameters[0].type.trimmedDescription
        return (
          "(ComposableArchitecture.Store<\(stateType), \(actionType)>)",
          "case .\(caseName):\nreturn .\(caseName)(\(storeScope))"
        )
      case .ignored:
        let parameters = item.element.parameters
        if parameters.count == 1, let actionType = userActionCases[caseName] {
          let stateType = parameters[0].type.trimmedDescription
          return (
            "(ComposableArchitecture.Store<\(stateType), \(actionType)>)",
            "case .\(caseName):\nreturn .\(caseName)(\(storeScope))"
          )
        }
        if parameters.isEmpty {
          return ("", "case .\(caseName):\nreturn .\(caseName)")
        }
        let bindings = parameters.indices.map { "v\($0)" }
        let arguments = zip(parameters, bindings).map { parameter, binding in
          (parameter.firstName.map { "\($0.text): " } ?? "") + binding
        }
        return (
          payload(item.element),
          "case let .\(caseName)(\(bindings.joined(separator: ", "))):\nreturn .\(caseName)(\(arguments.joined(separator: ", ")))"
        )
      }
    }

    let scopeCases = renderConditional(cases) { item in
      "case \(item.element.name.text)\(scopeCase(item).payload)"
    }
    let casePaths = renderConditional(cases) { item in
      let caseName = item.element.name.text
      let payloadType = scopeCase(item).payload
      let parameters = item.element.parameters
      if payloadType.isEmpty {
        return """
          \(access)var \(caseName): CasePaths.AnyCasePath<CaseScope, Void> {
            CasePaths.AnyCasePath(
              embed: { .\(caseName) },
              extract: {
                guard case .\(caseName) = $0 else { return nil }
                return ()
              }
            )
          }
          """
      }
      let valueType = String(payloadType.dropFirst().dropLast())
      let isSingle = valueType.hasPrefix("ComposableArchitecture.Store") || parameters.count == 1
      let bindings = isSingle ? ["v0"] : parameters.indices.map { "v\($0)" }
      let embedArguments: String
      if isSingle {
        let label = (parameters.count == 1 ? parameters[0].firstName.map { "\($0.text): " } : nil) ?? ""
        embedArguments = valueType.hasPrefix("ComposableArchitecture.Store") ? "$0" : "\(label)$0"
      } else {
        embedArguments = parameters.enumerated().map { index, parameter in
          (parameter.firstName.map { "\($0.text): " } ?? "") + "$0.\(index)"
        }.joined(separator: ", ")
      }
      let tupleType = isSingle ? valueType : "(" + parameters.map { $0.type.trimmedDescription }.joined(separator: ", ") + ")"
      let returned = isSingle ? "v0" : "(" + bindings.joined(separator: ", ") + ")"
      return """
        \(access)var \(caseName): CasePaths.AnyCasePath<CaseScope, \(tupleType)> {
          CasePaths.AnyCasePath(
            embed: { .\(caseName)(\(embedArguments)) },
            extract: {
              guard case let .\(caseName)(\(bindings.joined(separator: ", "))) = $0 else { return nil }
              return \(returned)
            }
          )
        }
        """
    }
    members.append(
      """
      @dynamicMemberLookup
      \(raw: access)enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
        \(raw: scopeCases)

        \(raw: access)struct AllCasePaths {
          \(raw: casePaths)
        }

        \(raw: access)static var allCasePaths: AllCasePaths {
          AllCasePaths()
        }
      }
      """
    )

    let storeScopes = renderConditional(cases) { scopeCase($0).scope }
    members.append(
      """
      @preconcurrency @MainActor
      \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: storeScopes)
        }
      }
      """
    )
    return members
  }
}

/// `@ReducerCaseEphemeral`: a marker for enum reducer cases holding ephemeral state.
public enum ReducerCaseEphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// `@ReducerCaseIgnored`: a marker for enum reducer cases that hold plain data.
public enum ReducerCaseIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// The result-builder attribute for a `body` whose type is `some Reducer<…>`/`some ReducerOf<…>`.
///
/// The builder's state and action come from the generic arguments the author wrote, so a body
/// declared `some Reducer<Int, Bool>` in a feature that declares no `State`/`Action` of its own
/// builds with `ReducerBuilder<Int, Bool>`. A bare `some Reducer` gets no attribute: the protocol
/// requirement's builder applies.
private func reducerBuilderAttribute(for constraint: TypeSyntax) -> [AttributeSyntax] {
  let name: String
  let clause: GenericArgumentClauseSyntax?
  if let identifier = constraint.as(IdentifierTypeSyntax.self) {
    name = identifier.name.text
    clause = identifier.genericArgumentClause
  } else if let member = constraint.as(MemberTypeSyntax.self),
    member.baseType.trimmedDescription == "ComposableArchitecture"
  {
    name = member.name.text
    clause = member.genericArgumentClause
  } else {
    return []
  }
  guard let arguments = clause?.arguments.map(\.argument.trimmedDescription) else { return [] }
  switch (name, arguments.count) {
  case ("Reducer", 2):
    return ["@ComposableArchitecture.ReducerBuilder<\(raw: arguments[0]), \(raw: arguments[1])>"]
  case ("ReducerOf", 1):
    return [
      "@ComposableArchitecture.ReducerBuilder<\(raw: arguments[0]).State, \(raw: arguments[0]).Action>"
    ]
  default:
    return []
  }
}
