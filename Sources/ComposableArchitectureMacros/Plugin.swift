import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides the library's macros.
@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    ObservationStateIgnoredMacro.self,
    PerceptibleMacro.self,
    PerceptionIgnoredMacro.self,
    PerceptionTrackedMacro.self,
    PresentsMacro.self,
    ReducerMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    ViewActionMacro.self,
  ]
}
