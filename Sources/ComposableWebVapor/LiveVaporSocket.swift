#if Vapor
import ComposableWeb
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A page's socket on Vapor: its messages go to the page's session, in order, from the first
/// frame on (frames that arrive while the session is being found wait for it).
enum LiveVaporSocket {
  static func serve(_ socket: WebSocket, request: LiveRequest, endpoint: LiveEndpoint) async {
    let inbox = Inbox()
    // A socket's callbacks are set on its event loop (WebSocketKit keeps them there).
    try? await socket.eventLoop.submit {
      socket.onText { _, text in inbox.receive(.text(text)) }
      socket.onBinary { _, buffer in inbox.receive(.binary(byteCount: buffer.readableBytes)) }
    }.get()
    let attachment = await endpoint.attach(
      request,
      send: { text in socket.send(text, promise: nil) },
      close: { socket.eventLoop.execute { socket.close(promise: nil) } })
    guard let attachment else {
      try? await socket.close()
      return
    }
    inbox.attach(attachment)
    socket.onClose.whenComplete { _ in
      Task { await attachment.detach() }
    }
  }

  /// The socket's messages until its attachment is known, then the attachment.
  final class Inbox: Sendable {
    private struct Contents {
      var waiting: [LiveMessage] = []
      var attachment: LiveAttachment?
    }
    private let contents = NIOLockedValueBox(Contents())

    // Both under the lock, so that a message arriving while the waiting ones are handed over
    // cannot overtake them (the attachment's `receive` only queues).
    func receive(_ message: LiveMessage) {
      contents.withLockedValue { contents in
        if let attachment = contents.attachment {
          attachment.receive(message)
        } else if contents.waiting.count < 64 {
          // At most as many as the attachment's queue holds by default.
          contents.waiting.append(message)
        }
      }
    }

    func attach(_ attachment: LiveAttachment) {
      contents.withLockedValue { contents in
        contents.attachment = attachment
        for message in contents.waiting { attachment.receive(message) }
        contents.waiting = []
      }
    }
  }
}
#endif  // Vapor
