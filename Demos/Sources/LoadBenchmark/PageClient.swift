import ComposableWeb
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One benchmark page: a WebSocket on the counter page, handled by a channel handler on its event
/// loop as its frames arrive.
///
/// The clients share the machine's cores with the server, so they are kept as cheap as a client
/// can be: no task, no async sequence and no actor per message — a patch is read, checked and
/// answered with the next click in the event loop's callback that decoded it. The WebSocket
/// protocol itself (upgrade, framing, masking) is swift-nio's `NIOWebSocket`.
///
/// ```swift
/// let page = try await PageClient.open(port: port, on: group)   // the page's render arrived
/// page.start(actions: 100, rate: nil, began: .now())
/// let run = try await page.finished.get()                        // each click's round trip
/// ```
///
/// Its state is only touched on its channel's event loop: ``start(actions:rate:began:)`` and
/// ``close()`` hop there.
final class PageClient: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// What one page's clicks measured.
  struct Run: Sendable {
    /// Each click's round trip, from sending it to the arrival of its patch, in nanoseconds.
    var latencies: [Int64] = []
    /// Clicks whose time came before the previous patch arrived (paced runs only).
    var heldBack = 0
  }

  private enum Phase {
    case loading, loaded, clicking, flooding, done, failed
  }

  /// What a flood did: the clicks written, and the code of the server's close of the socket,
  /// and when it came after the flood began, if the server closed it.
  struct Flood: Sendable {
    var sent = 0
    var closeCode: WebSocketErrorCode?
    var closedAfter: Duration?
  }

  private let eventLoop: any EventLoop
  private let renderedPromise: EventLoopPromise<Void>
  private let finishedPromise: EventLoopPromise<Run>
  private var context: ChannelHandlerContext?
  private var phase = Phase.loading
  private var message: ByteBuffer?
  private var handlerID = ""
  /// The text of the click being sent: one buffer, written again for each click.
  private var outgoing: [UInt8] = []
  /// The count the page showed when it was rendered (a resumed session's is its last).
  private var firstCount = 0
  /// The id of the session the page shows, from its render.
  private(set) var sessionID = ""
  private var actions = 0
  private var rate: Int?
  private var began = NIODeadline.now()
  private var offset = 0.0
  private var clicks = 0
  private var sent = NIODeadline.now()
  private var run = Run()
  private var flood = Flood()
  private var floodBegan = ContinuousClock.now
  private var floodPromise: EventLoopPromise<Flood>?

  /// Whether the page is a counter's, whose Increment button the clicks press (a list's page,
  /// for `--rows`, is only shown).
  private let isCounter: Bool

  private init(eventLoop: any EventLoop, isCounter: Bool) {
    self.eventLoop = eventLoop
    self.isCounter = isCounter
    self.renderedPromise = eventLoop.makePromise()
    self.finishedPromise = eventLoop.makePromise()
  }

  /// Completes with the page's clicks once the last patch arrived; fails with the first thing
  /// that went wrong (an unexpected reply, a closed socket).
  var finished: EventLoopFuture<Run> { finishedPromise.futureResult }

  /// Opens the counter page's socket on `port` of loopback and waits for its first render.
  /// Opens a page of the feature at `feature` on `port` of loopback and waits for its first
  /// render: a new session, or the session `session` if the browser secret `cookie` holds it.
  static func open(
    port: Int, on group: any EventLoopGroup, feature: String = "counter", session: String? = nil,
    cookie: String? = nil
  ) async throws -> PageClient {
    var query = "feature=\(feature)&version=\(PageProtocol.version)"
    if let session { query += "&session=\(session)" }
    let upgraded = try await ClientBootstrap(group: group)
      .channelOption(.tcpOption(.tcp_nodelay), value: 1)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          let upgrader = NIOTypedWebSocketClientUpgrader<PageClient?>(
            // A long list's first render or patch is a message of a few megabytes.
            maxFrameSize: 1 << 24,
            upgradePipelineHandler: { channel, _ in
              channel.eventLoop.makeCompletedFuture {
                let page = PageClient(eventLoop: channel.eventLoop, isCounter: !feature.hasSuffix("-rows"))
                try channel.pipeline.syncOperations.addHandler(page)
                return page
              }
            }
          )
          var headers = HTTPHeaders()
          headers.add(name: "Host", value: "127.0.0.1:\(port)")
          // A browser would send its page's origin; the benchmark's server trusts this one.
          headers.add(name: "Origin", value: "ws://127.0.0.1")
          if let cookie { headers.add(name: "Cookie", value: "ocaf_browser=\(cookie)") }
          var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
              upgradeRequestHead: HTTPRequestHead(
                version: .http1_1, method: .GET, uri: "/live?\(query)", headers: headers),
              upgraders: [upgrader],
              notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture { nil }
              }
            )
          )
          // The server may write the page's render right behind its upgrade response.
          configuration.leftOverBytesStrategy = .forwardBytes
          return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
            configuration: configuration)
        }
      }
    guard let page = try await upgraded.get() else {
      throw BenchmarkError("the server refused the WebSocket upgrade")
    }
    try await page.renderedPromise.futureResult.get()
    return page
  }

  /// Starts clicking "+" `actions` times: each click as soon as the previous patch arrived, or,
  /// with a `rate`, at the times ``schedule(click:rate:offset:)`` gives after `began`.
  func start(actions: Int, rate: Int?, began: NIODeadline) {
    eventLoop.execute {
      guard self.phase == .loaded else {
        self.fail(BenchmarkError("a page was started before its render arrived, or twice"))
        return
      }
      self.phase = .clicking
      self.actions = actions
      self.rate = rate
      self.began = began
      self.offset = Double.random(in: 0..<1)
      self.clickNext()
    }
  }

  /// Writes `count` clicks of the "+" button as fast as the socket takes them, 500 to a write,
  /// the page's reads served between two writes. Completes when the server closes the socket,
  /// or when ``stopFlood()`` is called.
  func flood(count: Int) -> EventLoopFuture<Flood> {
    let promise = eventLoop.makePromise(of: Flood.self)
    eventLoop.execute {
      guard self.phase == .loaded else {
        return promise.fail(BenchmarkError("a flood was started before the page's render"))
      }
      self.phase = .flooding
      self.floodPromise = promise
      self.floodBegan = .now
      self.floodBatch(remaining: count)
    }
    return promise.futureResult
  }

  /// Ends the flood's future with what the flood did so far.
  func stopFlood() {
    eventLoop.execute { self.endFlood() }
  }

  private func floodBatch(remaining: Int) {
    guard phase == .flooding, floodPromise != nil, remaining > 0, let context else { return }
    let text = ClientMessage.event(handler: handlerID).text
    let batch = min(remaining, 500)
    let written = context.eventLoop.makePromise(of: Void.self)
    for index in 0..<batch {
      let frame = WebSocketFrame(
        fin: true, opcode: .text, maskKey: .random(),
        data: context.channel.allocator.buffer(string: text))
      context.write(wrapOutboundOut(frame), promise: index == batch - 1 ? written : nil)
    }
    flood.sent += batch
    context.flush()
    written.futureResult.whenSuccess { self.floodBatch(remaining: remaining - batch) }
  }

  private func endFlood() {
    guard let promise = floodPromise else { return }
    floodPromise = nil
    if flood.closeCode != nil { flood.closedAfter = floodBegan.duration(to: .now) }
    promise.succeed(flood)
  }

  /// Closes the socket; a page that was not clicking finishes without clicks.
  func close() {
    eventLoop.execute {
      if self.phase == .loaded {
        self.phase = .done
        self.finishedPromise.succeed(self.run)
      }
      self.context?.close(promise: nil)
    }
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text, .continuation:
      var data = frame.unmaskedData
      if message == nil {
        message = data
      } else {
        message!.writeBuffer(&data)
      }
      guard frame.fin, let complete = message else { return }
      message = nil
      complete.withUnsafeReadableBytes { receive($0) }
    case .ping:
      let pong = WebSocketFrame(
        fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose where phase == .flooding:
      var data = frame.unmaskedData
      flood.closeCode = data.readWebSocketErrorCode()
      endFlood()
    case .connectionClose:
      fail(BenchmarkError("the server closed the socket after \(max(clicks - 1, 0)) clicks"))
    default:
      break
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if phase == .flooding { endFlood() }
    fail(BenchmarkError("the socket closed after \(max(clicks - 1, 0)) clicks"))
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    fail(error)
    context.close(promise: nil)
  }

  /// Handles a whole message from the server (its UTF-8 bytes): the render, then one patch per
  /// click.
  private func receive(_ bytes: UnsafeRawBufferPointer) {
    func shown(_ count: Int) -> String {
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes.prefix(count)), as: UTF8.self)
    }
    let message = try? ServerMessage(utf8: bytes)
    switch phase {
    case .loading:
      guard case let .render(render)? = message else {
        return fail(BenchmarkError("the first message is not a render: \(shown(200))"))
      }
      if isCounter {
        guard let handler = Page.incrementHandler(inHTML: render.html) else {
          return fail(BenchmarkError("the counter page has no Increment button: \(shown(300))"))
        }
        handlerID = handler
      }
      sessionID = render.session
      firstCount = Page.countAndHandler(inHTML: render.html).count ?? 0
      phase = .loaded
      renderedPromise.succeed(())
    case .clicking:
      let arrived = NIODeadline.now()
      run.latencies.append((arrived - sent).nanoseconds)
      guard case .patch? = message, let html = message.flatMap(Page.html(of:)),
        case let (count, next?) = Page.countAndHandler(inHTML: html), count == firstCount + clicks
      else {
        return fail(BenchmarkError("click \(clicks) got an unexpected reply: \(shown(300))"))
      }
      handlerID = next
      if clicks == actions {
        phase = .done
        finishedPromise.succeed(run)
      } else {
        clickNext()
      }
    case .flooding:
      // The patches of the clicks the server let through.
      break
    case .loaded:
      // A list's page gets its stream's rows after its render.
      if isCounter { fail(BenchmarkError("a message arrived before any click: \(shown(200))")) }
    case .done, .failed:
      break
    }
  }

  private func clickNext() {
    clicks += 1
    guard let rate else { return send() }
    let due = began + .nanoseconds(Int64(schedule(click: clicks, rate: rate, offset: offset) * 1e9))
    if due < .now() {
      run.heldBack += 1
      send()
    } else {
      eventLoop.scheduleTask(deadline: due) { self.send() }
    }
  }

  private func send() {
    guard phase == .clicking, let context else { return }
    outgoing.removeAll(keepingCapacity: true)
    ClientMessage.event(handler: handlerID).write(into: &outgoing)
    let buffer = context.channel.allocator.buffer(bytes: outgoing)
    let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)
    sent = .now()
    context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
  }

  private func fail(_ error: any Error) {
    switch phase {
    case .loading:
      renderedPromise.fail(error)
      finishedPromise.fail(error)
    case .loaded, .clicking, .flooding:
      finishedPromise.fail(error)
    case .done, .failed:
      return
    }
    phase = .failed
  }
}
