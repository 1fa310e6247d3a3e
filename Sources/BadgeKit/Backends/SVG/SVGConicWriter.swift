// Writing a conic gradient's fill: a `<g mask>` of the shape (filled, or
// stroked with its own stroke attributes, in white) around the wedges of
// `SVGConic`, opaque and overlapping. Alpha that changes round the turn is
// drawn as grey wedges in a mask of their own (luminance is the alpha), so
// that overlapping wedges never add up their translucency.

extension SVGWriter.State {
  /// `f`, painted with the conic gradient `g`, as lines at `indent`.
  mutating func conic(_ f: Fill, _ g: ConicGradient, indent: String, whiten: Bool) -> String {
    let span = g.endAngle - g.startAngle
    let first = g.stops.first?.color ?? RGBA(r: 0, g: 0, b: 0, a: 0)
    let same = g.stops.allSatisfy { $0.color == first }
    func plain(_ c: RGBA) -> String {
      var solid = f
      solid.paint = .solid(c)
      return indent + element(solid, whiten: whiten) + "\n"
    }
    // One colour all round: a plain fill.
    if same || !(span > 0) || !span.isFinite { return plain(GradientStop.color(at: 1, g.stops)) }
    let alphaVaries = g.stops.contains { $0.color.a != first.a }
    let rgbVaries =
      !whiten && g.stops.contains { $0.color.r != first.r || $0.color.g != first.g || $0.color.b != first.b }
    if !alphaVaries && !rgbVaries { return plain(RGBA(r: 1, g: 1, b: 1, a: first.a)) }
    guard let box = SVGBox.of(f), let geometry = SVGConicGeometry(center: g.center, transform: f.transform, box: box)
    else { return "" }

    let opacity = f.opacity
    let conic = SVGConic(g) { a, b in
      let rgb = rgbVaries ? max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) : 0
      return max(rgb, alphaVaries ? abs(a.a - b.a) * opacity : 0)
    }
    let region = box.grown(1, 1)
    /// The shape in white with `alpha`, as a mask's id.
    func shapeMask(_ alpha: Double, _ state: inout SVGWriter.State) -> String {
      var white = f
      white.paint = .solid(RGBA(r: 1, g: 1, b: 1, a: alpha))
      white.opacity = 1
      return state.defineMask(region, "      " + state.element(white, whiten: true) + "\n")
    }
    func grey(_ c: RGBA) -> String {
      let v = min(1, max(0, c.a * opacity))
      return SVGText.hex(RGBA(r: v, g: v, b: v))
    }

    // The alpha: the shape's, times the gradient's round the turn.
    var alphaMask: String
    if alphaVaries {
      let shape = shapeMask(1, &self)
      let inner = Self.deeper(indent)
      let wedges = wedgeLines(conic, geometry, indent: whiten ? inner : "        ", colour: grey)
      if whiten { return indent + "<g mask=\"url(#\(shape))\">\n" + wedges + indent + "</g>\n" }
      let content = "      <g mask=\"url(#\(shape))\">\n" + wedges + "      </g>\n"
      alphaMask = defineMask(region, content)
    } else {
      alphaMask = shapeMask(first.a * opacity, &self)
    }
    let wedges = wedgeLines(conic, geometry, indent: Self.deeper(indent)) { SVGText.hex($0) }
    return indent + "<g mask=\"url(#\(alphaMask))\"\(source(f, whiten))>\n" + wedges + indent + "</g>\n"
  }

  /// The wedges as `<path>` lines at `indent`, painted `colour(c)`; the
  /// second half turn in a group clipped to its half of the plane, so
  /// that no strip of overlap reaches over the seam onto the first
  /// wedges (drawn before it). Neighbours of one colour are joined (up to
  /// `SVGConic.widest`).
  mutating func wedgeLines(
    _ conic: SVGConic, _ geometry: SVGConicGeometry, indent: String, colour: (RGBA) -> String
  ) -> String {
    var out = ""
    func add(_ range: Range<Int>, _ indent: String) {
      var i = range.lowerBound
      while i < range.upperBound {
        let paint = colour(conic.wedges[i].color)
        var j = i + 1
        while j < range.upperBound && conic.wedges[j].to - conic.wedges[i].from <= SVGConic.widest
          && colour(conic.wedges[j].color) == paint
        {
          j += 1
        }
        let path = geometry.wedge(from: conic.wedges[i].from, to: conic.wedges[j - 1].to, backward: i == 0)
        out += indent + "<path d=\"\(path.svgData(.identity))\" fill=\"\(paint)\"/>\n"
        i = j
      }
    }
    add(0..<conic.split, indent)
    let half = geometry.halfPlane(from: conic.low + Double.pi)
    var rest = " clipPathUnits=\"userSpaceOnUse\">\n"
    rest += "      <path d=\"\(half.svgData(.identity))\"/>\n"
    rest += "    </clipPath>\n"
    out += indent + "<g clip-path=\"url(#\(define("c", "clipPath", rest)))\">\n"
    add(conic.split..<conic.wedges.count, Self.deeper(indent))
    out += indent + "</g>\n"
    return out
  }
}
