#if Web
import Foundation

/// The page's script: plain JavaScript modules that a page loads as they are, from
/// `mountPath + "/ocaf/"`, starting with ``entry``. It connects a page to its session's
/// WebSocket, sends its events, applies renders and patches by morphing the page, opens
/// dialogs as modals, keeps the URL and history in step with the state, and reconnects,
/// resuming the same session (with form recovery when the session is gone). The modules are the
/// package's resource folder `Resources/PageScript`, where their comments say more;
/// `Web/ScriptTests` unit-tests each under Node. Their module `protocol.js` is generated from
/// ``PageProtocol``.
///
/// A server built with SwiftPM finds the resource in the `*_ComposableWeb.resources` folder
/// beside its executable: deploy that folder with it.
///
/// ```swift
/// if let source = PageScript.modules["main.js"] {
///   LiveResponse(headers: [LiveField("Content-Type", "text/javascript")], body: source)
/// }
/// ```
public enum PageScript {
  /// The module a page loads, which imports the others.
  public static let entry = "main.js"

  /// The path, below the endpoint's mount path, of the folder the modules are served from.
  public static let folder = "/ocaf/"

  /// Each module's source, by its file name.
  public static let modules: [String: String] = {
    guard let folder = Bundle.module.url(forResource: "PageScript", withExtension: nil),
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else {
      return [
        entry: #"console.error("ComposableWeb: the page script is missing from the server's resources (ComposableWeb.resources/PageScript).");"#
      ]
    }
    var modules: [String: String] = [:]
    for name in names where name.hasSuffix(".js") {
      if let source = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) {
        modules[name] = source
      }
    }
    return modules
  }()
}
#endif  // Web
