#if Web
extension Node {
  /// The element with the attribute `name` set to `value`, replacing any it had; `nil` leaves
  /// the attribute out. (Other nodes are returned as they are.)
  ///
  /// ```swift
  /// div { … }.attribute("class", store.isSelected ? "row selected" : "row")
  /// a("Next", href: "/next").attribute("aria-current", store.isLast ? "page" : nil)
  /// ```
  public func attribute(_ name: String, _ value: String?) -> Node {
    guard case var .element(element) = self else { return self }
    element.attributes.removeAll { $0.name == name }
    if let value { element.attributes.append((name: name, value: value)) }
    return .element(element)
  }

  /// The element with the Boolean attribute `name` (`disabled`, `hidden`, `required`, …) when
  /// `condition` holds, and without it otherwise. A `disabled` control gets no handler id, so
  /// nothing the page sends can act through it.
  ///
  /// ```swift
  /// button("Save", send: .saveButtonTapped).attribute("disabled", if: !store.canSave)
  /// ```
  public func attribute(_ name: String, if condition: Bool) -> Node {
    attribute(name, condition ? "" : nil)
  }

  /// Makes the element busy in the page from the moment one of its events is sent until the
  /// server has answered it: `aria-busy="true"`, and disabled meanwhile (a text field is made
  /// read-only instead, so it keeps focus), taking no other events. It works for any event but
  /// typing (`input`): a click, a submission, a key, a blur. Its messages carry a `ref` that the
  /// server acknowledges even when nothing changed or the message was ignored; without an
  /// answer, the marks go after 10 seconds. (Every element that sends a click or a submission is
  /// `aria-busy` until its patch even without this; and the server never acts twice on one
  /// click: its handler id is spent by its first use.)
  ///
  /// ```swift
  /// button("Sign in", send: .signInButtonTapped).disabledWhileSending()
  /// textField($store.email).on(.blur, send: .emailFieldLeft).disabledWhileSending()
  /// ```
  public func disabledWhileSending() -> Node {
    guard case var .element(element) = self else { return self }
    element.attributes.append((name: "data-ocaf-disable-while-sending", value: ""))
    return .element(element)
  }
}

/// A control's own attributes with the caller's: an attribute the caller gives replaces the
/// control's one of that name, in place, so that `textField($store.code, ["type": "password"])`
/// renders one `type`, the caller's (a browser would keep the first of two); the others follow.
@usableFromInline
func mergedAttributes(
  _ own: [(name: String, value: String)], _ given: KeyValuePairs<String, String>
) -> [(name: String, value: String)] {
  var all = own
  for (name, value) in given {
    if let index = all.firstIndex(where: { $0.name == name }) {
      all[index].value = value
    } else {
      all.append((name: name, value: value))
    }
  }
  return all
}
#endif  // Web
