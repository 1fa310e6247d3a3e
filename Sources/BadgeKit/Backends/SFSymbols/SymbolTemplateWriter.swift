// The SF Symbols backend: three scenes of one badge in (its ultralight,
// regular and black weights, compiled with `-D weight=…`), a custom-symbol
// template out: the SVG the SF Symbols app and Xcode read (template version
// 3.0, a 3300 × 2200 sheet), with the Ultralight-S, Regular-S and Black-S
// variants from which SF Symbols interpolates every other weight. Before
// anything is written, the template's rules are checked as diagnostics:
// filled shapes of one colour only (no strokes, gradients, translucency,
// clips, masks or effects; non-zero fills), and weights that can be
// interpolated (the same shapes, each with the same points in the same
// order, in all three).

/// One filled shape of a symbol's weight: its path in canvas points,
/// where it was drawn, and whether it is text.
struct SymbolShape {
  var path: [PathElement]
  var origin: FillOrigin?
  var text: Bool
}

/// Writes an SF Symbols custom-symbol template.
struct SymbolTemplateWriter {
  /// Something the template cannot hold, or a weight that does not match
  /// the others, and the shape it was found at.
  struct Problem: Equatable {
    var what: String
    var origin: FillOrigin?
    /// Whether the weights differ (else a shape the template cannot hold).
    var mismatch = false
  }

  /// What keeps a template from being written.
  struct Problems: Error {
    var all: [Problem]
  }

  /// The template's sheet, in its units (one is a point at the symbol's
  /// 100-point size).
  static let sheet = Size(3300, 2200)
  /// The distance from the baseline up to the cap line of the small scale.
  static let capHeight = 70.459
  /// Each row's baseline and cap line: small, medium, large.
  static let rows: [(scale: String, baseline: Double, capline: Double)] = [
    ("S", 696, 625.541), ("M", 1126, 1055.54), ("L", 1556, 1485.54),
  ]
  /// The weights the template holds, with the middle of their column.
  static let columns: [(weight: String, centre: Double)] = [
    ("Ultralight", 559.711), ("Regular", 1449.845), ("Black", 2933.4),
  ]

  /// The values `-D weight=` takes for the three weights, in the columns'
  /// order: strings (`.black` would be the colour).
  static let weightValues = ["\"ultralight\"", "\"regular\"", "\"black\""]

  /// One weight's filled shapes, each in canvas points, with where each
  /// was drawn; what the template cannot hold goes to `problems`.
  static func shapes(_ scene: Scene, into problems: inout [Problem]) -> [SymbolShape] {
    var out: [SymbolShape] = []
    var colour: RGBA?
    var reported: Set<String> = []
    func cannot(_ what: String, _ nodes: [SceneNode]) {
      var origin: FillOrigin? = nil
      Scene(name: "", size: Size(0, 0), nodes: nodes).forEachFill { f in if origin == nil { origin = f.origin } }
      let key = "\(what) \(origin.map { "\($0.element.file) \($0.element.start)" } ?? "")"
      guard reported.insert(key).inserted else { return }
      problems.append(Problem(what: what, origin: origin))
    }
    func walk(_ nodes: [SceneNode]) {
      for node in nodes {
        switch node {
        case .fill(let f):
          // A clear shape draws nothing, and is left out.
          if f.opacity == 0 { continue }
          if case .solid(let c) = f.paint, c.a == 0 { continue }
          if f.stroke != nil {
            cannot("a stroke (a symbol is filled shapes: draw the line as a shape, e.g. a thin rect or a path)", [node])
            continue
          }
          guard case .solid(let c) = f.paint else {
            cannot("a gradient (a symbol takes its colour from its rendering mode)", [node])
            continue
          }
          if c.a < 1 || f.opacity < 1 {
            cannot("a translucent fill (a symbol is drawn opaque in its colour)", [node])
            continue
          }
          let rgb = RGBA(r: c.r, g: c.g, b: c.b, a: 1)
          if let colour, colour != rgb {
            cannot(
              "a second colour (a symbol is one colour: cut a shape out of another by drawing it the other way round)",
              [node])
            continue
          }
          colour = rgb
          if f.rule == .evenOdd {
            cannot("an even-odd fill (SF Symbols fill by the non-zero rule)", [node])
            continue
          }
          out.append(
            SymbolShape(
              path: f.path.elements.map { LayoutEngine.mapped($0, f.transform) }, origin: f.origin, text: f.text != nil)
          )
        case .layer(let opacity, let children):
          if opacity < 1 {
            cannot("an opacity over a group (a symbol is drawn opaque in its colour)", children)
          } else {
            walk(children)
          }
        case .clip(_, let children): cannot("a clip (a symbol is filled shapes, not clipped)", children)
        case .mask(_, let children): cannot("a mask (a symbol is filled shapes, not masked)", children)
        case .shadow(_, let children): cannot("a shadow (a symbol has no effects)", children)
        case .blur(_, let children): cannot("a blur (a symbol has no effects)", children)
        case .colorEffect(_, let children):
          cannot("a colour effect (a symbol takes its colour from its rendering mode)", children)
        case .blend(_, let children):
          cannot("a blend mode (a symbol takes its colour from its rendering mode)", children)
        }
      }
    }
    walk(scene.nodes)
    return out
  }

