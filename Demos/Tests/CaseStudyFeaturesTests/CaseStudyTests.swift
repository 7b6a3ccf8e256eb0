import CaseStudyFeatures
import Testing

struct CaseStudyTests {
  @Test func everyCaseStudyHasADistinctTitleAndASummary() {
    let titles = CaseStudy.allCases.map(\.title)
    #expect(Set(titles).count == titles.count)
    #expect(CaseStudy.allCases.allSatisfy { !$0.summary.isEmpty && $0.summary.hasSuffix(".") })
    #expect(CaseStudy.allCases.count == 16)
  }
}
