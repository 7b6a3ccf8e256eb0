#if Web
/// Builds a list of nodes from Swift statements: expressions (nodes, strings, arrays of nodes),
/// `let`, `if`, `if let`, `switch` and `for`.
///
/// Every helper that takes children takes a builder block:
///
/// ```swift
/// div {
///   h2("To-dos")
///   if store.todos.isEmpty {
///     p("Nothing to do.")
///   } else {
///     ul { for todo in store.todos { li { todo.title } } }
///   }
///   if let error = store.errorMessage { p(error, ["class": "error"]) }
/// }
/// ```
///
/// It can also make a list of nodes of your own:
///
/// ```swift
/// @NodeBuilder<Never> var items: [Node<Never>] {
///   p("one")
///   if showsTwo { p("two") }
/// }
/// ```
@resultBuilder
public enum NodeBuilder<Action> {
  /// A node as a statement of the block.
  ///
  /// ```swift
  /// div { span("\(store.count)") }
  /// ```
  @inlinable
  public static func buildExpression(_ node: Node<Action>) -> [Node<Action>] { [node] }
  /// A string as a statement of the block: text, escaped when rendered.
  ///
  /// ```swift
  /// Node.tag("label") { "Display name " ; textField($store.displayName) }
  /// ```
  @inlinable
  public static func buildExpression(_ text: String) -> [Node<Action>] { [.text(text)] }
  /// An array of nodes as a statement of the block: its nodes, in order.
  ///
  /// ```swift
  /// let rows: [Node<Todos.Action>] = store.todos.map { todo in li { todo.title } }
  /// ul { rows }
  /// ```
  @inlinable
  public static func buildExpression(_ nodes: [Node<Action>]) -> [Node<Action>] { nodes }
  /// The statements of a block, in order.
  ///
  /// ```swift
  /// div { h2("Counter"); span("\(store.count)") }
  /// ```
  @inlinable
  public static func buildBlock(_ parts: [Node<Action>]...) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`, or an `if let`: its nodes, or none.
  ///
  /// ```swift
  /// if store.isLoading { p("Loading…") }
  /// ```
  @inlinable
  public static func buildOptional(_ part: [Node<Action>]?) -> [Node<Action>] { part ?? [] }
  /// The first branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// if store.isSignedIn { p("Welcome back") } else { a("Sign in", href: "/sign-in") }
  /// ```
  @inlinable
  public static func buildEither(first: [Node<Action>]) -> [Node<Action>] { first }
  /// The other branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// switch store.filter {
  /// case .all: p("Everything")
  /// case .active: p("Still to do")
  /// case .completed: p("Done")
  /// }
  /// ```
  @inlinable
  public static func buildEither(second: [Node<Action>]) -> [Node<Action>] { second }
  /// A `for` loop: the nodes of every pass, in order.
  ///
  /// ```swift
  /// ul { for name in store.names { li { name } } }
  /// ```
  @inlinable
  public static func buildArray(_ parts: [[Node<Action>]]) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  /// An `if #available` branch.
  ///
  /// ```swift
  /// if #available(macOS 15, *) { p("Sent at \(store.sentAt)") }
  /// ```
  @inlinable
  public static func buildLimitedAvailability(_ part: [Node<Action>]) -> [Node<Action>] { part }
}
#endif  // Web
