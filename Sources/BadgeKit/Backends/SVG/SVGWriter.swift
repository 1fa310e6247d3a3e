// The SVG backend: a `Scene` in, SVG text out. Paths are written in canvas
// coordinates; a path drawn several times with the same scale (the
// repeated symbol) is defined once and placed with `<use>` when that is
// shorter. Gradients are in `userSpaceOnUse`; a lone fill's opacity becomes
// `fill-opacity` (no layer), a group's becomes `<g opacity>`.

/// Writes one scene as an SVG document.
public struct SVGWriter {
  public init() {}

  public func write(_ scene: Scene) -> String { write(scene, limit: .max)! }

  /// The SVG of `scene`, or nil when it would be longer than `limit` bytes:
  /// known at once when its paths alone must take more (at least four
  /// bytes a segment), else as soon as the text written passes the limit.
  public func write(_ scene: Scene, limit: Int) -> String? {
    let fills = scene.fills
    let plan = ReusePlan(fills)
    var least = 0
    for f in fills {
      let shared = ReusePlan.candidate(f).map { plan.index[$0] != nil } ?? false
      least += shared ? 30 : 20 + 4 * f.path.elements.count
      if least > limit { return nil }
    }
    var state = State(plan: plan, limit: limit)
    var body = ""
    state.write(scene.nodes, indent: "  ", into: &body)
    if state.overflowed { return nil }

    let w = SVGText.number(scene.size.width)
    let h = SVGText.number(scene.size.height)
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\""
    if !state.plan.shared.isEmpty { out += " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" }
    out += " width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
    out += "  <title>\(SVGText.escaped(scene.name))</title>\n"
    if !state.defs.isEmpty || !state.plan.shared.isEmpty {
      out += "  <defs>\n"
      for (i, s) in state.plan.shared.enumerated() {
        out += "    <path id=\"p\(i)\" d=\"\(s.path.svgData(.scale(s.scale, s.scale)))\"/>\n"
      }
      out += state.defs
      out += "  </defs>\n"
    }
    out += body
    out += "</svg>\n"
    return out.utf8.count <= limit ? out : nil
  }

  /// Which (path, scale) pairs are defined once and reused.
  struct ReusePlan {
    struct Shared: Hashable {
      var path: ScenePath
      /// Scale key: the similarity scale in billionths.
      var key: Int64
      /// The scale itself, baked into the shared definition (not part of
      /// the identity: copies differing in the last bits share).
      var scale: Double

      static func == (l: Shared, r: Shared) -> Bool { l.key == r.key && l.path == r.path }
      func hash(into h: inout Hasher) {
        h.combine(key)
        h.combine(path)
      }
    }
    var shared: [Shared] = []
    var index: [Shared: Int] = [:]

    init(_ fills: [Fill]) {
      var counts: [Shared: Int] = [:]
      var order: [Shared] = []
      for f in fills {
        guard let s = ReusePlan.candidate(f) else { continue }
        if counts[s] == nil { order.append(s) }
        counts[s, default: 0] += 1
      }
      for s in order where counts[s]! > 1 {
        // Reuse only where it makes the file smaller.
        let n = counts[s]!
        let inline = s.path.svgData(.identity).utf8.count + 12
        let defined = inline + n * 60
        if defined < n * inline {
          index[s] = shared.count
          shared.append(s)
        }
      }
    }

    /// A solid fill under a rotation-and-scale map can be a `<use>`.
    static func candidate(_ f: Fill) -> Shared? {
      // (The layout keeps scales far below 9e9, where the key would
      // overflow; a scale past that is simply not shared.)
      guard case .solid = f.paint, let s = f.transform.similarityScale, s < 9e9 else { return nil }
      return Shared(path: f.path, key: Int64((s * 1e9).rounded()), scale: s)
    }
  }

  /// Writing state: the reuse plan and the gradient definitions so far.
  struct State {
    let plan: ReusePlan
    /// The most bytes the document may take.
    let limit: Int
    var defs = ""
    var gradientCount = 0
    /// Whether the body and definitions passed `limit` (writing stopped).
    var overflowed = false

    mutating func write(_ nodes: [SceneNode], indent: String, into out: inout String) {
      for node in nodes {
        if out.utf8.count + defs.utf8.count > limit { overflowed = true }
        if overflowed { return }
        switch node {
        case .fill(let f):
          out += indent + element(f) + "\n"
        case .layer(let opacity, let children):
          out += indent + "<g opacity=\"\(SVGText.number(opacity))\">\n"
          // Indentation stops growing past 32 levels: deep groups stay
          // readable without making the file quadratic in their depth.
          write(children, indent: indent.count < 66 ? indent + "  " : indent, into: &out)
          out += indent + "</g>\n"
        case .clip, .mask, .shadow, .blur:
          write(node.children, indent: indent, into: &out)
        }
      }
    }

    mutating func element(_ f: Fill) -> String {
      let attributes = paintAttributes(f)
      if let key = ReusePlan.candidate(f), let i = plan.index[key] {
        let t = f.transform
        var transform = "translate(\(SVGText.number(t.tx)) \(SVGText.number(t.ty)))"
        let angle = SVGText.number(t.rotationDegrees)
        if angle != "0" { transform += " rotate(\(angle))" }
        return "<use xlink:href=\"#p\(i)\" transform=\"\(transform)\"\(attributes)/>"
      }
      return "<path d=\"\(f.path.svgData(f.transform))\"\(attributes)/>"
    }

    /// ` fill="…"` and, where needed, ` fill-opacity`, ` fill-rule`.
    mutating func paintAttributes(_ f: Fill) -> String {
      var s: String
      var opacity = f.opacity
      switch f.paint {
      case .solid(let c):
        s = " fill=\"\(SVGText.hex(c))\""
        opacity *= c.a
      case .linear(let g):
        s = " fill=\"url(#g\(gradientCount))\""
        defineGradient(g, f.transform)
      case .radial(let g):
        s = " fill=\"\(SVGText.hex(g.stops.last!.color))\""
      case .conic(let g):
        s = " fill=\"\(SVGText.hex(g.stops.last!.color))\""
      }
      if opacity < 1 { s += " fill-opacity=\"\(SVGText.number(opacity))\"" }
      if f.rule == .evenOdd { s += " fill-rule=\"evenodd\"" }
      return s
    }

    /// A `<linearGradient>` for `g` (in the fill's frame) drawn through `t`,
    /// written with its ends in canvas space (no gradientTransform, whose
    /// entries three decimals could not carry).
    mutating func defineGradient(_ g: LinearGradient, _ t: Transform) {
      let id = "g\(gradientCount)"
      gradientCount += 1
      // The layout settled the gradient: its ends do not meet here.
      let (start, end) = g.canvasEnds(t) ?? (t.apply(g.start), t.apply(g.end))
      defs += "    <linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
      defs += " x1=\"\(SVGText.number(start.x))\" y1=\"\(SVGText.number(start.y))\""
      defs += " x2=\"\(SVGText.number(end.x))\" y2=\"\(SVGText.number(end.y))\">\n"
      for stop in g.stops {
        defs += "      <stop offset=\"\(SVGText.number(stop.location))\" stop-color=\"\(SVGText.hex(stop.color))\""
        if stop.color.a < 1 { defs += " stop-opacity=\"\(SVGText.number(stop.color.a))\"" }
        defs += "/>\n"
      }
      defs += "    </linearGradient>\n"
    }
  }
}
