import ComposableArchitecture
import Foundation
import Logging
import Observation
import Synchronization

/// One browser tab: owns the root component of a feature (and so its store), renders it, and
/// turns the page's messages into actions.
///
/// The page only ever sees opaque handler ids. Each render issues fresh ids for the component it
/// renders and revokes the ids of that component's previous render, so a message is accepted only
/// if it names a handler of the page as it currently is. A click's, a submission's or a dialog
/// dismissal's id acts once: its first use spends it, and its component renders again to give the
/// element a fresh one, so a double click or a replayed message cannot act twice. Elements rendered
/// `disabled` (or inside a `disabled` fieldset) get no id at all.
///
/// ```swift
/// let session = LiveSession(id: "…", store: store, view: counterView, logger: logger)
/// let first = session.start()       // {"html":"…","session":"…","type":"render"}
/// session.receive(#"{"handler":"h1"}"#)
/// let patch = session.flush()       // {"patches":[{"html":"…","id":"c"}],"type":"patch"}
/// ```
@MainActor
public final class LiveSession {
  /// The session's id (what a reconnecting page presents to resume it). It is a bearer token:
  /// the log names the session by ``logName`` instead, and shows the id only at debug level.
  public let id: String
  /// How the log names the session: `#` and a number counted up per process, e.g. `#12`.
  public nonisolated let logName: String
  private nonisolated static let sessionCount = Atomic<Int>(0)
  /// The largest message, in UTF-8 bytes, that the session reads; longer ones are ignored.
  public nonisolated static let maximumMessageSize = 8 * 1024

  let root: Component
  let logger: Logger
  /// Called with every message for the page (a full render or patches), while a page is attached.
  package var output: (@Sendable (String) -> Void)?
  /// Encodes the store's state for a snapshot; set for features whose state is `Codable`.
  var encodeState: (() -> Data?)?
  /// The nonce of the page's Content-Security-Policy for inline styles, if it has one: every
  /// `style` element the session renders carries it, so that the browser applies it.
  var styleNonce: String?
  /// Called whenever the session's state may have changed (a message was handled, an effect
  /// changed what the page shows).
  var stateChanged: (() -> Void)?

  /// How long the handler ids of a replaced render stay accepted, so that events the user
  /// triggered before the new render reached the page (the next keystrokes in a field) still
  /// count. They run the handlers of the render the user saw.
  public let replacedHandlerGrace: Duration

  private struct MountedComponent {
    var component: Component
    var generation: Int
    var handlerIDs: [String] = []
    var childIDs: [String] = []
    /// The length of its last render in UTF-8 bytes, to reserve room for the next one.
    var renderedLength = 0
  }

  /// What the render of one component keeps track of.
  struct RenderContext {
    let componentID: String
    let previousChildren: Set<String>
    let dirty: Set<String>
    var childIndex = 0
    var placed: Set<String> = []
    var handlerIDs: [String] = []
    var childIDs: [String] = []
    /// Inside a `fieldset` rendered `disabled`: its controls get no handler ids.
    var isInsideDisabledFieldset = false
  }

  /// A handler id the page may send: what it runs, and the component whose render issued it.
  struct IssuedHandler {
    let bound: BoundHandler
    let componentID: String
    /// Spent by its first use (see ``LiveSession/isSingleUse(event:)``).
    let isSingleUse: Bool
  }

  private var mounted: [String: MountedComponent] = [:]
  private var handlers: [String: IssuedHandler] = [:]
  private var replaced: [String: (handler: IssuedHandler, until: ContinuousClock.Instant)] = [:]
  /// The ids in `replaced`, oldest first (their deadlines never decrease), so that pruning looks
  /// only at the expired ones instead of copying the whole dictionary after every action.
  private var replacedOrder: [(handlerID: String, until: ContinuousClock.Instant)] = []
  private var replacedOrderStart = 0
  private var floodGate: FloodGate
  private var droppedByRate = 0
  private var corrections: [(handler: String, value: InputValue)] = []
  private var nextHandlerNumber = 0
  private var nextGeneration = 0
  /// How many times a component's contents were rendered (a full render counts each component
  /// it renders; a kept child counts nothing).
  private(set) var componentRenders = 0
  private let changes = ChangeBox()
  private let reference = SessionReference()
  private static let rootID = "c"

