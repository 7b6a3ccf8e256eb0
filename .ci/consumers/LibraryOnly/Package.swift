// swift-tools-version: 6.1
import PackageDescription

// A user of the library alone: no trait, one product.
let package = Package(
  name: "LibraryOnly",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(url: "https://github.com/OWNER/open-composable-architecture", from: "0.1.0")
  ],
  targets: [
    .target(
      name: "LibraryOnly",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture")
      ])
  ],
  swiftLanguageModes: [.v6]
)
