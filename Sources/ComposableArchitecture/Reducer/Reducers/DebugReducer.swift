import CustomDump
import Dependencies
import Foundation

/// Prints each action a reducer receives and the change it made to state.
///
/// ```swift
/// Store(initialState: Feature.State()) {
///   Feature()._printChanges()
/// }
/// // received action:
/// //   Feature.Action.incrementButtonTapped
/// //   Feature.State(
/// // −   count: 0
/// // +   count: 1
/// //   )
/// ```
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange: @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  @usableFromInline
  let queue: DispatchQueue?

  /// Creates a printer from a closure, called on `queue` (a shared serial queue by default).
  public init(
    printChange: @escaping @Sendable (
      _ receivedAction: Action, _ oldState: State, _ newState: State
    ) -> Void,
    queue: DispatchQueue? = nil
  ) {
    self._printChange = printChange
    self.queue = queue
  }

  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }
}

extension _ReducerPrinter {
  /// Prints the action and a diff of the state it changed, using CustomDump.
  public static var customDump: Self {
    Self { receivedAction, oldState, newState in
      print(customDumpMessage(receivedAction, oldState, newState), terminator: "")
    }
  }

  /// Prints only the label of each action received.
  public static var actionLabels: Self {
    Self { receivedAction, _, _ in
      print(actionLabelMessage(receivedAction))
    }
  }

  static func customDumpMessage(_ action: Action, _ oldState: State, _ newState: State) -> String {
    var message = "received action:\n"
    CustomDump.customDump(action, to: &message, indent: 2)
    message.write("\n")
    message.write(diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n")
    return message
  }

  static func actionLabelMessage(_ action: Action) -> String {
    "received action: \(debugCaseOutput(action))"
  }
}

extension Reducer {
  /// Prints each action the reducer receives and the state change it causes (in debug builds
  /// only).
  ///
  /// ```swift
  /// Feature()._printChanges()
  /// Feature()._printChanges(.actionLabels)
  /// ```
  ///
  /// > Note: Printing happens on a background serial queue, so it never slows the store down.
  @inlinable
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

let _printChangesQueue = DispatchQueue(label: "open-composable-architecture.printChanges")

/// A reducer that prints what its base did.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline
  let base: Base

  @usableFromInline
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  @usableFromInline
  init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      if let printer = self.printer {
        let change = UncheckedSendable((action: action, oldState: state))
        // Shared state is a reference, so the old state would show its new value: track its
        // changes, and print them as they were when this action was reduced.
        let sharedChanges = SharedChangeTracker()
        let effect = withDependencies {
          sharedChanges.track(&$0)
        } operation: {
          self.base._reduce(into: &state, action: action)
        }
        let sharedValues = sharedChanges.checkpoint()
        let newState = UncheckedSendable(state)
        let queue = printer.queue ?? _printChangesQueue
        return effect.merge(
          with: Effect(steps: [
            .perform {
              queue.async {
                sharedChanges.withActualValues(sharedValues) {
                  sharedChanges.assert {
                    printer.printChange(
                      receivedAction: change.value.action,
                      oldState: change.value.oldState,
                      newState: newState.value
                    )
                  }
                }
              }
            }
          ])
        )
      }
    #endif
    return self.base._reduce(into: &state, action: action)
  }
}
