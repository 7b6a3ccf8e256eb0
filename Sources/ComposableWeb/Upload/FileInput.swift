#if Web
import ComposableArchitecture
import Foundation

/// A file input bound to a store of ``Uploads``: the page reports the files chosen (their
/// names, sizes and types), then sends the bytes of those the reducer accepted, in chunks over
/// its socket, each chunk's progress going into the state.
///
/// ```swift
/// fileInput(store.scope(state: \.photos, action: \.photos), ["id": "photos"])
/// for entry in store.photos.entries {
///   li { "\(entry.name): \(Int(entry.progress * 100))%" }
/// }
/// ```
///
/// The input is `multiple` when the state takes more than one file, and its `accept` is the
/// state's. A chunk is at most ``chunkSize`` bytes; the page sends the next one when the state
/// shows the last one arrived, so an upload resumes where the server is.
public func fileInput<Action>(
  _ store: LiveStore<UploadState, UploadAction>, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  let state = store.state
  var own: [(name: String, value: String)] = [("type", "file")]
  if !state.accept.isEmpty { own.append(("accept", state.accept.joined(separator: ","))) }
  if state.maximumCount > 1 { own.append(("multiple", "")) }
  own.append((PageProtocol.Attribute.uploadEntries.name, UploadBinding.entriesJSON(state)))
  let binding = UploadBinding(
    identity: ObjectIdentifier(store.storeActor),
    state: { store.withState { $0 } },
    send: { _ = store.send($0) })
  return .element(
    HTMLElement(
      tag: "input", attributes: mergedAttributes(own, attributes),
      events: [(event: PageProtocol.Attribute.upload.rawValue, handler: .upload(binding))]))
}

/// The most bytes of a file one chunk carries.
public let chunkSize = 12 * 1024

/// A file input's store, as its handler reaches it: the uploads' current state, and where their
/// actions go. Made by ``fileInput(_:_:)``. (A class: every handler of a page carries room for
/// one, and a reference keeps that room small.)
public final class UploadBinding {
  /// The store's identity: the files of one input are kept apart from another's.
  let identity: ObjectIdentifier
  /// The current state, unobserved.
  let state: () -> UploadState
  /// Sends the uploads' store an action.
  let send: (UploadAction) -> Void

  init(
    identity: ObjectIdentifier, state: @escaping () -> UploadState,
    send: @escaping (UploadAction) -> Void
  ) {
    self.identity = identity
    self.state = state
    self.send = send
  }

  /// The entries the page is to send bytes of, as the input's `data-ocaf-upload-entries`:
  /// `[{"entry":"u1","received":0,"ref":0,"size":1024}]`.
  static func entriesJSON(_ state: UploadState) -> String {
    var output: [UInt8] = [UInt8(ascii: "[")]
    for (index, entry) in state.transferring.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(contentsOf: #"{"entry":"#.utf8)
      JSONText.appendString(entry.id, into: &output)
      output.append(contentsOf: #","received":\#(entry.received),"ref":\#(entry.ref),"size":\#(entry.size)}"#.utf8)
    }
    output.append(UInt8(ascii: "]"))
    return String(decoding: output, as: UTF8.self)
  }

  /// The selection the page sends, `{"files":[{"name":…,"ref":…,"size":…,"type":…}]}`, as
  /// the action; `nil` for anything else.
  static func selection(_ value: InputValue?) -> UploadAction? {
    guard case let .string(json) = value,
      let selection = try? JSONDecoder().decode(Selection.self, from: Data(json.utf8))
    else { return nil }
    return .selected(selection.files)
  }

  private struct Selection: Decodable {
    var files: [UploadFile]
  }
}

/// One chunk of an upload, as a page sends it in a binary message: a line of JSON
/// (`{"entry":"u1","handler":"h7","offset":0}`, then a newline), then the bytes.
///
/// ```swift
/// let chunk = UploadChunk(handler: "h7", entry: "u1", offset: 0, bytes: Array("hello".utf8))
/// UploadChunk(message: chunk.message) == chunk  // true
/// ```
public struct UploadChunk: Equatable, Sendable {
  /// The file input's handler id.
  public var handler: String
  /// The entry's id.
  public var entry: String
  /// Where in the file the bytes start.
  public var offset: Int
  /// The bytes.
  public var bytes: [UInt8]

  /// A chunk.
  public init(handler: String, entry: String, offset: Int, bytes: [UInt8]) {
    self.handler = handler
    self.entry = entry
    self.offset = offset
    self.bytes = bytes
  }

