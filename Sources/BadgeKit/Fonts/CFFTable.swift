// The structure of a 'CFF ' table (Compact Font Format version 1): header,
// INDEXes and DICTs, down to each glyph's charstring and the subroutines
// it may call. It takes the table's bytes, reads what outlines need once
// (the CharStrings INDEX, the global subroutines, the Private DICT's local
// subroutines, and for a CID-keyed font the FDArray and FDSelect that give
// each glyph its own), and hands them to the charstring interpreter.

/// A CFF INDEX: `count` objects stored one after another, found through an
/// array of offsets. Checked once: the offsets array and the data it
/// spans lie inside the table; each object's own offsets are checked when
/// it is taken.
struct CFFIndex: Sendable {
  /// The bytes from the INDEX's start.
  let bytes: FontBytes
  let count: Int
  /// Bytes per offset, 1 to 4.
  let offSize: Int
  /// How many bytes the INDEX takes (what follows starts after it).
  let size: Int

  static let empty = CFFIndex()

  private init() {
    bytes = FontBytes([])
    (count, offSize, size) = (0, 1, 0)
  }

  init(_ bytes: FontBytes, _ what: String) throws(FontError) {
    guard let count = bytes.u16(0) else { throw .badCFF("the \(what) INDEX is cut short") }
    self.bytes = bytes
    self.count = count
    if count == 0 {
      (offSize, size) = (1, 2)
      return
    }
    guard let offSize = bytes.u8(2), (1...4).contains(offSize), bytes.contains(3, (count + 1) * offSize) else {
      throw .badCFF("the \(what) INDEX is cut short")
    }
    self.offSize = offSize
    let dataStart = 3 + (count + 1) * offSize
    var last = 0
    for i in 0..<offSize { last = last << 8 | (bytes.u8(3 + count * offSize + i) ?? 0) }
    guard last >= 1, bytes.contains(dataStart, last - 1) else {
      throw .badCFF("the \(what) INDEX reaches past the table's end")
    }
    size = dataStart + last - 1
  }

  /// Object `i`'s bytes, or nil when `i` is out of range or its offsets
  /// are damaged.
  func item(_ i: Int) -> FontBytes? {
    guard i >= 0, i < count else { return nil }
    let dataStart = 3 + (count + 1) * offSize
    var start = 0
    var end = 0
    for k in 0..<offSize {
      guard let a = bytes.u8(3 + i * offSize + k), let b = bytes.u8(3 + (i + 1) * offSize + k) else { return nil }
      start = start << 8 | a
      end = end << 8 | b
    }
    guard start >= 1, start <= end, end - 1 <= size - dataStart else { return nil }
    return bytes.range(dataStart + start - 1, end - start)
  }

  /// The number added to a subroutine's operand to index this INDEX.
  var bias: Int { count < 1_240 ? 107 : count < 33_900 ? 1_131 : 32_768 }
}

/// A CFF DICT read into operator → operands. Operators are their byte, or
/// 1200 plus the second byte for the two-byte (escaped) ones.
struct CFFDict: Sendable {
  var values: [Int: [Double]] = [:]

  init(_ bytes: FontBytes, _ what: String) throws(FontError) {
    var operands: [Double] = []
    var at = 0
    while at < bytes.count {
      guard let b0 = bytes.u8(at) else { break }
      if b0 <= 21 {
        var op = b0
        at += 1
        if b0 == 12 {
          guard let b1 = bytes.u8(at) else { throw .badCFF("the \(what) DICT is cut short") }
          op = 1_200 + b1
          at += 1
        }
        values[op] = operands
        operands.removeAll(keepingCapacity: true)
        continue
      }
      guard operands.count < 48 else { throw .badCFF("the \(what) DICT has more than 48 operands in a row") }
      guard let (value, next) = CFFDict.operand(bytes, at) else {
        throw .badCFF("the \(what) DICT is damaged at byte \(at)")
      }
      operands.append(value)
      at = next
    }
  }

