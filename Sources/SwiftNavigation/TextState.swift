import CustomDump
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// Text that can live in feature state and be compared in tests.
///
/// `SwiftUI.Text` is not `Equatable` in a useful way and does not exist off Apple platforms, so
/// alerts, dialogs and any other state that carries user-facing copy hold a `TextState` instead.
/// It keeps the content and its styling as plain data, renders to a `String`, and shows up as
/// readable text in `TestStore` failure diffs.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var banner: TextState = "Welcome"
/// }
///
/// // In the reducer:
/// state.banner = TextState("Signed in as ") + TextState(user.name).bold()
///
/// // In a test:
/// #expect(String(state: store.state.banner) == "Signed in as Blob")
/// ```
///
/// Two values are equal when they render the same characters with the same styling, however
/// they were put together: `TextState("Hi, ") + TextState("Blob")` equals `TextState("Hi, Blob")`,
/// while `TextState("Blob").bold()` does not equal `TextState("Blob")`.
///
/// > Note: The styling modifiers that take no SwiftUI types (`bold()`, `italic()`, `kerning(_:)`,
/// > the accessibility and speech modifiers, …) are available on every platform. `font(_:)`,
/// > `fontDesign(_:)`, `fontWeight(_:)`, `foregroundColor(_:)`, the `color:` parameters and the
/// > `LocalizedStringKey` initializer exist only where SwiftUI does.
public struct TextState {
  fileprivate var storage: Storage
  fileprivate var modifiers: [Modifier] = []

  fileprivate init(storage: Storage) {
    self.storage = storage
  }

  fileprivate enum Storage {
    case verbatim(String)
    indirect case concatenated(TextState, TextState)
    #if canImport(SwiftUI)
      case localized(
        LocalizedStringKey, tableName: String?, bundle: Bundle?, comment: StaticString?
      )
    #endif
  }

  fileprivate enum Modifier: Hashable {
    case accessibilityHeading(AccessibilityHeadingLevel)
    case accessibilityLabel(TextState)
    case accessibilityTextContentType(AccessibilityTextContentType)
    case baselineOffset(CGFloat)
    case bold(isActive: Bool)
    case fontWidth(FontWidth?)
    case italic(isActive: Bool)
    case kerning(CGFloat)
    case monospacedDigit
    case speechAdjustedPitch(Double)
    case speechAlwaysIncludesPunctuation(Bool)
    case speechAnnouncementsQueued(Bool)
    case speechSpellsOutCharacters(Bool)
    case strikethrough(LineStyle)
    case tracking(CGFloat)
    case underline(LineStyle)
    #if canImport(SwiftUI)
      case font(Font?)
      case fontDesign(Font.Design?)
      case fontWeight(Font.Weight?)
      case foregroundColor(Color?)
    #endif
  }

  /// The parameters of a strikethrough or underline.
  fileprivate struct LineStyle: Hashable {
    var isActive: Bool
    var pattern: LineStylePattern?
    #if canImport(SwiftUI)
      var color: Color?
    #endif
  }

  /// The width of a font, for ``fontWidth(_:)``.
  ///
  /// ```swift
  /// TextState("Compact").fontWidth(.condensed)
  /// ```
  public enum FontWidth: String, Hashable, Sendable {
    case compressed
    case condensed
    case expanded
    case standard
  }

  /// The pattern of a strikethrough or underline line.
  ///
  /// ```swift
  /// TextState("Draft").underline(pattern: .dash)
  /// ```
  public enum LineStylePattern: String, Hashable, Sendable {
    case dash
    case dashDot
    case dashDotDot
    case dot
    case solid
  }

  /// The heading level announced by assistive technologies, for ``accessibilityHeading(_:)``.
  ///
  /// ```swift
  /// TextState("Settings").accessibilityHeading(.h1)
  /// ```
  public enum AccessibilityHeadingLevel: String, Hashable, Sendable {
    case h1, h2, h3, h4, h5, h6, unspecified
  }

