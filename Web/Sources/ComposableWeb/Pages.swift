import Foundation
import ComposableArchitecture

/// The server's static pages.
struct Pages: Sendable {
  let title: String
  let features: [LiveFeature]
  /// Where the pages are mounted (see ``LiveEndpoint/mountPath``).
  var mountPath = ""
  /// What every page has around its feature.
  var layout = LiveLayout()

  /// The stylesheet at `/ocaf.css`. (Styles are a file of their own, not inline: the default
  /// Content-Security-Policy allows only the server's own.)
  static let style = """
    [data-ocaf-component]{display:contents}\
    body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}\
    button{font-size:1rem;margin:0 .25rem;padding:.25rem .75rem}\
    .count{display:inline-block;min-width:3rem;text-align:center;font-size:1.5rem}\
    #ocaf-status{background:#fde68a;padding:.25rem .5rem}\
    #ocaf-status.ocaf-notice{background:#dbeafe}\
    .ocaf-offline{opacity:.55}\
    dialog{padding:0;border:1px solid #999;border-radius:.5rem;min-width:18rem}\
    dialog::backdrop{background:rgba(0,0,0,.35)}\
    .ocaf-dialog-body{padding:1rem}\
    .ocaf-dialog-buttons{display:flex;gap:.5rem;justify-content:flex-end}\
    button[data-role=destructive]{color:#b91c1c}\
    .ocaf-stack-bar{margin-bottom:.5rem}
    """

  func index() -> String {
    document(
      title: title,
      body: [
        h1(title),
        ul {
          for feature in features {
            li {
              a(feature.title, href: "\(mountPath)/\(feature.path)")
              " — \(feature.summary)"
            }
          }
        },
      ],
      script: false
    )
  }

  /// The page of `feature`: its first render and the session that rendered it, when it was
  /// rendered over HTTP; else an empty `<main>` that the socket fills. A routed feature's page
  /// says so, with its path (`data-ocaf-base`) and its state's location.
  func page(
    for feature: LiveFeature, render session: SessionRegistry.FirstRender? = nil,
    nonce: String? = nil
  ) -> String {
    var attributes: [(name: String, value: String)] = [
      ("id", "ocaf-root"), ("data-ocaf-feature", feature.path),
      ("data-ocaf-socket", "\(mountPath)/live"),
    ]
    if feature.isRouted {
      attributes.append(("data-ocaf-routed", ""))
      attributes.append(("data-ocaf-base", "\(mountPath)/\(feature.path)"))
      if let location = session?.location { attributes.append(("data-ocaf-location", location)) }
    }
    if let session { attributes.append(("data-ocaf-session", session.sessionID)) }
    let document = document(
      title: feature.title,
      body: [
        .tag("p") { a("← \(title)", href: "\(mountPath)/") },
        .tag("p", ["id": "ocaf-status", "hidden": ""]) { "Connecting…" },
        .element(HTMLElement(tag: "main", attributes: attributes, events: [], children: [])),
      ],
      script: true,
      nonce: nonce
    )
    guard let session, let end = document.range(of: "</main>") else { return document }
    // The render is HTML already: it goes inside `<main>` as it is. (The first `</main>` is
    // the root's: text before it is escaped, and nothing else renders a `main`.)
    return document.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: session.html)
  }

  private func document(
    title: String, body: [Node<Never>], script: Bool, nonce: String? = nil
  ) -> String {
    let page = Node<Never>.tag("html", ["lang": layout.language]) {
      Node<Never>.tag("head") {
        Node<Never>.tag("meta", ["charset": "utf-8"])
        Node<Never>.tag("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        Node<Never>.tag("title") { layout.title(title) }
        if let favicon = layout.favicon { Node<Never>.tag("link", ["rel": "icon", "href": favicon]) }
        if layout.includesEngineStylesheet {
          Node<Never>.tag("link", ["rel": "stylesheet", "href": "\(mountPath)/ocaf.css"])
        }
        for stylesheet in layout.stylesheets {
          Node<Never>.tag("link", ["rel": "stylesheet", "href": stylesheet])
        }
      }
      Node<Never>.tag("body") {
        body
        if script {
          // The script tells a session it starts the page's nonce (see `LiveSession.styleNonce`).
          Node<Never>.tag("script", ["src": "\(mountPath)/ocaf.js", "defer": ""])
            .attribute("nonce", nonce)
        }
        for source in layout.scripts { Node<Never>.tag("script", ["src": source, "defer": ""]) }
      }
    }
    return "<!DOCTYPE html>" + page.renderStatic()
  }
}
