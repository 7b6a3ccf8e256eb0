// Unit tests of location.js (the page's URL and the browser's history: routed pages' locations,
// navigation stacks' history entries, switching to another live page), run by
// `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { FakeSocket } from "./fake-browser.mjs";
import { connected, counter, page, pageState } from "./fixtures.mjs";
import {
  here, isLocation, listenToHistory, locationBelow, sameSite, showLocation, switchTo, syncStackHistory,
} from "../../Sources/ComposableWeb/Resources/PageScript/location.js";

const stack = (depth) =>
  `<div data-ocaf-component="c"><div data-ocaf-stack="" data-ocaf-depth="${depth}" data-ocaf-pop="p${depth}"></div></div>`;

test("a part of a URL below a page's path is its location there", () => {
  assert.equal(locationBelow("/todos", "/todos"), "");
  assert.equal(locationBelow("/todos", "/todos?filter=active"), "?filter=active");
  assert.equal(locationBelow("/todos", "/todos/3?x=1"), "/3?x=1");
  assert.equal(locationBelow("/todos", "/todos/"), "");
  assert.equal(locationBelow("/todos", "/todosx"), null);
  assert.equal(locationBelow("/todos", "/other?todos"), null);
});

test("here is a location's path and query; sameSite, a link's on this site only", () => {
  const { window } = pageState({ url: "/app/todos?filter=done" });
  assert.equal(here(window.location), "/app/todos?filter=done");
  assert.equal(sameSite(window, "about"), "/app/about", "relative to the page's URL");
  assert.equal(sameSite(window, "?q=1"), "/app/todos?q=1");
  assert.equal(sameSite(window, "http://localhost:8080/x?y"), "/x?y");
  assert.equal(sameSite(window, "https://localhost:8080/x"), null, "another origin");
  assert.equal(sameSite(window, "//elsewhere.example/"), null);
  assert.equal(sameSite(window, "http://[bad"), null, "not a URL");
});

test("a location is empty, a query, or a path below the page's, never another origin's", () => {
  for (const below of ["", "?a=1", "/3", "/3?x"]) assert.equal(isLocation(below), true, below);
  for (const below of ["//evil.example/", "x", "http://evil.example/", undefined, null, 3]) {
    assert.equal(isLocation(below), false, String(below));
  }
});

test("showLocation pushes or replaces the URL of a location, unless the page is there", () => {
  const state = pageState({ url: "/todos", base: "/todos", routed: true });
  const history = state.window.history;
  showLocation(state, "", "push");
  assert.equal(history.length, 1, "already there");
  showLocation(state, "?filter=done", "push");
  assert.equal(history.length, 2);
  assert.deepEqual(history.state, { ocafURL: true });
  showLocation(state, "/2", "replace");
  assert.equal(history.length, 2);
  assert.equal(here(state.window.location), "/todos/2");
  showLocation(state, "//evil.example/", "push");
  assert.equal(here(state.window.location), "/todos/2");
  // The app's root page has the path "/".
  const rooted = pageState({ url: "/?x", base: "" });
  showLocation(rooted, "", "replace");
  assert.equal(here(rooted.window.location), "/");
});

test("syncStackHistory adds an entry per level, and goes back over the levels left", () => {
  const state = pageState({ body: `<main id="ocaf-root">${stack(2)}</main>` });
  const history = state.window.history;
  syncStackHistory(state);
  assert.equal(history.length, 3);
  assert.deepEqual(history.state, { ocafDepth: 2 });
  state.root.innerHTML = stack(0);
  syncStackHistory(state);
  assert.equal(state.historyDepth, 0);
  assert.equal(state.ignoredPops, 1, "the page's own move is no user's Back");
  assert.equal(history.index, 0);
  // A routed page's URL says where it is.
  const routed = pageState({ body: `<main id="ocaf-root">${stack(2)}</main>`, routed: true });
  syncStackHistory(routed);
  assert.equal(routed.window.history.length, 1);
});

test("switchTo leaves the page's session for a new socket at another URL", () => {
  const state = pageState({ url: "/counter", sessionID: "s1", historyDepth: 2, ignoredPops: 1 });
  const previous = connected(state);
  switchTo(state, "/about", true);
  assert.equal(previous.readyState, 3);
  assert.equal(here(state.window.location), "/about");
  assert.equal(state.window.history.length, 2);
  assert.deepEqual([state.feature, state.sessionID, state.historyDepth, state.ignoredPops], [null, null, 0, 0]);
  assert.equal(state.root.inert, true);
  assert.equal(state.root.classList.contains("ocaf-offline"), false, "quietly");
  const url = new URL(state.socket.url);
  assert.equal(url.searchParams.get("page"), "/about");
  assert.equal(url.searchParams.has("feature"), false);
  // Without `push` (Back or Forward got there) the history stays.
  switchTo(state, "/about", false);
  assert.equal(state.window.history.length, 2);
});

test("Back below a stack's top pops it; Forward to a level the stack left goes back", () => {
  const state = pageState({ body: `<main id="ocaf-root">${stack(2)}</main>` });
  const socket = connected(state);
  listenToHistory(state);
  syncStackHistory(state);
  state.window.back();
  assert.deepEqual(socket.sent, [{ handler: "p2", value: 1 }]);
  // The state popped to level 1: Forward to level 2, which no longer is, is undone.
  state.root.innerHTML = stack(1);
  state.window.forward();
  assert.equal(state.window.history.index, 1);
  assert.equal(state.historyDepth, 1);
  assert.equal(state.ignoredPops, 0, "the page's own move was not taken for the user's");
  assert.equal(socket.sent.length, 1);
});

test("a page without a route keeps an entry per stack level, and Back pops", () => {
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
