// Unit tests of dom_patch.js (morphing the page into the server's render: keyed rows, kept
// components, attributes, and fields that keep focus, caret and what the user typed on), run by
// `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire, parseHTML, serialize } from "./fake-browser.mjs";
import { page, pageState } from "./fixtures.mjs";
import {
  findComponent, isKeep, keyOf, morph, morphChildren, syncAttributes, syncValue, update,
} from "../../Sources/ComposableWeb/Resources/PageScript/dom_patch.js";
import { noteSent } from "../../Sources/ComposableWeb/Resources/PageScript/values.js";

// The nodes of `html`, made by `state`'s document.
const nodes = (state, html) => parseHTML(html, state.document);
const element = (state, html) => nodes(state, html)[0];

test("components are keyed by id, other elements by data-ocaf-key, text by nothing", () => {
  const state = pageState();
  assert.equal(keyOf(element(state, `<div data-ocaf-component="c.1" data-ocaf-key="k"></div>`)), "c.1");
  assert.equal(keyOf(element(state, `<li data-ocaf-key="k"></li>`)), "key:k");
  assert.equal(keyOf(element(state, `<li data-ocaf-key=""></li>`)), "key:");
  assert.equal(keyOf(element(state, `<li></li>`)), null);
  assert.equal(keyOf(nodes(state, `text`)[0]), null);
  assert.equal(isKeep(element(state, `<div data-ocaf-component="c" data-ocaf-keep=""></div>`)), true);
  assert.equal(isKeep(element(state, `<div data-ocaf-component="c"></div>`)), false);
  assert.equal(isKeep(nodes(state, `text`)[0]), false);
});

test("findComponent finds a component of the page by its id, whatever it holds", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><div data-ocaf-component="a"><div data-ocaf-component="say &quot;hi&quot;"></div></div></main>`,
  });
  assert.equal(findComponent(state, "a"), state.root.firstChild);
  assert.equal(findComponent(state, 'say "hi"'), state.root.firstChild.firstChild);
  assert.equal(findComponent(state, "b"), null);
});

test("syncAttributes gives an element the server's attributes, and leaves a dialog open", () => {
  const state = pageState();
  const from = element(state, `<dialog class="a" title="t" open=""></dialog>`);
  syncAttributes(from, element(state, `<dialog class="b" data-ocaf-modal=""></dialog>`));
  assert.equal(serialize(from), `<dialog class="b" open data-ocaf-modal></dialog>`);
  const div = element(state, `<div open="" hidden=""></div>`);
  syncAttributes(div, element(state, `<div></div>`));
  assert.equal(serialize(div), `<div></div>`);
});

test("syncValue gives a field the server's value, unless it is the focused field's echo", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><input type="checkbox"><textarea>old</textarea><input value="a"></main>`,
  });
  const [checkbox, text] = state.root.querySelectorAll("input");
  syncValue(state.document, checkbox, element(state, `<input type="checkbox" checked="">`));
  assert.equal(checkbox.checked, true);
  const textarea = state.root.querySelector("textarea");
  syncValue(state.document, textarea, element(state, `<textarea>new</textarea>`));
  assert.equal(textarea.value, "new");
  text.focus();
  text.value = "abc";
  noteSent(text, "ab");
  noteSent(text, "abc");
  syncValue(state.document, text, element(state, `<input value="ab">`));
  assert.equal(text.value, "abc", "the echo of what it sent before");
  syncValue(state.document, text, element(state, `<input>`));
  assert.equal(text.value, "", "the reducer's own value");
});

test("morph makes a node look like the server's: text, attributes, children, a textarea's text", () => {
  const state = pageState();
  const from = element(state, `<p class="a">Hello <b>you</b></p>`);
  const bold = from.querySelector("b");
  morph(state, from, element(state, `<p class="b">Bye <b>all</b>!</p>`));
  assert.equal(serialize(from), `<p class="b">Bye <b>all</b>!</p>`);
  assert.equal(from.querySelector("b"), bold, "the element that stays keeps its node");
  const textarea = element(state, `<textarea>old</textarea>`);
  morph(state, textarea, element(state, `<textarea>new</textarea>`));
  assert.equal(textarea.textContent, "new");
  assert.equal(textarea.value, "new");
});

