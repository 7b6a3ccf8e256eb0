import Dependencies
import IssueReporting

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// Dismisses the presented feature that calls it: a child reducer presented with
/// `ifLet(\.$destination, …)` or pushed on a stack with `forEach(\.path, …)`.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeButtonTapped:
///   return .run { _ in await self.dismiss() }
/// ```
///
/// The parent then receives `.dismiss` (or `.popFrom(id:)`) and the child's effects are
/// cancelled. Outside a presentation, calling it reports an issue.
public struct DismissEffect: Sendable {
  var dismiss: (@MainActor @Sendable () -> Void)?

  /// A dismiss effect that runs `dismiss`.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  init() {
    self.dismiss = nil
  }

  /// Dismisses the feature.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss = self.dismiss else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application and in a presentation destination, use @Dependency(\\.isPresented) to \
        determine if the reducer is being presented before calling @Dependency(\\.dismiss).
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    dismiss()
  }

  #if canImport(SwiftUI)
    /// Dismisses the feature with an animation.
    @MainActor
    public func callAsFunction(
      animation: Animation?,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      await self(
        transaction: Transaction(animation: animation),
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }

    /// Dismisses the feature with a transaction.
    @MainActor
    public func callAsFunction(
      transaction: Transaction,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      withTransaction(transaction) {
        _ = Task { @MainActor in
          await self(fileID: fileID, filePath: filePath, line: line, column: column)
        }
      }
    }
  #endif
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature that uses it. See ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the current feature is presented (by `ifLet` on presentation state or by a stack),
  /// so that ``DismissEffect`` can dismiss it.
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// if isPresented { return .run { _ in await dismiss() } }
  /// ```
  public var isPresented: Bool {
    self.dismiss.dismiss != nil
  }
}
