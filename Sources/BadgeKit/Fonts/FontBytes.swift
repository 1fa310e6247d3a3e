// Bounds-checked reading of a font file: big-endian numbers at byte
// offsets within a range of the file (a table, or a part of one). It takes
// the file's bytes and hands on numbers, or nil where a read would leave
// the range, so damaged offsets and counts are caught where they are used
// and never index outside the file.

/// A range of a font file's bytes read as big-endian numbers. Offsets are
/// in bytes from the range's start; every read is checked against the
/// range's end and gives nil past it. The range always lies inside `file`.
struct FontBytes: Sendable {
  /// The whole file.
  let file: [UInt8]
  /// Where the range starts in `file`, in bytes.
  let start: Int
  /// The range's length in bytes.
  let count: Int

  /// The whole of `file`.
  init(_ file: [UInt8]) {
    self.file = file
    self.start = 0
    self.count = file.count
  }

  private init(file: [UInt8], start: Int, count: Int) {
    self.file = file
    self.start = start
    self.count = count
  }

  /// The `length` bytes at `offset`, or nil when they are not all inside.
  func range(_ offset: Int, _ length: Int) -> FontBytes? {
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
    return FontBytes(file: file, start: start + offset, count: length)
  }

  /// The bytes from `offset` to the end, or nil when `offset` is outside.
  func from(_ offset: Int) -> FontBytes? {
    guard offset >= 0, offset <= count else { return nil }
    return FontBytes(file: file, start: start + offset, count: count - offset)
  }

  /// Whether the `length` bytes at `offset` are all inside.
  func contains(_ offset: Int, _ length: Int) -> Bool {
    offset >= 0 && length >= 0 && offset <= count && length <= count - offset
  }

  func u8(_ offset: Int) -> Int? {
    guard offset >= 0, offset < count else { return nil }
    return Int(file[start + offset])
  }

  func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset < count - 1 else { return nil }
    let i = start + offset
    return Int(file[i]) << 8 | Int(file[i + 1])
  }

  func i16(_ offset: Int) -> Int? {
    guard let v = u16(offset) else { return nil }
    return v >= 0x8000 ? v - 0x1_0000 : v
  }

  func u24(_ offset: Int) -> Int? {
    guard offset >= 0, offset < count - 2 else { return nil }
    let i = start + offset
    return Int(file[i]) << 16 | Int(file[i + 1]) << 8 | Int(file[i + 2])
  }

  func u32(_ offset: Int) -> Int? {
    guard offset >= 0, offset < count - 3 else { return nil }
    let i = start + offset
    return Int(file[i]) << 24 | Int(file[i + 1]) << 16 | Int(file[i + 2]) << 8 | Int(file[i + 3])
  }

  func i32(_ offset: Int) -> Int? {
    guard let v = u32(offset) else { return nil }
    return v >= 0x8000_0000 ? v - 0x1_0000_0000 : v
  }

  /// The `length` bytes at `offset` as an array, or nil when they are not
  /// all inside.
  func bytes(_ offset: Int, _ length: Int) -> [UInt8]? {
    guard contains(offset, length) else { return nil }
    return Array(file[(start + offset)..<(start + offset + length)])
  }
}

/// A four-letter table tag ("glyf", "CFF ") as its big-endian number.
func fontTag(_ text: StaticString) -> UInt32 {
  var tag: UInt32 = 0
  text.withUTF8Buffer { for b in $0.prefix(4) { tag = tag << 8 | UInt32(b) } }
  return tag
}

/// The four letters of a tag, for messages.
func fontTagText(_ tag: UInt32) -> String {
  let letters = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }
  let printable = letters.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  return printable ? String(decoding: letters, as: UTF8.self) : "0x" + String(tag, radix: 16)
}
