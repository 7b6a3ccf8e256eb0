extension CancelScope {
  /// Outside tests, the scopes of the IDs under which presented features run and wait for their
  /// dismissal, made once: every presentation registers under both.
  private static let presented = CancelScope(madeOnce: _PresentedID())
  private static let presentationDismissal = CancelScope(madeOnce: PresentationDismissID())

  /// The scope of IDs of type `ID` outside tests, when it is made once; `nil` for every other
  /// type. (Two comparisons of types: asked on every registration.)
  static func madeOnce<ID>(for _: ID.Type) -> Self? {
    if ID.self == _PresentedID.self { return Self.presented }
    if ID.self == PresentationDismissID.self { return Self.presentationDismissal }
    return nil
  }
}
