// Unit tests of values.js (the fields' typed values, echoes of what a field sent, setting values
// without moving the caret, and form recovery), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { makeWindow, fire, FakeSocket } from "./fake-browser.mjs";
import { page } from "./fixtures.mjs";
import {
  boundFields, correctValues, isEcho, noteSent, restoreValues, setValue, showValue, typedValues, valueOf,
} from "../../Sources/ComposableWeb/Resources/PageScript/values.js";

// The window and root of a page whose root holds `html`.
function fields(html) {
  const window = makeWindow(`<main id="ocaf-root">${html}</main>`, "/form");
  return { window, document: window.document, root: window.document.getElementById("ocaf-root") };
}

test("an element's value is typed: Booleans, numbers, a drop-down's position, text", () => {
  const { root } = fields(
    `<input type="checkbox" checked=""><input type="radio"><input type="number" value="4.5">` +
    `<input type="range" value="7"><input type="number" value=""><input value="hi">` +
    `<textarea>text</textarea><select><option value="0">A</option><option value="1" selected="">B</option></select>`);
  const [checkbox, radio, number, range, empty, text] = root.querySelectorAll("input");
  assert.equal(valueOf(checkbox), true);
  assert.equal(valueOf(radio), false);
  assert.equal(valueOf(number), 4.5);
  assert.equal(valueOf(range), 7);
  assert.equal(valueOf(empty), undefined, "a number field without a number has no value");
  assert.equal(valueOf(text), "hi");
  assert.equal(valueOf(root.querySelector("textarea")), "text");
  assert.equal(valueOf(root.querySelector("select")), 1);
});

test("an echo is a value the focused field sent; it spends what was sent before it", () => {
  const field = {};
  for (const value of ["a", "ab", "abc"]) noteSent(field, value);
  assert.equal(isEcho(field, "ab", field), true);
  assert.deepEqual(field.ocafPending, ["abc"], "the values sent after it");
  assert.equal(isEcho(field, "a", field), false, "an older one is spent");
  assert.deepEqual(field.ocafPending, []);
  noteSent(field, 3);
  assert.equal(isEcho(field, "3", field), true, "compared as text");
  noteSent(field, "x");
  assert.equal(isEcho(field, "x", null), false, "a field without focus shows the server's value");
  assert.deepEqual(field.ocafPending, []);
  assert.equal(isEcho({}, "x", null), false, "a field that sent nothing");
});

test("a field remembers its last fifty values sent", () => {
  const field = {};
  for (let i = 0; i < 60; i++) noteSent(field, i);
  assert.equal(field.ocafPending.length, 50);
  assert.equal(field.ocafPending[0], 10);
  assert.equal(field.ocafPending[49], 59);
});

test("setting the focused field's value keeps its caret where it can", () => {
  const { document, root } = fields(`<input value="hello"><input value="other">`);
  const [input, other] = root.querySelectorAll("input");
  input.focus();
  input.setSelectionRange(2, 4);
  setValue(document, input, "hello world");
  assert.equal(input.value, "hello world");
  assert.deepEqual([input.selectionStart, input.selectionEnd], [2, 4]);
  setValue(document, input, "h");
  assert.deepEqual([input.selectionStart, input.selectionEnd], [1, 1], "within the new text");
  other.setSelectionRange(1, 1);
  setValue(document, other, "changed");
  assert.equal(other.value, "changed");
  assert.equal(other.selectionStart, 7, "a field without focus is just set");
});

test("showValue checks a checkbox or sets a field's text", () => {
  const { document, root } = fields(`<input type="checkbox"><input type="number">`);
  const [checkbox, number] = root.querySelectorAll("input");
  showValue(document, checkbox, true);
  assert.equal(checkbox.checked, true);
  showValue(document, number, 12);
  assert.equal(number.value, "12");
});

test("correctValues shows the reducer's values in the fields bound to their handlers", () => {
  const { window, root } = fields(
    `<input data-ocaf-input="h&quot;1" value="a"><input type="checkbox" data-ocaf-change="h2">`);
  const [text, checkbox] = root.querySelectorAll("input");
  noteSent(text, "b");
  correctValues(window, root, [{ handler: 'h"1', value: "c" }, { handler: "h2", value: true },
    { handler: "gone", value: 1 }]);
  assert.equal(text.value, "c");
  assert.deepEqual(text.ocafPending, [], "what it sent is no echo any more");
  assert.equal(checkbox.checked, true);
});

test("bound fields are keyed by component and position; their typed values too", () => {
  const { root } = fields(
    `<input data-ocaf-input="h0" value="top">` +
    `<div data-ocaf-component="c.1"><input data-ocaf-input="h1" value="a">` +
    `<input type="number" data-ocaf-input="h2" value=""><select data-ocaf-change="h3">` +
    `<option value="0">A</option><option value="1" selected="">B</option></select>` +
    `<input value="unbound"></div>`);
  assert.deepEqual(Object.keys(boundFields(root)), ["#0", "c.1#0", "c.1#1", "c.1#2"]);
  assert.deepEqual(typedValues(root), { "#0": "top", "c.1#0": "a", "c.1#2": 1 },
    "a field without a value is left out");
});

test("restoreValues puts back and sends the values fields no longer show", () => {
  const { document, root } = fields(
    `<div data-ocaf-component="c"><input data-ocaf-input="h1" value="">` +
    `<input type="checkbox" data-ocaf-change="h2" checked=""><input data-ocaf-input="h3" value="same"></div>`);
  const sent = [];
  const restored = restoreValues(document, root, { "c#0": "draft", "c#1": false, "c#2": "same", "d#0": "x" },
    (message) => { sent.push(message); return message.handler !== "h2"; });
  const [text, checkbox] = root.querySelectorAll("input");
  assert.equal(text.value, "draft");
  assert.equal(checkbox.checked, false);
  assert.deepEqual(sent, [{ handler: "h1", value: "draft" }, { handler: "h2", value: false }]);
  assert.equal(restored, 1, "what went");
  assert.deepEqual(text.ocafPending, ["draft"], "its echo keeps what it shows");
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
