// Transforms for the SVG writer: which maps scale every direction alike
// (a stroke or a circle drawn through one stays a stroke or a circle of
// the canvas), and `matrix(…)` for the others, whose entries three
// decimals must carry.

extension Transform {
  /// The largest and smallest factor by which the map stretches a length
  /// (the singular values of its linear part).
  var svgStretches: (max: Double, min: Double) {
    let e = a * a + b * b + c * c + d * d
    let det = abs(a * d - b * c)
    let root = max(0, e * e - 4 * det * det).squareRoot()
    let high = ((e + root) / 2).squareRoot()
    return (high, high > 0 ? det / high : 0)
  }

  /// The factor of a map that stretches every direction alike (a uniform
  /// scale with a rotation, mirrored or not), within `tolerance` of the
  /// larger stretch; nil for any other map.
  func svgUniformScale(tolerance: Double = 1e-9) -> Double? {
    let p = a * a + b * b
    let q = c * c + d * d
    let s2 = max(p, q)
    guard s2 > 0, s2.isFinite else { return nil }
    guard abs(p - q) <= 2 * tolerance * s2, abs(a * c + b * d) <= tolerance * s2 else { return nil }
    return ((p + q) / 2).squareRoot()
  }
}

/// A map that is not uniform, as the `matrix(a b c d e f)` the writer
/// writes for it. The written space is the frame scaled by about `scale`
/// (so the matrix's entries are at most about 1 and three decimals hold
/// them to 0.05%); points are carried into it through the inverse of the
/// matrix as written, so they land exactly where the map puts them, and
/// only the shape of a stroke's pen (and dash lengths) take the entries'
/// rounding.
struct SVGMatrix {
  /// The matrix as written, every entry rounded to three decimals: from
  /// the written space to the outer one (the canvas).
  let written: Transform
  /// The map's largest stretch: lengths of the frame times this are
  /// lengths of the written space.
  let scale: Double
  /// From the outer space into the written one (the inverse of `written`).
  let inward: Transform

  /// Nil when the map (nearly) flattens the plane: the written matrix
  /// would have no inverse.
  init?(_ t: Transform) {
    let high = t.svgStretches.max
    guard high > 0, high.isFinite, abs(t.tx) < 1e12, abs(t.ty) < 1e12 else { return nil }
    func rounded(_ x: Double) -> Double { (x * 1000).rounded(.toNearestOrAwayFromZero) / 1000 }
    let m = Transform(
      a: rounded(t.a / high), b: rounded(t.b / high), c: rounded(t.c / high), d: rounded(t.d / high),
      tx: rounded(t.tx), ty: rounded(t.ty))
    guard abs(m.a * m.d - m.b * m.c) >= 1e-6, let inverse = m.inverted else { return nil }
    written = m
    scale = high
    inward = inverse
  }

  /// `matrix(a b c d e f)`.
  var text: String {
    let m = written
    let entries = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(SVGText.number)
    return "matrix(" + entries.joined(separator: " ") + ")"
  }
}
