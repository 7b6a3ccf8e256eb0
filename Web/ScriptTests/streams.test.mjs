// Unit tests of streams.js (a stream container keeps its rows across patches; a patch's
// `streams` insert, update, delete and reset them by key; the `visible` event), run by
// `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire } from "./fake-browser.mjs";
import { page } from "./fixtures.mjs";

const row = (key, text, handler = "h9") =>
  `<li data-ocaf-key="${key}"><span>${text}</span><button data-ocaf-click="${handler}">★</button></li>`;

function streamPage() {
  const live = page({ html: `<div data-ocaf-component="c"><p>0</p><ul data-ocaf-stream="people"></ul></div>` });
  live.socket.receive({ type: "attached", session: "s1" });
  return live;
}

const names = (root) => root.querySelectorAll("span").map((span) => span.textContent);

test("rows are inserted at the end or the start, updated in place by key, deleted and reset", () => {
  const { socket, root } = streamPage();
  socket.receive({ type: "patch", patches: [], streams: [{ name: "people", ops: [
    { op: "insert", key: "1", at: "end", html: row("1", "Ada") },
    { op: "insert", key: "2", at: "end", html: row("2", "Grace") },
    { op: "insert", key: "0", at: "start", html: row("0", "Alan") },
  ] }] });
  assert.deepEqual(names(root), ["Alan", "Ada", "Grace"]);
  const ada = root.querySelectorAll("li")[1];
  socket.receive({ type: "patch", patches: [], streams: [{ name: "people", ops: [
    { op: "insert", key: "1", at: "end", html: row("1", "Ada L.") },
    { op: "delete", key: "0" },
  ] }] });
  assert.deepEqual(names(root), ["Ada L.", "Grace"]);
  assert.equal(root.querySelectorAll("li")[0], ada, "an update keeps the row's node and place");
  socket.receive({ type: "patch", patches: [], streams: [{ name: "people", ops: [
    { op: "reset" }, { op: "insert", key: "7", at: "end", html: row("7", "Barbara") },
  ] }] });
  assert.deepEqual(names(root), ["Barbara"]);
});

test("a patch of the container's component leaves its rows as they are", () => {
  const { socket, root } = streamPage();
  socket.receive({ type: "patch", patches: [], streams: [{ name: "people", ops: [
    { op: "insert", key: "1", at: "end", html: row("1", "Ada") },
  ] }] });
  socket.receive({ type: "patch", patches: [{ id: "c", html: `<p>1</p><ul data-ocaf-stream="people" class="x"></ul>` }] });
  assert.deepEqual(names(root), ["Ada"]);
  assert.equal(root.querySelector("ul").getAttribute("class"), "x");
  assert.equal(root.querySelector("p").textContent, "1");
});

test("a row's click asks for an acknowledgement, which ends its busy mark", () => {
  const { socket, root } = streamPage();
  socket.receive({ type: "patch", patches: [], streams: [{ name: "people", ops: [
    { op: "insert", key: "1", at: "end", html: row("1", "Ada", "h4") },
  ] }] });
  const star = root.querySelector("button");
  fire(star, "click");
  assert.deepEqual(socket.sent, [{ handler: "h4", ref: 1 }]);
  assert.equal(star.getAttribute("aria-busy"), "true");
  socket.receive({ type: "patch", patches: [], acknowledged: [1] });
  assert.equal(star.hasAttribute("aria-busy"), false);
});

test("an element that answers visible sends it each time it comes into view", () => {
  const observed = [];
  let callback = null;
  const live = page({ html: `<div data-ocaf-component="c"><p id="more" data-ocaf-visible="h3">More</p></div>` });
  live.window.IntersectionObserver = class {
    constructor(run) { callback = run; }
    observe(element) { observed.push(element); }
    unobserve(element) { observed.splice(observed.indexOf(element), 1); }
  };
  live.socket.receive({ type: "attached", session: "s1" });
  const more = live.root.querySelector("p");
  assert.deepEqual(observed, [more]);
  callback([{ target: more, isIntersecting: true }]);
  callback([{ target: more, isIntersecting: false }]);
  callback([{ target: more, isIntersecting: true }]);
  assert.deepEqual(live.socket.sent, [{ handler: "h3" }, { handler: "h3" }]);
  live.socket.receive({ type: "patch", patches: [{ id: "c", html: `<p>Done</p>` }] });
  assert.deepEqual(observed, [], "an element that no longer answers it is no longer watched");
});
