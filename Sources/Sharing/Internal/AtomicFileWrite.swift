import Foundation

#if canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#elseif canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl

  private let systemWrite = Musl.write
#endif

/// Replaces a file's contents in one step: the data is written and flushed to a temporary file
/// in the same directory (so both are on one file system), which is then renamed over the file.
/// A reader sees the old contents or the new ones, never a mix, even if the process dies
/// mid-write.
enum AtomicFileWrite {
  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp"
    )
    do {
      try Self.writeAndSync(data, to: temporary.path)
      guard rename(temporary.path, url.path) == 0 else {
        throw FileWriteFailure(path: url.path, step: "replace the file", code: errno)
      }
    } catch {
      unlink(temporary.path)
      throw error
    }
  }

  private static func writeAndSync(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileWriteFailure(path: path, step: "create a temporary file", code: errno)
    }
    defer { close(descriptor) }
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw FileWriteFailure(path: path, step: "write", code: errno)
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else {
      throw FileWriteFailure(path: path, step: "flush to disk", code: errno)
    }
  }
}

/// A write to the file system that failed, naming the file and the step.
struct FileWriteFailure: Error, CustomStringConvertible, LocalizedError {
  let path: String
  let step: String
  let code: Int32

  var description: String {
    "Couldn't \(self.step) at '\(self.path)': \(String(cString: strerror(self.code)))"
  }

  var errorDescription: String? { self.description }
}
