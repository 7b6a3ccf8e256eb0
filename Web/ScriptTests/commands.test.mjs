// Unit tests of commands.js (client commands: show, hide, toggle, classes, attributes, focus,
// dispatch), of their running before an event's action, and of their staying applied across
// patches. Run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire } from "./fake-browser.mjs";
import { connected, pageState } from "./fixtures.mjs";
import { isSafeAttribute, runCommands } from "../../Sources/ComposableWeb/Resources/PageScript/commands.js";
import { update } from "../../Sources/ComposableWeb/Resources/PageScript/dom_patch.js";
import { listen } from "../../Sources/ComposableWeb/Resources/PageScript/events.js";

const options = (value) => `data-ocaf-options="${JSON.stringify(value).replace(/"/g, "&quot;")}"`;

function listening(html) {
  const state = pageState({ body: `<main id="ocaf-root">${html}</main>` });
  const socket = connected(state);
  listen(state);
  return { state, socket, root: state.root, window: state.window };
}

test("show, hide and toggle set hidden on the elements a selector finds, or the element itself", () => {
  const state = pageState({ body: `<main id="ocaf-root"><nav id="menu" hidden></nav><p class="note">n</p><b>x</b></main>` });
  const menu = state.root.querySelector("nav"), note = state.root.querySelector("p"), bold = state.root.querySelector("b");
  runCommands(state, bold, [["show", { to: "#menu" }], ["hide", { to: ".note" }], ["toggle", {}]]);
  assert.equal(menu.hidden, false);
  assert.equal(note.hidden, true);
  assert.equal(bold.hidden, true, "without a selector, the element itself");
  runCommands(state, bold, [["toggle", { to: "#menu" }], ["toggle", {}]]);
  assert.equal(menu.hidden, true);
  assert.equal(bold.hidden, false);
});

test("classes are added, removed and toggled by name; attributes set and removed, but never an inline handler", () => {
  const state = pageState({ body: `<main id="ocaf-root"><div id="panel" class="a b" title="t"></div></main>` });
  const panel = state.root.querySelector("div");
  runCommands(state, panel, [
    ["add-class", { names: "open wide" }], ["remove-class", { names: "a" }], ["toggle-class", { names: "b c" }],
    ["set-attribute", { name: "aria-expanded", value: "true" }], ["remove-attribute", { name: "title" }],
    ["set-attribute", { name: "onclick", value: "alert(1)" }], ["set-attribute", { name: "ONLOAD", value: "x" }],
  ]);
  assert.deepEqual(panel.className.split(" ").sort(), ["c", "open", "wide"]);
  assert.equal(panel.getAttribute("aria-expanded"), "true");
  assert.equal(panel.hasAttribute("title"), false);
  assert.equal(panel.hasAttribute("onclick"), false);
  assert.equal(panel.hasAttribute("ONLOAD"), false);
  assert.equal(isSafeAttribute("data-x"), true);
  assert.equal(isSafeAttribute("on"), false);
  assert.equal(isSafeAttribute("a b"), false);
});

test("focus goes to the first element found; dispatch sends a bubbling event with its detail", () => {
  const state = pageState({ body: `<main id="ocaf-root"><input id="a"><input id="b"><p id="t"></p></main>` });
  const [a] = state.root.querySelectorAll("input");
  const target = state.root.querySelector("p");
  const heard = [];
  state.root.addEventListener("app:copy", (event) => heard.push([event.target, event.detail, event.bubbles]));
  runCommands(state, target, [["focus", { to: "input" }], ["dispatch", { event: "app:copy", detail: "hi" }]]);
  assert.equal(state.document.activeElement, a);
  assert.deepEqual(heard, [[target, "hi", true]]);
});

test("a selector the page cannot read, and a command it does not know, change nothing", () => {
  const state = pageState({ body: `<main id="ocaf-root"><p id="t"></p></main>` });
  const p = state.root.querySelector("p");
  assert.doesNotThrow(() => runCommands(state, p, [["hide", { to: "##" }], ["explode", {}], "junk", null]));
  assert.equal(p.hidden, false);
});

test("a click runs its commands, then sends its action; a button with commands alone sends nothing", () => {
  const { socket, root } = listening(
    `<nav id="menu" hidden></nav>` +
    `<button id="open" ${options({ click: { js: [["show", { to: "#menu" }]] } })}>Menu</button>` +
    `<button id="save" data-ocaf-click="h1" ${options({ click: { js: [["add-class", { names: "saving", to: "#menu" }]] } })}>Save</button>`);
  const menu = root.querySelector("nav");
  const open = fire(root.querySelector("#open") || root.querySelectorAll("button")[0], "click");
  assert.equal(open.defaultPrevented, true, "the button submits no form");
  assert.equal(menu.hidden, false);
  assert.deepEqual(socket.sent, []);
  fire(root.querySelectorAll("button")[1], "click");
  assert.equal(menu.classList.contains("saving"), true);
  assert.deepEqual(socket.sent, [{ handler: "h1" }]);
});

test("what commands changed stays changed when a patch renders the element again", () => {
  const { state, root } = listening(
    `<div data-ocaf-component="c"><nav id="menu" class="menu" hidden><a>1</a></nav>` +
    `<button ${options({ click: { js: [["show", { to: "#menu" }], ["add-class", { names: "open", to: "#menu" }], ["set-attribute", { name: "aria-expanded", value: "true" }]] } })}>Menu</button></div>`);
  const menu = root.querySelector("nav");
  const button = root.querySelector("button");
  fire(button, "click");
  update(state, root.querySelector("[data-ocaf-component]"),
    `<nav id="menu" class="menu" hidden><a>1</a><a>2</a></nav><button>Menu</button>`);
  assert.equal(root.querySelector("nav"), menu, "the same node");
  assert.equal(menu.querySelectorAll("a").length, 2, "the patch applied");
  assert.equal(menu.hidden, false, "still shown");
  assert.equal(menu.classList.contains("open"), true);
  assert.equal(button.getAttribute("aria-expanded"), "true");
});
