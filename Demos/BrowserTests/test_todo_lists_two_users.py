"""The to-do lists app in Chromium: two users signed in from two browsers see only their own
lists, and a change in one tab of a user's shows in that user's other tab.

    swift build --package-path Demos --product TodoListsServer
    python3 -m unittest discover -s Demos/BrowserTests -p 'test_todo_lists*.py' -v
"""

import os
import tempfile
import unittest

from selenium.webdriver.common.by import By

from support import TodoListsBrowsing, demo_binary, start_browser, start_server, stop_server

SERVER = demo_binary("TodoListsServer")


class TwoUsers(TodoListsBrowsing, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.TemporaryDirectory()
        cls.server, cls.base = start_server(
            "--database", os.path.join(cls.data.name, "todos.sqlite"), binary=SERVER)

    @classmethod
    def tearDownClass(cls):
        stop_server(cls.server)
        cls.server.log_file.close()
        cls.data.cleanup()

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
        plain = self.browser("grace", "hopper", javascript=False)
        self.add(plain, "New list", "Reading", "Add list")
        self.wait(plain, lambda: self.texts(plain, ".open-list h2") == ["Reading"])
        self.add(plain, "New to-do", "SICP", "Add")
        self.wait(plain, lambda: self.texts(plain, ".items label") == ["SICP"])
        self.assertIn("Reading 1 left", self.texts(plain, ".list-index li"))


if __name__ == "__main__":
    unittest.main()
