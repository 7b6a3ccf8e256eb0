// ComposableWeb's page script: the one script a live page runs.
//
// It connects to the session's WebSocket, sends the events of elements that carry handler ids
// (with typed values: text, Booleans, numbers), applies renders and patches by morphing the
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
// says so and stops.
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
// It exposes nothing to other scripts (the session's id stays inside it). Under Node (the unit
// tests) it exports `createPage` and its helpers instead of starting.
(function () {
  "use strict";

  // MARK: Helpers that need no page

  // The part of `url` (a path and query) below `base` (a page's path), or null when the URL is
  // not on that page: "/todos?filter=active" below "/todos" is "?filter=active".
  function locationBelow(base, url) {
    var queryStart = url.indexOf("?");
    var path = queryStart < 0 ? url : url.slice(0, queryStart);
    var query = queryStart < 0 ? "" : url.slice(queryStart);
    if (path === base || path === base + "/") return query;
    if (path.indexOf(base + "/") === 0) return path.slice(base.length) + query;
    return null;
  }

  // Components are keyed by their id; any other element can be keyed among its siblings with a
  // data-ocaf-key attribute (e.g. the row element around a row's component).
  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    var component = node.getAttribute("data-ocaf-component");
    if (component) return component;
    var key = node.getAttribute("data-ocaf-key");
    return key === null ? null : "key:" + key;
  }

  function isKeep(node) {
    return node.nodeType === 1 && node.hasAttribute("data-ocaf-keep");
  }

  // The value an element reports: a Boolean for a checkbox, a number for a number field, slider
  // or drop-down (the option's position), text otherwise; undefined if it has none.
  function valueOf(target) {
    if (target.tagName === "INPUT" && (target.type === "checkbox" || target.type === "radio")) {
      return target.checked;
    }
    if (target.tagName === "INPUT" && (target.type === "number" || target.type === "range")) {
      var number = target.valueAsNumber;
      return isNaN(number) ? undefined : number;
    }
    if (target.tagName === "SELECT") return Number(target.value);
    return String(target.value);
  }

  // Whether the server's value is only the echo of a value this focused field sent (the user may
  // have typed on since): then the field keeps what it shows. A value the field never sent is the
  // reducer's own, and the field shows it.
  function isEcho(field, value, active) {
    var pending = field.ocafPending || [];
    field.ocafPending = [];
    if (field !== active) return false;
    for (var i = 0; i < pending.length; i++) {
      if (String(pending[i]) === String(value)) {
        field.ocafPending = pending.slice(i + 1);
        return true;
      }
    }
    return false;
  }

  // MARK: A page

  // Starts the live page of `window`'s document, if it has one (an element #ocaf-root), and
  // returns what the tests look at; null without a root.
  function createPage(window) {
    var document = window.document;
    var history = window.history;
    var location = window.location;
    var root = document.getElementById("ocaf-root");
    if (!root) return null;
    var feature = root.getAttribute("data-ocaf-feature");
    var base = root.getAttribute("data-ocaf-base") || "";
    var routed = root.hasAttribute("data-ocaf-routed");
    var status = document.getElementById("ocaf-status");
    // A page rendered over HTTP names the session that rendered it: its socket takes it over.
    var sessionID = root.getAttribute("data-ocaf-session");
    // The page's nonce for inline styles: a session this page starts over the socket gives its
    // styles the same one.
    var nonce = (document.currentScript && document.currentScript.nonce) || "";
    root.removeAttribute("data-ocaf-session");
    // So do the hidden fields that let a browser without JavaScript post the page's forms.
    root.querySelectorAll('input[name="ocaf-session"]').forEach(function (field) {
      field.parentNode.removeChild(field);
    });
    // And the hidden form a button outside every form posts without JavaScript: here its click
    // goes over the socket, and the page takes the shape of the socket's patches, which have
    // no such forms.
    root.querySelectorAll("form[data-ocaf-button-form]").forEach(function (form) {
      root.querySelectorAll("button[form]").forEach(function (button) {
        if (button.getAttribute("form") === form.getAttribute("id")) button.removeAttribute("form");
      });
      form.parentNode.removeChild(form);
    });
    var socket = null;
    // Whether the current socket has had its first message from the server.
    var heard = false;
    var attempts = 0;
    var refusal = null;
    var stopped = null;
    var stopping = null;
    var historyDepth = (history.state && history.state.ocafDepth) || 0;
    var ignoredPops = 0;
    var noticeTimer = null;

    function here() {
      return location.pathname + location.search;
    }

    function setStatus(text, notice) {
      if (!status) return;
      window.clearTimeout(noticeTimer);
      status.textContent = text;
      status.hidden = text === "";
      status.className = notice ? "ocaf-notice" : "";
      if (notice) noticeTimer = window.setTimeout(function () { setStatus(""); }, 10000);
    }

    // While there is no socket, the page's controls take no input: what they sent would be lost.
    // `quietly` (while a rendered page first connects) takes input away without dimming it.
    function setOffline(offline, quietly) {
      root.inert = offline;
      root.classList.toggle("ocaf-offline", offline && !quietly);
      root.setAttribute("aria-busy", offline ? "true" : "false");
    }

    function connect() {
      // A page switched to by a live link names no feature: the server finds it by its URL.
      var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
        (root.getAttribute("data-ocaf-socket") || "/live") +
        "?" + (feature ? "feature=" + encodeURIComponent(feature) + "&" : "") +
        "page=" + encodeURIComponent(here()) +
        (nonce ? "&nonce=" + encodeURIComponent(nonce) : "") +
        (sessionID ? "&session=" + encodeURIComponent(sessionID) : "");
      var opened = new window.WebSocket(url);
      socket = opened;
      // The page sends nothing on a socket before the server's first message on it: the server
      // reads the page's messages from then on (see LiveEndpoint.attach).
      heard = false;
      socket.onopen = function () { attempts = 0; refusal = null; stopping = null; };
      socket.onmessage = function (event) {
        // What the page's previous socket still delivers belongs to the page it left.
        if (socket !== opened) return;
        heard = true;
        apply(JSON.parse(event.data));
      };
      socket.onclose = function () {
        // A socket the page left for another page's is done with.
        if (socket !== opened) return;
        socket = null;
        setOffline(true);
        if (stopped) {
          setStatus(stopped);
          return;
        }
        attempts += 1;
        var delay = refusal ? 10000 : Math.min(10000, 250 * Math.pow(2, attempts - 1));
        setStatus(refusal ? refusal + " Retrying…" :
          (stopping || "Disconnected.") + " Reconnecting…");
        window.setTimeout(connect, delay);
      };
    }

    // Form recovery: what the user had typed into bound fields, by component and position, so
    // that a page whose session is gone can hand it to its new session.
    function boundFields() {
      var fields = {};
      root.querySelectorAll("[data-ocaf-input],[data-ocaf-change]").forEach(function (field) {
        var component = field.closest("[data-ocaf-component]");
        var key = component ? component.getAttribute("data-ocaf-component") : "";
        var position = 0;
        while (fields[key + "#" + position]) position += 1;
        fields[key + "#" + position] = field;
      });
      return fields;
    }

    function typedValues() {
      var values = {}, fields = boundFields();
      Object.keys(fields).forEach(function (key) {
        var value = valueOf(fields[key]);
        if (value !== undefined) values[key] = value;
      });
      return values;
    }

    function restore(values) {
      var fields = boundFields(), restored = 0;
      Object.keys(values).forEach(function (key) {
        var field = fields[key], value = values[key];
        if (!field || valueOf(field) === value) return;
        if (field.type === "checkbox" || field.type === "radio") field.checked = value;
        else setValue(field, String(value));
        var handler = field.getAttribute("data-ocaf-input") || field.getAttribute("data-ocaf-change");
        field.ocafPending = [value];
        if (send({ handler: handler, value: value })) restored += 1;
      });
      return restored;
    }

    // MARK: Morphing: make the page's nodes look like the server's, keeping nodes that stay.

    function findComponent(key) {
      return root.querySelector('[data-ocaf-component="' + window.CSS.escape(key) + '"]');
    }

    function setValue(field, value) {
      if (field.value === value) return;
      var start = null, end = null;
      if (field === document.activeElement) {
        try { start = field.selectionStart; end = field.selectionEnd; } catch (e) {}
      }
      field.value = value;
      if (typeof start === "number" && start !== null) {
        var length = field.value.length;
        try { field.setSelectionRange(Math.min(start, length), Math.min(end, length)); } catch (e) {}
      }
    }

    // Every patch looks at the values the field sent (an echo is spent even when the field
    // already shows it), so that an old one can't pass later for the echo of a new value.
    function syncValue(from, to) {
      var active = document.activeElement;
      if (from.tagName === "INPUT" && (from.type === "checkbox" || from.type === "radio")) {
        var checked = to.hasAttribute("checked");
        if (!isEcho(from, checked, active) && from.checked !== checked) from.checked = checked;
      } else if (from.tagName === "SELECT") {
        var chosen = to.querySelector("option[selected]");
        var index = chosen ? chosen.getAttribute("value") : "";
        if (!isEcho(from, index, active) && from.value !== index) from.value = index;
      } else if (from.tagName === "TEXTAREA") {
        if (!isEcho(from, to.value, active)) setValue(from, to.value);
      } else if (from.tagName === "INPUT") {
        var value = to.getAttribute("value") || "";
        if (!isEcho(from, value, active)) setValue(from, value);
      }
    }

    function syncAttributes(from, to) {
      var i, attribute;
      for (i = from.attributes.length - 1; i >= 0; i--) {
        attribute = from.attributes[i];
        if (from.tagName === "DIALOG" && attribute.name === "open") continue;
        if (!to.hasAttribute(attribute.name)) from.removeAttribute(attribute.name);
      }
      for (i = 0; i < to.attributes.length; i++) {
        attribute = to.attributes[i];
        if (from.getAttribute(attribute.name) !== attribute.value) {
          from.setAttribute(attribute.name, attribute.value);
        }
      }
    }

    function morph(from, to) {
      if (from.nodeType !== 1) {
        if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
        return;
      }
      syncAttributes(from, to);
      if (from.tagName === "TEXTAREA") {
        from.defaultValue = to.value;
      } else {
        morphChildren(from, to);
      }
      if (from.tagName === "INPUT" || from.tagName === "SELECT" || from.tagName === "TEXTAREA") {
        syncValue(from, to);
      }
    }

    function morphChildren(parent, next) {
      var keyed = {};
      for (var child = parent.firstChild; child; child = child.nextSibling) {
        var childKey = keyOf(child);
        if (childKey) keyed[childKey] = child;
      }
      var cursor = parent.firstChild;
      Array.prototype.slice.call(next.childNodes).forEach(function (node) {
        var key = keyOf(node), match = null;
        if (key) {
          match = keyed[key] || (isKeep(node) ? findComponent(node.getAttribute("data-ocaf-component")) : null);
          delete keyed[key];
        } else if (cursor && !keyOf(cursor) && cursor.nodeName === node.nodeName) {
          match = cursor;
        }
        if (match && key && match.nodeName !== node.nodeName) match = null;
        if (!match) {
          parent.insertBefore(node, cursor);
          return;
        }
        if (match === cursor) {
          cursor = cursor.nextSibling;
        } else {
          parent.insertBefore(match, cursor);
        }
        if (!isKeep(node)) morph(match, node);
      });
      while (cursor) {
        var after = cursor.nextSibling;
        parent.removeChild(cursor);
        cursor = after;
      }
    }

    function update(target, html) {
      var active = document.activeElement;
      var start = null, end = null;
      if (active && typeof active.selectionStart === "number") {
        try { start = active.selectionStart; end = active.selectionEnd; } catch (e) {}
      }
      var template = document.createElement("template");
      template.innerHTML = html;
      morphChildren(target, template.content);
      if (active && active !== document.activeElement && document.contains(active)) {
        active.focus();
        if (start !== null) {
          try { active.setSelectionRange(start, end); } catch (e) {}
        }
      }
    }

    function openDialogs() {
      root.querySelectorAll("dialog[data-ocaf-modal]").forEach(function (dialog) {
        if (!dialog.open) {
          try { dialog.showModal(); } catch (e) { dialog.setAttribute("open", ""); }
        }
      });
    }

    // MARK: History

    // A routed page: the location the server says the state has, below the page's path.
    // `mode` is "push" or "replace".
    function showLocation(below, mode) {
      if (typeof below !== "string") return;
      if (below !== "" && below.charAt(0) !== "?" && (below.charAt(0) !== "/" || below.charAt(1) === "/")) return;
      var url = (base + below) || "/";
      if (url === here()) return;
      if (mode === "push") history.pushState({ ocafURL: true }, "", url);
      else history.replaceState({ ocafURL: true }, "", url);
    }

    // A page without a route: one history entry per level of its navigation stack.
    function syncStackHistory() {
      if (routed) return;
      var stack = root.querySelector("[data-ocaf-stack]");
      var depth = stack ? Number(stack.getAttribute("data-ocaf-depth")) : 0;
      while (historyDepth < depth) {
        historyDepth += 1;
        history.pushState({ ocafDepth: historyDepth }, "");
      }
      if (historyDepth > depth) {
        ignoredPops += 1;
        var delta = depth - historyDepth;
        historyDepth = depth;
        history.go(delta);
      }
    }

    // Switches to the live page at `url` (pushed as a new history entry when `push`): the
    // session of this page is left, and a new socket starts the other page's.
    function switchTo(url, push) {
      if (push) history.pushState({ ocafURL: true }, "", url);
      feature = null;
      sessionID = null;
      historyDepth = 0;
      ignoredPops = 0;
      var previous = socket;
      socket = null;
      if (previous) previous.close();
      setOffline(true, true);
      connect();
    }

    window.addEventListener("popstate", function (event) {
      var below = locationBelow(base, here());
      // Back or Forward to another page's URL: switch to it.
      if (below === null) {
        switchTo(here(), false);
        return;
      }
      if (routed) {
        send({ navigate: below });
        return;
      }
      var depth = (event.state && event.state.ocafDepth) || 0;
      historyDepth = depth;
      if (ignoredPops > 0) { ignoredPops -= 1; return; }
      var stack = root.querySelector("[data-ocaf-stack]");
      if (!stack) return;
      var current = Number(stack.getAttribute("data-ocaf-depth"));
      if (depth < current) {
        send({ handler: stack.getAttribute("data-ocaf-pop"), value: depth });
      } else if (depth > current) {
        ignoredPops += 1;
        historyDepth = current;
        history.go(current - depth);
      }
    });

    // MARK: Messages

    // A render for a page the page switched to says which: its feature, path, route and title.
    function takePage(page) {
      feature = page.feature;
      base = page.base;
      routed = !!page.routed;
      root.setAttribute("data-ocaf-feature", feature);
      root.setAttribute("data-ocaf-base", base);
      if (routed) root.setAttribute("data-ocaf-routed", "");
      else root.removeAttribute("data-ocaf-routed");
      if (page.title) document.title = page.title;
      // The page's header, if the layout shows one: its title, summary and paragraph.
      var header = document.querySelector("header");
      if (!header) return;
      [["h1", page.heading], [".ocaf-summary", page.summary], [".ocaf-about", page.about]]
        .forEach(function (part) {
          var element = header.querySelector(part[0]);
          if (!element) return;
          element.textContent = part[1] || "";
          element.hidden = !part[1];
        });
    }

    function apply(message) {
      if (message.type === "reload") {
        // The URL is no live page of this app: load it.
        stopped = "Loading…";
        location.reload();
        return;
      }
      if (message.type === "render" && message.page) takePage(message.page);
      if (message.type === "render") {
        var lost = sessionID !== null && message.session !== sessionID;
        var typed = lost ? typedValues() : null;
        sessionID = message.session;
        update(root, message.html);
        setOffline(false);
        setStatus("");
        if (lost) {
          var restored = restore(typed);
          setStatus("The server no longer had this page's session, so the page was reset." +
            (restored > 0 ? " What you had typed was put back." : ""), true);
        }
      } else if (message.type === "attached") {
        // The socket took over the session whose render the page shows.
        sessionID = message.session;
        setOffline(false);
        setStatus("");
      } else if (message.type === "patch") {
        message.patches.forEach(function (patch) {
          var target = findComponent(patch.id);
          if (target) update(target, patch.html);
        });
        (message.values || []).forEach(function (entry) {
          var field = root.querySelector('[data-ocaf-input="' + window.CSS.escape(entry.handler) +
            '"],[data-ocaf-change="' + window.CSS.escape(entry.handler) + '"]');
          if (!field) return;
          if (field.type === "checkbox" || field.type === "radio") field.checked = entry.value;
          else setValue(field, String(entry.value));
          field.ocafPending = [];
        });
      } else if (message.type === "refused") {
        refusal = message.reason;
        setStatus(refusal);
        return;
      } else if (message.type === "replaced") {
        // Another tab of this browser has the session now: don't take it back.
        stopped = message.reason;
        setStatus(stopped);
        return;
      } else if (message.type === "stopping") {
        stopping = message.reason;
        setStatus(stopping);
        return;
      }
      if (routed && message.location !== undefined) showLocation(message.location, message.history || "replace");
      openDialogs();
      syncStackHistory();
    }

    function send(message) {
      if (message.navigate === undefined && !message.handler) return false;
      if (!socket || !heard || socket.readyState !== window.WebSocket.OPEN) return false;
      var text = message.navigate !== undefined ? { navigate: message.navigate } :
        message.value !== undefined ? { handler: message.handler, value: message.value } :
        { handler: message.handler };
      socket.send(JSON.stringify(text));
      return true;
    }

    // An element whose click or submission was sent is busy until the patch that re-renders it
    // arrives (the server renders its component again, without these marks); one marked
    // data-ocaf-disable-while-sending is disabled meanwhile. A message the server dropped gets
    // no patch: the marks go after a while.
    function markBusy(element) {
      element.setAttribute("aria-busy", "true");
      if (element.hasAttribute("data-ocaf-disable-while-sending")) element.disabled = true;
      window.setTimeout(function () {
        if (element.getAttribute("aria-busy") !== "true") return;
        element.removeAttribute("aria-busy");
        if (element.hasAttribute("data-ocaf-disable-while-sending")) element.disabled = false;
      }, 10000);
    }

    // The path and query of a link's `href`, resolved against the page's URL, when it is on this
    // site; null for another site's.
    function sameSite(href) {
      var url;
      try { url = new window.URL(href, location.href); } catch (e) { return null; }
      return url.origin === location.origin ? url.pathname + url.search : null;
    }

    function closest(event, attribute) {
      var target = event.target.closest ? event.target.closest("[" + attribute + "]") : null;
      return target && root.contains(target) ? target : null;
    }

    // The element a click was last sent for: the second click of a double click that lands on
    // another element (the first one's patch moved the next row's button under the pointer) is
    // not the user's intent, and is dropped.
    var lastClicked = null;

    root.addEventListener("click", function (event) {
      if (event.target.tagName === "DIALOG" && event.target.hasAttribute("data-ocaf-dismiss")) {
        send({ handler: event.target.getAttribute("data-ocaf-dismiss") });
        return;
      }
      // A live link to another state of this page changes its URL and tells the server; one
      // to another page switches to it.
      var link = closest(event, "data-ocaf-live-link");
      var href = link ? sameSite(link.getAttribute("href") || "") : null;
      if (link && socket && href !== null && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
        var below = locationBelow(base, href);
        event.preventDefault();
        if (below !== null && routed) {
          if (href !== here()) history.pushState({ ocafURL: true }, "", href);
          send({ navigate: below });
        } else if (below === null || href !== here()) {
          switchTo(href, true);
        }
        return;
      }
      var target = closest(event, "data-ocaf-click");
      if (!target) return;
      event.preventDefault();
      if (target.getAttribute("aria-busy") === "true") return;
      if (event.detail > 1 && target !== lastClicked) return;
      lastClicked = target;
      if (send({ handler: target.getAttribute("data-ocaf-click") })) markBusy(target);
    });

    ["input", "change"].forEach(function (type) {
      root.addEventListener(type, function (event) {
        var target = closest(event, "data-ocaf-" + type);
        if (!target) return;
        var value = valueOf(target);
        if (value === undefined) return;
        target.ocafPending = (target.ocafPending || []).slice(-49).concat([value]);
        send({ handler: target.getAttribute("data-ocaf-" + type), value: value });
      });
    });

    root.addEventListener("submit", function (event) {
      var target = closest(event, "data-ocaf-submit");
      if (!target) return;
      event.preventDefault();
      if (target.getAttribute("aria-busy") === "true") return;
      if (send({ handler: target.getAttribute("data-ocaf-submit") })) markBusy(target);
    });

    root.addEventListener("cancel", function (event) {
      var target = event.target;
      if (target.tagName !== "DIALOG" || !target.hasAttribute("data-ocaf-dismiss")) return;
      event.preventDefault();
      send({ handler: target.getAttribute("data-ocaf-dismiss") });
    }, true);

    // A routed page rendered over HTTP shows the URL of its state (a deep link the feature
    // normalized, e.g. an unknown filter, shows the URL of what the page shows).
    var shown = root.getAttribute("data-ocaf-location");
    if (routed && shown !== null) showLocation(shown, "replace");
    setOffline(true, sessionID !== null);
    connect();
    return {
      apply: apply,
      socket: function () { return socket; },
      session: function () { return sessionID; }
    };
  }

  if (typeof module === "object" && module.exports) {
    module.exports = {
      createPage: createPage, locationBelow: locationBelow, keyOf: keyOf, valueOf: valueOf,
      isEcho: isEcho
    };
  } else {
    createPage(window);
  }
})();
