// Unit tests of the page's other events (events.js): keys with their filters, focus and blur,
// the window's keys and size, debounce and throttle, and elements busy until the server
// acknowledges their message. Run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire } from "./fake-browser.mjs";
import { connected, pageState } from "./fixtures.mjs";
import { listen, matchesKey } from "../../Sources/ComposableWeb/Resources/PageScript/events.js";
import { acknowledge } from "../../Sources/ComposableWeb/Resources/PageScript/messages.js";

// A page state listening to its root's and window's events, with an open socket.
function listening(html) {
  const state = pageState({ body: `<main id="ocaf-root">${html}</main>` });
  const socket = connected(state);
  listen(state);
  return { state, socket, root: state.root, window: state.window };
}

// `options` as the server writes them in `data-ocaf-options`.
const options = (value) => `data-ocaf-options="${JSON.stringify(value).replace(/"/g, "&quot;")}"`;

test("a key filter matches the key in either case, and the modifiers it names exactly", () => {
  assert.equal(matchesKey({ key: "Enter" }, ["Enter"]), true);
  assert.equal(matchesKey({ key: "Escape" }, ["Enter"]), false);
  assert.equal(matchesKey({ key: "K", shiftKey: true }, ["k"]), true, "Shift counts only when named");
  assert.equal(matchesKey({ key: "k", metaKey: true }, ["k"]), false, "an unnamed Meta is not k");
  assert.equal(matchesKey({ key: "k", metaKey: true }, ["Meta+k"]), true);
  assert.equal(matchesKey({ key: "k" }, ["Meta+k"]), false);
  assert.equal(matchesKey({ key: "P", ctrlKey: true, shiftKey: true }, ["Control+Shift+p"]), true);
  assert.equal(matchesKey({ key: "p", ctrlKey: true }, ["Control+Shift+p"]), false);
  assert.equal(matchesKey({ key: "+", ctrlKey: true }, ["Control++"]), true);
  assert.equal(matchesKey({ key: "x" }, ["Hyper+x"]), false, "an unknown modifier matches nothing");
  assert.equal(matchesKey({ key: "x" }, []), true, "no filter: every key");
});

test("a key event sends the key's name, only for the keys of its filter, and keeps the browser's action from them", () => {
  const { socket, root } = listening(
    `<div data-ocaf-keydown="h1" ${options({ keydown: { keys: ["Enter", "Escape"] } })}>` +
    `<input id="q" data-ocaf-keyup="h2"></div>`);
  const field = root.querySelector("input");
  const other = fire(field, "keydown", { key: "a" });
  assert.equal(other.defaultPrevented, false);
  const enter = fire(field, "keydown", { key: "Enter" });
  assert.equal(enter.defaultPrevented, true, "a filtered key's own action is prevented");
  fire(field, "keyup", { key: "a" });
  assert.deepEqual(socket.sent, [
    { handler: "h1", value: "Enter" },
    { handler: "h2", value: "a" },
  ]);
});

test("focus and blur are the element's own, and a field sends its text with them", () => {
  const { socket, root } = listening(
    `<div data-ocaf-blur="h9"><input id="email" value="ada@" data-ocaf-focus="h1" data-ocaf-blur="h2">` +
    `<button data-ocaf-focus="h3">Go</button></div>`);
  const [field] = root.querySelectorAll("input");
  const button = root.querySelector("button");
  fire(field, "focusin");
  fire(field, "focusout");
  fire(button, "focusin");
  assert.deepEqual(socket.sent, [
    { handler: "h1", value: "ada@" },
    { handler: "h2", value: "ada@" },
    { handler: "h3" },
  ]);
});

test("window keys reach every element that listens, but not while typing in a field", () => {
  const { socket, root, window } = listening(
    `<section data-ocaf-window-keydown="h1" ${options({ "window-keydown": { keys: ["/", "Meta+k"] } })}></section>` +
    `<p data-ocaf-window-keyup="h2"></p><input id="q">`);
  fire(window, "keydown", { target: window.document.body, key: "/" });
  fire(window, "keydown", { target: window.document.body, key: "x" });
  const field = root.querySelector("input");
  fire(window, "keydown", { target: field, key: "/" });
  fire(window, "keydown", { target: field, key: "k", metaKey: true });
  fire(window, "keyup", { target: window.document.body, key: "Shift" });
  assert.deepEqual(socket.sent, [
    { handler: "h1", value: "/" },
    { handler: "h1", value: "k" },
    { handler: "h2", value: "Shift" },
  ]);
});

test("the window's size is sent as JSON, throttled: the first at once, the last at the interval's end", () => {
  const { socket, window } = listening(
    `<div data-ocaf-window-resize="h1" ${options({ "window-resize": { throttle: 200 } })}></div>`);
  fire(window, "resize", { target: window });
  window.innerWidth = 800;
  fire(window, "resize", { target: window });
  window.innerWidth = 600;
  window.innerHeight = 500;
  fire(window, "resize", { target: window });
  assert.deepEqual(socket.sent, [{ handler: "h1", value: JSON.stringify({ width: 1024, height: 768 }) }]);
  window.advance(200);
  assert.deepEqual(socket.sent.slice(1), [{ handler: "h1", value: JSON.stringify({ width: 600, height: 500 }) }]);
  window.advance(200);
  window.innerWidth = 300;
  fire(window, "resize", { target: window });
  assert.equal(socket.sent.length, 3, "after a quiet interval the next is sent at once");
  assert.equal(JSON.parse(socket.sent[2].value).width, 300);
});

