import ConcurrencyExtras
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
/// inode, and a watch on the old inode would hear nothing more.
///
/// On Linux, every watcher shares the process's one inotify descriptor (``InotifyCenter``):
/// the kernel allows a user only 128 inotify instances, too few for one per shared file. A
/// watcher owns its registration there and gives it back exactly once, however many times
/// ``cancel()`` is called. Elsewhere the watcher owns a file descriptor for the directory,
/// closed by its dispatch source's cancel handler, which runs exactly once, after the last event
/// handler.
final class FileWatcher {
  #if canImport(Glibc) || canImport(Musl)
    private let registration: LockIsolated<InotifyCenter.Registration?>
  #else
    private let source: any DispatchSourceProtocol
  #endif

  /// Starts watching the file at `url`, calling `onChange` on `queue` when it may have changed.
  /// Its directory must exist.
  init(url: URL, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) throws {
    let directory = url.deletingLastPathComponent().path
    #if canImport(Glibc) || canImport(Musl)
      let registration = try InotifyCenter.shared().watch(
        directory: directory, fileName: url.lastPathComponent, path: url.path
      ) {
        queue.async(execute: onChange)
      }
      self.registration = LockIsolated(registration)
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
      source.setCancelHandler {
        close(descriptor)
      }
      source.resume()
      self.source = source
    #endif
  }

  /// Stops watching and releases what the watch holds. Calling it again does nothing.
  func cancel() {
    #if canImport(Glibc) || canImport(Musl)
      let registration = self.registration.withValue { registration in
        defer { registration = nil }
        return registration
      }
      if let registration {
        InotifyCenter.release(registration)
      }
    #else
      self.source.cancel()
    #endif
  }

  deinit {
    self.cancel()
  }
}

#if canImport(Glibc) || canImport(Musl)
  extension FileWatcher: Sendable {}
#else
  // Unchecked: Dispatch doesn't declare its sources Sendable, though one may be cancelled anywhere.
  extension FileWatcher: @unchecked Sendable {}
#endif

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
  /// The process's one inotify descriptor, with the watchers registered for each watched
  /// directory. A directory is watched once, however many files in it are watched, and its
  /// kernel watch is removed when the last of them goes.
  // Unchecked: `source` is a Dispatch source, not declared Sendable; it is only touched in `init`.
  final class InotifyCenter: @unchecked Sendable {
    struct Registration: Sendable {
      let center: InotifyCenter
      let watch: Int32
      let id: UUID
    }

    private struct Watcher {
      let fileName: String
      let onChange: @Sendable () -> Void
    }

    /// The inotify descriptor, open for the life of the process.
    let descriptor: Int32
    private let source: any DispatchSourceRead
    private let watchers = Locked<[Int32: [UUID: Watcher]]>([:])

    private static let current = LockIsolated<InotifyCenter?>(nil)

    /// The shared center, created on first use.
    static func shared() throws -> InotifyCenter {
      try Self.current.withValue { current in
        if let current { return current }
        let center = try InotifyCenter()
        current = center
        return center
      }
    }

    static func release(_ registration: Registration) {
      registration.center.unwatch(registration)
    }

    private init() throws {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw FileWatchFailure(path: "inotify", code: errno)
      }
      self.descriptor = descriptor
      self.source = DispatchSource.makeReadSource(
        fileDescriptor: descriptor,
        queue: DispatchQueue(label: "open-composable-architecture.inotify")
      )
      self.source.setEventHandler { [weak self] in
        self?.deliver(InotifyEvents.drain(descriptor))
      }
      self.source.resume()
    }

    func watch(
      directory: String, fileName: String, path: String,
      onChange: @escaping @Sendable () -> Void
    ) throws -> Registration {
      let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
      return try self.watchers.withLock { watchers in
        let watch = inotify_add_watch(self.descriptor, directory, mask)
        guard watch >= 0 else {
          throw FileWatchFailure(path: path, code: errno)
        }
        let id = UUID()
        watchers[watch, default: [:]][id] = Watcher(fileName: fileName, onChange: onChange)
        return Registration(center: self, watch: watch, id: id)
      }
    }

    private func unwatch(_ registration: Registration) {
      self.watchers.withLock { watchers in
        guard watchers[registration.watch]?.removeValue(forKey: registration.id) != nil
        else { return }
        if watchers[registration.watch]?.isEmpty == true {
          watchers[registration.watch] = nil
          inotify_rm_watch(self.descriptor, registration.watch)
        }
      }
    }

    /// Tells each watcher concerned by a batch of events, once per batch, outside the lock.
    private func deliver(_ events: [InotifyEvents.Event]) {
      let concerned: [@Sendable () -> Void] = self.watchers.withLock { watchers in
        var concerned: [UUID: @Sendable () -> Void] = [:]
        for event in events {
          for (id, watcher) in watchers[event.watch] ?? [:]
          where event.concerns(fileName: watcher.fileName) {
            concerned[id] = watcher.onChange
          }
          // The kernel dropped the watch (its directory is gone): later registrations for a
          // new directory at that path get a new watch descriptor.
          if event.mask & UInt32(IN_IGNORED) != 0 {
            watchers[event.watch] = nil
          }
        }
        return Array(concerned.values)
      }
      for onChange in concerned {
        onChange()
      }
    }
  }

  /// The records an inotify descriptor reads as: `struct inotify_event` (a watch descriptor, a
  /// mask, a cookie and a name length, four 32-bit fields) followed by the NUL-padded name.
  struct InotifyEvents {
    struct Event: Equatable {
      let watch: Int32
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
        let watch = Int32(bitPattern: Self.uint32(bytes, at: offset))
        let mask = Self.uint32(bytes, at: offset + 4)
        let nameLength = Int(Self.uint32(bytes, at: offset + 12))
        let nameStart = offset + Self.headerSize
        guard bytes.endIndex - nameStart >= nameLength else { break }
        let nameBytes = bytes[nameStart..<nameStart + nameLength].prefix { $0 != 0 }
        events.append(
          Event(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self))
        )
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
