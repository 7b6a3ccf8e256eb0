import ConcurrencyExtras
import Foundation
import IssueReporting

/// Why a ``SharedReaderKey`` is asked to load its value.
public enum LoadContext<Value> {
  /// The value is loaded because a `@Shared` or `@SharedReader` property was created with this
  /// key; the payload is the default the property was declared with.
  case initialValue(Value)

  /// The value is loaded because the user asked for it (``Shared/load()``,
  /// ``Shared/load(_:)`` or ``Shared/init(require:)``).
  case userInitiated

  /// The default value of an ``initialValue(_:)`` context, `nil` for ``userInitiated``.
  public var initialValue: Value? {
    if case let .initialValue(value) = self { return value }
    return nil
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

/// Why a ``SharedKey`` is asked to save its value.
public enum SaveContext: Hashable, Sendable {
  /// The value was changed through ``Shared/withLock(_:fileID:filePath:line:column:)``.
  case didSet
  /// The user asked for a save with ``Shared/save()``: it should happen at once.
  case userInitiated
}

/// Handed to ``SharedReaderKey/load(context:continuation:)``: resume it exactly once with the
/// loaded value, an error, or ``resumeReturningInitialValue()`` when the storage has no value.
///
/// ```swift
/// func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
///   if let data = storage[key] {
///     continuation.resume(with: Result { try decode(data) })
///   } else {
///     continuation.resumeReturningInitialValue()
///   }
/// }
/// ```
public struct LoadContinuation<Value>: Sendable {
  private let once: ResumeOnce<Value?>

  /// Creates a continuation that calls `callback` with the result, once.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.once = ResumeOnce(description: description, fallback: .success(nil), callback: callback)
  }

  /// Resumes with a loaded value.
  public func resume(returning value: Value) {
    self.resume(with: .success(value))
  }

  /// Resumes with a failure to load.
  public func resume(throwing error: any Error) {
    self.resume(with: .failure(error))
  }

  /// Resumes saying the storage holds no value, so the shared value keeps (or returns to) its
  /// default.
  public func resumeReturningInitialValue() {
    self.resume(with: .success(nil))
  }

  /// Resumes with a result: a value, `nil` for "use the default", or an error.
  public func resume(with result: Result<Value?, any Error>) {
    self.once.resume(with: result)
  }
}

/// Handed to ``SharedKey/save(_:context:continuation:)``: resume it exactly once when the value
/// is saved, or with the error that stopped it.
public struct SaveContinuation: Sendable {
  private let once: ResumeOnce<Never?>

  /// Creates a continuation that calls `callback` with the result, once (success carries no
  /// value: `.success(nil)`).
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.once = ResumeOnce(description: description, fallback: .success(nil), callback: callback)
  }

  /// Resumes after a successful save.
  public func resume() {
    self.resume(with: .success(()))
  }

  /// Resumes with the error that stopped the save.
  public func resume(throwing error: any Error) {
    self.resume(with: .failure(error))
  }

  /// Resumes with a result.
  public func resume(with result: Result<Void, any Error>) {
    self.once.resume(with: result.map { nil })
  }
}

/// Handed to ``SharedReaderKey/subscribe(context:subscriber:)``: yield to it whenever the
/// external storage changes.
///
/// ```swift
/// func subscribe(
///   context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
/// ) -> SharedSubscription {
///   let token = center.observe(key) { subscriber.yield(with: Result { try read() }) }
///   return SharedSubscription { center.remove(token) }
/// }
/// ```
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?

  /// Creates a subscriber from a callback for results and one for the loading state.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// The storage now holds `value`.
  public func yield(_ value: Value) {
    self.yield(with: .success(value))
  }

  /// The storage no longer holds a value: the shared value returns to its default.
  public func yieldReturningInitialValue() {
    self.yield(with: .success(nil))
  }

  /// The storage changed, but its value can't be read.
  public func yield(throwing error: any Error) {
    self.yield(with: .failure(error))
  }

  /// Yields a result: a value, `nil` for "use the default", or an error.
  public func yield(with result: Result<Value?, any Error>) {
    self.callback(result)
  }

  /// Says whether the storage is loading, so ``Shared/isLoading`` can show it.
  public func yieldLoading(_ isLoading: Bool = true) {
    self.onLoading?(isLoading)
  }
}

/// What ``SharedReaderKey/subscribe(context:subscriber:)`` returns: cancelling it, or letting
/// the last copy of it go, stops the subscription, once.
public struct SharedSubscription: Sendable {
  private let box: Box

  /// Creates a subscription that runs `cancel` when it is cancelled or released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.box = Box(cancel)
  }

  /// Stops the subscription. Calling it again does nothing.
  public func cancel() {
    self.box.cancel()
  }

  private final class Box: Sendable {
    private let onCancel: LockIsolated<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = LockIsolated(onCancel)
    }

    func cancel() {
      let onCancel = self.onCancel.withValue { onCancel in
        defer { onCancel = nil }
        return onCancel
      }
      onCancel?()
    }

    deinit {
      self.cancel()
    }
  }
}

/// Calls a callback at most once; reports a second resume, and a continuation dropped without
/// being resumed (which then resumes with "no value" so nobody waits forever).
private final class ResumeOnce<Success>: Sendable {
  private let callback: LockIsolated<(@Sendable (Result<Success, any Error>) -> Void)?>
  private let description: @Sendable () -> String
  private let fallback: UncheckedSendable<Result<Success, any Error>>

  init(
    description: @escaping @Sendable () -> String,
    fallback: Result<Success, any Error>,
    callback: @escaping @Sendable (Result<Success, any Error>) -> Void
  ) {
    self.callback = LockIsolated(callback)
    self.description = description
    self.fallback = UncheckedSendable(fallback)
  }

  private var name: String {
    let description = self.description()
    return description.isEmpty ? "A shared key" : "The shared key '\(description)'"
  }

  func resume(with result: Result<Success, any Error>) {
    let callback = self.callback.withValue { callback in
      defer { callback = nil }
      return callback
    }
    guard let callback else {
      reportIssue("\(self.name) resumed its continuation more than once; the later resume is ignored.")
      return
    }
    callback(result)
  }

  deinit {
    guard let callback = self.callback.value else { return }
    reportIssue(
      """
      \(self.name) dropped its continuation without resuming it. Every load and save must \
      resume its continuation exactly once; the shared value carries on as if nothing was loaded.
      """
    )
    callback(self.fallback.value)
  }
}
