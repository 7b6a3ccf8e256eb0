import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// A diagnostic of this plugin, with its message and severity.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  let severity: DiagnosticSeverity

  var diagnosticID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: self.id)
  }

  static func error(_ message: String, id: String) -> Self {
    Self(message: message, id: id, severity: .error)
  }

  static func warning(_ message: String, id: String) -> Self {
    Self(message: message, id: id, severity: .warning)
  }
}

/// The message of a fix-it.
struct MacroFixIt: FixItMessage {
  let message: String
  var fixItID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: self.message)
  }
}

extension AttributeListSyntax {
  /// Whether an attribute with one of the names is present, written with or without a module
  /// prefix (`Presents` or `ComposableArchitecture.Presents`).
  func contains(anyOf names: Set<String>) -> Bool {
    self.contains { element in
      guard case let .attribute(attribute) = element else { return false }
      return names.contains(attribute.simpleName)
    }
  }

  /// The attribute with the name, if present.
  func attribute(named names: Set<String>) -> AttributeSyntax? {
    for element in self {
      if case let .attribute(attribute) = element, names.contains(attribute.simpleName) {
        return attribute
      }
    }
    return nil
  }
}

extension AttributeSyntax {
  /// The attribute's name without module prefix or generic arguments.
  var simpleName: String {
    if let identifier = self.attributeName.as(IdentifierTypeSyntax.self) {
      return identifier.name.text
    }
    if let member = self.attributeName.as(MemberTypeSyntax.self) {
      return member.name.text
    }
    return self.attributeName.trimmedDescription
  }
}

extension DeclGroupSyntax {
  /// The access modifier to copy onto generated members: `public` or `package` when the type
  /// has one, otherwise none.
  var generatedAccess: String {
    for modifier in self.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open):
        return "public "
      case .keyword(.package):
        return "package "
      default:
        continue
      }
    }
    return ""
  }

  /// The type's name, for messages.
  var typeName: String {
    if let decl = self.as(StructDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(EnumDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ClassDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ActorDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
    return "type"
  }

  /// Whether the type lists one of the names in its inheritance clause.
  func inherits(anyOf names: Set<String>) -> Bool {
    guard let inherited = self.inheritanceClause?.inheritedTypes else { return false }
    return inherited.contains { inherited in
      let type = inherited.type.trimmedDescription
      return names.contains(type) || names.contains(String(type.split(separator: ".").last ?? ""))
    }
  }
}

extension VariableDeclSyntax {
  /// Whether this is a stored instance `var` that observation can track: not `let`, not static,
  /// and without `get`/`set` accessors of its own.
  var isTrackableStoredProperty: Bool {
    guard self.bindingSpecifier.tokenKind == .keyword(.var) else { return false }
    if self.modifiers.contains(where: {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        || $0.name.tokenKind == .keyword(.lazy)
    }) {
      return false
    }
    guard self.bindings.count == 1, let binding = self.bindings.first,
      binding.pattern.is(IdentifierPatternSyntax.self)
    else { return false }
    switch binding.accessorBlock?.accessors {
    case .none:
      return true
    case .getter:
      return false
    case let .accessors(accessors):
      // Observers (`willSet`/`didSet`) keep a property stored; `get`/`set`/`init` don't.
      return accessors.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet)
          || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
    }
  }

  /// The name of the single identifier this declares.
  var identifierName: String? {
    self.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }
}

/// The `#if` clauses a member was written in, outermost first.
protocol ConditionallyDeclared {
  var conditions: [ConditionalCondition] { get }
}

/// One `#if` clause around a member.
struct ConditionalCondition {
  /// Which `#if` block the clause belongs to.
  let blockID: SyntaxIdentifier
  /// Every clause header of that block, in order: `#if a`, `#elseif b`, `#else`.
  let clauses: [String]
  /// The clause the member is in.
  let clauseIndex: Int
}

/// One enum case element together with the `#if` clauses around it.
struct ConditionalCase: ConditionallyDeclared {
  let element: EnumCaseElementSyntax
  let declaration: EnumCaseDeclSyntax
  let conditions: [ConditionalCondition]
}

/// One stored property together with the `#if` clauses around it.
struct ConditionalVariable: ConditionallyDeclared {
  let variable: VariableDeclSyntax
  let conditions: [ConditionalCondition]
}

