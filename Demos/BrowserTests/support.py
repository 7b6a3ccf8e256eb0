"""What the browser tests share: a case studies server on a free port, one headless Chromium
whose pages' WebSockets are recorded (a DevTools hook: the page script exposes nothing), helpers
that click, type and wait for what the page shows, and a hand-written HTTP/WebSocket client for
requests a browser won't make.

Needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium`, and the built servers:

    swift build --package-path Demos
"""

import base64
import json
import os
import re
import select
import signal
import socket
import subprocess
import tempfile
import time
import unittest
import uuid

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))


def demo_binary(name):
    """The Demos package's built executable `name`: in `$DEMOS_BUILD` (a build folder's `debug`
    folder) if set, else in the package's own `.build/debug`."""
    folder = os.environ.get("DEMOS_BUILD", os.path.join(HERE, "..", ".build", "debug"))
    return os.path.join(folder, name)


SERVER = os.environ.get("CASE_STUDIES_SERVER", demo_binary("CaseStudiesServer"))

# What a page says when the server it reconnects to no longer has its session.
RESET_NOTICE = (
    "The server no longer had this page's session, so the page was reset."
    " What you had typed was put back."
)


def socket_path(feature="counter", session=None):
    """A page socket's path for `feature`, naming the protocol version of the page script
    (read from its generated `protocol.js`), and the session to resume, if any."""
    script = os.path.join(
        os.path.dirname(os.path.abspath(__file__)),
        "../../Sources/ComposableWeb/Resources/PageScript/protocol.js")
    with open(script, encoding="utf-8") as file:
        version = re.search(r"^export const VERSION = (\d+);$", file.read(), re.M).group(1)
    path = "/live?feature=%s&version=%s" % (feature, version)
    return path + ("&session=" + session if session else "")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(*arguments, port=None, binary=SERVER):
    """Starts the server `binary` (the case studies' by default) with `arguments` (its options)
    on `port`, a free one if none; returns the process and its base URL. Its log goes to a
    temporary file, `server.log_file`, so that a chatty server never blocks on a full pipe."""
    port = port or free_port()
    log = tempfile.TemporaryFile(mode="w+t")
    server = subprocess.Popen(
        [binary, "--port", str(port), *arguments],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    server.log_file = log
    # Bounded: a server that never says it runs is stopped rather than waited for.
    readable, _, _ = select.select([server.stdout], [], [], 30)
    ready = server.stdout.readline() if readable else ""
    if "running at" not in ready:
        stop_server(server)
        raise RuntimeError("the server did not start: " + ready + server_log(server))
    return server, "http://127.0.0.1:%d" % port


def stop_server(server, timeout=10):
    """Stops a server started by `start_server` (SIGTERM, then SIGKILL after `timeout`); returns
    its exit status. Does nothing more to one that has already exited."""
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=timeout)
    if server.stdout:
        server.stdout.close()
    return server.returncode


def server_log(server):
    """What the server has logged so far."""
    log = getattr(server, "log_file", None)
    if log is None or log.closed:
        return ""
    log.flush()
    log.seek(0)
    return log.read()


# Installed in every page before its own script runs (Chrome DevTools'
# Page.addScriptToEvaluateOnNewDocument): each WebSocket the page opens is kept in
# `window.__sockets`, with what it received (`__received`) and sent (`__sent`), as
# {socket, data} in order, so that tests can read the session's messages and send forged ones.
# The page script sees an ordinary WebSocket: same constructor, prototype and constants.
SOCKET_HOOK = r"""
(function () {
  var Native = window.WebSocket;
  if (!Native || window.__sockets) return;
  window.__sockets = [];
  window.__received = [];
  window.__sent = [];
  class RecordedWebSocket extends Native {
    constructor(url, protocols) {
      if (protocols === undefined) super(url); else super(url, protocols);
      var index = window.__sockets.push(this) - 1;
      this.addEventListener("message", function (event) {
        window.__received.push({ socket: index, data: String(event.data) });
      });
      this.__index = index;
    }
    send(data) {
      // Text is a message; binary data is an upload's chunk, recorded by its size.
      if (typeof data === "string") window.__sent.push({ socket: this.__index, data: data });
      else (window.__binary = window.__binary || []).push({ socket: this.__index, bytes: data.byteLength });
      return super.send(data);
    }
  }
  window.WebSocket = RecordedWebSocket;
})();
"""

# The newest socket of the page, in a script.
LATEST_SOCKET = "window.__sockets[window.__sockets.length - 1]"


def wait_across_documents(browser, condition, timeout=10):
    """Waits until `condition()` is true. An element found by one poll may be gone by the time it
    is read (a patch replaced it, or the page without JavaScript loaded a new document): that
    poll counts as not yet. Chromium reports the second case as stale or, when the new document
    came between finding and reading, as a node that "does not belong to the document"."""

    def poll(_):
        try:
            return condition()
        except StaleElementReferenceException:
            return False
        except WebDriverException as error:
            if "does not belong to the document" in (error.msg or ""):
                return False
            raise

    return WebDriverWait(browser, timeout, poll_frequency=0.05).until(poll)


