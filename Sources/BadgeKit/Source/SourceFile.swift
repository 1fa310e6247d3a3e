// Source files: the text of an input with its line table. The lexer reads the
// bytes; the diagnostic renderer turns byte offsets into 1-based lines and
// character columns.

/// One input text (the badge file, or a `-D` override) as UTF-8 bytes, with
/// the byte offset at which every line starts.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (a path, `<stdin>` or `-D name=value`).
  public let name: String
  /// The text as UTF-8 bytes.
  public let bytes: [UInt8]
  /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
    self.lineStarts = starts
  }

  /// A 1-based line and a 1-based column counted in characters (Unicode
  /// scalars), not bytes.
  public struct Location: Equatable, Sendable {
    public var line: Int
    public var column: Int
  }

  /// The 0-based index of the line holding byte `offset`.
  func lineIndex(of offset: Int) -> Int {
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The line and character column of byte `offset`.
  public func location(of offset: Int) -> Location {
    let offset = min(max(0, offset), bytes.count)
    let line = lineIndex(of: offset)
    return Location(line: line + 1, column: characterCount(from: lineStarts[line], to: offset) + 1)
  }

  /// Byte range of line `index` (0-based), without its line break.
  func lineRange(_ index: Int) -> Range<Int> {
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// Number of Unicode scalars in bytes `from..<to` (continuation bytes do
  /// not count).
  func characterCount(from: Int, to: Int) -> Int {
    var n = 0
    var i = from
    while i < to && i < bytes.count {
      if bytes[i] & 0xC0 != 0x80 { n += 1 }
      i += 1
    }
    return n
  }

  /// The text of bytes `range`.
  public func text(_ range: Range<Int>) -> String {
    let lo = min(max(0, range.lowerBound), bytes.count)
    let hi = min(max(lo, range.upperBound), bytes.count)
    return String(decoding: bytes[lo..<hi], as: UTF8.self)
  }
}
