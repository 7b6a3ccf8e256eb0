"""The web guide's app, a Hummingbird app of its own with the pages on its router, stopped as a
deployment stops it: SIGTERM tells the open page, ends its session and exits in time.

    swift build --package-path Demos --product GuideExample
    python3 -m unittest discover -s Demos/BrowserTests -p test_guide_stop.py -v
"""

import signal
import socket
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

from support import BrowserTestCase, demo_binary, start_browser

# The port the guide's app listens on (its code names it).
PORT = 8081


def wait_for_port(port, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False


class GuideAppStops(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.log = tempfile.TemporaryFile(mode="w+t")
        cls.server = subprocess.Popen(
            [demo_binary("GuideExample")], stdout=cls.log, stderr=subprocess.STDOUT
        )
        if not wait_for_port(PORT):
            cls.server.kill()
            raise RuntimeError("the guide's app did not listen on %d: %s" % (PORT, cls.log_text()))
        cls.browser = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        if cls.server.poll() is None:
            cls.server.kill()
            cls.server.wait(timeout=10)
        cls.log.close()

    @classmethod
    def log_text(cls):
        cls.log.flush()
        cls.log.seek(0)
        return cls.log.read()

    def test_sigterm_tells_the_page_ends_its_session_and_exits_in_time(self):
        self.browser.get("http://127.0.0.1:%d/sign-in?name=Ada" % PORT)
        self.wait_for(lambda: self.browser.find_elements(By.XPATH, "//h1[text()='Hello, Ada!']"))
        self.wait_for(lambda: self.received("attached"))
        self.click("Greet")
        self.wait_for(lambda: self.text_of("greetings") == "Greeted 1 times.")
        started = time.monotonic()
        self.server.send_signal(signal.SIGTERM)
        try:
            self.server.wait(timeout=12)
        except subprocess.TimeoutExpired:
            self.fail("the app did not stop within 12 seconds of SIGTERM: " + self.log_text())
        # Well within the guide's bound (`shutdownTimeout`, 10 s): nothing was left open.
        self.assertLess(time.monotonic() - started, 5, self.log_text())
        self.assertEqual(self.server.returncode, 0, self.log_text())
        # The page was told first, then lost its socket.
        self.assertEqual(
            self.received("stopping"), [{"type": "stopping", "reason": "The server is stopping."}]
        )
        self.wait_for(
            lambda: self.status()["text"] == "The server is stopping. Reconnecting…"
            and self.status()["offline"]
        )


if __name__ == "__main__":
    unittest.main()
