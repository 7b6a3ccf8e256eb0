// Client hooks: an element that names a hook (`data-ocaf-hook`) gets an instance of the hook's
// module (its default export, loaded once per page from the root's `data-ocaf-hooks` table),
// told when the element is mounted, updated (a patch rendered it again) and removed
// (`mounted`, `updated`, `destroyed`). The instance's `el` is the element; `pushEvent(name,
// payload)` sends the element's handler for that event (`data-ocaf-push-<name>`) the payload
// as JSON; `handleEvent(name, callback)` hears the events the feature pushes (a patch's
// `events`). An element marked `data-ocaf-owned` keeps its content when patched (see
// dom_patch.js). A hook that throws is logged to the console; the page goes on.

import { ATTRIBUTE_PREFIX, Attribute, HOOK_EVENT_PREFIX } from "./protocol.js";
import { dispatch, optionsOf } from "./events.js";

// The page's hooks: loaded definitions (or their loading) by name, and instances by element.
function hooksOf(page) {
  return page.hooks || (page.hooks = { definitions: new Map(), instances: new Map() });
}

// The hook modules' URLs by name, from the root's table.
export function hookTable(root) {
  try { return JSON.parse(root.getAttribute(Attribute.hooks) || "{}") || {}; } catch (e) { return {}; }
}

// Gives the page the hook `name` without loading a module (what the module's default export
// would be).
export function defineHook(page, name, definition) {
  hooksOf(page).definitions.set(name, definition);
}

// Calls `instance`'s method `name` (with `argument`), logging what it throws.
function call(instance, name, argument) {
  const method = instance[name];
  if (typeof method !== "function") return;
  try {
    method.call(instance, argument);
  } catch (error) {
    console.error("ComposableWeb: the hook " + instance.ocafName + " failed in " + name + ":", error);
  }
}

// Sends `element`'s handler for the hook event `name` with `payload` (as JSON); whether there
// was one.
export function pushEvent(page, element, name, payload) {
  const event = HOOK_EVENT_PREFIX + name;
  const handler = element.getAttribute(ATTRIBUTE_PREFIX + event);
  if (!handler) {
    console.warn("ComposableWeb: the element of hook " + element.getAttribute(Attribute.hook) +
      " has no handler for the event '" + name + "'.");
    return false;
  }
  const value = JSON.stringify(payload === undefined ? {} : payload);
  return dispatch(page, element, event, handler, value, optionsOf(element, event));
}

// Starts the hook of `element` once its definition is there.
function mount(page, element) {
  const state = hooksOf(page);
  const name = element.getAttribute(Attribute.hook);
  // The engine's own fields start with `ocaf`, so that they never shadow the hook's.
  const instance = { ocafName: name, el: element, ocafMounted: false, ocafHandlers: [] };
  state.instances.set(element, instance);
  const start = function (definition) {
    if (!definition || state.instances.get(element) !== instance || !page.root.contains(element)) return;
    Object.setPrototypeOf(instance, definition);
    instance.pushEvent = function (event, payload) { return pushEvent(page, element, event, payload); };
    instance.handleEvent = function (event, callback) { instance.ocafHandlers.push([event, callback]); };
    instance.ocafMounted = true;
    call(instance, "mounted");
  };
  let definition = state.definitions.get(name);
  if (definition === undefined) {
    const url = hookTable(page.root)[name];
    if (!url) {
      console.warn("ComposableWeb: no hook named " + name + " (see LiveLayout.hooks).");
      state.definitions.set(name, null);
      return;
    }
    const load = page.importModule || function (href) { return import(href); };
    definition = Promise.resolve(load(new URL(url, page.window.location.href).href)).then(function (module) {
      const loaded = (module && module.default) || null;
      state.definitions.set(name, loaded);
      return loaded;
    }, function (error) {
      console.error("ComposableWeb: the hook " + name + " did not load:", error);
      state.definitions.set(name, null);
      return null;
    });
    state.definitions.set(name, definition);
  }
  if (definition && typeof definition.then === "function") definition.then(start);
  else start(definition);
}

// After a render or a patch: hooks of new elements are mounted, those of elements the server
// rendered again are updated, and those of elements that left the page are destroyed.
export function syncHooks(page) {
  const root = page.root;
  const state = hooksOf(page);
  state.instances.forEach(function (instance, element) {
    if (root.contains(element) && element.getAttribute(Attribute.hook) === instance.ocafName) return;
    state.instances.delete(element);
    if (instance.ocafMounted) call(instance, "destroyed");
  });
  root.querySelectorAll("[" + Attribute.hook + "]").forEach(function (element) {
    const instance = state.instances.get(element);
    const morphed = element.ocafMorphed;
    element.ocafMorphed = false;
    if (!instance) mount(page, element);
    else if (morphed && instance.ocafMounted) call(instance, "updated");
  });
}

// Hands the events the feature pushed (`[{name, payload}]`) to every hook that handles them.
export function deliverEvents(page, events) {
  if (!Array.isArray(events) || events.length === 0) return;
  const instances = Array.from(hooksOf(page).instances.values());
  events.forEach(function (event) {
    instances.forEach(function (instance) {
      instance.ocafHandlers.forEach(function (pair) {
        if (pair[0] !== event.name) return;
        try {
          pair[1].call(instance, event.payload);
        } catch (error) {
          console.error("ComposableWeb: the hook " + instance.ocafName + " failed handling " + event.name + ":", error);
        }
      });
    });
  });
}
