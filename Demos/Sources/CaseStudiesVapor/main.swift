// The case studies served by Vapor: the same features and views as `CaseStudiesServer`, mounted
// with `ComposableWebVapor`.
//
//     swift run --package-path Demos CaseStudiesVapor serve --hostname 127.0.0.1 --port 8080
import CaseStudies
import ComposableWeb
import ComposableWebVapor
import Vapor

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
// The address `serve --hostname` binds (Vapor reads it later, when the command runs): the pages
// answer for it and for localhost.
let arguments = environment.arguments
let host = zip(arguments, arguments.dropFirst())
  .first { $0.0 == "--hostname" || $0.0 == "-H" }?.1 ?? app.http.server.configuration.hostname
let endpoint = LiveEndpoint(
  title: "Case studies", features: caseStudies, showsIndex: true,
  hosts: HostPolicy(allowedHosts: nil, boundHost: host), logger: app.logger)
app.addLivePages(endpoint)
app.lifecycle.use(LiveEndpointLifecycle(endpoint))
do {
  try await app.execute()
} catch {
  app.logger.report(error: error)
  try? await app.asyncShutdown()
  throw error
}
try await app.asyncShutdown()
