"""Pages whose URL follows their state (a feature's LiveRoute): deep links, reload, Back and
Forward, in Chromium.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -v
"""

import re
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import BrowserTestCase


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


class URLFollowsState(BrowserTestCase):
    def url(self):
        return self.script("return location.pathname + location.search;")

    def history_length(self):
        return self.script("return history.length;")

    def chosen_filter(self):
        return Select(self.browser.find_element(By.ID, "filter")).first_selected_option.text

    def choose_filter(self, name):
        Select(self.browser.find_element(By.ID, "filter")).select_by_visible_text(name)

    def open_live(self, path):
        self.browser.get(self.base + path)
        self.wait_for(lambda: self.socket_is_open() and self.received())

    def test_a_deep_link_and_a_reload_land_on_the_same_screen(self):
        # Rendered over HTTP already filtered: what curl sees.
        self.assertIn(
            '<option value="2" selected="">Completed</option>', fetch(self.base + "/todos?filter=Completed")
        )
        self.open_live("/todos?filter=Completed")
        self.assertEqual(self.chosen_filter(), "Completed")
        self.choose_filter("Active")
        self.wait_for(lambda: self.url() == "/todos?filter=Active")
        self.browser.refresh()
        self.wait_for(lambda: self.socket_is_open() and self.received())
        self.assertEqual(self.chosen_filter(), "Active")
        self.assertEqual(self.url(), "/todos?filter=Active")

    def test_a_link_the_feature_does_not_understand_shows_the_state_it_lands_on(self):
        self.open_live("/todos?filter=Nonsense")
        self.assertEqual(self.chosen_filter(), "All")
        self.wait_for(lambda: self.url() == "/todos")

    def test_back_and_forward_follow_the_state_changes(self):
        self.open_live("/todos")
        start = self.history_length()
        self.choose_filter("Completed")
        self.wait_for(lambda: self.url() == "/todos?filter=Completed")
        self.choose_filter("Active")
        self.wait_for(lambda: self.url() == "/todos?filter=Active")
        self.assertEqual(self.history_length(), start + 2)
        self.browser.back()
        self.wait_for(lambda: self.url() == "/todos?filter=Completed")
        self.wait_for(lambda: self.chosen_filter() == "Completed")
        self.browser.back()
        self.wait_for(lambda: self.chosen_filter() == "All")
        self.assertEqual(self.url(), "/todos")
        self.browser.forward()
        self.wait_for(lambda: self.chosen_filter() == "Completed")
        # Going back and forth added no entries.
        self.assertEqual(self.history_length(), start + 2)
        # And the page never reloaded: one socket all along.
        self.assertEqual(self.socket_count(), 1)

    def test_typing_a_search_replaces_the_url_and_a_reload_searches_again(self):
        self.open_live("/search")
        start = self.history_length()
        self.browser.find_element(By.ID, "query").send_keys("ber")
        self.wait_for(lambda: self.url() == "/search?q=ber")
        self.assertEqual(self.history_length(), start)
        self.wait_for(lambda: self.texts(".result button"))
        found = self.texts(".result button")
        self.browser.refresh()
        self.wait_for(lambda: self.socket_is_open() and self.texts(".result button") == found)
        self.assertEqual(self.value_of("query"), "ber")


    def test_a_live_link_switches_pages_without_a_reload_and_back_returns(self):
        self.open_live("/two-counters")
        self.script("window.__sameDocument = true;")
        self.browser.find_element(By.LINK_TEXT, "The single counter →").click()
        self.wait_for(lambda: self.url() == "/counter" and self.counts() == ["0"])
        self.assertEqual(self.browser.title, "Counter")
        self.assertEqual(self.browser.find_element(By.CSS_SELECTOR, "header h1").text, "Counter")
        self.assertTrue(self.script("return window.__sameDocument === true;"), "no page load")
        self.wait_for(lambda: self.socket_is_open())
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.browser.back()
        self.wait_for(lambda: self.url() == "/two-counters" and self.text_of("total") == "Total: 0")
        self.assertEqual(self.browser.title, "Two counters")
        self.assertTrue(self.script("return window.__sameDocument === true;"))
        self.assertEqual(self.socket_count(), 3)


if __name__ == "__main__":
    unittest.main()