  /// The kind of content the text holds, for ``accessibilityTextContentType(_:)``.
  ///
  /// ```swift
  /// TextState("let x = 1").accessibilityTextContentType(.sourceCode)
  /// ```
  public enum AccessibilityTextContentType: String, Hashable, Sendable {
    case console, fileSystem, messaging, narrative, plain, sourceCode, spreadsheet, wordProcessing
  }
}

// `LocalizedStringKey` and the SwiftUI style values are documented as thread-safe values but are
// not all annotated `Sendable` in every SDK, so the conformance is only checked where they are
// absent.
#if canImport(SwiftUI)
  // Unchecked: `localized` holds a `LocalizedStringKey`, which not every SDK declares Sendable.
  extension TextState.Storage: @unchecked Sendable {}
  // Unchecked: the font and color cases hold SwiftUI values, which not every SDK declares Sendable.
  extension TextState.Modifier: @unchecked Sendable {}
  // Unchecked: `color` is a SwiftUI `Color`, which not every SDK declares Sendable.
  extension TextState.LineStyle: @unchecked Sendable {}
#else
  extension TextState.Storage: Sendable {}
  extension TextState.Modifier: Sendable {}
  extension TextState.LineStyle: Sendable {}
#endif

extension TextState: Sendable {}

// MARK: - Creating text

extension TextState {
  /// Creates text that shows the given string as is, without localization.
  ///
  /// ```swift
  /// TextState(verbatim: "pointfree.co")
  /// ```
  public init(verbatim content: String) {
    self.init(storage: .verbatim(content))
  }

  /// Creates text from any string value, without localization.
  ///
  /// ```swift
  /// TextState(user.name)
  /// TextState(line.dropFirst(2))
  /// ```
  @_disfavoredOverload
  public init(_ content: some StringProtocol) {
    self.init(verbatim: String(content))
  }

  #if canImport(SwiftUI)
    /// Creates text from a localized string key, looked up like `SwiftUI.Text` looks it up.
    ///
    /// ```swift
    /// TextState("Delete \(count) items?", tableName: "Alerts")
    /// ```
    public init(
      _ key: LocalizedStringKey,
      tableName: String? = nil,
      bundle: Bundle? = nil,
      comment: StaticString? = nil
    ) {
      self.init(storage: .localized(key, tableName: tableName, bundle: bundle, comment: comment))
    }
  #endif

  /// Joins two texts, keeping the styling of each.
  ///
  /// ```swift
  /// TextState("Hello, ") + TextState(name).bold() + TextState("!")
  /// ```
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(storage: .concatenated(lhs, rhs))
  }
}

extension TextState: ExpressibleByStringInterpolation {
  #if canImport(SwiftUI)
    /// Creates text from a string literal; where SwiftUI exists the literal is a localization key,
    /// as it is for `SwiftUI.Text`.
    ///
    /// ```swift
    /// let title: TextState = "Delete item?"
    /// ```
    public init(stringLiteral value: String) {
      self.init(LocalizedStringKey(value))
    }

    /// Creates text from an interpolated string literal, localized like `SwiftUI.Text`.
    ///
    /// ```swift
    /// let title: TextState = "Delete \(count) items?"
    /// ```
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
      self.init(LocalizedStringKey(stringInterpolation: stringInterpolation))
    }
  #else
    /// Creates text from a string literal.
    ///
    /// ```swift
    /// let title: TextState = "Delete item?"
    /// ```
    public init(stringLiteral value: String) {
      self.init(verbatim: value)
    }

    /// Creates text from an interpolated string literal.
    ///
    /// ```swift
    /// let title: TextState = "Delete \(count) items?"
    /// ```
    public init(stringInterpolation: DefaultStringInterpolation) {
      self.init(verbatim: String(stringInterpolation: stringInterpolation))
    }
  #endif
}

// MARK: - Styling

extension TextState {
  private func appending(_ modifier: Modifier) -> Self {
    var copy = self
    copy.modifiers.append(modifier)
    return copy
  }

  /// Shifts the text up (positive) or down (negative) from the baseline, in points.
  ///
  /// ```swift
  /// TextState("2").baselineOffset(6)
  /// ```
  public func baselineOffset(_ baselineOffset: CGFloat) -> Self {
    self.appending(.baselineOffset(baselineOffset))
  }

