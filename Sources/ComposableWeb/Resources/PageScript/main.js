// ComposableWeb's page script: what a live page runs, loaded as a module
// (`<script type="module" src="…/ocaf/main.js">`) together with the modules beside it, as they
// are (no bundler, no build step).
//
// It connects to the session's WebSocket, sends the events of elements that carry handler ids
// (with typed values: text, Booleans, numbers, keys; debounced or throttled as the element
// says), runs client commands, applies renders and patches by morphing the
// page (untouched elements and rows keep their DOM nodes; a focused field keeps focus and caret,
// and shows the server's value when the reducer changed it), opens dialogs as modals (Escape and
// the backdrop send their dismiss handler), keeps the address bar and the browser's history in
// step with the page's state, and reconnects with backoff, resuming the same session.
//
// A page rendered over HTTP names the session that rendered it, and its socket takes that session
// over, getting only what changed since. While the socket is down the page says so and its
// controls are inert. When it reconnects to a server that no longer has its session (a restart,
// an expiry), it says the page was reset and puts back what the user had typed into bound fields,
// sending it to the new session (form recovery). A page replaced by another of its browser's tabs
// says so and stops. A page whose script speaks another version of the protocol than the server
// (protocol.js) is told to reload.
//
// History: a page whose feature declares a route (`data-ocaf-routed`) gets its location from the
// server with each change (`location`, the part of the URL below the page's own path, pushed or
// replaced as the feature says) and tells the server when Back, Forward or a live link changes
// the URL under it (`{"navigate": location}`). A page without a route keeps one history entry
// per level of its navigation stack, so that Back pops it. A live link (`data-ocaf-live-link`)
// to another live page of the same app, and Back or Forward to one, switch the page without a
// reload: the socket is closed and a new one starts that page's session, whose render replaces
// the page (the server sends `{"type":"reload"}` for a URL that is no live page).
//
// It exposes nothing to other scripts: this module exports nothing, and the session's id stays
// inside the page's state. The modules, one concept each:
//   protocol.js    the names shared with the server (generated from its `PageProtocol`)
//   page.js        createPage: the page's state, wiring the others
//   connection.js  the socket: connecting, sending, reconnecting; status, offline and inert
//   messages.js    the server's messages
//   dom_patch.js   morphing the page into the server's render
//   values.js      the fields' typed values, echoes, and form recovery
//   events.js      the listeners that send handler messages (keys, focus, the window; debounce,
//                  throttle, busy elements), and live links
//   commands.js    client commands (show, hide, classes, attributes, focus, dispatch)
//   hooks.js       client hooks: mounted, updated, destroyed; pushEvent and handleEvent
//   uploads.js     file inputs: the files chosen, then their chunks as the server takes them
//   streams.js     streams' rows kept by the page; the visible event
//   dialogs.js     modal dialogs and their dismissal
//   location.js    the URL and the browser's history
// `Web/ScriptTests` unit-tests them under Node.

import { createPage } from "./page.js";

createPage(window);
