"""End-to-end tests of the server's defences in headless Chromium and over raw sockets: a click
acts once, disabled controls send nothing, sessions belong to their browser, hosts are checked,
one address cannot crowd out another, a stop is bounded, and a page survives a restart (its
typed text put back, or with snapshots its whole state).

    swift build --package-path Demos --product CaseStudiesServer
    python3 -m unittest discover -s Demos/BrowserTests -p 'test_hardening.py' -v
"""

import os
import re
import signal
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from support import (
    RESET_NOTICE,
    BrowserTestCase,
    RawClient,
    server_log,
    socket_path,
    start_browser,
    start_server,
    stop_server,
)


def port_of(base):
    return int(base.rsplit(":", 1)[1])


class OneClickActsOnce(BrowserTestCase):
    """Handler ids of clicks are single-use, and disabled controls get none."""

    def todo_descriptions(self):
        return self.script(
            "return Array.from(document.querySelectorAll('li.todo input.description'))"
            ".map(e => e.value);"
        )

    def open_todos_with_three_rows(self):
        self.browser.get(self.base + "/todos")
        self.wait_for(lambda: self.browser.find_elements(By.ID, "filter"))
        for description in ("Milk", "Eggs", "Bread"):
            count = len(self.todo_descriptions())
            self.click("Add to-do")
            self.wait_for(lambda: len(self.todo_descriptions()) == count + 1)
            self.browser.find_elements(By.CSS_SELECTOR, "li.todo input.description")[0].send_keys(
                description
            )
            self.wait_for(lambda: self.todo_descriptions()[0] == description)
        self.assertEqual(self.todo_descriptions(), ["Bread", "Eggs", "Milk"])

    def settle_after(self, description, suffix="!"):
        """Types `suffix` into the to-do `description` and waits for the server's echo of it:
        the session handles a page's messages in order, so every message sent before has been
        handled by then."""
        index = self.todo_descriptions().index(description)
        self.browser.find_elements(By.CSS_SELECTOR, "li.todo input.description")[index].send_keys(
            suffix
        )
        echo = 'value="%s%s"' % (description, suffix)
        self.wait_for(
            lambda: any(
                echo in patch["html"]
                for message in self.received("patch")
                for patch in message["patches"]
            )
        )

    def test_a_double_click_on_delete_deletes_one_row(self):
        self.open_todos_with_three_rows()
        delete = self.browser.find_elements(By.CSS_SELECTOR, "li.todo button.delete")[0]
        ActionChains(self.browser).double_click(delete).perform()
        self.wait_for(lambda: len(self.todo_descriptions()) < 3)
        self.settle_after("Eggs")
        self.assertEqual(self.todo_descriptions(), ["Eggs!", "Milk"])

    def test_a_double_click_at_human_speed_deletes_one_row(self):
        # The second click comes after the first one's patch, which moved the next row's
        # Delete button under the pointer: the page must not send it.
        for pause in (0.05, 0.15):
            with self.subTest(pause=pause):
                self.open_todos_with_three_rows()
                delete = self.browser.find_elements(By.CSS_SELECTOR, "li.todo button.delete")[0]
                ActionChains(self.browser).move_to_element(delete).click().pause(pause).click().perform()
                self.wait_for(lambda: len(self.todo_descriptions()) < 3)
                self.settle_after("Eggs")
                self.assertEqual(self.todo_descriptions(), ["Eggs!", "Milk"])

    def test_a_click_sent_twice_with_the_same_id_deletes_one_row(self):
        self.open_todos_with_three_rows()
        handler = self.script(
            "return document.querySelector('li.todo button.delete').getAttribute('data-ocaf-click');"
        )
        self.assertTrue(handler)
        # Both are sent before the patch of the first can arrive (one script, no await).
        self.send_on_socket({"handler": handler}, {"handler": handler}, {"handler": handler})
        self.wait_for(lambda: len(self.todo_descriptions()) < 3)
        self.settle_after("Eggs")
        self.assertEqual(self.todo_descriptions(), ["Eggs!", "Milk"])
        # The id was spent: sent again, later, it deletes nothing either.
        self.send_on_socket({"handler": handler})
        self.settle_after("Eggs!")
        self.assertEqual(self.todo_descriptions(), ["Eggs!!", "Milk"])

    def test_a_clicked_button_is_busy_until_its_patch_arrives(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])
        sent_before = len(self.sent())
        # Two clicks in one script: the patch of the first cannot come between them.
        busy = self.script(
            "var b = document.querySelector('button[aria-label=Increment]');"
            "b.click(); var busy = b.getAttribute('aria-busy'); b.click(); return busy;"
        )
        self.assertEqual(busy, "true")
        self.assertEqual(len(self.sent()) - sent_before, 1)
        self.wait_for(lambda: self.counts() == ["1"])
        self.wait_for(
            lambda: self.script(
                "return document.querySelector('button[aria-label=Increment]').getAttribute('aria-busy');"
            )
            is None
        )
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])

    def test_a_click_id_replayed_counts_once(self):
        # Deleting a to-do twice deletes nothing more whatever the ids do; counting does.
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])
        plus = self.script(
            "return document.querySelector('button[aria-label=Increment]').getAttribute('data-ocaf-click');"
        )
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        patches_before = len(self.received("patch"))
        minus = self.script(
            "return document.querySelector('button[aria-label=Decrement]').getAttribute('data-ocaf-click');"
        )
        # The spent id three times (within the grace that replaced renders' ids get), then the
        # current "−": had the replays counted, the count would go 2, 3, 4, 3, never 0.
        self.send_on_socket(*[{"handler": plus}] * 3, {"handler": minus})
        self.wait_for(lambda: self.counts() == ["0"])
        self.assertEqual(len(self.received("patch")) - patches_before, 1)

    def alert_text(self):
        return self.script(
            "var h = document.querySelector('dialog[open] h2'); return h ? h.textContent : null;"
        )

    def test_a_disabled_button_has_no_id_and_its_old_id_does_nothing(self):
        self.browser.get(self.base + "/favorite-primes")
        self.wait_for(lambda: self.counts() == ["0"])
        for expected in ("1", "2", "3"):
            self.click("+")
            self.wait_for(lambda: self.counts() == [expected])
        old = self.script("return document.getElementById('nth-prime').getAttribute('data-ocaf-click');")
        self.assertTrue(old)
        messages_before = len(self.received())
        # The click, and the same id replayed at once, while the request is in flight.
        self.script("document.getElementById('nth-prime').click();")
        self.send_on_socket(*[{"handler": old}] * 3)
        self.wait_for(lambda: self.alert_text() == "The 3rd prime is 5.")
        # While it worked, the button was rendered disabled, without an id to send.
        working = [
            patch["html"]
            for message in self.received()[messages_before:]
            if message["type"] == "patch"
            for patch in message["patches"]
            if "Working…" in patch["html"]
        ]
        self.assertTrue(working, "no patch showed the disabled button")
        button = re.search(r"<button[^>]*>Working…</button>", working[0]).group(0)
        self.assertIn("disabled", button)
        self.assertNotIn("data-ocaf-click", button)
        self.click("OK")
        self.wait_for(lambda: self.open_dialog_class() is None)
        # Replayed after the answer, the old id asks nothing again.
        self.send_on_socket(*[{"handler": old}] * 3)
        self.click("+")
        self.wait_for(lambda: self.counts() == ["4"])
        self.assertIsNone(self.open_dialog_class())
        answers = [
            message
            for message in self.received()[messages_before:]
            if "prime is" in str(message)
        ]
        self.assertEqual(len(answers), 1)
        self.assertEqual(self.text_of("nth-prime"), "Find prime number 4")


