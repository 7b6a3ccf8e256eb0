// swift-tools-version: 6.1
// Coverage-guided fuzz targets (libFuzzer) for the web engine's parsers: the page messages, the
// form body, locations, and the page tests' HTML parser. Build and run them with `./run.sh`; the
// seed corpora are in `Corpus/`.
import PackageDescription

// Each target's entry point runs libFuzzer's driver (`FuzzDriver`) on its test function;
// libFuzzer is linked into these executables only. The code under test is built by `run.sh` with
// AddressSanitizer and the coverage instrumentation libFuzzer follows (`-sanitize-coverage`);
// `--sanitize=fuzzer` for the whole build would also link libFuzzer into the macro plugins,
// which have a `main` of their own.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"])]
let fuzzLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]

let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "open-composable-architecture", path: "..", traits: ["Web"])
  ],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "FuzzPageMessages",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableWeb", package: "open-composable-architecture"),
      ],
      swiftSettings: fuzzTarget, linkerSettings: fuzzLink),
    .executableTarget(
      name: "FuzzFormBody",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableWeb", package: "open-composable-architecture"),
      ],
      swiftSettings: fuzzTarget, linkerSettings: fuzzLink),
    .executableTarget(
      name: "FuzzLocation",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableWeb", package: "open-composable-architecture"),
      ],
      swiftSettings: fuzzTarget, linkerSettings: fuzzLink),
    .executableTarget(
      name: "FuzzPageParser",
      dependencies: [
        "FuzzDriver",
        .product(name: "ComposableWebTesting", package: "open-composable-architecture"),
      ],
      swiftSettings: fuzzTarget, linkerSettings: fuzzLink),
  ],
  swiftLanguageModes: [.v6]
)
