"""The to-do lists app on two servers behind HAProxy, sharing one PostgreSQL database: Ada's
browser is on one server and Grace's on the other. They share a list and each sees the other's
edits live. Then Ada's server stops (SIGTERM, as a rolling deploy stops it): her page resumes on
the other server with its open list and her typed text, and nothing saved is lost.

Needs a PostgreSQL server named by `OCAF_POSTGRES_URL` (`.ci/postgres.sh start` prints one),
whose user may create databases, and HAProxy (`.ci/haproxy.sh` installs Debian's package if
missing). Without the URL the tests are skipped, unless `OCAF_REQUIRE_POSTGRES` is set (as
`.ci/run` sets it).

    swift build --package-path Demos
    OCAF_POSTGRES_URL=$(.ci/postgres.sh start) \\
      python3 -m unittest discover -s Demos/BrowserTests -p test_todo_lists_servers.py -v
"""

import signal
import subprocess
import unittest
import uuid

from selenium.webdriver.common.by import By

from support import (
    RESET_NOTICE,
    TodoListsBrowsing,
    demo_binary,
    postgres_url,
    server_log,
    servers_behind_proxy,
    start_browser,
)

SERVER = demo_binary("TodoListsServer")


def psql(url, command):
    subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", command], check=True)


class TwoServersSharingADatabase(TodoListsBrowsing, unittest.TestCase):
    def setUp(self):
        base = postgres_url()
        # A database of the test's own, so that Ada's and Grace's lists start empty.
        name = "todos_" + uuid.uuid4().hex[:12]
        psql(base, "CREATE DATABASE " + name)
        self.addCleanup(psql, base, "DROP DATABASE IF EXISTS %s WITH (FORCE)" % name)
        database = base.rsplit("/", 1)[0] + "/" + name
        self.servers, self.base = servers_behind_proxy(self, database, binary=SERVER)

    def on_server(self, index, user, password):
        """A browser signed in as `user` whose requests the proxy sends to server `index` (1 or
        2): its affinity cookie names that server before the first request."""
        browser = start_browser()
        self.addCleanup(browser.quit)
        browser.get(self.base + "/sign-in")
        browser.delete_all_cookies()
        browser.add_cookie({"name": "ocaf_server", "value": "s%d" % index, "path": "/"})
        browser.get(self.base + "/sign-in")
        self.sign_in(browser, user, password)
        self.assertEqual(browser.get_cookie("ocaf_server")["value"], "s%d" % index)
        return browser

    def watch_status(self, browser):
        """Records, from now on, every text the page's status line shows."""
        browser.execute_script(
            "window.__statuses = []; var s = document.getElementById('ocaf-status');"
            "new MutationObserver(function () { window.__statuses.push(s.hidden ? '' : s.textContent); })"
            ".observe(s, {childList: true, characterData: true, subtree: true, attributes: true});"
        )

    def status_history(self, browser):
        return browser.execute_script("return window.__statuses;")

    def test_two_users_on_two_servers_share_a_list_and_a_stopped_servers_page_resumes(self):
        ada = self.on_server(1, "ada", "lovelace")
        grace = self.on_server(2, "grace", "hopper")

        # Ada makes a list on server 1 and shares it; Grace's page on server 2 shows it live.
        self.add(ada, "New list", "Trip", "Add list")
        self.wait(ada, lambda: self.texts(ada, ".open-list h2") == ["Trip"])
        self.add(ada, "New to-do", "Tickets", "Add")
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Tickets"])
        self.add(ada, "Share with", "grace", "Share")
        self.wait(ada, lambda: self.texts(ada, ".sharing .shared") == ["Shared with grace."])
        self.wait(grace, lambda: self.texts(grace, ".list-index li") == ["Trip 1 left"])

        # Each sees the other's edits.
        grace.find_element(By.LINK_TEXT, "Trip").click()
        self.wait(grace, lambda: self.texts(grace, ".items label") == ["Tickets"])
        self.add(grace, "New to-do", "Passport", "Add")
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Tickets", "Passport"])
        ada.find_element(By.CSS_SELECTOR, ".items input[type=checkbox]").click()
        self.wait(grace, lambda: self.texts(grace, ".items li.done label") == ["Tickets"])
        self.wait(grace, lambda: self.texts(grace, ".list-index li") == ["Trip 1 left"])

        # Ada types a to-do she hasn't added yet; then her server stops.
        ada.find_element(By.CSS_SELECTOR, "input[aria-label='New to-do']").send_keys("Sunscreen")
        list_url = ada.current_url
        self.watch_status(ada)
        stopped = self.servers[0]
        stopped.send_signal(signal.SIGTERM)
        stopped.wait(timeout=15)
        self.assertEqual(stopped.returncode, 0, server_log(stopped))

        # Her page reconnects through the proxy to server 2, which resumes her session from the
        # database: the same list, her typed text, every item saved, and no reset.
        self.wait(ada, lambda: ada.get_cookie("ocaf_server")["value"] == "s2", timeout=30)
        self.wait_live(ada)
        self.assertEqual(ada.current_url, list_url)
        self.assertEqual(self.texts(ada, ".open-list h2"), ["Trip"])
        self.assertEqual(
            ada.find_element(By.CSS_SELECTOR, "input[aria-label='New to-do']").get_attribute("value"),
            "Sunscreen")
        self.assertEqual(self.texts(ada, ".items label"), ["Tickets", "Passport"])
        self.assertEqual(self.texts(ada, ".items li.done label"), ["Tickets"])
        self.assertNotIn(RESET_NOTICE, self.status_history(ada))
        self.assertIn("Restored a session from its snapshot", server_log(self.servers[1]))

        # It runs there now: what she adds reaches Grace, on the same server.
        ada.find_element(By.XPATH, "//button[text()='Add']").click()
        self.wait(ada, lambda: self.texts(ada, ".items label") == ["Tickets", "Passport", "Sunscreen"])
        self.wait(grace, lambda: self.texts(grace, ".items label") == ["Tickets", "Passport", "Sunscreen"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
