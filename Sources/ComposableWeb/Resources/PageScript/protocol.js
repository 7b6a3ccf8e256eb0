// The names the page script shares with the server, generated from ComposableWeb's
// `PageProtocol` (Sources/ComposableWeb/Protocol/PageProtocol.swift). Edit that file, not this
// one: the test `pageScriptProtocolTableMatchesTheServer` fails when the two disagree and prints
// this file's text.

// The protocol's version. A page whose script speaks another version is told to reload.
export const VERSION = 1;

// The prefix of every attribute the server writes on the page's elements.
export const ATTRIBUTE_PREFIX = "data-ocaf-";

// The prefix of a hook's event among an element's events (`data-ocaf-push-<event>`).
export const HOOK_EVENT_PREFIX = "push-";

// The `type` of each message the server sends.
export const ServerMessage = Object.freeze({
  attached: "attached",
  patch: "patch",
  refused: "refused",
  reload: "reload",
  render: "render",
  replaced: "replaced",
  stopping: "stopping",
});

// The attributes the server writes on the page's elements.
export const Attribute = Object.freeze({
  base: "data-ocaf-base",
  blur: "data-ocaf-blur",
  buttonForm: "data-ocaf-button-form",
  change: "data-ocaf-change",
  click: "data-ocaf-click",
  component: "data-ocaf-component",
  depth: "data-ocaf-depth",
  disableWhileSending: "data-ocaf-disable-while-sending",
  dismiss: "data-ocaf-dismiss",
  feature: "data-ocaf-feature",
  focus: "data-ocaf-focus",
  hook: "data-ocaf-hook",
  hooks: "data-ocaf-hooks",
  input: "data-ocaf-input",
  keep: "data-ocaf-keep",
  key: "data-ocaf-key",
  keydown: "data-ocaf-keydown",
  keyup: "data-ocaf-keyup",
  latency: "data-ocaf-latency",
  liveLink: "data-ocaf-live-link",
  location: "data-ocaf-location",
  modal: "data-ocaf-modal",
  options: "data-ocaf-options",
  owned: "data-ocaf-owned",
  pop: "data-ocaf-pop",
  routed: "data-ocaf-routed",
  session: "data-ocaf-session",
  socket: "data-ocaf-socket",
  stack: "data-ocaf-stack",
  stream: "data-ocaf-stream",
  submit: "data-ocaf-submit",
  upload: "data-ocaf-upload",
  uploadEntries: "data-ocaf-upload-entries",
  visible: "data-ocaf-visible",
  windowKeydown: "data-ocaf-window-keydown",
  windowKeyup: "data-ocaf-window-keyup",
  windowResize: "data-ocaf-window-resize",
});

// The ids of the page's elements the script finds.
export const ElementID = Object.freeze({
  root: "ocaf-root",
  status: "ocaf-status",
});

// The hidden form fields of a page rendered for browsers without JavaScript.
export const FormField = Object.freeze({
  form: "ocaf-form",
  session: "ocaf-session",
});

// The query parameters of the socket's URL.
export const SocketParameter = Object.freeze({
  feature: "feature",
  nonce: "nonce",
  page: "page",
  session: "session",
  version: "version",
});
