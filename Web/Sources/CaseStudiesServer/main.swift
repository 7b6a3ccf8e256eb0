import CaseStudies
import ComposableWeb
import Foundation
import Logging

/// Starts the case studies' server: `CaseStudiesServer [--host HOST] [--port PORT]`.
var host = "127.0.0.1"
var port = 8080
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--host":
    guard let value = arguments.popFirst() else {
      print("--host needs a value"); exit(2)
    }
    host = value
  case "--port":
    guard let value = arguments.popFirst(), let number = Int(value), (0...65535).contains(number)
    else {
      print("--port needs a number from 0 to 65535"); exit(2)
    }
    port = number
  case "--help", "-h":
    print("usage: CaseStudiesServer [--host HOST] [--port PORT]")
    exit(0)
  default:
    print("unknown argument \(argument); usage: CaseStudiesServer [--host HOST] [--port PORT]")
    exit(2)
  }
}

LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "case-studies")
logger.logLevel = .info
let server = LiveServer(title: "Case studies", features: caseStudies, logger: logger)
try await server.run(host: host, port: port)
