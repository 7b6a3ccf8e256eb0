"""End-to-end tests of the case studies in headless Chromium.

Needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium`, and a built server:

    swift build --package-path Web --product CaseStudiesServer
    python3 Web/BrowserTests/test_case_studies.py
"""

import os
import socket
import subprocess
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.environ.get(
    "CASE_STUDIES_SERVER", os.path.join(HERE, "..", ".build", "debug", "CaseStudiesServer")
)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class CaseStudiesInTheBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        port = free_port()
        cls.server = subprocess.Popen(
            [SERVER, "--port", str(port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        ready = cls.server.stdout.readline()
        if "running at" not in ready:
            cls.server.kill()
            raise RuntimeError("the server did not start: " + ready)
        cls.base = "http://127.0.0.1:%d" % port
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
        cls.browser = webdriver.Chrome(options=options, service=service)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)
        cls.server_log = cls.server.stderr.read()

    def wait_for(self, condition, timeout=10):
        return WebDriverWait(self.browser, timeout).until(lambda _: condition())

    def counts(self):
        return self.browser.execute_script(
            "return Array.from(document.querySelectorAll('.count')).map(e => e.textContent);"
        )

    def click(self, label, index=0):
        """Clicks the `index`th button labelled `label`, again if a patch replaced it meanwhile."""
        for _ in range(20):
            try:
                buttons = self.browser.find_elements(
                    By.XPATH, "//button[text()='%s']" % label
                )
                buttons[index].click()
                return
            except (StaleElementReferenceException, IndexError):
                time.sleep(0.05)
        self.fail("no button " + label)

    def open_case_study(self, title):
        self.browser.get(self.base + "/")
        self.browser.find_element(By.LINK_TEXT, title).click()
        self.wait_for(lambda: self.counts())

    def test_counter_counts_fetches_a_fact_and_ticks(self):
        self.open_case_study("Counter")
        self.assertEqual(self.counts(), ["0"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        self.click("−")
        self.wait_for(lambda: self.counts() == ["1"])

        self.click("Number fact")
        fact = self.wait_for(lambda: self.browser.find_elements(By.CSS_SELECTOR, ".fact"))
        self.assertEqual(fact[0].text, "1 is the square of 1.")

        self.click("Start timer")
        self.wait_for(lambda: int(self.counts()[0]) >= 3, timeout=6)
        self.click("Stop timer")
        self.wait_for(lambda: self.browser.find_elements(By.XPATH, "//button[text()='Start timer']"))
        stopped = self.counts()
        time.sleep(1.5)
        self.assertEqual(self.counts(), stopped)

    def test_a_forged_handler_id_changes_nothing(self):
        self.open_case_study("Counter")
        before = self.counts()
        html = self.browser.find_element(By.ID, "ocaf-root").get_attribute("innerHTML")
        self.browser.execute_script(
            "window.ocaf.socket().send(JSON.stringify({handler: 'h424242'}));"
            "window.ocaf.socket().send('not json');"
        )
        time.sleep(0.5)
        self.assertEqual(self.counts(), before)
        self.assertEqual(
            self.browser.find_element(By.ID, "ocaf-root").get_attribute("innerHTML"), html
        )
        self.click("+")
        self.wait_for(lambda: self.counts() == [str(int(before[0]) + 1)])

    def test_a_dropped_socket_reconnects_to_the_same_session(self):
        self.open_case_study("Counter")
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        session = self.browser.execute_script("return window.ocaf.session();")
        self.browser.execute_script("window.ocaf.socket().close();")
        self.wait_for(
            lambda: self.browser.execute_script(
                "var s = window.ocaf.socket(); return s !== null && s.readyState === 1;"
            )
        )
        self.assertEqual(self.browser.execute_script("return window.ocaf.session();"), session)
        self.wait_for(lambda: self.counts() == ["2"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["3"])

    def test_two_counters_change_independently(self):
        self.open_case_study("Two counters")
        self.assertEqual(self.counts(), ["0", "0"])
        self.click("+", index=1)
        self.wait_for(lambda: self.counts() == ["0", "1"])
        self.click("−", index=0)
        self.wait_for(lambda: self.counts() == ["-1", "1"])
        self.click("Start timer", index=0)
        self.wait_for(lambda: int(self.counts()[0]) >= 1, timeout=6)
        self.click("Stop timer", index=0)
        self.assertEqual(self.counts()[1], "1")

    def value_of(self, element_id):
        return self.browser.execute_script(
            "return document.getElementById(arguments[0]).value;", element_id
        )

    def active_id(self):
        return self.browser.execute_script("return document.activeElement.id;")

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


if __name__ == "__main__":
    unittest.main(verbosity=2)
