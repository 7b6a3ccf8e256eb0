// Morphing: make the page's nodes look like the server's, keeping nodes that stay. Untouched
// elements and keyed rows keep their DOM nodes (in the server's order), a kept component
// (`data-ocaf-keep`) is left as it is, what client commands changed stays changed (see
// commands.js), an element whose hook owns its content (`data-ocaf-owned`) and a stream's
// container (`data-ocaf-stream`, see streams.js) keep theirs, and a focused field keeps focus and caret, showing the server's value only when
// the reducer changed it (see `isEcho` in values.js).
//
// `page` here is the page's state (see page.js), of which these use `window`, `document` and
// `root`.

import { Attribute } from "./protocol.js";
import { reapplyCommands } from "./commands.js";
import { isEcho, setValue } from "./values.js";

// Components are keyed by their id; any other element can be keyed among its siblings with a
// data-ocaf-key attribute (e.g. the row element around a row's component).
export function keyOf(node) {
  if (node.nodeType !== 1) return null;
  const component = node.getAttribute(Attribute.component);
  if (component) return component;
  const key = node.getAttribute(Attribute.key);
  return key === null ? null : "key:" + key;
}

// Whether the server left out a component's content: the page keeps what it shows.
export function isKeep(node) {
  return node.nodeType === 1 && node.hasAttribute(Attribute.keep);
}

// The element of the component `key` in the page, or null.
export function findComponent(page, key) {
  return page.root.querySelector("[" + Attribute.component + '="' + page.window.CSS.escape(key) + '"]');
}

// Every patch looks at the values the field sent (an echo is spent even when the field
// already shows it), so that an old one can't pass later for the echo of a new value.
export function syncValue(document, from, to) {
  const active = document.activeElement;
  if (from.tagName === "INPUT" && (from.type === "checkbox" || from.type === "radio")) {
    const checked = to.hasAttribute("checked");
    if (!isEcho(from, checked, active) && from.checked !== checked) from.checked = checked;
  } else if (from.tagName === "SELECT") {
    const chosen = to.querySelector("option[selected]");
    const index = chosen ? chosen.getAttribute("value") : "";
    if (!isEcho(from, index, active) && from.value !== index) from.value = index;
  } else if (from.tagName === "TEXTAREA") {
    if (!isEcho(from, to.value, active)) setValue(document, from, to.value);
  } else if (from.tagName === "INPUT") {
    const value = to.getAttribute("value") || "";
    if (!isEcho(from, value, active)) setValue(document, from, value);
  }
}

// Gives `from` the attributes of `to` (a dialog's `open` is the page's own).
export function syncAttributes(from, to) {
  let i, attribute;
  for (i = from.attributes.length - 1; i >= 0; i--) {
    attribute = from.attributes[i];
    if (from.tagName === "DIALOG" && attribute.name === "open") continue;
    if (!to.hasAttribute(attribute.name)) from.removeAttribute(attribute.name);
  }
  for (i = 0; i < to.attributes.length; i++) {
    attribute = to.attributes[i];
    if (from.getAttribute(attribute.name) !== attribute.value) {
      from.setAttribute(attribute.name, attribute.value);
    }
  }
}

// Makes the node `from` of the page look like `to`, the server's.
export function morph(page, from, to) {
  if (from.nodeType !== 1) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  syncAttributes(from, to);
  reapplyCommands(from);
  // A hook's element was rendered again (its hook is told); one whose hook owns its content
  // keeps that content.
  if (from.hasAttribute(Attribute.hook)) from.ocafMorphed = true;
  if (from.hasAttribute(Attribute.owned) || from.hasAttribute(Attribute.stream)) return;
  if (from.tagName === "TEXTAREA") {
    from.defaultValue = to.value;
  } else {
    morphChildren(page, from, to);
  }
  if (from.tagName === "INPUT" || from.tagName === "SELECT" || from.tagName === "TEXTAREA") {
    syncValue(page.document, from, to);
  }
}

// Makes the children of `parent` look like those of `next`, moving keyed ones into place and
// morphing each that stays.
export function morphChildren(page, parent, next) {
  const keyed = {};
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    const childKey = keyOf(child);
    if (childKey) keyed[childKey] = child;
  }
  let cursor = parent.firstChild;
  Array.prototype.slice.call(next.childNodes).forEach(function (node) {
    const key = keyOf(node);
    let match = null;
    if (key) {
      match = keyed[key] || (isKeep(node) ? findComponent(page, node.getAttribute(Attribute.component)) : null);
      delete keyed[key];
    } else if (cursor && !keyOf(cursor) && cursor.nodeName === node.nodeName) {
      match = cursor;
    }
    if (match && key && match.nodeName !== node.nodeName) match = null;
    if (!match) {
      parent.insertBefore(node, cursor);
      return;
    }
    if (match === cursor) {
      cursor = cursor.nextSibling;
    } else {
      parent.insertBefore(match, cursor);
    }
    if (!isKeep(node)) morph(page, match, node);
  });
  while (cursor) {
    const after = cursor.nextSibling;
    parent.removeChild(cursor);
    cursor = after;
  }
}

// Makes the content of `target` the server's `html`; the focused element keeps focus and caret.
export function update(page, target, html) {
  const document = page.document;
  const active = document.activeElement;
  let start = null, end = null;
  if (active && typeof active.selectionStart === "number") {
    try { start = active.selectionStart; end = active.selectionEnd; } catch (e) {}
  }
  const template = document.createElement("template");
  template.innerHTML = html;
  morphChildren(page, target, template.content);
  if (active && active !== document.activeElement && document.contains(active)) {
    active.focus();
    if (start !== null) {
      try { active.setSelectionRange(start, end); } catch (e) {}
    }
  }
}