def start_browser(width=1000, height=800, javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=%d,%d" % (width, height),
    ):
        options.add_argument(argument)
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    browser = webdriver.Chrome(options=options, service=service)
    # For the first tab's pages (a tab opened later has no hook).
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SOCKET_HOOK})
    return browser


class BrowserTestCase(unittest.TestCase):
    """A test case with a server and a browser for the whole class."""

    @classmethod
    def setUpClass(cls):
        cls.server, cls.base = start_server()
        cls.browser = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        stop_server(cls.server)
        cls.server_log = server_log(cls.server)
        cls.server.log_file.close()

    def stop(self, server):
        """Stops `server` with SIGTERM, as a deployment would, waits for it to exit, and
        expects a clean exit."""
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=15)
        self.assertEqual(server.returncode, 0, server_log(server))

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

    # The page's WebSocket, through the hook installed by `start_browser`.

    def socket_count(self):
        return self.script("return (window.__sockets || []).length;")

    def page_socket(self):
        """The page's newest socket as {url, state, index} (state: 0 connecting, 1 open, 2
        closing, 3 closed), or None when it opened none."""
        return self.script(
            "var s = window.__sockets || [];"
            "if (!s.length) return null;"
            "var l = s[s.length - 1];"
            "return {url: l.url, state: l.readyState, index: s.length - 1};"
        )

    def socket_is_open(self):
        socket = self.page_socket()
        return socket is not None and socket["state"] == 1

    def send_on_socket(self, *messages):
        """Sends `messages` (dicts as JSON, strings as they are) on the page's newest socket, one
        after the other within one script, so that no message from the server comes between."""
        texts = [m if isinstance(m, str) else json.dumps(m) for m in messages]
        self.script(
            "var s = " + LATEST_SOCKET + ";"
            "arguments[0].forEach(function (t) { s.send(t); });",
            texts,
        )

    def received(self, type=None, socket=None):
        """The messages the page received, parsed, in order; only those of `type` and of socket
        number `socket` if given."""
        entries = self.script("return window.__received || [];")
        messages = []
        for entry in entries:
            if socket is not None and entry["socket"] != socket:
                continue
            try:
                message = json.loads(entry["data"])
            except ValueError:
                continue
            if type is None or message.get("type") == type:
                messages.append(message)
        return messages

    def sent(self):
        """The texts the page sent, in order."""
        return [entry["data"] for entry in self.script("return window.__sent || [];")]

    def rendered_session(self):
        """The session id of the newest render the page received, or of the attachment of its
        socket to the session that rendered the page over HTTP."""
        messages = [m for m in self.received() if m.get("type") in ("render", "attached")]
        return messages[-1]["session"] if messages else None

    # The page's status line and root, which say when the page is offline or was reset.

    def status(self):
        """The status line as {text, hidden, notice}, and the root's offline marks."""
        return self.script(
            "var s = document.getElementById('ocaf-status'), r = document.getElementById('ocaf-root');"
            "return {text: s.textContent, hidden: s.hidden, notice: s.classList.contains('ocaf-notice'),"
            " inert: r.inert, offline: r.classList.contains('ocaf-offline')};"
        )

    def watch_status(self):
        """Records, from now on, every text the status line shows (see `status_history`)."""
        self.script(
            "window.__statuses = [];"
            "var s = document.getElementById('ocaf-status'), r = document.getElementById('ocaf-root');"
            "new MutationObserver(function () {"
            "  window.__statuses.push({text: s.hidden ? '' : s.textContent, inert: r.inert,"
            "    notice: s.classList.contains('ocaf-notice')});"
            "}).observe(s, {childList: true, characterData: true, subtree: true, attributes: true});"
        )

    def status_history(self):
        return self.script("return window.__statuses || [];")