class SessionsBelongToTheirBrowser(BrowserTestCase):
    """The page's cookie binds its session to its browser; another client with the id alone
    gets a session of its own."""

    def first_message(self, session=None, cookie=None):
        port = port_of(self.base)
        path = socket_path(session=session)
        with RawClient(port) as client:
            status, _ = client.upgrade(path, "127.0.0.1:%d" % port, cookie=cookie)
            self.assertIn(" 101 ", status)
            return client.read_message()

    def test_the_page_sets_an_http_only_same_site_cookie(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])
        cookie = self.browser.get_cookie("ocaf_browser")
        self.assertIsNotNone(cookie)
        self.assertTrue(cookie["httpOnly"])
        self.assertIn(cookie.get("sameSite"), ("Lax", "Strict"))
        self.assertRegex(cookie["value"], "^[0-9a-f]{32}$")
        self.assertNotIn("ocaf_browser", self.script("return document.cookie;"))

    def test_a_session_id_without_the_browsers_cookie_gets_a_new_session(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        session = self.rendered_session()
        self.assertRegex(session, "^[0-9a-f]{32}$")
        for cookie in (None, "ocaf_browser=" + "0123456789abcdef" * 2):
            with self.subTest(cookie=cookie):
                message = self.first_message(session, cookie)
                self.assertEqual(message["type"], "render")
                self.assertNotEqual(message["session"], session)
                self.assertIn('<span class="count">0</span>', message["html"])
        # The tab still has its session.
        self.click("+")
        self.wait_for(lambda: self.counts() == ["2"])
        self.assertTrue(self.status()["hidden"])
        # The page came rendered over HTTP and its socket was attached: it got no render.
        self.assertEqual(len(self.received("render")), 0)
        # With the browser's cookie, the same request resumes the session (and the tab is told
        # it was replaced): what the requests above lacked was only the cookie.
        secret = self.browser.get_cookie("ocaf_browser")["value"]
        message = self.first_message(session, "ocaf_browser=" + secret)
        self.assertEqual(message["session"], session)
        self.assertIn('<span class="count">2</span>', message["html"])
        self.wait_for(
            lambda: self.status()["text"] == "This page was opened again in another tab or window."
        )


class HostsAreChecked(BrowserTestCase):
    """A request or upgrade for a host the server does not serve is refused (DNS rebinding)."""

    def test_pages_and_upgrades_for_another_host_are_refused(self):
        port = port_of(self.base)
        for host, expected in (("evil.example", "421"), ("127.0.0.1:%d" % port, "200")):
            for path in ("/", "/counter"):
                with self.subTest(host=host, path=path), RawClient(port) as client:
                    status, headers = client.request(
                        "GET", path, [("Host", host), ("Connection", "close")]
                    )
                    self.assertEqual(status.split(" ")[1], expected, status)
                    if expected == "421":
                        self.assertNotIn("set-cookie", dict(headers))
        for host, origin in (
            ("evil.example", None),
            ("evil.example:%d" % port, "http://evil.example:%d" % port),
            ("127.0.0.1:%d" % port, "http://evil.example"),
        ):
            with self.subTest(host=host, origin=origin), RawClient(port) as client:
                status, _ = client.upgrade(socket_path(), host, origin=origin)
                self.assertRegex(status, r"^HTTP/1\.1 4\d\d ")
        # The same upgrade for the server's own host and origin is taken.
        with RawClient(port) as client:
            status, _ = client.upgrade(
                socket_path(),
                "127.0.0.1:%d" % port,
                origin="http://127.0.0.1:%d" % port,
            )
            self.assertIn(" 101 ", status)
            self.assertEqual(client.read_message()["type"], "render")


class ServersOfTheirOwn(BrowserTestCase):
    """Tests that start, stop and restart servers of their own, with their own options; they
    share the browser only."""

    @classmethod
    def setUpClass(cls):
        cls.server = None
        cls.browser = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()

    def start(self, *arguments, port=None):
        """Starts a server with `arguments`, stopped when the test ends whatever happens."""
        server, base = start_server(*arguments, port=port)
        self.addCleanup(server.log_file.close)
        self.addCleanup(stop_server, server)
        self.base = base
        return server, base

    def open_counter(self):
        self.browser.get(self.base + "/counter")
        self.wait_for(lambda: self.counts() == ["0"])

    # Per-address limits.

    def connect_from(self, source, port, count, seconds=30, forwarded_for=False):
        """Opens `count` sockets from `source`, one after another, each closed once its first
        message is read; returns the messages' types. Bounded by `seconds`. With
        `forwarded_for`, each claims another client address in X-Forwarded-For."""
        deadline = time.monotonic() + seconds
        kinds = []
        for index in range(count):
            if time.monotonic() > deadline:
                break
            extra = [("X-Forwarded-For", "198.51.100.%d" % (index % 250 + 1))] if forwarded_for else []
            with RawClient(port, source=source) as client:
                status, _ = client.upgrade(
                    socket_path(), "127.0.0.1:%d" % port, extra=extra
                )
                self.assertIn(" 101 ", status)
                kinds.append(client.read_message()["type"])
        return kinds

    def test_a_flood_from_one_address_leaves_a_page_from_another_working(self):
        server, base = self.start(
            "--max-sessions", "20", "--new-sessions-per-second", "1000", "--new-session-burst", "1000"
        )
        kinds = self.connect_from("127.0.0.2", port_of(base), 200)
        self.assertEqual(len(kinds), 200, "the flood took too long")
        # The flood filled the server, and its own disconnected sessions made room for more of
        # it (one may be refused now and then: its last socket's end not yet handled).
        self.assertEqual(set(kinds) - {"render", "refused"}, set())
        self.assertGreater(kinds.count("render"), 150, kinds)
        self.open_counter()
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.assertEqual(self.received("refused"), [])
        self.assertTrue(self.status()["hidden"])
        self.assertIn("Ended a disconnected session early to make room", server_log(server))

    def test_one_address_starting_sessions_too_fast_is_refused_alone(self):
        _, base = self.start("--new-sessions-per-second", "0.5", "--new-session-burst", "5")
        # What X-Forwarded-For says is not believed from a peer that is not a trusted proxy.
        kinds = self.connect_from("127.0.0.2", port_of(base), 20, forwarded_for=True)
        self.assertEqual(kinds[:5], ["render"] * 5)
        self.assertGreaterEqual(kinds.count("refused"), 12, kinds)
        self.open_counter()
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        self.assertEqual(self.received("refused"), [])

    def test_an_address_at_its_cap_ends_its_own_disconnected_sessions_first(self):
        _, base = self.start("--max-sessions-per-address", "3")
        port = port_of(base)
        held = []
        try:
            for _ in range(3):
                client = RawClient(port, source="127.0.0.2")
                held.append(client)
                client.upgrade(socket_path(), "127.0.0.1:%d" % port)
                self.assertEqual(client.read_message()["type"], "render")
            # Three attached sessions: a fourth is refused...
            self.assertEqual(self.connect_from("127.0.0.2", port, 1), ["refused"])
            # ...until one of them is disconnected, and ended to make room.
            held.pop().close()
            self.assertEqual(self.connect_from("127.0.0.2", port, 1), ["render"])
            # Another address is not counted with it.
            self.open_counter()
            self.click("+")
            self.wait_for(lambda: self.counts() == ["1"])
        finally:
            for client in held:
                client.close()

    # Stopping.

    def test_a_stop_is_bounded_by_idle_connections_and_open_tabs(self):
        server, base = self.start("--shutdown-timeout", "3")
        port = port_of(base)
        self.open_counter()
        self.click("+")
        self.wait_for(lambda: self.counts() == ["1"])
        idle = []
        try:
            # One connection says nothing, one sends half a request, one stays open after a
            # request.
            for opening in ("nothing", "half a request", "a request"):
                client = RawClient(port)
                idle.append(client)
                if opening == "half a request":
                    client.sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
                elif opening == "a request":
                    status, _ = client.request("GET", "/", [("Host", "127.0.0.1:%d" % port)])
                    self.assertIn(" 200 ", status)
            time.sleep(0.2)  # for the server to accept them
            self.assertIsNone(server.poll())
            started = time.monotonic()
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=6)
            except subprocess.TimeoutExpired:
                self.fail("the server did not stop within 6 seconds of SIGTERM")
            self.assertLess(time.monotonic() - started, 6)
            self.assertEqual(server.returncode, 0, server_log(server))
            # The tab was told first, then lost its socket.
            self.assertEqual(
                self.received("stopping"), [{"type": "stopping", "reason": "The server is stopping."}]
            )
            self.wait_for(
                lambda: self.status()["text"] == "The server is stopping. Reconnecting…"
                and self.status()["inert"]
                and self.status()["offline"]
            )
        finally:
            for client in idle:
                client.close()

    # Restarts.

    def test_a_page_whose_session_is_gone_is_reset_and_puts_back_what_was_typed(self):
        server, _ = self.start()
        self.browser.get(self.base + "/bindings-basics")
        self.wait_for(lambda: self.browser.find_elements(By.ID, "text"))
        self.browser.find_element(By.ID, "text").send_keys("Hello")
        self.wait_for(lambda: self.text_of("echo") == "olleH")
        session = self.rendered_session()
        self.stop(server)
        # While the server is away the page says so, and takes no input.
        self.wait_for(
            lambda: self.status()["text"].endswith("Reconnecting…")
            and self.status()["inert"]
            and self.status()["offline"]
        )
        self.start(port=port_of(self.base))
        self.wait_for(lambda: self.status()["text"] == RESET_NOTICE, timeout=20)
        self.assertTrue(self.status()["notice"])
        self.assertFalse(self.status()["inert"] or self.status()["offline"])
        # The first socket was attached to the session that rendered the page over HTTP; the
        # only render is the new session's.
        renders = self.received("render")
        self.assertEqual(len(renders), 1)
        self.assertNotEqual(renders[-1]["session"], session)
        # The new session rendered an empty field; the page put the text back and sent it.
        self.assertIn('id="text"', renders[-1]["html"])
        self.assertNotIn("olleH", renders[-1]["html"])
        self.assertEqual(self.value_of("text"), "Hello")
        self.wait_for(lambda: self.text_of("echo") == "olleH")
        # The new session holds it: typing on changes its echo.
        self.browser.find_element(By.ID, "text").send_keys("!")
        self.wait_for(lambda: self.text_of("echo") == "!olleH")

    def test_with_snapshots_a_restarted_server_gives_the_counter_its_count_back(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        server, _ = self.start("--snapshots", directory.name)
        self.open_counter()
        for expected in ("1", "2", "3"):
            self.click("+")
            self.wait_for(lambda: self.counts() == [expected])
        session = self.rendered_session()
        self.watch_status()
        self.stop(server)
        self.assertIn(session + ".json", os.listdir(directory.name))
        self.start("--snapshots", directory.name, port=port_of(self.base))
        # The page's first socket was attached to the session that rendered it over HTTP; the
        # restarted server restores that session and renders it.
        self.wait_for(lambda: len(self.received("render")) == 1, timeout=20)
        render = self.received("render")[-1]
        self.assertEqual(render["session"], session)
        self.assertIn('<span class="count">3</span>', render["html"])
        self.wait_for(lambda: self.status()["hidden"] and not self.status()["inert"])
        self.assertEqual(self.counts(), ["3"])
        self.assertFalse(
            [entry for entry in self.status_history() if entry["notice"] or "reset" in entry["text"]]
        )
        self.click("+")
        self.wait_for(lambda: self.counts() == ["4"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
