// Dialogs: a dialog the server marks modal (`data-ocaf-modal`) opens as a modal, and Escape
// or a click on its backdrop sends its dismiss handler (`data-ocaf-dismiss`); the dialog closes
// when the state says so, in the patch that follows.

import { Attribute } from "./protocol.js";
import { send } from "./connection.js";

// Opens each modal dialog of `root` that is not open yet.
export function openDialogs(root) {
  root.querySelectorAll("dialog[" + Attribute.modal + "]").forEach(function (dialog) {
    if (!dialog.open) {
      try { dialog.showModal(); } catch (e) { dialog.setAttribute("open", ""); }
    }
  });
}

// The handler that dismisses `element` when it is a dialog that has one; null otherwise.
export function dismissHandler(element) {
  if (element.tagName !== "DIALOG" || !element.hasAttribute(Attribute.dismiss)) return null;
  return element.getAttribute(Attribute.dismiss);
}

// Escape on a dialog with a dismiss handler sends it, and leaves the dialog to the state.
export function listenToDialogs(page) {
  page.root.addEventListener("cancel", function (event) {
    const handler = dismissHandler(event.target);
    if (handler === null) return;
    event.preventDefault();
    send(page, { handler: handler });
  }, true);
}