test("morphChildren reuses unkeyed nodes by position and name, and replaces the others", () => {
  const state = pageState({ body: `<main id="ocaf-root"><p>1</p><span>2</span><li data-ocaf-key="k">3</li></main>` });
  const [p, span] = state.root.childNodes;
  const template = state.document.createElement("template");
  template.innerHTML = `<p>one</p><div>two</div><ol data-ocaf-key="k"></ol>`;
  morphChildren(state, state.root, template.content);
  assert.equal(serialize(state.root), `<main id="ocaf-root"><p>one</p><div>two</div><ol data-ocaf-key="k"></ol></main>`);
  assert.equal(state.root.firstChild, p);
  assert.equal(span.parentNode, null);
  assert.equal(state.root.querySelector("li"), null, "a key on another element is another element");
});

test("update keeps the focused field focused, with its caret", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><div data-ocaf-component="c"><input value="abc"></div></main>`,
  });
  const input = state.root.querySelector("input");
  input.focus();
  input.setSelectionRange(1, 2);
  // A browser blurs the focused node when it moves it; here every insertion blurs, and the page
  // focuses the field again.
  const insertBefore = state.root.insertBefore.bind(state.root);
  state.root.insertBefore = (node, reference) => {
    state.document.activeElement = null;
    return insertBefore(node, reference);
  };
  update(state, state.root, `<p>Before</p><div data-ocaf-component="c"><input value="abc"></div>`);
  assert.equal(state.document.activeElement, input);
  assert.deepEqual([input.selectionStart, input.selectionEnd], [1, 2]);
  assert.equal(state.root.querySelector("input"), input);
});

test("keyed rows keep their nodes when the server reorders them, and kept components stay", () => {
  const row = (key, text) =>
    `<li data-ocaf-key="${key}"><div data-ocaf-component="c.${key}">${text}</div></li>`;
  const { socket, root } = page({
    html: `<div data-ocaf-component="c"><ul>${row("a", "A")}${row("b", "B")}${row("c", "C")}</ul></div>`,
  });
  const [a, b, c] = root.querySelectorAll("li");
  socket.receive({
    type: "patch",
    patches: [{
      id: "c",
      html: `<ul>${row("c", "C!")}<li data-ocaf-key="a"><div data-ocaf-component="c.a" data-ocaf-keep=""></div></li></ul>`,
    }],
  });
  const rows = root.querySelectorAll("li");
  assert.deepEqual(rows, [c, a], "b is gone; c and a keep their nodes, in the new order");
  assert.equal(b.parentNode, null);
  assert.equal(c.textContent, "C!");
  assert.equal(a.textContent, "A", "a kept component is left as it was");
});

test("a focused field keeps what the user typed on, and shows a value the reducer made", () => {
  const field = (value, handler = "h1") =>
    `<div data-ocaf-component="c"><input data-ocaf-input="${handler}" value="${value}"></div>`;
  const { window, socket, root } = page({ html: field("") });
  socket.receive({ type: "attached", session: "s1" });
  const input = root.querySelector("input");
  input.focus();
  input.value = "ab";
  fire(input, "input");
  input.value = "abc";
  fire(input, "input");
  assert.deepEqual(socket.sent, [{ handler: "h1", value: "ab" }, { handler: "h1", value: "abc" }]);
  // The echo of "ab" arrives while the field shows "abc": the field keeps "abc".
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("ab").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "abc");
  // A value the field never sent is the reducer's (e.g. it trimmed or cleared the text).
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "");
  assert.equal(window.document.activeElement, input);
  // A field without focus shows what the server has, echo or not.
  input.value = "x";
  fire(input, "input");
  input.value = "xy";
  fire(input, "input");
  window.document.activeElement = null;
  socket.receive({ type: "patch", patches: [{ id: "c", html: field("x").replace(/^<div[^>]*>|<\/div>$/g, "") }] });
  assert.equal(input.value, "x");
});

test("a drop-down shows the server's choice even when it is one the user made before", () => {
  const select = (chosen, handler) =>
    `<select data-ocaf-change="${handler}">` +
    ["All", "Active", "Done"].map((name, index) =>
      `<option value="${index}"${index === chosen ? ' selected=""' : ""}>${name}</option>`).join("") +
    `</select>`;
  const { socket, root } = page({ html: `<div data-ocaf-component="c">${select(0, "h1")}</div>` });
  socket.receive({ type: "attached", session: "s1" });
  const field = root.querySelector("select");
  field.focus();
  for (const [index, handler] of [[2, "h2"], [1, "h3"]]) {
    field.value = String(index);
    fire(field, "change");
    socket.receive({ type: "patch", patches: [{ id: "c", html: select(index, handler) }] });
    assert.equal(field.value, String(index));
  }
  // Back in history: the state is at "Done" again, which the user chose two steps ago.
  socket.receive({ type: "patch", patches: [{ id: "c", html: select(2, "h4") }] });
  assert.equal(field.value, "2");
});
