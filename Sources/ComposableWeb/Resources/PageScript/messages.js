// The server's messages: renders and patches morph the page (a patch also acknowledges the
// page's messages that waited for an answer, and carries events for the page's hooks),
// `attached` says the socket took over the session
// the page shows, and the others say why the page stops, waits or reloads.
// After a render or patch the page opens its dialogs and brings its URL and history up to date.

import { Attribute, ServerMessage } from "./protocol.js";
import { send, setOffline, setStatus } from "./connection.js";
import { openDialogs } from "./dialogs.js";
import { findComponent, update } from "./dom_patch.js";
import { showLocation, syncStackHistory } from "./location.js";
import { clearBusy } from "./events.js";
import { deliverEvents, syncHooks } from "./hooks.js";
import { applyStreams, watchVisible } from "./streams.js";
import { syncUploads } from "./uploads.js";
import { correctValues, restoreValues, typedValues } from "./values.js";

// A render for a page the page switched to says which: its feature, path, route and title.
export function takePage(page, info) {
  const document = page.document, root = page.root;
  page.feature = info.feature;
  page.base = info.base;
  page.routed = !!info.routed;
  root.setAttribute(Attribute.feature, page.feature);
  root.setAttribute(Attribute.base, page.base);
  if (page.routed) root.setAttribute(Attribute.routed, "");
  else root.removeAttribute(Attribute.routed);
  if (info.title) document.title = info.title;
  // The page's header, if the layout shows one: its title, summary and paragraph.
  const header = document.querySelector("header");
  if (!header) return;
  [["h1", info.heading], [".ocaf-summary", info.summary], [".ocaf-about", info.about]]
    .forEach(function (part) {
      const element = header.querySelector(part[0]);
      if (!element) return;
      element.textContent = part[1] || "";
      element.hidden = !part[1];
    });
}

// The server answered the page's messages `refs`: their elements are no longer busy.
export function acknowledge(page, refs) {
  if (!page.busy) return;
  refs.forEach(function (ref) {
    const element = page.busy.get(ref);
    page.busy.delete(ref);
    if (element && element.ocafBusyRef === ref) clearBusy(element);
  });
}

// Applies the server's `message` to the page.
export function receive(page, message) {
  const root = page.root;
  if (message.type === ServerMessage.reload) {
    // The URL is no live page of this app, or the server speaks another version of the
    // protocol than this script: load the page.
    page.stopped = "Loading…";
    page.window.location.reload();
    return;
  }
  if (message.type === ServerMessage.render && message.page) takePage(page, message.page);
  if (message.type === ServerMessage.render) {
    const lost = page.sessionID !== null && message.session !== page.sessionID;
    const typed = lost ? typedValues(root) : null;
    page.sessionID = message.session;
    update(page, root, message.html);
    setOffline(page, false);
    setStatus(page, "");
    if (lost) {
      const restored = restoreValues(page.document, root, typed, function (sent) { return send(page, sent); });
      setStatus(page, "The server no longer had this page's session, so the page was reset." +
        (restored > 0 ? " What you had typed was put back." : ""), true);
    }
  } else if (message.type === ServerMessage.attached) {
    // The socket took over the session whose render the page shows.
    page.sessionID = message.session;
    setOffline(page, false);
    setStatus(page, "");
  } else if (message.type === ServerMessage.patch) {
    message.patches.forEach(function (patch) {
      const target = findComponent(page, patch.id);
      if (target) update(page, target, patch.html);
    });
    applyStreams(page, message.streams);
    correctValues(page.window, root, message.values || []);
    acknowledge(page, message.acknowledged || []);
  } else if (message.type === ServerMessage.refused) {
    page.refusal = message.reason;
    setStatus(page, page.refusal);
    return;
  } else if (message.type === ServerMessage.replaced) {
    // Another tab of this browser has the session now: don't take it back.
    page.stopped = message.reason;
    setStatus(page, page.stopped);
    return;
  } else if (message.type === ServerMessage.stopping) {
    page.stopping = message.reason;
    setStatus(page, page.stopping);
    return;
  }
  if (page.routed && message.location !== undefined) {
    showLocation(page, message.location, message.history || "replace");
  }
  openDialogs(root);
  syncStackHistory(page);
  // Hooks see the page as the message left it, then hear the events the feature pushed.
  syncHooks(page);
  if (message.type === ServerMessage.patch) deliverEvents(page, message.events);
  syncUploads(page);
  watchVisible(page);
}
