#if Web
import Foundation

/// What an element does when one of its events fires: the second half of each entry of
/// ``HTMLElement/events``, and of the `events:` of ``Node/tag(_:_:events:_:)``.
///
/// ```swift
/// Handler<Counter.Action>.send(.incrementButtonTapped)
/// Handler<Search.Action>.value { .searchQueryChanged($0) }
/// Handler<Settings.Action>.input(.binding($store.sendNotifications))
/// ```
public enum Handler<Action> {
  /// Sends a fixed action, whatever value the page reports: a click, a submission.
  ///
  /// ```swift
  /// Node.tag("a", ["href": "#"], events: [("click", .send(.showMoreTapped))]) { "More" }
  /// ```
  case send(Action)
  /// Sends the action made from the string value the page reports (an input's value). A value
  /// of another kind (a checkbox's Boolean, a number field's number) is refused and logged.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "search"], events: [("input", .value { .searchQueryChanged($0) })])
  /// ```
  case value((String) -> Action)
  /// Hands the page's typed value to an ``InputHandler``, e.g. one that writes a `Binding`.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "checkbox"], events: [("change", .input(.binding($store.isOn)))])
  /// ```
  case input(InputHandler)
  /// Sends the action made from a JSON payload the page sends: a window's size, or what a
  /// hook pushes. Make one with ``decode(_:_:)``.
  case payload(PayloadHandler<Action>)
  /// A file input's uploads: the selection the page reports, and the chunks it sends. Made by
  /// ``fileInput(_:_:)``, which sends its actions to the uploads' own store.
  case upload(UploadBinding)
  /// A stream container's rows, rendered as they are sent (see ``stream(_:tag:_:row:)``): no
  /// event of the page fires it.
  case streamRows(StreamRows<Action>)

  /// Decodes the JSON payload the page sends with the event as `Payload`, and sends the action
  /// made from it. A payload that does not decode sends nothing: the session logs one line
  /// that names the type and what was wrong.
  ///
  /// ```swift
  /// div { … }.on(.windowResize, .decode { (size: WindowSize) in .resized(size) })
  /// ```
  public static func decode<Payload: Decodable>(
    _ type: Payload.Type = Payload.self, _ makeAction: @escaping (Payload) -> Action
  ) -> Handler {
    .payload(
      PayloadHandler(typeName: String(describing: Payload.self)) { json in
        makeAction(try JSONDecoder().decode(Payload.self, from: Data(json.utf8)))
      })
  }
}

/// Makes an action from the JSON payload a page sends with an event (see
/// ``Handler/decode(_:_:)``).
///
/// ```swift
/// let handler = Handler<Chart.Action>.decode { (point: Point) in .pointSelected(point) }
/// ```
public struct PayloadHandler<Action> {
  /// The payload's type, as the log names it.
  let typeName: String
  /// The action of a payload, given as JSON text; throws when it does not decode.
  let makeAction: (String) throws -> Action
}
#endif  // Web
