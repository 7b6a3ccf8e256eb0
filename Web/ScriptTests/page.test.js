// Unit tests of the page script (Sources/ComposableWeb/Resources/ocaf.js), run by
// `node --test Web/ScriptTests`. Each test starts the script on a stand-in page
// (fake-browser.js), plays the server's side of the socket, and checks the page and what it sent.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { makeWindow, fire, FakeSocket } = require("./fake-browser.js");
const script = require(path.join(__dirname, "../../Sources/ComposableWeb/Resources/ocaf.js"));

// A page as the server serves it: `main` holds the first render when `html` is given.
function page({ html = "", session = "s1", url = "/counter", attributes = "", before = "" } = {}) {
  FakeSocket.opened = [];
  const window = makeWindow(
    before + `<p id="ocaf-status" hidden>Connecting…</p>` +
    `<main id="ocaf-root" data-ocaf-feature="counter" data-ocaf-socket="/live"` +
    (session ? ` data-ocaf-session="${session}"` : "") + ` ${attributes}>${html}</main>`,
    url);
  const live = script.createPage(window);
  const socket = FakeSocket.opened[0];
  socket.open();
  return { window, live, socket, root: window.document.getElementById("ocaf-root") };
}

const counter = (count, handler = "h1") =>
  `<div data-ocaf-component="c"><span class="count">${count}</span>` +
  `<button data-ocaf-click="${handler}">+</button></div>`;

// A counter inside a form, as a page rendered over HTTP writes it for browsers without JavaScript.
const postableCounter = (count) =>
  `<form method="post" data-ocaf-submit="h2"><input type="hidden" name="ocaf-form" value="c-form-0">` +
  `<input type="hidden" name="ocaf-session" value="s1">${counter(count)}</form>`;

test("a part of a URL below a page's path is its location there", () => {
  assert.equal(script.locationBelow("/todos", "/todos"), "");
  assert.equal(script.locationBelow("/todos", "/todos?filter=active"), "?filter=active");
  assert.equal(script.locationBelow("/todos", "/todos/3?x=1"), "/3?x=1");
  assert.equal(script.locationBelow("/todos", "/todos/"), "");
  assert.equal(script.locationBelow("/todos", "/todosx"), null);
  assert.equal(script.locationBelow("/todos", "/other?todos"), null);
});

test("a rendered page's socket takes over its session and asks for its own page", () => {
  const { socket, root } = page({ html: postableCounter(0), url: "/counter?start=2" });
  assert.equal(root.hasAttribute("data-ocaf-session"), false, "the id leaves the page");
  assert.equal(root.querySelector('input[name="ocaf-session"]'), null, "and its forms");
  const url = new URL(socket.url);
  assert.equal(url.pathname, "/live");
  assert.equal(url.searchParams.get("feature"), "counter");
  assert.equal(url.searchParams.get("session"), "s1");
  assert.equal(url.searchParams.get("page"), "/counter?start=2");
  assert.equal(root.inert, true, "inert until the server answers");
  socket.receive({ type: "attached", session: "s1" });
  assert.equal(root.inert, false);
  assert.equal(root.getAttribute("aria-busy"), "false");
});

test("a rendered page drops the forms its buttons post without JavaScript", () => {
  const { root } = page({
    html: `<div data-ocaf-component="c"><button data-ocaf-click="h1" form="c-button-0">+</button>` +
      `<form id="c-button-0" data-ocaf-button-form method="post" hidden>` +
      `<input type="hidden" name="ocaf-form" value="c-button-0">` +
      `<input type="hidden" name="ocaf-session" value="s1"></form>` +
      `<button data-ocaf-click="h2" form="elsewhere">Save</button></div>`,
  });
  assert.equal(root.querySelector("form"), null);
  assert.equal(root.querySelector('[data-ocaf-click="h1"]').hasAttribute("form"), false);
  // A button that names a form of the app's own keeps it.
  assert.equal(root.querySelector('[data-ocaf-click="h2"]').getAttribute("form"), "elsewhere");
});

test("a page sends nothing on its socket before the server's first message on it", () => {
  const { window, socket } = page({
    html: counter(0), url: "/todos",
    attributes: `data-ocaf-routed="" data-ocaf-base="/todos" data-ocaf-location=""`,
  });
  window.history.pushState({}, "", "/todos?filter=done");
  window.back();
  assert.deepEqual(socket.sent, [], "Back before the server answered sends no navigation");
  socket.receive({ type: "attached", session: "s1" });
  window.forward();
  assert.deepEqual(socket.sent, [{ navigate: "?filter=done" }]);
});

