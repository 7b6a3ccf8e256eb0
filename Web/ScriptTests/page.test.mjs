// Unit tests of page.js (`createPage`: starting a live page, its state and wiring), run by
// `node --test Web/ScriptTests`. Each page test starts the page script on a stand-in page
// (fake-browser.mjs), plays the server's side of the socket, and checks the page and what it sent.

import test from "node:test";
import assert from "node:assert/strict";
import { makeWindow, FakeSocket } from "./fake-browser.mjs";
import { page, postableCounter } from "./fixtures.mjs";
import { createPage, dropFormsWithoutScript, scriptNonce } from
  "../../Sources/ComposableWeb/Resources/PageScript/page.js";

const mainURL = new URL("../../Sources/ComposableWeb/Resources/PageScript/main.js", import.meta.url).href;

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

test("dropFormsWithoutScript keeps the page's own forms, without their session fields", () => {
  const window = makeWindow(
    `<main id="ocaf-root"><form method="post" data-ocaf-submit="h2">` +
    `<input type="hidden" name="ocaf-form" value="c-form-0">` +
    `<input type="hidden" name="ocaf-session" value="s1"><input name="title" value="x"></form></main>`,
    "/todos");
  const root = window.document.getElementById("ocaf-root");
  dropFormsWithoutScript(root);
  const form = root.querySelector("form");
  assert.notEqual(form, null);
  assert.deepEqual(form.querySelectorAll("input").map((input) => input.getAttribute("name")),
    ["ocaf-form", "title"]);
});

test("a document without a live page's root starts nothing", () => {
  FakeSocket.opened = [];
  const window = makeWindow(`<p>Not a live page.</p>`, "/about");
  assert.equal(createPage(window), null);
  assert.equal(FakeSocket.opened.length, 0);
});

test("a page gives its socket the nonce of its script element", () => {
  FakeSocket.opened = [];
  const window = makeWindow(
    `<main id="ocaf-root" data-ocaf-feature="counter"></main><script type="module"></script>`, "/counter");
  const script = window.document.querySelector("script");
  // What a browser shows of the element: its resolved `src`, and its nonce as a property.
  Object.assign(script, { src: mainURL, nonce: "0123456789abcdef0123456789abcdef" });
  const live = createPage(window);
  const url = new URL(live.socket().url);
  assert.equal(url.searchParams.get("nonce"), "0123456789abcdef0123456789abcdef");
});

test("scriptNonce finds the script that loads the entry, or the current script", () => {
  const window = makeWindow(`<script></script><script></script>`, "/counter");
  const document = window.document;
  const [other, entry] = document.querySelectorAll("script");
  Object.assign(other, { src: "https://example.com/analytics.js", nonce: "other" });
  assert.equal(scriptNonce(document, "https://example.com/app/ocaf/main.js"), "");
  Object.assign(entry, { src: "https://example.com/app/ocaf/main.js?v=2", nonce: "n1" });
  assert.equal(scriptNonce(document, "https://example.com/app/ocaf/main.js"), "n1", "query aside");
  // A classic script (no module) is the document's current script.
  document.currentScript = { nonce: "n2" };
  assert.equal(scriptNonce(document, "https://example.com/app/ocaf/main.js"), "n2");
});

test("createPage returns the page's apply, socket, session and state", () => {
  const { live, socket } = page({ html: "" });
  assert.deepEqual(Object.keys(live).sort(), ["apply", "page", "session", "socket"]);
  assert.equal(live.page().socket, socket);
  assert.equal(live.socket(), socket);
  assert.equal(live.session(), "s1");
  live.apply({ type: "attached", session: "s2" });
  assert.equal(live.session(), "s2");
});
