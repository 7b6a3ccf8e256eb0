// Tests that the page script's modules (Sources/ComposableWeb/Resources/PageScript) stay loadable
// by a browser as they are, with no bundler or build step: every relative import names a file
// of the folder with its `.js` extension, no module uses `require`, `module.exports` or Node's
// built-ins, main.js (what a page loads) reaches every module and exposes nothing, and the
// others do nothing when loaded. Run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeWindow, FakeSocket } from "./fake-browser.mjs";
import { scriptFolder } from "./fixtures.mjs";

const modules = fs.readdirSync(scriptFolder).filter((name) => name.endsWith(".js")).sort();

// A module's code without its comment lines.
function code(file) {
  return fs.readFileSync(path.join(scriptFolder, file), "utf8")
    .split("\n").filter((line) => !/^\s*\/\//.test(line)).join("\n");
}

// The specifiers of a module's imports and re-exports, static or dynamic.
function specifiers(file) {
  const source = code(file);
  const found = [];
  const patterns = [
    /\b(?:import|export)\b[^;"'`]*?\bfrom\s*(["'])(.*?)\1/g,
    /\bimport\s*(["'])(.*?)\1/g,
    /\bimport\s*\(\s*(["'`])(.*?)\1\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[2]);
  }
  return found;
}

test("the folder holds the page script's modules, and a package.json that makes them modules", () => {
  assert.deepEqual(modules, [
    "commands.js", "connection.js", "dialogs.js", "dom_patch.js", "events.js", "hooks.js",
    "location.js", "main.js", "messages.js", "page.js", "protocol.js", "streams.js", "uploads.js",
    "values.js",
  ]);
  assert.equal(fs.readFileSync(path.join(scriptFolder, "package.json"), "utf8"), `{ "type": "module" }\n`);
});

test("every import names a module of the folder, relatively, with its .js extension", () => {
  for (const file of modules) {
    for (const specifier of specifiers(file)) {
      assert.match(specifier, /^\.\/[a-z_]+\.js$/, `${file} imports ${specifier}`);
      assert.equal(modules.includes(specifier.slice(2)), true, `${file} imports ${specifier}, which is missing`);
    }
  }
  assert.deepEqual(specifiers("main.js"), ["./page.js"]);
});

test("no module uses CommonJS or Node's built-ins", () => {
  for (const file of modules) {
    const source = code(file);
    for (const pattern of [/\brequire\s*\(/, /\bmodule\.exports\b/, /\bexports\./, /\b__dirname\b/,
      /\b__filename\b/, /\bprocess\./, /\bBuffer\b/, /\bglobal\./, /["']node:/]) {
      assert.doesNotMatch(source, pattern, file);
    }
  }
});

test("main.js reaches every module, exports nothing, and no module writes a global", () => {
  const reached = new Set(["main.js"]);
  const queue = ["main.js"];
  while (queue.length > 0) {
    for (const specifier of specifiers(queue.shift())) {
      const file = specifier.slice(2);
      if (!reached.has(file)) { reached.add(file); queue.push(file); }
    }
  }
  assert.deepEqual([...reached].sort(), modules);
  assert.doesNotMatch(code("main.js"), /\bexport\b/);
  for (const file of modules) {
    assert.doesNotMatch(code(file), /\b(?:window|globalThis|self)\.[\w$]+\s*=(?!=)/, file);
  }
});

test("the modules but main.js do nothing when loaded", async () => {
  FakeSocket.opened = [];
  for (const file of modules.filter((name) => name !== "main.js")) {
    await import(pathToFileURL(path.join(scriptFolder, file)).href);
  }
  assert.equal(FakeSocket.opened.length, 0);
  assert.equal("window" in globalThis, false);
});

test("main.js starts the live page of the window it runs in", async () => {
  FakeSocket.opened = [];
  const window = makeWindow(`<main id="ocaf-root" data-ocaf-feature="counter"></main>`, "/counter");
  window.WebSocket = FakeSocket;
  globalThis.window = window;
  try {
    await import(pathToFileURL(path.join(scriptFolder, "main.js")).href);
  } finally {
    delete globalThis.window;
  }
  assert.equal(FakeSocket.opened.length, 1);
  assert.equal(new URL(FakeSocket.opened[0].url).searchParams.get("feature"), "counter");
});