test("a click sends its handler once, and the element is busy until its patch", () => {
  const { socket, root } = page({ html: counter(0) });
  socket.receive({ type: "attached", session: "s1" });
  const button = root.querySelector("button");
  fire(button, "click");
  fire(button, "click");
  assert.deepEqual(socket.sent, [{ handler: "h1" }]);
  assert.equal(button.getAttribute("aria-busy"), "true");
  socket.receive({ type: "patch", patches: [{ id: "c", html: counter(1, "h2").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(root.querySelector("button"), button, "the button's node stays");
  assert.equal(button.hasAttribute("aria-busy"), false);
  assert.equal(root.querySelector("span").textContent, "1");
  fire(button, "click");
  assert.deepEqual(socket.sent, [{ handler: "h1" }, { handler: "h2" }]);
});

test("keyed rows keep their nodes when the server reorders them, and kept components stay", () => {
  const row = (key, text) =>
    `<li data-ocaf-key="${key}"><div data-ocaf-component="c.${key}">${text}</div></li>`;
  const { socket, root } = page({
    html: `<div data-ocaf-component="c"><ul>${row("a", "A")}${row("b", "B")}${row("c", "C")}</ul></div>`,
  });
  const [a, b, c] = root.querySelectorAll("li");
  socket.receive({
    type: "patch",
    patches: [{
      id: "c",
      html: `<ul>${row("c", "C!")}<li data-ocaf-key="a"><div data-ocaf-component="c.a" data-ocaf-keep=""></div></li></ul>`,
    }],
  });
  const rows = root.querySelectorAll("li");
  assert.deepEqual(rows, [c, a], "b is gone; c and a keep their nodes, in the new order");
  assert.equal(b.parentNode, null);
  assert.equal(c.textContent, "C!");
  assert.equal(a.textContent, "A", "a kept component is left as it was");
});

test("a focused field keeps what the user typed on, and shows a value the reducer made", () => {
  const field = (value, handler = "h1") =>
    `<div data-ocaf-component="c"><input data-ocaf-input="${handler}" value="${value}"></div>`;
  const { window, socket, root } = page({ html: field("") });
  socket.receive({ type: "attached", session: "s1" });
  const input = root.querySelector("input");
  input.focus();
  input.value = "ab";
  fire(input, "input");
  input.value = "abc";
  fire(input, "input");
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "ab" }, { handler: "h1", value: "abc" }]);
  // The echo of "ab" arrives while the field shows "abc": the field keeps "abc".
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("ab").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "abc");
  // A value the field never sent is the reducer's (e.g. it trimmed or cleared the text).
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "");
  assert.equal(window.document.activeElement, input);
  // A field without focus shows what the server has, echo or not.
  input.value = "x";
  fire(input, "input");
  input.value = "xy";
  fire(input, "input");
  window.document.activeElement = null;
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("x").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "x");
});

test("a drop-down shows the server's choice even when it is one the user made before", () => {
  const select = (chosen, handler) =>
    `<select data-ocaf-change="${handler}">` +
    ["All", "Active", "Done"].map((name, index) =>
      `<option value="${index}"${index === chosen ? ' selected=""' : ""}>${name}</option>`).join("") +
    `</select>`;
  const { socket, root } = page({ html: `<div data-ocaf-component="c">${select(0, "h1")}</div>` });
  socket.receive({ type: "attached", session: "s1" });
  const field = root.querySelector("select");
  field.focus();
  for (const [index, handler] of [[2, "h2"], [1, "h3"]]) {
    field.value = String(index);
    fire(field, "change");
    socket.receive({ type: "patch", patches: [{ id: "c", html: select(index, handler) }] });
    assert.equal(field.value, String(index));
  }
  // Back in history: the state is at "Done" again, which the user chose two steps ago.
  socket.receive({ type: "patch", patches: [{ id: "c", html: select(2, "h4") }] });
  assert.equal(field.value, "2");
});

test("a correction in a patch sets the field to what the state holds", () => {
  const { socket, root } = page({
    html: `<div data-ocaf-component="c"><input type="number" data-ocaf-input="h4" value="3"></div>`,
  });
  socket.receive({ type: "attached", session: "s1" });
  const input = root.querySelector("input");
  input.value = "120";
  fire(input, "input");
  assert.deepEqual(socket.sent, [{ handler: "h4", value: 120 }], "a number field sends a number");
  socket.receive({ type: "patch", patches: [], values: [{ handler: "h4", value: 100 }] });
  assert.equal(input.value, "100");
});

