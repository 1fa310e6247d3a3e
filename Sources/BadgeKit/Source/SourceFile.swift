// Source files: the text of an input with its line table. The lexer reads the
// bytes; the diagnostic renderer turns byte offsets into 1-based lines and
// character columns.

/// One input text (the badge file, or a `-D` override) as UTF-8 bytes, with
/// sparse tables: how many line breaks and how many characters come before
/// each block of `blockSize` bytes. They take a few bytes a block whatever
/// the file holds (a file of line breaks only included), and a line, its
/// start or a column is found by counting within a block or two and
/// stepping over whole blocks, however long the line.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (a path, `<stdin>` or `-D name=value`).
  public let name: String
  /// The text as UTF-8 bytes.
  public let bytes: [UInt8]
  /// Entry `k` (for every `k * blockSize` up to the end): the line breaks
  /// in bytes `0..<k * blockSize`.
  private let breaksBefore: [Int]
  /// Entry `k`: the characters (bytes that are not UTF-8 continuation
  /// bytes) in bytes `0..<k * blockSize`.
  private let scalarsBefore: [Int]
  /// The bytes a table entry covers.
  static let blockSize = 4096

  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    let bs = SourceFile.blockSize
    var breaks: [Int] = []
    var scalars: [Int] = []
    breaks.reserveCapacity(bytes.count / bs + 1)
    scalars.reserveCapacity(bytes.count / bs + 1)
    var lines = 0
    var characters = 0
    bytes.withUnsafeBufferPointer { b in
      for k in 0...(b.count / bs) {
        breaks.append(lines)
        scalars.append(characters)
        for i in (k * bs)..<min((k + 1) * bs, b.count) {
          if b[i] == UInt8(ascii: "\n") { lines += 1 }
          if b[i] & 0xC0 != 0x80 { characters += 1 }
        }
      }
    }
    self.breaksBefore = breaks
    self.scalarsBefore = scalars
  }

  /// A 1-based line and a 1-based column counted in characters (Unicode
  /// scalars), not bytes.
  public struct Location: Equatable, Sendable {
    public var line: Int
    public var column: Int
  }

  /// How many bytes of `0..<offset` the table counts: its entry for the
  /// block holding `offset`, then the bytes of that block before it.
  private func counted(before offset: Int, _ table: [Int], _ counts: (UInt8) -> Bool) -> Int {
    let offset = min(max(0, offset), bytes.count)
    let block = offset / SourceFile.blockSize
    var n = table[block]
    for i in (block * SourceFile.blockSize)..<offset where counts(bytes[i]) { n += 1 }
    return n
  }

  /// Whether the whole block `k` (which lies within the file) holds no
  /// line break.
  private func hasNoBreak(_ k: Int) -> Bool { breaksBefore[k + 1] == breaksBefore[k] }

  /// The 0-based index of the line holding byte `offset`.
  func lineIndex(of offset: Int) -> Int {
    counted(before: offset, breaksBefore) { $0 == UInt8(ascii: "\n") }
  }

  /// The first byte of the line holding byte `offset`.
  func lineStart(of offset: Int) -> Int {
    let bs = SourceFile.blockSize
    return bytes.withUnsafeBufferPointer { b in
      var i = min(max(0, offset), b.count)
      while i > 0 {
        if i % bs == 0 && hasNoBreak(i / bs - 1) {
          i -= bs
        } else if b[i - 1] == UInt8(ascii: "\n") {
          break
        } else {
          i -= 1
        }
      }
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
    let bs = SourceFile.blockSize
    let start = lineStart(of: offset)
    var end = min(max(0, offset), bytes.count)
    bytes.withUnsafeBufferPointer { b in
      while end < b.count {
        if end % bs == 0 && end / bs + 1 < breaksBefore.count && hasNoBreak(end / bs) {
          end += bs
        } else if b[end] == UInt8(ascii: "\n") {
          break
        } else {
          end += 1
        }
      }
    }
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// Number of Unicode scalars in bytes `from..<to` (continuation bytes do
  /// not count).
  func characterCount(from: Int, to: Int) -> Int {
    let isScalar: (UInt8) -> Bool = { $0 & 0xC0 != 0x80 }
    return max(0, counted(before: to, scalarsBefore, isScalar) - counted(before: from, scalarsBefore, isScalar))
  }

  /// The text of bytes `range`.
  public func text(_ range: Range<Int>) -> String {
    let lo = min(max(0, range.lowerBound), bytes.count)
    let hi = min(max(lo, range.upperBound), bytes.count)
    return String(decoding: bytes[lo..<hi], as: UTF8.self)
  }
}
