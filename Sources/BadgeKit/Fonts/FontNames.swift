// The 'name' table: a face's family and style names. It takes the table's
// bytes and hands on the names as text, chosen among the records of each
// name ID by platform and language (Windows English first), decoded from
// UTF-16BE or Mac Roman, with control and format characters left out so
// that a name can be shown in a diagnostic as it is.

/// The names a face gives itself in its 'name' table; empty when absent.
struct FontNames: Equatable, Sendable {
  /// The typographic family (name ID 16), else the family (ID 1):
  /// "DejaVu Sans" for all of DejaVu Sans' weights and widths.
  var family = ""
  /// The family of the four-style model (name ID 1): "DejaVu Sans Light",
  /// "DejaVu Sans Condensed".
  var legacyFamily = ""
  /// The typographic style (name ID 17), else the style (ID 2): "Bold",
  /// "Condensed Oblique".
  var style = ""

  /// The longest name kept, in Unicode scalars.
  static let maxLength = 200

  /// Reads the names from the 'name' table `table`; records that are
  /// damaged or point outside the table are passed over.
  init(_ table: FontBytes) {
    guard let count = table.u16(2), let stringsOffset = table.u16(4) else { return }
    // The best record of each wanted name ID (1, 2, 16, 17 in slots 0 to
    // 3): its rank (lower is better), platform, and where its text lies.
    var best: [(rank: Int, platform: Int, offset: Int, length: Int)?] = [nil, nil, nil, nil]
    for i in 0..<count {
      let at = 6 + 12 * i
      guard let platform = table.u16(at), let encoding = table.u16(at + 2), let language = table.u16(at + 4),
        let id = table.u16(at + 6), let length = table.u16(at + 8), let offset = table.u16(at + 10)
      else { break }
      let slot = id == 1 ? 0 : id == 2 ? 1 : id == 16 ? 2 : id == 17 ? 3 : -1
      guard slot >= 0, let rank = FontNames.rank(platform: platform, encoding: encoding, language: language),
        table.contains(stringsOffset + offset, length)
      else { continue }
      if let old = best[slot], old.rank <= rank { continue }
      best[slot] = (rank, platform, stringsOffset + offset, length)
    }
    func text(_ slot: Int) -> String? {
      guard let r = best[slot], let bytes = table.bytes(r.offset, r.length) else { return nil }
      let name = r.platform == 1 ? FontNames.macRoman(bytes) : FontNames.utf16(bytes)
      return name.isEmpty ? nil : name
    }
    legacyFamily = text(0) ?? ""
    family = text(2) ?? legacyFamily
    style = text(3) ?? text(1) ?? ""
  }

  /// No names.
  init() {}

  init(family: String, legacyFamily: String, style: String) {
    self.family = family
    self.legacyFamily = legacyFamily
    self.style = style
  }

  /// How much a record is preferred (0 best), or nil for one not read:
  /// Windows Unicode (US English, then other English, then any
  /// language), then Macintosh Roman (English first), then Unicode.
  static func rank(platform: Int, encoding: Int, language: Int) -> Int? {
    switch platform {
    case 3 where encoding == 0 || encoding == 1 || encoding == 10:
      return language == 0x409 ? 0 : language & 0xFF == 0x09 ? 1 : 2
    case 1 where encoding == 0:
      return language == 0 ? 3 : 4
    case 0:
      return 5
    default:
      return nil
    }
  }

  /// Big-endian UTF-16 text (an odd last byte is dropped), cleaned.
  static func utf16(_ bytes: [UInt8]) -> String {
    // Most names are printable ASCII: their low bytes are the text.
    var ascii: [UInt8] = []
    ascii.reserveCapacity(bytes.count / 2)
    var k = 0
    while k + 1 < bytes.count && bytes[k] == 0 && bytes[k + 1] >= 0x20 && bytes[k + 1] < 0x7F {
      ascii.append(bytes[k + 1])
      k += 2
    }
    if k + 1 >= bytes.count && ascii.count <= maxLength {
      return String(decoding: ascii, as: UTF8.self).trimmingSpaces()
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var i = 0
    while i + 1 < bytes.count {
      units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
      i += 2
    }
    return clean(String(decoding: units, as: UTF16.self).unicodeScalars)
  }

  /// Mac Roman text, cleaned.
  static func macRoman(_ bytes: [UInt8]) -> String {
    let scalars = bytes.map { b -> Unicode.Scalar in
      let code = b < 0x80 ? UInt32(b) : UInt32(macRomanHigh[Int(b) - 0x80])
      return Unicode.Scalar(code) ?? "\u{FFFD}"
    }
    return clean(scalars)
  }

  /// The text without control, format, surrogate and unassigned
  /// characters, without spaces at its ends, at most `maxLength` long.
  static func clean<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
    var view = String.UnicodeScalarView()
    var count = 0
    for s in scalars where count < maxLength && isShown(s) {
      view.append(s)
      count += 1
    }
    return String(view).trimmingSpaces()
  }

  /// Whether `s` may be shown in a name: printable ASCII (at once), or
  /// any character that is not a control, format, surrogate, private-use
  /// or unassigned one or a line or paragraph separator.
  static func isShown(_ s: Unicode.Scalar) -> Bool {
    if s.value >= 0x20 && s.value < 0x7F { return true }
    switch s.properties.generalCategory {
    case .control, .format, .surrogate, .unassigned, .privateUse, .lineSeparator, .paragraphSeparator: return false
    default: return true
    }
  }

  /// Mac OS Roman's characters 0x80 to 0xFF.
  static let macRomanHigh: [UInt16] = [
    0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7,
    0x00E9, 0x00E8, 0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5,
    0x00FA, 0x00F9, 0x00FB, 0x00FC, 0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9,
    0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8, 0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,
    0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8, 0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248,
    0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153, 0x2013, 0x2014, 0x201C, 0x201D,
    0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02, 0x2021, 0x00B7,
    0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
    0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD,
    0x02DB, 0x02C7,
  ]
}

extension String {
  /// The string without spaces at either end.
  fileprivate func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
