"""Two case studies servers behind HAProxy, with their session snapshots in PostgreSQL, as a
rolling deploy runs them: when the server that holds a page's session stops (SIGTERM), the page
reconnects through the proxy to the other server, which resumes the session with its state; a
page whose feature has no snapshots is reset there, with what was typed put back.

Needs a PostgreSQL server named by `OCAF_POSTGRES_URL` (`.ci/postgres.sh start` prints one) and
HAProxy (`.ci/haproxy.sh` installs Debian's package if missing). Without the URL the tests are
skipped, unless `OCAF_REQUIRE_POSTGRES` is set (as `.ci/run` sets it).

    swift build --package-path Demos
    OCAF_POSTGRES_URL=$(.ci/postgres.sh start) \\
      python3 -m unittest discover -s Demos/BrowserTests -p test_deploy.py -v
"""

import unittest

from selenium.webdriver.common.by import By

from support import (
    RESET_NOTICE,
    BrowserTestCase,
    postgres_url,
    server_log,
    servers_behind_proxy,
    start_browser,
)


class TwoServersBehindAProxy(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.database = postgres_url()
        cls.browser = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()

    def setUp(self):
        # Two servers sharing the database, named for this test, and the proxy in front.
        self.servers, self.base = servers_behind_proxy(self, self.database)
        self.browser.delete_all_cookies()

    def holder(self):
        """The server the proxy sends this browser to (its `ocaf_server` cookie: s1 or s2), and
        the other one."""
        cookie = self.browser.get_cookie("ocaf_server")
        self.assertIsNotNone(cookie, "the proxy set no affinity cookie")
        index = int(cookie["value"][1:]) - 1
        return self.servers[index], self.servers[1 - index]

    def test_a_page_resumes_on_the_other_server_with_its_state(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])
        for expected in ("1", "2", "3"):
            self.click("+")
            self.wait_for(lambda: self.counts() == [expected])
        session = self.rendered_session()
        stopped, other = self.holder()
        self.watch_status()
        self.stop(stopped)
        # The page's socket reconnects through the proxy, which sends it to the other server;
        # that server restores the session from the database and renders it.
        self.wait_for(lambda: len(self.received("render")) == 1, timeout=30)
        render = self.received("render")[-1]
        self.assertEqual(render["session"], session)
        self.assertIn('<span class="count">3</span>', render["html"])
        # The stopped server let the session go as it stopped: the other took it at once.
        self.assertEqual(self.received("refused"), [])
        self.wait_for(lambda: self.status()["hidden"] and not self.status()["inert"])
        self.assertEqual(self.counts(), ["3"])
        self.assertFalse(
            [entry for entry in self.status_history() if entry["notice"] or "reset" in entry["text"]]
        )
        self.assertIn("Restored a session from its snapshot", server_log(other))
        # It runs there now: a click counts on, and the proxy keeps the browser on that server.
        self.click("+")
        self.wait_for(lambda: self.counts() == ["4"])
        self.assertIs(self.holder()[0], other)

    def test_a_page_without_snapshots_is_reset_on_the_other_server_with_what_was_typed(self):
        self.browser.get(self.base + "/bindings-basics")
        self.wait_for(lambda: self.browser.find_elements(By.ID, "text"))
        self.browser.find_element(By.ID, "text").send_keys("Hello")
        self.wait_for(lambda: self.text_of("echo") == "olleH")
        stopped, _ = self.holder()
        self.stop(stopped)
        self.wait_for(lambda: self.status()["text"] == RESET_NOTICE, timeout=30)
        self.assertEqual(self.value_of("text"), "Hello")
        self.wait_for(lambda: self.text_of("echo") == "olleH")
        self.browser.find_element(By.ID, "text").send_keys("!")
        self.wait_for(lambda: self.text_of("echo") == "!olleH")


if __name__ == "__main__":
    unittest.main(verbosity=2)
