import Testing

@testable import ComposableArchitecture

@Suite struct TestSupportCheckTests {
  @Test func underXCTestWithoutTheObserverItReportsTheLineToAddOnce() {
    let check = TestSupportCheck()
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      #expect(check.check(context: .xcTest, observerIsLinked: false))
      #expect(!check.check(context: .xcTest, observerIsLinked: false))
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
    let check = TestSupportCheck()
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      #expect(!check.check(context: .xcTest, observerIsLinked: true))
      #expect(!check.check(context: .swiftTesting(nil), observerIsLinked: false))
      #expect(!check.check(context: nil, observerIsLinked: false))
    }
    #expect(recorder.messages.isEmpty)
    // Quiet calls don't use up the one report.
    withIssueReporters([recorder]) {
      #expect(check.check(context: .xcTest, observerIsLinked: false))
    }
    #expect(recorder.messages.count == 1)
  }

  @Test func thisTestBinaryLinksTheObserver() {
    #expect(TestSupportCheck.dependenciesTestObserverIsLinked)
  }
}
