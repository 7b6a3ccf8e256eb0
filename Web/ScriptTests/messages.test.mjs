// Unit tests of messages.js (what the page does with each of the server's messages, and taking
// on a page it switched to), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { connected, pageState } from "./fixtures.mjs";
import { receive, takePage } from "../../Sources/ComposableWeb/Resources/PageScript/messages.js";
import { ServerMessage } from "../../Sources/ComposableWeb/Resources/PageScript/protocol.js";

const header = `<header><h1>Counter</h1><p class="ocaf-summary">Counts.</p><p class="ocaf-about">More.</p></header>`;

test("takePage takes on the feature, path, route, title and header of the page switched to", () => {
  const state = pageState({ body: header + `<main id="ocaf-root" data-ocaf-routed=""></main>`, routed: true });
  takePage(state, { feature: "about", base: "/about", title: "About", heading: "About us", about: "Since 2020." });
  assert.deepEqual([state.feature, state.base, state.routed], ["about", "/about", false]);
  assert.equal(state.root.getAttribute("data-ocaf-feature"), "about");
  assert.equal(state.root.getAttribute("data-ocaf-base"), "/about");
  assert.equal(state.root.hasAttribute("data-ocaf-routed"), false);
  assert.equal(state.document.title, "About");
  const parts = ["h1", ".ocaf-summary", ".ocaf-about"].map((selector) => state.document.querySelector(selector));
  assert.deepEqual(parts.map((part) => [part.textContent, part.hidden]),
    [["About us", false], ["", true], ["Since 2020.", false]]);
  // A layout without a header, and a page without a title.
  const bare = pageState();
  bare.document.title = "Old";
  takePage(bare, { feature: "todos", base: "/todos", routed: true });
  assert.equal(bare.root.hasAttribute("data-ocaf-routed"), true);
  assert.equal(bare.document.title, "Old");
});

test("reload loads the page, and marks it stopped (its socket's close starts no reconnection)", () => {
  const state = pageState();
  receive(state, { type: ServerMessage.reload });
  assert.equal(state.window.location.reloads, 1);
  assert.equal(state.stopped, "Loading…");
});

test("refused, replaced and stopping say why in the status", () => {
  const state = pageState();
  receive(state, { type: ServerMessage.refused, reason: "Busy." });
  assert.equal(state.refusal, "Busy.");
  assert.equal(state.status.textContent, "Busy.");
  receive(state, { type: ServerMessage.stopping, reason: "Restarting." });
  assert.equal(state.stopping, "Restarting.");
  assert.equal(state.status.textContent, "Restarting.");
  receive(state, { type: ServerMessage.replaced, reason: "Opened in another tab." });
  assert.equal(state.stopped, "Opened in another tab.");
  assert.equal(state.status.textContent, "Opened in another tab.");
});

test("attached brings the page online in the session it shows", () => {
  const state = pageState({ sessionID: "s1" });
  state.root.inert = true;
  state.status.textContent = "Connecting…";
  receive(state, { type: ServerMessage.attached, session: "s1" });
  assert.equal(state.sessionID, "s1");
  assert.equal(state.root.inert, false);
  assert.equal(state.status.hidden, true);
});

test("a render replaces the page's content and opens its dialogs; a first one is no lost session", () => {
  const state = pageState({ body: `<main id="ocaf-root"><p>Old</p></main>` });
  connected(state);
  receive(state, {
    type: ServerMessage.render, session: "s1",
    html: `<div data-ocaf-component="c"><dialog data-ocaf-modal=""></dialog></div>`,
  });
  assert.equal(state.sessionID, "s1");
  assert.equal(state.root.querySelector("p"), null);
  assert.equal(state.root.querySelector("dialog").open, true);
  assert.equal(state.status.textContent, "");
});

test("a patch updates the components it names, skipping those the page no longer has", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><div data-ocaf-component="a">1</div><div data-ocaf-component="b">2</div></main>`,
  });
  receive(state, { type: ServerMessage.patch, patches: [{ id: "b", html: "two" }, { id: "gone", html: "x" }] });
  assert.equal(state.root.textContent, "1two");
});

test("a routed page shows the location a message carries; a page without a route does not", () => {
  const routed = pageState({ url: "/todos", base: "/todos", routed: true });
  receive(routed, { type: ServerMessage.patch, patches: [], location: "?filter=done" });
  assert.equal(routed.window.location.search, "?filter=done");
  assert.equal(routed.window.history.length, 1, "replaced unless the message says push");
  const plain = pageState({ url: "/todos", base: "/todos" });
  receive(plain, { type: ServerMessage.patch, patches: [], location: "?filter=done", history: "push" });
  assert.equal(plain.window.location.search, "");
});
