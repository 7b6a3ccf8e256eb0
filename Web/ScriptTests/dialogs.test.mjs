// Unit tests of dialogs.js (modal dialogs, and Escape or a click on the backdrop sending their
// dismiss handler), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire } from "./fake-browser.mjs";
import { connected, page, pageState } from "./fixtures.mjs";
import { dismissHandler, listenToDialogs, openDialogs } from
  "../../Sources/ComposableWeb/Resources/PageScript/dialogs.js";

test("openDialogs opens the modal dialogs that are closed, as modals where it can", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><dialog data-ocaf-modal=""></dialog><dialog data-ocaf-modal=""></dialog>` +
      `<dialog></dialog></main>`,
  });
  const [modal, failing, plain] = state.root.querySelectorAll("dialog");
  failing.showModal = () => { throw new Error("not connected"); };
  openDialogs(state.root);
  assert.equal(modal.open, true);
  assert.equal(failing.hasAttribute("open"), true, "one that can't be a modal opens as a dialog");
  assert.equal(plain.open, false, "a dialog the server did not mark modal");
  modal.showModal = () => assert.fail("an open dialog is left as it is");
  openDialogs(state.root);
});

test("dismissHandler is a dialog's dismiss handler, or null", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><dialog data-ocaf-dismiss="h7"></dialog><dialog></dialog>` +
      `<div data-ocaf-dismiss="h8"></div></main>`,
  });
  const [dismissible, plain, div] = state.root.childNodes;
  assert.equal(dismissHandler(dismissible), "h7");
  assert.equal(dismissHandler(plain), null);
  assert.equal(dismissHandler(div), null, "only a dialog");
});

test("Escape on a dialog sends its dismissal, and leaves the dialog to the state", () => {
  const state = pageState({
    body: `<main id="ocaf-root"><dialog data-ocaf-dismiss="h7"><p>Sure?</p></dialog><dialog></dialog></main>`,
  });
  const socket = connected(state);
  listenToDialogs(state);
  const [dismissible, plain] = state.root.querySelectorAll("dialog");
  assert.equal(fire(plain, "cancel").defaultPrevented, false, "one without a handler closes");
  assert.equal(fire(dismissible, "cancel").defaultPrevented, true);
  assert.deepEqual(socket.sent, [{ handler: "h7" }]);
});

test("dialogs open as modals, and Escape sends their dismissal", () => {
  const { socket, root } = page({ html: `<div data-ocaf-component="c"></div>` });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({
    type: "patch",
    patches: [{ id: "c", html: `<dialog data-ocaf-modal="" data-ocaf-dismiss="h7"><p>Sure?</p></dialog>` }],
  });
  const dialog = root.querySelector("dialog");
  assert.equal(dialog.open, true);
  const cancel = fire(dialog, "cancel");
  assert.equal(cancel.defaultPrevented, true, "the browser does not close it; the state does");
  assert.deepEqual(socket.sent, [{ handler: "h7" }]);
});

test("a click on a dialog's backdrop sends its dismissal; one on its content does not", () => {
  const { socket, root } = page({
    html: `<div data-ocaf-component="c" data-ocaf-click="h1"><dialog data-ocaf-modal="" data-ocaf-dismiss="h7">` +
      `<p>Sure?</p></dialog></div>`,
  });
  socket.receive({ type: "attached", session: "s1" });
  const dialog = root.querySelector("dialog");
  fire(dialog, "click");
  assert.deepEqual(socket.sent, [{ handler: "h7" }], "not the click handler around it");
  fire(dialog.querySelector("p"), "click");
  assert.deepEqual(socket.sent, [{ handler: "h7" }, { handler: "h1" }]);
});