  /// How the page's URL follows the store's state, for a feature with a ``LiveRoute``.
  struct Route {
    /// The location of the store's current state.
    let location: @MainActor () -> LiveLocation
    /// Sends the action a location asks for, if the feature understands it.
    let navigate: @MainActor (LiveLocation) -> Void
    let history: @MainActor (LiveLocation, LiveLocation) -> LiveHistory
  }
  private var route: Route?
  /// The location the page's URL shows, as far as the session knows.
  package private(set) var shownLocation: LiveLocation?
  /// The page went to ``shownLocation`` itself (Back, Forward, a live link): a location the
  /// state then disagrees with replaces that history entry rather than adding one.
  private var pageNavigated = false
  /// The change id under which observation reports that the location may have changed.
  private nonisolated static let locationID = "@location"
  /// Whether an observation of the location is registered and has not fired yet: one at a
  /// time, or every flush would add one that waits, with its closures, for the next change.
  private var isObservingLocation = false

  /// Creates a session whose page is `view` of `store`.
  ///
  /// ```swift
  /// LiveSession(
  ///   id: LiveSession.makeID(),
  ///   store: Store(initialState: Counter.State()) { Counter() },
  ///   view: counterView,
  ///   logger: logger
  /// )
  /// ```
  public convenience init<State, Action>(
    id: String,
    store: Store<State, Action>,
    view: @escaping @MainActor (Store<State, Action>) -> Node<Action>,
    replacedHandlerGrace: Duration = .seconds(5),
    limits: LiveLimits = LiveLimits(),
    logger: Logger
  ) {
    self.init(
      id: id,
      root: Component(
        key: nil, identity: nil, body: { StoreNodes(nodes: view(store), store: store) }),
      replacedHandlerGrace: replacedHandlerGrace,
      limits: limits,
      logger: logger
    )
  }

