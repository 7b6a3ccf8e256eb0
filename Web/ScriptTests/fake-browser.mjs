// A small stand-in for the browser, enough to run the page script under Node: elements, text,
// the HTML the server writes (double-quoted attributes, escaped text), the selectors the script
// uses, events that bubble, form fields' values, the history, timers and a WebSocket that
// records what the page sends. An ES module, as the page script's modules are.

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
  "source", "track", "wbr"]);

class FakeNode {
  constructor() {
    this.parentNode = null;
    this.childNodes = [];
    this.listeners = {};
  }
  get firstChild() { return this.childNodes[0] || null; }
  get nextSibling() {
    if (!this.parentNode) return null;
    const siblings = this.parentNode.childNodes;
    return siblings[siblings.indexOf(this) + 1] || null;
  }
  insertBefore(node, reference) {
    if (node.nodeType === 11) {
      for (const child of node.childNodes.slice()) this.insertBefore(child, reference);
      return node;
    }
    if (node.parentNode) node.parentNode.removeChild(node);
    const index = reference ? this.childNodes.indexOf(reference) : this.childNodes.length;
    if (index < 0) throw new Error("insertBefore: the reference is not a child");
    this.childNodes.splice(index, 0, node);
    node.parentNode = this;
    return node;
  }
  appendChild(node) { return this.insertBefore(node, null); }
  removeChild(node) {
    const index = this.childNodes.indexOf(node);
    if (index < 0) throw new Error("removeChild: not a child");
    this.childNodes.splice(index, 1);
    node.parentNode = null;
    return node;
  }
  contains(node) {
    for (let at = node; at; at = at.parentNode) if (at === this) return true;
    return false;
  }
  get textContent() {
    if (this.nodeType === 3) return this.nodeValue;
    return this.childNodes.map((child) => child.textContent).join("");
  }
  set textContent(text) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    if (text !== "") this.appendChild(new FakeText(String(text)));
  }
  addEventListener(type, listener) {
    (this.listeners[type] = this.listeners[type] || []).push(listener);
  }
  elements() {
    const found = [];
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === 1) {
          found.push(child);
          walk(child);
        }
      }
    };
    walk(this);
    return found;
  }
  querySelectorAll(selector) {
    const alternatives = parseSelector(selector);
    return this.elements().filter((element) => alternatives.some((test) => test(element)));
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

class FakeText extends FakeNode {
  constructor(text) {
    super();
    this.nodeType = 3;
    this.nodeName = "#text";
    this.nodeValue = text;
  }
}

class FakeFragment extends FakeNode {
  constructor() {
    super();
    this.nodeType = 11;
    this.nodeName = "#document-fragment";
  }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.nodeType = 1;
    this.tagName = tag.toUpperCase();
    this.nodeName = this.tagName;
    this.attributes = [];
    this.inert = false;
    this.disabled = false;
    this.open = false;
    this.focused = false;
    const element = this;
    this.classList = {
      toggle(name, on) {
        const names = new Set((element.getAttribute("class") || "").split(" ").filter(Boolean));
        if (on) names.add(name); else names.delete(name);
        element.setAttribute("class", Array.from(names).join(" "));
      },
      contains(name) {
        return (element.getAttribute("class") || "").split(" ").includes(name);
      },
    };
    if (this.tagName === "TEMPLATE") this.content = new FakeFragment();
  }
  getAttribute(name) {
    const attribute = this.attributes.find((a) => a.name === name);
    return attribute ? attribute.value : null;
  }
  hasAttribute(name) { return this.getAttribute(name) !== null; }
  setAttribute(name, value) {
    const attribute = this.attributes.find((a) => a.name === name);
    if (attribute) attribute.value = String(value);
    else this.attributes.push({ name, value: String(value) });
  }
  removeAttribute(name) {
    this.attributes = this.attributes.filter((a) => a.name !== name);
  }
  get id() { return this.getAttribute("id") || ""; }
  get className() { return this.getAttribute("class") || ""; }
  set className(name) { this.setAttribute("class", name); }
  get hidden() { return this.hasAttribute("hidden"); }
  set hidden(on) { if (on) this.setAttribute("hidden", ""); else this.removeAttribute("hidden"); }
  get type() { return (this.getAttribute("type") || "text").toLowerCase(); }
  // A field's value is its attribute's until something sets it (what browsers call dirty).
  get value() {
    if (this.tagName === "SELECT") {
      if (this.selected !== undefined) return this.selected;
      const options = this.querySelectorAll("option");
      const chosen = options.find((o) => o.hasAttribute("selected")) || options[0];
      return chosen ? chosen.getAttribute("value") || "" : "";
    }
    if (this.dirtyValue !== undefined) return this.dirtyValue;
    if (this.tagName === "TEXTAREA") return this.textContent;
    return this.getAttribute("value") || "";
  }
  set value(value) {
    if (this.tagName === "SELECT") this.selected = String(value);
    else this.dirtyValue = String(value);
    if (this.selectionStart !== undefined) {
      this.selectionStart = this.selectionEnd = String(value).length;
    }
  }
  get valueAsNumber() { return this.value === "" ? NaN : Number(this.value); }
  get defaultValue() { return this.textContent; }
  set defaultValue(text) { this.textContent = text; }
  get checked() {
    return this.dirtyChecked !== undefined ? this.dirtyChecked : this.hasAttribute("checked");
  }
  set checked(on) { this.dirtyChecked = Boolean(on); }
  setSelectionRange(start, end) {
    this.selectionStart = start;
    this.selectionEnd = end;
  }
  focus() { this.ownerDocument.activeElement = this; }
  dispatchEvent(event) {
    event.target = this;
    (this.dispatched = this.dispatched || []).push(event);
    for (let at = this; at; at = at.parentNode) {
      for (const listener of (at.listeners && at.listeners[event.type]) || []) listener(event);
    }
    return true;
  }
  showModal() { this.open = true; }
  closest(selector) {
    const alternatives = parseSelector(selector);
    for (let at = this; at && at.nodeType === 1; at = at.parentNode) {
      if (alternatives.some((test) => test(at))) return at;
    }
    return null;
  }
  set innerHTML(html) {
    const target = this.tagName === "TEMPLATE" ? this.content : this;
    target.childNodes = [];
    for (const node of parseHTML(html, this.ownerDocument)) target.appendChild(node);
  }
  get outerHTML() { return serialize(this); }
}