  /// Makes the text bold.
  ///
  /// ```swift
  /// TextState("Delete").bold()
  /// ```
  public func bold() -> Self {
    self.appending(.bold(isActive: true))
  }

  /// Makes the text bold when `isActive` is `true`.
  ///
  /// ```swift
  /// TextState(item.name).bold(isActive: item.isUnread)
  /// ```
  public func bold(isActive: Bool) -> Self {
    self.appending(.bold(isActive: isActive))
  }

  /// Sets the width of the font; `nil` keeps the default width.
  ///
  /// ```swift
  /// TextState("Compact").fontWidth(.condensed)
  /// ```
  public func fontWidth(_ width: FontWidth?) -> Self {
    self.appending(.fontWidth(width))
  }

  /// Makes the text italic.
  ///
  /// ```swift
  /// TextState("Draft").italic()
  /// ```
  public func italic() -> Self {
    self.appending(.italic(isActive: true))
  }

  /// Makes the text italic when `isActive` is `true`.
  ///
  /// ```swift
  /// TextState(note.title).italic(isActive: note.isDraft)
  /// ```
  public func italic(isActive: Bool) -> Self {
    self.appending(.italic(isActive: isActive))
  }

  /// Adjusts the space between characters, in points.
  ///
  /// ```swift
  /// TextState("SALE").kerning(1.5)
  /// ```
  public func kerning(_ kerning: CGFloat) -> Self {
    self.appending(.kerning(kerning))
  }

  /// Gives every digit the same width, so changing numbers don't shift the layout.
  ///
  /// ```swift
  /// TextState("\(seconds)s left").monospacedDigit()
  /// ```
  public func monospacedDigit() -> Self {
    self.appending(.monospacedDigit)
  }

  /// Adjusts the tracking (letter spacing that ignores ligatures), in points.
  ///
  /// ```swift
  /// TextState("Headline").tracking(2)
  /// ```
  public func tracking(_ tracking: CGFloat) -> Self {
    self.appending(.tracking(tracking))
  }

  #if canImport(SwiftUI)
    /// Draws a line through the text.
    ///
    /// ```swift
    /// TextState("$20").strikethrough(color: .red)
    /// ```
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Self {
      self.appending(.strikethrough(LineStyle(isActive: isActive, pattern: nil, color: color)))
    }

    /// Draws a line with the given pattern through the text.
    ///
    /// ```swift
    /// TextState("$20").strikethrough(pattern: .dash, color: .red)
    /// ```
    public func strikethrough(
      _ isActive: Bool = true, pattern: LineStylePattern, color: Color? = nil
    ) -> Self {
      self.appending(.strikethrough(LineStyle(isActive: isActive, pattern: pattern, color: color)))
    }

    /// Draws a line under the text.
    ///
    /// ```swift
    /// TextState("Terms").underline(color: .blue)
    /// ```
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Self {
      self.appending(.underline(LineStyle(isActive: isActive, pattern: nil, color: color)))
    }

    /// Draws a line with the given pattern under the text.
    ///
    /// ```swift
    /// TextState("Terms").underline(pattern: .dot, color: .blue)
    /// ```
    public func underline(
      _ isActive: Bool = true, pattern: LineStylePattern, color: Color? = nil
    ) -> Self {
      self.appending(.underline(LineStyle(isActive: isActive, pattern: pattern, color: color)))
    }

    /// Sets the font (SwiftUI only).
    ///
    /// ```swift
    /// TextState("Title").font(.headline)
    /// ```
    public func font(_ font: Font?) -> Self {
      self.appending(.font(font))
    }

    /// Sets the font design (SwiftUI only).
    ///
    /// ```swift
    /// TextState("let x = 1").fontDesign(.monospaced)
    /// ```
    public func fontDesign(_ design: Font.Design?) -> Self {
      self.appending(.fontDesign(design))
    }

    /// Sets the font weight (SwiftUI only).
    ///
    /// ```swift
    /// TextState("Total").fontWeight(.semibold)
    /// ```
    public func fontWeight(_ weight: Font.Weight?) -> Self {
      self.appending(.fontWeight(weight))
    }

