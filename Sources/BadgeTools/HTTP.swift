// HTTP/1.1 for one local user: a request head read from bytes (strict,
// bounded) and responses written as bytes. No bodies are accepted: the
// preview's routes are all GET (and HEAD). What a request names never
// reaches the file system: the server matches whole paths against its own
// routes.

/// A request's head: its method, the path and query of its target, and
/// the headers it needs.
struct HTTPRequest: Equatable {
  var method: String
  /// The target's path, as sent (never decoded: routes are matched whole).
  var path: String
  /// The query's `name=value` pairs, in order.
  var query: [(String, String)]
  /// The `Host` header, lowercased; nil when it is missing.
  var host: String?
  /// The value of `Content-Length`, 0 when absent.
  var contentLength: Int
  var chunked: Bool

  static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
    a.method == b.method && a.path == b.path && a.host == b.host
      && a.query.map { "\($0.0)=\($0.1)" }
        == b.query.map { "\($0.0)=\($0.1)" }
  }

  /// The value of query parameter `name`, if given.
  func parameter(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
}

/// Why a request head was refused, as a status and a short reason.
struct HTTPRefusal: Error, Equatable {
  var status: Int
  var reason: String
}

enum HTTP {
  /// The most bytes a request head may take.
  static let maximumHead = 16 << 10
  /// The most headers a request may have.
  static let maximumHeaders = 64

  /// Where the head in `bytes` ends (just past its blank line), if it is
  /// all there.
  static func headEnd(_ bytes: [UInt8]) -> Int? {
    var i = 1
    while i < bytes.count {
      if bytes[i] == 10 {
        if bytes[i - 1] == 10 { return i + 1 }
        if i >= 2 && bytes[i - 1] == 13 && bytes[i - 2] == 10 { return i + 1 }
      }
      i += 1
    }
    return nil
  }

  /// Parses a request head (up to and including its blank line).
  static func parse(_ head: ArraySlice<UInt8>) throws(HTTPRefusal) -> HTTPRequest {
    guard let text = String(validating: head, as: UTF8.self) else {
      throw HTTPRefusal(status: 400, reason: "the request is not UTF-8")
    }
    // ("\r\n" is one Character to Swift.)
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw HTTPRefusal(status: 400, reason: "an empty request") }
    guard !text.contains("\r\r") else { throw HTTPRefusal(status: 400, reason: "a stray carriage return") }
    let parts = first.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isUppercase }) else {
      throw HTTPRefusal(status: 400, reason: "a malformed request line")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
      throw HTTPRefusal(status: 505, reason: "only HTTP/1.1 is served")
    }
    let target = parts[1]
    guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
      throw HTTPRefusal(status: 400, reason: "the target is not a path")
    }
    var path = Substring(target)
    var query: [(String, String)] = []
    if let q = target.firstIndex(of: "?") {
      path = target[..<q]
      for pair in target[target.index(after: q)...].split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query.append((String(kv[0]), kv.count > 1 ? String(kv[1]) : ""))
      }
    }
    var request = HTTPRequest(
      method: String(parts[0]), path: String(path), query: query, host: nil, contentLength: 0, chunked: false)
    guard lines.count - 1 <= maximumHeaders else { throw HTTPRefusal(status: 431, reason: "too many headers") }
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else {
        throw HTTPRefusal(status: 400, reason: "a malformed header")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      switch name {
      case "host":
        guard request.host == nil else { throw HTTPRefusal(status: 400, reason: "two Host headers") }
        request.host = value.lowercased()
      case "content-length":
        guard let n = Int(value), n >= 0 else { throw HTTPRefusal(status: 400, reason: "a bad Content-Length") }
        request.contentLength = n
      case "transfer-encoding":
        request.chunked = true
      default:
        break
      }
    }
    if parts[2] == "HTTP/1.1" && request.host == nil {
      throw HTTPRefusal(status: 400, reason: "HTTP/1.1 needs a Host header")
    }
    return request
  }

  /// Whether `host` (a Host header) names this machine's loopback
  /// interface: `127.0.0.1`, `localhost` or `[::1]`, with this `port` or
  /// none. Any other name is refused, so that a page of another site cannot
  /// reach the preview by rebinding its name to 127.0.0.1.
  static func isLoopback(_ host: String?, port: Int) -> Bool {
    guard let host else { return true }  // HTTP/1.0 without a Host
    var name = Substring(host)
    if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
      guard name[name.index(after: colon)...] == Substring(String(port)) else { return false }
      name = name[..<colon]
    }
    return name == "127.0.0.1" || name == "localhost" || name == "[::1]"
  }

  /// The reason phrase of a status.
  static func phrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 204: return "No Content"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 431: return "Request Header Fields Too Large"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Error"
    }
  }

  /// A whole response: status line, headers and `body` (left out for a
  /// HEAD request, its length kept). Every response closes the connection.
  static func response(
    _ status: Int, type: String, body: [UInt8], head: Bool = false, extra: [(String, String)] = []
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(phrase(status))\r\n"
    text += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
    text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
    for (name, value) in extra { text += "\(name): \(value)\r\n" }
    text += "\r\n"
    var out = Array(text.utf8)
    if !head { out += body }
    return out
  }

  /// A plain-text error response.
  static func error(_ status: Int, _ reason: String, extra: [(String, String)] = []) -> [UInt8] {
    response(
      status, type: "text/plain; charset=utf-8", body: Array("\(status) \(phrase(status)): \(reason)\n".utf8),
      extra: extra)
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = self
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return String(s)
  }
}
