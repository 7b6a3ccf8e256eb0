// What the page script's tests share: where its modules are, a live page started on the
// stand-in browser (fake-browser.mjs) with the server's side of its socket, a bare page state for
// the unit tests of modules that take one, and a few of the server's renders.

import { fileURLToPath } from "node:url";
import { makeWindow, FakeSocket } from "./fake-browser.mjs";
import { createPage } from "../../Sources/ComposableWeb/Resources/PageScript/page.js";

// The folder of the page script's modules.
export const scriptFolder = fileURLToPath(
  new URL("../../Sources/ComposableWeb/Resources/PageScript/", import.meta.url));

// A page as the server serves it: `main` holds the first render when `html` is given.
export function page({ html = "", session = "s1", url = "/counter", attributes = "", before = "" } = {}) {
  FakeSocket.opened = [];
  const window = makeWindow(
    before + `<p id="ocaf-status" hidden>Connecting…</p>` +
    `<main id="ocaf-root" data-ocaf-feature="counter" data-ocaf-socket="/live"` +
    (session ? ` data-ocaf-session="${session}"` : "") + ` ${attributes}>${html}</main>`,
    url);
  const live = createPage(window);
  const socket = FakeSocket.opened[0];
  socket.open();
  return { window, live, socket, root: window.document.getElementById("ocaf-root") };
}

// The state `createPage` keeps for a page showing `body` at `url` (its root is #ocaf-root, or
// the body), nothing connected: for the modules' functions that take a page. `fields` override.
export function pageState({ body = `<main id="ocaf-root"></main>`, url = "/counter", ...fields } = {}) {
  FakeSocket.opened = [];
  const window = makeWindow(`<p id="ocaf-status" hidden></p>` + body, url);
  const document = window.document;
  const received = [];
  return Object.assign({
    window, document,
    root: document.getElementById("ocaf-root") || document.body,
    status: document.getElementById("ocaf-status"),
    feature: "counter", base: "", routed: false, sessionID: null, nonce: "",
    socket: null, heard: false, attempts: 0, refusal: null, stopped: null, stopping: null,
    historyDepth: 0, ignoredPops: 0, noticeTimer: null,
    received, receive(message) { received.push(message); },
  }, fields);
}

// An open socket of `state` that has heard from the server, as `connect` leaves it.
export function connected(state) {
  const socket = new FakeSocket("ws://localhost:8080/live");
  socket.readyState = FakeSocket.OPEN;
  state.socket = socket;
  state.heard = true;
  return socket;
}

export const counter = (count, handler = "h1") =>
  `<div data-ocaf-component="c"><span class="count">${count}</span>` +
  `<button data-ocaf-click="${handler}">+</button></div>`;

// A counter inside a form, as a page rendered over HTTP writes it for browsers without JavaScript.
export const postableCounter = (count) =>
  `<form method="post" data-ocaf-submit="h2"><input type="hidden" name="ocaf-form" value="c-form-0">` +
  `<input type="hidden" name="ocaf-session" value="s1">${counter(count)}</form>`;
