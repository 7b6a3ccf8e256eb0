// The page's events: an element answers an event when it carries its handler id
// (`data-ocaf-click`, `data-ocaf-keydown`, `data-ocaf-window-resize`, …) or options for it
// (`data-ocaf-options`: the keys a key event is sent for, debounce, throttle, and client
// commands, see commands.js). The page runs the commands, then sends the handler message with
// the event's value (typed, see values.js): a field's value, a key's name, the window's size.
// Live links (`data-ocaf-live-link`) change the page without a load: to another state of a
// routed page (`{"navigate": location}`), or to another live page of the same app, whose
// session a new socket starts (see `switchTo` in location.js).
//
// A debounced event waits until it stops firing; a throttled one is sent at most once per
// interval (the last of each interval at its end). Any other message of the page sends what
// waits first, so that the server sees events in the order they happened.
//
// An element that sends a click or a submission is busy (`aria-busy`) until its answer; one
// marked `data-ocaf-disable-while-sending` is busy for any event (but typing), is disabled (a
// text field: read-only) meanwhile, and its messages carry a `ref` that the server's answer
// acknowledges, even when nothing changed.

import { ATTRIBUTE_PREFIX, Attribute } from "./protocol.js";
import { send } from "./connection.js";
import { runCommands } from "./commands.js";
import { dismissHandler } from "./dialogs.js";
import { here, locationBelow, sameSite, switchTo } from "./location.js";
import { noteSent, valueOf } from "./values.js";

// The element of the page's root that carries `attribute`, from the event's target up; null
// when there is none.
export function closest(root, event, attribute) {
  const target = event.target.closest ? event.target.closest("[" + attribute + "]") : null;
  return target && root.contains(target) ? target : null;
}

// The options of `element`'s event `name` (from `data-ocaf-options`, read once per text), or
// null.
export function optionsOf(element, name) {
  const text = element.getAttribute(Attribute.options);
  if (!text) return null;
  if (element.ocafOptionsText !== text) {
    element.ocafOptionsText = text;
    try { element.ocafOptions = JSON.parse(text) || {}; } catch (e) { element.ocafOptions = {}; }
  }
  return element.ocafOptions[name] || null;
}

// Whether `element` answers the event `name`: it has a handler or options for it.
export function answers(element, name) {
  return element.nodeType === 1 &&
    (element.hasAttribute(ATTRIBUTE_PREFIX + name) || optionsOf(element, name) !== null);
}

// The element of `root` answering `name`, from `target` up; null when there is none.
export function answering(root, target, name) {
  for (let at = target; at && at.nodeType === 1; at = at.parentNode) {
    if (answers(at, name)) return root.contains(at) ? at : null;
    if (at === root) return null;
  }
  return null;
}

// Whether a key event matches one of `keys` ("Enter", "k", "Meta+k", "Control+Shift+p"); every
// key matches when there are none. Letters match in either case; Shift counts only when a key
// names it.
export function matchesKey(event, keys) {
  if (!Array.isArray(keys) || keys.length === 0) return true;
  return keys.some(function (wanted) {
    const parts = String(wanted).split("+");
    let key = parts.pop();
    if (key === "" && parts.length > 0 && parts[parts.length - 1] === "") {
      parts.pop();
      key = "+";
    }
    const held = { Alt: false, Control: false, Meta: false, Shift: false };
    for (const part of parts) {
      if (!(part in held)) return false;
      held[part] = true;
    }
    if (Boolean(event.altKey) !== held.Alt || Boolean(event.ctrlKey) !== held.Control ||
      Boolean(event.metaKey) !== held.Meta || (held.Shift && !event.shiftKey)) return false;
    return String(event.key).toLowerCase() === key.toLowerCase();
  });
}

// Whether `element` takes typed text: a text-like input, a text area, a drop-down or editable
// content.
export function takesText(element) {
  if (!element || element.nodeType !== 1) return false;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT" || element.isContentEditable) return true;
  return element.tagName === "INPUT" &&
    !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(element.type);
}

// The value event `name` of `element` sends, or undefined for none.
export function eventValue(page, name, element, event) {
  switch (name) {
    case "input": case "change": return valueOf(element);
    case "keydown": case "keyup": case "window-keydown": case "window-keyup": return String(event.key);
    case "visible": return undefined;
    case "focus": case "blur":
      return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) ? String(element.value) : undefined;
    case "window-resize":
      return JSON.stringify({ width: Math.round(page.window.innerWidth), height: Math.round(page.window.innerHeight) });
    default: return undefined;
  }
}

