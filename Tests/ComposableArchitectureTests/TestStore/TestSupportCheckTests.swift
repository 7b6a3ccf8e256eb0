import Dependencies
import Foundation
import Testing

@_spi(Internals) @testable import ComposableArchitecture

@Suite struct TestSupportCheckTests {
  /// A check that sees XCTest running without the observer.
  static func xcTestWithoutTheObserver() -> TestSupportCheck {
    TestSupportCheck(context: { .xcTest }, observerIsLinked: { false })
  }

  @Test func underXCTestWithoutTheObserverItReportsTheLineToAddOnce() {
    let check = Self.xcTestWithoutTheObserver()
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      #expect(check.check())
      #expect(!check.check())
    }
    #expect(recorder.messages.count == 1)
    let message = recorder.messages.first ?? ""
    #expect(message.contains("carry over into the next one"))
    #expect(
      message.contains(
        #".product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),"#
      )
    )
  }

  @Test func itStaysQuietWhereNothingLeaks() {
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      #expect(!TestSupportCheck(context: { .xcTest }, observerIsLinked: { true }).check())
      #expect(!TestSupportCheck(context: { .swiftTesting(nil) }, observerIsLinked: { false }).check())
      #expect(!TestSupportCheck(context: { nil }, observerIsLinked: { false }).check())
    }
    #expect(recorder.messages.isEmpty)
  }

  @Test func quietCallsDontUseUpTheOneReport() {
    let isXCTest = LockIsolated(false)
    let check = TestSupportCheck(
      context: { isXCTest.value ? .xcTest : .swiftTesting(nil) }, observerIsLinked: { false }
    )
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      #expect(!check.check())
      isXCTest.setValue(true)
      #expect(check.check())
    }
    #expect(recorder.messages.count == 1)
  }

  @Test func thisTestBinaryLinksTheObserver() {
    #expect(TestSupportCheck.dependenciesTestObserverIsLinked)
  }

  /// A suite with no `TestStore` that uses `@Shared` (under `withDependencies` or not) hears of
  /// the missing line from the first persisted shared value.
  @Test func aPersistedSharedValueWithoutATestStoreReportsTheMissingLine() {
    let recorder = TSIssueRecorder()
    TestSupportCheck.$current.withValue(Self.xcTestWithoutTheObserver()) {
      withIssueReporters([recorder]) {
        withDependencies {
          $0.date = .constant(Date(timeIntervalSince1970: 0))
        } operation: {
          @Shared(.inMemory("count")) var count = 0
          @Shared(.inMemory("other")) var other = 0
          $count.withLock { $0 += other + 1 }
        }
      }
    }
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("ComposableArchitectureTestSupport") == true)
  }

  /// So does a model that makes stack element IDs.
  @Test func aStackElementIDGeneratorWithoutATestStoreReportsTheMissingLine() {
    let recorder = TSIssueRecorder()
    TestSupportCheck.$current.withValue(Self.xcTestWithoutTheObserver()) {
      withIssueReporters([recorder]) {
        @Dependency(\.stackElementID) var stackElementID
        #expect(stackElementID() == 0)
      }
    }
    #expect(recorder.messages.count == 1)
  }
}
