import ComposableArchitecture
import ComposableWeb
import Foundation

/// Uploads bound to the store: the chosen files' names, sizes and types reach the state first
/// (too large, the wrong type or too many are refused there, before any byte), then each file's
/// chunks, with its progress and a Cancel button; a whole file is consumed by an effect that
/// files it away and reads its first line.
@Reducer
public struct FileUploads {
  /// The file input's uploads and the files filed away.
  @ObservableState
  public struct State: Equatable {
    /// The file input's uploads: text or images, up to 200 kB each, three at a time.
    public var files = UploadState(
      accept: [".txt", ".md", "image/*"], maximumFileSize: 200_000, maximumCount: 3,
      directory: FileManager.default.temporaryDirectory.appendingPathComponent("ocaf-case-study-uploads"))
    /// The files filed away, newest first.
    public var saved: [Saved] = []

    /// No file chosen yet.
    public init() {}
  }

  /// A file the effect filed away.
  public struct Saved: Equatable, Sendable, Identifiable {
    /// The upload entry's id.
    public var id: String
    /// The file's name.
    public var name: String
    /// Its size in bytes.
    public var bytes: Int
    /// A text file's first line; nothing for an image.
    public var firstLine: String?
  }

  /// The uploads' actions, and a file filed away.
  public enum Action: Equatable {
    case files(UploadAction)
    case saved(Saved)
  }

  /// The feature.
  public init() {}

  /// Runs the uploads, and files each finished one away in an effect.
  public var body: some ReducerOf<Self> {
    Scope(state: \.files, action: \.files) { Uploads() }
    Reduce { state, action in
      switch action {
      case let .files(.finished(id, file)):
        let name = state.files.entries[id: id]?.name ?? file.lastPathComponent
        return .run { send in
          await send(.saved(try FileUploads.file(file, id: id, name: name)))
        }
      case .files:
        return .none
      case let .saved(saved):
        state.saved.insert(saved, at: 0)
        state.files.entries.remove(id: saved.id)
        return .none
      }
    }
  }

  /// Files an uploaded file away (into a folder beside the uploads') and reads its first line.
  static func file(_ url: URL, id: String, name: String) throws -> Saved {
    let library = url.deletingLastPathComponent().appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let destination = library.appendingPathComponent(url.lastPathComponent)
    try FileManager.default.moveItem(at: url, to: destination)
    let data = try Data(contentsOf: destination)
    let text = name.hasSuffix(".txt") || name.hasSuffix(".md") ? String(data: data, encoding: .utf8) : nil
    let firstLine = text.map { String($0.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }
    return Saved(id: id, name: name, bytes: data.count, firstLine: firstLine)
  }
}

/// What an entry's line says of it.
func statusText(_ entry: UploadEntry) -> String {
  switch entry.status {
  case .waiting: return "Waiting"
  case .uploading: return "Uploading \(Int(entry.progress * 100))%"
  case .done: return "Uploaded"
  case let .failed(error): return error.description
  case .cancelled: return "Cancelled"
  }
}

/// The uploads' page.
public func fileUploadsView(_ store: LiveStoreOf<FileUploads>) -> Node<FileUploads.Action> {
  div(["class": "file-uploads"]) {
    style(
      """
      .file-uploads .entries{list-style:none;padding:0}\
      .file-uploads .entries li{display:flex;gap:.5rem;align-items:center;padding:.25rem 0}\
      .file-uploads .entries .name{font-weight:600}\
      .file-uploads .entries .failed{color:#b91c1c}
      """)
    Node.tag("label", ["for": "files"]) { "Choose files (text or images, up to 200 kB, three at a time)" }
    fileInput(store.scope(state: \.files, action: \.files), ["id": "files"])
    Node.tag("ul", ["class": "entries"]) {
      for entry in store.files.entries {
        Node.tag("li", ["data-ocaf-key": entry.id, "data-entry": entry.name]) {
          span(entry.name, ["class": "name"])
          Node.tag("progress", ["max": "\(max(entry.size, 1))", "value": "\(entry.received)"])
          span(statusText(entry), ["class": "status"])
            .attribute("class", { if case .failed = entry.status { "status failed" } else { "status" } }())
          if entry.status == .waiting || entry.status == .uploading {
            button("Cancel", send: .files(.cancelButtonTapped(id: entry.id)))
          } else {
            button("Remove", send: .files(.removeButtonTapped(id: entry.id)))
          }
        }
      }
    }
    h2("Filed away")
    if store.saved.isEmpty {
      p("Nothing yet.", ["id": "saved-empty"])
    } else {
      Node.tag("ul", ["class": "saved"]) {
        for saved in store.saved {
          li {
            "\(saved.name), \(saved.bytes) bytes"
            if let line = saved.firstLine {
              ", starting "
              Node.tag("q") { line }
            }
          }
        }
      }
    }
  }
}