  /// What kind of segment an element is, for comparing weights.
  static func kind(_ e: PathElement) -> String {
    switch e {
    case .move: return "a move"
    case .line: return "a line"
    case .quad: return "a quadratic curve"
    case .cubic: return "a cubic curve"
    case .close: return "a close"
    }
  }

  /// Where the weights' shapes differ so that SF Symbols cannot
  /// interpolate between them (nil when they match point for point).
  static func mismatch(_ weights: [[SymbolShape]]) -> Problem? {
    let regular = weights[1]
    for (w, other) in weights.enumerated() where w != 1 {
      let name = columns[w].weight
      guard other.count == regular.count else {
        // (At the first shape one weight draws and the other does not.)
        let extra = other.count > regular.count ? other[regular.count] : regular[other.count]
        return Problem(
          what:
            "the \(name) weight draws \(other.count) shape\(other.count == 1 ? "" : "s") and the Regular \(regular.count)",
          origin: extra.origin, mismatch: true)
      }
      for (i, (a, b)) in zip(regular, other).enumerated() {
        // (A font's faces have outlines of their own.)
        let hint =
          a.text || b.text ? " (text: each weight's face draws its letters its own way; draw them as paths)" : ""
        guard a.path.count == b.path.count else {
          return Problem(
            what: "shape \(i + 1) has \(b.path.count) segments at \(name) and \(a.path.count) at Regular\(hint)",
            origin: a.origin, mismatch: true)
        }
        for (k, (x, y)) in zip(a.path, b.path).enumerated() where kind(x) != kind(y) {
          return Problem(
            what: "segment \(k + 1) of shape \(i + 1) is \(kind(y)) at \(name) and \(kind(x)) at Regular\(hint)",
            origin: a.origin, mismatch: true)
        }
      }
    }
    return nil
  }

