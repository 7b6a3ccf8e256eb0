// Unit tests of events.js (the listeners that send handler messages: clicks, input, changes,
// submissions, busy elements, and live links), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire, FakeSocket } from "./fake-browser.mjs";
import { connected, counter, page, pageState } from "./fixtures.mjs";
import { closest, listen, markBusy } from "../../Sources/ComposableWeb/Resources/PageScript/events.js";

// A page state listening to its root's events, with an open socket.
function listening(html, fields = {}) {
  const state = pageState({ body: `<main id="ocaf-root">${html}</main>`, ...fields });
  const socket = connected(state);
  listen(state);
  return { state, socket, root: state.root };
}

test("closest finds the element with an attribute from an event's target up, inside the root", () => {
  const state = pageState({
    body: `<div data-ocaf-click="outside"><main id="ocaf-root"><button data-ocaf-click="h1"><b>+</b></button>` +
      `<p>text</p></main></div>`,
  });
  const root = state.root;
  assert.equal(closest(root, { target: root.querySelector("b") }, "data-ocaf-click"), root.querySelector("button"));
  assert.equal(closest(root, { target: root.querySelector("p") }, "data-ocaf-click"), null, "not outside the root");
  assert.equal(closest(root, { target: state.window }, "data-ocaf-click"), null, "a target that is no element");
});

test("a busy element is marked until its patch, or a while; one may be disabled meanwhile", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><button data-ocaf-disable-while-sending="">Save</button><button>Go</button></main>`,
  });
  const [save, go] = state.root.querySelectorAll("button");
  markBusy(state.window, save);
  markBusy(state.window, go);
  assert.equal(save.getAttribute("aria-busy"), "true");
  assert.equal(save.disabled, true);
  assert.equal(go.disabled, false);
  go.removeAttribute("aria-busy"); // its patch came
  go.disabled = true; // and the state disabled it
  state.window.runTimers();
  assert.equal(save.hasAttribute("aria-busy"), false);
  assert.equal(save.disabled, false);
  assert.equal(go.disabled, true, "an element no longer busy is left as its patch made it");
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

test("the second click of a double click on another element is dropped", () => {
  const { socket, root } = listening(`<button data-ocaf-click="h1">A</button><button data-ocaf-click="h2">B</button>`);
  const [a, b] = root.querySelectorAll("button");
  const first = fire(a, "click", { detail: 1 });
  assert.equal(first.defaultPrevented, true);
  fire(b, "click", { detail: 2 });
  assert.deepEqual(socket.sent, [{ handler: "h1" }]);
  fire(b, "click", { detail: 1 });
  a.removeAttribute("aria-busy");
  fire(a, "click", { detail: 2 });
  assert.deepEqual(socket.sent, [{ handler: "h1" }, { handler: "h2" }], "the last one sent was b");
  fire(b, "click", { detail: 1 });
  assert.equal(b.getAttribute("aria-busy"), "true", "b is busy until its patch");
  assert.equal(socket.sent.length, 2);
});

test("input and changes send their field's typed value, and remember it", () => {
  const { socket, root } = listening(
    `<input data-ocaf-input="h1" value="a"><input type="checkbox" data-ocaf-change="h2">` +
    `<input type="number" data-ocaf-input="h3" value=""><input data-ocaf-change="h4" value="b">`);
  const [text, checkbox, number, changed] = root.querySelectorAll("input");
  fire(text, "input");
  checkbox.checked = true;
  fire(checkbox, "change");
  fire(number, "input");
  fire(changed, "input");
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "a" }, { handler: "h2", value: true }],
    "a number field without a number sends nothing; nor does input on a field bound to changes");
  assert.deepEqual(text.ocafPending, ["a"]);
});

test("a submission sends its form's handler instead of posting it", () => {
  const { socket, root } = listening(`<form data-ocaf-submit="h2"><input name="x"></form><form></form>`);
  const [form, other] = root.querySelectorAll("form");
  assert.equal(fire(form, "submit").defaultPrevented, true);
  assert.equal(fire(form, "submit").defaultPrevented, true, "busy: not sent again, nor posted");
  assert.equal(fire(other, "submit").defaultPrevented, false);
  assert.deepEqual(socket.sent, [{ handler: "h2" }]);
  assert.equal(form.getAttribute("aria-busy"), "true");
});

test("a live link is the browser's while the page has no socket, or with a modifier key", () => {
  const { state, root } = listening(`<a href="/counter?x" data-ocaf-live-link="">X</a>`, { base: "/counter" });
  const link = root.querySelector("a");
  for (const key of ["ctrlKey", "metaKey", "shiftKey"]) {
    assert.equal(fire(link, "click", { [key]: true }).defaultPrevented, false, key);
  }
  state.socket = null;
  assert.equal(fire(link, "click").defaultPrevented, false);
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
