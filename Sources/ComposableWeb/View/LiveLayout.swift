#if Web
/// What every page of a ``LiveEndpoint`` has around its feature: its language, how titles are
/// written, its favicon, the stylesheets and scripts it loads besides the engine's own, and
/// whether a feature's page starts with the engine's header.
///
/// ```swift
/// let endpoint = LiveEndpoint(
///   title: "To-do lists", features: [lists], mountPath: "/app",
///   layout: LiveLayout(
///     title: { "\($0) · To-do lists" },
///     favicon: "/assets/favicon.svg",
///     stylesheets: ["/assets/app.css"],
///     showsHeader: false),
///   hosts: HostPolicy(allowedHosts: nil, boundHost: host), logger: logger)
/// ```
///
/// The files are yours to serve (Hummingbird's `FileMiddleware`, say); the default
/// Content-Security-Policy allows them when they come from the same site. The layout is the
/// page around a view; what the view renders inside `<main>` is the feature's own.
public struct LiveLayout: Sendable {
  /// The `lang` of every page's `<html>`, `"en"` by default.
  ///
  /// ```swift
  /// LiveLayout(language: "nl")
  /// ```
  public var language: String
  /// Makes a page's `<title>` from its feature's title (or, for the index, the endpoint's).
  /// The header and the index show the titles as they are; only `<title>` goes through this.
  ///
  /// ```swift
  /// LiveLayout(title: { "\($0) · To-do lists" })   // "Lists · To-do lists"
  /// ```
  public var title: @Sendable (String) -> String
  /// The favicon's URL (a `<link rel="icon">`), if any.
  ///
  /// ```swift
  /// LiveLayout(favicon: "/assets/favicon.svg")
  /// ```
  public var favicon: String?
  /// Stylesheets (`<link rel="stylesheet">`) loaded after the engine's, in order, so they can
  /// override its rules. For a view's own few rules, ``style(_:)`` will do.
  ///
  /// ```swift
  /// LiveLayout(stylesheets: ["/assets/app.css", "/assets/print.css"])
  /// ```
  public var stylesheets: [String]
  /// Scripts loaded (`defer`) at the end of every page, after the engine's page script, in
  /// order. They run beside it; the page script exposes nothing to them.
  ///
  /// ```swift
  /// LiveLayout(scripts: ["/assets/analytics.js"])
  /// ```
  public var scripts: [String]
  /// Whether pages load the engine's small stylesheet (`/ocaf.css`: status line, dialogs, the
  /// dimming of an offline page, and `display: contents` for components' wrappers). Leave it
  /// off only if your stylesheet covers those.
  ///
  /// ```swift
  /// LiveLayout(stylesheets: ["/assets/app.css"], includesEngineStylesheet: false)
  /// ```
  public var includesEngineStylesheet: Bool
  /// Whether a feature's page starts with a header: a link back to the index, the feature's
  /// title, its summary and its ``LiveFeature/about`` paragraph. Leave it off to show the
  /// feature alone (an app's own page, whose view draws its own heading).
  ///
  /// ```swift
  /// LiveLayout(showsHeader: false)
  /// ```
  public var showsHeader: Bool
  /// A development setting: every page delays each message it sends and each it receives by
  /// this long, as a slow network would, so that loading states and busy elements can be seen
  /// (an element waiting for its answer is `aria-busy` meanwhile). Off in release builds: a
  /// server built with `-c release` ignores it and logs that it did.
  ///
  /// ```swift
  /// var layout = LiveLayout()
  /// layout.simulatedLatency = .milliseconds(800)
  /// ```
  ///
  /// The case studies' server takes it as `--latency 800`.
  public var simulatedLatency: Duration?
  /// The client hooks the pages may run (see ``LiveHook``): each page loads a hook's module
  /// the first time one of its elements names it. The engine serves the hooks given as source.
  ///
  /// ```swift
  /// var layout = LiveLayout()
  /// layout.hooks = [copyHook, LiveHook(name: "Map", url: "/assets/map-hook.js")]
  /// ```
  public var hooks: [LiveHook] = []

  /// Creates a layout; the defaults are the engine's plain pages: English, the feature's title
  /// as it is, no favicon, the engine's stylesheet alone, and the header.
  ///
  /// ```swift
  /// LiveLayout(
  ///   language: "en",
  ///   title: { "\($0) · Case studies" },
  ///   favicon: "/assets/favicon.svg",
  ///   stylesheets: ["/assets/app.css"],
  ///   scripts: ["/assets/analytics.js"],
  ///   includesEngineStylesheet: true,
  ///   showsHeader: true)
  /// ```
  ///
  /// - Parameters:
  ///   - language: The `lang` of every page (see ``language``).
  ///   - title: Makes each page's `<title>` (see ``title``).
  ///   - favicon: The favicon's URL, if any (see ``favicon``).
  ///   - stylesheets: Stylesheets loaded after the engine's (see ``stylesheets``).
  ///   - scripts: Scripts loaded after the engine's (see ``scripts``).
  ///   - includesEngineStylesheet: Whether pages load `/ocaf.css` (see
  ///     ``includesEngineStylesheet``).
  ///   - showsHeader: Whether a feature's page starts with its header (see ``showsHeader``).
  public init(
    language: String = "en",
    title: @escaping @Sendable (String) -> String = { $0 },
    favicon: String? = nil,
    stylesheets: [String] = [],
    scripts: [String] = [],
    includesEngineStylesheet: Bool = true,
    showsHeader: Bool = true
  ) {
    self.language = language
    self.title = title
    self.favicon = favicon
    self.stylesheets = stylesheets
    self.scripts = scripts
    self.includesEngineStylesheet = includesEngineStylesheet
    self.showsHeader = showsHeader
  }
}
#endif  // Web
