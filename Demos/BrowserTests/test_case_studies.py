"""End-to-end tests of the renderer in headless Chromium: the connection (a forged handler id,
a dropped socket, both through the page's recorded WebSocket) and the renderer's own check pages (every bound control, every way to
dismiss, keyed rows). The case studies' own tests are in test_examples.py.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -v
"""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from support import LATEST_SOCKET, BrowserTestCase


class RendererInTheBrowser(BrowserTestCase):
    def test_a_forged_handler_id_changes_nothing(self):
        self.open_case_study("Counter", ".count")
        before = self.counts()
        html = self.browser.find_element(By.ID, "ocaf-root").get_attribute("innerHTML")
        messages = len(self.received())
        self.send_on_socket({"handler": "h424242"}, "not json")
        time.sleep(0.5)
        self.assertEqual(self.counts(), before)
        self.assertEqual(
            self.browser.find_element(By.ID, "ocaf-root").get_attribute("innerHTML"), html
        )
        self.assertEqual(len(self.received()), messages)
        self.click("+")
        self.wait_for(lambda: self.counts() == [str(int(before[0]) + 1)])

    def test_a_dropped_socket_reconnects_to_the_same_session(self):
        self.open_case_study("Counter", ".count")
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        session = self.rendered_session()
        self.assertIsNotNone(session)
        first = self.page_socket()
        # The page came rendered over HTTP: its first socket already asks for that session.
        self.assertIn("session=" + session, first["url"])
        self.watch_status()
        self.script(LATEST_SOCKET + ".close();")
        self.wait_for(lambda: self.socket_count() == first["index"] + 2 and self.socket_is_open())
        # The new socket asks for the session, and is given it back with its state.
        self.assertIn("session=" + session, self.page_socket()["url"])
        renders = self.wait_for(lambda: self.received("render", socket=first["index"] + 1))
        self.assertEqual(renders[0]["session"], session)
        self.assertIn('<span class="count">2</span>', renders[0]["html"])
        # Meanwhile the page said it was offline, and took no input.
        self.assertIn(
            {"text": "Disconnected. Reconnecting…", "inert": True, "notice": False},
            self.status_history(),
        )
        self.wait_for(lambda: self.status()["hidden"] and not self.status()["inert"])
        self.assertEqual(self.counts(), ["2"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["3"])

    def open_profile_form(self):
        self.browser.get(self.base + "/")
        self.browser.find_element(By.LINK_TEXT, "Profile form").click()
        self.wait_for(lambda: self.browser.find_elements(By.ID, "display-name"))

    def test_typing_past_sixteen_characters_is_cut_by_the_reducer_and_keeps_focus(self):
        self.open_profile_form()
        field = self.browser.find_element(By.ID, "display-name")
        field.click()
        field.send_keys("A display name that goes on and on")
        self.wait_for(lambda: self.value_of("display-name") == "A display name t")
        time.sleep(0.3)
        self.assertEqual(self.value_of("display-name"), "A display name t")
        self.assertEqual(self.active_id(), "display-name")
        self.assertEqual(
            self.browser.execute_script("return document.activeElement.selectionStart;"), 16
        )
        # Editing in the middle keeps the caret where the user is typing.
        field.send_keys(Keys.HOME, Keys.DELETE, Keys.DELETE)
        self.wait_for(lambda: self.value_of("display-name") == "display name t")
        field.send_keys("My ")
        self.wait_for(lambda: self.value_of("display-name") == "My display name ")
        self.assertEqual(self.active_id(), "display-name")
        self.assertEqual(
            self.browser.execute_script("return document.activeElement.selectionStart;"), 3
        )

    def test_every_bound_control_reaches_the_state(self):
        self.open_profile_form()
        name = self.browser.find_element(By.ID, "display-name")
        name.send_keys("Blob")
        self.browser.find_element(By.ID, "bio").send_keys("Hello")
        self.browser.find_element(By.ID, "newsletter").click()
        age = self.browser.find_element(By.ID, "age")
        age.send_keys(Keys.CONTROL, "a")
        age.send_keys("42")
        volume = self.browser.find_element(By.ID, "volume")
        volume.click()
        volume.send_keys(Keys.ARROW_RIGHT)
        self.wait_for(lambda: self.browser.find_element(By.ID, "volume-value").text == "6")
        Select(self.browser.find_element(By.ID, "theme")).select_by_visible_text("Dark")
        self.click("+")
        self.wait_for(
            lambda: self.browser.find_element(By.CSS_SELECTOR, ".stepper-value").text == "4"
        )
        self.click("Save")
        summary = self.wait_for(lambda: self.browser.find_elements(By.CSS_SELECTOR, ".summary"))
        self.assertEqual(
            summary[0].text,
            "Blob, 42, Dark, volume 6, 4 stars, newsletter on, bio 5 characters",
        )
        self.assertTrue(
            self.browser.execute_script("return document.getElementById('newsletter').checked;")
        )

    def open_navigation(self):
        self.browser.get(self.base + "/")
        self.browser.find_element(By.LINK_TEXT, "Navigation").click()
        self.wait_for(lambda: self.browser.find_elements(By.ID, "note"))



    def test_a_sheet_is_a_modal_that_escape_dismisses_and_its_effect_stops(self):
        self.open_navigation()
        self.click("Edit note")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-sheet")
        self.assertTrue(
            self.browser.execute_script("return document.querySelector('dialog').matches(':modal');")
        )
        field = self.browser.find_element(By.ID, "note-text")
        field.send_keys("Groceries")
        self.wait_for(lambda: self.value_of("note-text") == "Groceries")
        self.click("Start ticking")
        self.wait_for(lambda: self.text_of("ticks") not in (None, "Ticks: 0", "Ticks: 1"))
        ActionChains(self.browser).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.wait_for(lambda: self.text_of("note") == "Note: Groceries")
        # A new sheet's ticks stay at 0: the dismissed sheet's timer was cancelled.
        self.click("Edit note")
        self.wait_for(lambda: self.text_of("ticks") == "Ticks: 0")
        time.sleep(1)
        self.assertEqual(self.text_of("ticks"), "Ticks: 0")
        # A click on the backdrop dismisses too.
        actions = ActionBuilder(self.browser)
        actions.pointer_action.move_to_location(3, 3).click()
        actions.perform()
        self.wait_for(lambda: self.open_dialog_class() is None)
        # Done dismisses from the reducer.
        self.click("Edit note")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-sheet")
        self.click("Done")
        self.wait_for(lambda: self.open_dialog_class() is None)

    def test_alert_and_confirmation_dialog_buttons_send_their_actions(self):
        self.open_navigation()
        self.click("Delete…")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.click("Keep")
        self.wait_for(lambda: self.open_dialog_class() is None)
        self.assertEqual(self.text_of("status"), "Status: ")
        self.click("Delete…")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-alert")
        self.click("Delete")
        self.wait_for(lambda: self.text_of("status") == "Status: Deleted")
        self.assertIsNone(self.open_dialog_class())
        self.click("Pick colour")
        self.wait_for(lambda: self.open_dialog_class() == "ocaf-confirmation")
        self.click("Red")
        self.wait_for(lambda: self.text_of("color") == "Colour: red")
        self.assertIsNone(self.open_dialog_class())

    def heading(self):
        return self.browser.execute_script(
            "var h = document.querySelector('.page h2'); return h ? h.textContent : null;"
        )

    def test_the_browsers_back_button_pops_the_stack(self):
        self.open_navigation()
        start = self.browser.execute_script("return history.length;")
        self.click("Push page 1")
        self.wait_for(lambda: self.heading() == "Page 1")
        self.click("Next page")
        self.wait_for(lambda: self.heading() == "Page 2")
        self.assertEqual(self.browser.execute_script("return history.length;"), start + 2)
        self.browser.back()
        self.wait_for(lambda: self.heading() == "Page 1")
        self.browser.back()
        self.wait_for(lambda: self.text_of("note") == "Note: ")
        self.assertIsNone(self.heading())
        # The in-page back button pops too, and the history follows.
        self.browser.find_element(By.LINK_TEXT, "Open page 100").click()
        self.wait_for(lambda: self.heading() == "Page 100")
        self.click("← Back")
        self.wait_for(lambda: self.heading() is None)
        self.wait_for(
            lambda: self.browser.execute_script(
                "return (history.state && history.state.ocafDepth) || 0;"
            )
            == 0
        )
        # Closing a page with dismiss() pops it as well.
        self.click("Push page 1")
        self.wait_for(lambda: self.heading() == "Page 1")
        self.click("Close page")
        self.wait_for(lambda: self.heading() is None)

    def item_order(self):
        return self.browser.execute_script(
            "return Array.from(document.querySelectorAll('li[data-item]'))"
            ".map(li => li.getAttribute('data-item'));"
        )

    def send_click_of(self, label):
        """Sends a button's handler from script, so that the focus stays where it is."""
        self.browser.execute_script(
            "var b = Array.from(document.querySelectorAll('button'))"
            ".find(b => b.getAttribute('aria-label') === arguments[0] || b.textContent === arguments[0]);"
            + LATEST_SOCKET
            + ".send(JSON.stringify({handler: b.getAttribute('data-ocaf-click')}));",
            label,
        )

    def test_rows_keep_their_nodes_and_focus_when_others_are_added_removed_and_moved(self):
        self.browser.get(self.base + "/checklist")
        self.wait_for(lambda: self.item_order() == ["1", "2", "3"])
        self.browser.execute_script(
            "window.bread = document.querySelector('li[data-item=\"2\"]');"
        )
        field = self.browser.find_element(By.CSS_SELECTOR, 'li[data-item="2"] input.title')
        field.click()
        field.send_keys(Keys.END, " rolls")
        self.wait_for(
            lambda: self.browser.execute_script("return document.activeElement.value;")
            == "Bread rolls"
        )
        self.send_click_of("Add item")
        self.wait_for(lambda: self.item_order() == ["4", "1", "2", "3"])
        self.send_click_of("Remove")  # the first row's: the new one
        self.wait_for(lambda: self.item_order() == ["1", "2", "3"])
        self.browser.execute_script(
            "Array.from(document.querySelectorAll('li[data-item=\"3\"] button'))"
            ".find(b => b.textContent === '↑').setAttribute('id', 'up3');"
        )
        self.send_on_socket(
            {"handler": self.script("return document.getElementById('up3').getAttribute('data-ocaf-click');")}
        )
        self.wait_for(lambda: self.item_order() == ["1", "3", "2"])
        same_node = self.browser.execute_script(
            "return window.bread === document.querySelector('li[data-item=\"2\"]') && window.bread.isConnected;"
        )
        self.assertTrue(same_node)
        self.assertEqual(
            self.browser.execute_script("return document.activeElement.value;"), "Bread rolls"
        )
        field.send_keys("!")
        self.wait_for(
            lambda: self.browser.execute_script(
                "return document.querySelector('li[data-item=\"2\"] input.title').value;"
            )
            == "Bread rolls!"
        )


if __name__ == "__main__":
    unittest.main(verbosity=2)
