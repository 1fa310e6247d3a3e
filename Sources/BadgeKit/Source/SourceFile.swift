// Source files: the text of an input with its line table. The lexer reads the
// bytes; the diagnostic renderer turns byte offsets into 1-based lines and
// character columns.

/// One input text (the badge file, or a `-D` override) as UTF-8 bytes, with
/// a sparse line table: how many line breaks come before each block of
/// `blockSize` bytes, so that the table takes a few bytes a block
/// whatever the file holds (a file of line breaks only included), and a
/// line is found by counting within one block.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (a path, `<stdin>` or `-D name=value`).
  public let name: String
  /// The text as UTF-8 bytes.
  public let bytes: [UInt8]
  /// Entry `k`: the line breaks in bytes `0..<k * blockSize`.
  private let breaksBefore: [Int]
  /// The bytes a line-table entry covers.
  static let blockSize = 4096

  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    var table: [Int] = []
    table.reserveCapacity(bytes.count / SourceFile.blockSize + 1)
    var n = 0
    bytes.withUnsafeBufferPointer { b in
      var i = 0
      repeat {
        table.append(n)
        let end = min(i + SourceFile.blockSize, b.count)
        while i < end {
          if b[i] == UInt8(ascii: "\n") { n += 1 }
          i += 1
        }
      } while i < b.count
    }
    self.breaksBefore = table
  }

  /// A 1-based line and a 1-based column counted in characters (Unicode
  /// scalars), not bytes.
  public struct Location: Equatable, Sendable {
    public var line: Int
    public var column: Int
  }

  /// The 0-based index of the line holding byte `offset`.
  func lineIndex(of offset: Int) -> Int {
    let offset = min(max(0, offset), bytes.count)
    let block = min(offset / SourceFile.blockSize, breaksBefore.count - 1)
    var n = breaksBefore[block]
    var i = block * SourceFile.blockSize
    while i < offset {
      if bytes[i] == UInt8(ascii: "\n") { n += 1 }
      i += 1
    }
    return n
  }

  /// The first byte of the line holding byte `offset`.
  func lineStart(of offset: Int) -> Int {
    bytes.withUnsafeBufferPointer { b in
      var i = min(max(0, offset), b.count)
      while i > 0 && b[i - 1] != UInt8(ascii: "\n") { i -= 1 }
      return i
    }
  }

  /// The line and character column of byte `offset`.
  public func location(of offset: Int) -> Location {
    let offset = min(max(0, offset), bytes.count)
    return Location(
      line: lineIndex(of: offset) + 1, column: characterCount(from: lineStart(of: offset), to: offset) + 1)
  }

  /// Byte range of the line holding byte `offset`, without its line break.
  func lineRange(containing offset: Int) -> Range<Int> {
    let start = lineStart(of: offset)
    var end = min(max(0, offset), bytes.count)
    bytes.withUnsafeBufferPointer { b in
      while end < b.count && b[end] != UInt8(ascii: "\n") { end += 1 }
    }
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