    /// Sets the text color (SwiftUI only).
    ///
    /// ```swift
    /// TextState("Delete").foregroundColor(.red)
    /// ```
    public func foregroundColor(_ color: Color?) -> Self {
      self.appending(.foregroundColor(color))
    }
  #else
    /// Draws a line through the text.
    ///
    /// ```swift
    /// TextState("$20").strikethrough()
    /// ```
    public func strikethrough(_ isActive: Bool = true) -> Self {
      self.appending(.strikethrough(LineStyle(isActive: isActive, pattern: nil)))
    }

    /// Draws a line with the given pattern through the text.
    ///
    /// ```swift
    /// TextState("$20").strikethrough(pattern: .dash)
    /// ```
    public func strikethrough(_ isActive: Bool = true, pattern: LineStylePattern) -> Self {
      self.appending(.strikethrough(LineStyle(isActive: isActive, pattern: pattern)))
    }

    /// Draws a line under the text.
    ///
    /// ```swift
    /// TextState("Terms").underline()
    /// ```
    public func underline(_ isActive: Bool = true) -> Self {
      self.appending(.underline(LineStyle(isActive: isActive, pattern: nil)))
    }

    /// Draws a line with the given pattern under the text.
    ///
    /// ```swift
    /// TextState("Terms").underline(pattern: .dot)
    /// ```
    public func underline(_ isActive: Bool = true, pattern: LineStylePattern) -> Self {
      self.appending(.underline(LineStyle(isActive: isActive, pattern: pattern)))
    }
  #endif
}

// MARK: - Accessibility

extension TextState {
  /// Marks the text as a heading of the given level for assistive technologies.
  ///
  /// ```swift
  /// TextState("Settings").accessibilityHeading(.h1)
  /// ```
  public func accessibilityHeading(_ headingLevel: AccessibilityHeadingLevel) -> Self {
    self.appending(.accessibilityHeading(headingLevel))
  }

  /// Gives the text a label that assistive technologies read instead of its content.
  ///
  /// ```swift
  /// TextState("★★★☆☆").accessibilityLabel(TextState("3 out of 5 stars"))
  /// ```
  public func accessibilityLabel(_ label: Self) -> Self {
    self.appending(.accessibilityLabel(label))
  }

  /// Gives the text a label that assistive technologies read instead of its content.
  ///
  /// ```swift
  /// TextState("★★★☆☆").accessibilityLabel("3 out of 5 stars")
  /// ```
  @_disfavoredOverload
  public func accessibilityLabel(_ string: some StringProtocol) -> Self {
    self.appending(.accessibilityLabel(TextState(verbatim: String(string))))
  }

  /// The label most recently set with ``accessibilityLabel(_:)-(TextState)``, if any.
  ///
  /// ```swift
  /// TextState("★").accessibilityLabel("1 star").accessibilityLabel  // TextState("1 star")
  /// ```
  public var accessibilityLabel: TextState? {
    for case let .accessibilityLabel(label) in self.modifiers.reversed() {
      return label
    }
    return nil
  }

  /// Tells assistive technologies what kind of content the text holds.
  ///
  /// ```swift
  /// TextState("let x = 1").accessibilityTextContentType(.sourceCode)
  /// ```
  public func accessibilityTextContentType(_ type: AccessibilityTextContentType) -> Self {
    self.appending(.accessibilityTextContentType(type))
  }

  /// Raises (above 1) or lowers (below 1) the pitch of spoken text.
  ///
  /// ```swift
  /// TextState("Careful").speechAdjustedPitch(0.8)
  /// ```
  public func speechAdjustedPitch(_ value: Double) -> Self {
    self.appending(.speechAdjustedPitch(value))
  }

  /// Makes speech read punctuation aloud.
  ///
  /// ```swift
  /// TextState("a.b@c.d").speechAlwaysIncludesPunctuation()
  /// ```
  public func speechAlwaysIncludesPunctuation(_ value: Bool = true) -> Self {
    self.appending(.speechAlwaysIncludesPunctuation(value))
  }

