#if Vapor
import ComposableWeb
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Vapor


/// Upgrades a page's socket as Vapor's `WebSocketUpgrader` does, with RFC 6455's rules that
/// WebSocketKit leaves unchecked: swift-nio's protocol error handling is on (oversized and
/// fragmented control frames close the socket with 1002), and the engine's `PageFrameRules`
/// read every frame before WebSocketKit does (reserved bits, masking, UTF-8).
///
/// ```swift
/// let response = Response(status: .switchingProtocols)
/// response.upgrader = LiveWebSocketUpgrader(
///   endpoint: endpoint, address: request.peerAddress?.ipAddress,
///   shouldUpgrade: { request.eventLoop.makeSucceededFuture([:]) },
///   onUpgrade: { socket in Task { await serve(socket) } })
/// ```
struct LiveWebSocketUpgrader: Upgrader {
  let endpoint: LiveEndpoint
  let address: String?
  let shouldUpgrade: @Sendable () -> EventLoopFuture<HTTPHeaders?>
  let onUpgrade: @Sendable (WebSocket) -> Void

  func applyUpgrade(req: Request, res: Response) -> HTTPServerProtocolUpgrader {
    let endpoint = endpoint
    let address = address
    let onUpgrade = onUpgrade
    return NIOWebSocketServerUpgrader(
      maxFrameSize: LivePageSocket.maximumFrameSize, automaticErrorHandling: true,
      shouldUpgrade: { _, _ in shouldUpgrade() },
      upgradePipelineHandler: { channel, _ in
        do {
          try PageFrameRules.install(on: channel, endpoint: endpoint, address: address)
        } catch {
          return channel.eventLoop.makeFailedFuture(error)
        }
        return WebSocket.server(on: channel, onUpgrade: onUpgrade)
      })
  }
}
#endif  // Vapor