  /// The operand starting at `at` and the offset after it.
  static func operand(_ bytes: FontBytes, _ at: Int) -> (Double, Int)? {
    guard let b0 = bytes.u8(at) else { return nil }
    switch b0 {
    case 32...246: return (Double(b0 - 139), at + 1)
    case 247...250:
      guard let b1 = bytes.u8(at + 1) else { return nil }
      return (Double((b0 - 247) * 256 + b1 + 108), at + 2)
    case 251...254:
      guard let b1 = bytes.u8(at + 1) else { return nil }
      return (Double(-(b0 - 251) * 256 - b1 - 108), at + 2)
    case 28:
      guard let v = bytes.i16(at + 1) else { return nil }
      return (Double(v), at + 3)
    case 29:
      guard let v = bytes.i32(at + 1) else { return nil }
      return (Double(v), at + 5)
    case 30:
      return real(bytes, at + 1)
    default:
      return nil
    }
  }

  /// A real number: nibbles of digits, point, exponent and sign, ending
  /// with 0xF.
  private static func real(_ bytes: FontBytes, _ start: Int) -> (Double, Int)? {
    var text = ""
    var at = start
    while text.utf8.count < 64 {
      guard let b = bytes.u8(at) else { return nil }
      at += 1
      for nibble in [b >> 4, b & 0xF] {
        switch nibble {
        case 0...9: text += String(nibble)
        case 0xA: text += "."
        case 0xB: text += "E"
        case 0xC: text += "E-"
        case 0xE: text += "-"
        case 0xF: return (Double(text) ?? 0, at)
        default: return nil
        }
      }
    }
    return nil
  }

  /// The operands of `op` as whole numbers that can be byte offsets or
  /// sizes (0 to 2^31), or nil when absent or not such numbers.
  func offsets(_ op: Int, count: Int) -> [Int]? {
    guard let v = values[op], v.count >= count else { return nil }
    var result: [Int] = []
    for x in v.suffix(count) {
      guard x >= 0, x <= 2_147_483_647, x.rounded() == x else { return nil }
      result.append(Int(x))
    }
    return result
  }
}

/// Which Font DICT (and so which local subroutines) each glyph of a
/// CID-keyed font uses.
struct FDSelect: Sendable {
  let bytes: FontBytes
  /// 0: a byte per glyph; 3: ranges of glyphs.
  let format: Int
  /// Format 3: how many ranges.
  let ranges: Int

  init(_ bytes: FontBytes, numGlyphs: Int) throws(FontError) {
    guard let format = bytes.u8(0) else { throw .badCFF("FDSelect is cut short") }
    switch format {
    case 0:
      guard bytes.contains(1, numGlyphs) else { throw .badCFF("FDSelect is cut short") }
      ranges = 0
    case 3:
      guard let n = bytes.u16(1), bytes.contains(3, 3 * n + 2) else { throw .badCFF("FDSelect is cut short") }
      ranges = n
    default:
      throw .unsupportedCFF("FDSelect format \(format)")
    }
    (self.bytes, self.format) = (bytes, format)
  }

  /// The Font DICT of `glyph`, or nil when it has none.
  func fd(of glyph: Int) -> Int? {
    if format == 0 { return bytes.u8(1 + glyph) }
    var lo = 0
    var hi = ranges
    // The last range whose first glyph is at or before `glyph`.
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let first = bytes.u16(3 + 3 * mid) else { return nil }
      if first <= glyph { lo = mid + 1 } else { hi = mid }
    }
    guard lo >= 1, let next = bytes.u16(3 + 3 * lo), glyph < next else { return nil }
    return bytes.u8(3 + 3 * (lo - 1) + 2)
  }
}

/// The parts of a 'CFF ' table that outlines need.
struct CFFOutlines: Sendable {
  let charStrings: CFFIndex
  let globalSubrs: CFFIndex
  /// The local subroutines: one set for a name-keyed font, one per Font
  /// DICT (indexed by FDSelect) for a CID-keyed font.
  let localSubrs: [CFFIndex]
  let fdSelect: FDSelect?
  let numGlyphs: Int

  /// The most Font DICTs read (FDSelect indexes them with a byte).
  static let maxFontDicts = 256

