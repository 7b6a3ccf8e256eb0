@_exported import CasePaths
@_exported import Clocks
@_exported import CombineSchedulers
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Observation
@_exported import Perception
@_exported import Sharing
@_exported import SwiftNavigation

// Where Combine is absent, OpenCombine stands in for it, so that effects written with Combine
// (`Just`, `PassthroughSubject`, `receive(on:)`, `eraseToEffect()`…) compile with
// `import ComposableArchitecture` alone.
#if !canImport(Combine)
  @_exported import OpenCombineShim
#endif
