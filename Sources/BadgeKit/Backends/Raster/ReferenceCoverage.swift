// The plain reference for Coverage.swift: for every pixel, each closed
// subpath is clipped to the pixel's square (Sutherland–Hodgman) and the
// signed area of what is left is added up (shoelace). That is the winding
// number integrated over the pixel, by a different road than accumulation.
// Slow (every pixel × every edge) and obviously right: tests only.

/// The reference coverage: clip every pixel, sum shoelace areas (tests only).
enum ReferenceCoverage {
  /// The accumulated winding area of every pixel of a `width` × `height`
  /// canvas, row-major, for the closed polygons made of `edges` (consecutive
  /// edges chain; a jump starts a new polygon).
  static func areas(_ edges: [Edge], width: Int, height: Int) -> [Float] {
    let polygons = chain(edges)
    var out = [Float](repeating: 0, count: width * height)
    for py in 0..<height {
      for px in 0..<width {
        var sum = 0.0
        for polygon in polygons {
          sum += signedArea(clip(polygon, Double(px), Double(py)))
        }
        out[py * width + px] = Float(sum)
      }
    }
    return out
  }

  /// Splits edges into closed polygons (lists of vertices).
  static func chain(_ edges: [Edge]) -> [[(Double, Double)]] {
    var polygons: [[(Double, Double)]] = []
    var current: [(Double, Double)] = []
    for e in edges {
      if let last = current.last, last != (Double(e.x0), Double(e.y0)) {
        polygons.append(current)
        current = []
      }
      if current.isEmpty { current.append((Double(e.x0), Double(e.y0))) }
      current.append((Double(e.x1), Double(e.y1)))
    }
    if !current.isEmpty { polygons.append(current) }
    return polygons
  }

  /// The polygon clipped to the square [px, px+1] × [py, py+1].
  static func clip(_ polygon: [(Double, Double)], _ px: Double, _ py: Double) -> [(Double, Double)] {
    var p = polygon
    // Each side: keep points where f(point) >= 0.
    let sides: [((Double, Double)) -> Double] = [
      { $0.0 - px }, { px + 1 - $0.0 }, { $0.1 - py }, { py + 1 - $0.1 },
    ]
    for inside in sides {
      guard !p.isEmpty else { break }
      var out: [(Double, Double)] = []
      for i in 0..<p.count {
        let a = p[i]
        let b = p[(i + 1) % p.count]
        let fa = inside(a)
        let fb = inside(b)
        if fa >= 0 { out.append(a) }
        if (fa >= 0) != (fb >= 0) {
          let t = fa / (fa - fb)
          out.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
        }
      }
      p = out
    }
    return p
  }

  /// Shoelace area (the sign is the opposite of the accumulator's; the fill
  /// rules look at magnitudes only).
  static func signedArea(_ p: [(Double, Double)]) -> Double {
    guard p.count >= 3 else { return 0 }
    var s = 0.0
    for i in 0..<p.count {
      let a = p[i]
      let b = p[(i + 1) % p.count]
      s += a.0 * b.1 - b.0 * a.1
    }
    return s / 2
  }
}