  /// Queues the spoken announcement behind any speech in progress instead of interrupting it.
  ///
  /// ```swift
  /// TextState("Upload finished").speechAnnouncementsQueued()
  /// ```
  public func speechAnnouncementsQueued(_ value: Bool = true) -> Self {
    self.appending(.speechAnnouncementsQueued(value))
  }

  /// Makes speech spell the text out character by character.
  ///
  /// ```swift
  /// TextState("XK4-Q").speechSpellsOutCharacters()
  /// ```
  public func speechSpellsOutCharacters(_ value: Bool = true) -> Self {
    self.appending(.speechSpellsOutCharacters(value))
  }
}

// MARK: - Rendering

extension String {
  /// The plain characters of a ``TextState``, with its styling dropped.
  ///
  /// ```swift
  /// let text = TextState("Hello, ") + TextState("Blob").bold()
  /// String(state: text)  // "Hello, Blob"
  /// ```
  ///
  /// - Parameters:
  ///   - state: The text to render.
  ///   - locale: The locale used to format localized keys' arguments (SwiftUI platforms only).
  public init(state: TextState, locale: Locale? = nil) {
    switch state.storage {
    case let .verbatim(string):
      self = string
    case let .concatenated(lhs, rhs):
      self = String(state: lhs, locale: locale) + String(state: rhs, locale: locale)
    #if canImport(SwiftUI)
      case let .localized(key, tableName, bundle, _):
        self = key.resolved(tableName: tableName, bundle: bundle, locale: locale)
    #endif
    }
  }
}

extension TextState {
  /// A stretch of characters that share the same styling: the unit equality works on.
  fileprivate struct Run: Hashable {
    var text: String
    var modifiers: [Modifier]
  }

  /// The text as styled runs, independent of how concatenations were nested: adjacent runs
  /// with the same styling are merged, unstyled empty runs are dropped.
  fileprivate var runs: [Run] {
    var runs: [Run] = []
    func append(_ run: Run) {
      if run.text.isEmpty && run.modifiers.isEmpty { return }
      if let last = runs.last, last.modifiers == run.modifiers {
        runs[runs.count - 1].text += run.text
      } else {
        runs.append(run)
      }
    }
    func collect(_ text: TextState, outer: [Modifier]) {
      let modifiers = text.modifiers + outer
      switch text.storage {
      case let .concatenated(lhs, rhs):
        collect(lhs, outer: modifiers)
        collect(rhs, outer: modifiers)
      default:
        append(Run(text: String(state: text), modifiers: modifiers))
      }
    }
    collect(self, outer: [])
    return runs
  }
}

extension TextState: Hashable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.runs == rhs.runs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.runs)
  }
}

extension TextState: CustomStringConvertible, CustomDebugStringConvertible {
  /// The plain characters, as ``Swift/String/init(state:locale:)`` renders them.
  public var description: String {
    String(state: self)
  }

  /// The text with its styling marked up, as it appears in dumps: `TextState("**Delete**")`.
  public var debugDescription: String {
    "TextState(\(String(reflecting: self.markup)))"
  }
}

extension TextState: CustomDumpRepresentable {
  /// Dumps as a string, with styling written as Markdown (`**bold**`, `_italic_`,
  /// `~~strikethrough~~`) or tags (`<u>underline</u>`, `<kerning=1.5>…</kerning>`), so test
  /// failure diffs show both the words and how they look.
  public var customDumpValue: Any {
    self.markup
  }

  fileprivate var markup: String {
    self.runs.map { run in
      run.modifiers.reduce(run.text) { output, modifier in modifier.markUp(output) }
    }
    .joined()
  }
}

