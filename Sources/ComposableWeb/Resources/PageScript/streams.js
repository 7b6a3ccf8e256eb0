// Streams: a container the server marks `data-ocaf-stream` keeps the rows it was sent (patches
// leave its children alone, see dom_patch.js), and a patch's `streams` insert, update, delete or
// reset them by key (`data-ocaf-key`). And the `visible` event: an element that answers it is
// watched, and sends it each time it comes into view (an infinite scroll's "load more").

import { ATTRIBUTE_PREFIX, Attribute } from "./protocol.js";
import { morph } from "./dom_patch.js";
import { handle } from "./events.js";

// The row of `container` whose key is `key`, or null.
function rowOf(container, key) {
  for (let child = container.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && child.getAttribute(Attribute.key) === key) return child;
  }
  return null;
}

// Applies `streams` (`[{name, ops: [{op, key, html, at}]}]`) to the page's containers.
export function applyStreams(page, streams) {
  if (!Array.isArray(streams)) return;
  streams.forEach(function (stream) {
    const container = page.root.querySelector(
      "[" + Attribute.stream + '="' + page.window.CSS.escape(String(stream.name)) + '"]');
    if (!container) return;
    (stream.ops || []).forEach(function (operation) {
      if (operation.op === "reset") {
        while (container.firstChild) container.removeChild(container.firstChild);
        return;
      }
      const existing = rowOf(container, String(operation.key));
      if (operation.op === "delete") {
        if (existing) container.removeChild(existing);
        return;
      }
      if (operation.op !== "insert") return;
      const template = page.document.createElement("template");
      template.innerHTML = operation.html;
      const row = template.content.firstChild;
      if (!row) return;
      if (existing) {
        // An update keeps the row's node, its place and its focus.
        morph(page, existing, row);
      } else if (operation.at === "start") {
        container.insertBefore(row, container.firstChild);
      } else {
        container.appendChild(row);
      }
    });
  });
}

// Watches the elements that answer `visible`, sending it when one comes into view. Without an
// IntersectionObserver (an old browser), nothing is watched.
export function watchVisible(page) {
  const Observer = page.window.IntersectionObserver;
  if (!Observer) return;
  if (!page.visibility) {
    page.visibility = {
      watched: new Set(),
      observer: new Observer(function (entries) {
        entries.forEach(function (entry) {
          if (entry.isIntersecting && page.root.contains(entry.target)) {
            handle(page, entry.target, "visible", { target: entry.target });
          }
        });
      }),
    };
  }
  const visibility = page.visibility;
  visibility.watched.forEach(function (element) {
    if (!page.root.contains(element) || !element.hasAttribute(ATTRIBUTE_PREFIX + "visible")) {
      visibility.observer.unobserve(element);
      visibility.watched.delete(element);
    }
  });
  page.root.querySelectorAll("[" + Attribute.visible + "]").forEach(function (element) {
    if (visibility.watched.has(element)) return;
    visibility.watched.add(element);
    visibility.observer.observe(element);
  });
}
