#if Web
import ComposableArchitecture

/// The kind of text an `<input>` takes, which decides how the browser shows and checks it: a
/// password's characters are hidden, an email address is checked, a date gets a picker. Its
/// value is a string either way (a date as `2026-11-26`, a time as `09:30`, a color as
/// `#336699`), so it goes with ``textField(_:type:placeholder:_:)`` and a `Binding<String>`.
///
/// ```swift
/// textField($store.email, type: .email, placeholder: "you@example.com")
/// textField($store.birthday, type: .date)
/// ```
///
/// The browser's checks are a convenience, not a guarantee: the page sends whatever text the
/// field holds, so the reducer checks what it needs to.
public struct InputType: RawRepresentable, Hashable, Sendable {
  /// The value of the `type` attribute.
  ///
  /// ```swift
  /// InputType.dateAndTime.rawValue  // "datetime-local"
  /// ```
  public let rawValue: String

  /// An input type by its attribute value; the constants below are the text types a browser
  /// knows.
  ///
  /// ```swift
  /// InputType(rawValue: "tel") == .telephone  // true
  /// ```
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Plain text on one line (`type="text"`), the default.
  ///
  /// ```swift
  /// textField($store.displayName, type: .text)
  /// ```
  public static let text = InputType(rawValue: "text")
  /// A password: the browser hides what is typed. ``secureField(_:placeholder:_:)`` is the same
  /// field.
  ///
  /// ```swift
  /// textField($store.password, type: .password)
  /// ```
  public static let password = InputType(rawValue: "password")
  /// An email address (`type="email"`): the browser checks its form.
  ///
  /// ```swift
  /// textField($store.email, type: .email, placeholder: "you@example.com")
  /// ```
  public static let email = InputType(rawValue: "email")
  /// A URL (`type="url"`).
  ///
  /// ```swift
  /// textField($store.website, type: .url, placeholder: "https://")
  /// ```
  public static let url = InputType(rawValue: "url")
  /// A telephone number (`type="tel"`): a phone keypad, no check of its form.
  ///
  /// ```swift
  /// textField($store.phone, type: .telephone)
  /// ```
  public static let telephone = InputType(rawValue: "tel")
  /// A search query (`type="search"`): the browser may offer a button that clears it.
  ///
  /// ```swift
  /// textField($store.searchQuery, type: .search, placeholder: "Search")
  /// ```
  public static let search = InputType(rawValue: "search")
  /// A date with a picker (`type="date"`), as `2026-11-26`.
  ///
  /// ```swift
  /// textField($store.birthday, type: .date)
  /// ```
  public static let date = InputType(rawValue: "date")
  /// A time of day (`type="time"`), as `09:30`.
  ///
  /// ```swift
  /// textField($store.wakeUpTime, type: .time)
  /// ```
  public static let time = InputType(rawValue: "time")
  /// A local date and time (`type="datetime-local"`), as `2026-11-26T09:30`.
  ///
  /// ```swift
  /// textField($store.meetingStart, type: .dateAndTime)
  /// ```
  public static let dateAndTime = InputType(rawValue: "datetime-local")
  /// A month (`type="month"`), as `2026-11`.
  ///
  /// ```swift
  /// textField($store.billingMonth, type: .month)
  /// ```
  public static let month = InputType(rawValue: "month")
  /// A week (`type="week"`), as `2026-W48`.
  ///
  /// ```swift
  /// textField($store.sprintWeek, type: .week)
  /// ```
  public static let week = InputType(rawValue: "week")
  /// A color with a picker (`type="color"`), as `#336699`.
  ///
  /// ```swift
  /// textField($store.accentColor, type: .color)
  /// ```
  public static let color = InputType(rawValue: "color")
}
#endif  // Web
