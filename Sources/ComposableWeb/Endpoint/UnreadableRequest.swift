#if Web
/// What a connection sent that is no request the server can read, as the adapter's HTTP parser
/// (or its first look at the bytes) found it. The server answers with ``status`` where HTTP has
/// a status for it, and closes the connection at once: see
/// ``LiveEndpoint/refusal(of:from:)``.
///
/// ```swift
/// UnreadableRequest.requestLineTooLong.status  // 414
/// UnreadableRequest.notHTTP.status             // nil: closed without an answer
/// ```
public enum UnreadableRequest: Sendable, Equatable {
  /// The first bytes are not an HTTP request line (a TLS handshake on the plain port, say).
  case notHTTP
  /// The request line (method, target and version) is longer than
  /// ``LiveEndpoint/maximumRequestLineLength``.
  case requestLineTooLong
  /// The header block is larger than the parser reads.
  case headersTooLarge
  /// A version of HTTP other than 1.0 and 1.1.
  case unsupportedVersion
  /// A method the parser does not know.
  case unknownMethod
  /// Anything else that does not parse: a NUL in the path, a header line without a colon, a
  /// negative `Content-Length`, `Content-Length` together with chunked, … `reason` is the
  /// parser's word for it, for the log.
  case malformed(reason: String)

  /// The status of the answer, or `nil` when the bytes get none (they are not HTTP).
  public var status: Int? {
    switch self {
    case .notHTTP: nil
    case .requestLineTooLong: 414
    case .headersTooLarge: 431
    case .unsupportedVersion: 505
    case .unknownMethod: 501
    case .malformed: 400
    }
  }

  var reason: String {
    switch self {
    case .notHTTP: "not HTTP"
    case .requestLineTooLong: "request line too long"
    case .headersTooLarge: "headers too large"
    case .unsupportedVersion: "unsupported HTTP version"
    case .unknownMethod: "unknown method"
    case let .malformed(reason): reason
    }
  }

  private var title: String {
    switch self {
    case .notHTTP: ""
    case .requestLineTooLong: "URI Too Long"
    case .headersTooLarge: "Request Header Fields Too Large"
    case .unsupportedVersion: "HTTP Version Not Supported"
    case .unknownMethod: "Not Implemented"
    case .malformed: "Bad Request"
    }
  }

  /// Whether `byte`, the first of a connection, can begin a request line (a method is a token,
  /// and every method HTTP parsers know is upper-case letters).
  public static func canBeginRequest(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The answer as HTTP/1.1 bytes, for an adapter that writes below its HTTP encoder.
  func response(headers: [LiveField]) -> LiveResponse? {
    guard let status else { return nil }
    let body = "\(title).\n"
    return LiveResponse(
      status: status,
      headers: headers.filter { !["content-type", "content-length", "connection"].contains($0.name.lowercased()) }
        + [
          LiveField("Content-Type", "text/plain; charset=utf-8"),
          LiveField("Content-Length", String(body.utf8.count)),
          LiveField("Connection", "close"),
        ],
      body: body)
  }
}

extension LiveResponse {
  /// The response as HTTP/1.1 bytes: status line, headers, an empty line and the body.
  ///
  /// ```swift
  /// LiveResponse(status: 400, headers: [LiveField("Connection", "close")], body: "").http1Bytes
  /// // "HTTP/1.1 400 \r\nConnection: close\r\n\r\n"
  /// ```
  public var http1Bytes: [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasonPhrases[status] ?? "")\r\n"
    for field in headers { text += "\(field.name): \(field.value)\r\n" }
    text += "\r\n" + body
    return Array(text.utf8)
  }

  private static let reasonPhrases = [
    400: "Bad Request", 414: "URI Too Long", 431: "Request Header Fields Too Large",
    501: "Not Implemented", 505: "HTTP Version Not Supported",
  ]
}

extension LiveEndpoint {
  /// The longest request line (method, target and version) the server reads, in bytes: longer
  /// ones are answered `414 URI Too Long`.
  public static let maximumRequestLineLength = 8 * 1024

  /// The answer to a connection from `address` that sent `request`, which the adapter writes
  /// before it closes the connection; `nil` when it closes without one. The refusal is logged,
  /// once per address and kind, so that a flood of bad requests does not flood the log.
  ///
  /// ```swift
  /// if let answer = endpoint.refusal(of: .unsupportedVersion, from: "203.0.113.9") {
  ///   channel.writeAndFlush(ByteBuffer(bytes: answer.http1Bytes), promise: nil)
  /// }
  /// channel.close(promise: nil)
  /// ```
  public func refusal(of request: UnreadableRequest, from address: String?) -> LiveResponse? {
    let address = address ?? "unknown"
    if offenders.isFirst("unreadable " + request.reason, address) {
      logger.notice(
        "Refused a request that does not parse, and closed its connection (logged once per address and kind)",
        metadata: [
          "reason": LogText.escaped(request.reason),
          "status": .string(request.status.map(String.init) ?? "none"),
          "address": LogText.escaped(address),
        ])
    }
    return request.response(headers: responseHeaders)
  }
}
#endif  // Web
