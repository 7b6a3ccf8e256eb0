#if Web
import Logging

/// Log metadata made from what a client sent (a handler id, an origin, a host, a path): cut to a
/// length and escaped, so that a newline or a control character in it cannot forge a log line or
/// garble a terminal.
///
/// ```swift
/// logger.warning("Refused a host", metadata: ["host": LogText.escaped(host)])
/// // host="evil\nFAKE" is logged as: evil\nFAKE
/// ```
enum LogText {
  /// `text`, at most `limit` characters, with `\`, quotes and every control character written
  /// as escapes (`\n`, `\"`, `\u{7}`); an ellipsis marks a cut.
  static func escaped(_ text: some StringProtocol, limit: Int = 128) -> Logger.MetadataValue {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < limit else {
        result += "…"
        break
      }
      count += 1
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.properties.generalCategory == .control
          || scalar.properties.generalCategory == .format
          || scalar == "\u{2028}" || scalar == "\u{2029}"
        {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return .string(result)
  }
}
#endif  // Web
