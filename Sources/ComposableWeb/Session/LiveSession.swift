#if Web
import ComposableArchitecture
import Foundation
import Logging
import Observation
import Sharing

/// One browser tab: owns the root component of a feature (and so its store), renders it, and
/// turns the page's messages into actions. It is thin: ``ClientMessage`` reads a message,
/// ``PageMessageLimits`` admits it, ``HandlerTable`` finds what it runs, ``ChangeTracker``
/// records what changed, ``ComponentRenderer`` renders, and ``PatchAssembly`` makes the patch.
///
/// The page only ever sees opaque handler ids. Each render issues fresh ids for the component it
/// renders and revokes the ids of that component's previous render, so a message is accepted only
/// if it names a handler of the page as it currently is. A click's, a submission's or a dialog
/// dismissal's id acts once: its first use spends it, and its component renders again to give the
/// element a fresh one, so a double click or a replayed message cannot act twice. Elements rendered
/// `disabled` (or inside a `disabled` fieldset) get no id at all.
///
/// A session belongs to the actor that creates it, as its store does: it is used there, and what
/// happens elsewhere (an effect, a change to `@Shared` state another session made) comes to it
/// there. It is not `Sendable`, so the compiler keeps it on that actor.
///
/// ```swift
/// let store = LiveStore(initialState: Counter.State()) { Counter() }
/// let session = LiveSession(id: "…", store: store, view: counterView, logger: logger)
/// let first = session.start()       // {"html":"…","session":"…","type":"render"}
/// session.receive(#"{"handler":"h1"}"#)
/// let patch = session.flush()       // {"patches":[{"html":"…","id":"c"}],"type":"patch"}
/// ```
public final class LiveSession {
  /// The session's id (what a reconnecting page presents to resume it). It is a bearer token:
  /// the log names the session by ``logName`` instead, and shows the id only at debug level.
  public let id: String
  /// How the log names the session: `#` and a number counted up per process, e.g. `#12`.
  public let logName: String
  private static let sessionCount = Locked(0)
  /// The largest message, in UTF-8 bytes, that the session reads; longer ones are ignored.
  public static let maximumMessageSize = ClientMessage.maximumSize

  let root: Component
  let logger: Logger
  /// Called with every message for the page (a full render or patches), while a page is attached.
  package var output: (@Sendable (String) -> Void)?
  /// The registry's token of the page the session belongs to, set by the registry as soon as a
  /// page takes the session (from the registry's actor): a page replaced before its attachment
  /// reached the session does not take the output back.
  let attachedPage = LockIsolated(0)
  /// Whether a snapshot of the session is asked for and not yet taken.
  var snapshotPending = false
  /// Encodes the store's state for a snapshot; set for features whose state is `Codable`.
  var encodeState: (() -> Data?)?
  /// The nonce of the page's Content-Security-Policy for inline styles, if it has one: every
  /// `style` element the session renders carries it, so that the browser applies it.
  var styleNonce: String? {
    get { renderer.styleNonce }
    set { renderer.styleNonce = newValue }
  }
  /// Called whenever the session's state may have changed (a message was handled, an effect
  /// changed what the page shows).
  var stateChanged: (() -> Void)?

  /// The clock of the session's rate limit and of its replaced handler ids' grace: its
  /// registry's (see ``LiveEndpoint``).
  var clock: EngineClock {
    get { renderer.clock }
    set { renderer.clock = newValue }
  }

  /// How long the handler ids of a replaced render stay accepted, so that events the user
  /// triggered before the new render reached the page (the next keystrokes in a field) still
  /// count. They run the handlers of the render the user saw.
  public var replacedHandlerGrace: Duration { renderer.handlers.grace }

  /// The session's parts besides the message reader (``ClientMessage``): what changed
  /// (observation), the page's components and handler ids (rendering), the next message to the
  /// page (patches), and what it admits of the page's messages (limits).
  let changes: ChangeTracker
  let renderer: ComponentRenderer
  /// The files the page is sending (see ``fileInput(_:_:)``).
  lazy var uploads = UploadReceiver()
  private var assembly: PatchAssembly
  var limits: PageMessageLimits
  private let reference: SessionReference
  private static let rootID = "c"

