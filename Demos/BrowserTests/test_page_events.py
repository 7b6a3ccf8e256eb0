"""End-to-end tests of the page's events and client commands in headless Chromium, on the
"Keys, focus and commands" page: keys with filters in a debounced search, a window shortcut
that moves focus in the browser alone, blur, the window's size, a help panel a client command
opens and patches leave open, and a server started with a simulated latency, whose busy marks
show while messages are delayed.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -p test_page_events.py -v
"""

import json
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import BrowserTestCase, server_log, start_server, stop_server


class PageEventsInTheBrowser(BrowserTestCase):
    def open_page(self):
        self.open_case_study("Keys, focus and commands", "#people-search")
        self.wait_for(lambda: self.socket_is_open() and self.received())

    def messages(self):
        """What the page sent, parsed."""
        return [json.loads(text) for text in self.sent()]

    def press_outside_fields(self, keys):
        """Presses `keys` with focus on the page's body."""
        self.script("document.activeElement && document.activeElement.blur();")
        ActionChains(self.browser).send_keys(keys).perform()

    def highlighted(self):
        return self.texts("li.highlighted")

    def test_keys_pick_from_a_debounced_search_and_a_shortcut_focuses_it_without_a_message(self):
        self.open_page()
        sent_before = len(self.sent())
        # "/" anywhere on the page focuses the search: a client command, no message.
        self.press_outside_fields("/")
        self.wait_for(lambda: self.active_id() == "people-search")
        self.assertEqual(len(self.sent()), sent_before)
        search = self.browser.find_element(By.ID, "people-search")
        # The shortcut's key was kept from the field (its filter matched), and typing in a field
        # is no shortcut.
        self.assertEqual(self.value_of("people-search"), "")
        search.send_keys("gr")
        # Debounced: one message carries the whole text, once typing pauses.
        self.wait_for(lambda: self.texts(".people li") == ["Grace Hopper"])
        typed = [m for m in self.messages() if m.get("value") in ("g", "gr")]
        self.assertEqual([m["value"] for m in typed], ["gr"], self.sent())
        search.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "a")
        self.wait_for(lambda: self.highlighted() == ["Ada Lovelace"])
        search.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        self.wait_for(lambda: self.highlighted() == ["Barbara Liskov"])
        search.send_keys(Keys.ENTER)
        self.wait_for(lambda: self.text_of("picked") == "Picked: Barbara Liskov")
        # Only the filtered keys were sent as keys.
        keys = [m["value"] for m in self.messages() if m.get("value") in ("ArrowDown", "Enter", "a", "Backspace")]
        self.assertNotIn("Backspace", keys)
        self.assertEqual(keys.count("ArrowDown"), 2)
        # "?" outside a field reaches the server.
        self.press_outside_fields("?")
        self.wait_for(lambda: self.text_of("shortcut-count") == "Shortcut pressed 1 times.")

    def test_an_email_is_checked_on_blur_and_the_windows_size_is_sent(self):
        self.open_page()
        email = self.browser.find_element(By.ID, "email")
        email.click()
        self.wait_for(lambda: self.browser.find_elements(By.CSS_SELECTOR, ".hint"))
        email.send_keys("ada@")
        self.browser.find_element(By.ID, "people-search").click()
        self.wait_for(lambda: self.text_of("email-error") == "That is not an email address.")
        blur = [m for m in self.messages() if m.get("value") == "ada@" and "ref" in m]
        self.assertEqual(len(blur), 1, "the marked field's blur asks for an acknowledgement")
        self.wait_for(lambda: email.get_attribute("aria-busy") is None)
        self.browser.set_window_size(500, 700)
        self.wait_for(lambda: "(narrow)" in (self.text_of("window-size") or ""))
        self.browser.set_window_size(1000, 800)
        self.wait_for(lambda: "(narrow)" not in (self.text_of("window-size") or ""))

    def test_a_client_command_opens_the_help_and_patches_leave_it_open(self):
        self.open_page()
        sent_before = len(self.sent())
        self.assertFalse(self.browser.find_element(By.ID, "help").is_displayed())
        self.click("Help")
        self.wait_for(lambda: self.browser.find_element(By.ID, "help").is_displayed())
        self.assertEqual(len(self.sent()), sent_before, "the command needs no round trip")
        search = self.browser.find_element(By.ID, "people-search")
        search.send_keys("katherine")
        self.wait_for(lambda: self.texts(".people li") == ["Katherine Johnson"])
        self.assertTrue(self.browser.find_element(By.ID, "help").is_displayed())
        self.click("Help")
        self.wait_for(lambda: not self.browser.find_element(By.ID, "help").is_displayed())


class SimulatedLatencyInTheBrowser(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        stop_server(cls.server)
        cls.server.log_file.close()
        cls.server, cls.base = start_server("--latency", "600")

    def test_busy_marks_show_while_every_message_is_delayed_both_ways(self):
        self.open_case_study("Counter", ".count")
        self.wait_for(lambda: self.socket_is_open() and self.received())
        # The page takes input once the server's first message came, 600 ms late.
        self.wait_for(lambda: self.script("return !document.getElementById('ocaf-root').inert;"))
        start = time.monotonic()
        self.click("+")
        button = self.browser.find_element(By.CSS_SELECTOR, "button[aria-label=Increment]")
        self.assertEqual(button.get_attribute("aria-busy"), "true")
        self.assertEqual(self.counts(), ["0"])
        self.wait_for(lambda: self.counts() == ["1"], timeout=5)
        elapsed = time.monotonic() - start
        self.assertGreaterEqual(elapsed, 1.1, "600 ms each way")
        self.assertIsNone(button.get_attribute("aria-busy"))