// An element that sent a click or a submission, or one marked to be disabled while its message
// is on the way, is busy until the answer: the patch that renders it again, or the server's
// acknowledgement of `ref`. A message the server dropped gets no answer: the marks go after a
// while. A marked control is disabled meanwhile (a text field made read-only, which keeps
// focus).
export function markBusy(window, element, ref) {
  const marked = element.hasAttribute(Attribute.disableWhileSending);
  element.setAttribute("aria-busy", "true");
  element.ocafBusyRef = ref;
  if (marked && takesText(element) && element.tagName !== "SELECT") element.readOnly = true;
  else if (marked) element.disabled = true;
  window.setTimeout(function () {
    if (element.ocafBusyRef === ref) clearBusy(element);
  }, 10000);
}

// Ends `element`'s busy marks.
export function clearBusy(element) {
  if (element.getAttribute("aria-busy") !== "true") return;
  element.removeAttribute("aria-busy");
  element.ocafBusyRef = undefined;
  if (element.hasAttribute(Attribute.disableWhileSending)) {
    if (takesText(element) && element.tagName !== "SELECT") element.readOnly = false;
    else element.disabled = false;
  }
}

// Sends the handler message of `element`'s event `name` now: noting a field's value, and
// marking the element busy (with a ref the server acknowledges, when it is marked).
function deliver(page, element, name, handler, value) {
  const marked = element.hasAttribute(Attribute.disableWhileSending) && name !== "input";
  // A stream's row is not rendered again by the patch that answers its click: the server's
  // acknowledgement ends its busy mark.
  const inStream = (name === "click" || name === "submit") && typeof element.closest === "function" &&
    element.closest("[" + Attribute.stream + "]") !== null;
  const message = { handler: handler };
  if (value !== undefined) message.value = value;
  if (marked || inStream) message.ref = (page.refs = (page.refs || 0) + 1);
  if (name === "input" || name === "change") noteSent(element, value);
  if (!send(page, message)) return false;
  if (marked || name === "click" || name === "submit") {
    markBusy(page.window, element, message.ref);
    if (message.ref !== undefined) (page.busy || (page.busy = new Map())).set(message.ref, element);
  }
  return true;
}

// What waits to be sent (debounced or throttled), oldest first: `{element, name, handler,
// value, timer, debounced}`.
function waiting(page) {
  return page.waiting || (page.waiting = []);
}

// Sends every debounced message that waits, and the last value of every throttled one, in the
// order they came.
export function flushWaiting(page) {
  const entries = waiting(page);
  entries.slice().forEach(function (entry) {
    if (entry.handler === null) return;
    const handler = entry.handler, value = entry.value;
    entry.handler = null;
    entry.element.ocafWaiting = false;
    if (entry.debounced) {
      page.window.clearTimeout(entry.timer);
      entries.splice(entries.indexOf(entry), 1);
    }
    deliver(page, entry.element, entry.name, handler, value);
  });
}

// Sends `element`'s event `name` as its options say: now (after what waits), after it stops
// firing for `debounce` ms, or at most once per `throttle` ms.
export function dispatch(page, element, name, handler, value, options) {
  const window = page.window, entries = waiting(page);
  const debounce = options && options.debounce > 0 ? options.debounce : 0;
  const throttle = options && options.throttle > 0 ? options.throttle : 0;
  let entry = entries.find(function (e) { return e.element === element && e.name === name; });
  if (debounce > 0) {
    if (!entry) {
      entry = { element: element, name: name, debounced: true, timer: null };
      entries.push(entry);
    }
    window.clearTimeout(entry.timer);
    entry.handler = handler;
    entry.value = value;
    element.ocafWaiting = true;
    entry.timer = window.setTimeout(function () {
      const at = entries.indexOf(entry);
      if (at < 0 || entry.handler === null) return;
      entries.splice(at, 1);
      element.ocafWaiting = false;
      deliver(page, element, name, entry.handler, entry.value);
    }, debounce);
    return true;
  }
  if (throttle > 0 && entry) {
    // Within the interval: the last value goes at its end.
    entry.handler = handler;
    entry.value = value;
    element.ocafWaiting = true;
    return true;
  }
  flushWaiting(page);
  const sent = deliver(page, element, name, handler, value);
  if (throttle > 0) {
    entry = { element: element, name: name, debounced: false, handler: null };
    entries.push(entry);
    const tick = function () {
      if (entry.handler !== null) {
        const pending = entry.handler, pendingValue = entry.value;
        entry.handler = null;
        element.ocafWaiting = false;
        deliver(page, element, name, pending, pendingValue);
        entry.timer = window.setTimeout(tick, throttle);
      } else {
        entries.splice(entries.indexOf(entry), 1);
      }
    };
    entry.timer = window.setTimeout(tick, throttle);
  }
  return sent;
}

