// swift-tools-version: 6.1

import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "open-composable-architecture",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
  ],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    // Parts of the library under upstream's module names, for code that imports them alone
    // (`ComposableArchitecture` re-exports both).
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "SwiftNavigation", targets: ["SwiftNavigation"]),
    // Linked by test targets: see Sources/ComposableArchitectureTestSupport.
    .library(
      name: "ComposableArchitectureTestSupport", targets: ["ComposableArchitectureTestSupport"]
    ),
    // ComposableWeb: TCA features served live to browsers. Each needs a trait (below); without
    // it the module is empty and its server packages are not resolved.
    .library(name: "ComposableWeb", targets: ["ComposableWeb"]),
    .library(name: "ComposableWebTesting", targets: ["ComposableWebTesting"]),
    .library(name: "ComposableWebHummingbird", targets: ["ComposableWebHummingbird"]),
    .library(name: "ComposableWebVapor", targets: ["ComposableWebVapor"]),
    // Shared state in a database (`@FetchAll`, `@FetchOne`, `@Fetch`, `defaultDatabase`). Needs
    // the SQLite or PostgreSQL trait; without one the module is empty and no database package
    // is resolved.
    .library(name: "ComposableDatabase", targets: ["ComposableDatabase"]),
  ],
  // All off by default: a user of the library alone resolves no server package.
  traits: [
    .trait(
      name: "Web",
      description: """
        ComposableWeb's engine and ComposableWebTesting's page tests, without an HTTP server \
        (SwiftNIO's core and WebSocket frames, swift-log).
        """
    ),
    .trait(
      name: "Hummingbird",
      description: "ComposableWebHummingbird: pages served by Hummingbird 2. Enables Web.",
      enabledTraits: ["Web"]
    ),
    .trait(
      name: "Vapor",
      description: "ComposableWebVapor: pages served by Vapor 4. Enables Web.",
      enabledTraits: ["Web"]
    ),
    .trait(
      name: "SQLite",
      description: """
        ComposableDatabase on SQLite (sqlite-nio, which embeds SQLite: nothing to install), \
        through SQLKit.
        """
    ),
    .trait(
      name: "PostgreSQL",
      description: """
        ComposableDatabase on PostgreSQL (postgres-nio), for several processes: a write in any \
        process reaches the fetches of all, by LISTEN/NOTIFY.
        """
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.2"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.4"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.0"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    // The web framework's server packages, resolved only where a trait needs them.
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
    // The database engines, resolved only where a trait needs them.
    .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
    .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
    .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "ComposableArchitectureMacros",
        "Perception",
        "Sharing",
        "SwiftNavigation",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows, .wasi])
        ),
      ]
    ),
    .target(
      name: "ComposableArchitectureTestSupport",
      dependencies: testSupportDependencies
    ),
    .target(
      name: "Sharing",
      dependencies: [
        "Perception",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows, .wasi])
        ),
      ]
    ),
    .target(
      name: "SwiftNavigation",
      dependencies: [
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "Perception",
      dependencies: ["ComposableArchitectureMacros"]
    ),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // MARK: ComposableWeb (each file compiles only under its trait: see `traits`)

    // The engine: views, sessions, pages, limits. It knows no HTTP server.
    .target(
      name: "ComposableWeb",
      dependencies: [
        "ComposableArchitecture",
        "Sharing",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Web"])),
        // Sessions run on their connection's event loop (`SessionActor`).
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Web"])),
        // RFC 6455's rules for a page's frames, over swift-nio's decoded frames (`PageFrameRules`).
        .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Web"])),
      ],
      // The page script, unit-tested under Node by `node --test Web/ScriptTests`.
      resources: [.copy("Resources/PageScript")]
    ),
    // Page tests without a browser (`LivePage`), in the spirit of Phoenix's LiveViewTest. It
    // links what reports failures to Swift Testing and XCTest, so that a test target that
    // depends on it alone cannot pass a failing expectation.
    .target(
      name: "ComposableWebTesting",
      dependencies: [
        "ComposableArchitecture",
        "ComposableArchitectureTestSupport",
        "ComposableWeb",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Web"])),
      ]
    ),
    // Serving the engine's pages with Hummingbird.
    .target(
      name: "ComposableWebHummingbird",
      dependencies: [
        "ComposableWeb",
        "Sharing",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "HummingbirdWebSocket", package: "hummingbird-websocket",
          condition: .when(traits: ["Hummingbird"])
        ),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle",
          condition: .when(traits: ["Hummingbird"])
        ),
        .product(
          name: "UnixSignals", package: "swift-service-lifecycle",
          condition: .when(traits: ["Hummingbird"])
        ),
      ]
    ),
    // Mounting an endpoint's pages and socket on a Vapor app's routes.
    .target(
      name: "ComposableWebVapor",
      dependencies: [
        "ComposableWeb",
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        // The page socket's upgrade, with swift-nio's protocol error handling on.
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Vapor"])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Vapor"])),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Vapor"])),
      ]
    ),

    // MARK: ComposableDatabase (each file compiles only under its engine's trait)

    .target(
      name: "ComposableDatabase",
      dependencies: [
        "Sharing",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(
          name: "Logging", package: "swift-log", condition: .when(traits: ["SQLite", "PostgreSQL"])),
        .product(
          name: "SQLKit", package: "sql-kit", condition: .when(traits: ["SQLite", "PostgreSQL"])),
        .product(name: "SQLiteKit", package: "sqlite-kit", condition: .when(traits: ["SQLite"])),
        .product(
          name: "PostgresKit", package: "postgres-kit", condition: .when(traits: ["PostgreSQL"])),
        .product(
          name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        // Session snapshots in the database (`DatabaseSessionStore`), with the web framework.
        .target(name: "ComposableWeb", condition: .when(traits: ["Web"])),
      ]
    ),

    // MARK: Tests

    // Linked into the test binary only: caps how many tests Swift Testing runs at once (see the
    // C file for why).
    .target(name: "TestRunSettings", path: "Tests/TestRunSettings"),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        "TestRunSettings",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture",
        "ComposableArchitectureTestSupport",
        "Sharing",
        "SwiftNavigation",
        "TestRunSettings",
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows, .wasi])
        ),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    // What a user writes every day, compiled with deprecation warnings as errors.
    .testTarget(
      name: "DeprecationFreeTests",
      dependencies: [
        "ComposableArchitecture",
        "ComposableArchitectureTestSupport",
        "ComposableWeb",
        "TestRunSettings",
      ],
      swiftSettings: [.unsafeFlags(["-Werror", "DeprecatedDeclaration"])]
    ),
    // The web framework's tests, with the Hummingbird trait (they serve pages with it); those of
    // the Vapor adapter also need the Vapor trait.
    .testTarget(
      name: "ComposableWebTests",
      dependencies: [
        "ComposableArchitecture",
        "ComposableArchitectureTestSupport",
        "ComposableWeb",
        "ComposableWebHummingbird",
        "ComposableWebTesting",
        "ComposableWebVapor",
        // Snapshots in a database (`DatabaseSessionStore`), under the SQLite trait.
        "ComposableDatabase",
        "TestRunSettings",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(
          name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])
        ),
        .product(
          name: "HummingbirdWSClient", package: "hummingbird-websocket",
          condition: .when(traits: ["Hummingbird"])
        ),
        .product(
          name: "HummingbirdWSTesting", package: "hummingbird-websocket",
          condition: .when(traits: ["Hummingbird"])
        ),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .testTarget(
      name: "ComposableDatabaseTests",
      dependencies: [
        "ComposableArchitecture",
        "ComposableArchitectureTestSupport",
        "ComposableDatabase",
        "TestRunSettings",
        .product(
          name: "SQLKit", package: "sql-kit", condition: .when(traits: ["SQLite", "PostgreSQL"])),
        .product(
          name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
        .target(name: "ComposableWeb", condition: .when(traits: ["Web"])),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// What a test target gets from `ComposableArchitectureTestSupport`: failures that reach Swift
// Testing, and, outside Apple platforms, test dependencies that start afresh in each XCTest method
// (Dependencies vends its observer library only where it is needed).
var testSupportDependencies: [Target.Dependency] {
  var dependencies: [Target.Dependency] = [
    .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")
  ]
  #if !os(macOS) && !os(WASI)
    dependencies.append(
      .product(
        name: "DependenciesTestObserver", package: "swift-dependencies",
        condition: .when(platforms: [.linux, .android, .windows])
      )
    )
  #endif
  return dependencies
}
