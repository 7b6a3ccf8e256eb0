import ComposableWeb
import FuzzDriver

/// Reads the input as a routed page's location: it may not crash, and a location read is
/// written as a text that reads back to the same location.
@_cdecl("FuzzLocation_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzz)
}

// (Also under the name libFuzzer's driver refers to.)
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  guard let location = LiveLocation(text: text) else { return 0 }
  _ = location.segments
  _ = location.query("q")
  let again = LiveLocation(text: location.text)
  precondition(again?.segments == location.segments, "\(text) → \(location.text) → \(String(describing: again))")
  return 0
}
