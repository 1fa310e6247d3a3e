// The pieces of an OpenType pair-adjustment (GPOS lookup type 2) subtable:
// coverage tables, class definitions and the subtable itself. It takes a
// subtable's bytes, checks its arrays fit once, and hands on a look-up of
// the first glyph's horizontal advance adjustment for a pair, by binary
// search in the file's bytes.

/// A coverage table: which glyphs a subtable applies to, each with its
/// index into the subtable's arrays.
struct Coverage: Sendable {
  let bytes: FontBytes
  /// 1: a sorted glyph array; 2: sorted ranges of glyphs.
  let format: Int
  /// Glyphs (format 1) or ranges (format 2).
  let count: Int

  /// nil when the table is damaged or of an unknown format.
  init?(_ bytes: FontBytes) {
    guard let format = bytes.u16(0), let count = bytes.u16(2) else { return nil }
    let size = format == 1 ? 2 : format == 2 ? 6 : 0
    guard size > 0, bytes.contains(4, size * count) else { return nil }
    (self.bytes, self.format, self.count) = (bytes, format, count)
  }

  /// The coverage index of `glyph`, or nil when it is not covered.
  func index(of glyph: Int) -> Int? {
    var lo = 0
    var hi = count
    if format == 1 {
      while lo < hi {
        let mid = (lo + hi) / 2
        guard let g = bytes.u16(4 + 2 * mid) else { return nil }
        if g == glyph { return mid }
        if g < glyph { lo = mid + 1 } else { hi = mid }
      }
      return nil
    }
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let end = bytes.u16(4 + 6 * mid + 2) else { return nil }
      if end < glyph { lo = mid + 1 } else { hi = mid }
    }
    guard lo < count, let start = bytes.u16(4 + 6 * lo), start <= glyph, let first = bytes.u16(4 + 6 * lo + 4) else {
      return nil
    }
    return first + glyph - start
  }
}

/// A class definition table: each glyph's class, 0 for glyphs not listed.
struct ClassDefinition: Sendable {
  let bytes: FontBytes
  /// 1: classes of a run of glyphs; 2: sorted ranges with a class each.
  let format: Int
  /// Format 1: the first glyph of the run.
  let startGlyph: Int
  /// Glyphs (format 1) or ranges (format 2).
  let count: Int

  init?(_ bytes: FontBytes) {
    guard let format = bytes.u16(0) else { return nil }
    if format == 1 {
      guard let start = bytes.u16(2), let n = bytes.u16(4), bytes.contains(6, 2 * n) else { return nil }
      (self.startGlyph, self.count) = (start, n)
    } else if format == 2 {
      guard let n = bytes.u16(2), bytes.contains(4, 6 * n) else { return nil }
      (self.startGlyph, self.count) = (0, n)
    } else {
      return nil
    }
    (self.bytes, self.format) = (bytes, format)
  }

  func `class`(of glyph: Int) -> Int {
    if format == 1 {
      let i = glyph - startGlyph
      guard i >= 0, i < count else { return 0 }
      return bytes.u16(6 + 2 * i) ?? 0
    }
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let end = bytes.u16(4 + 6 * mid + 2) else { return 0 }
      if end < glyph { lo = mid + 1 } else { hi = mid }
    }
    guard lo < count, let start = bytes.u16(4 + 6 * lo), start <= glyph else { return 0 }
    return bytes.u16(4 + 6 * lo + 4) ?? 0
  }
}

/// One pair-adjustment subtable (PairPos format 1 or 2), checked.
struct PairAdjustment: Sendable {
  let bytes: FontBytes
  let coverage: Coverage
  /// Where the first glyph's XAdvance lies in a pair's value records, in
  /// bytes, or nil when the records have none.
  let advanceOffset: Int?
  /// The size of a pair's two value records, in bytes.
  let recordSize: Int
  /// Format 1: how many pair sets.
  let pairSets: Int
  /// Format 2: the two class definitions and the class counts.
  let classes: (first: ClassDefinition, second: ClassDefinition, firstCount: Int, secondCount: Int)?

  /// nil when the subtable is damaged or of an unknown format.
  init?(_ bytes: FontBytes) {
    guard let format = bytes.u16(0), let coverageOffset = bytes.u16(2), let format1 = bytes.u16(4),
      let format2 = bytes.u16(6), let covered = bytes.from(coverageOffset), let coverage = Coverage(covered)
    else { return nil }
    self.bytes = bytes
    self.coverage = coverage
    advanceOffset = format1 & 4 != 0 ? 2 * (format1 & 3).nonzeroBitCount : nil
    recordSize = 2 * (format1 & 0xFF).nonzeroBitCount + 2 * (format2 & 0xFF).nonzeroBitCount
    switch format {
    case 1:
      guard let n = bytes.u16(8), bytes.contains(10, 2 * n) else { return nil }
      pairSets = n
      classes = nil
    case 2:
      guard let o1 = bytes.u16(8), let o2 = bytes.u16(10), let n1 = bytes.u16(12), let n2 = bytes.u16(14),
        let d1 = bytes.from(o1).flatMap(ClassDefinition.init), let d2 = bytes.from(o2).flatMap(ClassDefinition.init),
        bytes.contains(16, n1 * n2 * recordSize)
      else { return nil }
      pairSets = 0
      classes = (d1, d2, n1, n2)
    default:
      return nil
    }
  }

  /// The adjustment of the pair's first advance, in font units, or nil
  /// when the subtable does not apply to the pair (so the lookup's next
  /// subtable is tried). A pair the subtable lists without an XAdvance
  /// applies with 0.
  func adjustment(_ left: Int, _ right: Int) -> Int? {
    guard let index = coverage.index(of: left) else { return nil }
    if let classes {
      let c1 = classes.first.class(of: left)
      let c2 = classes.second.class(of: right)
      guard c1 < classes.firstCount, c2 < classes.secondCount else { return nil }
      guard let advanceOffset else { return 0 }
      return bytes.i16(16 + (c1 * classes.secondCount + c2) * recordSize + advanceOffset) ?? 0
    }
    guard index < pairSets, let setOffset = bytes.u16(10 + 2 * index), let set = bytes.from(setOffset),
      let n = set.u16(0)
    else { return nil }
    let size = 2 + recordSize
    var lo = 0
    var hi = n
    while lo < hi {
      let mid = (lo + hi) / 2
      guard let second = set.u16(2 + size * mid) else { return nil }
      if second == right {
        guard let advanceOffset else { return 0 }
        return set.i16(2 + size * mid + 2 + advanceOffset) ?? 0
      }
      if second < right { lo = mid + 1 } else { hi = mid }
    }
    return nil
  }
}
