// Choosing a face: the faces of a catalog and a request in, one face out.
// Family names are compared ignoring case, spaces, hyphens and underscores;
// among a family's faces the slant is matched first, then the width (the
// normal width, else the nearest narrower, else the nearest wider), then
// the weight by the CSS Fonts Level 4 font-matching rules.

/// The rules that pick a face for a request.
enum FontMatching {
  /// `name` lowercased, without spaces, hyphens and underscores: the form
  /// in which family names are compared ("DejaVu Sans" = "dejavu-sans").
  static func key(_ name: String) -> String {
    // ASCII names (nearly all) byte by byte; others through Unicode's lower case.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    for b in name.utf8 {
      guard b < 0x80 else {
        return String(
          name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" }.map(Character.init))
      }
      if b == 0x20 || b == 0x2D || b == 0x5F { continue }
      bytes.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The face among `faces` (one family's) that best matches `weight` and
  /// `italic`; ties go to the first in `faces`' order. nil when `faces` is
  /// empty.
  static func best(_ faces: [FontFace], weight: Int, italic: Bool) -> FontFace? {
    // Slant: the faces that match it, if any.
    var candidates = faces.filter { $0.isItalic == italic }
    if candidates.isEmpty { candidates = faces }
    // Width: normal (5), else narrower from the nearest, else wider.
    let widths = Set(candidates.map(\.width))
    let width = widths.contains(5) ? 5 : widths.filter { $0 < 5 }.max() ?? widths.filter { $0 > 5 }.min()
    candidates = candidates.filter { $0.width == width }
    // Weight.
    guard let w = bestWeight(Set(candidates.map(\.weight)), desired: weight) else { return nil }
    return candidates.first { $0.weight == w }
  }

  /// The weight chosen among `available` for `desired`, by CSS Fonts 4
  /// §5.2: for 400 to 500, the weight itself, then heavier ones up to 500
  /// ascending, then lighter ones descending, then heavier ones past 500
  /// ascending; below 400, lighter or equal ones descending, then heavier
  /// ascending; above 500, heavier or equal ones ascending, then lighter
  /// descending.
  static func bestWeight(_ available: Set<Int>, desired: Int) -> Int? {
    let lighter = available.filter { $0 < desired }.max()
    let heavier = available.filter { $0 > desired }.min()
    if available.contains(desired) { return desired }
    if desired >= 400 && desired <= 500 {
      if let w = available.filter({ $0 > desired && $0 <= 500 }).min() { return w }
      return lighter ?? heavier
    }
    if desired < 400 { return lighter ?? heavier }
    return heavier ?? lighter
  }
}
