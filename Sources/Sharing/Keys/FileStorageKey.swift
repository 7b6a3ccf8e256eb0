import Dependencies
import Foundation

extension SharedReaderKey {
  /// A key for a `Codable` value stored in a file, as JSON by default.
  ///
  /// ```swift
  /// struct Settings: Codable, Equatable {
  ///   var isHapticsEnabled = true
  /// }
  ///
  /// @Shared(.fileStorage(.documentsDirectory.appending(component: "settings.json")))
  /// var settings = Settings()
  /// ```
  ///
  /// - A missing file gives the default value; the file is written when the value first changes
  ///   (its directory is created if needed). Writes are atomic.
  /// - Rapid changes are coalesced: the first is written at once, then at most one write per
  ///   second, always of the latest value. ``Shared/save()`` writes at once. Nothing waiting is
  ///   lost: it is written when the last shared value using the file goes away, and when the
  ///   process exits normally.
  /// - Changes made to the file by anyone else are picked up; deleting the file brings back the
  ///   default value.
  /// - A file that can't be decoded leaves the default in place, sets ``Shared/loadError``, and is
  ///   left untouched until the value changes.
  ///
  /// Where the file lives is up to ``Dependencies/DependencyValues/defaultFileStorage``: in tests
  /// it is an in-memory file system, fresh for each test.
  ///
  /// - Parameters:
  ///   - url: The file to read and write.
  ///   - decoder: Decodes the file's contents.
  ///   - encoder: Encodes the value.
  public static func fileStorage<Value: Codable & Sendable>(
    _ url: URL,
    decoder: JSONDecoder = JSONDecoder(),
    encoder: JSONEncoder = FileStorageKey<Value>.defaultEncoder
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedSendable(decoder)
    let encoder = UncheckedSendable(encoder)
    return .fileStorage(
      url,
      decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// A key for a value stored in a file in a format of your choosing.
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<String> {
  ///   static var notes: Self {
  ///     .fileStorage(
  ///       .documentsDirectory.appending(component: "notes.txt"),
  ///       decode: { String(decoding: $0, as: UTF8.self) },
  ///       encode: { Data($0.utf8) }
  ///     )
  ///   }
  /// }
  ///
  /// @Shared(.notes) var notes = ""
  /// ```
  ///
  /// It behaves as ``fileStorage(_:decoder:encoder:)`` does.
  ///
  /// - Parameters:
  ///   - url: The file to read and write.
  ///   - decode: Turns the file's contents into a value.
  ///   - encode: Turns a value into the file's contents.
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// A key for a value stored in a file. Create one with
/// ``SharedReaderKey/fileStorage(_:decoder:encoder:)`` or
/// ``SharedReaderKey/fileStorage(_:decode:encode:)``:
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<[Todo]>.Default {
///   static var todos: Self {
///     Self[.fileStorage(.documentsDirectory.appending(component: "todos.json")), default: []]
///   }
/// }
///
/// @Shared(.todos) var todos
/// ```
public struct FileStorageKey<Value: Sendable>: SharedKey {
  private let coordinator: FileStorageCoordinator<Value>

  init(
    url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.coordinator = FileStorageCoordinator(
      url: url, storage: storage, decode: decode, encode: encode
    )
  }

  /// The encoder ``SharedReaderKey/fileStorage(_:decoder:encoder:)`` uses unless given another:
  /// pretty-printed JSON with sorted keys, so the file is easy to read and to compare.
  ///
  /// ```swift
  /// let encoder = FileStorageKey<Settings>.defaultEncoder
  /// ```
  public static var defaultEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return encoder
  }

  /// The file and the file storage: keys for the same file share one value.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: self.coordinator.url.standardizedFileURL, storage: self.coordinator.storage)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    self.coordinator.load(continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    self.coordinator.startWatching(subscriber: subscriber)
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    self.coordinator.save(value, context: context, continuation: continuation)
  }
}

extension FileStorageKey: CustomStringConvertible {
  public var description: String {
    ".fileStorage(\(String(reflecting: self.coordinator.url)))"
  }
}

/// The identity of a ``FileStorageKey``: its file, in its file storage.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}