test("a debounced field sends its last value once typing pauses; a click sends it first", () => {
  const { socket, root, window } = listening(
    `<input id="q" data-ocaf-input="h1" ${options({ input: { debounce: 300 } })}>` +
    `<button data-ocaf-click="h2">Search</button>`);
  const field = root.querySelector("input");
  for (const text of ["a", "ad", "ada"]) {
    field.value = text;
    fire(field, "input");
    window.advance(100);
  }
  assert.deepEqual(socket.sent, []);
  window.advance(300);
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "ada" }]);
  field.value = "ada l";
  fire(field, "input");
  fire(root.querySelector("button"), "click");
  assert.deepEqual(socket.sent.slice(1), [{ handler: "h1", value: "ada l" }, { handler: "h2" }],
    "the waiting value goes before the click");
  window.advance(1000);
  assert.equal(socket.sent.length, 3, "and is not sent again");
});

test("a focused field with a debounced value waiting keeps it when a patch renders it", async () => {
  const { update } = await import("../../Sources/ComposableWeb/Resources/PageScript/dom_patch.js");
  const { state, socket, root, window } = listening(
    `<div data-ocaf-component="c"><input id="q" value="" data-ocaf-input="h1" ${options({ input: { debounce: 300 } })}></div>`);
  const field = root.querySelector("input");
  field.focus();
  field.value = "typed";
  fire(field, "input");
  update(state, root.querySelector("[data-ocaf-component]"),
    `<input id="q" value="" data-ocaf-input="h1" ${options({ input: { debounce: 300 } })}>`);
  assert.equal(field.value, "typed");
  window.advance(300);
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "typed" }]);
});

test("a marked element is busy for any event until the server acknowledges its ref, even with no patch", () => {
  const { state, socket, root, window } = listening(
    `<input id="name" value="Ada" data-ocaf-disable-while-sending="" data-ocaf-blur="h1">` +
    `<select data-ocaf-disable-while-sending="" data-ocaf-change="h2"><option value="0">A</option></select>`);
  const field = root.querySelector("input");
  const select = root.querySelector("select");
  fire(field, "focusout");
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "Ada", ref: 1 }]);
  assert.equal(field.getAttribute("aria-busy"), "true");
  assert.equal(field.readOnly, true, "a text field is read-only, not disabled, so it keeps focus");
  fire(field, "focusout");
  assert.equal(socket.sent.length, 1, "a busy marked element takes no events");
  fire(select, "change");
  assert.equal(select.disabled, true);
  assert.equal(socket.sent[1].ref, 2);
  acknowledge(state, [1]);
  assert.equal(field.hasAttribute("aria-busy"), false);
  assert.equal(field.readOnly, false);
  assert.equal(select.disabled, true, "its own ref is not answered yet");
  acknowledge(state, [2]);
  assert.equal(select.disabled, false);
  window.runTimers();
  assert.equal(select.disabled, false);
});

test("a marked element's busy marks go after a while when no answer comes", () => {
  const { socket, root, window } = listening(
    `<div tabindex="0" data-ocaf-disable-while-sending="" data-ocaf-keydown="h1"></div>`);
  const box = root.querySelector("div");
  fire(box, "keydown", { key: "Enter" });
  assert.equal(socket.sent[0].ref, 1);
  assert.equal(box.getAttribute("aria-busy"), "true");
  window.advance(10000);
  assert.equal(box.hasAttribute("aria-busy"), false);
});

test("typing into a marked field never makes it busy", () => {
  const { socket, root } = listening(`<input data-ocaf-disable-while-sending="" data-ocaf-input="h1">`);
  const field = root.querySelector("input");
  field.value = "a";
  fire(field, "input");
  field.value = "ab";
  fire(field, "input");
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "a" }, { handler: "h1", value: "ab" }]);
  assert.equal(field.hasAttribute("aria-busy"), false);
});

test("a simulated latency delays every message both ways, in order, and the busy marks show meanwhile", async () => {
  const { page, counter } = await import("./fixtures.mjs");
  const { window, socket, root } = page({ html: counter(0), attributes: `data-ocaf-latency="500"` });
  socket.receive({ type: "attached", session: "s1" });
  assert.equal(root.inert, true, "the page hears nothing before the latency passes");
  window.advance(500);
  assert.equal(root.inert, false);
  const button = root.querySelector("button");
  fire(button, "click");
  assert.deepEqual(socket.sent, [], "not sent yet");
  assert.equal(button.getAttribute("aria-busy"), "true");
  window.advance(499);
  assert.deepEqual(socket.sent, []);
  window.advance(1);
  assert.deepEqual(socket.sent, [{ handler: "h1" }]);
  socket.receive({ type: "patch", patches: [{ id: "c", html: counter(1, "h2").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(root.querySelector("span").textContent, "0", "the patch waits too");
  assert.equal(button.getAttribute("aria-busy"), "true");
  window.advance(500);
  assert.equal(root.querySelector("span").textContent, "1");
  assert.equal(button.hasAttribute("aria-busy"), false);
});
