// A live page: `createPage` finds the page's root, keeps the page's state (the one object the
// other modules share, as `page`), listens to its events and history, and connects its socket.
// A page rendered over HTTP names the session that rendered it, and its socket takes that
// session over, getting only what changed since.

import { Attribute, ElementID, FormField } from "./protocol.js";
import { connect, setOffline } from "./connection.js";
import { listenToDialogs } from "./dialogs.js";
import { listen } from "./events.js";
import { listenToHistory, showLocation } from "./location.js";
import { receive } from "./messages.js";
import { listenToUploads } from "./uploads.js";

// The entry a page loads, beside this file (see `scriptNonce`).
const ENTRY = new URL("./main.js", import.meta.url).href;

// The page's nonce for inline styles, which its script element carries: a session this page
// starts over the socket gives its styles the same one. A module script has no
// `document.currentScript`: the element is the script whose `src` is `entry` (query aside).
export function scriptNonce(document, entry) {
  const path = function (url) { return String(url).split(/[?#]/)[0]; };
  const script = document.currentScript ||
    Array.prototype.find.call(document.querySelectorAll("script"), function (element) {
      return typeof element.src === "string" && element.src !== "" && path(element.src) === path(entry);
    });
  return (script && script.nonce) || "";
}

// A rendered page's socket takes over its session, so the page drops what lets a browser without
// JavaScript post its forms: the hidden session fields, and the hidden form a button outside
// every form posts (here its click goes over the socket, and the page takes the shape of the
// socket's patches, which have no such forms).
export function dropFormsWithoutScript(root) {
  root.querySelectorAll('input[name="' + FormField.session + '"]').forEach(function (field) {
    field.parentNode.removeChild(field);
  });
  root.querySelectorAll("form[" + Attribute.buttonForm + "]").forEach(function (form) {
    root.querySelectorAll("button[form]").forEach(function (button) {
      if (button.getAttribute("form") === form.getAttribute("id")) button.removeAttribute("form");
    });
    form.parentNode.removeChild(form);
  });
}

// Starts the live page of `window`'s document, if it has one (an element #ocaf-root), and
// returns what the tests look at (main.js, what a page runs, keeps it to itself); null without
// a root.
export function createPage(window) {
  const document = window.document;
  const root = document.getElementById(ElementID.root);
  if (!root) return null;
  const history = window.history;
  const page = {
    window: window,
    document: document,
    root: root,
    status: document.getElementById(ElementID.status),
    feature: root.getAttribute(Attribute.feature),
    base: root.getAttribute(Attribute.base) || "",
    routed: root.hasAttribute(Attribute.routed),
    // A page rendered over HTTP names the session that rendered it: its socket takes it over.
    sessionID: root.getAttribute(Attribute.session),
    nonce: scriptNonce(document, ENTRY),
    // The socket, and whether it has had its first message from the server.
    socket: null,
    heard: false,
    attempts: 0,
    // Why the server refused the page, stopped it (for good), or is stopping.
    refusal: null,
    stopped: null,
    stopping: null,
    historyDepth: (history.state && history.state.ocafDepth) || 0,
    // The simulated latency, in milliseconds (a development setting; see connection.js).
    latency: Number(root.getAttribute(Attribute.latency)) || 0,
    // The refs of messages waiting for the server's answer, and their busy elements; what
    // waits to be sent (debounced or throttled).
    refs: 0,
    busy: new Map(),
    waiting: [],
    ignoredPops: 0,
    noticeTimer: null,
    receive: function (message) { receive(page, message); },
  };
  // The session's id stays inside the script.
  root.removeAttribute(Attribute.session);
  dropFormsWithoutScript(root);
  listenToHistory(page);
  listen(page);
  listenToDialogs(page);
  listenToUploads(page);
  // A routed page rendered over HTTP shows the URL of its state (a deep link the feature
  // normalized, e.g. an unknown filter, shows the URL of what the page shows).
  const shown = root.getAttribute(Attribute.location);
  if (page.routed && shown !== null) showLocation(page, shown, "replace");
  setOffline(page, true, page.sessionID !== null);
  connect(page);
  return {
    apply: page.receive,
    socket: function () { return page.socket; },
    session: function () { return page.sessionID; },
    page: function () { return page; },
  };
}
