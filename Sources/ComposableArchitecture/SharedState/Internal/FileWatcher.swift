import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Watches one file for changes made by anyone: writes, replacement by rename, deletion.
///
/// It watches the file's *directory*, because an atomic write replaces the file with another
/// inode, and a watch on the old inode would hear nothing more. The watcher owns the file
/// descriptor it watches through: the dispatch source closes it in its cancel handler, which
/// runs exactly once, after the last event handler, however many times ``cancel()`` is called.
///
/// `@unchecked Sendable`: its one property is a dispatch source, which may be cancelled from any
/// thread.
final class FileWatcher: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  /// Starts watching the file at `url`, calling `onChange` on `queue` when it may have changed.
  /// Its directory must exist.
  init(url: URL, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
    let directory = url.deletingLastPathComponent().path
    #if canImport(Glibc) || canImport(Musl)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw FileWatchFailure(path: url.path, code: errno)
      }
      let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
      guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
        let code = errno
        close(descriptor)
        throw FileWatchFailure(path: url.path, code: code)
      }
      let fileName = url.lastPathComponent
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        let events = InotifyEvents.drain(descriptor)
        if events.contains(where: { $0.concerns(fileName: fileName) }) {
          onChange()
        }
      }
    #else
      let descriptor = open(directory, O_EVTONLY)
      guard descriptor >= 0 else {
        throw FileWatchFailure(path: url.path, code: errno)
      }
      // A directory's write event covers entries created, renamed in or out, and deleted: the
      // events atomic writers and deleters cause. The handler re-reads the file and ignores
      // contents it has seen, so events about other files in the directory are harmless.
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .delete, .rename], queue: queue
      )
      source.setEventHandler(handler: onChange)
    #endif
    source.setCancelHandler {
      close(descriptor)
    }
    source.resume()
    self.source = source
  }

  /// Stops watching and releases the file descriptor. Calling it again does nothing.
  func cancel() {
    self.source.cancel()
  }

  deinit {
    self.source.cancel()
  }
}

/// A file watch that couldn't be set up, naming the file.
struct FileWatchFailure: Error, CustomStringConvertible, LocalizedError {
  let path: String
  let code: Int32

  var description: String {
    "Couldn't watch '\(self.path)' for changes: \(String(cString: strerror(self.code)))"
  }

  var errorDescription: String? { self.description }
}

#if canImport(Glibc) || canImport(Musl)
  /// The records an inotify descriptor reads as: `struct inotify_event` (a watch descriptor, a
  /// mask, a cookie and a name length, four 32-bit fields) followed by the NUL-padded name.
  struct InotifyEvents {
    struct Event: Equatable {
      let mask: UInt32
      let name: String

      /// Whether the event may have changed the watched file: an event about that name, or the
      /// directory itself going away.
      func concerns(fileName: String) -> Bool {
        let directoryGone = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
        return self.name == fileName || self.mask & directoryGone != 0
      }
    }

    private static let headerSize = 16

    /// Reads every pending event from a non-blocking inotify descriptor.
    static func drain(_ descriptor: Int32) -> [Event] {
      var events: [Event] = []
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        let count = buffer.withUnsafeMutableBytes { bytes in
          read(descriptor, bytes.baseAddress, bytes.count)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return events }
        events.append(contentsOf: Self.parse(buffer[..<count]))
      }
    }

    /// Splits raw inotify records into events; a truncated record ends the list.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
      var events: [Event] = []
      var offset = bytes.startIndex
      while bytes.endIndex - offset >= Self.headerSize {
        let mask = Self.uint32(bytes, at: offset + 4)
        let nameLength = Int(Self.uint32(bytes, at: offset + 12))
        let nameStart = offset + Self.headerSize
        guard bytes.endIndex - nameStart >= nameLength else { break }
        let nameBytes = bytes[nameStart..<nameStart + nameLength].prefix { $0 != 0 }
        events.append(Event(mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
        offset = nameStart + nameLength
      }
      return events
    }

    /// A field in the machine's byte order, as the kernel writes it.
    private static func uint32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
      let littleEndian = bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
      return UInt32(littleEndian: littleEndian)
    }
  }
#endif
