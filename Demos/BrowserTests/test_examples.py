"""End-to-end tests of every case study of `Demos/` in headless Chromium: one test per case
study that clicks, types, waits for effects and timers, and checks what the page shows.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -v
"""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from support import BrowserTestCase


class CaseStudiesInTheBrowser(BrowserTestCase):
    def send_keys_to(self, selector, *keys, index=0):
        self.browser.find_elements(By.CSS_SELECTOR, selector)[index].send_keys(*keys)

    def test_counter(self):
        self.open_case_study("Counter", ".count")
        self.assertEqual(self.counts(), ["0"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        self.click("−")
        self.wait_for(lambda: self.counts() == ["1"])

    def test_two_counters(self):
        self.open_case_study("Two counters", ".count")
        self.assertEqual(self.counts(), ["0", "0"])
        self.click("+", index=1)
        self.wait_for(lambda: self.counts() == ["0", "1"])
        self.click("−", index=0)
        self.click("−", index=0)
        self.wait_for(lambda: self.counts() == ["-2", "1"])
        self.assertEqual(self.text_of("total"), "Total: -1")
        self.click("Reset both")
        self.wait_for(lambda: self.counts() == ["0", "0"])
        self.assertEqual(self.text_of("total"), "Total: 0")

    def test_bindings_basics(self):
        self.open_case_study("Bindings basics", "#text")
        self.send_keys_to("#text", "Hello")
        self.wait_for(lambda: self.text_of("echo") == "olleH")
        self.assertEqual(self.active_id(), "text")
        # Lowering the slider's maximum below its value pulls the value down with it.
        for _ in range(7):
            self.click("−")
        self.wait_for(lambda: self.text_of("slider-value") == "Slider value: 3 of at most 3")
        self.assertEqual(self.value_of("slider"), "3")
        self.browser.find_element(By.ID, "slider").send_keys(Keys.ARROW_RIGHT)
        time.sleep(0.3)
        self.assertEqual(self.text_of("slider-value"), "Slider value: 3 of at most 3")
        self.wait_for(lambda: self.value_of("slider") == "3")
        self.browser.find_element(By.ID, "lock").click()
        self.wait_for(lambda: self.script("return document.getElementById('text').disabled;"))
        self.assertTrue(self.script("return document.getElementById('slider').disabled;"))
        self.assertFalse(self.has_button("−"))
        self.click("Reset")
        self.wait_for(lambda: self.text_of("slider-value") == "Slider value: 5 of at most 10")
        self.assertEqual(self.value_of("text"), "")

    def test_settings_form(self):
        self.open_case_study("Settings form", "#display-name")
        field = self.browser.find_element(By.ID, "display-name")
        field.click()
        field.send_keys("Blob McBlob, Esquire of Linux")
        self.wait_for(lambda: self.value_of("display-name") == "Blob McBlob, Esq")
        time.sleep(0.3)
        self.assertEqual(self.value_of("display-name"), "Blob McBlob, Esq")
        self.assertEqual(self.active_id(), "display-name")
        self.assertEqual(self.script("return document.activeElement.selectionStart;"), 16)
        Select(self.browser.find_element(By.ID, "digest")).select_by_visible_text("Weekly")
        self.browser.find_element(By.ID, "protect-posts").click()
        # Notifications turn on once the (local) permission is granted, then offer their kinds.
        self.assertEqual(self.browser.find_elements(By.ID, "email-notifications"), [])
        self.browser.find_element(By.ID, "notifications").click()
        self.wait_for(lambda: self.browser.find_elements(By.ID, "email-notifications"))
        self.assertTrue(self.script("return document.getElementById('notifications').checked;"))
        self.browser.find_element(By.ID, "email-notifications").click()
        self.wait_for(
            lambda: self.script("return document.getElementById('email-notifications').checked;")
        )
        # Reset asks first.
        self.click("Reset settings")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.click("Cancel")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.assertEqual(self.value_of("display-name"), "Blob McBlob, Esq")
        self.click("Reset settings")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.click("Reset")
        self.wait_for(lambda: self.value_of("display-name") == "")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.assertEqual(self.value_of("digest"), "0")
        self.assertEqual(self.browser.find_elements(By.ID, "email-notifications"), [])

    def hearts(self):
        return self.texts(".heart")

    def test_favoriting_failure_shows_an_alert_and_rolls_back(self):
        self.open_case_study("Favoriting", ".heart")
        self.assertEqual(self.hearts(), ["♡"] * 4)
        # The local API refuses every third request; each request answers after half a second.
        for _ in range(3):
            before = self.hearts()[1]
            self.browser.find_elements(By.CSS_SELECTOR, ".heart")[1].click()
            # The heart flips at once; the answer comes half a second later.
            self.wait_for(lambda: self.hearts()[1] != before)
            time.sleep(0.9)
            if self.open_dialog_class() == "ocaf-alert":
                break
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        message = self.script("return document.querySelector('dialog[open] h2').textContent;")
        self.assertEqual(
            message, "Favoriting failed: the favorites service is unavailable, try again"
        )
        # The heart went back to what it was before the failed request.
        self.assertEqual(self.hearts()[1], before)
        self.assertEqual(self.hearts()[0], "♡")
        self.click("OK")
        self.wait_for(lambda: self.open_dialog_class() is None)
        # The next request succeeds.
        self.browser.find_elements(By.CSS_SELECTOR, ".heart")[0].click()
        self.wait_for(lambda: self.hearts()[0] == "♥")
        time.sleep(0.8)
        self.assertEqual(self.hearts()[0], "♥")
        self.assertIsNone(self.open_dialog_class())

    def test_favorite_primes(self):
        self.open_case_study("Favorite primes", ".count")
        for expected in ("1", "2", "3"):
            self.click("+")
            self.wait_for(lambda: self.counts() == [expected])
        self.click("Is this prime?")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-sheet")
        self.assertEqual(self.text_of("verdict"), "3 is prime.")
        self.click("Save to favorite primes")
        self.wait_for(lambda: self.has_button("Remove from favorite primes"))
        ActionChains(self.browser).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.wait_for(lambda: self.texts(".favorite-primes li span") == ["3"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["4"])
        self.click("Is this prime?")
        self.wait_for(lambda: self.text_of("verdict") == "4 is not prime.")
        ActionChains(self.browser).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.click("Find prime number 4")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.assertEqual(
            self.script("return document.querySelector('dialog[open] h2').textContent;"),
            "The 4th prime is 7.",
        )
        self.click("OK")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.click("Delete")
        self.wait_for(lambda: self.text_of("no-favorites") == "No favorites yet.")

    def test_effects_basics(self):
        self.open_case_study("Effects basics", ".count")
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.click("Number fact")
        self.wait_for(lambda: self.has_button("Fetching…"))
        fact = self.wait_for(lambda: self.texts(".fact"), timeout=5)
        self.assertEqual(fact, ["1 is the square of 1."])
        # Below zero, the count comes back up a second later.
        self.click("−")
        self.click("−")
        self.wait_for(lambda: self.counts() == ["-1"])
        self.wait_for(lambda: self.counts() == ["0"], timeout=5)

    def test_effects_cancellation(self):
        self.open_case_study("Effect cancellation", ".stepper-value")
        self.click("+")
        self.wait_for(lambda: self.texts(".stepper-value") == ["1"])
        self.click("Number fact")
        self.wait_for(lambda: self.texts(".loading") == ["Fetching a fact…"])
        self.click("Cancel")
        self.wait_for(lambda: self.has_button("Number fact"))
        time.sleep(1.5)
        self.assertEqual(self.texts(".fact"), [])
        # Changing the number while the request is in flight cancels it too.
        self.click("Number fact")
        self.wait_for(lambda: self.has_button("Cancel"))
        self.click("+")
        self.wait_for(lambda: self.texts(".stepper-value") == ["2"])
        time.sleep(1.5)
        self.assertEqual(self.texts(".fact"), [])
        self.click("Number fact")
        self.wait_for(lambda: self.texts(".fact") == ["2 is a prime number."], timeout=5)

    def test_timer_ticks_stops_and_resets(self):
        self.open_case_study("Timer", "#seconds")
        self.assertEqual(self.text_of("seconds"), "0")
        self.click("Start")
        self.wait_for(lambda: int(self.text_of("seconds")) >= 2, timeout=5)
        self.click("Stop")
        self.wait_for(lambda: self.has_button("Start"))
        stopped = self.text_of("seconds")
        time.sleep(1.5)
        self.assertEqual(self.text_of("seconds"), stopped)
        self.click("Reset")
        self.wait_for(lambda: self.text_of("seconds") == "0")

    def test_long_living_effect_hears_every_screenshot(self):
        self.open_case_study("Long-living effect", "#screenshots")
        prefix = "Screenshots taken while this page was open: "
        self.assertEqual(self.text_of("screenshots"), prefix + "0")
        self.click("Simulate a screenshot")
        self.wait_for(lambda: self.text_of("screenshots") == prefix + "1")
        self.click("Simulate a screenshot")
        self.wait_for(lambda: self.text_of("screenshots") == prefix + "2")
        # A second page listens too; a screenshot there reaches both.
        first = self.browser.current_window_handle
        self.browser.switch_to.new_window("tab")
        try:
            self.open_case_study("Long-living effect", "#screenshots")
            self.click("Simulate a screenshot")
            self.wait_for(lambda: self.text_of("screenshots") == prefix + "1")
        finally:
            self.browser.close()
            self.browser.switch_to.window(first)
        self.wait_for(lambda: self.text_of("screenshots") == prefix + "3")

    def todo_descriptions(self):
        return self.script(
            "return Array.from(document.querySelectorAll('li.todo input.description'))"
            ".map(e => e.value);"
        )

    def test_todos_add_complete_filter_delete(self):
        self.open_case_study("Todos", "#filter")
        for description in ("Milk", "Eggs", "Bread"):
            count = len(self.todo_descriptions())
            self.click("Add to-do")
            self.wait_for(lambda: len(self.todo_descriptions()) == count + 1)
            self.send_keys_to("li.todo input.description", description)
            self.wait_for(lambda: self.todo_descriptions()[0] == description)
        self.assertEqual(self.todo_descriptions(), ["Bread", "Eggs", "Milk"])
        # Completing "Bread" moves it below the active ones a second later.
        self.browser.find_elements(By.CSS_SELECTOR, "li.todo input.complete-box")[0].click()
        self.wait_for(lambda: self.todo_descriptions() == ["Eggs", "Milk", "Bread"], timeout=5)
        filter = Select(self.browser.find_element(By.ID, "filter"))
        filter.select_by_visible_text("Active")
        self.wait_for(lambda: self.todo_descriptions() == ["Eggs", "Milk"])
        filter.select_by_visible_text("Completed")
        self.wait_for(lambda: self.todo_descriptions() == ["Bread"])
        filter.select_by_visible_text("All")
        self.wait_for(lambda: self.todo_descriptions() == ["Eggs", "Milk", "Bread"])
        self.click("Delete", index=1)
        self.wait_for(lambda: self.todo_descriptions() == ["Eggs", "Bread"])
        self.click("Clear completed (1)")
        self.wait_for(lambda: self.todo_descriptions() == ["Eggs"])

    def test_search_debounces_and_shows_details(self):
        self.open_case_study("Search", "#query")
        field = self.browser.find_element(By.ID, "query")
        for key in "ber":
            field.send_keys(key)
            time.sleep(0.1)
        # No keystroke waited out the debounce, and the last one has not yet either.
        time.sleep(0.15)
        self.assertEqual(self.texts("li.result button"), [])
        self.wait_for(
            lambda: self.texts("li.result button") == ["Berlin, Germany", "Bern, Switzerland"],
            timeout=3,
        )
        field.send_keys("n")
        self.wait_for(lambda: self.texts("li.result button") == ["Bern, Switzerland"], timeout=3)
        self.click("Bern, Switzerland")
        self.wait_for(lambda: self.texts(".loading") == [" loading…"])
        self.wait_for(
            lambda: self.text_of("details") == "Bern: population 134506, elevation 540 m",
            timeout=3,
        )
        field.send_keys(Keys.BACKSPACE * 4)
        self.wait_for(lambda: self.texts("li.result button") == [])
        self.assertIsNone(self.text_of("details"))

    def test_navigation_basics_sheet_effect_stops_when_dismissed(self):
        self.open_case_study("Alert, dialog and sheet", "#count")
        self.click("Show alert")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.click("Add one")
        self.wait_for(lambda: self.text_of("count") == "Count: 1")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.click("Show confirmation dialog")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-confirmation")
        self.click("Take one away")
        self.wait_for(lambda: self.text_of("count") == "Count: 0")
        self.wait_for(lambda: self.open_dialog_class() is None)
        # The sheet's ticker runs while it is shown...
        self.click("Show sheet")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-sheet")
        self.wait_for(lambda: self.text_of("ticks") == "Ticks: 2", timeout=5)
        ActionChains(self.browser).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda: self.open_dialog_class() is None)
        last = self.wait_for(lambda: self.text_of("last-ticks"))
        self.assertIn(last, ("The last sheet counted 2 seconds.", "The last sheet counted 3 seconds."))
        # ...and stops when it is dismissed: a new sheet counts from zero at one tick a second.
        time.sleep(1.2)
        self.click("Show sheet")
        self.wait_for(lambda: self.text_of("ticks") == "Ticks: 0")
        time.sleep(2.5)
        self.assertEqual(self.text_of("ticks"), "Ticks: 2")
        self.click("Done")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.assertIn("The last sheet counted", self.text_of("last-ticks"))

    def screen_heading(self):
        return self.script(
            "var h = document.querySelector('.screen h2'); return h ? h.textContent : null;"
        )

    def test_navigation_stack_and_the_browsers_back_button(self):
        self.open_case_study("Navigation stack", "#depth")
        start = self.script("return history.length;")
        self.click("Push counter")
        self.wait_for(lambda: self.screen_heading() == "Counter screen")
        self.click("+")
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        self.click("Push ticker")
        self.wait_for(lambda: self.screen_heading() == "Ticker screen")
        self.wait_for(lambda: self.text_of("ticks") == "Ticks: 1", timeout=4)
        self.assertEqual(self.script("return history.length;"), start + 2)
        self.browser.back()
        self.wait_for(lambda: self.screen_heading() == "Counter screen")
        self.assertEqual(self.counts(), ["2"])
        self.browser.back()
        self.wait_for(lambda: self.text_of("depth") == "Screens on the stack: 0")
        self.assertIsNone(self.screen_heading())
        # The in-page back button and "Pop to root" pop too.
        self.click("Push number fact")
        self.wait_for(lambda: self.screen_heading() == "Number fact screen")
        self.click("Number fact")
        self.wait_for(lambda: self.texts(".fact") == ["0 is the only number that is neither positive nor negative."], timeout=5)
        self.click("Push counter")
        self.wait_for(lambda: self.screen_heading() == "Counter screen")
        self.click("← Back")
        self.wait_for(lambda: self.screen_heading() == "Number fact screen")
        self.click("Pop to root")
        self.wait_for(lambda: self.text_of("depth") == "Screens on the stack: 0")
        self.wait_for(
            lambda: self.script("return (history.state && history.state.ocafDepth) || 0;") == 0
        )

    def test_recursion_nests_rows(self):
        self.open_case_study("Recursion", ".row-name")
        self.click("Add row")
        self.wait_for(lambda: len(self.browser.find_elements(By.CSS_SELECTOR, ".row-name")) == 2)
        child = self.browser.find_elements(By.CSS_SELECTOR, ".row-name")[1]
        child.send_keys("Child")
        self.wait_for(
            lambda: self.script("return document.querySelectorAll('.row-name')[1].value;")
            == "Child"
        )
        self.click("Add row", index=1)
        self.wait_for(
            lambda: len(self.browser.find_elements(By.CSS_SELECTOR, ".nested .nested .nested")) == 1
        )
        grandchild = self.browser.find_element(By.CSS_SELECTOR, ".nested .nested .nested .row-name")
        grandchild.send_keys("Grandchild")
        self.click("Add row", index=2)
        self.wait_for(lambda: len(self.browser.find_elements(By.CSS_SELECTOR, ".row-name")) == 4)
        self.assertEqual(self.texts(".descendants"), ["3 below", "2 below", "1 below", "0 below"])
        self.assertEqual(
            self.script(
                "return Array.from(document.querySelectorAll('.row-name')).map(e => e.value);"
            ),
            ["Root", "Child", "Grandchild", ""],
        )
        # A row's delete button follows its rows, so the deepest row's comes first. The
        # deepest row goes alone; the child goes with its own rows.
        self.click("Delete row", index=0)
        self.wait_for(lambda: self.texts(".descendants") == ["2 below", "1 below", "0 below"])
        self.click("Delete row", index=1)
        self.wait_for(lambda: self.texts(".descendants") == ["0 below"])

    def test_shared_state_is_visible_across_the_tabs(self):
        self.open_case_study("Shared state", ".tab")
        self.click("Profile tab")
        self.wait_for(lambda: self.browser.find_elements(By.ID, "user-name"))
        self.click("Reset stats")
        self.wait_for(lambda: "Current count: 0" in self.texts("#stats li"))
        name = self.browser.find_element(By.ID, "user-name")
        name.send_keys(Keys.CONTROL, "a")
        name.send_keys("Ada")
        self.wait_for(lambda: self.value_of("user-name") == "Ada")
        self.click("Counter tab")
        self.wait_for(lambda: self.text_of("greeting") == "Ada has counted to 0.")
        for _ in range(3):
            self.click("+")
        self.wait_for(lambda: self.counts() == ["3"])
        self.click("−")
        self.wait_for(lambda: self.text_of("greeting") == "Ada has counted to 2.")
        self.click("Profile tab")
        self.wait_for(
            lambda: self.texts("#stats li")
            == ["Current count: 2", "Highest count: 3", "Lowest count: 0", "Number of counts: 4"]
        )
        self.click("Reset stats")
        self.wait_for(lambda: "Current count: 0" in self.texts("#stats li"))
        self.click("Counter tab")
        self.wait_for(lambda: self.text_of("greeting") == "Ada has counted to 0.")


if __name__ == "__main__":
    unittest.main(verbosity=2)
