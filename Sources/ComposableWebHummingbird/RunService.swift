#if Hummingbird
import ComposableWeb
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// How a run with live pages ended.
private enum RunEnding: Sendable {
  case stopped, timeIsUp, failed(any Error)
}

extension ApplicationProtocol {
  /// Runs the app, whose router has `endpoint`'s pages, until SIGTERM or SIGINT, with a clean,
  /// bounded stop for its pages: what `runService()` does, and more.
  ///
  /// On a stop, every page is told the server is stopping (it shows it and reconnects), its
  /// socket is closed and its session ended (its effects cancelled); then the app stops
  /// accepting and waits for its open requests. `runService(with:)` returns within
  /// `shutdownTimeout` of the signal, whatever is still open then (a connection that never
  /// sent a request, say).
  ///
  /// ```swift
  /// let app = Application(
  ///   router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
  ///   configuration: .init(address: .hostname("127.0.0.1", port: 8081)))
  /// try await app.runService(with: endpoint)
  /// ```
  ///
  /// > Important: `runService()` alone, or the endpoint's stop added with `addServices`, stops
  /// > the HTTP server first, which then waits for the pages' sockets: the pages are not told,
  /// > and the stop lasts as long as they stay.
  public func runService(
    with endpoint: LiveEndpoint,
    shutdownTimeout: Duration = .seconds(10),
    gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint]
  ) async throws {
    try await runService(
      with: endpoint, shutdownTimeout: shutdownTimeout, signals: gracefulShutdownSignals,
      stop: nil)
  }

  /// ``runService(with:shutdownTimeout:gracefulShutdownSignals:)``, also stopped by `stop`.
  func runService(
    with endpoint: LiveEndpoint, shutdownTimeout: Duration, signals: [UnixSignal],
    stop: ShutdownTrigger?
  ) async throws {
    let logger = self.logger
    let (endings, end) = AsyncStream<RunEnding>.makeStream()
    let sessions = SessionsService(endpoint: endpoint, timeout: shutdownTimeout, logger: logger) {
      end.yield(.timeIsUp)
    }
    // Shut down in reverse order: the sessions first, so that the pages are told and their
    // sockets closed before the server waits for its connections.
    var configuration = ServiceGroupConfiguration(
      services: [.init(service: self), .init(service: sessions)],
      gracefulShutdownSignals: signals,
      logger: logger)
    configuration.maximumGracefulShutdownDuration = shutdownTimeout
    let group = ServiceGroup(configuration: configuration)
    stop?.attach(group)
    // Unstructured, so that a connection that never closes cannot hold the stop past the
    // timeout.
    Task {
      do {
        try await group.run()
        end.yield(.stopped)
      } catch {
        end.yield(.failed(error))
      }
    }
    for await ending in endings {
      switch ending {
      case .stopped:
        logger.info("Stopped")
      case .timeIsUp:
        logger.warning(
          "Stopped with connections still open: the shutdown timeout is up",
          metadata: ["timeout": "\(shutdownTimeout)"])
      case let .failed(error):
        await endpoint.shutDown()
        throw error
      }
      break
    }
    await endpoint.registry.endAll()
  }
}
#endif  // Hummingbird
