// Unit tests of uploads.js (a file input's chosen files reported, then their chunks sent as
// the server's state asks for them), run by `node --test Web/ScriptTests`.

import test from "node:test";
import assert from "node:assert/strict";
import { fire } from "./fake-browser.mjs";
import { page } from "./fixtures.mjs";
import { CHUNK_SIZE, chunkMessage } from "../../Sources/ComposableWeb/Resources/PageScript/uploads.js";

// A file of `size` bytes, each its position modulo 251.
function file(name, size, type = "text/plain") {
  const bytes = new Uint8Array(size).map((_, index) => index % 251);
  return Object.assign(new Blob([bytes], { type }), { name });
}

// The file input as the server renders it, with the entries it waits for.
const input = (entries, handler = "h5") =>
  `<input type="file" id="files" data-ocaf-upload="${handler}" ` +
  `data-ocaf-upload-entries="${JSON.stringify(entries).replace(/"/g, "&quot;")}">`;

// Resolves with the next chunk the page sends: a chunk waits for its file's read, which finishes
// on its own time.
function nextChunk(socket) {
  return new Promise((resolve) => {
    const send = socket.send;
    socket.send = function (data) {
      send.call(socket, data);
      if (typeof data === "string") return;
      socket.send = send;
      resolve(socket.binary[socket.binary.length - 1]);
    };
  });
}

// A chunk as sent: its header and its bytes.
function read(chunk) {
  const newline = chunk.indexOf(10);
  return { header: JSON.parse(new TextDecoder().decode(chunk.slice(0, newline))), bytes: chunk.slice(newline + 1) };
}

test("chosen files are reported by number, name, size and type, before any byte", () => {
  const { socket, root } = page({ html: `<div data-ocaf-component="c">${input([])}</div>` });
  socket.receive({ type: "attached", session: "s1" });
  const field = root.querySelector("input");
  field.files = [file("a.txt", 10), file("b.png", 20, "image/png")];
  fire(field, "change");
  assert.deepEqual(socket.sent, [{
    handler: "h5",
    value: JSON.stringify({ files: [
      { ref: 0, name: "a.txt", size: 10, type: "text/plain" },
      { ref: 1, name: "b.png", size: 20, type: "image/png" },
    ] }),
  }]);
  assert.equal(socket.binary, undefined);
});

test("each entry the server waits for gets its next chunk once, as the server's state advances", async () => {
  const { socket, root } = page({ html: `<div data-ocaf-component="c">${input([])}</div>` });
  socket.receive({ type: "attached", session: "s1" });
  const field = root.querySelector("input");
  const size = CHUNK_SIZE + 100;
  field.files = [file("big.bin", size)];
  fire(field, "change");
  const patch = (entries) => socket.receive({ type: "patch", patches: [{ id: "c", html: input(entries, "h6") }] });
  const firstSent = nextChunk(socket);
  patch([{ entry: "u1", received: 0, ref: 0, size }]);
  patch([{ entry: "u1", received: 0, ref: 0, size }]);
  const first = read(await firstSent);
  assert.deepEqual(first.header, { entry: "u1", handler: "h6", offset: 0 });
  assert.equal(first.bytes.length, CHUNK_SIZE);
  assert.equal(first.bytes[252], 1);
  const secondSent = nextChunk(socket);
  patch([{ entry: "u1", received: CHUNK_SIZE, ref: 0, size }]);
  const second = read(await secondSent);
  // The second patch that asked for the first chunk sent nothing: the next chunk sent is the
  // second, and there are two.
  assert.equal(socket.binary.length, 2, "the same chunk is sent once");
  assert.deepEqual(second.header, { entry: "u1", handler: "h6", offset: CHUNK_SIZE });
  assert.equal(second.bytes.length, 100);
  assert.equal(second.bytes[0], CHUNK_SIZE % 251);
});

test("an empty file is one empty chunk, and a file the server stops listing is forgotten", async () => {
  const { socket, root, live } = page({ html: `<div data-ocaf-component="c">${input([])}</div>` });
  socket.receive({ type: "attached", session: "s1" });
  const field = root.querySelector("input");
  field.files = [file("empty.txt", 0)];
  fire(field, "change");
  const sent = nextChunk(socket);
  socket.receive({ type: "patch", patches: [{ id: "c", html: input([{ entry: "u1", received: 0, ref: 0, size: 0 }]) }] });
  assert.equal(read(await sent).bytes.length, 0);
  assert.equal(live.page().uploads.files.size, 1);
  socket.receive({ type: "patch", patches: [{ id: "c", html: input([]) }] });
  assert.equal(live.page().uploads.files.size, 0);
});

test("a chunk's message is its header line, then its bytes", () => {
  const message = chunkMessage({ entry: "u1", handler: "h1", offset: 3 }, new Uint8Array([1, 2]));
  assert.deepEqual(Array.from(message.slice(-3)), [10, 1, 2]);
  assert.equal(new TextDecoder().decode(message.slice(0, -3)), `{"entry":"u1","handler":"h1","offset":3}`);
});