test("a page whose session is gone puts back what was typed and says so", () => {
  const form = (handler) =>
    `<div data-ocaf-component="c"><input data-ocaf-input="${handler}" value=""></div>`;
  const { window, socket, root } = page({ html: form("h1") });
  socket.receive({ type: "attached", session: "s1" });
  root.querySelector("input").value = "draft";
  socket.close();
  assert.equal(root.inert, true);
  assert.match(window.document.getElementById("ocaf-status").textContent, /Reconnecting/);
  window.runTimers();
  const next = FakeSocket.opened[1];
  assert.equal(new URL(next.url).searchParams.get("session"), "s1", "it asks to resume");
  next.open();
  next.receive({ type: "render", session: "s2", html: form("h9") });
  assert.equal(root.querySelector("input").value, "draft");
  assert.deepEqual(next.sent, [{ handler: "h9", value: "draft" }]);
  assert.match(window.document.getElementById("ocaf-status").textContent, /was reset.*put back/);
});

test("a page taken over by another tab stops, and a refused one retries slowly", () => {
  const { window, socket } = page({ html: counter(0) });
  socket.receive({ type: "replaced", reason: "Opened in another tab." });
  socket.close();
  window.runTimers();
  assert.equal(FakeSocket.opened.length, 1, "no reconnection");
  assert.equal(window.document.getElementById("ocaf-status").textContent, "Opened in another tab.");

  const refused = page({ html: counter(0) });
  refused.socket.receive({ type: "refused", reason: "The server is busy." });
  refused.socket.close();
  assert.equal(refused.window.document.getElementById("ocaf-status").textContent,
    "The server is busy. Retrying…");
});

test("dialogs open as modals, and Escape sends their dismissal", () => {
  const { socket, root } = page({ html: `<div data-ocaf-component="c"></div>` });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({
    type: "patch",
    patches: [{ id: "c", html: `<dialog data-ocaf-modal="" data-ocaf-dismiss="h7"><p>Sure?</p></dialog>` }],
  });
  const dialog = root.querySelector("dialog");
  assert.equal(dialog.open, true);
  const cancel = fire(dialog, "cancel");
  assert.equal(cancel.defaultPrevented, true, "the browser does not close it; the state does");
  assert.deepEqual(socket.sent, [{ handler: "h7" }]);
});

