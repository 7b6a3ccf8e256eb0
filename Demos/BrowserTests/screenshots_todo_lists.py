"""Takes the to-do lists app's screenshot for the READMEs (docs/screenshots/todo-lists-app.png).

    swift build --package-path Demos --product TodoListsServer
    python3 Demos/BrowserTests/screenshots_todo_lists.py
"""

import os
import time
import unittest

from test_todo_lists_two_users import TwoUsers

HERE = os.path.dirname(os.path.abspath(__file__))

OUTPUT = os.path.join(HERE, "..", "..", "docs", "screenshots", "todo-lists-app.png")


class Screenshot(TwoUsers):
    # Only the screenshot, not the tests it inherits its server and helpers from.
    test_each_user_sees_their_own_lists_and_their_tabs_stay_in_step = None
    test_a_filter_link_works_live_and_without_javascript = None
    test_without_javascript_a_user_signs_in_and_adds_a_list = None

    def test_screenshot(self):
        ada = self.browser("ada", "lovelace")
        ada.set_window_size(900, 560)
        self.add(ada, "New list", "Weekend", "Add list")
        self.add(ada, "New list", "Groceries", "Add list")
        self.wait(ada, lambda: self.texts(ada, ".open-list h2") == ["Groceries"])
        for item in ("Milk", "Bread", "Apples"):
            self.add(ada, "New to-do", item, "Add")
            self.wait(ada, lambda: item in self.texts(ada, ".items label"))
        ada.find_elements("css selector", ".items input[type=checkbox]")[1].click()
        self.add(ada, "Share with", "grace", "Share")
        self.wait(ada, lambda: self.texts(ada, ".sharing .shared") == ["Shared with grace."])
        time.sleep(0.5)
        ada.save_screenshot(OUTPUT)


if __name__ == "__main__":
    unittest.TextTestRunner().run(unittest.defaultTestLoader.loadTestsFromTestCase(Screenshot))
