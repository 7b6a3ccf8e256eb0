#if Web
/// A `<div>` around the given children: the usual root of a view.
///
/// ```swift
/// div(["class": "row"]) { button("+", send: .incrementButtonTapped) }
/// div { h2("Counter"); span("\(store.count)") }
/// ```
@inlinable
public func div<Action>(
  _ attributes: KeyValuePairs<String, String> = [:],
  @NodeBuilder<Action> _ children: () -> [Node<Action>]
) -> Node<Action> {
  .tag("div", attributes, children)
}

/// A `<span>` holding the given text. For a span with other children, write
/// `Node.tag("span", …) { … }`.
///
/// ```swift
/// span("\(store.count)", ["class": "count"])
/// ```
@inlinable
public func span<Action>(
  _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("span", attributes) { text }
}

/// A paragraph holding the given text. For a paragraph with other children (a link, a field),
/// write `Node.tag("p", …) { … }`.
///
/// ```swift
/// p("Tap + to count up.")
/// p(message, ["class": "error"])
/// ```
@inlinable
public func p<Action>(
  _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("p", attributes) { text }
}

/// A `<h1>` heading. It takes no attributes: add one with ``Node/attribute(_:_:)``.
///
/// ```swift
/// h1("Case studies")
/// h1(store.title).attribute("id", "title")
/// ```
@inlinable
public func h1<Action>(_ text: String) -> Node<Action> { .tag("h1") { text } }

/// A `<h2>` heading. Other levels have no helper: `Node.tag("h3") { "Details" }`.
///
/// ```swift
/// h2("Counter")
/// ```
@inlinable
public func h2<Action>(_ text: String) -> Node<Action> { .tag("h2") { text } }

/// A `<style>` element holding `css` as it is: not escaped as HTML (so `a > b` stays a
/// selector), and unable to end the element early (a `</` inside it is written `<\/`, a `<!--`
/// `<\!--`).
///
/// The browser applies it under the server's Content-Security-Policy, whose default allows no
/// inline style: every page gets a nonce of its own, its response's policy allows that nonce in
/// `style-src`, and every `style` element its session renders, in the first render and in
/// later patches, is written with `nonce="…"`. (A policy you set without a `style-src`
/// directive is left as it is; ``Node/renderStatic()`` writes no nonce.)
///
/// ```swift
/// div(["class": "todos"]) {
///   style(".todos > ul > li.done { text-decoration: line-through }")
///   ul {
///     for todo in store.todos {
///       li { todo.title }.attribute("class", todo.isDone ? "done" : nil)
///     }
///   }
/// }
/// ```
///
/// The nonce covers `style` elements only: a `style` attribute (`["style": "color: red"]`) is
/// still blocked by the default policy. Use a class and a rule here, or a stylesheet of
/// ``LiveLayout/stylesheets``.
public func style<Action>(_ css: String) -> Node<Action> { .tag("style") { css } }

/// A link that the browser follows as any link, loading the page at `href`.
///
/// ```swift
/// a("Counter", href: "/counter")
/// ```
///
/// Mark it `data-ocaf-live-link` to go to another location of the same routed page, or to
/// another live page, without a reload (see ``LiveRoute``):
///
/// ```swift
/// a("Active", href: "/todos?filter=active").attribute("data-ocaf-live-link", "")
/// ```
@inlinable
public func a<Action>(_ text: String, href: String) -> Node<Action> {
  .tag("a", ["href": href]) { text }
}

/// A `<ul>` list whose children are usually ``li(_:)`` items. It takes no attributes: write
/// `Node.tag("ul", ["class": …]) { … }`, or add one with ``Node/attribute(_:_:)``. A numbered
/// list is `Node.tag("ol") { … }`.
///
/// ```swift
/// ul { for name in store.names { li { name } } }
/// ```
@inlinable
public func ul<Action>(@NodeBuilder<Action> _ children: () -> [Node<Action>]) -> Node<Action> {
  .tag("ul", [:], children)
}

/// A list item. It takes no attributes; a keyed row is `Node.tag("li", ["data-ocaf-key": id])`.
///
/// ```swift
/// li { a("Counter", href: "/counter") }
/// ```
@inlinable
public func li<Action>(@NodeBuilder<Action> _ children: () -> [Node<Action>]) -> Node<Action> {
  .tag("li", [:], children)
}
#endif  // Web
