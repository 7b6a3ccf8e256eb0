// The page's events: clicks, input, changes and submissions of elements that carry handler ids
// (`data-ocaf-click`, `data-ocaf-input`, …) are sent over the socket as handler messages (with
// typed values, see values.js), and live links (`data-ocaf-live-link`) change the page without
// a load: to another state of a routed page (`{"navigate": location}`), or to another live page
// of the same app, whose session a new socket starts (see `switchTo` in location.js).

import { Attribute } from "./protocol.js";
import { send } from "./connection.js";
import { dismissHandler } from "./dialogs.js";
import { here, locationBelow, sameSite, switchTo } from "./location.js";
import { noteSent, valueOf } from "./values.js";

// The element of the page's root that carries `attribute`, from the event's target up; null
// when there is none.
export function closest(root, event, attribute) {
  const target = event.target.closest ? event.target.closest("[" + attribute + "]") : null;
  return target && root.contains(target) ? target : null;
}

// An element whose click or submission was sent is busy until the patch that re-renders it
// arrives (the server renders its component again, without these marks); one marked
// data-ocaf-disable-while-sending is disabled meanwhile. A message the server dropped gets
// no patch: the marks go after a while.
export function markBusy(window, element) {
  element.setAttribute("aria-busy", "true");
  if (element.hasAttribute(Attribute.disableWhileSending)) element.disabled = true;
  window.setTimeout(function () {
    if (element.getAttribute("aria-busy") !== "true") return;
    element.removeAttribute("aria-busy");
    if (element.hasAttribute(Attribute.disableWhileSending)) element.disabled = false;
  }, 10000);
}

// Listens to the events of the page's root.
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
      if (below !== null && page.routed) {
        if (href !== here(window.location)) window.history.pushState({ ocafURL: true }, "", href);
        send(page, { navigate: below });
      } else if (below === null || href !== here(window.location)) {
        switchTo(page, href, true);
      }
      return;
    }
    const target = closest(root, event, Attribute.click);
    if (!target) return;
    event.preventDefault();
    if (target.getAttribute("aria-busy") === "true") return;
    if (event.detail > 1 && target !== lastClicked) return;
    lastClicked = target;
    if (send(page, { handler: target.getAttribute(Attribute.click) })) markBusy(window, target);
  });

  ["input", "change"].forEach(function (type) {
    root.addEventListener(type, function (event) {
      const target = closest(root, event, Attribute[type]);
      if (!target) return;
      const value = valueOf(target);
      if (value === undefined) return;
      noteSent(target, value);
      send(page, { handler: target.getAttribute(Attribute[type]), value: value });
    });
  });

  root.addEventListener("submit", function (event) {
    const target = closest(root, event, Attribute.submit);
    if (!target) return;
    event.preventDefault();
    if (target.getAttribute("aria-busy") === "true") return;
    if (send(page, { handler: target.getAttribute(Attribute.submit) })) markBusy(window, target);
  });
}
