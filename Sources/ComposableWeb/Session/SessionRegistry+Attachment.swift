#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

extension SessionRegistry {
  /// Attaches a page to the session `resumeID` of the feature at `featurePath` if it is still
  /// live and `visitor` holds its browser's secret, or to a new session otherwise, and sends it
  /// a full render through `output`. A page already attached to a resumed session is sent
  /// `{"type":"replaced",…}` and its socket closed through the `close` it was connected with.
  ///
  /// Returns `nil` for an unknown feature, and when the visitor may not start a new session
  /// (too many, too fast, or the server is full of attached pages); then the page is sent
  /// `{"type":"refused","reason":…}`. Also `nil` when another page of the same browser took the
  /// session over before this one was attached (this one was sent `{"type":"replaced",…}`).
  ///
  /// A new session's store is made for `request`, the page's request (see ``LiveFeature``).
  public func connect(
    featurePath: String,
    resumeID: String?,
    visitor: Visitor = Visitor(),
    request: LiveRequest? = nil,
    styleNonce: String? = nil,
    switchedPage: ServerMessage.SwitchedPage? = nil,
    output: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void = {}
  ) async -> Connection? {
    guard let feature = features[featurePath] else {
      logger.warning(
        "Refused a connection to an unknown feature",
        metadata: ["feature": LogText.escaped(featurePath, limit: 64)])
      return nil
    }
    guard !isShutDown else {
      output(Self.stopping)
      return nil
    }
    nextToken += 1
    let token = nextToken
    // On the session's actor: the page takes the session's output, unless a later page of the
    // same browser took it over meanwhile, and is sent the whole page (or, if it shows the
    // session's render over HTTP, what changed since).
    let attach = { @Sendable (showsFirstRender: Bool) in
      { @Sendable (session: LiveSession) -> Bool in
        // A page replaced by a later one of its browser before this ran is not attached.
        guard session.attachedPage.value == token else { return false }
        session.output = output
        if let styleNonce { session.styleNonce = styleNonce }
        if showsFirstRender {
          output(ServerMessage.attached(session: session.id).text)
          if let patch = session.flush() { output(patch) }
        } else {
          output(session.start(page: switchedPage))
        }
        return true
      }
    }
    let host: SessionHost
    let attached: Bool
    if let resumeID, var entry = entries[resumeID], entry.featurePath == featurePath,
      Self.secretsMatch(visitor.browserSecret, entry.browserSecret),
      entry.identity == visitor.identity
    {
      entry.expiry?.cancel()
      entry.expiry = nil
      entry.disconnectedAt = nil
      if let previous = entry.close {
        // The same browser opened the session elsewhere: the old page is told, not left silent.
        entry.output?(Self.replaced)
        previous()
        logger.info(
          "A session's page was replaced by another of its browser's",
          metadata: ["session": "\(entry.host.logName)"])
      }
      entry.token = token
      entry.close = close
      entry.output = output
      entry.host.attachedPage.setValue(token)
      let showsFirstRender = entry.awaitsPage
      entry.awaitsPage = false
      entries[resumeID] = entry
      host = entry.host
      logger.info("Resumed a session", metadata: ["session": "\(host.logName)"])
      // The session follows its page to the socket's loop, where the page's messages arrive.
      if let actor = host.isolation as? SessionActor,
        let socketLoop = (request?.sessionActor as? SessionActor)?.eventLoop
      {
        actor.move(to: socketLoop)
      }
      attached = await host.run(attach(showsFirstRender))
    } else {
      if let resumeID, let entry = entries[resumeID] {
        logger.warning(
          "A page asked to resume a session without its browser's secret or identity: it gets a new one",
          metadata: [
            "session": "\(entry.host.logName)", "address": LogText.escaped(visitor.address),
          ])
      }
      switch await startSession(
        feature: feature, resumeID: resumeID, visitor: visitor,
        request: request ?? LiveRequest(path: "/" + featurePath), token: token, close: close,
        output: output, first: attach(false))
      {
      case let .refused(refusal):
        output(refusal)
        return nil
      case let .started(started, isAttached):
        host = started
        attached = isAttached
      }
    }
    guard attached else { return nil }
    return Connection(sessionID: host.id, token: token)
  }

  /// Starts a session for a page requested over HTTP and renders it: returns the session's id
  /// and the HTML of its first render, for the page to show before its socket connects. The
  /// session waits for its page like a disconnected one; when the page's socket attaches, it
  /// is sent only what changed since (no second render, and the effects the start began keep
  /// running).
  ///
  /// Returns `nil` for an unknown feature, while stopping, and when the visitor may not start a
  /// new session now (the page's socket is then told why when it connects).
  ///
  /// `styleNonce` is the page's Content-Security-Policy nonce for inline styles, if any.
  public func open(
    featurePath: String, visitor: Visitor, request: LiveRequest, styleNonce: String? = nil
  ) async -> FirstRender? {
    // The session renders in the job that makes it: before its effects can change it.
    guard let feature = features[featurePath], !isShutDown,
      case let .started(host, render) = await startSession(
        feature: feature, resumeID: nil, visitor: visitor, request: request, token: 0,
        close: nil, output: nil, first: Self.render(styleNonce: styleNonce))
    else { return nil }
    return awaitPage(of: host, render: render)
  }

