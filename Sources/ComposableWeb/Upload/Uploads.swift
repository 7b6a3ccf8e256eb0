#if Web
import ComposableArchitecture
import Foundation

/// A file input's uploads: what files it accepts, and the files chosen, each with its progress.
/// It is the state of ``Uploads``, which a feature scopes to; ``fileInput(_:_:)`` shows it.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var photos = UploadState(accept: [".png", ".jpg", "image/*"], maximumFileSize: 2_000_000, maximumCount: 3)
/// }
/// ```
///
/// The page sends the chosen files' names, sizes and types first: the reducer refuses a file
/// too large, of a type not accepted, or beyond the count, before any byte is sent. The others
/// are sent in chunks over the page's socket; each chunk's progress is in the state, and a
/// whole file is written into ``directory`` and announced with ``UploadAction/finished(id:file:)``.
@ObservableState
public struct UploadState: Equatable, Sendable, Codable {
  /// The types accepted: extensions (`.png`), MIME types (`image/png`) or MIME families
  /// (`image/*`); empty for any file. It is the file input's `accept`, and the server checks it.
  public var accept: [String]
  /// The largest file accepted, in bytes.
  public var maximumFileSize: Int
  /// How many files may be chosen, counting those still in the state.
  public var maximumCount: Int
  /// The folder the files are written into: a folder of the system's temporary one by default.
  /// A file's effect moves it where it belongs (see ``UploadAction/finished(id:file:)``).
  public var directory: URL
  /// The files chosen, in order.
  public var entries: IdentifiedArrayOf<UploadEntry> = []
  /// The next entry's number, for its id.
  public var nextNumber = 1

  /// A file input's uploads.
  ///
  /// ```swift
  /// UploadState(accept: [".txt"], maximumFileSize: 64 * 1024, maximumCount: 1)
  /// ```
  public init(
    accept: [String] = [], maximumFileSize: Int = 8 * 1024 * 1024, maximumCount: Int = 1,
    directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("ocaf-uploads")
  ) {
    self.accept = accept
    self.maximumFileSize = maximumFileSize
    self.maximumCount = maximumCount
    self.directory = directory
  }

  /// Whether a file named `name` of MIME type `type` is of an accepted type.
  ///
  /// ```swift
  /// UploadState(accept: ["image/*"]).accepts(name: "cat.png", type: "image/png")  // true
  /// ```
  public func accepts(name: String, type: String) -> Bool {
    guard !accept.isEmpty else { return true }
    let name = name.lowercased(), type = type.lowercased()
    return accept.contains { pattern in
      let pattern = pattern.lowercased()
      if pattern.hasPrefix(".") { return name.hasSuffix(pattern) }
      if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
      return type == pattern
    }
  }

  /// The entries the page is to send bytes of: waiting or on the way.
  public var transferring: [UploadEntry] {
    entries.filter { $0.status == .waiting || $0.status == .uploading }
  }
}

/// One chosen file: its name, size and type as the page reported them, and how far it got.
public struct UploadEntry: Equatable, Identifiable, Sendable, Codable {
  /// What became of the file.
  public enum Status: Equatable, Sendable, Codable {
    /// Accepted; its bytes are to come.
    case waiting
    /// Some bytes came.
    case uploading
    /// All of it came; it is the file at this URL.
    case done(URL)
    /// Refused or cut off; nothing of it is left on the server.
    case failed(UploadError)
    /// Cancelled; nothing of it is left on the server.
    case cancelled
  }

  /// The entry's id in its state, e.g. `"u3"`.
  public let id: String
  /// The page's number for the file, which its chunks name.
  public let ref: Int
  /// The file's name, as the page reported it.
  public var name: String
  /// Its size in bytes, as the page reported it.
  public var size: Int
  /// Its MIME type, as the page reported it (empty when the browser did not know).
  public var type: String
  /// How many of its bytes were received.
  public var received = 0
  /// What became of it.
  public var status: Status = .waiting

  /// An entry.
  ///
  /// ```swift
  /// UploadEntry(id: "u1", ref: 0, name: "cat.png", size: 1_024, type: "image/png")
  /// ```
  public init(id: String, ref: Int, name: String, size: Int, type: String) {
    self.id = id
    self.ref = ref
    self.name = name
    self.size = size
    self.type = type
  }

  /// The share received, from 0 to 1.
  public var progress: Double { size == 0 ? 1 : Double(received) / Double(size) }
}