extension TextState.Modifier {
  fileprivate func markUp(_ text: String) -> String {
    func tag(_ name: String, _ value: String? = nil) -> String {
      "<\(name)\(value.map { "=\($0)" } ?? "")>\(text)</\(name)>"
    }
    switch self {
    case let .accessibilityHeading(level):
      return tag("accessibility-heading", level.rawValue)
    case let .accessibilityLabel(label):
      return tag("accessibility-label", String(reflecting: label.markup))
    case let .accessibilityTextContentType(type):
      return tag("accessibility-text-content-type", type.rawValue)
    case let .baselineOffset(offset):
      return tag("baseline-offset", "\(offset)")
    case .bold(isActive: true):
      return "**\(text)**"
    case let .fontWidth(.some(width)):
      return tag("font-width", width.rawValue)
    case .italic(isActive: true):
      return "_\(text)_"
    case let .kerning(kerning):
      return tag("kerning", "\(kerning)")
    case .monospacedDigit:
      return tag("monospaced-digit")
    case let .speechAdjustedPitch(pitch):
      return tag("speech-adjusted-pitch", "\(pitch)")
    case .speechAlwaysIncludesPunctuation(true):
      return tag("speech-always-includes-punctuation")
    case .speechAnnouncementsQueued(true):
      return tag("speech-announcements-queued")
    case .speechSpellsOutCharacters(true):
      return tag("speech-spells-out-characters")
    case let .strikethrough(style) where style.isActive:
      let attributes = style.attributes
      return attributes.isEmpty ? "~~\(text)~~" : "<s \(attributes)>\(text)</s>"
    case let .tracking(tracking):
      return tag("tracking", "\(tracking)")
    case let .underline(style) where style.isActive:
      let attributes = style.attributes
      return attributes.isEmpty ? "<u>\(text)</u>" : "<u \(attributes)>\(text)</u>"
    #if canImport(SwiftUI)
      case let .font(.some(font)):
        return tag("font", "\(font)")
      case let .fontDesign(.some(design)):
        return tag("font-design", "\(design)")
      case .fontWeight(.some(.bold)):
        return "**\(text)**"
      case let .fontWeight(.some(weight)):
        return tag("font-weight", "\(weight)")
      case let .foregroundColor(.some(color)):
        return tag("foreground-color", "\(color)")
      case .font(.none), .fontDesign(.none), .fontWeight(.none), .foregroundColor(.none):
        return text
    #endif
    case .bold(isActive: false), .fontWidth(.none), .italic(isActive: false),
      .speechAlwaysIncludesPunctuation(false), .speechAnnouncementsQueued(false),
      .speechSpellsOutCharacters(false), .strikethrough, .underline:
      return text
    }
  }
}

extension TextState.LineStyle {
  /// `pattern=… color=…` for the parts that differ from a plain solid line.
  fileprivate var attributes: String {
    var attributes: [String] = []
    if let pattern, pattern != .solid {
      attributes.append("pattern=\(pattern.rawValue)")
    }
    #if canImport(SwiftUI)
      if let color {
        attributes.append("color=\(color)")
      }
    #endif
    return attributes.joined(separator: " ")
  }
}

// MARK: - SwiftUI

