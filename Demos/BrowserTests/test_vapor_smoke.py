"""Smoke test of the case studies served by Vapor: the server starts, a page arrives rendered
over HTTP, a click in Chromium patches it, and SIGINT stops the server.

    swift build --package-path Demos --product CaseStudiesVapor
    python3 -m unittest discover -s Demos/BrowserTests -p test_vapor_smoke.py -v
"""

import os
import re
import signal
import subprocess
import tempfile
import time
import unittest
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from support import demo_binary, free_port, start_browser  # noqa: E402

SERVER = demo_binary("CaseStudiesVapor")


class VaporSmokeTest(unittest.TestCase):
    def setUp(self):
        self.port = free_port()
        self.log = tempfile.TemporaryFile(mode="w+t")
        self.server = subprocess.Popen(
            [SERVER, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.base = "http://127.0.0.1:%d" % self.port
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or self.server.poll() is not None:
                    self.fail("the Vapor server did not start:\n" + self.server_log())
                time.sleep(0.2)

    def tearDown(self):
        if self.server.poll() is None:
            self.server.kill()
            self.server.wait()
        self.log.close()

    def server_log(self):
        self.log.seek(0)
        return self.log.read()

    def test_it_serves_a_rendered_page_a_click_patches_it_and_it_stops(self):
        try:
            self.check_a_page_a_click_and_a_stop()
        except Exception as error:
            raise AssertionError("%s\n--- the server's log:\n%s" % (error, self.server_log()))

    def check_a_page_a_click_and_a_stop(self):
        with urllib.request.urlopen(self.base + "/counter", timeout=10) as response:
            page = response.read().decode("utf-8")
            self.assertIn("default-src 'self'", response.headers["Content-Security-Policy"])
        self.assertIn('<span class="count">0</span>', page)

        browser = start_browser()
        self.addCleanup(browser.quit)
        browser.get(self.base + "/counter")
        wait = WebDriverWait(browser, 10, poll_frequency=0.05)
        wait.until(lambda _: browser.find_element(By.ID, "ocaf-root").get_attribute("aria-busy") == "false")
        browser.find_element(By.CSS_SELECTOR, "button[aria-label=Increment]").click()
        wait.until(lambda _: browser.find_element(By.CSS_SELECTOR, ".count").text == "1")
        # A routed page: its URL follows its state.
        browser.get(self.base + "/todos?filter=Active")
        wait.until(lambda _: browser.find_element(By.ID, "ocaf-root").get_attribute("aria-busy") == "false")
        self.assertEqual(
            browser.find_element(By.CSS_SELECTOR, "#filter option[selected]").text, "Active"
        )

        # A form posted without JavaScript: the session that rendered the page applies it.
        with urllib.request.urlopen(self.base + "/profile-form", timeout=10) as response:
            page = response.read().decode("utf-8")
            cookie = response.headers["Set-Cookie"].split(";")[0]
        session = re.search(r'name="ocaf-session" value="([0-9a-f]+)"', page).group(1)
        name = re.search(r'id="display-name"[^>]*name="([a-z0-9-]+)"', page).group(1)
        form = urllib.parse.urlencode(
            {"ocaf-form": "c-form-0", "ocaf-session": session, name: "Posted to Vapor"}
        ).encode()
        request = urllib.request.Request(
            self.base + "/profile-form", data=form, headers={"Cookie": cookie}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            posted = response.read().decode("utf-8")
        self.assertIn('<p class="summary">Posted to Vapor, 30,', posted)
        self.assertIn('name="ocaf-session" value="%s"' % session, posted)

        self.server.send_signal(signal.SIGINT)
        self.server.wait(timeout=15)
        self.assertIn("Ended a session", self.server_log())


if __name__ == "__main__":
    unittest.main()