// The selectors the script uses: comma-separated alternatives, each an optional tag name, an
// optional `#id`, an optional `.class`, and `[name]` or `[name="value"]` parts.
function parseSelector(selector) {
  return selector.split(",").map((alternative) => {
    const match = /^\s*([a-zA-Z][a-zA-Z0-9]*)?(?:#([a-zA-Z0-9_-]+))?(?:\.([a-zA-Z0-9_-]+))?((?:\[[^\]]+\])*)\s*$/.exec(alternative);
    if (!match || alternative.trim() === "") throw new Error("unsupported selector: " + alternative);
    const tag = (match[1] || "").toUpperCase();
    const id = match[2];
    const className = match[3];
    const parts = [];
    const attribute = /\[([^=\]]+)(?:="((?:[^"\\]|\\.)*)")?\]/g;
    let part;
    while ((part = attribute.exec(match[4]))) {
      parts.push({ name: part[1], value: part[2] === undefined ? null : part[2].replace(/\\(.)/g, "$1") });
    }
    return (element) => (!tag || element.tagName === tag) && (!id || element.id === id) &&
      (!className || element.classList.contains(className)) && parts.every((p) =>
      p.value === null ? element.hasAttribute(p.name) : element.getAttribute(p.name) === p.value);
  });
}

function decode(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) =>
    ({ amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", "#x27": "'" })[name]);
}

// The HTML the server writes, as nodes of `document`.
export function parseHTML(html, document) {
  const top = new FakeFragment();
  const stack = [top];
  const token = /<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z0-9-]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/g;
  let match;
  while ((match = token.exec(html))) {
    const parent = stack[stack.length - 1];
    if (match[1]) {
      const tag = match[1].toUpperCase();
      while (stack.length > 1 && stack.pop().tagName !== tag) { /* close the unclosed */ }
    } else if (match[2]) {
      const element = document.createElement(match[2]);
      const attribute = /([^\s=>]+)(?:="([^"]*)")?/g;
      let part;
      while ((part = attribute.exec(match[3]))) element.setAttribute(part[1], decode(part[2] || ""));
      parent.appendChild(element);
      if (!VOID.has(match[2].toLowerCase())) stack.push(element);
    } else {
      parent.appendChild(new FakeText(decode(match[4])));
    }
  }
  return top.childNodes.slice();
}

export function serialize(node) {
  if (node.nodeType === 3) return node.nodeValue;
  const tag = node.tagName.toLowerCase();
  const attributes = node.attributes.map((a) => a.value === "" ? " " + a.name : ` ${a.name}="${a.value}"`).join("");
  if (VOID.has(tag)) return `<${tag}${attributes}>`;
  return `<${tag}${attributes}>${node.childNodes.map(serialize).join("")}</${tag}>`;
}

