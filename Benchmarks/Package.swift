// swift-tools-version: 6.1

import PackageDescription

// Benchmarks live in their own package so that users of the library never resolve the benchmark
// harness. Run them with:
//
//   swift package --package-path Benchmarks benchmark
let package = Package(
  name: "Benchmarks",
  platforms: [
    .macOS(.v14)
  ],
  dependencies: [
    .package(name: "open-composable-architecture", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
