/// libFuzzer's driver (`-sanitize=fuzzer` links it): runs `test` on input after input, as the
/// command line says (`-max_total_time=30 CORPUS`, …).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with `test` on this process's command line: what a fuzz target's entry point
/// calls. (SwiftPM links an executable's entry as `<target>_main`, so libFuzzer's own `main`
/// is not the one that runs.)
///
/// ```swift
/// @_cdecl("FuzzLocation_main")
/// func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
///   runFuzzer(argc, argv) { bytes in _ = LiveLocation(text: String(decoding: bytes, as: UTF8.self)) }
/// }
/// ```
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var argc = argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&argc, &argv, test)
}
