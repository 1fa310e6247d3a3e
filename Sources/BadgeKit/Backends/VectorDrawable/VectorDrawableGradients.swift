// Gradients for the VectorDrawable writer: a gradient paint and the map
// from its frame to the path's coordinates in, a `<gradient>` element with
// its `<item>` stops out (colours `#AARRGGBB`, offsets in order as SVG
// reads them), padded with the end colours (`clamp`) as the other
// backends pad them.

enum VectorDrawableGradients {
  /// The angle (radians, frame's +x, clockwise on screen) where the sweep
  /// starts: the middle of the angular gradient's gap, where its colour
  /// jumps from the last to the first (its start for a full turn).
  static func sweepStart(_ g: ConicGradient) -> Double {
    g.startAngle - max(0, 2 * Double.pi - (g.endAngle - g.startAngle)) / 2
  }

  /// The `<gradient>` of `paint` (a gradient drawable as it is) whose
  /// frame `toPath` maps into the path's coordinates (a similarity, or
  /// the identity), each line indented by `indent`.
  static func element(_ paint: Paint, _ toPath: Transform, indent: String) -> String {
    let n = SVGText.number
    var attributes: [String]
    var stops: [(Double, RGBA)]
    switch paint {
    case .solid:
      preconditionFailure("a solid colour has no gradient")
    case .linear(let g):
      let (start, end) = g.canvasEnds(toPath) ?? (toPath.apply(g.start), toPath.apply(g.end))
      attributes = [
        "android:type=\"linear\"", "android:startX=\"\(n(start.x))\"", "android:startY=\"\(n(start.y))\"",
        "android:endX=\"\(n(end.x))\"", "android:endY=\"\(n(end.y))\"",
      ]
      stops = g.stops.map { ($0.location, $0.color) }
    case .radial(let g):
      let k = toPath.similarityScale ?? 1
      let centre = toPath.apply(g.center)
      let (r0, r1) = (min(max(0, g.startRadius), g.endRadius), g.endRadius)
      attributes = [
        "android:type=\"radial\"", "android:centerX=\"\(n(centre.x))\"", "android:centerY=\"\(n(centre.y))\"",
        "android:gradientRadius=\"\(n(r1 * k))\"",
      ]
      stops = g.stops.map { ((r0 + $0.location * (r1 - r0)) / r1, $0.color) }
    case .conic(let g):
      let centre = toPath.apply(g.center)
      attributes = [
        "android:type=\"sweep\"", "android:centerX=\"\(n(centre.x))\"", "android:centerY=\"\(n(centre.y))\"",
      ]
      // Offsets are fractions of the turn from the sweep's start; the
      // gap's halves take the end colours.
      let turn = 2 * Double.pi
      let low = sweepStart(g)
      let span = g.endAngle - g.startAngle
      stops = [(0, GradientStop.color(at: 0, g.stops))]
      for s in g.stops {
        let offset = (g.startAngle - low + s.location * span) / turn
        if offset <= 1 { stops.append((offset, s.color)) }
      }
      stops.append((1, GradientStop.color(at: g.t(atAngle: low + turn * (1 - 1e-9)), g.stops)))
    }
    attributes.append("android:tileMode=\"clamp\"")
    var out = indent + "<gradient " + attributes.joined(separator: " ") + ">\n"
    var previous = 0.0
    for (location, colour) in stops {
      let offset = max(previous, min(1, max(0, location)))
      previous = offset
      out += indent + "  <item android:offset=\"\(n(offset))\" android:color=\"\(argb(colour))\"/>\n"
    }
    return out + indent + "</gradient>\n"
  }

  /// `#AARRGGBB`, Android's colour with alpha.
  static func argb(_ c: RGBA) -> String {
    let alpha = Int((min(1, max(0, c.a)) * 255).rounded())
    let digits = Array("0123456789abcdef")
    return "#" + String([digits[alpha >> 4], digits[alpha & 15]]) + SVGText.hex(c).dropFirst()
  }
}
