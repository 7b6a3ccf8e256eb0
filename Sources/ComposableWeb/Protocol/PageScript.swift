#if Web
import Foundation

/// The page's script, served at `/ocaf.js`: it connects a page to its session's WebSocket,
/// sends its events, applies renders and patches by morphing the page, opens dialogs as modals,
/// keeps the URL and history in step with the state, and reconnects, resuming the same session
/// (with form recovery when the session is gone). It is plain JavaScript shipped as the package's
/// resource `Resources/ocaf.js`, where its comments say more; `Web/ScriptTests` unit-tests it
/// under Node.
///
/// A server built with SwiftPM finds the resource in the `Web_ComposableWeb.resources` folder
/// beside its executable: deploy that folder with it.
///
/// ```swift
/// LiveResponse(headers: [LiveField("Content-Type", "text/javascript")], body: PageScript.source)
/// ```
public enum PageScript {
  /// The script's source.
  public static let source: String = {
    guard let url = Bundle.module.url(forResource: "ocaf", withExtension: "js"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else {
      return #"console.error("ComposableWeb: the page script is missing from the server's resources (Web_ComposableWeb.resources/ocaf.js).");"#
    }
    return text
  }()
}
#endif  // Web