  /// A form posted by a browser without JavaScript to the page of the feature at `featurePath`
  /// (see ``PageForms``): the session the page named (`ocaf-session`) takes it, if it is live,
  /// belongs to `visitor` and has no page attached; otherwise a new session starts for
  /// `request`, as for a `GET`. The posted fields are written to the form's bound fields by
  /// name, the form is submitted (or the button that posted runs), its effects are given up
  /// to ``LiveLimits/formEffectsWait`` to finish, and the session renders the page again for
  /// the response, which it then waits for like a page rendered over HTTP.
  ///
  /// Returns `nil` for an unknown feature, while stopping, and when the visitor may not start a
  /// new session now.
  public func submit(
    featurePath: String, visitor: Visitor, request: LiveRequest, fields: [LiveField],
    styleNonce: String? = nil
  ) async -> FirstRender? {
    guard let feature = features[featurePath], !isShutDown else { return nil }
    let apply = { @Sendable (session: LiveSession) in
      session.styleNonce = styleNonce
      return session.submitForm(fields)
    }
    let host: SessionHost
    let effects: StoreTask?
    if let id = fields.first(where: { $0.name == PageForms.sessionField })?.value,
      let entry = entries[id], entry.featurePath == featurePath, entry.close == nil,
      Self.secretsMatch(visitor.browserSecret, entry.browserSecret),
      entry.identity == visitor.identity
    {
      entry.expiry?.cancel()
      entries[id]?.expiry = nil
      host = entry.host
      effects = await host.run(apply)
    } else {
      guard
        case let .started(started, startEffects) = await startSession(
          feature: feature, resumeID: nil, visitor: visitor, request: request, token: 0,
          close: nil, output: nil, first: apply)
      else { return nil }
      host = started
      effects = startEffects
    }
    if let effects {
      await wait(for: effects, upTo: limits.formEffectsWait)
    }
    // The session may have ended meanwhile (the server stopping).
    guard entries[host.id]?.host === host, entries[host.id]?.close == nil else {
      return nil
    }
    return awaitPage(of: host, render: await host.run(Self.render(styleNonce: styleNonce)))
  }

  /// Renders a session whole for an HTTP response, on its actor: its HTML and location.
  static func render(
    styleNonce: String?
  ) -> @Sendable (LiveSession) -> (html: String, location: String?) {
    { session in
      if let styleNonce { session.styleNonce = styleNonce }
      return (session.startHTML(), session.shownLocation?.text)
    }
  }

  /// The session rendered `render` for an HTTP response: it now waits for its page's socket
  /// like a disconnected one, unless a page attached to it meanwhile.
  func awaitPage(
    of host: SessionHost, render: (html: String, location: String?)
  ) -> FirstRender {
    nextToken += 1
    if var entry = entries[host.id], entry.host === host, entry.close == nil {
      entry.awaitsPage = true
      entry.token = nextToken
      entries[host.id] = entry
      detach(Connection(sessionID: host.id, token: nextToken))
    }
    return FirstRender(sessionID: host.id, html: render.html, location: render.location)
  }

  /// A page's first render, made for its HTTP response (see ``open(featurePath:visitor:request:styleNonce:)``).
  public struct FirstRender: Sendable {
    /// The id of the session that rendered it, which the page's socket takes over.
    public let sessionID: String
    /// The HTML of the feature's view.
    public let html: String
    /// For a feature with a ``LiveRoute``, the location of the session's state, which the
    /// page's URL should show.
    public let location: String?
  }

  /// Detaches the page of `connection`; the session stays live for the disconnected lifetime
  /// unless a page reconnects to it.
  public func disconnect(_ connection: Connection) async {
    guard let host = detach(connection) else { return }
    await host.run { session in
      if session.attachedPage.value == connection.token {
        session.output = nil
        session.pageDetached()
      }
    }
  }

  /// The table's part of ``disconnect(_:)``: the session's expiry starts; returns its host,
  /// whose output is then to be let go, when `connection` is its current page.
  @discardableResult
  func detach(_ connection: Connection) -> SessionHost? {
    guard var entry = entries[connection.sessionID], entry.token == connection.token else {
      return nil
    }
    entry.output = nil
    entry.close = nil
    entry.disconnectedAt = clock.now()
    entry.expiry?.cancel()
    // A page rendered over HTTP whose socket never came (yet) waits a shorter while.
    let lifetime =
      entry.awaitsPage ? min(limits.unattachedSessionLifetime, disconnectedLifetime) : disconnectedLifetime
    let clock = self.clock
    let deadline = clock.now() + lifetime
    entry.expiry = Task { [weak self] in
      try? await clock.sleep(until: deadline)
      guard !Task.isCancelled else { return }
      await self?.end(sessionID: connection.sessionID)
    }
    entries[connection.sessionID] = entry
    return entry.host
  }
}
#endif  // Web
