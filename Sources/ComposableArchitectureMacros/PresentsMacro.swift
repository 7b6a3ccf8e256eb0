import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents`: stores an optional presented state in a `PresentationState`, readable as the
/// optional and as `$name`, observed like any tracked property.
public enum PresentsMacro {
  /// The wrapped type of `T?` or `Optional<T>`.
  static func wrappedType(of type: TypeSyntax) -> String? {
    if let optional = type.as(OptionalTypeSyntax.self) {
      return optional.wrappedType.trimmedDescription
    }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first
    {
      return argument.argument.trimmedDescription
    }
    return nil
  }

  /// The property's name and presented type. Only the peer expansion reports a missing type,
  /// so that the problem is reported once.
  static func storage(
    of declaration: some DeclSyntaxProtocol,
    node: AttributeSyntax,
    context: some MacroExpansionContext,
    diagnose: Bool
  ) -> (name: String, wrapped: String, variable: VariableDeclSyntax)? {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.isTrackableStoredProperty,
      let name = variable.identifierName,
      let binding = variable.bindings.first
    else { return nil }
    guard let type = binding.typeAnnotation?.type, let wrapped = self.wrappedType(of: type) else {
      guard diagnose else { return nil }
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.error(
            "'@Presents' requires an explicit optional type annotation, like 'var destination: Destination.State?'",
            id: "presents-type"
          )
        )
      )
      return nil
    }
    return (name, wrapped, variable)
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let (name, _, _) = self.storage(
        of: declaration, node: node, context: context, diagnose: false
      )
    else {
      return []
    }
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return _\(raw: name).wrappedValue
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(self, keyPath: \\.\(raw: name), &_\(raw: name).wrappedValue, newValue, _$isIdentityEqual)
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let (name, wrapped, variable) = self.storage(
        of: declaration, node: node, context: context, diagnose: true
      )
    else { return [] }
    let access =
      variable.modifiers.first(where: {
        [.keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate), .keyword(.private)]
          .contains($0.name.tokenKind) && $0.detail == nil
      }).map { "\($0.name.text) " } ?? ""
    return [
      """
      \(raw: access)var $\(raw: name): ComposableArchitecture.PresentationState<\(raw: wrapped)> {
        get {
          _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
          return _\(raw: name).projectedValue
        }
        set {
          _$observationRegistrar.mutate(self, keyPath: \\.\(raw: name), &_\(raw: name).projectedValue, newValue, _$isIdentityEqual)
        }
        _modify {
          let snapshot = _$observationRegistrar.willModify(presentation: \\Self.\(raw: name), &_\(raw: name))
          defer {
            ComposableArchitecture.ObservationStateRegistrar._$didModify(&self, keyPath: \\.\(raw: name), presentation: snapshot) {
              $0._\(raw: name)
            }
          }
          yield &_\(raw: name)
        }
      }
      """,
      """
      @ObservationStateIgnored private var _\(raw: name) = ComposableArchitecture.PresentationState<\(raw: wrapped)>(wrappedValue: nil)
      """,
    ]
  }
}
