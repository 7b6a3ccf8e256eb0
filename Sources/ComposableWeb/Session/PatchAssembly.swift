#if Web
import Logging

/// Turns what changed since the page's last message into the page's next one: the contents of
/// each changed component rendered again (parents first), the values of fields whose state did
/// not take what the page sent, a routed page's new location, the refs of the page's messages
/// it answers, and the events pushed to the page's hooks.
///
/// ```swift
/// var assembly = PatchAssembly(logger: logger, logName: "#1")
/// assembly.correct(handler: "h4", value: .string("42"))
/// assembly.message(changed: changes.take(), location: nil, renderer: renderer)
/// // {"patches":[…],"type":"patch","values":[{"handler":"h4","value":"42"}]}
/// ```
struct PatchAssembly {
  /// Values the state holds instead of what the page sent, by handler id.
  private var corrections: [(handler: String, value: InputValue)] = []
  private let logger: Logger
  private let logName: String

  init(logger: Logger, logName: String) {
    self.logger = logger
    self.logName = logName
  }

  /// The refs of messages the page waits to hear answered (see ``ClientMessage``).
  private var acknowledged: [Int] = []

  /// Whether corrections or acknowledgements wait to be sent.
  var hasPendingReplies: Bool { !corrections.isEmpty || !acknowledged.isEmpty }

  /// Names the page's message `ref` in the next patch, so that the page stops waiting for it.
  mutating func acknowledge(_ ref: Int) {
    acknowledged.append(ref)
  }

  /// Tells the page, in the next patch, that the field of `handler` holds `value`, even if the
  /// state did not change (then no component renders again).
  mutating func correct(handler: String, value: InputValue) {
    corrections.append((handler: handler, value: value))
  }

  /// The patch message for `changed` components, the corrections and `location`, or `nil` when
  /// there is nothing to send. Changes of a generation that is no longer mounted are stale.
  mutating func message(
    changed: Set<ChangeTracker.Change>, location: (location: LiveLocation, history: LiveHistory)?,
    events: [(name: String, payload: String)] = [],
    streams: [(name: String, operation: StreamOperation)] = [], renderer: ComponentRenderer
  ) -> String? {
    let corrected = corrections
    corrections = []
    let acknowledged = self.acknowledged
    self.acknowledged = []
    guard
      !changed.isEmpty || !corrected.isEmpty || !acknowledged.isEmpty || !events.isEmpty
        || !streams.isEmpty || location != nil
    else { return nil }
    var patches: [(id: String, html: [UInt8])] = []
    let dirty = Set(changed.filter { renderer.generation(of: $0.id) == $0.generation }.map(\.id))
    // Parents first: a parent's new render replaces its changed children, whose pending changes
    // then belong to a generation that no longer exists.
    for change in changed.sorted(by: { ($0.id.count, $0.id) < ($1.id.count, $1.id) }) {
      guard let component = renderer.component(change.id, generation: change.generation) else {
        continue
      }
      var html: [UInt8] = []
      renderer.renderContents(componentID: change.id, component: component, dirty: dirty, into: &html)
      patches.append((id: change.id, html: html))
    }
    // A correction whose handler a new render replaced is carried by that render. JSON has no
    // infinite or NaN numbers: such a value is logged and left out.
    let values = corrected.filter { renderer.handlers.isCurrent($0.handler) }.compactMap {
      correction -> ServerMessage.Patch.Value? in
      if case let .number(number) = correction.value, !number.isFinite {
        logger.warning(
          "Left out a corrected value the page cannot show: \(number) is not a finite number",
          metadata: ["session": "\(logName)", "handler": "\(correction.handler)"])
        return nil
      }
      return ServerMessage.Patch.Value(handler: correction.handler, value: correction.value)
    }
    // After the components: a container a patch rendered anew is on the page for its rows.
    let streamPatch = renderer.streamPatch(streams)
    guard
      !patches.isEmpty || !values.isEmpty || !acknowledged.isEmpty || !events.isEmpty
        || streamPatch != nil || location != nil
    else { return nil }
    return JSONText.patch(
      patches, values: values, location: location.map { ($0.location.text, $0.history) },
      acknowledged: acknowledged, events: events, streams: streamPatch)
  }
}
#endif  // Web
