"""End-to-end tests of uploads in headless Chromium, on the "File uploads" page: files chosen
in a real file input reach the state before any byte, accepted ones are sent in binary chunks
over the page's socket, and the feature's effect files each whole one away; refused ones send
no byte.

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -p test_file_uploads.py -v
"""

import json
import os
import tempfile

from selenium.webdriver.common.by import By

from support import BrowserTestCase

class FileUploadsInTheBrowser(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()
        super().tearDownClass()

    def file(self, name, contents):
        path = os.path.join(self.folder.name, name)
        with open(path, "wb") as handle:
            handle.write(contents)
        return path

    def choose(self, *paths):
        self.browser.find_element(By.ID, "files").send_keys("\n".join(paths))

    def selections(self):
        """The selections the page reported, parsed."""
        found = []
        for text in self.sent():
            try:
                message = json.loads(text)
            except ValueError:
                continue
            value = message.get("value")
            if isinstance(value, str) and value.startswith('{"files"'):
                found.append(json.loads(value)["files"])
        return found

    def test_a_text_file_is_sent_in_chunks_and_filed_away(self):
        self.open_case_study("File uploads", "#files")
        self.wait_for(lambda: self.socket_is_open() and self.received())
        text = b"Groceries\n" + b"apples, pears, plums\n" * 2000
        self.choose(self.file("groceries.txt", text))
        self.wait_for(lambda: self.texts("ul.saved q") == ["Groceries"], timeout=20)
        self.assertEqual(
            self.texts("ul.saved li")[0], "groceries.txt, %d bytes, starting Groceries" % len(text)
        )
        self.assertEqual(
            self.selections()[-1],
            [{"ref": 0, "name": "groceries.txt", "size": len(text), "type": "text/plain"}],
        )
        # The bytes went as binary messages: one per 12 kB chunk.
        chunks = self.script("return (window.__binary || []).length;")
        self.assertEqual(chunks, -(-len(text) // (12 * 1024)))

    def test_a_file_too_large_or_of_the_wrong_type_is_refused_before_any_byte(self):
        self.open_case_study("File uploads", "#files")
        self.wait_for(lambda: self.socket_is_open() and self.received())
        self.script("window.__binary = [];")
        self.choose(self.file("huge.txt", b"x" * 200_001), self.file("tool.exe", b"MZ"))
        self.wait_for(lambda: len(self.texts("ul.entries .status")) == 2)
        self.assertEqual(
            sorted(self.texts("ul.entries .status")),
            sorted(["Larger than 200 kB.", "Not a type this field takes."]),
        )
        self.assertEqual(self.script("return (window.__binary || []).length;"), 0)
