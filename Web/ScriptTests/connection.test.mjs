// Unit tests of connection.js (the page's socket: its URL, sending, reconnecting with backoff,
// the status and the offline, inert page), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { FakeSocket } from "./fake-browser.mjs";
import { connected, counter, page, pageState } from "./fixtures.mjs";
import { connect, reconnectDelay, send, setOffline, setStatus, socketURL } from
  "../../Sources/ComposableWeb/Resources/PageScript/connection.js";
import { VERSION } from "../../Sources/ComposableWeb/Resources/PageScript/protocol.js";

test("a socket's URL names the feature, the page, the protocol's version, the nonce and session", () => {
  const state = pageState({
    body: `<main id="ocaf-root" data-ocaf-socket="/app/live"></main>`, url: "/app/todos?q=a b&x=1",
    feature: "todos", nonce: "n1", sessionID: "s 1",
  });
  const url = new URL(socketURL(state));
  assert.equal(url.protocol, "ws:");
  assert.equal(url.host, "localhost:8080");
  assert.equal(url.pathname, "/app/live");
  assert.deepEqual([...url.searchParams], [
    ["feature", "todos"], ["page", "/app/todos?q=a b&x=1"], ["version", String(VERSION)],
    ["nonce", "n1"], ["session", "s 1"],
  ]);
  // A page switched to by a live link names no feature or session; an HTTPS page's socket is wss.
  state.window.location.protocol = "https:";
  Object.assign(state, { feature: null, nonce: "", sessionID: null });
  state.root.removeAttribute("data-ocaf-socket");
  const bare = new URL(socketURL(state));
  assert.equal(bare.protocol, "wss:");
  assert.equal(bare.pathname, "/live", "the default path");
  assert.deepEqual([...bare.searchParams.keys()], ["page", "version"]);
});

test("every socket a page opens tells the server the protocol's version", () => {
  assert.equal(Number.isInteger(VERSION) && VERSION > 0, true);
  const { window, socket } = page({ html: counter(0) });
  assert.equal(new URL(socket.url).searchParams.get("version"), String(VERSION));
  socket.receive({ type: "attached", session: "s1" });
  socket.close();
  window.runTimers();
  assert.equal(new URL(FakeSocket.opened[1].url).searchParams.get("version"), String(VERSION),
    "a reconnection too");
});

test("a page told to reload by its socket's first message reloads, and does not reconnect", () => {
  // What the server answers a page whose script speaks another version of the protocol.
  const { window, socket, root } = page({ html: counter(0) });
  socket.receive({ type: "reload" });
  assert.equal(window.location.reloads, 1);
  assert.equal(root.inert, true, "the page stays inert while it loads");
  socket.close();
  window.runTimers();
  assert.equal(FakeSocket.opened.length, 1, "no reconnection");
  assert.equal(window.document.getElementById("ocaf-status").textContent, "Loading…");
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

test("reconnections back off from a quarter of a second to ten, and wait ten when refused", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => reconnectDelay(attempts, false)),
    [250, 500, 1000, 2000, 4000, 8000, 10000, 10000]);
  assert.equal(reconnectDelay(1, true), 10000);
});

test("connect hands the server's messages to the page, and reconnects when the socket closes", () => {
  const state = pageState({ sessionID: "s1" });
  const delays = [];
  const setTimeout = state.window.setTimeout;
  state.window.setTimeout = (run, delay) => { delays.push(delay); return setTimeout(run, delay); };
  connect(state);
  const first = FakeSocket.opened[0];
  assert.equal(state.socket, first);
  first.open();
  first.receive({ type: "attached", session: "s1" });
  assert.deepEqual(state.received, [{ type: "attached", session: "s1" }]);
  assert.equal(state.heard, true);
  state.stopping = "The server is restarting.";
  first.close();
  assert.equal(state.socket, null);
  assert.equal(state.root.inert, true);
  assert.equal(state.status.textContent, "The server is restarting. Reconnecting…");
  state.window.runTimers();
  const second = FakeSocket.opened[1];
  assert.equal(state.heard, false, "a new socket has heard nothing yet");
  second.close();
  state.window.runTimers();
  assert.deepEqual(delays, [250, 500], "backing off");
  FakeSocket.opened[2].open();
  assert.equal(state.attempts, 0, "an open socket starts the count again");
  assert.equal(state.stopping, null);
  // What a socket the page left still delivers is not the page's.
  first.receive({ type: "attached", session: "old" });
  assert.equal(state.received.length, 1);
});

test("send sends a handler (with its value) or a navigation, once the socket heard the server", () => {
  const state = pageState();
  assert.equal(send(state, { handler: "h1" }), false, "no socket");
  const socket = connected(state);
  state.heard = false;
  assert.equal(send(state, { handler: "h1" }), false, "nothing heard yet");
  state.heard = true;
  assert.equal(send(state, { handler: "" }), false, "no handler");
  assert.equal(send(state, { handler: "h1", extra: 1 }), true);
  assert.equal(send(state, { handler: "h2", value: false }), true);
  assert.equal(send(state, { navigate: "", handler: "h3" }), true);
  assert.deepEqual(socket.sent, [{ handler: "h1" }, { handler: "h2", value: false }, { navigate: "" }]);
  socket.readyState = 3;
  assert.equal(send(state, { handler: "h1" }), false, "a closed socket");
});

test("the status shows text, hides when empty, and a notice goes after a while", () => {
  const state = pageState();
  setStatus(state, "Disconnected.");
  assert.equal(state.status.textContent, "Disconnected.");
  assert.equal(state.status.hidden, false);
  assert.equal(state.status.className, "");
  setStatus(state, "Reset.", true);
  assert.equal(state.status.className, "ocaf-notice");
  state.window.runTimers();
  assert.equal(state.status.textContent, "");
  assert.equal(state.status.hidden, true);
  // A page without a status element says nothing.
  setStatus(pageState({ status: null }), "Disconnected.");
});

test("an offline page is inert and busy, dimmed unless quietly", () => {
  const state = pageState();
  setOffline(state, true, true);
  assert.equal(state.root.inert, true);
  assert.equal(state.root.getAttribute("aria-busy"), "true");
  assert.equal(state.root.classList.contains("ocaf-offline"), false);
  setOffline(state, true);
  assert.equal(state.root.classList.contains("ocaf-offline"), true);
  setOffline(state, false);
  assert.equal(state.root.inert, false);
  assert.equal(state.root.getAttribute("aria-busy"), "false");
  assert.equal(state.root.classList.contains("ocaf-offline"), false);
});
