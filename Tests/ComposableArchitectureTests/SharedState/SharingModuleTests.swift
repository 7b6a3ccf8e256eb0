import Dependencies
import Foundation
import Sharing
import Testing

// This file imports `Sharing` (and Dependencies, as swift-sharing's own tests do) but not the
// library: a model module that only keeps `@Shared` state compiles and behaves this way.

private struct ModuleSettings: Codable, Equatable {
  var volume = 5
}

/// A model of the kind that lives in a module with no features in it.
private final class ModuleModel {
  @Shared(.inMemory("sharing-module-count")) var count = 0
  @SharedReader(.inMemory("sharing-module-count")) var readCount = 0
  @Shared(.fileStorage(URL(fileURLWithPath: "/sharing-module/settings.json")))
  var settings = ModuleSettings()
}

@Suite struct SharingModuleTests {
  @Test func sharedStateWorksWithTheModuleAlone() {
    let model = ModuleModel()
    model.$count.withLock { $0 += 2 }
    #expect(model.readCount == 2)
    // Another declaration with the same key reads the same value.
    @Shared(.inMemory("sharing-module-count")) var elsewhere = 0
    #expect(elsewhere == 2)
    model.$settings.withLock { $0.volume = 7 }
    @Shared(.fileStorage(URL(fileURLWithPath: "/sharing-module/settings.json")))
    var settings = ModuleSettings()
    #expect(settings.volume == 7)
  }

  @Test func theLibrarysSharedIsTheModulesShared() {
    // `ComposableArchitecture` re-exports this module: the value a feature's state holds is this
    // very reference.
    @Shared(.inMemory("sharing-module-bridge")) var value = 1
    libraryIncrement($value)
    #expect(value == 2)
  }
}
