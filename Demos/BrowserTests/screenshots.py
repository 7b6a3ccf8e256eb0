"""Takes the README's screenshots of real case study pages with headless Chromium, at a fixed
window size, into docs/screenshots/*.png.

    swift build --package-path Demos --product CaseStudiesServer
    python3 Demos/BrowserTests/screenshots.py
"""

import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import HERE, start_browser, start_server, stop_server

OUTPUT = os.path.join(HERE, "..", "..", "docs", "screenshots")


def main():
    os.makedirs(OUTPUT, exist_ok=True)
    server, base = start_server()
    browser = start_browser(width=900, height=620)
    wait = WebDriverWait(browser, 10)

    def open_page(path, selector):
        browser.get(base + "/" + path)
        wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, selector))

    def click(label, index=0):
        wait.until(lambda _: browser.find_elements(By.XPATH, "//button[text()='%s']" % label))
        browser.find_elements(By.XPATH, "//button[text()='%s']" % label)[index].click()

    def shoot(name):
        time.sleep(0.5)
        browser.save_screenshot(os.path.join(OUTPUT, name + ".png"))

    try:
        open_page("settings-form", "#display-name")
        browser.find_element(By.ID, "display-name").send_keys("Blob McBlob, Esquire")
        browser.find_element(By.ID, "notifications").click()
        wait.until(lambda _: browser.find_elements(By.ID, "email-notifications"))
        browser.find_element(By.ID, "email-notifications").click()
        shoot("settings-form")

        open_page("todos", "#filter")
        for description in ("Buy milk", "Write the README", "Take screenshots"):
            click("Add to-do")
            time.sleep(0.3)
            browser.find_elements(By.CSS_SELECTOR, "li.todo input.description")[0].send_keys(
                description
            )
            time.sleep(0.3)
        browser.find_elements(By.CSS_SELECTOR, "li.todo input.complete-box")[1].click()
        time.sleep(1.5)
        shoot("todos")

        open_page("favorite-primes", ".count")
        for _ in range(7):
            click("+")
            time.sleep(0.1)
        click("Is this prime?")
        wait.until(lambda _: browser.find_elements(By.ID, "verdict"))
        click("Save to favorite primes")
        shoot("favorite-primes")
    finally:
        browser.quit()
        stop_server(server)


if __name__ == "__main__":
    main()
