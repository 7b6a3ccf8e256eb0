#if Vapor
import ComposableWeb
import Foundation
import Vapor

/// A page's socket on Vapor, mapped onto the engine's `LivePageSocket`: its messages go to the
/// page's session, in order, from the first frame on.
enum LiveVaporSocket {
  static func serve(_ socket: WebSocket, request: LiveRequest, endpoint: LiveEndpoint) async {
    let page = LivePageSocket(endpoint: endpoint, transport: transport(of: socket))
    // A socket's callbacks are set on its event loop (WebSocketKit keeps them there).
    try? await socket.eventLoop.submit {
      socket.onText { _, text in page.receive(.text(text)) }
      socket.onBinary { _, buffer in page.receive(.bytes(Array(buffer.readableBytesView))) }
    }.get()
    socket.onClose.whenComplete { _ in
      Task { await page.close() }
    }
    _ = await page.attach(request)
  }

  /// WebSocketKit's socket as the engine's socket takes it.
  static func transport(of socket: WebSocket) -> LivePageSocket.Transport {
    LivePageSocket.Transport(
      eventLoop: socket.eventLoop,
      // WebSocketKit flushes each message it sends.
      write: { text, promise in socket.send(text, promise: promise) },
      flush: {},
      close: { socket.close(promise: nil) },
      abort: {
        // WebSocketKit drops a connection without the closing handshake only when a ping goes
        // unanswered: a page that reads nothing answers neither the close nor the ping, and
        // its connection is closed within two seconds.
        socket.close(code: .policyViolation, promise: nil)
        socket.pingInterval = .seconds(1)
      })
  }
}
#endif  // Vapor
