// The page's socket: connecting with what the server needs to find or resume its session,
// sending the page's messages, reconnecting with backoff, and saying so in the page's status
// while the page is offline (its controls inert). In development, a simulated latency delays
// every message both ways.

import { Attribute, SocketParameter, VERSION } from "./protocol.js";

// The URL of a socket for `page`: the session's feature, the page's URL (path and query), the
// protocol's version (the server tells a page that speaks another one to reload), the page's
// nonce and the session it takes over or resumes, when it has them.
export function socketURL(page) {
  const location = page.window.location;
  // A page switched to by a live link names no feature: the server finds it by its URL.
  const parameters = page.feature ? [[SocketParameter.feature, page.feature]] : [];
  parameters.push([SocketParameter.page, location.pathname + location.search]);
  parameters.push([SocketParameter.version, String(VERSION)]);
  if (page.nonce) parameters.push([SocketParameter.nonce, page.nonce]);
  if (page.sessionID) parameters.push([SocketParameter.session, page.sessionID]);
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    (page.root.getAttribute(Attribute.socket) || "/live") + "?" +
    parameters.map(([name, value]) => name + "=" + encodeURIComponent(value)).join("&");
}

// How long the page waits before its `attempts`th reconnection: doubling from a quarter of a
// second up to ten seconds, and ten seconds when the server refused the page.
export function reconnectDelay(attempts, refused) {
  return refused ? 10000 : Math.min(10000, 250 * Math.pow(2, attempts - 1));
}

// Opens a socket for `page`, handing the server's messages to `page.receive`; when it closes,
// a page that was not stopped connects again after a while.
export function connect(page) {
  const window = page.window;
  const opened = new window.WebSocket(socketURL(page));
  page.socket = opened;
  // The page sends nothing on a socket before the server's first message on it: the server
  // reads the page's messages from then on (see LiveEndpoint.attach).
  page.heard = false;
  opened.onopen = function () {
    page.attempts = 0;
    page.refusal = null;
    page.stopping = null;
  };
  opened.onmessage = function (event) {
    later(page, function () {
      // What the page's previous socket still delivers belongs to the page it left.
      if (page.socket !== opened) return;
      page.heard = true;
      page.receive(JSON.parse(event.data));
    });
  };
  opened.onclose = function () {
    // A socket the page left for another page's is done with.
    if (page.socket !== opened) return;
    page.socket = null;
    setOffline(page, true);
    if (page.stopped) {
      setStatus(page, page.stopped);
      return;
    }
    page.attempts += 1;
    const delay = reconnectDelay(page.attempts, Boolean(page.refusal));
    setStatus(page, page.refusal ? page.refusal + " Retrying…" :
      (page.stopping || "Disconnected.") + " Reconnecting…");
    window.setTimeout(function () { connect(page); }, delay);
  };
}

// Sends `message` (`{handler, value, ref}` or `{navigate}`) on the page's socket; whether it
// went, which it does not while the socket is down or before the server's first message on it.
export function send(page, message) {
  if (message.navigate === undefined && !message.handler) return false;
  const socket = page.socket;
  if (!socket || !page.heard || socket.readyState !== page.window.WebSocket.OPEN) return false;
  const text = message.navigate !== undefined ? { navigate: message.navigate } : { handler: message.handler };
  if (message.navigate === undefined && message.ref !== undefined) text.ref = message.ref;
  if (message.navigate === undefined && message.value !== undefined) text.value = message.value;
  const json = JSON.stringify(text);
  later(page, function () {
    if (socket.readyState === page.window.WebSocket.OPEN) socket.send(json);
  });
  return true;
}

// Sends the binary message `data` (an upload's chunk) on the page's socket; whether it went.
export function sendBinary(page, data) {
  const socket = page.socket;
  if (!socket || !page.heard || socket.readyState !== page.window.WebSocket.OPEN) return false;
  later(page, function () {
    if (socket.readyState === page.window.WebSocket.OPEN) socket.send(data);
  });
  return true;
}

// Runs `work` now, or after the page's simulated latency (a development setting: the root's
// `data-ocaf-latency`, in milliseconds), which delays every message both ways, in order.
export function later(page, work) {
  const latency = page.latency || 0;
  if (latency > 0) page.window.setTimeout(work, latency);
  else work();
}

// Shows `text` in the page's status element (hidden when empty); a `notice` goes after a while.
export function setStatus(page, text, notice) {
  const status = page.status;
  if (!status) return;
  page.window.clearTimeout(page.noticeTimer);
  status.textContent = text;
  status.hidden = text === "";
  status.className = notice ? "ocaf-notice" : "";
  if (notice) page.noticeTimer = page.window.setTimeout(function () { setStatus(page, ""); }, 10000);
}

// While there is no socket, the page's controls take no input: what they sent would be lost.
// `quietly` (while a rendered page first connects) takes input away without dimming it.
export function setOffline(page, offline, quietly) {
  const root = page.root;
  root.inert = offline;
  root.classList.toggle("ocaf-offline", offline && !quietly);
  root.setAttribute("aria-busy", offline ? "true" : "false");
}
