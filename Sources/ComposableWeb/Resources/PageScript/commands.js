// Client commands: what an element's event does in the browser, without a round trip (the
// server's `JS`, written in the element's `data-ocaf-options` as `[[name, {arguments}], …]`).
// Show, hide and toggle set `hidden`; classes and attributes are added, removed or toggled;
// focus moves; a DOM event is dispatched. What a command changed is remembered on the element
// (`ocafSticky`) and applied again after a patch morphs it, so it stays changed.

// The class names of a command's `names` (separated by spaces).
function classNames(names) {
  return String(names || "").split(/\s+/).filter(Boolean);
}

// Remembers that `target`'s `part` (`hidden`, a class or an attribute) is now `value`.
function remember(target, kind, name, value) {
  const sticky = target.ocafSticky || (target.ocafSticky = { hidden: null, classes: {}, attributes: {} });
  if (kind === "hidden") sticky.hidden = value;
  else sticky[kind][name] = value;
}

function setHidden(target, hidden) {
  target.hidden = hidden;
  remember(target, "hidden", null, hidden);
}

function setClass(target, name, on) {
  target.classList.toggle(name, on);
  remember(target, "classes", name, on);
}

function setAttribute(target, name, value) {
  if (value === null) target.removeAttribute(name);
  else target.setAttribute(name, value);
  remember(target, "attributes", name, value);
}

// Whether a command may set the attribute `name`: not an inline event handler, which the server
// never renders either.
export function isSafeAttribute(name) {
  return typeof name === "string" && /^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(name) && !/^on/i.test(name);
}

// Runs one command on `target`.
function apply(page, target, name, args) {
  switch (name) {
    case "show": setHidden(target, false); break;
    case "hide": setHidden(target, true); break;
    case "toggle": setHidden(target, !target.hidden); break;
    case "add-class": classNames(args.names).forEach(function (n) { setClass(target, n, true); }); break;
    case "remove-class": classNames(args.names).forEach(function (n) { setClass(target, n, false); }); break;
    case "toggle-class":
      classNames(args.names).forEach(function (n) { setClass(target, n, !target.classList.contains(n)); });
      break;
    case "set-attribute": if (isSafeAttribute(args.name)) setAttribute(target, args.name, String(args.value)); break;
    case "remove-attribute": if (isSafeAttribute(args.name)) setAttribute(target, args.name, null); break;
    case "focus": if (typeof target.focus === "function") target.focus(); break;
    case "dispatch": {
      const CustomEvent = page.window.CustomEvent;
      target.dispatchEvent(new CustomEvent(String(args.event), { bubbles: true, detail: args.detail }));
      break;
    }
  }
}

// The elements a command with `args` changes: those its `to` selects in the page's document,
// else the element whose event fired. Focus goes to the first alone.
function targets(page, element, name, args) {
  let found = [element];
  if (typeof args.to === "string") {
    try { found = Array.prototype.slice.call(page.document.querySelectorAll(args.to)); } catch (e) { found = []; }
  }
  return name === "focus" ? found.slice(0, 1) : found;
}

// Runs `commands` for an event of `element`.
export function runCommands(page, element, commands) {
  if (!Array.isArray(commands)) return;
  commands.forEach(function (command) {
    if (!Array.isArray(command) || typeof command[0] !== "string") return;
    const name = command[0], args = command[1] || {};
    targets(page, element, name, args).forEach(function (target) { apply(page, target, name, args); });
  });
}

// Applies again what commands changed on `element`, after a patch gave it the server's
// attributes.
export function reapplyCommands(element) {
  const sticky = element.ocafSticky;
  if (!sticky) return;
  if (sticky.hidden !== null && element.hidden !== sticky.hidden) element.hidden = sticky.hidden;
  Object.keys(sticky.classes).forEach(function (name) {
    if (element.classList.contains(name) !== sticky.classes[name]) element.classList.toggle(name, sticky.classes[name]);
  });
  Object.keys(sticky.attributes).forEach(function (name) {
    const value = sticky.attributes[name];
    if (value === null) {
      if (element.hasAttribute(name)) element.removeAttribute(name);
    } else if (element.getAttribute(name) !== value) {
      element.setAttribute(name, value);
    }
  });
}
