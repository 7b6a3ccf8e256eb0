// Unit tests of hooks.js (client hooks: mounted, updated and destroyed as renders and patches
// add, render again and remove their elements; pushEvent and handleEvent; content a hook owns;
// hook modules loaded by the page's table), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { FakeSocket } from "./fake-browser.mjs";
import { page } from "./fixtures.mjs";
import { defineHook, hookTable } from "../../Sources/ComposableWeb/Resources/PageScript/hooks.js";

// A recording hook: what it was told, in order, by element id.
function recorder(log) {
  return {
    mounted() { log.push("mounted " + this.el.id); },
    updated() { log.push("updated " + this.el.id); },
    destroyed() { log.push("destroyed " + this.el.id); },
  };
}

const patch = (html) => ({ type: "patch", patches: [{ id: "c", html }] });

test("a hook is mounted with its element, updated when a patch renders it again, and destroyed when it leaves", () => {
  const log = [];
  const { socket, live } = page({ html: `<div data-ocaf-component="c"><div id="a" data-ocaf-hook="Chart" data-x="1"></div><p>1</p></div>` });
  defineHook(live.page(), "Chart", recorder(log));
  socket.receive({ type: "attached", session: "s1" });
  assert.deepEqual(log, ["mounted a"]);
  socket.receive(patch(`<div id="a" data-ocaf-hook="Chart" data-x="2"></div><p>2</p>`));
  assert.deepEqual(log, ["mounted a", "updated a"]);
  socket.receive(patch(`<div id="a" data-ocaf-hook="Chart" data-x="2"></div><div id="b" data-ocaf-hook="Chart"></div>`));
  assert.deepEqual(log.slice(2), ["updated a", "mounted b"]);
  socket.receive(patch(`<p>none</p>`));
  assert.deepEqual(log.slice(4).sort(), ["destroyed a", "destroyed b"]);
});

test("pushEvent sends the element's handler for the event with its payload as JSON; an event without one sends nothing", () => {
  let hook = null;
  const { socket, live } = page({ html: `<div data-ocaf-component="c"><div id="a" data-ocaf-hook="Chart" data-ocaf-push-picked="h7"></div></div>` });
  defineHook(live.page(), "Chart", { mounted() { hook = this; } });
  socket.receive({ type: "attached", session: "s1" });
  const warn = console.warn;
  const warnings = [];
  console.warn = (text) => warnings.push(text);
  try {
    assert.equal(hook.pushEvent("picked", { index: 2 }), true);
    assert.equal(hook.pushEvent("zoomed", { level: 3 }), false);
    hook.pushEvent("picked");
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(socket.sent, [
    { handler: "h7", value: JSON.stringify({ index: 2 }) },
    { handler: "h7", value: "{}" },
  ]);
  assert.match(warnings[0], /no handler for the event 'zoomed'/);
});

test("the events a patch carries reach every hook that handles them, after the patch", () => {
  const heard = [];
  const { socket, live } = page({ html: `<div data-ocaf-component="c"><i id="a" data-ocaf-hook="Chart"></i><i id="b" data-ocaf-hook="Chart"></i></div>` });
  defineHook(live.page(), "Chart", {
    mounted() {
      this.handleEvent("highlight", (payload) => heard.push([this.el.id, payload.index, this.el.getAttribute("data-v")]));
    },
  });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive({ type: "patch", patches: [{ id: "c", html: `<i id="a" data-ocaf-hook="Chart" data-v="new"></i><i id="b" data-ocaf-hook="Chart" data-v="new"></i>` }],
    events: [{ name: "highlight", payload: { index: 3 } }, { name: "other", payload: {} }] });
  assert.deepEqual(heard, [["a", 3, "new"], ["b", 3, "new"]]);
});

test("a hook that throws is logged, and the page and other hooks go on", () => {
  const errors = [];
  const log = [];
  const error = console.error;
  console.error = (text) => errors.push(text);
  try {
    const { socket, live, root } = page({ html: `<div data-ocaf-component="c"><i id="a" data-ocaf-hook="Bad"></i><i id="b" data-ocaf-hook="Chart"></i><span>0</span></div>` });
    defineHook(live.page(), "Bad", { mounted() { throw new Error("boom"); } });
    defineHook(live.page(), "Chart", recorder(log));
    socket.receive({ type: "attached", session: "s1" });
    socket.receive(patch(`<i id="a" data-ocaf-hook="Bad"></i><i id="b" data-ocaf-hook="Chart"></i><span>1</span>`));
    assert.equal(root.querySelector("span").textContent, "1");
  } finally {
    console.error = error;
  }
  assert.match(errors[0], /hook Bad failed in mounted/);
  assert.deepEqual(log, ["mounted b", "updated b"]);
});

test("content the hook owns stays as the hook made it; its attributes follow the state", () => {
  const { socket, live, root } = page({ html: `<div data-ocaf-component="c"><div id="a" data-ocaf-hook="Chart" data-ocaf-owned="" data-values="1"></div></div>` });
  defineHook(live.page(), "Chart", { mounted() { this.el.innerHTML = `<b>drawn</b>`; } });
  socket.receive({ type: "attached", session: "s1" });
  socket.receive(patch(`<div id="a" data-ocaf-hook="Chart" data-ocaf-owned="" data-values="1,2"></div>`));
  const chart = root.querySelector("div[data-ocaf-hook]");
  assert.equal(chart.getAttribute("data-values"), "1,2");
  assert.equal(chart.querySelector("b").textContent, "drawn");
});

test("a hook's module is loaded once from the page's table, and mounted when it arrives if its element is still there", async () => {
  const imported = [];
  const log = [];
  const { socket, live, root } = page({
    html: `<div data-ocaf-component="c"><i id="a" data-ocaf-hook="Chart"></i><i id="b" data-ocaf-hook="Chart"></i></div>`,
    attributes: `data-ocaf-hooks="{&quot;Chart&quot;:&quot;/ocaf/hooks/Chart.js&quot;}"`,
  });
  assert.deepEqual(hookTable(root), { Chart: "/ocaf/hooks/Chart.js" });
  live.page().importModule = (url) => { imported.push(url); return Promise.resolve({ default: recorder(log) }); };
  socket.receive({ type: "attached", session: "s1" });
  socket.receive(patch(`<i id="a" data-ocaf-hook="Chart"></i>`));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(imported, ["http://localhost:8080/ocaf/hooks/Chart.js"]);
  assert.deepEqual(log, ["mounted a"], "b left before its module came");
});

test("an element naming a hook the page does not have is warned about once", () => {
  const warnings = [];
  const warn = console.warn;
  console.warn = (text) => warnings.push(text);
  try {
    const { socket } = page({ html: `<div data-ocaf-component="c"><i data-ocaf-hook="Nope"></i><i data-ocaf-hook="Nope"></i></div>` });
    socket.receive({ type: "attached", session: "s1" });
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /no hook named Nope/);
});
