// swift-tools-version: 6.1

import PackageDescription

// ComposableWeb served by Vapor 4, in a package of its own so that users of the Hummingbird
// adapter never resolve Vapor.
let package = Package(
  name: "WebVapor",
  platforms: [
    .macOS(.v15)
  ],
  products: [
    .library(name: "ComposableWebVapor", targets: ["ComposableWebVapor"]),
    .executable(name: "CaseStudiesVapor", targets: ["CaseStudiesVapor"]),
  ],
  dependencies: [
    .package(name: "Web", path: "../Web"),
    .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
  ],
  targets: [
    // Mounting a `LiveEndpoint`'s pages and socket on a Vapor app's routes.
    .target(
      name: "ComposableWebVapor",
      dependencies: [
        .product(name: "ComposableWeb", package: "Web"),
        .product(name: "Vapor", package: "vapor"),
      ]
    ),
    // The case studies, served by Vapor: the same features and views as `CaseStudiesServer`.
    .executableTarget(
      name: "CaseStudiesVapor",
      dependencies: [
        "ComposableWebVapor",
        .product(name: "CaseStudies", package: "Web"),
        .product(name: "ComposableWeb", package: "Web"),
        .product(name: "Vapor", package: "vapor"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
