// The page's URL and the browser's history.
//
// A page whose feature declares a route (`data-ocaf-routed`) gets its location from the server
// with each change (`location`, the part of the URL below the page's own path, pushed or
// replaced as the feature says) and tells the server when Back, Forward or a live link changes
// the URL under it (`{"navigate": location}`). A page without a route keeps one history entry
// per level of its navigation stack, so that Back pops it. Back or Forward to another live page
// of the same app switches the page to it without a reload (as a live link does, see events.js).

import { Attribute } from "./protocol.js";
import { connect, send, setOffline } from "./connection.js";

// The part of `url` (a path and query) below `base` (a page's path), or null when the URL is
// not on that page: "/todos?filter=active" below "/todos" is "?filter=active".
export function locationBelow(base, url) {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? "" : url.slice(queryStart);
  if (path === base || path === base + "/") return query;
  if (path.indexOf(base + "/") === 0) return path.slice(base.length) + query;
  return null;
}

// The path and query of `location` (a window's).
export function here(location) {
  return location.pathname + location.search;
}

// The path and query of a link's `href`, resolved against the URL of `window`'s page, when it
// is on this site; null for another site's.
export function sameSite(window, href) {
  const location = window.location;
  let url;
  try { url = new window.URL(href, location.href); } catch (e) { return null; }
  return url.origin === location.origin ? url.pathname + url.search : null;
}

// Whether `below` can be a location below a page's path: empty, a query, or a path that starts
// with one slash (never another origin's URL, whatever a message says).
export function isLocation(below) {
  if (typeof below !== "string") return false;
  return below === "" || below.charAt(0) === "?" ||
    (below.charAt(0) === "/" && below.charAt(1) !== "/");
}

// A routed page: the location the server says the state has, below the page's path.
// `mode` is "push" or "replace".
export function showLocation(page, below, mode) {
  if (!isLocation(below)) return;
  const history = page.window.history;
  const url = (page.base + below) || "/";
  if (url === here(page.window.location)) return;
  if (mode === "push") history.pushState({ ocafURL: true }, "", url);
  else history.replaceState({ ocafURL: true }, "", url);
}

// A page without a route: one history entry per level of its navigation stack.
export function syncStackHistory(page) {
  if (page.routed) return;
  const history = page.window.history;
  const stack = page.root.querySelector("[" + Attribute.stack + "]");
  const depth = stack ? Number(stack.getAttribute(Attribute.depth)) : 0;
  while (page.historyDepth < depth) {
    page.historyDepth += 1;
    history.pushState({ ocafDepth: page.historyDepth }, "");
  }
  if (page.historyDepth > depth) {
    page.ignoredPops += 1;
    const delta = depth - page.historyDepth;
    page.historyDepth = depth;
    history.go(delta);
  }
}

// Switches to the live page at `url` (pushed as a new history entry when `push`): the
// session of this page is left, and a new socket starts the other page's, whose render replaces
// the page (the server sends `{"type":"reload"}` for a URL that is no live page).
export function switchTo(page, url, push) {
  if (push) page.window.history.pushState({ ocafURL: true }, "", url);
  page.feature = null;
  page.sessionID = null;
  page.historyDepth = 0;
  page.ignoredPops = 0;
  const previous = page.socket;
  page.socket = null;
  if (previous) previous.close();
  setOffline(page, true, true);
  connect(page);
}

// Back and Forward: a routed page tells the server its new location; a page without a route
// pops its navigation stack to the entry's level (and undoes a Forward past its top).
export function listenToHistory(page) {
  const window = page.window;
  window.addEventListener("popstate", function (event) {
    const below = locationBelow(page.base, here(window.location));
    // Back or Forward to another page's URL: switch to it.
    if (below === null) {
      switchTo(page, here(window.location), false);
      return;
    }
    if (page.routed) {
      send(page, { navigate: below });
      return;
    }
    const depth = (event.state && event.state.ocafDepth) || 0;
    page.historyDepth = depth;
    if (page.ignoredPops > 0) { page.ignoredPops -= 1; return; }
    const stack = page.root.querySelector("[" + Attribute.stack + "]");
    if (!stack) return;
    const current = Number(stack.getAttribute(Attribute.depth));
    if (depth < current) {
      send(page, { handler: stack.getAttribute(Attribute.pop), value: depth });
    } else if (depth > current) {
      page.ignoredPops += 1;
      page.historyDepth = current;
      window.history.go(current - depth);
    }
  });
}