  /// The template of `weights` (ultralight, regular, black scenes of one
  /// canvas), or what keeps it from being written.
  static func write(_ weights: [Scene], name: String) -> Result<String, Problems> {
    var problems: [Problem] = []
    let shapes = weights.map { SymbolTemplateWriter.shapes($0, into: &problems) }
    guard problems.isEmpty else {
      // (The same shape refused at each weight is said once.)
      var seen: [Problem] = []
      for p in problems where !seen.contains(where: { $0.what == p.what && $0.origin?.element == p.origin?.element }) {
        seen.append(p)
      }
      return .failure(Problems(all: seen))
    }
    if shapes[1].isEmpty {
      return .failure(
        Problems(all: [Problem(what: "a badge that fills no shape (a symbol is filled shapes)", origin: nil)]))
    }
    if let m = mismatch(shapes) { return .failure(Problems(all: [m])) }
    let canvas = weights[1].size
    // The canvas's height is the small scale's cap height.
    let scale = capHeight / max(canvas.height, 1e-9)
    let width = canvas.width * scale
    func n(_ x: Double) -> String { SVGText.number(x) }
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!--\(SVGText.escaped(comment(name))): an SF Symbols template written by badgec-->
      <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="\(n(sheet.width))" height="\(n(sheet.height))">
       <g id="Notes">
        <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>
        <text id="template-version" style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1933)">Template v.3.0</text>
        <text id="descriptive-name" style="stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:end;" transform="matrix(1 0 0 1 3036 1951)">\(SVGText.escaped(name))</text>

      """
    for c in columns {
      out += "  <text style=\"stroke:none;fill:black;font-family:sans-serif;font-size:13;text-anchor:middle;\""
      out += " transform=\"matrix(1 0 0 1 \(n(c.centre)) 322)\">\(c.weight)</text>\n"
    }
    out += " </g>\n <g id=\"Guides\">\n"
    let guide = "style=\"fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;\""
    for r in rows {
      out += "  <line id=\"Baseline-\(r.scale)\" \(guide) x1=\"263\" x2=\"3036\" y1=\"\(n(r.baseline))\""
      out += " y2=\"\(n(r.baseline))\"/>\n"
      out += "  <line id=\"Capline-\(r.scale)\" \(guide) x1=\"263\" x2=\"3036\" y1=\"\(n(r.capline))\""
      out += " y2=\"\(n(r.capline))\"/>\n"
    }
    let margin = "style=\"fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;\""
    let small = rows[0]
    for c in columns {
      for (side, x) in [("left", c.centre - width / 2), ("right", c.centre + width / 2)] {
        out += "  <line id=\"\(side)-margin-\(c.weight)-S\" \(margin) x1=\"\(n(x))\" x2=\"\(n(x))\""
        out += " y1=\"\(n(small.capline - 24.756))\" y2=\"\(n(small.baseline + 24.121))\"/>\n"
      }
    }
    out += " </g>\n <g id=\"Symbols\">\n"
    for (c, weight) in zip(columns, shapes) {
      out +=
        "  <g id=\"\(c.weight)-S\" transform=\"matrix(1 0 0 1 \(n(c.centre - width / 2)) \(n(small.baseline)))\">\n"
      for shape in weight {
        // Points from the left margin and the baseline (y up is negative).
        out += "   <path d=\"" + pathData(shape.path, scale: scale) + "\"/>\n"
      }
      out += "  </g>\n"
    }
    out += " </g>\n</svg>\n"
    return .success(out)
  }

  /// `elements` (canvas points) as path data local to the left margin and
  /// the baseline, `scale` template units a point.
  static func pathData(_ elements: [PathElement], scale: Double) -> String {
    func p(_ q: Point) -> String { SVGText.number(q.x * scale) + " " + SVGText.number(q.y * scale - capHeight) }
    var parts: [String] = []
    for e in elements {
      switch e {
      case .move(let q): parts.append("M" + p(q))
      case .line(let q): parts.append("L" + p(q))
      case .quad(let c, let q): parts.append("Q" + p(c) + " " + p(q))
      case .cubic(let c1, let c2, let q): parts.append("C" + p(c1) + " " + p(c2) + " " + p(q))
      case .close: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }

  /// Text safe in an XML comment: one line, no `--`, not ending in `-`.
  static func comment(_ s: String) -> String {
    var out = ""
    for c in s {
      let c = c == "\n" || c == "\r" ? " " : c
      if c == "-" && out.last == "-" { out.append(" ") }
      out.append(c)
    }
    if out.last == "-" { out.append(" ") }
    return out
  }
}
