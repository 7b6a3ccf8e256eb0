// Unit tests of protocol.js (the names the page script shares with the server): its text is in
// the one format the server's test generates, its names follow their rules, and the other
// modules take the shared names from it; run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { scriptFolder } from "./fixtures.mjs";
import * as protocol from "../../Sources/ComposableWeb/Resources/PageScript/protocol.js";

const text = fs.readFileSync(path.join(scriptFolder, "protocol.js"), "utf8");
const tables = ["ServerMessage", "Attribute", "ElementID", "FormField", "SocketParameter"];

// A module's code without its comment lines.
const code = (source) => source.split("\n").filter((line) => !/^\s*\/\//.test(line)).join("\n");

test("protocol.js is in the server's format: sorted, two-space entries, one blank line between blocks", () => {
  // The text again, from the module's values and the file's own comments.
  const blocks = text.trimEnd().split("\n\n");
  const header = blocks.shift();
  assert.match(header, /^(\/\/ .*\n)*\/\/ .*$/, "a header of comment lines");
  const generated = [header];
  for (const block of blocks) {
    const lines = block.split("\n");
    const comment = lines.filter((line) => line.startsWith("// "));
    assert.equal(comment.length, 1, "one comment line before each export:\n" + block);
    const name = /^export const (\w+) = /.exec(lines[1])[1];
    const value = protocol[name];
    if (typeof value !== "object") {
      generated.push(`${comment[0]}\nexport const ${name} = ${JSON.stringify(value)};`);
      continue;
    }
    const entries = Object.keys(value).sort().map((key) => `  ${key}: ${JSON.stringify(value[key])},`);
    generated.push(`${comment[0]}\nexport const ${name} = Object.freeze({\n${entries.join("\n")}\n});`);
  }
  assert.equal(text, generated.join("\n\n") + "\n");
  assert.deepEqual(Object.keys(protocol).sort(), ["ATTRIBUTE_PREFIX", "HOOK_EVENT_PREFIX", "VERSION", ...tables].sort());
});

test("the protocol's tables are frozen, sorted by key in code-point order", () => {
  for (const name of tables) {
    const table = protocol[name];
    assert.equal(Object.isFrozen(table), true, name);
    const keys = Object.keys(table);
    assert.deepEqual(keys, keys.slice().sort(), name);
  }
});

test("an attribute's key is the camelCase of its name after the prefix", () => {
  assert.equal(protocol.ATTRIBUTE_PREFIX, "data-ocaf-");
  for (const [key, name] of Object.entries(protocol.Attribute)) {
    assert.equal(name.startsWith(protocol.ATTRIBUTE_PREFIX), true, name);
    assert.match(name.slice(protocol.ATTRIBUTE_PREFIX.length), /^[a-z]+(-[a-z]+)*$/);
    const camel = name.slice(protocol.ATTRIBUTE_PREFIX.length).replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
    assert.equal(key, camel);
  }
  for (const [key, type] of Object.entries(protocol.ServerMessage)) assert.equal(key, type);
  for (const [key, parameter] of Object.entries(protocol.SocketParameter)) assert.equal(key, parameter);
});

test("the other modules take the names they share with the server from protocol.js", () => {
  const shared = [
    ...Object.values(protocol.ElementID), ...Object.values(protocol.FormField),
    ...Object.values(protocol.ServerMessage),
  ].map((name) => JSON.stringify(name));
  for (const file of fs.readdirSync(scriptFolder).filter((name) => name.endsWith(".js"))) {
    if (file === "protocol.js") continue;
    const source = code(fs.readFileSync(path.join(scriptFolder, file), "utf8"));
    assert.doesNotMatch(source, /data-ocaf-/, file + " spells an attribute");
    for (const literal of shared) {
      assert.equal(source.includes(literal), false, `${file} spells ${literal}`);
    }
  }
});