  /// A session of a feature's page: its route, if any, follows `location` (a deep link's), and
  /// then `appearAction` is sent.
  package convenience init<State, Action>(
    id: String, store: Store<State, Action>,
    view: @escaping @MainActor (Store<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>?, location: LiveLocation?,
    appearAction: (@Sendable () -> Action)?, limits: LiveLimits, logger: Logger
  ) {
    self.init(id: id, store: store, view: view, limits: limits, logger: logger)
    if let route { follow(route, of: store, startingAt: location) }
    if let appearAction { store.send(appearAction()) }
  }

  init(
    id: String, root: Component, replacedHandlerGrace: Duration, limits: LiveLimits,
    logger: Logger
  ) {
    self.id = id
    self.logName = "#" + String(Self.sessionCount.wrappingAdd(1, ordering: .relaxed).newValue)
    self.root = root
    self.replacedHandlerGrace = replacedHandlerGrace
    self.floodGate = FloodGate(rate: limits.messagesPerSecond, burst: limits.burst)
    self.logger = logger
    reference.session = self
  }

  /// Makes the page's URL follow `store`'s state by `route`; when the session starts at a deep
  /// link, `location` is where it starts, and the action it asks for is sent now.
  func follow<State, Action>(
    _ route: LiveRoute<State, Action>, of store: Store<State, Action>, startingAt location: LiveLocation?
  ) {
    self.route = Route(
      location: { store.withState { route.location($0) } },
      navigate: { location in
        if let action = route.action(location) { store.send(action) }
      },
      history: route.history)
    if let location { self.route?.navigate(location) }
  }

  /// The location of the state. It is observed (a change to what it reads schedules a flush)
  /// unless an observation is still waiting; `fired` says the last one reported a change.
  private func currentLocation(fired: Bool) -> LiveLocation? {
    guard let route else { return nil }
    if fired { isObservingLocation = false }
    guard !isObservingLocation else { return route.location() }
    isObservingLocation = true
    let changes = self.changes
    let reference = self.reference
    return withObservationTracking {
      route.location()
    } onChange: {
      if changes.insert(id: Self.locationID, generation: 0) {
        Task { @MainActor in reference.session?.flushToPage() }
      }
    }
  }

  /// A new session id: 128 random bits as 32 hex digits.
  public nonisolated static func makeID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Renders the whole page afresh and returns the message that carries it. Handler ids of any
  /// earlier render stop being accepted.
  public func start() -> String {
    start(page: nil)
  }

  /// ``start()``, for a page switched to by a live link: `page` (a JSON object) tells it which
  /// feature it now shows (see ``Pages/switchedPage(for:)``).
  func start(page: String?) -> String {
    let html = renderAfresh()
    return JSONText.render(session: id, html: html, location: shownLocation?.text, page: page)
  }

  /// Renders the whole page afresh, as ``start()`` does, and returns its HTML: what a page
  /// rendered over HTTP shows before its socket connects.
  public func startHTML() -> String {
    String(decoding: renderAfresh(), as: UTF8.self)
  }

  private func renderAfresh() -> [UInt8] {
    let taken = changes.take()
    unmount(Self.rootID)
    pruneReplaced()
    var html: [UInt8] = []
    render(componentID: Self.rootID, component: root, into: &html)
    // The page rendered whole shows the state's location (its script replaces its URL).
    pageNavigated = false
    shownLocation = currentLocation(fired: taken.contains { $0.id == Self.locationID })
    return html
  }

  /// Handles one text message from the page: `{"handler": id, "value": …}`. Anything else is
  /// logged and ignored. A change the message makes is sent to the page at once.
  public func receive(_ text: String) {
    receive(Self.read(text), at: .now)
  }

  /// Handles a message that arrived at `now`.
  func receive(_ text: String, at now: ContinuousClock.Instant) {
    receive(Self.read(text), at: now)
  }

  /// A page's message, read but not yet acted on.
  enum Incoming: Sendable {
    case message(ClientMessage)
    case malformed
    case oversized(bytes: Int)
  }

  /// Reads a text message from the page.
  nonisolated static func read(_ text: String) -> Incoming {
    let bytes = text.utf8.count
    guard bytes <= maximumMessageSize else { return .oversized(bytes: bytes) }
    if let handler = JSONText.plainHandler(in: text) {
      return .message(ClientMessage(handler: handler, value: nil))
    }
    do {
      return .message(try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)))
    } catch {
      return .malformed
    }
  }

  /// Handles a message that arrived at `now`: messages beyond the session's rate limit are
  /// dropped, with a log line for the first of each run of drops and every hundredth after.
  func receive(_ incoming: Incoming, at now: ContinuousClock.Instant) {
    guard floodGate.admit(at: now) else {
      droppedByRate += 1
      if droppedByRate == 1 {
        logger.warning(
          "Dropped messages over the session's rate limit (logged once per page; the session's end counts them)",
          metadata: ["session": "\(logName)"])
      }
      return
    }
    let message: ClientMessage
    switch incoming {
    case let .oversized(bytes):
      logIgnored("Ignored an oversized message", metadata: ["bytes": "\(bytes)"])
      return
    case .malformed:
      logIgnored("Ignored a malformed message")
      return
    case let .message(read):
      message = read
    }
    if let navigate = message.navigate {
      receive(navigation: navigate)
      return
    }
    guard let handlerID = message.handler else {
      logIgnored("Ignored a malformed message")
      return
    }
    guard let issued = handler(id: handlerID) else {
      logIgnored(
        "Ignored a message for an unknown, spent or stale handler id",
        metadata: ["handler": LogText.escaped(handlerID, limit: 64)])
      return
    }
    let handler = issued.bound
    // The changes the handler makes are flushed below, in this job, rather than from a task of
    // their own that would queue behind every other session's work.
    changes.hold()
    // Spent before it runs, so that nothing it triggers can use it again.
    if issued.isSingleUse { spend(handlerID, issuedBy: issued.componentID) }
    let outcome = handler.run(message.value?.input)
    let changed = changes.release()
    switch outcome {
    case .applied:
      break
    case .wrongType:
      logIgnored(
        "Ignored a message whose value is not \(handler.expected ?? "expected")",
        metadata: ["handler": LogText.escaped(handlerID, limit: 64)])
    case let .corrected(value):
      // The state did not take the page's value as sent: tell the page what it holds, even if
      // the state did not change (then no component renders again).
      corrections.append((handler: handlerID, value: value))
    }
    if changed || !corrections.isEmpty { flushToPage() }
  }

  /// The page's URL changed under it (Back, Forward, a live link) to `text`, its location below
  /// the page: the route's action for it is sent, and if the state then is elsewhere, the page
  /// is told to replace its URL with the state's.
  private func receive(navigation text: String) {
    guard let route else {
      logIgnored("Ignored a navigation: the page's feature has no route")
      return
    }
    guard let location = LiveLocation(text: text) else {
      logIgnored(
        "Ignored a navigation to a location that is not a path and query",
        metadata: ["location": LogText.escaped(text, limit: 64)])
      return
    }
    changes.hold()
    shownLocation = location
    pageNavigated = true
    route.navigate(location)
    _ = changes.release()
    flushToPage()
  }

  /// Logs and ignores a binary frame; the protocol uses text frames only.
  public func receiveBinary(byteCount: Int) {
    logIgnored("Ignored a binary message", metadata: ["bytes": "\(byteCount)"])
  }

  /// How many messages of each kind were ignored, by the log's message.
  private var ignoredCounts: [String: Int] = [:]
  /// How many of each kind of ignored message are logged; later ones are only counted.
  static let loggedIgnoredMessages = 10

  /// Logs an ignored message, unless this page already had ``loggedIgnoredMessages`` of its
  /// kind logged: a page that keeps sending bad messages is logged a few times, not per frame.
  private func logIgnored(_ message: String, metadata: Logger.Metadata = [:]) {
    let count = (ignoredCounts[message] ?? 0) + 1
    ignoredCounts[message] = count
    guard count <= Self.loggedIgnoredMessages else { return }
    var metadata = metadata
    metadata["session"] = "\(logName)"
    if count == Self.loggedIgnoredMessages { metadata["note"] = "later ones from this page are not logged" }
    logger.warning("\(message)", metadata: metadata)
  }

  /// What the session dropped or ignored, for the log line of its end: messages over its rate
  /// limit, and ignored messages by kind.
  var droppedSummary: Logger.Metadata {
    var summary: Logger.Metadata = [:]
    if droppedByRate > 0 { summary["dropped over the rate limit"] = "\(droppedByRate)" }
    let ignored = ignoredCounts.values.reduce(0, +)
    if ignored > 0 { summary["ignored messages"] = "\(ignored)" }
    return summary
  }

  /// Renders again every component whose observed state changed since it last rendered, and
  /// returns the patches as one message, or `nil` when nothing changed.
  public func flush() -> String? {
    let changed = changes.take()
    pruneReplaced()
    let corrected = corrections
    corrections = []
    // A routed page's URL follows its state: its location is looked at on every flush (a
    // change to it alone also schedules one).
    var newLocation: (location: LiveLocation, history: LiveHistory)?
    if let route, let location = currentLocation(fired: changed.contains { $0.id == Self.locationID }),
      let shown = shownLocation, location != shown
    {
      let history = pageNavigated ? .replace : route.history(shown, location)
      newLocation = (location, history)
      shownLocation = location
    }
    pageNavigated = false
    guard !changed.isEmpty || !corrected.isEmpty || newLocation != nil else { return nil }
    var patches: [(id: String, html: [UInt8])] = []
    let dirty = Set(changed.filter { mounted[$0.id]?.generation == $0.generation }.map(\.id))
    // Parents first: a parent's new render replaces its changed children, whose pending changes
    // then belong to a generation that no longer exists.
    for change in changed.sorted(by: { ($0.id.count, $0.id) < ($1.id.count, $1.id) }) {
      guard let current = mounted[change.id], current.generation == change.generation else {
        continue
      }
      var html: [UInt8] = []
      renderContents(
        componentID: change.id, component: current.component, dirty: dirty, into: &html)
      patches.append((id: change.id, html: html))
    }
    // A correction whose handler a new render replaced is carried by that render. JSON has no
    // infinite or NaN numbers: such a value is logged and left out.
    let values = corrected.filter { handlers[$0.handler] != nil }.compactMap {
      correction -> PatchValue? in
      if case let .number(number) = correction.value, !number.isFinite {
        logger.warning(
          "Left out a corrected value the page cannot show: \(number) is not a finite number",
          metadata: ["session": "\(logName)", "handler": "\(correction.handler)"])
        return nil
      }
      return PatchValue(handler: correction.handler, value: correction.value)
    }
    guard !patches.isEmpty || !values.isEmpty || newLocation != nil else { return nil }
    return JSONText.patch(
      patches, values: values, location: newLocation.map { ($0.location.text, $0.history) })
  }

  /// The ids of the handlers the current page may send.
  public var issuedHandlerIDs: Set<String> { Set(handlers.keys) }

  /// Tears the page's components down: every handler id is revoked and changes are ignored.
  public func close() {
    unmount(Self.rootID)
    replaced = [:]
    replacedOrder = []
    replacedOrderStart = 0
    output = nil
  }

  /// Whether a handler for `event` acts once: clicks, submissions and dismissals do. Typing
  /// (`input`, `change`) races renders, and the stack's `pop` names a depth (sending it twice
  /// pops no further), so theirs keep the grace of replaced renders.
  nonisolated static func isSingleUse(event: String) -> Bool {
    switch event {
    case "input", "change", "pop": return false
    default: return true
    }
  }

  /// Revokes a single-use handler id at its first use. If it was current, its component renders
  /// again (even when the action changes nothing it shows), which gives the element a fresh id
  /// and clears the page's busy mark on it.
  private func spend(_ handlerID: String, issuedBy componentID: String) {
    if handlers.removeValue(forKey: handlerID) != nil {
      if let current = mounted[componentID] {
        _ = changes.insert(id: componentID, generation: current.generation)
      }
    } else {
      replaced[handlerID] = nil
    }
  }

  // MARK: Rendering

  private func handler(id: String) -> IssuedHandler? {
    if let handler = handlers[id] { return handler }
    guard let (handler, until) = replaced[id] else { return nil }
    guard ContinuousClock.now < until else {
      replaced[id] = nil
      return nil
    }
    return handler
  }

  private func render(
    componentID: String, component: Component, dirty: Set<String> = [], into output: inout [UInt8]
  ) {
    HTMLWriter.append("<div data-ocaf-component=\"", to: &output)
    HTMLWriter.escapeAttribute(componentID, into: &output)
    HTMLWriter.append("\">", to: &output)
    renderContents(componentID: componentID, component: component, dirty: dirty, into: &output)
    HTMLWriter.append("</div>", to: &output)
  }

  /// Renders a component's contents. Children that were mounted by its previous render, whose
  /// store is the same and whose state did not change, are kept as they are: the page keeps
  /// their nodes, and the HTML holds only a placeholder naming them.
  private func renderContents(
    componentID: String, component: Component, dirty: Set<String>, into output: inout [UInt8]
  ) {
    componentRenders += 1
    let previous = mounted.removeValue(forKey: componentID)
    if let previous { retire(previous.handlerIDs) }
    nextGeneration += 1
    let generation = nextGeneration
    // Registered before its children render, so that they can tell it is mounted.
    mounted[componentID] = MountedComponent(component: component, generation: generation)
    let changes = self.changes
    let reference = self.reference
    let body = withObservationTracking {
      component.body()
    } onChange: {
      if changes.insert(id: componentID, generation: generation) {
        Task { @MainActor in reference.session?.flushToPage() }
      }
    }
    var context = RenderContext(
      componentID: componentID, previousChildren: Set(previous?.childIDs ?? []), dirty: dirty)
    let start = output.count
    if let previous { output.reserveCapacity(start + previous.renderedLength) }
    body.write(in: self, context: &context, into: &output)
    mounted[componentID]?.renderedLength = output.count - start
    mounted[componentID]?.handlerIDs = context.handlerIDs
    mounted[componentID]?.childIDs = context.childIDs
    for childID in context.previousChildren.subtracting(context.placed) { unmount(childID) }
  }

  /// Writes a component's nodes, issuing an id for each of their handlers.
  func write<State, Action>(
    _ node: Node<Action>, sendingTo store: Store<State, Action>, context: inout RenderContext,
    into output: inout [UInt8]
  ) {
    switch node {
    case let .element(element):
      HTMLWriter.openTagStart(element.tag, into: &output)
      var isDisabled = false
      for (name, value) in element.attributes {
        HTMLWriter.attribute(name, value, into: &output)
        if Self.isDisabledAttribute(name) { isDisabled = true }
      }
      // A disabled control sends nothing, so it gets no handler id a forged message could use.
      if !isDisabled && !context.isInsideDisabledFieldset {
        for (event, handler) in element.events {
          nextHandlerNumber += 1
          let handlerID = "h" + String(nextHandlerNumber)
          handlers[handlerID] = IssuedHandler(
            bound: BoundHandler(handler, sendingTo: store), componentID: context.componentID,
            isSingleUse: Self.isSingleUse(event: event))
          context.handlerIDs.append(handlerID)
          HTMLWriter.eventAttribute(event, handlerID, into: &output)
        }
      }
      if let styleNonce, element.tag.utf8.elementsEqual("style".utf8) {
        HTMLWriter.attribute("nonce", styleNonce, into: &output)
      }
      output.append(UInt8(ascii: ">"))
      let wasInsideDisabledFieldset = context.isInsideDisabledFieldset
      if isDisabled && element.tag.utf8.elementsEqual("fieldset".utf8) {
        context.isInsideDisabledFieldset = true
      }
      let isRawText = HTMLWriter.isRawTextElement(element.tag)
      for child in element.children {
        if isRawText, case let .text(text) = child {
          HTMLWriter.writeRawText(text, into: &output)
        } else {
          write(child, sendingTo: store, context: &context, into: &output)
        }
      }
      context.isInsideDisabledFieldset = wasInsideDisabledFieldset
      HTMLWriter.closeTag(element.tag, into: &output)
    case let .text(text):
      HTMLWriter.escapeText(text, into: &output)
    case let .fragment(nodes):
      for child in nodes { write(child, sendingTo: store, context: &context, into: &output) }
    case let .component(child):
      let childID = context.componentID + "." + (child.key ?? String(context.childIndex))
      context.childIndex += 1
      guard context.placed.insert(childID).inserted else {
        logger.warning(
          "Two components share a key; the later one is left out",
          metadata: ["session": "\(logName)", "component": LogText.escaped(childID)])
        return
      }
      context.childIDs.append(childID)
      if context.previousChildren.contains(childID), let existing = mounted[childID],
        let identity = child.identity, existing.component.identity == identity,
        !context.dirty.contains(childID)
      {
        mounted[childID]?.component = child
        HTMLWriter.append("<div data-ocaf-component=\"", to: &output)
        HTMLWriter.escapeAttribute(childID, into: &output)
        HTMLWriter.append("\" data-ocaf-keep=\"\"></div>", to: &output)
      } else {
        render(componentID: childID, component: child, dirty: context.dirty, into: &output)
      }
    }
  }

  /// Whether an attribute's name is `disabled`, in any case.
  private static func isDisabledAttribute(_ name: String) -> Bool {
    name.utf8.count == 8 && name.lowercased() == "disabled"
  }

  private func unmount(_ componentID: String) {
    guard let old = mounted.removeValue(forKey: componentID) else { return }
    retire(old.handlerIDs)
    for childID in old.childIDs { unmount(childID) }
  }

  /// Moves handlers out of the current page into the grace period of replaced renders.
  private func retire(_ handlerIDs: [String]) {
    let until = ContinuousClock.now.advanced(by: replacedHandlerGrace)
    for handlerID in handlerIDs {
      guard let handler = handlers.removeValue(forKey: handlerID) else { continue }
      if replacedHandlerGrace > .zero {
        replaced[handlerID] = (handler, until)
        replacedOrder.append((handlerID, until))
      }
    }
  }

  private func pruneReplaced() {
    let now = ContinuousClock.now
    while replacedOrderStart < replacedOrder.count, replacedOrder[replacedOrderStart].until <= now {
      replaced[replacedOrder[replacedOrderStart].handlerID] = nil
      replacedOrderStart += 1
    }
    if replacedOrderStart > 64, replacedOrderStart * 2 > replacedOrder.count {
      replacedOrder.removeFirst(replacedOrderStart)
      replacedOrderStart = 0
    }
  }

  private func flushToPage() {
    stateChanged?()
    guard let output, let message = flush() else { return }
    output(message)
  }
}

