// swift-tools-version: 6.1

import PackageDescription

// Benchmarks live in their own package so that users of the library never resolve the benchmark
// harness. Time them with:
//
//   swift package --package-path Benchmarks benchmark
//
// and count their instructions with callgrind (see README.md):
//
//   python3 Benchmarks/callgrind.py
let package = Package(
  name: "Benchmarks",
  platforms: [
    .macOS(.v14)
  ],
  dependencies: [
    // The web engine, and the demos' case studies, for `WebInstructionCounts` alone.
    .package(name: "open-composable-architecture", path: "..", traits: ["Web"]),
    .package(name: "Demos", path: "../Demos"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        "BenchmarkFeatures",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // The features, baselines and operations both harnesses measure.
    .target(
      name: "BenchmarkFeatures",
      dependencies: [
        "CallgrindMarkers",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
      ]
    ),
    // callgrind's client requests (zero and dump the counters) around the counted operations.
    .target(name: "CallgrindMarkers"),
    // Not under `Benchmarks/`, so that the benchmark plugin does not take it for a benchmark.
    .executableTarget(
      name: "InstructionCounts",
      dependencies: ["BenchmarkFeatures", "CallgrindMarkers"]
    ),
    // A page event in a ComposableWeb session, from its frame's text to its patch, for callgrind.
    .executableTarget(
      name: "WebInstructionCounts",
      dependencies: [
        "CallgrindMarkers",
        .product(name: "CaseStudies", package: "Demos"),
        .product(name: "CaseStudyFeatures", package: "Demos"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "open-composable-architecture"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