  init(_ table: FontBytes, numGlyphs maxpGlyphs: Int) throws(FontError) {
    guard let major = table.u8(0), let headerSize = table.u8(2) else { throw .truncated("CFF ") }
    guard major == 1 else { throw .unsupportedCFF("version \(major)") }
    guard let names = table.from(headerSize) else { throw .truncated("CFF ") }
    let nameIndex = try CFFIndex(names, "Name")
    guard let topBytes = names.from(nameIndex.size) else { throw .truncated("CFF ") }
    let topIndex = try CFFIndex(topBytes, "Top DICT")
    guard let stringBytes = topBytes.from(topIndex.size) else { throw .truncated("CFF ") }
    let strings = try CFFIndex(stringBytes, "String")
    guard let globalBytes = stringBytes.from(strings.size) else { throw .truncated("CFF ") }
    globalSubrs = try CFFIndex(globalBytes, "Global Subr")
    guard let topDictBytes = topIndex.item(0) else { throw .badCFF("it has no Top DICT") }
    let top = try CFFDict(topDictBytes, "Top")

    if let type = top.values[1_206]?.first, type != 2 {
      throw .unsupportedCFF("charstring type \(type)")
    }
    guard let charStringsOffset = top.offsets(17, count: 1)?[0], let csBytes = table.from(charStringsOffset) else {
      throw .badCFF("the Top DICT has no CharStrings offset")
    }
    charStrings = try CFFIndex(csBytes, "CharStrings")
    numGlyphs = min(charStrings.count, maxpGlyphs)

    if top.values[1_230] != nil {  // ROS: CID-keyed
      guard let fdArrayOffset = top.offsets(1_236, count: 1)?[0], let fdSelectOffset = top.offsets(1_237, count: 1)?[0],
        let arrayBytes = table.from(fdArrayOffset), let selectBytes = table.from(fdSelectOffset)
      else { throw .badCFF("a CID-keyed font has no FDArray or FDSelect") }
      let fdArray = try CFFIndex(arrayBytes, "FDArray")
      var subrs: [CFFIndex] = []
      for i in 0..<min(fdArray.count, CFFOutlines.maxFontDicts) {
        guard let dict = fdArray.item(i) else { throw .badCFF("Font DICT \(i) lies outside the table") }
        subrs.append(try CFFOutlines.localSubrs(table, fontDict: try CFFDict(dict, "Font")))
      }
      localSubrs = subrs
      fdSelect = try FDSelect(selectBytes, numGlyphs: numGlyphs)
    } else {
      localSubrs = [try CFFOutlines.localSubrs(table, fontDict: top)]
      fdSelect = nil
    }
  }

  /// The local subroutines of the Private DICT that `fontDict` points to
  /// (empty when there is none or it has no Subrs).
  private static func localSubrs(_ table: FontBytes, fontDict: CFFDict) throws(FontError) -> CFFIndex {
    guard let p = fontDict.offsets(18, count: 2) else { return .empty }
    guard let privateBytes = table.range(p[1], p[0]) else { throw .badCFF("a Private DICT lies outside the table") }
    let privateDict = try CFFDict(privateBytes, "Private")
    guard let subrsOffset = privateDict.offsets(19, count: 1)?[0] else { return .empty }
    guard let subrsBytes = table.from(p[1])?.from(subrsOffset) else {
      throw .badCFF("the local subroutines lie outside the table")
    }
    return try CFFIndex(subrsBytes, "Subrs")
  }

  func outline(of glyph: Int) throws(FontError) -> GlyphOutline {
    guard glyph >= 0, glyph < numGlyphs else { throw .glyphOutOfRange(glyph, count: numGlyphs) }
    guard let code = charStrings.item(glyph) else { throw .glyphEnds("CFF ", glyph) }
    var local = localSubrs.first ?? .empty
    if let fdSelect {
      guard let fd = fdSelect.fd(of: glyph), fd < localSubrs.count else {
        throw .badCharString(glyph, "FDSelect gives it no Font DICT")
      }
      local = localSubrs[fd]
    }
    var interpreter = CharStringInterpreter(glyph: glyph, global: globalSubrs, local: local)
    try interpreter.run(code)
    return GlyphOutline(commands: interpreter.commands)
  }
}