/// A weak reference to a session, so that pending observations do not keep its store alive.
@MainActor
private final class SessionReference {
  weak var session: LiveSession?
}

/// Changes reported by observation (from whichever thread mutated), read on the main actor, and
/// whether a flush is already on its way for them.
private final class ChangeBox: Sendable {
  struct Change: Hashable {
    let id: String
    let generation: Int
  }
  private struct Contents {
    var changes: Set<Change> = []
    /// A task that flushes is scheduled, or the session flushes itself when `held` ends.
    var flushPending = false
    var held = false
  }
  private let contents = Mutex(Contents())

  /// Records a change; `true` when the caller should schedule a flush (none is pending yet).
  func insert(id: String, generation: Int) -> Bool {
    contents.withLock { contents in
      contents.changes.insert(Change(id: id, generation: generation))
      guard !contents.flushPending else { return false }
      contents.flushPending = true
      return !contents.held
    }
  }

  /// From now until ``release()``, changes schedule no flush: the session flushes them itself.
  func hold() {
    contents.withLock { $0.held = true }
  }

  /// Ends ``hold()``; `true` when changes are waiting.
  func release() -> Bool {
    contents.withLock { contents in
      contents.held = false
      return !contents.changes.isEmpty
    }
  }

  @discardableResult
  func take() -> Set<Change> {
    contents.withLock { contents in
      defer {
        contents.changes = []
        contents.flushPending = false
      }
      return contents.changes
    }
  }
}

struct ClientMessage: Decodable, Sendable {
  enum Value: Decodable, Sendable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else {
        self = .other
      }
    }

    var input: InputValue? {
      switch self {
      case let .string(string): return .string(string)
      case let .bool(bool): return .bool(bool)
      case let .number(number): return .number(number)
      case .other: return nil
      }
    }
  }
  /// The handler a page's event names; `nil` in a navigation.
  let handler: String?
  let value: Value?
  /// The location a page went to by Back, Forward or a live link (see ``LiveRoute``).
  let navigate: String?

  init(handler: String?, value: Value?, navigate: String? = nil) {
    self.handler = handler
    self.value = value
    self.navigate = navigate
  }
}
