/// The page's script: connects to the session's WebSocket, sends the events of elements that
/// carry handler ids, applies renders and patches (keeping a focused field's focus and caret), and
/// reconnects with backoff, resuming the same session. Each page load starts a new session.
///
/// It is plain JavaScript served at `/ocaf.js`; nothing else runs in the page.
public enum PageScript {
  /// The script's source.
  public static let source = #"""
    (function () {
      "use strict";
      var root = document.getElementById("ocaf-root");
      if (!root) return;
      var feature = root.getAttribute("data-ocaf-feature");
      var status = document.getElementById("ocaf-status");
      var sessionID = null;
      var socket = null;
      var attempts = 0;

      function setStatus(text) {
        if (!status) return;
        status.textContent = text;
        status.hidden = text === "";
      }

      function connect() {
        var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
          "/live?feature=" + encodeURIComponent(feature) +
          (sessionID ? "&session=" + encodeURIComponent(sessionID) : "");
        socket = new WebSocket(url);
        socket.onopen = function () { attempts = 0; setStatus(""); };
        socket.onmessage = function (event) { apply(JSON.parse(event.data)); };
        socket.onclose = function () {
          socket = null;
          attempts += 1;
          var delay = Math.min(10000, 250 * Math.pow(2, attempts - 1));
          setStatus("Reconnecting…");
          setTimeout(connect, delay);
        };
      }

      function pathFrom(container, node) {
        var path = [];
        while (node && node !== container) {
          var parent = node.parentNode;
          if (!parent) return null;
          path.unshift(Array.prototype.indexOf.call(parent.childNodes, node));
          node = parent;
        }
        return node === container ? path : null;
      }

      function nodeAt(container, path) {
        var node = container;
        for (var i = 0; i < path.length && node; i++) node = node.childNodes[path[i]];
        return node;
      }

      function replaceContents(container, html) {
        var active = document.activeElement;
        var path = active && container.contains(active) ? pathFrom(container, active) : null;
        var start = null, end = null;
        if (path && typeof active.selectionStart === "number") {
          start = active.selectionStart;
          end = active.selectionEnd;
        }
        container.innerHTML = html;
        if (!path) return;
        var next = nodeAt(container, path);
        if (!next || next.tagName !== active.tagName || typeof next.focus !== "function") return;
        next.focus();
        if (start !== null && typeof next.setSelectionRange === "function") {
          var length = next.value.length;
          try { next.setSelectionRange(Math.min(start, length), Math.min(end, length)); } catch (e) {}
        }
      }

      function apply(message) {
        if (message.type === "render") {
          sessionID = message.session;
          replaceContents(root, message.html);
        } else if (message.type === "patch") {
          message.patches.forEach(function (patch) {
            var target = root.querySelector('[data-ocaf-component="' + CSS.escape(patch.id) + '"]');
            if (target) replaceContents(target, patch.html);
          });
        }
      }

      function send(handler, value) {
        if (!socket || socket.readyState !== WebSocket.OPEN) return;
        var message = { handler: handler };
        if (value !== undefined) message.value = value;
        socket.send(JSON.stringify(message));
      }

      ["click", "input", "change"].forEach(function (type) {
        root.addEventListener(type, function (event) {
          var target = event.target.closest ? event.target.closest("[data-ocaf-" + type + "]") : null;
          if (!target || !root.contains(target)) return;
          if (type === "click") event.preventDefault();
          var handler = target.getAttribute("data-ocaf-" + type);
          send(handler, type === "click" ? undefined : String(target.value));
        });
      });

      window.ocaf = { socket: function () { return socket; }, session: function () { return sessionID; } };
      connect();
    })();
    """#
}
