// Kerning: a pair of glyphs in, the first glyph's advance adjustment out.
// It takes the 'GPOS' and 'kern' tables once, finds the pair-adjustment
// lookups of the 'kern' feature for the default language of the Latin and
// default scripts (through Extension lookups too), and keeps their checked
// subtables; without them it keeps the legacy 'kern' table's format 0
// pair lists. A damaged part of either table is passed over: it gives no
// kerning, never an error, since the text can still be drawn.

/// The kerning of a face: pair adjustments from 'GPOS', else from 'kern'.
struct Kerning: Sendable {
  /// The pair-adjustment subtables of each 'kern' lookup, lookups in the
  /// order of the lookup list (the order they apply in).
  let lookups: [[PairAdjustment]]
  /// The legacy table's format 0 subtables: their pair arrays (6 bytes a
  /// pair, sorted by left then right glyph) and pair counts.
  let legacy: [(pairs: FontBytes, count: Int)]

  /// The most subtables kept, so that a damaged or hostile table cannot
  /// make each pair's look-up long (real fonts have a few dozen at most).
  static let maxSubtables = 512
  /// The most feature and lookup indices read while finding the lookups,
  /// against counts that send the reader round the same records.
  static let maxIndices = 1 << 16

  init(gpos: FontBytes?, kern: FontBytes?) {
    lookups = gpos.map(Kerning.kernLookups) ?? []
    legacy = lookups.isEmpty ? kern.map(Kerning.legacyPairs) ?? [] : []
  }

  /// Whether the face kerns at all.
  var isEmpty: Bool { lookups.isEmpty && legacy.isEmpty }

  /// The adjustment of `left`'s advance before `right`, in font units
  /// (negative brings them closer).
  func value(_ left: Int, _ right: Int) -> Int {
    if !lookups.isEmpty {
      var total = 0
      for lookup in lookups {
        for subtable in lookup {
          if let v = subtable.adjustment(left, right) {
            total += v
            break
          }
        }
      }
      return total
    }
    var total = 0
    let key = left << 16 | right
    for (pairs, count) in legacy {
      var lo = 0
      var hi = count
      while lo < hi {
        let mid = (lo + hi) / 2
        guard let k = pairs.u32(6 * mid) else { break }
        if k == key {
          total += pairs.i16(6 * mid + 4) ?? 0
          break
        }
        if k < key { lo = mid + 1 } else { hi = mid }
      }
    }
    return total
  }

  /// The pair-adjustment subtables of the 'kern' feature's lookups for
  /// the default language systems of 'latn' and 'DFLT'.
  static func kernLookups(_ gpos: FontBytes) -> [[PairAdjustment]] {
    guard gpos.u16(0) == 1, let scriptsOffset = gpos.u16(4), let featuresOffset = gpos.u16(6),
      let lookupsOffset = gpos.u16(8), let scripts = gpos.from(scriptsOffset), let features = gpos.from(featuresOffset),
      let lookupList = gpos.from(lookupsOffset), let scriptCount = scripts.u16(0), let featureCount = features.u16(0),
      let lookupCount = lookupList.u16(0)
    else { return [] }
    // The features of the default language system of each wanted script
    // (its first record, if listed twice).
    var featureIndices = Set<Int>()
    var scriptsSeen = Set<Int>()
    var indicesLeft = maxIndices
    for i in 0..<scriptCount {
      guard let tag = scripts.u32(2 + 6 * i), let offset = scripts.u16(2 + 6 * i + 4) else { break }
      guard tag == 0x6C61_746E || tag == 0x4446_4C54,  // 'latn', 'DFLT'
        scriptsSeen.insert(tag).inserted, let script = scripts.from(offset), let langOffset = script.u16(0),
        langOffset != 0, let lang = script.from(langOffset), let required = lang.u16(2), let n = lang.u16(4)
      else { continue }
      if required != 0xFFFF { featureIndices.insert(required) }
      for j in 0..<max(0, min(n, indicesLeft)) {
        guard let f = lang.u16(6 + 2 * j) else { break }
        featureIndices.insert(f)
      }
      indicesLeft -= n
    }
    // Their lookups, when they are 'kern' features.
    var lookupIndices = Set<Int>()
    for f in featureIndices.sorted() where f < featureCount && indicesLeft > 0 {
      guard features.u32(2 + 6 * f) == 0x6B65_726E,  // 'kern'
        let offset = features.u16(2 + 6 * f + 4), let feature = features.from(offset), let n = feature.u16(2)
      else { continue }
      for j in 0..<max(0, min(n, indicesLeft)) {
        guard let l = feature.u16(4 + 2 * j) else { break }
        if l < lookupCount { lookupIndices.insert(l) }
      }
      indicesLeft -= n
    }
    var result: [[PairAdjustment]] = []
    var budget = maxSubtables
    for l in lookupIndices.sorted() {
      guard let offset = lookupList.u16(2 + 2 * l), let lookup = lookupList.from(offset), let type = lookup.u16(0),
        type == 2 || type == 9, let n = lookup.u16(4)
      else { continue }
      var subtables: [PairAdjustment] = []
      for j in 0..<max(0, min(n, budget)) {
        guard let o = lookup.u16(6 + 2 * j), var sub = lookup.from(o) else { break }
        if type == 9 {
          guard sub.u16(0) == 1, sub.u16(2) == 2, let far = sub.u32(4), let extended = sub.from(far) else { continue }
          sub = extended
        }
        if let pair = PairAdjustment(sub) { subtables.append(pair) }
      }
      budget -= n
      if !subtables.isEmpty { result.append(subtables) }
      if budget <= 0 { break }
    }
    return result
  }

  /// The horizontal format 0 subtables of a Microsoft 'kern' table (an
  /// Apple one, version 1.0, is not read).
  static func legacyPairs(_ kern: FontBytes) -> [(pairs: FontBytes, count: Int)] {
    guard kern.u16(0) == 0, let n = kern.u16(2) else { return [] }
    var result: [(pairs: FontBytes, count: Int)] = []
    var at = 4
    for _ in 0..<n {
      guard let length = kern.u16(at + 2), let coverage = kern.u16(at + 4) else { break }
      // The subtable's length is 16 bits and overflows in large tables:
      // the pair count says how far a format 0 subtable really reaches.
      var size = length
      if coverage >> 8 == 0, coverage & 0x7 == 1, let pairs = kern.u16(at + 6) {
        let fits = min(pairs, max(0, (kern.count - at - 14) / 6))
        if let bytes = kern.range(at + 14, 6 * fits) { result.append((bytes, fits)) }
        size = max(length, 14 + 6 * pairs)
      }
      guard size >= 6 else { break }
      at += size
    }
    return result
  }
}
