// An open document of the language server: its text as the editor last sent
// it (whole, or changed by ranges), and the translation between byte
// offsets (what badgec's ranges hold) and the protocol's positions (a line
// from 0 and a character in UTF-16 code units, or in bytes when the client
// chose UTF-8). Also file URIs to paths and back.

/// How a position's character counts: the protocol's default is UTF-16
/// code units; a client may offer UTF-8 (bytes).
enum PositionEncoding: String {
  case utf16 = "utf-16"
  case utf8 = "utf-8"
}

/// One open document.
struct Document {
  var uri: String
  var version: Int
  private(set) var bytes: [UInt8]
  /// The byte offset at which each line starts.
  private(set) var lineStarts: [Int] = [0]

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    self.bytes = Array(text.utf8)
    indexLines()
  }

  private mutating func indexLines() {
    lineStarts = [0]
    for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
  }

  /// The end of line `line`'s text (before its line break).
  private func lineEnd(_ line: Int) -> Int {
    line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
  }

  /// The byte offset of a protocol position (clamped to the line and the
  /// document, as the protocol asks); nil when it is no position.
  func offset(of position: JSON, _ encoding: PositionEncoding) -> Int? {
    guard let line = position["line"]?.integer, let character = position["character"]?.integer, line >= 0,
      character >= 0
    else { return nil }
    guard line < lineStarts.count else { return bytes.count }
    var at = lineStarts[line]
    let end = lineEnd(line)
    var counted = 0
    while at < end && counted < character {
      let b = bytes[at]
      let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
      counted += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
      if counted > character { break }
      at = min(end, at + length)
    }
    return at
  }

  /// The protocol position of byte `offset`.
  func position(of offset: Int, _ encoding: PositionEncoding) -> JSON {
    let offset = min(max(0, offset), bytes.count)
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    var character = 0
    var at = lineStarts[lo]
    while at < offset {
      let b = bytes[at]
      let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
      character += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
      at += length
    }
    return .object([("line", .number(Double(lo))), ("character", .number(Double(character)))])
  }

  /// The protocol range of bytes `start..<end`.
  func range(_ start: Int, _ end: Int, _ encoding: PositionEncoding) -> JSON {
    .object([("start", position(of: start, encoding)), ("end", position(of: end, encoding))])
  }

  /// The whole document's range.
  func wholeRange(_ encoding: PositionEncoding) -> JSON { range(0, bytes.count, encoding) }

  /// Applies one `TextDocumentContentChangeEvent`: the whole text, or a
  /// range replaced; false when it is malformed.
  mutating func apply(_ change: JSON, _ encoding: PositionEncoding) -> Bool {
    guard let text = change["text"]?.string else { return false }
    guard let range = change["range"] else {
      bytes = Array(text.utf8)
      indexLines()
      return true
    }
    guard let start = range["start"].flatMap({ offset(of: $0, encoding) }),
      let end = range["end"].flatMap({ offset(of: $0, encoding) }), start <= end
    else { return false }
    bytes.replaceSubrange(start..<end, with: Array(text.utf8))
    indexLines()
    return true
  }
}

/// `file:` URIs and paths.
enum FileURI {
  /// The path of a `file:` URI (percent escapes decoded); nil for another
  /// scheme or a malformed one.
  static func path(_ uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Array(uri.utf8.dropFirst(7))
    // A host before the path (file://localhost/…): only an empty one or
    // localhost is this machine.
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
      let host = String(decoding: rest[..<slash], as: UTF8.self)
      guard host.isEmpty || host == "localhost" else { return nil }
      rest = Array(rest[slash...])
    } else {
      return nil
    }
    var out: [UInt8] = []
    var i = 0
    while i < rest.count {
      if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let h = hex(rest[i + 1]), let l = hex(rest[i + 2]) {
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(rest[i])
        i += 1
      }
    }
    guard !out.contains(0) else { return nil }
    return String(validating: out, as: UTF8.self)
  }

  /// The `file:` URI of an absolute path.
  static func uri(_ path: String) -> String {
    var out = "file://"
    for b in path.utf8 {
      let plain =
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        || [UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")].contains(b)
      if plain {
        out.unicodeScalars.append(Unicode.Scalar(b))
      } else {
        let h = String(b, radix: 16, uppercase: true)
        out += "%" + (h.count == 1 ? "0" + h : h)
      }
    }
    return out
  }

  private static func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