// Handles the DOM event `event` as the page event `name` of `element` (which answers it): its
// keys, its commands, then its handler message. Whether it was handled.
export function handle(page, element, name, event) {
  // A marked element takes no events while its message is on the way.
  if (element.hasAttribute(Attribute.disableWhileSending) && name !== "input" &&
    element.getAttribute("aria-busy") === "true") return false;
  const options = optionsOf(element, name) || {};
  if (!matchesKey(event, options.keys)) return false;
  if (Array.isArray(options.keys) && options.keys.length > 0 && event.preventDefault) event.preventDefault();
  if (options.js) runCommands(page, element, options.js);
  const handler = element.getAttribute(ATTRIBUTE_PREFIX + name);
  if (!handler) return true;
  const value = eventValue(page, name, element, event);
  if ((name === "input" || name === "change") && value === undefined) return true;
  dispatch(page, element, name, handler, value, options);
  return true;
}

// The events of the page's root (DOM event → page event) besides clicks and submissions, and of
// the window. Focus and blur are the element's own; keys and the others bubble up to the
// element that answers them.
const ROOT_EVENTS = [["input", "input"], ["change", "change"], ["keydown", "keydown"], ["keyup", "keyup"]];
const OWN_EVENTS = [["focusin", "focus"], ["focusout", "blur"]];
const WINDOW_EVENTS = [["keydown", "window-keydown"], ["keyup", "window-keyup"], ["resize", "window-resize"]];

// Listens to the events of the page's root, and to the window's.
export function listen(page) {
  const window = page.window;
  const root = page.root;

  // The element a click was last sent for: the second click of a double click that lands on
  // another element (the first one's patch moved the next row's button under the pointer) is
  // not the user's intent, and is dropped.
  let lastClicked = null;

  root.addEventListener("click", function (event) {
    // A click on a dialog itself, not on its content, is on its backdrop.
    const dismiss = dismissHandler(event.target);
    if (dismiss !== null) {
      flushWaiting(page);
      send(page, { handler: dismiss });
      return;
    }
    // A live link to another state of this page changes its URL and tells the server; one
    // to another page switches to it.
    const link = closest(root, event, Attribute.liveLink);
    const href = link ? sameSite(window, link.getAttribute("href") || "") : null;
    if (link && page.socket && href !== null && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      const below = locationBelow(page.base, href);
      event.preventDefault();
      flushWaiting(page);
      if (below !== null && page.routed) {
        if (href !== here(window.location)) window.history.pushState({ ocafURL: true }, "", href);
        send(page, { navigate: below });
      } else if (below === null || href !== here(window.location)) {
        switchTo(page, href, true);
      }
      return;
    }
    const target = answering(root, event.target, "click");
    if (!target) return;
    // A button that only runs commands submits no form.
    const hasHandler = target.hasAttribute(Attribute.click);
    if (hasHandler || target.tagName === "BUTTON") event.preventDefault();
    if (target.getAttribute("aria-busy") === "true") return;
    if (hasHandler && event.detail > 1 && target !== lastClicked) return;
    if (hasHandler) lastClicked = target;
    handle(page, target, "click", event);
  });

  ROOT_EVENTS.forEach(function (pair) {
    root.addEventListener(pair[0], function (event) {
      const target = answering(root, event.target, pair[1]);
      if (target) handle(page, target, pair[1], event);
    });
  });

  OWN_EVENTS.forEach(function (pair) {
    root.addEventListener(pair[0], function (event) {
      const target = event.target;
      if (target && target.nodeType === 1 && root.contains(target) && answers(target, pair[1])) {
        handle(page, target, pair[1], event);
      }
    });
  });

  root.addEventListener("submit", function (event) {
    const target = closest(root, event, Attribute.submit);
    if (!target) return;
    event.preventDefault();
    if (target.getAttribute("aria-busy") === "true") return;
    handle(page, target, "submit", event);
  });

  WINDOW_EVENTS.forEach(function (pair) {
    window.addEventListener(pair[0], function (event) {
      // Typing in a field is not a shortcut, unless it holds Control, Meta or Alt, or is Escape.
      if (pair[0] !== "resize" && takesText(event.target) &&
        !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== "Escape") return;
      const selector = "[" + ATTRIBUTE_PREFIX + pair[1] + "],[" + Attribute.options + "]";
      Array.prototype.forEach.call(root.querySelectorAll(selector), function (element) {
        if (answers(element, pair[1])) handle(page, element, pair[1], event);
      });
    });
  });
}