  /// How many times a component's contents were rendered (a full render counts each component
  /// it renders; a kept child counts nothing).
  var componentRenders: Int { renderer.componentRenders }

  /// How the page's URL follows the store's state (see ``Route``), for a feature with a
  /// ``LiveRoute``.
  var route: Route?
  /// The location the page's URL shows, as far as the session knows.
  package internal(set) var shownLocation: LiveLocation?
  /// The page went to ``shownLocation`` itself (Back, Forward, a live link): a location the
  /// state then disagrees with replaces that history entry rather than adding one.
  var pageNavigated = false
  /// The change id under which observation reports that the location may have changed.
  static let locationID = "@location"
  /// Whether an observation of the location is registered and has not fired yet: one at a
  /// time, or every flush would add one that waits, with its closures, for the next change.
  var isObservingLocation = false

  /// Creates a session whose page is `view` of `store`.
  ///
  /// ```swift
  /// LiveSession(
  ///   id: LiveSession.makeID(),
  ///   store: LiveStore(initialState: Counter.State()) { Counter() },
  ///   view: counterView,
  ///   logger: logger
  /// )
  /// ```
  public convenience init<State, Action>(
    id: String,
    store: LiveStore<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    replacedHandlerGrace: Duration = .seconds(5),
    limits: LiveLimits = LiveLimits(),
    logger: Logger,
    isolation: isolated any Actor = #isolation
  ) {
    self.init(
      id: id,
      root: Component(
        key: nil, identity: nil, body: { StoreNodes(nodes: view(store), store: store) }),
      replacedHandlerGrace: replacedHandlerGrace,
      limits: limits,
      logger: logger,
      isolation: isolation
    )
    // The feature's `pageEvents` and `pageStreams` reach this session (see `ChangeTracker`).
    store.storeActor.keep(changes)
  }

  /// A session of a feature's page: its route, if any, follows `location` (a deep link's), and
  /// then `appearAction` is sent.
  package convenience init<State, Action>(
    id: String, store: LiveStore<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>?, location: LiveLocation?,
    appearAction: (@Sendable () -> Action)?, limits: LiveLimits, logger: Logger,
    isolation: isolated any Actor = #isolation
  ) {
    self.init(
      id: id,
      root: Component(
        key: nil, identity: nil, body: { StoreNodes(nodes: view(store), store: store) }),
      replacedHandlerGrace: .seconds(5), limits: limits, logger: logger, isolation: isolation)
    // The feature's `pageEvents` and `pageStreams` reach this session (see `ChangeTracker`),
    // from its first action on.
    store.storeActor.keep(changes)
    if let route { follow(route, of: store, startingAt: location) }
    if let appearAction { _ = store.send(appearAction()) }
  }

  init(
    id: String, root: Component, replacedHandlerGrace: Duration, limits: LiveLimits,
    logger: Logger, isolation: isolated any Actor
  ) {
    self.id = id
    let logName = "#" + String(Self.sessionCount.withLock { count in
      count &+= 1
      return count
    })
    self.logName = logName
    self.root = root
    self.logger = logger
    let reference = SessionReference()
    self.reference = reference
    // A change, or an event pushed to the page, schedules a flush on the session's actor, from
    // whichever thread made it.
    let changes = ChangeTracker(scheduleFlush: { [isolation] in
      Task { await reference.flushToPage(on: isolation) }
    })
    self.changes = changes
    self.renderer = ComponentRenderer(
      changes: changes, handlers: HandlerTable(grace: replacedHandlerGrace), logger: logger,
      logName: logName)
    self.assembly = PatchAssembly(logger: logger, logName: logName)
    self.limits = PageMessageLimits(limits: limits, logger: logger, logName: logName)
    reference.session = self
  }

