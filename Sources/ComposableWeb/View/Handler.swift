#if Web
/// What an element does when one of its events fires: the second half of each entry of
/// ``HTMLElement/events``, and of the `events:` of ``Node/tag(_:_:events:_:)``.
///
/// ```swift
/// Handler<Counter.Action>.send(.incrementButtonTapped)
/// Handler<Search.Action>.value { .searchQueryChanged($0) }
/// Handler<Settings.Action>.input(.binding($store.sendNotifications))
/// ```
public enum Handler<Action> {
  /// Sends a fixed action, whatever value the page reports: a click, a submission.
  ///
  /// ```swift
  /// Node.tag("a", ["href": "#"], events: [("click", .send(.showMoreTapped))]) { "More" }
  /// ```
  case send(Action)
  /// Sends the action made from the string value the page reports (an input's value). A value
  /// of another kind (a checkbox's Boolean, a number field's number) is refused and logged.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "search"], events: [("input", .value { .searchQueryChanged($0) })])
  /// ```
  case value((String) -> Action)
  /// Hands the page's typed value to an ``InputHandler``, e.g. one that writes a `Binding`.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "checkbox"], events: [("change", .input(.binding($store.isOn)))])
  /// ```
  case input(InputHandler)
}
#endif  // Web
