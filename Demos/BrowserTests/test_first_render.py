"""Pages rendered over HTTP: what a plain fetch and a browser without JavaScript see, and how a
page's socket takes over the session that rendered it.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -v
"""

import re
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import BrowserTestCase, start_browser, wait_across_documents


def fetch(url):
    """The status and body of a plain GET, as curl would see them."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode("utf-8")


class FirstRenderOverHTTP(BrowserTestCase):
    def test_a_fetched_page_carries_its_rendered_content(self):
        status, body = fetch(self.base + "/counter")
        self.assertEqual(status, 200)
        main = re.search(r"<main [^>]*>(.*)</main>", body, re.S)
        self.assertIsNotNone(main, body)
        self.assertIn('<span class="count">0</span>', main.group(1))
        self.assertIn('data-ocaf-session="', body)
        # The to-dos show their controls.
        _, todos = fetch(self.base + "/todos")
        self.assertIn(
            '<option value="0" selected="">All</option>',
            re.search(r"<main [^>]*>(.*)</main>", todos, re.S).group(1),
        )

    def test_without_javascript_the_page_is_readable_and_its_links_work(self):
        browser = start_browser(javascript=False)
        self.addCleanup(browser.quit)
        browser.get(self.base + "/")
        self.assertEqual(browser.title, "Case studies")
        browser.find_element(By.LINK_TEXT, "Counter").click()
        self.assertEqual(browser.title, "Counter")
        self.assertEqual(
            [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".count")], ["0"]
        )
        # Nothing ran: the page shows the render it came with, not a connecting page.
        self.assertFalse(browser.find_element(By.ID, "ocaf-status").is_displayed())
        browser.find_element(By.PARTIAL_LINK_TEXT, "Case studies").click()
        self.assertEqual(browser.title, "Case studies")

    def test_without_javascript_a_form_posts_and_the_page_shows_what_it_did(self):
        browser = start_browser(javascript=False)
        self.addCleanup(browser.quit)
        browser.get(self.base + "/profile-form")
        browser.find_element(By.ID, "display-name").send_keys("Ada Lovelace, Countess")
        browser.find_element(By.ID, "newsletter").click()
        age = browser.find_element(By.ID, "age")
        age.clear()
        age.send_keys("36")
        Select(browser.find_element(By.ID, "theme")).select_by_visible_text("Dark")
        browser.find_element(By.XPATH, "//button[text()='Save']").click()
        # The session applied the fields as the reducer does (the name cut to 16 characters)
        # and submitted the form.
        # (Elements of the page being left go stale while the next one loads.)
        summary = wait_across_documents(
            browser, lambda: [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".summary")]
        )[0]
        self.assertTrue(summary.startswith("Ada Lovelace, Co, 36, Dark,"), summary)
        self.assertIn("newsletter on", summary)
        self.assertEqual(browser.find_element(By.ID, "display-name").get_attribute("value"), "Ada Lovelace, Co")
        # The stepper's + posts the form too, and runs instead of Save: the same session keeps
        # what was saved.
        browser.find_element(By.CSS_SELECTOR, "button[aria-label=Increment]").click()
        wait_across_documents(
            browser, lambda: browser.find_element(By.CSS_SELECTOR, ".stepper-value").text == "4"
        )
        self.assertIn("3 stars", browser.find_element(By.CSS_SELECTOR, ".summary").text)
        self.assertTrue(browser.find_element(By.ID, "newsletter").is_selected())

    def test_without_javascript_a_button_outside_a_form_posts_its_click(self):
        browser = start_browser(javascript=False)
        self.addCleanup(browser.quit)
        browser.get(self.base + "/counter")
        for count in ("1", "2"):
            browser.find_element(By.CSS_SELECTOR, "button[aria-label=Increment]").click()
            wait_across_documents(
                browser, lambda: browser.find_element(By.CSS_SELECTOR, ".count").text == count
            )
        browser.find_element(By.CSS_SELECTOR, "button[aria-label=Decrement]").click()
        wait_across_documents(
            browser, lambda: browser.find_element(By.CSS_SELECTOR, ".count").text == "1"
        )
        # The page stays the counter's, and the buttons' forms show nothing.
        self.assertEqual(browser.title, "Counter")
        self.assertEqual(
            [form.is_displayed() for form in browser.find_elements(By.CSS_SELECTOR, "form[hidden]")],
            [False, False],
        )

    def test_the_socket_takes_over_the_rendered_session_without_rendering_again(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.socket_is_open() and self.rendered_session())
        session = self.rendered_session()
        self.assertIn("session=" + session, self.page_socket()["url"])
        self.assertIn("page=%2Fcounter", self.page_socket()["url"])
        self.assertEqual(self.received()[0], {"session": session, "type": "attached"})
        self.assertEqual(self.received("render"), [])
        # The rendered page's own buttons drive the session.
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        # It was never dimmed on its way to being live.
        self.assertFalse(
            self.script(
                "return document.getElementById('ocaf-root').classList.contains('ocaf-offline');"
            )
        )

    def test_a_password_field_hides_its_text_and_inline_css_applies(self):
        self.browser.get(self.base + "/profile-form")
        self.wait_for(lambda: self.socket_is_open() and self.rendered_session())
        passcode = self.browser.find_element(By.ID, "passcode")
        self.assertEqual(passcode.get_attribute("type"), "password")
        passcode.send_keys("hunter2")
        self.wait_for(lambda: (self.text_of("passcode-length") or "").strip() == "7 characters")
        # The page's inline style (a child combinator, allowed by the page's nonce) applies.
        label = self.browser.find_element(By.CSS_SELECTOR, ".profile > p:first-of-type label")
        self.assertEqual(label.value_of_css_property("font-weight"), "600")
        # A session the page would start over its socket (after the server lost this one)
        # gets the same nonce: the page sends it.
        nonce = self.script("return document.querySelector('script[src$=\"/ocaf/main.js\"]').nonce;")
        self.assertRegex(nonce, "^[0-9a-f]{32}$")
        self.assertIn("nonce=" + nonce, self.page_socket()["url"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
