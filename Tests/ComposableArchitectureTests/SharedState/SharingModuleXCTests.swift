import Sharing
import SwiftNavigation
import XCTest

// Imports `Sharing` and `SwiftNavigation`, not the library: the XCTest side of
// `SharingModuleTests` and `SwiftNavigationModuleTests`.
final class SharingModuleXCTests: XCTestCase {
  func testSharedStateWithTheModuleAlone() {
    @Shared(.inMemory("sharing-module-xct")) var count = 0
    $count.withLock { $0 += 1 }
    @SharedReader(.inMemory("sharing-module-xct")) var reader = 0
    XCTAssertEqual(reader, 1)
    libraryIncrement($count)
    XCTAssertEqual(count, 2)
  }

  func testTextStateWithTheModuleAlone() {
    let alert = AlertState<Never>(title: { TextState("Saved") })
    XCTAssertEqual(String(state: alert.title), "Saved")
  }
}
