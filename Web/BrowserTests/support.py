"""What the browser tests share: a case studies server on a free port, one headless Chromium,
and helpers that click, type and wait for what the page shows.

Needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium`, and a built server:

    swift build --package-path Web --product CaseStudiesServer
"""

import os
import socket
import subprocess
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.environ.get(
    "CASE_STUDIES_SERVER", os.path.join(HERE, "..", ".build", "debug", "CaseStudiesServer")
)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server():
    """Starts the server on a free port; returns the process and its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [SERVER, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ready = server.stdout.readline()
    if "running at" not in ready:
        server.kill()
        raise RuntimeError("the server did not start: " + ready)
    return server, "http://127.0.0.1:%d" % port


def start_browser(width=1000, height=800):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=%d,%d" % (width, height),
    ):
        options.add_argument(argument)
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


class BrowserTestCase(unittest.TestCase):
    """A test case with a server and a browser for the whole class."""

    @classmethod
    def setUpClass(cls):
        cls.server, cls.base = start_server()
        cls.browser = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)
        cls.server_log = cls.server.stderr.read()

    def wait_for(self, condition, timeout=10):
        # Checked every 50 ms (Selenium's default is every 500 ms): a state the page shows for
        # half a second, such as "loading…", would otherwise be missed now and then, and a wait
        # that returns up to half a second late throws off the timing of what follows it.
        return WebDriverWait(self.browser, timeout, poll_frequency=0.05).until(lambda _: condition())

    def script(self, source, *arguments):
        return self.browser.execute_script(source, *arguments)

    def counts(self):
        return self.script(
            "return Array.from(document.querySelectorAll('.count')).map(e => e.textContent);"
        )

    def click(self, label, index=0):
        """Clicks the `index`th button labelled `label`, again if a patch replaced it meanwhile."""
        for _ in range(40):
            try:
                buttons = self.browser.find_elements(By.XPATH, "//button[text()='%s']" % label)
                buttons[index].click()
                return
            except (StaleElementReferenceException, IndexError):
                time.sleep(0.05)
        self.fail("no button " + label)

    def has_button(self, label):
        return bool(self.browser.find_elements(By.XPATH, "//button[text()='%s']" % label))

    def open_case_study(self, title, ready_selector="#ocaf-root *"):
        """Opens the case study from the index by its title and waits for its first render."""
        self.browser.get(self.base + "/")
        self.browser.find_element(By.LINK_TEXT, title).click()
        self.wait_for(lambda: self.browser.find_elements(By.CSS_SELECTOR, ready_selector))

    def value_of(self, element_id):
        return self.script("return document.getElementById(arguments[0]).value;", element_id)

    def text_of(self, element_id):
        return self.script(
            "var e = document.getElementById(arguments[0]); return e ? e.textContent : null;",
            element_id,
        )

    def texts(self, selector):
        return self.script(
            "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent);",
            selector,
        )

    def active_id(self):
        return self.script("return document.activeElement.id;")

    def open_dialog_class(self):
        return self.script(
            "var d = document.querySelector('dialog[open]'); return d ? d.className : null;"
        )
