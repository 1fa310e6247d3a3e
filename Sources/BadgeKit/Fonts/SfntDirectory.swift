// The sfnt table directory: a font file's header in, where each table of
// one face lies out. A collection (.ttc, .otc) starts with a list of
// faces, each with a directory of its own; a single font has one face at
// the file's start. Used by `Font` on a whole file, and by the catalog on
// the few bytes it reads of each file.

/// Where each table of one face lies in its file: byte offsets from the
/// start of the file, and lengths in bytes. The ranges are not checked
/// against the file here; `Font` does that when it takes a table.
struct SfntDirectory: Sendable {
  /// One table: its tag, offset and length, in bytes.
  struct Entry: Sendable {
    var tag: UInt32
    var offset: Int
    var length: Int
  }

  /// The tables, in the directory's order.
  var entries: [Entry]

  /// The most tables a directory may list: far more than any font has,
  /// and a bound on what a damaged count can make the reader allocate.
  static let maxTables = 1_024

  /// The most faces a collection may list.
  static let maxFaces = 4_096

  /// How many bytes a directory of `tables` tables takes.
  static func size(tables: Int) -> Int { 12 + 16 * tables }

  /// The byte offset of each face's directory in the file that starts with
  /// `head` (which must hold the collection header and its list of
  /// offsets, or the first 12 bytes of a single font).
  static func faceOffsets(_ head: FontBytes) throws(FontError) -> [Int] {
    guard let tag = head.u32(0) else { throw .notAFont }
    switch tag {
    case 0x7474_6366:  // 'ttcf'
      guard let n = head.u32(8), n >= 1 else { throw .notAFont }
      guard n <= maxFaces, head.contains(12, 4 * n) else {
        throw .badTable("ttcf", "it lists \(n) faces in \(head.count) bytes")
      }
      var offsets: [Int] = []
      offsets.reserveCapacity(n)
      for i in 0..<n {
        guard let o = head.u32(12 + 4 * i) else { throw .truncated("ttcf") }
        offsets.append(o)
      }
      return offsets
    case 0x0001_0000, 0x4F54_544F, 0x7472_7565:  // 1.0, 'OTTO', 'true'
      return [0]
    default:
      throw .notAFont
    }
  }

  /// How many bytes the directory that starts `head` takes, or nil when
  /// `head` does not start with an sfnt header.
  static func size(of head: FontBytes) -> Int? {
    guard let n = head.u16(4) else { return nil }
    return size(tables: n)
  }

  /// Reads the directory that starts `directory` (the bytes from the
  /// face's offset on).
  init(_ directory: FontBytes) throws(FontError) {
    guard let version = directory.u32(0), let n = directory.u16(4) else { throw .notAFont }
    guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else { throw .notAFont }
    guard n <= SfntDirectory.maxTables, directory.contains(12, 16 * n) else {
      throw FontError(message: "the table directory lists \(n) tables but the file ends before their entries")
    }
    entries = []
    entries.reserveCapacity(n)
    for i in 0..<n {
      let at = 12 + 16 * i
      guard let tag = directory.u32(at), let offset = directory.u32(at + 8), let length = directory.u32(at + 12)
      else { throw .notAFont }
      entries.append(Entry(tag: UInt32(tag), offset: offset, length: length))
    }
  }

  /// The table tagged `tag` (the first, if listed twice).
  func table(_ tag: UInt32) -> Entry? {
    entries.first { $0.tag == tag }
  }
}
