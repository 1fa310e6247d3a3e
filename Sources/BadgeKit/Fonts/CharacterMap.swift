// The 'cmap' table: characters to glyphs. It takes the table's bytes, picks
// one Unicode subtable once (a full-repertoire format 12 first, then a
// format 4 for the Basic Multilingual Plane, then a symbol font's format 4),
// checks its arrays fit, and hands on a lookup that is one binary search in
// the file's bytes per character.

/// The subtable of 'cmap' chosen for reading, with its array offsets
/// checked once; `glyph(for:)` maps a Unicode scalar to a glyph index
/// (0, .notdef, when the font has none for it).
struct CharacterMap: Sendable {
  /// How the chosen subtable is laid out.
  enum Layout: Sendable {
    /// Format 4: `segments` segments of 16-bit codes; the subtable's
    /// bytes from its start to the end of 'cmap' (format 4's own length
    /// field overflows in large fonts, so it is not trusted).
    case segments(FontBytes, segments: Int)
    /// Format 12: `groups` sequential groups of 32-bit codes.
    case groups(FontBytes, groups: Int)
  }

  let layout: Layout
  /// Whether this is a Windows symbol subtable, whose characters are
  /// U+F020–F0FF: U+0020–00FF are looked up there too.
  let symbol: Bool
  /// Glyph indices past this are treated as missing.
  let numGlyphs: Int

  init(_ table: FontBytes, numGlyphs: Int) throws(FontError) {
    self.numGlyphs = numGlyphs
    guard let count = table.u16(2) else { throw .truncated("cmap") }
    var best: (rank: Int, offset: Int, format: Int)?
    for i in 0..<count {
      let at = 4 + 8 * i
      guard let platform = table.u16(at), let encoding = table.u16(at + 2), let offset = table.u32(at + 4) else {
        throw .truncated("cmap")
      }
      guard let format = table.u16(offset),
        let rank = CharacterMap.rank(platform: platform, encoding: encoding, format: format)
      else { continue }
      if let b = best, b.rank <= rank { continue }
      best = (rank, offset, format)
    }
    guard let best, let sub = table.from(best.offset) else {
      throw FontError(message: "the font maps no Unicode characters (no 'cmap' subtable of format 4 or 12)")
    }
    symbol = best.rank == 3
    if best.format == 4 {
      guard let doubled = sub.u16(6) else { throw .truncated("cmap") }
      let n = doubled / 2
      guard n >= 1, sub.contains(0, 16 + 8 * n) else {
        throw .badTable("cmap", "format 4 lists \(n) segments in \(sub.count) bytes")
      }
      layout = .segments(sub, segments: n)
    } else {
      guard let n = sub.u32(12) else { throw .truncated("cmap") }
      guard sub.contains(16, 12 * n) else {
        throw .badTable("cmap", "format 12 lists \(n) groups in \(sub.count) bytes")
      }
      layout = .groups(sub, groups: n)
    }
  }

  /// How much a subtable is preferred (0 best), or nil for one not read.
  static func rank(platform: Int, encoding: Int, format: Int) -> Int? {
    let unicode = platform == 0 || platform == 3 && (encoding == 1 || encoding == 10)
    switch format {
    case 12 where unicode: return platform == 3 && encoding == 10 || platform == 0 && encoding >= 4 ? 0 : 1
    case 4 where unicode: return 2
    case 4 where platform == 3 && encoding == 0: return 3
    default: return nil
    }
  }

  /// The glyph for `scalar`, 0 when there is none.
  func glyph(for scalar: UInt32) -> Int {
    let g = lookUp(scalar)
    if g == 0 && symbol && scalar >= 0x20 && scalar <= 0xFF { return lookUp(0xF000 + scalar) }
    return g
  }

  private func lookUp(_ c: UInt32) -> Int {
    let g: Int
    switch layout {
    case .segments(let sub, let n): g = CharacterMap.segmentGlyph(sub, n, Int(c))
    case .groups(let sub, let n): g = CharacterMap.groupGlyph(sub, n, Int(c))
    }
    return g < numGlyphs ? g : 0
  }

  /// Format 4: the first segment whose end is at or past `c`, then its
  /// delta or its slice of the glyph array.
  private static func segmentGlyph(_ sub: FontBytes, _ n: Int, _ c: Int) -> Int {
    guard c <= 0xFFFF else { return 0 }
    var lo = 0
    var hi = n
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let end = sub.u16(14 + 2 * mid) else { return 0 }
      if end < c { lo = mid + 1 } else { hi = mid }
    }
    guard lo < n, let start = sub.u16(16 + 2 * n + 2 * lo), start <= c,
      let delta = sub.u16(16 + 4 * n + 2 * lo), let rangeOffset = sub.u16(16 + 6 * n + 2 * lo)
    else { return 0 }
    if rangeOffset == 0 { return (c + delta) & 0xFFFF }
    guard let g = sub.u16(16 + 6 * n + 2 * lo + rangeOffset + 2 * (c - start)), g != 0 else { return 0 }
    return (g + delta) & 0xFFFF
  }

  /// Format 12: the group holding `c`.
  private static func groupGlyph(_ sub: FontBytes, _ n: Int, _ c: Int) -> Int {
    var lo = 0
    var hi = n
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let end = sub.u32(16 + 12 * mid + 4) else { return 0 }
      if end < c { lo = mid + 1 } else { hi = mid }
    }
    guard lo < n, let start = sub.u32(16 + 12 * lo), start <= c, let first = sub.u32(16 + 12 * lo + 8) else {
      return 0
    }
    return first + (c - start)
  }
}
