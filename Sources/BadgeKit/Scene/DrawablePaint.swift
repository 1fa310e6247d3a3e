// Paints as the vector backends that cannot say "nothing" for a degenerate
// gradient write them: a gradient of no extent, or one whose frame a map
// flattens, is its last colour (as SVG and the rasterizer paint it).

extension Paint {
  /// The paint as drawn through `t` (its frame onto the canvas or page):
  /// the gradient itself, or its last colour when it has no extent there.
  func drawable(through t: Transform) -> Paint {
    let last = Paint.solid(GradientStop.color(at: 1, stops))
    switch self {
    case .solid: return self
    case _ where t.inverted == nil: return last
    case .linear(let g):
      let (dx, dy) = (g.end.x - g.start.x, g.end.y - g.start.y)
      return dx * dx + dy * dy > 0 ? self : last
    case .radial(let g):
      return g.endRadius > g.startRadius && g.endRadius.isFinite ? self : last
    case .conic(let g):
      return g.endAngle > g.startAngle ? self : last
    }
  }

  /// A gradient's stops (none for a solid colour).
  var stops: [GradientStop] {
    switch self {
    case .solid: return []
    case .linear(let g): return g.stops
    case .radial(let g): return g.stops
    case .conic(let g): return g.stops
    }
  }
}