#if canImport(SwiftUI)
  extension Text {
    /// Creates a SwiftUI text view that shows a ``TextState`` with its styling.
    ///
    /// ```swift
    /// Text(store.banner)
    /// ```
    public init(_ state: TextState) {
      var text: Text
      switch state.storage {
      case let .verbatim(string):
        text = Text(verbatim: string)
      case let .concatenated(lhs, rhs):
        text = Text(lhs) + Text(rhs)
      case let .localized(key, tableName, bundle, comment):
        text = Text(key, tableName: tableName, bundle: bundle, comment: comment)
      }
      for modifier in state.modifiers {
        text = modifier.apply(to: text)
      }
      self = text
    }
  }

  extension TextState.Modifier {
    fileprivate func apply(to text: Text) -> Text {
      switch self {
      case let .accessibilityHeading(level):
        return text.accessibilityHeading(level.swiftUIValue)
      case let .accessibilityLabel(label):
        return text.accessibilityLabel(Text(label))
      case let .accessibilityTextContentType(type):
        return text.accessibilityTextContentType(type.swiftUIValue)
      case let .baselineOffset(offset):
        return text.baselineOffset(offset)
      case let .bold(isActive):
        return text.bold(isActive)
      case let .fontWidth(width):
        return text.fontWidth(width?.swiftUIValue)
      case let .italic(isActive):
        return text.italic(isActive)
      case let .kerning(kerning):
        return text.kerning(kerning)
      case .monospacedDigit:
        return text.monospacedDigit()
      case let .speechAdjustedPitch(pitch):
        return text.speechAdjustedPitch(pitch)
      case let .speechAlwaysIncludesPunctuation(value):
        return text.speechAlwaysIncludesPunctuation(value)
      case let .speechAnnouncementsQueued(value):
        return text.speechAnnouncementsQueued(value)
      case let .speechSpellsOutCharacters(value):
        return text.speechSpellsOutCharacters(value)
      case let .strikethrough(style):
        return text.strikethrough(
          style.isActive, pattern: (style.pattern ?? .solid).swiftUIValue, color: style.color
        )
      case let .tracking(tracking):
        return text.tracking(tracking)
      case let .underline(style):
        return text.underline(
          style.isActive, pattern: (style.pattern ?? .solid).swiftUIValue, color: style.color
        )
      case let .font(font):
        return text.font(font)
      case let .fontDesign(design):
        return text.fontDesign(design)
      case let .fontWeight(weight):
        return text.fontWeight(weight)
      case let .foregroundColor(color):
        return text.foregroundColor(color)
      }
    }
  }

  extension TextState.FontWidth {
    fileprivate var swiftUIValue: Font.Width {
      switch self {
      case .compressed: return .compressed
      case .condensed: return .condensed
      case .expanded: return .expanded
      case .standard: return .standard
      }
    }
  }

  extension TextState.LineStylePattern {
    fileprivate var swiftUIValue: Text.LineStyle.Pattern {
      switch self {
      case .dash: return .dash
      case .dashDot: return .dashDot
      case .dashDotDot: return .dashDotDot
      case .dot: return .dot
      case .solid: return .solid
      }
    }
  }

  extension TextState.AccessibilityHeadingLevel {
    fileprivate var swiftUIValue: SwiftUI.AccessibilityHeadingLevel {
      switch self {
      case .h1: return .h1
      case .h2: return .h2
      case .h3: return .h3
      case .h4: return .h4
      case .h5: return .h5
      case .h6: return .h6
      case .unspecified: return .unspecified
      }
    }
  }

  extension TextState.AccessibilityTextContentType {
    fileprivate var swiftUIValue: SwiftUI.AccessibilityTextContentType {
      switch self {
      case .console: return .console
      case .fileSystem: return .fileSystem
      case .messaging: return .messaging
      case .narrative: return .narrative
      case .plain: return .plain
      case .sourceCode: return .sourceCode
      case .spreadsheet: return .spreadsheet
      case .wordProcessing: return .wordProcessing
      }
    }
  }

  extension LocalizedStringKey {
    /// The key looked up in its table and formatted with its interpolated arguments.
    ///
    /// `LocalizedStringKey` offers no public way to read its key or arguments, so they are read
    /// by reflection; if the layout is not the expected one the key's description is used.
    fileprivate func resolved(tableName: String?, bundle: Bundle?, locale: Locale?) -> String {
      let children = Array(Mirror(reflecting: self).children)
      guard let key = children.first(where: { $0.label == "key" })?.value as? String
      else { return "\(self)" }
      let format = (bundle ?? .main).localizedString(forKey: key, value: key, table: tableName)
      guard let argumentList = children.first(where: { $0.label == "arguments" })?.value
      else { return format }
      let arguments = Mirror(reflecting: argumentList).children.compactMap {
        Self.formatArgument($0.value)
      }
      guard !arguments.isEmpty else { return format }
      return String(format: format, locale: locale, arguments: arguments)
    }

    /// One interpolated argument as a `CVarArg`, formatted with its formatter when it has one.
    private static func formatArgument(_ argument: Any) -> (any CVarArg)? {
      var fields = Array(Mirror(reflecting: argument).children)
      // Some SDKs wrap the (value, formatter) pair in a `storage` enum.
      if fields.first?.label == "storage", let storage = fields.first?.value {
        fields = Array(Mirror(reflecting: storage).children)
        if let payload = fields.first?.value {
          fields = Array(Mirror(reflecting: payload).children)
        }
      }
      guard let value = fields.first?.value else { return nil }
      if fields.count > 1, let formatter = fields[1].value as? Formatter,
        let formatted = formatter.string(for: value)
      {
        return formatted
      }
      return value as? any CVarArg
    }
  }
#endif
