// Blend modes as the scene holds them: SwiftUI's `.blendMode(…)` modes that
// SVG's `mix-blend-mode` (and PDF's `/BM`) can say, with the W3C
// Compositing and Blending formulas on straight sRGB colours. The layout
// makes them; the SVG writer names them in CSS, the PDF writer in PDF, the
// rasterizer composites a layer onto what is behind it through `blend`.

extension SceneNode {
  /// Whether any of `nodes`, or any node inside them, blends with what is
  /// behind it.
  static func anyBlends(_ nodes: [SceneNode]) -> Bool {
    nodes.contains { n in
      if case .blend = n { return true }
      return anyBlends(n.children)
    }
  }
}

extension Scene {
  /// Whether any node blends with what is behind it.
  public var hasBlend: Bool { SceneNode.anyBlends(nodes) }
}

/// How a view's colours mix with what is drawn behind it (its backdrop),
/// before the view is drawn over it: B(Cb, Cs) of the W3C's Compositing and
/// Blending Level 1, on straight (not premultiplied) sRGB channels 0…1. The
/// cases are SwiftUI's `BlendMode` names, less `normal` (no blend), the
/// Porter–Duff ones and `plusDarker`/`plusLighter`, which SVG cannot say.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
  case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
  case exclusion, hue, saturation, color, luminosity

  /// CSS's `mix-blend-mode` keyword.
  public var css: String {
    switch self {
    case .colorDodge: return "color-dodge"
    case .colorBurn: return "color-burn"
    case .softLight: return "soft-light"
    case .hardLight: return "hard-light"
    default: return rawValue
    }
  }

  /// PDF's `/BM` name.
  public var pdf: String {
    switch self {
    case .colorDodge: return "ColorDodge"
    case .colorBurn: return "ColorBurn"
    case .softLight: return "SoftLight"
    case .hardLight: return "HardLight"
    default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }

  /// B(cb, cs): the blended colour of backdrop `cb` and source `cs`.
  public func blend(_ cb: (Double, Double, Double), _ cs: (Double, Double, Double)) -> (Double, Double, Double) {
    func each(_ f: (Double, Double) -> Double) -> (Double, Double, Double) {
      (f(cb.0, cs.0), f(cb.1, cs.1), f(cb.2, cs.2))
    }
    switch self {
    case .multiply: return each { $0 * $1 }
    case .screen: return each(BlendMode.screen)
    case .overlay: return each { BlendMode.hardLight(cs: $0, cb: $1) }
    case .darken: return each { min($0, $1) }
    case .lighten: return each { max($0, $1) }
    case .colorDodge:
      return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
    case .colorBurn:
      return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
    case .hardLight: return each { BlendMode.hardLight(cs: $1, cb: $0) }
    case .softLight:
      return each { b, s in
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
      }
    case .difference: return each { abs($0 - $1) }
    case .exclusion: return each { $0 + $1 - 2 * $0 * $1 }
    case .hue: return BlendMode.setLum(BlendMode.setSat(cs, BlendMode.sat(cb)), BlendMode.lum(cb))
    case .saturation: return BlendMode.setLum(BlendMode.setSat(cb, BlendMode.sat(cs)), BlendMode.lum(cb))
    case .color: return BlendMode.setLum(cs, BlendMode.lum(cb))
    case .luminosity: return BlendMode.setLum(cb, BlendMode.lum(cs))
    }
  }

  static func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }

  static func hardLight(cs s: Double, cb b: Double) -> Double {
    s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1)
  }

  // The non-separable modes' helpers, with the specification's weights.
  static func lum(_ c: (Double, Double, Double)) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  static func clipColor(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
    let l = lum(c)
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    var c = c
    if n < 0 {
      let k = l - n
      c = (l + (c.0 - l) * l / k, l + (c.1 - l) * l / k, l + (c.2 - l) * l / k)
    }
    if x > 1 {
      let k = x - l
      c = (l + (c.0 - l) * (1 - l) / k, l + (c.1 - l) * (1 - l) / k, l + (c.2 - l) * (1 - l) / k)
    }
    return c
  }

  static func setLum(_ c: (Double, Double, Double), _ l: Double) -> (Double, Double, Double) {
    let d = l - lum(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
  }

  static func sat(_ c: (Double, Double, Double)) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  /// `c` with its largest channel less its smallest made `s`, the middle
  /// one in proportion, the order of the channels kept.
  static func setSat(_ c: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
    var v = [c.0, c.1, c.2]
    let order = [0, 1, 2].sorted { v[$0] < v[$1] }
    let (lo, mid, hi) = (order[0], order[1], order[2])
    if v[hi] > v[lo] {
      v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
      v[hi] = s
    } else {
      v[mid] = 0
      v[hi] = 0
    }
    v[lo] = 0
    return (v[0], v[1], v[2])
  }

  /// Premultiplied source `s` (alpha `sa`) blended onto premultiplied
  /// backdrop `b` (alpha `ba`), channels 0…1: the W3C's
  /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs).
  public func composite(
    _ s: (Double, Double, Double), _ sa: Double, onto b: (Double, Double, Double), _ ba: Double
  ) -> (r: Double, g: Double, b: Double, a: Double) {
    guard sa > 0 else { return (b.0, b.1, b.2, ba) }
    guard ba > 0 else { return (s.0, s.1, s.2, sa) }
    let mixed = blend((b.0 / ba, b.1 / ba, b.2 / ba), (s.0 / sa, s.1 / sa, s.2 / sa))
    let (ks, kb, k) = (1 - ba, 1 - sa, sa * ba)
    return (
      s.0 * ks + b.0 * kb + k * mixed.0, s.1 * ks + b.1 * kb + k * mixed.1, s.2 * ks + b.2 * kb + k * mixed.2,
      sa + ba * (1 - sa)
    )
  }
}
