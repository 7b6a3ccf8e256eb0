import CaseStudies
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Testing

/// The infinite scroll's page: rows streamed a page at a time as the end comes into view, and
/// starred rows updated in place.
@PageTestActor
@Suite struct InfiniteScrollPageTests {
  func makePage() -> LivePage<InfiniteScroll.State, InfiniteScroll.Action> {
    LivePage(
      store: LiveStore(initialState: InfiniteScroll.State()) { InfiniteScroll() },
      view: infiniteScrollView, appearAction: { .loadMoreRows })
  }

  @Test func rowsArriveAPageAtATimeAsTheEndComesIntoView() async {
    let page = makePage()
    await page.waitFor { $0.findAll("ul.rows li").count == 50 }
    #expect(page.text(of: "ul.rows li .title") == "Row 1")
    await page.scrollTo("#load-more")
    await page.waitFor { $0.findAll("ul.rows li").count == 100 }
    #expect(page.findAll("ul.rows li .title").last?.text == "Row 100")
    #expect(page.text(of: "#summary") == "100 of 100000 rows sent, 0 starred.")
  }

  @Test func aStarredRowIsSentAgainAndUpdatedInPlace() async {
    let page = makePage()
    await page.waitFor { $0.findAll("ul.rows li").count == 50 }
    await page.click("Star Row 3")
    await page.waitFor { $0.find("ul.rows li[data-ocaf-key='2']")?.attribute("class") == "starred" }
    #expect(page.findAll("ul.rows li").count == 50)
    #expect(page.text(of: "ul.rows li[data-ocaf-key='2'] button") == "★")
    // Its button acts again: the row's handler ids last as long as the row.
    await page.click("Star Row 3")
    await page.waitFor { $0.text(of: "ul.rows li[data-ocaf-key='2'] button") == "☆" }
    #expect(page.text(of: "#summary") == "50 of 100000 rows sent, 0 starred.")
  }

  @Test func theRowsStayWhenTheContainersComponentRendersAgain() async {
    let page = makePage()
    await page.waitFor { $0.findAll("ul.rows li").count == 50 }
    await page.click("Star Row 1")
    // The summary above the list changed: the root rendered again, the rows stayed.
    await page.waitFor { $0.text(of: "#summary") == "50 of 100000 rows sent, 1 starred." }
    #expect(page.findAll("ul.rows li").count == 50)
  }
}
