/// What every page of a ``LiveEndpoint`` has around its feature: its language, how titles are
/// written, its favicon, and the stylesheets and scripts it loads besides the engine's own.
///
/// ```swift
/// LiveLayout(
///   title: { "\($0) · Lists" },
///   favicon: "/assets/favicon.svg",
///   stylesheets: ["/assets/app.css"],
///   scripts: ["/assets/analytics.js"])
/// ```
///
/// The files are yours to serve (Hummingbird's `FileMiddleware`, say); the default
/// Content-Security-Policy allows them when they come from the same site.
public struct LiveLayout: Sendable {
  /// The `lang` of every page, `"en"` by default.
  public var language: String
  /// Makes a page's `<title>` from its feature's title (or the index's).
  public var title: @Sendable (String) -> String
  /// The favicon's URL, if any.
  public var favicon: String?
  /// Stylesheets loaded after the engine's, in order.
  public var stylesheets: [String]
  /// Scripts loaded (deferred) after the engine's, in order.
  public var scripts: [String]
  /// Whether pages load the engine's small stylesheet (`/ocaf.css`: status line, dialogs, the
  /// dimming of an offline page). Leave it off only if your stylesheet covers those.
  public var includesEngineStylesheet: Bool
  /// Whether a feature's page starts with a header: a link back to the index, the feature's
  /// title, its summary and its ``LiveFeature/about`` paragraph. Leave it off to show the
  /// feature alone.
  public var showsHeader: Bool

  /// Creates a layout; the defaults are the engine's plain pages.
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
