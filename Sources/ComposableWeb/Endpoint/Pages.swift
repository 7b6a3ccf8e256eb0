#if Web
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
  /// Whether there is an index for a page's header to link back to.
  var showsIndex = true

  /// The client hooks pages may run: the layout's, then the features', the first of each name.
  var hooks: [LiveHook] {
    var names: Set<String> = []
    return (layout.hooks + features.flatMap(\.hooks)).filter {
      LiveHook.isValidName($0.name) && names.insert($0.name).inserted
    }
  }

  /// The stylesheet at `/ocaf.css`: a file of its own, which every page of the endpoint shares
  /// and the browser caches (a feature's own `<style>` elements get the page's nonce instead).
  static let style = """
    :root{--ink:#1f2937;--muted:#6b7280;--line:#e5e7eb;--accent:#2563eb;--paper:#fff;--wash:#f8fafc;\
    color-scheme:light}\
    *{box-sizing:border-box}\
    [data-ocaf-component]{display:contents}\
    body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);\
    background:var(--wash);max-width:44rem;margin:0 auto;padding:1rem}\
    main#ocaf-root,.ocaf-index{background:var(--paper);border:1px solid var(--line);\
    border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}\
    h1{font-size:1.6rem;margin:.25rem 0}h2{font-size:1.15rem;margin:1rem 0 .5rem}\
    a{color:var(--accent)}\
    .ocaf-back{font-size:.9rem;margin:0}\
    .ocaf-summary{font-size:1.05rem;margin:.25rem 0}\
    .ocaf-about{color:var(--muted);margin:.5rem 0 0}\
    .ocaf-index ul{list-style:none;padding:0;margin:0}\
    .ocaf-index li{padding:.6rem 0;border-top:1px solid var(--line)}\
    .ocaf-index li:first-child{border-top:0}\
    .ocaf-index li a{font-weight:600}\
    .ocaf-index li span{display:block;color:var(--muted)}\
    button{font:inherit;margin:.15rem .25rem .15rem 0;padding:.35rem .8rem;border:1px solid #cbd5e1;\
    border-radius:.4rem;background:#fff;color:var(--ink);cursor:pointer}\
    button:hover:not(:disabled){background:#eff6ff;border-color:var(--accent)}\
    button:disabled{opacity:.5;cursor:default}\
    button[aria-busy=true]{opacity:.7}\
    [aria-busy=true]{cursor:progress}\
    [hidden]{display:none!important}\
    input,select,textarea{font:inherit;padding:.3rem .5rem;border:1px solid #cbd5e1;border-radius:.4rem;\
    max-width:100%}\
    input[type=checkbox],input[type=radio]{width:1.1rem;height:1.1rem;vertical-align:middle}\
    input[type=range]{padding:0;vertical-align:middle}\
    ul{padding-left:1.25rem}\
    .count{display:inline-block;min-width:3rem;text-align:center;font-size:1.5rem;\
    font-variant-numeric:tabular-nums}\
    #ocaf-status{background:#fde68a;padding:.4rem .75rem;border-radius:.4rem}\
    #ocaf-status.ocaf-notice{background:#dbeafe}\
    .ocaf-offline{opacity:.55}\
    dialog{padding:0;border:1px solid #999;border-radius:.6rem;min-width:min(18rem,90vw);\
    max-width:90vw}\
    dialog::backdrop{background:rgba(0,0,0,.35)}\
    .ocaf-dialog-body{padding:1rem}\
    .ocaf-dialog-buttons{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:flex-end}\
    button[data-role=destructive]{color:#b91c1c}\
    .ocaf-stack-bar{margin-bottom:.5rem}\
    @media (max-width:30rem){body{padding:.5rem}main#ocaf-root,.ocaf-index{padding:.75rem}\
    h1{font-size:1.35rem}}
    """

  func index() -> String {
    document(
      title: title,
      body: [
        h1(title),
        div(["class": "ocaf-index"]) {
          ul {
            for feature in features {
              li {
                a(feature.title, href: "\(mountPath)/\(feature.path)")
                span(feature.summary)
              }
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
    attributes.append(("data-ocaf-base", "\(mountPath)/\(feature.path)"))
    if feature.isRouted {
      attributes.append(("data-ocaf-routed", ""))
      if let location = session?.location { attributes.append(("data-ocaf-location", location)) }
    }
    if let session { attributes.append(("data-ocaf-session", session.sessionID)) }
    if let hooks = hookTable { attributes.append((PageProtocol.Attribute.hooks.name, hooks)) }
    #if DEBUG
      if let latency = layout.simulatedLatency, latency > .zero {
        attributes.append((PageProtocol.Attribute.latency.name, String(latency.milliseconds)))
      }
    #endif
    let document = document(
      title: feature.title,
      body: [
        layout.showsHeader ? header(for: feature) : .fragment([]),
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

  /// The path below the mount path of a hook the engine serves.
  static func hookPath(_ name: String) -> String { PageScript.folder + "hooks/" + name + ".js" }

  /// The page root's table of client hooks: a JSON object of each hook's name and module URL;
  /// `nil` without hooks.
  var hookTable: String? {
    let hooks = self.hooks
    guard !hooks.isEmpty else { return nil }
    var output: [UInt8] = [UInt8(ascii: "{")]
    for (index, hook) in hooks.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      JSONText.appendString(hook.name, into: &output)
      output.append(UInt8(ascii: ":"))
      JSONText.appendString(hook.url ?? mountPath + Self.hookPath(hook.name), into: &output)
    }
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// What a page switched to by a live link needs to know of `feature` (a JSON object for its
  /// first render): its feature, path, whether it is routed, its title, and its header's texts.
  func switchedPage(for feature: LiveFeature) -> ServerMessage.SwitchedPage {
    ServerMessage.SwitchedPage(
      about: feature.about, base: "\(mountPath)/\(feature.path)", feature: feature.path,
      heading: feature.title, routed: feature.isRouted, summary: feature.summary,
      title: layout.title(feature.title))
  }

  /// A feature page's header: back to the index (if there is one), the title, the summary and the paragraph
  /// about the feature.
  private func header(for feature: LiveFeature) -> Node<Never> {
    .tag("header") {
      if showsIndex {
        Node<Never>.tag("p", ["class": "ocaf-back"]) { a("← \(title)", href: "\(mountPath)/") }
      }
      h1(feature.title)
      p(feature.summary, ["class": "ocaf-summary"])
      if let about = feature.about { p(about, ["class": "ocaf-about"]) }
    }
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
          Node<Never>.tag(
            "script", ["src": mountPath + PageScript.folder + PageScript.entry, "type": "module"])
            .attribute("nonce", nonce)
        }
        for source in layout.scripts { Node<Never>.tag("script", ["src": source, "defer": ""]) }
      }
    }
    return "<!DOCTYPE html>" + page.renderStatic()
  }
}
#endif  // Web
