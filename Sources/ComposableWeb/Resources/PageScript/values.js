// The values of form fields: what a field sends (typed: text, Booleans, numbers), whether the
// server's value for a focused field is only the echo of one it sent, setting a value without
// moving the caret, and form recovery (what the user had typed, put back in a new session).

import { Attribute } from "./protocol.js";

// The value an element reports: a Boolean for a checkbox, a number for a number field, slider
// or drop-down (the option's position), text otherwise; undefined if it has none.
export function valueOf(target) {
  if (target.tagName === "INPUT" && (target.type === "checkbox" || target.type === "radio")) {
    return target.checked;
  }
  if (target.tagName === "INPUT" && (target.type === "number" || target.type === "range")) {
    const number = target.valueAsNumber;
    return isNaN(number) ? undefined : number;
  }
  if (target.tagName === "SELECT") return Number(target.value);
  return String(target.value);
}

// Remembers that `field` sent `value` (its last 50), for `isEcho`.
export function noteSent(field, value) {
  field.ocafPending = (field.ocafPending || []).slice(-49).concat([value]);
}

// Whether the server's value is only the echo of a value this focused field sent (the user may
// have typed on since), or the field has a newer value waiting to be sent: then the field keeps
// what it shows. A value the field never sent is the
// reducer's own, and the field shows it.
export function isEcho(field, value, active) {
  const pending = field.ocafPending || [];
  field.ocafPending = [];
  if (field !== active) return false;
  // A focused field whose newer value waits to be sent (debounced) keeps what it shows.
  if (field.ocafWaiting) {
    field.ocafPending = pending;
    return true;
  }
  for (let i = 0; i < pending.length; i++) {
    if (String(pending[i]) === String(value)) {
      field.ocafPending = pending.slice(i + 1);
      return true;
    }
  }
  return false;
}

// Sets a text field's value; the field focused in `document` keeps its caret or selection.
export function setValue(document, field, value) {
  if (field.value === value) return;
  let start = null, end = null;
  if (field === document.activeElement) {
    try { start = field.selectionStart; end = field.selectionEnd; } catch (e) {}
  }
  field.value = value;
  if (typeof start === "number" && start !== null) {
    const length = field.value.length;
    try { field.setSelectionRange(Math.min(start, length), Math.min(end, length)); } catch (e) {}
  }
}

// Shows `value` in `field`: checks a checkbox or radio button, or sets its text.
export function showValue(document, field, value) {
  if (field.type === "checkbox" || field.type === "radio") field.checked = value;
  else setValue(document, field, String(value));
}

// The corrections of a patch (`{handler, value}` entries, the values the reducer changed): each
// field of the page's `root` bound to the handler shows its value, whatever it sent before.
export function correctValues(window, root, entries) {
  entries.forEach(function (entry) {
    const handler = window.CSS.escape(entry.handler);
    const field = root.querySelector("[" + Attribute.input + '="' + handler + '"],[' +
      Attribute.change + '="' + handler + '"]');
    if (!field) return;
    showValue(window.document, field, entry.value);
    field.ocafPending = [];
  });
}

// MARK: Form recovery

// What the user had typed into bound fields, by component and position, so that a page whose
// session is gone can hand it to its new session: the fields of `root`, keyed
// "component#position".
export function boundFields(root) {
  const fields = {};
  root.querySelectorAll("[" + Attribute.input + "],[" + Attribute.change + "]").forEach(function (field) {
    const component = field.closest("[" + Attribute.component + "]");
    const key = component ? component.getAttribute(Attribute.component) : "";
    let position = 0;
    while (fields[key + "#" + position]) position += 1;
    fields[key + "#" + position] = field;
  });
  return fields;
}

// The values of the bound fields of `root`, keyed as `boundFields` keys them.
export function typedValues(root) {
  const values = {}, fields = boundFields(root);
  Object.keys(fields).forEach(function (key) {
    const value = valueOf(fields[key]);
    if (value !== undefined) values[key] = value;
  });
  return values;
}

// Puts `values` (from `typedValues`) back into the fields of `root` that now show another
// value, and sends each with `send` (which says whether it went); how many went.
export function restoreValues(document, root, values, send) {
  const fields = boundFields(root);
  let restored = 0;
  Object.keys(values).forEach(function (key) {
    const field = fields[key], value = values[key];
    if (!field || valueOf(field) === value) return;
    showValue(document, field, value);
    const handler = field.getAttribute(Attribute.input) || field.getAttribute(Attribute.change);
    field.ocafPending = [value];
    if (send({ handler: handler, value: value })) restored += 1;
  });
  return restored;
}