class FakeDocument extends FakeNode {
  constructor() {
    super();
    this.nodeType = 9;
    this.activeElement = null;
    this.currentScript = null;
    this.body = this.createElement("body");
    this.appendChild(this.body);
  }
  createElement(tag) {
    const element = new FakeElement(tag);
    element.ownerDocument = this;
    return element;
  }
  getElementById(id) { return this.elements().find((e) => e.getAttribute("id") === id) || null; }
}

// A socket that records what the page sends; the test opens it, and delivers the server's
// messages with `receive`.
export class FakeSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.opened.push(this);
  }
  send(data) {
    // Text is a message, parsed; binary data is an upload's chunk, kept as bytes.
    if (typeof data === "string") this.sent.push(JSON.parse(data));
    else (this.binary = this.binary || []).push(new Uint8Array(data.buffer || data));
  }
  open() {
    this.readyState = 1;
    if (this.onopen) this.onopen();
  }
  receive(message) { this.onmessage({ data: JSON.stringify(message) }); }
  close() {
    this.readyState = 3;
    if (this.onclose) this.onclose();
  }
}
FakeSocket.OPEN = 1;
FakeSocket.opened = [];

// A browser window showing `body` (HTML) at `url`, with history entries the test can move
// through (`back`, `forward`) and timers it runs by hand (`runTimers`).
export function makeWindow(body, url) {
  const document = new FakeDocument();
  document.body.innerHTML = body;
  const window = new FakeNode();
  const parse = (text) => {
    const query = text.indexOf("?");
    return { pathname: query < 0 ? text : text.slice(0, query), search: query < 0 ? "" : text.slice(query) };
  };
  const location = Object.assign({ protocol: "http:", host: "localhost:8080", reloads: 0 }, parse(url));
  Object.defineProperty(location, "origin", { get: () => location.protocol + "//" + location.host });
  Object.defineProperty(location, "href", {
    get: () => location.origin + location.pathname + location.search,
  });
  location.reload = () => { location.reloads += 1; };
  const entries = [{ state: null, url }];
  let index = 0;
  const show = () => Object.assign(location, parse(entries[index].url));
  const popstate = () => {
    for (const listener of window.listeners.popstate || []) listener({ state: entries[index].state });
  };
  const history = {
    get state() { return entries[index].state; },
    get length() { return entries.length; },
    entries,
    get index() { return index; },
    pushState(state, _, next) {
      entries.splice(index + 1);
      entries.push({ state, url: next === undefined ? entries[index].url : next });
      index += 1;
      show();
    },
    replaceState(state, _, next) {
      entries[index] = { state, url: next === undefined ? entries[index].url : next };
      show();
    },
    go(delta) {
      index = Math.max(0, Math.min(entries.length - 1, index + delta));
      show();
      popstate();
    },
  };
  // Timers run when the test says: `runTimers` runs those waiting now, whatever their delay;
  // `advance(ms)` moves the clock, running those due in order (and those they start).
  const timers = [];
  let now = 0, nextTimer = 0;
  Object.assign(window, {
    document, location, history,
    WebSocket: FakeSocket,
    URL,
    CSS: { escape: (text) => String(text).replace(/["\\]/g, "\\$&") },
    innerWidth: 1024,
    innerHeight: 768,
    CustomEvent: class { constructor(type, init) { this.type = type; this.detail = init && init.detail; this.bubbles = init && init.bubbles; } },
    setTimeout(run, delay) {
      nextTimer += 1;
      timers.push({ id: nextTimer, run, at: now + (delay || 0) });
      return nextTimer;
    },
    clearTimeout(id) {
      const at = timers.findIndex((timer) => timer.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
    runTimers() { for (const timer of timers.splice(0)) timer.run(); },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        now = Math.max(now, due.at);
        due.run();
      }
      now = end;
    },
    pendingTimers() { return timers.length; },
    back() { history.go(-1); },
    forward() { history.go(1); },
  });
  return window;
}

// Fires `type` at `target`, bubbling to the root's and the window's listeners; returns the event.
export function fire(target, type, properties) {
  const event = Object.assign({
    type, target, detail: 1, defaultPrevented: false,
    preventDefault() { this.defaultPrevented = true; },
  }, properties);
  for (let at = target; at; at = at.parentNode) {
    for (const listener of (at.listeners && at.listeners[type]) || []) listener(event);
  }
  return event;
}

