import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for:)`: conforms a view to `ViewActionSending`, so that it sends view actions
/// with `send(_:)`.
public enum ViewActionMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let hasStore = declaration.memberBlock.members.contains {
      $0.decl.as(VariableDeclSyntax.self)?.identifierName == "store"
    }
    if !hasStore {
      let reducer = self.reducerType(node) ?? "Feature"
      var newMembers = declaration.memberBlock.members
      let storeDecl: DeclSyntax = "let store: StoreOf<\(raw: reducer)>"
      newMembers.insert(
        MemberBlockItemSyntax(decl: storeDecl.with(\.leadingTrivia, .newline + .spaces(2))),
        at: newMembers.startIndex
      )
      context.diagnose(
        Diagnostic(
          node: declaration.memberBlock,
          message: MacroDiagnostic.error(
            "'@ViewAction' requires '\(declaration.typeName)' to have a 'store' property of type 'Store'.",
            id: "missing-store"
          ),
          fixIt: FixIt(
            message: MacroFixIt(message: "Add 'store'"),
            changes: [
              .replace(
                oldNode: Syntax(declaration.memberBlock.members),
                newNode: Syntax(newMembers)
              )
            ]
          )
        )
      )
    }
    self.diagnoseDirectSends(in: Syntax(declaration.memberBlock), context: context)
    guard !declaration.inherits(anyOf: ["ViewActionSending", "ComposableArchitecture.ViewActionSending"])
    else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): ComposableArchitecture.ViewActionSending {}"
      )
    ]
  }

  static func reducerType(_ node: AttributeSyntax) -> String? {
    guard case let .argumentList(arguments)? = node.arguments,
      let argument = arguments.first
    else { return nil }
    let expression = argument.expression.trimmedDescription
    return expression.hasSuffix(".self") ? String(expression.dropLast(5)) : expression
  }

  /// Finds `store.send(.view(x))` calls and suggests `send(x)`.
  static func diagnoseDirectSends(in node: Syntax, context: some MacroExpansionContext) {
    let visitor = DirectSendVisitor(viewMode: .sourceAccurate)
    visitor.walk(node)
    for (call, inner) in visitor.calls {
      let replacement: ExprSyntax = "send(\(inner.trimmed))"
      context.diagnose(
        Diagnostic(
          node: call,
          message: MacroDiagnostic.warning(
            "Do not use 'store.send' directly when using '@ViewAction'", id: "direct-send"
          ),
          fixIt: FixIt(
            message: MacroFixIt(message: "Use 'send'"),
            changes: [
              .replace(
                oldNode: Syntax(call),
                newNode: Syntax(replacement.with(\.leadingTrivia, call.leadingTrivia).with(\.trailingTrivia, call.trailingTrivia))
              )
            ]
          )
        )
      )
    }
  }
}

/// Collects `store.send(.view(x))` calls.
final class DirectSendVisitor: SyntaxVisitor {
  var calls: [(call: FunctionCallExprSyntax, inner: ExprSyntax)] = []
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "send",
      let base = member.base,
      ["store", "self.store"].contains(base.trimmedDescription),
      node.arguments.count == 1,
      let argument = node.arguments.first?.expression.as(FunctionCallExprSyntax.self),
      let view = argument.calledExpression.as(MemberAccessExprSyntax.self),
      view.base == nil,
      view.declName.baseName.text == "view",
      argument.arguments.count == 1,
      let inner = argument.arguments.first?.expression
    {
      self.calls.append((node, inner))
    }
    return .visitChildren
  }
}
