import FuzzDriver
@testable import ComposableWebTesting

/// Parses the input as the HTML a page test reads, and as a selector: neither may crash.
@_cdecl("FuzzPageParser_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzz)
}

// (Also under the name libFuzzer's driver refers to.)
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  let nodes = PageParser.parse(text)
  if let selector = PageSelector(text) {
    for node in nodes { _ = selector.matches(node) }
  }
  return 0
}
