"""The to-do lists app in Chromium: two users signed in from two browsers see only their own
lists, and a change in one tab of a user's shows in that user's other tab.

    swift build --package-path Demos --product TodoListsServer
    python3 -m unittest discover -s Demos/BrowserTests -p 'test_todo_lists*.py' -v
"""

import os
import select
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from support import demo_binary, free_port, start_browser  # noqa: E402

SERVER = demo_binary("TodoListsServer")


class TwoUsers(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.TemporaryDirectory()
        cls.log = tempfile.TemporaryFile(mode="w+t")
        port = free_port()
        cls.server = subprocess.Popen(
            [SERVER, "--port", str(port), "--database", os.path.join(cls.data.name, "todos.sqlite")],
            stdout=subprocess.PIPE, stderr=cls.log, text=True,
        )
        readable, _, _ = select.select([cls.server.stdout], [], [], 30)
        ready = cls.server.stdout.readline() if readable else ""
        if "running at" not in ready:
            cls.server.kill()
            raise RuntimeError("the app did not start: " + ready)
        cls.base = "http://127.0.0.1:%d" % port

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=15)
        cls.log.close()
        cls.data.cleanup()

    def browser(self, user, password):
        """A browser of its own (its own cookies), signed in as `user`, on the lists page."""
        browser = start_browser()
        self.addCleanup(browser.quit)
        browser.get(self.base + "/")
        self.assertEqual(browser.title, "Sign in · To-do lists")
        browser.find_element(By.NAME, "name").send_keys(user)
        browser.find_element(By.NAME, "password").send_keys(password)
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.wait(browser, lambda: "Signed in as " + user in browser.page_source)
        self.wait_live(browser)
        return browser

    def wait(self, browser, condition, timeout=10):
        # An element found by one poll may be gone by the time it is read (a patch replaced it, or
        # the page without JavaScript loaded a new document): that poll counts as not yet.
        stale = (StaleElementReferenceException,)
        return WebDriverWait(
            browser, timeout, poll_frequency=0.05, ignored_exceptions=stale
        ).until(lambda _: condition())

    def wait_live(self, browser):
        self.wait(browser, lambda: browser.find_element(By.ID, "ocaf-root").get_attribute("aria-busy") == "false")

    def texts(self, browser, selector):
        return [element.text for element in browser.find_elements(By.CSS_SELECTOR, selector)]

    def add(self, browser, field, text, button):
        browser.find_element(By.CSS_SELECTOR, "input[aria-label='%s']" % field).send_keys(text)
        browser.find_element(By.XPATH, "//button[text()='%s']" % button).click()

    def test_each_user_sees_their_own_lists_and_their_tabs_stay_in_step(self):
        ada = self.browser("ada", "lovelace")
        grace = self.browser("grace", "hopper")

        self.add(ada, "New list", "Groceries", "Add list")
        self.wait(ada, lambda: self.texts(ada, ".open-list h2") == ["Groceries"])
        list_url = ada.current_url
        self.assertRegex(list_url, r"/app/lists/[0-9a-f-]{36}$")
        self.add(ada, "New to-do", "Milk", "Add")
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Milk"])

        # Grace sees none of it, not even by Ada's link.
        grace.refresh()
        self.wait_live(grace)
        self.assertEqual(self.texts(grace, ".list-index a"), [])
        grace.get(list_url)
        self.wait_live(grace)
        self.assertEqual(self.texts(grace, ".open-list h2"), [])
        self.wait(grace, lambda: grace.current_url.endswith("/app/lists"))

        # Ada's second tab, on the same list: what it adds shows in the first tab.
        first = ada.current_window_handle
        ada.switch_to.new_window("tab")
        ada.get(list_url)
        self.wait_live(ada)
        self.add(ada, "New to-do", "Bread", "Add")
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Milk", "Bread"])
        ada.switch_to.window(first)
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Milk", "Bread"])
        self.assertIn("Groceries 2 left", self.texts(ada, ".list-index li"))

    def test_a_filter_link_works_live_and_without_javascript(self):
        ada = self.browser("ada", "lovelace")
        self.add(ada, "New list", "Chores", "Add list")
        self.wait(ada, lambda: self.texts(ada, ".open-list h2") == ["Chores"])
        self.add(ada, "New to-do", "Sweep", "Add")
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Sweep"])
        ada.find_element(By.CSS_SELECTOR, ".items input[type=checkbox]").click()
        self.wait(ada, lambda: "Chores 0 left" in self.texts(ada, ".list-index li"))
        sockets = ada.execute_script("return window.__sockets.length")
        ada.find_element(By.LINK_TEXT, "Active").click()
        self.wait(ada, lambda: ada.current_url.endswith("?filter=active"))
        self.wait(ada, lambda: self.texts(ada, ".items label") == [])
        self.assertEqual(ada.execute_script("return window.__sockets.length"), sockets)
        ada.back()
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Sweep"])
        # Reload keeps the list; the same link in a page without JavaScript is a plain link.
        url = ada.current_url
        ada.refresh()
        self.wait_live(ada)
        self.assertEqual(self.texts(ada, ".open-list h2"), ["Chores"])
        cookie = ada.get_cookie("todo_session")
        plain = start_browser(javascript=False)
        self.addCleanup(plain.quit)
        plain.get(self.base + "/sign-in")
        plain.add_cookie({"name": "todo_session", "value": cookie["value"], "path": "/"})
        plain.get(url)
        self.assertEqual(self.texts(plain, ".open-list h2"), ["Chores"])
        plain.find_element(By.LINK_TEXT, "Done").click()
        self.assertTrue(plain.current_url.endswith("?filter=done"))
        self.assertEqual(self.texts(plain, ".items label"), ["Sweep"])

        # Its forms post: the list's session (Ada's, through the sign-in cookie) adds the item,
        # not done, so the done filter doesn't show it, but the list counts it.
        self.add(plain, "New to-do", "Mop", "Add")
        self.wait(plain, lambda: "Chores 1 left" in self.texts(plain, ".list-index li"))
        self.assertEqual(self.texts(plain, ".items label"), ["Sweep"])
        # …and the item is Ada's: her live tab shows it.
        self.wait(ada, lambda: "Chores 1 left" in self.texts(ada, ".list-index li"))

    def test_without_javascript_a_user_signs_in_and_adds_a_list(self):
        plain = start_browser(javascript=False)
        self.addCleanup(plain.quit)
        plain.get(self.base + "/")
        plain.find_element(By.NAME, "name").send_keys("grace")
        plain.find_element(By.NAME, "password").send_keys("hopper")
        plain.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.wait(plain, lambda: "Signed in as grace" in plain.page_source)
        self.add(plain, "New list", "Reading", "Add list")
        self.wait(plain, lambda: self.texts(plain, ".open-list h2") == ["Reading"])
        self.add(plain, "New to-do", "SICP", "Add")
        self.wait(plain, lambda: self.texts(plain, ".items label") == ["SICP"])
        self.assertIn("Reading 1 left", self.texts(plain, ".list-index li"))


if __name__ == "__main__":
    unittest.main()
