import ComposableArchitecture

/// Changes a shared value through `ComposableArchitecture`'s re-export of `Sharing`, for
/// `SharingModuleTests`, which imports the module alone.
func libraryIncrement(_ value: ComposableArchitecture.Shared<Int>) {
  value.withLock { $0 += 1 }
}
