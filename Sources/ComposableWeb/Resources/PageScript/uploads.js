// Uploads: a file input bound to the server's uploads (`data-ocaf-upload`, its handler id).
// When files are chosen, the page reports their names, sizes and types (`{"files": […]}`),
// numbering each file; the server accepts or refuses each before any byte is sent. The input's
// `data-ocaf-upload-entries` lists the entries the server waits for, with what it has of each:
// after every render or patch, the page sends each such entry's next chunk, a binary message of
// a line of JSON (`{"entry","handler","offset"}`) and the bytes. The next chunk goes when the
// server's state shows the last one arrived, so an upload goes at the pace the server takes it.

import { Attribute } from "./protocol.js";
import { send, sendBinary } from "./connection.js";
import { flushWaiting } from "./events.js";

// The most bytes of a file a chunk carries (the server's `chunkSize`).
export const CHUNK_SIZE = 12 * 1024;

// The page's uploads: the chosen files by number, the numbers the server has listed, and the
// chunks sent (`entry@offset`).
function uploadsOf(page) {
  return page.uploads || (page.uploads = { files: new Map(), listed: new Set(), sent: new Set(), next: 0 });
}

// The binary message of a chunk: the header line, then `bytes` (a Uint8Array).
export function chunkMessage(header, bytes) {
  const line = new TextEncoder().encode(JSON.stringify(header) + "\n");
  const message = new Uint8Array(line.length + bytes.length);
  message.set(line, 0);
  message.set(bytes, line.length);
  return message;
}

// Listens for files chosen in the page's file inputs, and reports them.
export function listenToUploads(page) {
  page.root.addEventListener("change", function (event) {
    const input = event.target;
    if (!input || input.tagName !== "INPUT" || !input.hasAttribute(Attribute.upload)) return;
    const files = Array.prototype.slice.call(input.files || []);
    if (files.length === 0) return;
    const uploads = uploadsOf(page);
    const reported = files.map(function (file) {
      const ref = uploads.next;
      uploads.next += 1;
      uploads.files.set(ref, file);
      return { ref: ref, name: String(file.name), size: file.size, type: String(file.type || "") };
    });
    flushWaiting(page);
    send(page, { handler: input.getAttribute(Attribute.upload), value: JSON.stringify({ files: reported }) });
    // So that choosing the same file again is a change.
    try { input.value = ""; } catch (e) { /* a browser may refuse; the change is reported anyway */ }
  });
}

// Sends the next chunk of `entry` (`{entry, received, ref, size}`) of `file`.
function sendChunk(page, handler, entry, file) {
  const start = entry.received, end = Math.min(entry.size, start + CHUNK_SIZE);
  Promise.resolve(file.slice(start, end).arrayBuffer()).then(function (buffer) {
    sendBinary(page, chunkMessage({ entry: entry.entry, handler: handler, offset: start }, new Uint8Array(buffer)));
  });
}

// After a render or a patch: sends the next chunk of every entry the server waits for, once,
// and forgets the files the server no longer lists.
export function syncUploads(page) {
  const uploads = uploadsOf(page);
  const listed = new Set();
  page.root.querySelectorAll("input[" + Attribute.upload + "]").forEach(function (input) {
    let entries;
    try { entries = JSON.parse(input.getAttribute(Attribute.uploadEntries) || "[]"); } catch (e) { entries = []; }
    const handler = input.getAttribute(Attribute.upload);
    (Array.isArray(entries) ? entries : []).forEach(function (entry) {
      const file = uploads.files.get(entry.ref);
      listed.add(entry.ref);
      if (!file || !handler) return;
      const key = entry.entry + "@" + entry.received;
      if (uploads.sent.has(key)) return;
      uploads.sent.add(key);
      sendChunk(page, handler, entry, file);
    });
  });
  // A file the server listed and no longer does is done, failed or cancelled.
  uploads.listed.forEach(function (ref) {
    if (!listed.has(ref)) uploads.files.delete(ref);
  });
  uploads.listed = listed;
}
