/// When a file-storage key writes its changes: the decisions alone, with no lock, file or clock,
/// so they can be read top to bottom and tested on their own.
///
/// - The first change writes at once and opens a *window* (one second for the real file
///   system).
/// - Changes made while the window is open are coalesced: only the latest is kept, pending.
/// - When the window ends, the pending change (if any) is written and a new window opens;
///   otherwise the window closes and the next change writes at once again.
/// - An explicit save writes at once, taking over the pending change.
/// - A flush (the last reference going away, the process exiting) writes the pending change.
/// - Deleting the file drops the pending change: the value goes back to its default.
///
/// Each write carries a generation, increasing with every change, so a writer can skip a write
/// that a newer one has already overtaken.
struct FileWriteSchedule<Value: Sendable, Continuation: Sendable>: Sendable {
  /// A value to write, with the continuations to resume once it is written.
  struct Write: Sendable {
    let generation: Int
    let value: Value
    let continuations: [Continuation]
  }

  private(set) var isWindowOpen = false
  private(set) var pending: Write?
  private var lastGeneration = 0

  var hasPendingWrite: Bool { self.pending != nil }

  /// A change was made: returns the write to do now, or `nil` if it is coalesced.
  mutating func change(_ value: Value, continuation: Continuation) -> Write? {
    let generation = self.nextGeneration()
    guard !self.isWindowOpen else {
      self.pending = Write(
        generation: generation,
        value: value,
        continuations: (self.pending?.continuations ?? []) + [continuation]
      )
      return nil
    }
    self.isWindowOpen = true
    return Write(generation: generation, value: value, continuations: [continuation])
  }

  /// An explicit save: always written now, answering the pending change's continuations too.
  mutating func explicitSave(_ value: Value, continuation: Continuation) -> Write {
    let continuations = (self.pending?.continuations ?? []) + [continuation]
    self.pending = nil
    return Write(generation: self.nextGeneration(), value: value, continuations: continuations)
  }

  /// The window ended: returns the pending write (the window stays open for it), or closes the
  /// window.
  mutating func windowEnded() -> Write? {
    guard let pending = self.pending else {
      self.isWindowOpen = false
      return nil
    }
    self.pending = nil
    return pending
  }

  /// The file was deleted: the pending change, if any, is dropped and returned, so that its
  /// continuations can be answered. The window stays as it is.
  mutating func discardPending() -> Write? {
    defer { self.pending = nil }
    return self.pending
  }

  /// Returns the pending write, to be written now.
  mutating func flush() -> Write? {
    defer { self.pending = nil }
    return self.pending
  }

  private mutating func nextGeneration() -> Int {
    self.lastGeneration += 1
    return self.lastGeneration
  }
}
