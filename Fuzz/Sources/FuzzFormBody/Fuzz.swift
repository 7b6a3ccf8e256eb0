import ComposableWeb
import FuzzDriver

/// Reads the input as a posted form's body and as a `Cookie` header: neither may crash, and
/// every field of the body is read.
@_cdecl("FuzzFormBody_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzz)
}

// (Also under the name libFuzzer's driver refers to.)
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  let request = LiveRequest(
    method: "POST", path: "/form", headers: [LiveField("Cookie", text)], body: text)
  let fields = request.form
  let pairs = text.split(separator: "&", omittingEmptySubsequences: true).count
  precondition(fields.count == pairs, "\(pairs) pairs read as \(fields.count) fields")
  _ = request.cookies
  return 0
}