/// Why an upload failed. Each also has a sentence for the page: `error.description`.
public enum UploadError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// The file is larger than the limit.
  case tooLarge(limit: Int)
  /// The file's type is not accepted.
  case notAccepted
  /// More files than the limit were chosen.
  case tooMany(limit: Int)
  /// The transfer stopped before the file was whole (the page left or lost its connection).
  case cutOff
  /// The server could not write the file.
  case notWritten(String)

  /// A sentence for the page, e.g. "Larger than 2 MB."
  public var description: String {
    switch self {
    case let .tooLarge(limit): return "Larger than \(UploadError.size(limit))."
    case .notAccepted: return "Not a type this field takes."
    case let .tooMany(limit): return "More than \(limit) file\(limit == 1 ? "" : "s")."
    case .cutOff: return "The transfer was cut off."
    case let .notWritten(reason): return "The server could not save it: \(reason)."
    }
  }

  /// A size as a person reads it: "512 bytes", "64 kB", "2 MB".
  static func size(_ bytes: Int) -> String {
    if bytes >= 1_000_000, bytes % 100_000 == 0 || bytes >= 10_000_000 {
      return String(format: bytes % 1_000_000 == 0 ? "%.0f MB" : "%.1f MB", Double(bytes) / 1_000_000)
    }
    if bytes >= 1_000 { return "\(bytes / 1_000) kB" }
    return "\(bytes) bytes"
  }
}

/// A file the page reports it has chosen, before sending any of it.
public struct UploadFile: Equatable, Sendable, Codable {
  /// The page's number for the file.
  public var ref: Int
  /// Its name.
  public var name: String
  /// Its size in bytes.
  public var size: Int
  /// Its MIME type.
  public var type: String

  /// A chosen file: `UploadFile(ref: 0, name: "cat.png", size: 1_024, type: "image/png")`.
  public init(ref: Int, name: String, size: Int, type: String) {
    self.ref = ref
    self.name = name
    self.size = size
    self.type = type
  }
}

/// What happens to a file input's uploads. The page sends ``selected(_:)``; the engine sends
/// ``progressed(id:received:)``, ``finished(id:file:)`` and ``failed(id:_:)`` as bytes come;
/// the view sends ``cancelButtonTapped(id:)`` and ``removeButtonTapped(id:)``.
public enum UploadAction: Equatable, Sendable {
  /// The page chose files.
  case selected([UploadFile])
  /// The entry's bytes so far.
  case progressed(id: String, received: Int)
  /// The entry is whole: it is the file at `file`, for an effect to consume (move or read it).
  case finished(id: String, file: URL)
  /// The entry failed; nothing of it is left.
  case failed(id: String, UploadError)
  /// The person cancelled the entry.
  case cancelButtonTapped(id: String)
  /// The person removed a finished, failed or cancelled entry from the list.
  case removeButtonTapped(id: String)
}

/// The reducer of a file input's uploads: it refuses files too large, of a type not accepted or
/// beyond the count (each a failed entry, before any byte is sent), and keeps each entry's
/// progress. Scope a feature's ``UploadState`` to it, and react to ``UploadAction/finished(id:file:)``:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.photos, action: \.photos) { Uploads() }
///   Reduce { state, action in
///     switch action {
///     case let .photos(.finished(id, file)):
///       return .run { _ in try await photoLibrary.add(file) }
///     case .photos:
///       return .none
///     }
///   }
/// }
/// ```
public struct Uploads: Reducer {
  /// The uploads' state.
  ///
  /// ```swift
  /// Scope(state: \.photos, action: \.photos) { Uploads() }
  /// ```
  public typealias State = UploadState
  /// The uploads' actions.
  ///
  /// ```swift
  /// case let .photos(.finished(id, file)):
  /// ```
  public typealias Action = UploadAction

  /// The reducer.
  public init() {}

  /// Refuses, accepts and follows the chosen files (see ``Uploads``).
  ///
  /// ```swift
  /// _ = Uploads().reduce(into: &state, action: .selected(files))
  /// ```
  public func reduce(into state: inout UploadState, action: UploadAction) -> Effect<UploadAction> {
    switch action {
    case let .selected(files):
      for file in files {
        var entry = UploadEntry(
          id: "u\(state.nextNumber)", ref: file.ref, name: file.name, size: max(0, file.size),
          type: file.type)
        state.nextNumber += 1
        let kept = state.entries.filter {
          if case .failed = $0.status { return false }
          return $0.status != .cancelled
        }.count
        if kept >= state.maximumCount {
          entry.status = .failed(.tooMany(limit: state.maximumCount))
        } else if entry.size > state.maximumFileSize {
          entry.status = .failed(.tooLarge(limit: state.maximumFileSize))
        } else if !state.accepts(name: file.name, type: file.type) {
          entry.status = .failed(.notAccepted)
        }
        state.entries.append(entry)
      }
      return .none
    case let .progressed(id, received):
      guard state.entries[id: id]?.status == .waiting || state.entries[id: id]?.status == .uploading
      else { return .none }
      state.entries[id: id]?.received = received
      state.entries[id: id]?.status = .uploading
      return .none
    case let .finished(id, file):
      guard var entry = state.entries[id: id] else { return .none }
      entry.received = entry.size
      entry.status = .done(file)
      state.entries[id: id] = entry
      return .none
    case let .failed(id, error):
      state.entries[id: id]?.status = .failed(error)
      return .none
    case let .cancelButtonTapped(id):
      guard let status = state.entries[id: id]?.status, status == .waiting || status == .uploading
      else { return .none }
      state.entries[id: id]?.status = .cancelled
      return .none
    case let .removeButtonTapped(id):
      state.entries.remove(id: id)
      return .none
    }
  }
}
#endif  // Web