  /// A new session id: 128 random bits as 32 hex digits.
  public static func makeID() -> String {
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

  /// ``start()``, for a page switched to by a live link: `page` tells it which feature it now
  /// shows (see ``Pages/switchedPage(for:)``).
  func start(page: ServerMessage.SwitchedPage?) -> String {
    let html = renderAfresh(formsNameSession: false)
    return JSONText.render(
      session: id, html: html, location: shownLocation?.text, page: page.map(JSONText.encoded))
  }

  /// Renders the whole page afresh, as ``start()`` does, and returns its HTML: what a page
  /// rendered over HTTP shows before its socket connects. Its forms can be posted without
  /// JavaScript (see ``PageForms``).
  public func startHTML() -> String {
    String(decoding: renderAfresh(formsNameSession: true), as: UTF8.self)
  }

  /// Renders the whole page; its forms name the session when `formsNameSession` (a render for
  /// an HTTP response, which a browser without JavaScript may post a form of).
  func renderAfresh(formsNameSession: Bool) -> [UInt8] {
    let taken = changes.take()
    renderer.unmount(Self.rootID)
    renderer.handlers.prune(now: clock.now())
    var html: [UInt8] = []
    renderer.forms = PageForms(sessionID: formsNameSession ? id : nil)
    renderer.render(componentID: Self.rootID, component: root, into: &html)
    // Only a render for an HTTP response names the session; the page script removes those.
    renderer.forms.sessionID = nil
    // The page rendered whole shows the state's location (its script replaces its URL).
    pageNavigated = false
    shownLocation = currentLocation(fired: taken.contains { $0.id == Self.locationID })
    return html
  }

  /// Handles one text message from the page: `{"handler": id, "value": …}`. Anything else is
  /// logged and ignored. A change the message makes is sent to the page at once.
  public func receive(_ text: String) {
    receive(ClientMessage.read(text), at: clock.now())
  }

  /// Handles a message that arrived at `now`.
  func receive(_ text: String, at now: Duration) {
    receive(ClientMessage.read(text), at: now)
  }

  /// Handles a message that arrived at `now`: messages beyond the session's rate limit are
  /// dropped, with a log line for the first of each run of drops and every hundredth after.
  func receive(_ incoming: ClientMessage.Reading, at now: Duration) {
    guard limits.admit(at: now) else { return }
    let handlerID: String
    let value: InputValue?
    let ref: Int?
    switch incoming {
    case let .oversized(bytes):
      limits.ignore("Ignored an oversized message", metadata: ["bytes": "\(bytes)"])
      return
    case .malformed:
      limits.ignore("Ignored a malformed message")
      return
    case let .message(.navigate(location)):
      receive(navigation: location)
      return
    case let .message(.event(handler, eventValue, eventRef)):
      handlerID = handler
      value = eventValue
      ref = eventRef
    }
    // The page waits for an answer to this message (its element is busy): it gets one, even
    // when the message is ignored or changes nothing.
    if let ref { assembly.acknowledge(ref) }
    guard let issued = renderer.handlers.lookup(handlerID, now: now) else {
      limits.ignore(
        "Ignored a message for an unknown, spent or stale handler id",
        metadata: ["handler": LogText.escaped(handlerID, limit: 64)])
      if ref != nil { flushToPage() }
      return
    }
    let handler = issued.bound
    // The changes the handler makes are flushed below, in this job, rather than from a task of
    // their own that would queue behind every other session's work.
    changes.hold()
    // Spent before it runs, so that nothing it triggers can use it again. If it was current,
    // its component renders again (even when the action changes nothing it shows), which gives
    // the element a fresh id and clears the page's busy mark on it.
    if issued.isSingleUse, renderer.handlers.spend(handlerID),
      let generation = renderer.generation(of: issued.componentID)
    {
      _ = changes.insert(id: issued.componentID, generation: generation)
    }
    let outcome = handler.run(value)
    let changed = changes.release()
    switch outcome {
    case .applied, .sent:
      break
    case .wrongType:
      limits.ignore(
        "Ignored a message whose value is not \(handler.expected ?? "expected")",
        metadata: ["handler": LogText.escaped(handlerID, limit: 64)])
    case let .refused(files):
      logger.info(
        "Refused uploads",
        metadata: [
          "session": "\(logName)", "files": "\(files.map { LogText.escaped($0, limit: 120) })",
        ])
    case let .undecodable(reason):
      limits.ignore(
        "Ignored a message whose value is not \(handler.expected ?? "expected")",
        metadata: [
          "handler": LogText.escaped(handlerID, limit: 64),
          "reason": LogText.escaped(reason, limit: 300),
        ])
    case let .corrected(value):
      // The state did not take the page's value as sent: tell the page what it holds.
      assembly.correct(handler: handlerID, value: value)
    }
    if changed || assembly.hasPendingReplies { flushToPage() }
  }

  /// Logs and ignores a binary frame whose bytes the adapter did not keep.
  public func receiveBinary(byteCount: Int) {
    limits.ignore("Ignored a binary message", metadata: ["bytes": "\(byteCount)"])
  }

  /// Handles a binary message from the page: a chunk of an upload (see ``UploadChunk``). Its
  /// file input must be on the page (its handler id current, or within the grace), and its
  /// entry waiting for these bytes; anything else is logged and ignored.
  public func receive(binary bytes: [UInt8]) {
    guard limits.admit(at: clock.now()) else { return }
    guard let chunk = UploadChunk(message: bytes) else {
      limits.ignore("Ignored a binary message that is no upload chunk", metadata: ["bytes": "\(bytes.count)"])
      return
    }
    guard let binding = renderer.handlers.lookup(chunk.handler, now: clock.now())?.bound.upload
    else {
      limits.ignore(
        "Ignored an upload chunk for an unknown, spent or stale handler id",
        metadata: ["handler": LogText.escaped(chunk.handler, limit: 64)])
      return
    }
    changes.hold()
    let refusal = uploads.receive(chunk, for: binding)
    let changed = changes.release()
    let metadata: Logger.Metadata = [
      "entry": LogText.escaped(chunk.entry, limit: 64), "offset": "\(chunk.offset)",
    ]
    switch refusal {
    case nil: break
    case .unknownEntry: limits.ignore("Ignored an upload chunk for an unknown entry", metadata: metadata)
    case .cancelled: limits.ignore("Ignored a chunk for an upload that was cancelled", metadata: metadata)
    case .notExpected: limits.ignore("Ignored a chunk for an upload that has ended", metadata: metadata)
    case let .outOfOrder(expected):
      limits.ignore(
        "Ignored an upload chunk out of order", metadata: metadata.merging(["expected": "\(expected)"]) { $1 })
    case .tooLarge:
      logger.warning(
        "Refused an upload larger than its size or its limit",
        metadata: metadata.merging(["session": "\(logName)"]) { $1 })
    case let .notWritten(reason):
      logger.error(
        "Could not write an upload",
        metadata: metadata.merging(["session": "\(logName)", "reason": "\(reason)"]) { $1 })
    }
    if changed { flushToPage() }
  }

  /// The page's connection went: uploads in progress are cut off (their partial files
  /// deleted, their entries failed), with a log line.
  func pageDetached() {
    changes.hold()
    let cut = uploads.cutOff()
    let changed = changes.release()
    if cut > 0 {
      logger.warning(
        "Cut off uploads: the page's connection closed", metadata: ["session": "\(logName)", "uploads": "\(cut)"])
    }
    if changed { flushToPage() }
  }

  /// What the session dropped or ignored, for the log line of its end: messages over its rate
  /// limit, and ignored messages by kind.
  var droppedSummary: Logger.Metadata { limits.summary }

  /// Renders again every component whose observed state changed since it last rendered, and
  /// returns the patches as one message, or `nil` when nothing changed.
  public func flush() -> String? {
    let changed = changes.take()
    renderer.handlers.prune(now: clock.now())
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
    renderer.forms.beginPass()
    let pushed = changes.takePushed()
    return assembly.message(
      changed: changed, location: newLocation, events: pushed.events, streams: pushed.streams,
      renderer: renderer)
  }

  /// The ids of the handlers the current page may send.
  public var issuedHandlerIDs: Set<String> { renderer.handlers.currentIDs }

  /// Tears the page's components down: every handler id is revoked and changes are ignored.
  public func close() {
    uploads.close()
    renderer.unmount(Self.rootID)
    renderer.handlers.forgetReplaced()
    output = nil
  }

  func flushToPage() {
    stateChanged?()
    guard let output, let message = flush() else { return }
    output(message)
  }
}

/// A weak reference to a session, so that pending observations do not keep its store alive.
// Unchecked: the session is read only on its own actor (`flushToPage(on:)` runs there), which
// also set it; the reference only carries it to that actor.
private final class SessionReference: @unchecked Sendable {
  weak var session: LiveSession?

  /// Sends the session's changes to its page, on `isolation`, the session's actor.
  func flushToPage(on isolation: isolated any Actor) {
    session?.flushToPage()
  }
}
#endif  // Web