test("a page without a route keeps an entry per stack level, and Back pops", () => {
  const stack = (depth) =>
    `<div data-ocaf-component="c"><div data-ocaf-stack="" data-ocaf-depth="${depth}" data-ocaf-pop="p${depth}"></div></div>`;
  const { window, socket } = page({ html: stack(0) });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({ type: "patch", patches: [{ id: "c", html: stack(2).replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(window.history.length, 3);
  window.back();
  assert.deepEqual(socket.sent, [{ handler: "p2", value: 1 }]);
});

test("a routed page shows its state's URL, pushed or replaced as the server says", () => {
  const { window, socket } = page({
    html: counter(0), url: "/todos?filter=bogus",
    attributes: `data-ocaf-routed="" data-ocaf-base="/todos" data-ocaf-location=""`,
  });
  assert.equal(window.location.search, "", "a deep link the feature normalized shows the URL of its state");
  assert.equal(window.history.length, 1, "…in place of the one typed");
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({ type: "patch", patches: [], location: "?filter=active", history: "push" });
  assert.equal(window.location.pathname + window.location.search, "/todos?filter=active");
  assert.equal(window.history.length, 2);
  socket.receive({ type: "patch", patches: [], location: "?filter=active&q=x", history: "replace" });
  assert.equal(window.history.length, 2);
  assert.equal(window.location.search, "?filter=active&q=x");
  // The URL says where the page is: a navigation stack adds no entries of its own.
  socket.receive({
    type: "patch",
    patches: [{ id: "c", html: `<div data-ocaf-stack="" data-ocaf-depth="2" data-ocaf-pop="p"></div>` }],
  });
  assert.equal(window.history.length, 2);
  // Never another origin's URL, whatever the message says.
  socket.receive({ type: "patch", patches: [], location: "//evil.example/", history: "push" });
  socket.receive({ type: "patch", patches: [], location: "x", history: "push" });
  assert.equal(window.history.length, 2);
});

test("Back and Forward on a routed page tell the server the location, and leave it to it", () => {
  const { window, socket } = page({
    html: counter(0), url: "/todos",
    attributes: `data-ocaf-routed="" data-ocaf-base="/todos" data-ocaf-location=""`,
  });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({ type: "patch", patches: [], location: "/2?filter=done", history: "push" });
  window.back();
  window.forward();
  assert.deepEqual(socket.sent, [{ navigate: "" }, { navigate: "/2?filter=done" }]);
  assert.equal(window.history.length, 2, "the page adds no entries of its own");
});

test("Back to another page's URL switches to that page's session", () => {
  const { window, socket } = page({
    html: counter(0), url: "/todos",
    attributes: `data-ocaf-routed="" data-ocaf-base="/todos" data-ocaf-location=""`,
  });
  socket.receive({ type: "attached", session: "s1" });
  window.history.replaceState(null, "", "/elsewhere");
  window.history.pushState(null, "", "/todos?filter=done");
  window.back();
  assert.deepEqual(socket.sent, []);
  assert.equal(socket.readyState, 3, "the page's socket is closed");
  const next = FakeSocket.opened[1];
  const url = new URL(next.url);
  assert.equal(url.searchParams.get("page"), "/elsewhere");
  assert.equal(url.searchParams.has("feature"), false, "the server finds the page by its URL");
  assert.equal(url.searchParams.has("session"), false);
  // No live page there: the server says to load it.
  next.open();
  next.receive({ type: "reload" });
  assert.equal(window.location.reloads, 1);
});

test("a live link to another page switches to it without a reload", () => {
  const { window, socket, root } = page({
    before: `<header><h1>Counter</h1><p class="ocaf-summary">Counts.</p><p class="ocaf-about">More.</p></header>`,
    html: `<div data-ocaf-component="c"><a href="https://elsewhere.example/" data-ocaf-live-link="">Away</a>` +
      `<a href="about" data-ocaf-live-link="">About</a></div>`,
    url: "/counter", attributes: `data-ocaf-base="/counter"`,
  });
  socket.receive({ type: "attached", session: "s1" });
  window.document.title = "Counter";
  const [away, about] = root.querySelectorAll("a");
  assert.equal(fire(away, "click").defaultPrevented, false, "another site's link is the browser's");
  // A relative link, resolved against the page's URL.
  assert.equal(fire(about, "click").defaultPrevented, true);
  assert.equal(window.location.pathname, "/about");
  assert.equal(window.history.length, 2);
  // A patch of the page it left, still on its way, is not applied to the new one.
  socket.receive({ type: "patch", patches: [{ id: "c", html: "<p>stale</p>" }] });
  socket.close();
  window.runTimers();
  assert.equal(FakeSocket.opened.length, 2, "the old socket's close starts no reconnection");
  const next = FakeSocket.opened[1];
  next.open();
  next.receive({
    type: "render", session: "s2", location: "",
    page: { feature: "about", base: "/about", routed: true, title: "About · App", heading: "About", summary: "Who we are." },
    html: `<div data-ocaf-component="c"><p>About us</p></div>`,
  });
  assert.equal(root.textContent, "About us");
  socket.receive({ type: "patch", patches: [{ id: "c", html: "<p>stale</p>" }] });
  assert.equal(root.textContent, "About us");
  assert.equal(root.getAttribute("data-ocaf-feature"), "about");
  assert.equal(root.hasAttribute("data-ocaf-routed"), true);
  assert.equal(window.document.title, "About · App");
  const header = window.document.querySelector("header");
  assert.equal(header.querySelector("h1").textContent, "About");
  assert.equal(header.querySelector(".ocaf-summary").textContent, "Who we are.");
  assert.equal(header.querySelector(".ocaf-about").hidden, true);
  assert.equal(root.inert, false);
  assert.doesNotMatch(window.document.getElementById("ocaf-status").textContent, /reset/,
    "a page switched to is not a lost session");
  // Back returns to the counter's page, its own session started afresh.
  window.back();
  assert.equal(new URL(FakeSocket.opened[2].url).searchParams.get("page"), "/counter");
});

test("a live link to another state of a routed page changes the URL without a load", () => {
  const { window, socket, root } = page({
    html: `<div data-ocaf-component="c"><a href="/todos?filter=done" data-ocaf-live-link="">Done</a></div>`,
    url: "/todos",
    attributes: `data-ocaf-routed="" data-ocaf-base="/todos" data-ocaf-location=""`,
  });
  socket.receive({ type: "attached", session: "s1" });
  const done = root.querySelector("a");
  const click = fire(done, "click");
  assert.equal(click.defaultPrevented, true);
  assert.equal(window.location.search, "?filter=done");
  assert.deepEqual(socket.sent, [{ navigate: "?filter=done" }]);
  assert.equal(FakeSocket.opened.length, 1, "the same socket");
  // One opened in a new tab is the browser's.
  assert.equal(fire(done, "click", { ctrlKey: true }).defaultPrevented, false);
});
