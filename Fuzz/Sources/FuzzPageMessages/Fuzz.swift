import ComposableWeb
import FuzzDriver

/// Reads the input as a page's message and as a server's: neither reader may crash, and what a
/// reader reads, its writer writes back to the same message.
@_cdecl("FuzzPageMessages_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzz)
}

// (Also under the name libFuzzer's driver refers to.)
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  if case let .message(message) = ClientMessage.read(text) {
    let again = ClientMessage.read(message.text)
    precondition(again == .message(message), "\(message) was written as \(message.text), read back as \(again)")
  }
  if let message = try? ServerMessage(text: text) {
    let again = try? ServerMessage(text: message.text)
    precondition(again == message, "\(message) was written as \(message.text), read back as \(String(describing: again))")
  }
  return 0
}