class RawClient:
    """A connection that speaks HTTP and WebSocket by hand, to send what a browser won't (another
    Host, no cookie) from any loopback address. Reads are bounded by `timeout` seconds."""

    def __init__(self, port, source="127.0.0.1", timeout=5):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.bind((source, 0))
        self.sock.connect(("127.0.0.1", port))
        self.buffer = b""
        self.timeout = timeout

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def _fill(self, deadline):
        if time.monotonic() > deadline:
            raise TimeoutError("no answer in time")
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk

    def _take(self, count, deadline):
        while len(self.buffer) < count:
            self._fill(deadline)
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def request(self, method, path, headers):
        """Sends a request with `headers` (a list of pairs); returns its status line and headers
        (a list of lowercased names and values). The body, if any, stays in `buffer`."""
        lines = ["%s %s HTTP/1.1" % (method, path)] + ["%s: %s" % pair for pair in headers]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        deadline = time.monotonic() + self.timeout
        while b"\r\n\r\n" not in self.buffer:
            if len(self.buffer) > 65536:
                raise ValueError("a response head longer than 64 KiB")
            self._fill(deadline)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status, *fields = head.decode("latin-1").split("\r\n")
        parsed = []
        for field in fields:
            name, _, value = field.partition(":")
            parsed.append((name.strip().lower(), value.strip()))
        return status, parsed

    def upgrade(self, path, host, cookie=None, origin=None, extra=()):
        """Asks for a WebSocket at `path` (with `extra` headers, pairs); returns the status line
        and headers."""
        headers = [
            ("Host", host),
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", base64.b64encode(os.urandom(16)).decode()),
            ("Sec-WebSocket-Version", "13"),
        ]
        if cookie is not None:
            headers.append(("Cookie", cookie))
        if origin is not None:
            headers.append(("Origin", origin))
        return self.request("GET", path, headers + list(extra))

    def read_frame(self):
        """The next WebSocket frame from the server as (opcode, payload bytes): 7-bit, 16-bit and
        64-bit lengths, masked or not (a server's are not)."""
        deadline = time.monotonic() + self.timeout
        first, second = self._take(2, deadline)
        opcode = first & 0x0F
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(self._take(2, deadline), "big")
        elif length == 127:
            length = int.from_bytes(self._take(8, deadline), "big")
        mask = self._take(4, deadline) if second & 0x80 else None
        payload = self._take(length, deadline)
        if mask:
            payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        return opcode, payload

    def read_message(self):
        """The next text frame, parsed as JSON (control frames before it are skipped)."""
        for _ in range(16):
            opcode, payload = self.read_frame()
            if opcode == 0x1:
                return json.loads(payload.decode("utf-8"))
            if opcode == 0x8:
                raise ConnectionError("the server closed the socket: %r" % payload)
        raise ValueError("no text frame among the first 16")

    def send_text(self, text):
        """Sends a text frame, masked as a client's must be."""
        payload = text.encode("utf-8")
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
        else:
            header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)


HAPROXY = os.path.join(HERE, "..", "..", ".ci", "haproxy.sh")


def postgres_url():
    """The PostgreSQL server's URL (`OCAF_POSTGRES_URL`). Without one the test is skipped, or,
    when `OCAF_REQUIRE_POSTGRES` is set (as `.ci/run` sets it), fails."""
    url = os.environ.get("OCAF_POSTGRES_URL")
    if not url:
        if os.environ.get("OCAF_REQUIRE_POSTGRES"):
            raise RuntimeError("OCAF_POSTGRES_URL names no PostgreSQL server")
        raise unittest.SkipTest("OCAF_POSTGRES_URL names no PostgreSQL server")
    return url


def servers_behind_proxy(test, database, binary=SERVER, count=2):
    """Starts `count` servers (`binary`) sharing `database`, each named for this run, behind
    HAProxy (`.ci/haproxy.sh`, whose affinity cookie names
    them s1, s2, …), all stopped at the test's cleanup; returns them and the proxy's URL."""
    servers = []
    ports = []
    for index in range(1, count + 1):
        port = free_port()
        server, _ = start_server(
            "--database", database,
            "--server-name", "s%d-%s" % (index, uuid.uuid4().hex[:8]),
            "--trusted-proxy", "127.0.0.1",
            port=port, binary=binary,
        )
        test.addCleanup(server.log_file.close)
        test.addCleanup(stop_server, server)
        servers.append(server)
        ports.append(port)
    proxy = free_port()
    subprocess.run([HAPROXY, "start", str(proxy), *map(str, ports)], check=True)
    test.addCleanup(subprocess.run, [HAPROXY, "stop", str(proxy)])
    return servers, "http://127.0.0.1:%d" % proxy


class TodoListsBrowsing:
    """What the to-do lists app's browser tests do in a browser of a user's: sign in, wait for
    what the page shows, read it, and add lists and items. Mixed into a `unittest.TestCase`
    that sets `self.base`."""

    def browser(self, user, password, javascript=True):
        """A browser of its own (its own cookies), signed in as `user`, on the lists page."""
        browser = start_browser(javascript=javascript)
        self.addCleanup(browser.quit)
        browser.get(self.base + "/")
        self.sign_in(browser, user, password, live=javascript)
        return browser

    def sign_in(self, browser, user, password, live=True):
        """Signs in on the sign-in page `browser` shows; waits for the live page if `live`."""
        self.assertEqual(browser.title, "Sign in · To-do lists")
        browser.find_element(By.NAME, "name").send_keys(user)
        browser.find_element(By.NAME, "password").send_keys(password)
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.wait(browser, lambda: "Signed in as " + user in browser.page_source)
        if live:
            self.wait_live(browser)

    def wait(self, browser, condition, timeout=10):
        return wait_across_documents(browser, condition, timeout)

    def wait_live(self, browser):
        self.wait(browser, lambda: browser.find_element(By.ID, "ocaf-root").get_attribute("aria-busy") == "false")

    def texts(self, browser, selector):
        return [element.text for element in browser.find_elements(By.CSS_SELECTOR, selector)]

    def add(self, browser, field, text, button):
        browser.find_element(By.CSS_SELECTOR, "input[aria-label='%s']" % field).send_keys(text)
        browser.find_element(By.XPATH, "//button[text()='%s']" % button).click()