  /// The binary message that carries the chunk.
  public var message: [UInt8] {
    var output: [UInt8] = Array(#"{"entry":"#.utf8)
    JSONText.appendString(entry, into: &output)
    output.append(contentsOf: #","handler":"#.utf8)
    JSONText.appendString(handler, into: &output)
    output.append(contentsOf: #","offset":\#(offset)}"#.utf8)
    output.append(0x0A)
    return output + bytes
  }

  /// Reads a chunk from a page's binary message; `nil` when it is not one.
  public init?(message: [UInt8]) {
    guard let newline = message.prefix(512).firstIndex(of: 0x0A),
      let header = JSONReader.read(String(decoding: message[..<newline], as: UTF8.self)),
      let handler = header["handler"]?.string, let entry = header["entry"]?.string,
      case let .number(number)? = header["offset"], number >= 0, let offset = Int(exactly: number)
    else { return nil }
    self.init(handler: handler, entry: entry, offset: offset, bytes: Array(message[(newline + 1)...]))
  }
}

/// The files a session is receiving: each entry's partial file (`.part`, in its state's
/// directory) until it is whole and renamed, or deleted when it is cancelled, fails or the
/// transfer is cut off. A half-written file is never left behind.
final class UploadReceiver {
  private struct Partial {
    let url: URL
    let handle: FileHandle
    var received: Int
    let send: (UploadAction) -> Void
    let entry: String
  }

  /// The reason a chunk was refused, for the log; `nil` when it was taken.
  enum Refusal: Equatable {
    case unknownEntry, cancelled, notExpected, outOfOrder(expected: Int), tooLarge, notWritten(String)
  }

  private var partials: [String: Partial] = [:]

  /// Takes `chunk` for the input `binding`; sends its progress, its end, or its failure.
  func receive(_ chunk: UploadChunk, for binding: UploadBinding) -> Refusal? {
    let state = binding.state()
    let key = "\(binding.identity.hashValue):\(chunk.entry)"
    guard let entry = state.entries[id: chunk.entry] else { return .unknownEntry }
    switch entry.status {
    case .cancelled:
      discard(key)
      return .cancelled
    case .done, .failed:
      return .notExpected
    case .waiting, .uploading:
      break
    }
    let received = partials[key]?.received ?? 0
    guard chunk.offset == received else { return .outOfOrder(expected: received) }
    let total = received + chunk.bytes.count
    guard total <= entry.size, total <= state.maximumFileSize else {
      discard(key)
      binding.send(.failed(id: entry.id, .tooLarge(limit: min(entry.size, state.maximumFileSize))))
      return .tooLarge
    }
    do {
      var partial: Partial
      if let existing = partials[key] {
        partial = existing
      } else {
        try FileManager.default.createDirectory(at: state.directory, withIntermediateDirectories: true)
        let url = state.directory.appendingPathComponent(UUID().uuidString + ".part")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown)
        }
        partial = Partial(
          url: url, handle: try FileHandle(forWritingTo: url), received: 0, send: binding.send,
          entry: entry.id)
      }
      try partial.handle.write(contentsOf: chunk.bytes)
      partial.received = total
      partials[key] = partial
      if total == entry.size {
        try partial.handle.close()
        partials[key] = nil
        let final = state.directory.appendingPathComponent(
          UUID().uuidString + "-" + Self.safeName(entry.name))
        try FileManager.default.moveItem(at: partial.url, to: final)
        binding.send(.finished(id: entry.id, file: final))
      } else {
        binding.send(.progressed(id: entry.id, received: total))
      }
      return nil
    } catch {
      discard(key)
      let reason = (error as NSError).localizedDescription
      binding.send(.failed(id: entry.id, .notWritten(reason)))
      return .notWritten(reason)
    }
  }

  /// The page's connection went: every transfer in progress is cut off, its partial file
  /// deleted and its entry failed. Returns how many.
  @discardableResult
  func cutOff() -> Int {
    let cut = partials
    for key in cut.keys { discard(key) }
    for partial in cut.values { partial.send(.failed(id: partial.entry, .cutOff)) }
    return cut.count
  }

  /// The session ends: partial files are deleted.
  func close() {
    for key in partials.keys { discard(key) }
  }

  /// Whether a transfer is in progress.
  var isReceiving: Bool { !partials.isEmpty }

  private func discard(_ key: String) {
    guard let partial = partials.removeValue(forKey: key) else { return }
    try? partial.handle.close()
    try? FileManager.default.removeItem(at: partial.url)
  }

  /// A file name without folders or characters a file system may refuse.
  static func safeName(_ name: String) -> String {
    let last = name.split(separator: "/").last.map(String.init) ?? "file"
    let kept = last.unicodeScalars.map { scalar -> Character in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
        ? Character(scalar) : "_"
    }
    let safe = String(kept).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    return safe.isEmpty ? "file" : String(safe.prefix(100))
  }
}
#endif  // Web
