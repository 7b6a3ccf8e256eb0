// swift-tools-version: 6.1

import PackageDescription

// Examples live in their own package so that users of the library never resolve their
// dependencies.
let package = Package(
  name: "Examples",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
  ],
  products: [
    .library(name: "CaseStudyFeatures", targets: ["CaseStudyFeatures"])
  ],
  dependencies: [
    .package(name: "open-composable-architecture", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "CounterDemo",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture")
      ]
    ),
    .target(
      name: "TodosFeature",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture")
      ]
    ),
    .executableTarget(
      name: "TodosDemo",
      dependencies: ["TodosFeature"]
    ),
    .target(
      name: "CaseStudyFeatures",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture")
      ]
    ),
    .testTarget(
      name: "CaseStudyFeaturesTests",
      dependencies: [
        "CaseStudyFeatures",
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
      ]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature",
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
