import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// A row with a name, its children shown by this same view (each a keyed component), and
/// buttons to add a child or delete one.
///
/// ```swift
/// nestedView(LiveStore(initialState: Nested.State(id: UUID(), name: "Root")) { Nested() })
/// ```
public func nestedView(_ store: LiveStoreOf<Nested>) -> Node<Nested.Action> {
  @Bindable var store = store
  let rows = Array(store.scope(\.rows, action: \.rows))
  return div(["class": "nested"]) {
    Node.tag("p", ["class": "row-head"]) {
      textField($store.name, placeholder: "Row name", ["class": "row-name"])
      " "
      span("\(store.descendantCount) below", ["class": "descendants"])
      " "
      button("Add row", send: .addRowButtonTapped)
    }
    Node.tag("ul") {
      for row in rows {
        let rowID = row.withState(\.id)
        let id = "\(rowID)"
        Node.tag("li", ["data-ocaf-key": id]) {
          component(row, key: id, nestedView)
          button("Delete row", send: .deleteRowButtonTapped(id: rowID), ["class": "delete-row"])
        }
      }
    }
  }
}
