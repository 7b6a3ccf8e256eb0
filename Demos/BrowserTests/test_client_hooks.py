"""End-to-end tests of client hooks in headless Chromium, on the "Client hooks" page: a hook's
module loaded from the engine, mounted with its element; an event a hook pushes reaching the
feature; an event the feature pushes reaching the hook; content the hook owns kept across
patches while `updated` redraws it; and `destroyed` when the element leaves.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -p test_client_hooks.py -v
"""

import json

from selenium.webdriver.common.by import By

from support import BrowserTestCase


class ClientHooksInTheBrowser(BrowserTestCase):
    def open_page(self):
        self.open_case_study("Client hooks", "#chart")
        # The chart's hook draws its bars once its module loaded and the socket attached.
        self.wait_for(lambda: len(self.bars()) == 3)

    def bars(self):
        return self.browser.find_elements(By.CSS_SELECTOR, "#chart .bar")

    def test_a_copy_hook_pushes_what_it_copied(self):
        self.open_page()
        self.browser.find_element(By.ID, "copy").click()
        self.wait_for(lambda: self.text_of("copied") == "Copied 32 characters.")
        pushed = [json.loads(m) for m in self.sent() if '"value"' in m]
        self.assertIn(json.dumps({"characters": 32}, separators=(",", ":")), [m["value"] for m in pushed])

    def test_a_bar_picked_in_the_hook_is_highlighted_by_the_features_event_and_survives_patches(self):
        self.open_page()
        self.bars()[1].click()
        self.wait_for(lambda: self.text_of("picked") == "Picked bar 2: 5")
        # The feature pushed "highlight" with the patch; the hook drew it.
        self.wait_for(lambda: "highlighted" in self.bars()[1].get_attribute("class"))
        events = [m for m in self.received("patch") if m.get("events")]
        self.assertEqual(events[-1]["events"], [{"name": "highlight", "payload": {"index": 1}}])
        # A patch changes the chart's values: the hook's `updated` redraws, and the content
        # stays the hook's (the server's render of the element has no bars).
        self.click("Add a value")
        self.wait_for(lambda: len(self.bars()) == 4)
        self.assertIn("highlighted", self.bars()[1].get_attribute("class"))
        self.assertEqual(
            self.browser.find_element(By.ID, "chart").get_attribute("data-values"), "3,5,2,4")

    def test_a_hook_is_destroyed_when_its_element_leaves_and_mounted_when_it_comes_back(self):
        self.open_page()
        self.click("Hide the chart")
        self.wait_for(lambda: self.script("return document.body.dataset.chartsDestroyed") == "1")
        self.click("Show the chart")
        self.wait_for(lambda: len(self.bars()) == 3)
