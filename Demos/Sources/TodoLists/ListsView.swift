import ComposableArchitecture
import ComposableWeb
import Foundation

/// Where the lists page is served: its links to lists and filters start here.
public let listsPagePath = "/app/lists"

/// The page's URL shows the open list and the filter: `/app/lists/<list id>?filter=active`. A
/// link to a list or a filter opens it (live, without a reload), Back returns to the previous
/// one, and a link that names no list of the signed-in user's shows the page without one.
///
/// ```swift
/// LiveFeature(path: "lists", …, route: listsRoute, view: listsView)
/// ```
public let listsRoute = LiveRoute<Lists.State, Lists.Action>(
  location: { state in
    LiveLocation(
      path: state.openListID.map { "/" + $0.uuidString.lowercased() } ?? "",
      query: ["filter": state.filter == .all ? nil : state.filter.rawValue])
  },
  action: { location in
    let segments = location.segments
    guard segments.count <= 1 else { return nil }
    let listID = segments.first.flatMap(UUID.init(uuidString:))
    guard segments.isEmpty || listID != nil else { return nil }
    let filter = location.query("filter").flatMap(Lists.Filter.init(rawValue:)) ?? .all
    return .located(listID: listID, filter: filter)
  }
)

/// The link to `list` with `filter`, as the route writes it.
func link(to listID: TodoList.ID, filter: Lists.Filter = .all) -> String {
  listsPagePath + "/" + listID.uuidString.lowercased() + (filter == .all ? "" : "?filter=\(filter.rawValue)")
}

/// The lists page: the user's lists beside the open one, its items filtered, forms to add
/// lists and items and to share the open list, and a sign-out button (a plain form the app's
/// own route handles).
public func listsView(_ store: LiveStoreOf<Lists>) -> Node<Lists.Action> {
  @Bindable var store = store
  return div(["class": "lists"]) {
    Node.tag("div", ["class": "account"]) {
      span("Signed in as \(store.user)")
      Node.tag("form", ["method": "post", "action": "/sign-out"]) { submitButton("Sign out") }
    }
    if let error = store.error {
      p(error, ["class": "error", "role": "alert"])
    }
    Node.tag("nav", ["class": "list-index", "aria-label": "Your lists"]) {
      h2("Your lists")
      if store.lists.isEmpty {
        p("No lists yet.", ["class": "empty"])
      }
      Node.tag("ul") {
        for list in store.lists {
          Node.tag("li", ["data-ocaf-key": list.id.uuidString]) {
            Node.tag("a", ["href": link(to: list.id), "data-ocaf-live-link": ""]) { list.name }
              .attribute("aria-current", list.id == store.openListID ? "page" : nil)
            span(" \(list.remaining) left", ["class": "left"])
          }
        }
      }
      form(onSubmit: .addListButtonTapped, ["class": "add"]) {
        textField($store.newListName, placeholder: "New list", ["aria-label": "New list"])
        submitButton("Add list")
      }
    }
    if let list = store.openList {
      Node.tag("section", ["class": "open-list", "aria-label": list.name]) {
        h2(list.name)
        sharing(store, list)
        Node.tag("p", ["class": "filters"]) {
          for filter in Lists.Filter.allCases {
            Node.tag("a", ["href": link(to: list.id, filter: filter), "data-ocaf-live-link": ""]) {
              filter.title
            }
            .attribute("aria-current", filter == store.filter ? "true" : nil)
          }
        }
        form(onSubmit: .addItemButtonTapped, ["class": "add"]) {
          textField($store.newItemTitle, placeholder: "New to-do", ["aria-label": "New to-do"])
          submitButton("Add")
        }
        Node.tag("ul", ["class": "items"]) {
          for item in store.shownItems {
            Node.tag("li", ["data-ocaf-key": item.id.uuidString]) {
              toggle(
                store.binding(get: { _ in item.isDone }, send: .itemToggled(item.id)), item.title)
              button("Delete", send: .deleteItemButtonTapped(item.id), ["aria-label": "Delete \(item.title)"])
            }
            .attribute("class", item.isDone ? "done" : nil)
          }
        }
        if store.shownItems.isEmpty {
          p(store.openItems.isEmpty ? "Nothing to do yet." : "Nothing here.", ["class": "empty"])
        }
        button(
          list.owner == store.user ? "Delete list" : "Leave list",
          send: .deleteListButtonTapped(list.id), ["class": "delete-list"])
      }
    } else {
      p("Open a list, or add one.", ["class": "hint"])
    }
  }
}

/// Who shares the open list, and a form to share it with another user.
func sharing(_ store: LiveStoreOf<Lists>, _ list: TodoList) -> Node<Lists.Action> {
  @Bindable var store = store
  let others = store.sharedWith
  return Node.tag("div", ["class": "sharing"]) {
    if list.owner != store.user {
      p("Shared with you by \(list.owner).", ["class": "shared"])
    } else if others.isEmpty {
      p("Only you can see this list.", ["class": "shared"])
    } else {
      p("Shared with \(others.joined(separator: ", ")).", ["class": "shared"])
    }
    form(onSubmit: .shareButtonTapped, ["class": "share"]) {
      textField($store.shareName, placeholder: "User name", ["aria-label": "Share with"])
      submitButton("Share")
    }
  }
}