/// The declarations of a member block that `extract` picks, looking inside `#if` blocks.
func conditionalMembers<Member>(
  in members: MemberBlockItemListSyntax,
  conditions: [ConditionalCondition] = [],
  _ extract: (DeclSyntax, [ConditionalCondition]) -> [Member]
) -> [Member] {
  var found: [Member] = []
  for member in members {
    if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
      let headers = ifConfig.clauses.map { clause in
        clause.poundKeyword.text + (clause.condition.map { " \($0.trimmedDescription)" } ?? "")
      }
      for (index, clause) in ifConfig.clauses.enumerated() {
        guard case let .decls(decls)? = clause.elements else { continue }
        found += conditionalMembers(
          in: decls,
          conditions: conditions + [
            ConditionalCondition(blockID: ifConfig.id, clauses: headers, clauseIndex: index)
          ],
          extract
        )
      }
    } else {
      found += extract(member.decl, conditions)
    }
  }
  return found
}

/// The enum cases of a member block, looking inside `#if` blocks.
func enumCases(in members: MemberBlockItemListSyntax) -> [ConditionalCase] {
  conditionalMembers(in: members) { decl, conditions in
    guard let caseDecl = decl.as(EnumCaseDeclSyntax.self) else { return [] }
    return caseDecl.elements.map {
      ConditionalCase(element: $0, declaration: caseDecl, conditions: conditions)
    }
  }
}

/// The stored `var`s of a member block, looking inside `#if` blocks.
func storedVariables(in members: MemberBlockItemListSyntax) -> [ConditionalVariable] {
  conditionalMembers(in: members) { decl, conditions in
    guard let variable = decl.as(VariableDeclSyntax.self), variable.isTrackableStoredProperty
    else { return [] }
    return [ConditionalVariable(variable: variable, conditions: conditions)]
  }
}

/// Renders each case with `render`, keeping the `#if` blocks the cases were written in. A block
/// in which no case renders anything is left out; its other clauses are kept (empty), so that
/// `#elseif`/`#else` keep their meaning.
func renderConditional<Member: ConditionallyDeclared>(
  _ cases: [Member],
  depth: Int = 0,
  _ render: (Member) -> String?
) -> String {
  var lines: [String] = []
  var index = 0
  while index < cases.count {
    let current = cases[index]
    guard current.conditions.count > depth else {
      if let line = render(current) { lines.append(line) }
      index += 1
      continue
    }
    let condition = current.conditions[depth]
    var block: [Member] = []
    while index < cases.count, cases[index].conditions.count > depth,
      cases[index].conditions[depth].blockID == condition.blockID
    {
      block.append(cases[index])
      index += 1
    }
    var rendered: [String] = []
    var isEmpty = true
    for (clauseIndex, header) in condition.clauses.enumerated() {
      rendered.append(header)
      let body = renderConditional(
        block.filter { $0.conditions[depth].clauseIndex == clauseIndex }, depth: depth + 1, render
      )
      if !body.isEmpty {
        rendered.append(body)
        isEmpty = false
      }
    }
    if !isEmpty {
      lines.append(rendered.joined(separator: "\n") + "\n#endif")
    }
  }
  return lines.joined(separator: "\n")
}

extension EnumCaseElementSyntax {
  /// The case's associated values, in order, with their labels.
  var parameters: [EnumCaseParameterSyntax] {
    self.parameterClause.map { Array($0.parameters) } ?? []
  }
}

/// The `shouldNotifyObservers` overloads that observable types generated by `@ObservableState`
/// and `@Perceptible` use to skip notifying when an equal value (or the same object) is set.
let shouldNotifyObserversDeclarations: [DeclSyntax] = [
      """
      private nonisolated func shouldNotifyObservers<__Member>(_ lhs: __Member, _ rhs: __Member) -> Bool {
        true
      }
      """,
      """
      private nonisolated func shouldNotifyObservers<__Member: Equatable>(_ lhs: __Member, _ rhs: __Member) -> Bool {
        lhs != rhs
      }
      """,
      """
      private nonisolated func shouldNotifyObservers<__Member: AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
        lhs !== rhs
      }
      """,
      """
      private nonisolated func shouldNotifyObservers<__Member: Equatable & AnyObject>(_ lhs: __Member, _ rhs: __Member) -> Bool {
        lhs != rhs
      }
      """,
]

/// The `init` accessor of a tracked stored property: it initializes the property's backing
/// storage (`_name`), so memberwise and explicit initializers keep working.
func storageInitAccessor(_ storage: String) -> AccessorDeclSyntax {
  """
  @storageRestrictions(initializes: \(raw: storage))
  init(initialValue) {
    \(raw: storage) = initialValue
  }
  """
}
