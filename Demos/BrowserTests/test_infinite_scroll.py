"""End-to-end tests of streams in headless Chromium, on the "Infinite scroll" page: rows sent
once and kept by the page, the next page loaded when the end of the list scrolls into view, a
starred row updated in place, and the rows kept when the component around them renders again.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -p test_infinite_scroll.py -v
"""

from selenium.webdriver.common.by import By

from support import BrowserTestCase


class InfiniteScrollInTheBrowser(BrowserTestCase):
    def rows(self):
        return self.script("return document.querySelectorAll('ul.rows li').length;")

    def test_scrolling_to_the_end_loads_the_next_rows_and_a_star_updates_its_row_in_place(self):
        self.open_case_study("Infinite scroll", "ul.rows")
        # The first page arrives; while the end of the list shows, the next ones follow.
        self.wait_for(lambda: self.rows() >= 50)
        third = self.browser.find_element(By.CSS_SELECTOR, "ul.rows li[data-ocaf-key='2']")
        for _ in range(2):
            before = self.rows()
            self.script("document.getElementById('load-more').scrollIntoView();")
            self.wait_for(lambda: self.rows() >= before + 50)
        count = self.rows()
        self.assertEqual(count % 50, 0)
        self.assertEqual(self.texts("ul.rows li .title"), ["Row %d" % n for n in range(1, count + 1)])
        # Each row came once: the patches carried them as stream insertions, not as HTML of the
        # list's component.
        patches = self.received("patch")
        inserted = sum(
            len([op for op in stream["ops"] if op["op"] == "insert"])
            for message in patches for stream in message.get("streams", []))
        self.assertEqual(inserted, count)
        self.assertFalse(any("Row 1<" in part["html"] for message in patches for part in message["patches"]))
        # A star: the row is sent again and updated in place; the summary above re-renders and
        # the rows stay.
        third.find_element(By.TAG_NAME, "button").click()
        self.wait_for(lambda: "starred" in (third.get_attribute("class") or ""))
        self.wait_for(lambda: self.text_of("summary") == "%d of 100000 rows sent, 1 starred." % count)
        self.assertEqual(self.rows(), count)
        self.assertEqual(third.find_element(By.TAG_NAME, "button").text, "★")
        self.wait_for(lambda: third.find_element(By.TAG_NAME, "button").get_attribute("aria-busy") is None)
