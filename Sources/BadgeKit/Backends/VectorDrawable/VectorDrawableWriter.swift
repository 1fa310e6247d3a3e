// The Android backend: a `Scene` in, VectorDrawable XML out (what Android
// Studio's "Vector Asset" makes and `res/drawable/*.xml` holds), or the
// scene's places that VectorDrawable cannot draw, as located errors,
// before anything is written. The viewport is the canvas in points, the
// drawable's size the same number of dp.
// - Paths are written in canvas coordinates when their frame is mapped by
//   a rotation and uniform scale (a stroke's width scaled with it); in a
//   frame squashed or skewed, in the frame's own coordinates inside two
//   groups whose rotations and scales make the map (its singular value
//   decomposition), so strokes and gradients stay exact.
// - Gradients are `aapt:attr` children (Android 7.0, API 24, and later):
//   linear, radial (a start radius as SVG writes it, by its offsets) and
//   sweep, turned by a group so that its colours start where the angular
//   gradient's range does.
// - A group's opacity over a single shape is that shape's alpha; a clip of
//   one non-zero shape is a `clip-path`.
// VectorDrawable has no blur, shadow, mask, dash, group opacity over
// several shapes, nor even-odd or multi-shape clips: each is an error at
// the shape it would change.

/// Writes one scene as a VectorDrawable, or says where it cannot.
public struct VectorDrawableWriter {
  public init() {}

  /// Something VectorDrawable cannot draw, at the fill it would change.
  public struct Problem: Equatable, Sendable {
    /// What it is, as the message names it ("a shadow").
    public var what: String
    /// Where the shape was written (nil for a shape of no known origin).
    public var origin: FillOrigin?
  }

  /// The XML, or every problem found (at most one per kind and place).
  public func write(_ scene: Scene) -> Result<String, VectorDrawableFailure> {
    var state = VectorDrawableState()
    var body = ""
    state.write(scene.nodes, indent: "  ", into: &body)
    if !state.problems.isEmpty { return .failure(VectorDrawableFailure(problems: state.problems)) }
    let w = SVGText.number(scene.size.width)
    let h = SVGText.number(scene.size.height)
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    out += "<!-- \(VectorDrawableWriter.comment(scene.name)), written by badgec."
    // What needs Android 7.0: gradients, and even-odd fills (ignored
    // before it: the shape is filled whole).
    let needs = [state.usesGradients ? "gradients" : nil, state.usesEvenOdd ? "even-odd fills" : nil].compactMap { $0 }
    out +=
      needs.isEmpty ? " -->\n" : " Its \(needs.joined(separator: " and ")) need Android 7.0 (API 24) or later. -->\n"
    out += "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\""
    if state.usesGradients { out += "\n    xmlns:aapt=\"http://schemas.android.com/aapt\"" }
    out += "\n    android:width=\"\(w)dp\"\n    android:height=\"\(h)dp\""
    out += "\n    android:viewportWidth=\"\(w)\"\n    android:viewportHeight=\"\(h)\">\n"
    out += body
    out += "</vector>\n"
    return .success(out)
  }

  /// Text safe inside an XML comment (no `--`).
  static func comment(_ s: String) -> String {
    var out = ""
    for c in SVGText.escaped(s) {
      if c == "-" && out.last == "-" { out += " " }
      out.append(c)
    }
    return out.last == "-" ? out + " " : out
  }
}

/// The problems that keep a scene from being a VectorDrawable.
public struct VectorDrawableFailure: Error, Sendable {
  public var problems: [VectorDrawableWriter.Problem]
}

/// The writer's state while it walks the scene.
struct VectorDrawableState {
  var problems: [VectorDrawableWriter.Problem] = []
  var usesGradients = false
  var usesEvenOdd = false
  private var reported: Set<String> = []

  /// Notes that `what` cannot be drawn, at the first shape of `nodes`.
  mutating func cannot(_ what: String, _ nodes: [SceneNode]) {
    var origin: FillOrigin? = nil
    Scene(name: "", size: Size(0, 0), nodes: nodes).forEachFill { f in if origin == nil { origin = f.origin } }
    let key = "\(what) \(origin.map { "\($0.element.file) \($0.element.start)" } ?? "")"
    guard reported.insert(key).inserted else { return }
    problems.append(VectorDrawableWriter.Problem(what: what, origin: origin))
  }

  mutating func write(_ nodes: [SceneNode], indent: String, into out: inout String) {
    for node in nodes {
      switch node {
      case .fill(let f):
        fill(f, opacity: 1, indent: indent, into: &out)
      case .layer(let opacity, let children):
        if opacity >= 1 {
          write(children, indent: indent, into: &out)
        } else if children.count == 1, case .fill(let f) = children[0] {
          fill(f, opacity: opacity, indent: indent, into: &out)
        } else if opacity > 0 {
          cannot("an opacity over several shapes (a group's alpha)", children)
        }
      case .clip(let shapes, let children):
        let drawn = shapes.filter { !$0.path.elements.isEmpty }
        guard !drawn.isEmpty else { continue }
        if drawn.count > 1 {
          cannot("a clip of several shapes", children)
        } else if drawn[0].rule == .evenOdd {
          cannot("an even-odd clip", children)
        } else {
          out += indent + "<group>\n"
          out += indent + "  <clip-path android:pathData=\"\(drawn[0].path.svgData(drawn[0].transform))\"/>\n"
          write(children, indent: indent + "  ", into: &out)
          out += indent + "</group>\n"
        }
      case .mask(_, let children):
        cannot("a mask", children)
      case .shadow(let s, let children):
        // A clear shadow draws nothing: what a badge meant for Android
        // too writes (`color: android ? clear : …`).
        if s.color.a > 0 {
          cannot("a shadow (Android has no blur)", children)
        } else {
          write(children, indent: indent, into: &out)
        }
      case .colorEffect(_, let children):
        cannot(
          "a colour effect (grayscale, saturation, brightness, contrast, hue rotation, colour multiply, invert)",
          children)
      case .blend(_, let children):
        cannot("a blend mode (Android's vectors are drawn over what is behind them)", children)
      case .blur(let sigma, let children):
        if sigma.x > 0 || sigma.y > 0 {
          cannot("a blur", children)
        } else {
          write(children, indent: indent, into: &out)
        }
      }
    }
  }

  /// One `<path>`, wrapped in the groups its frame's map needs.
  mutating func fill(_ f: Fill, opacity: Double, indent: String, into out: inout String) {
    guard !f.path.elements.isEmpty else { return }
    if let s = f.stroke {
      if !s.dash.isEmpty { cannot("a dashed stroke", [.fill(f)]) }
      guard s.width > 0, f.transform.inverted != nil else { return }
    }
    var f = f
    if case .radial(var g) = f.paint.drawable(through: f.transform) {
      if !g.isConcentric { cannot("a radial gradient with a focus (Android's have none)", [.fill(f)]) }
      // An elliptical gradient: the path in the gradient's plane, drawn
      // through the frame's map and the stretch (a fill only: a stroke's
      // width would stretch too).
      if g.space != .identity, let inward = g.space.inverted {
        if f.stroke != nil { cannot("an elliptical gradient on a stroke", [.fill(f)]) }
        f.path = ScenePath(f.path.elements.map { LayoutEngine.mapped($0, inward) })
        f.transform = f.transform * g.space
        g.space = .identity
        f.paint = .radial(g)
      }
    }
    let paint = f.paint.drawable(through: f.transform)
    // The frame's map: kept in the path's coordinates when it is a
    // similarity, else made of groups.
    var indent = indent
    var closing: [String] = []
    var toPath = f.transform
    var lengthScale = 1.0
    if let k = f.transform.similarityScale {
      lengthScale = k
    } else if let groups = VectorDrawableGroups(f.transform) {
      for g in groups.opening {
        out += indent + g + "\n"
        closing.append(indent + "</group>\n")
        indent += "  "
      }
      toPath = .identity
    } else {
      return
    }
    // A sweep gradient starts at +x: a group turns it to where the
    // angular gradient's colours start.
    if case .conic(let g) = paint {
      let centre = toPath.apply(g.center)
      let turn = VectorDrawableGradients.sweepStart(g) + atan2Of(toPath.b, toPath.a)
      out +=
        indent + "<group android:rotation=\"\(SVGText.number(turn * 180 / Double.pi))\""
        + " android:pivotX=\"\(SVGText.number(centre.x))\" android:pivotY=\"\(SVGText.number(centre.y))\">\n"
      closing.append(indent + "</group>\n")
      indent += "  "
      toPath = .translation(centre.x, centre.y) * .rotation(-turn) * .translation(-centre.x, -centre.y) * toPath
    }
    let stroking = f.stroke != nil
    let prefix = stroking ? "stroke" : "fill"
    out += indent + "<path android:pathData=\"\(f.path.svgData(toPath))\""
    var alpha = f.opacity * opacity
    var gradient: String? = nil
    switch paint {
    case .solid(let c):
      out += "\n" + indent + "    android:\(prefix)Color=\"\(SVGText.hex(c))\""
      alpha *= c.a
    default:
      usesGradients = true
      gradient = VectorDrawableGradients.element(paint, toPath, indent: indent + "    ")
    }
    if alpha < 1 { out += "\n" + indent + "    android:\(prefix)Alpha=\"\(SVGText.number(max(0, alpha)))\"" }
    if let s = f.stroke {
      out += "\n" + indent + "    android:strokeWidth=\"\(SVGText.number(s.width * lengthScale))\""
      if s.cap != .butt { out += "\n" + indent + "    android:strokeLineCap=\"\(s.cap.rawValue)\"" }
      if s.join != .miter { out += "\n" + indent + "    android:strokeLineJoin=\"\(s.join.rawValue)\"" }
      let limit = SVGText.number(max(1, s.miterLimit))
      if s.join == .miter && limit != "4" { out += "\n" + indent + "    android:strokeMiterLimit=\"\(limit)\"" }
    } else if f.rule == .evenOdd {
      usesEvenOdd = true
      out += "\n" + indent + "    android:fillType=\"evenOdd\""
    }
    if let gradient {
      out += ">\n" + indent + "  <aapt:attr name=\"android:\(prefix)Color\">\n" + gradient
      out += indent + "  </aapt:attr>\n" + indent + "</path>\n"
    } else {
      out += "/>\n"
    }
    for c in closing.reversed() { out += c }
  }
}

/// The groups that make an affine map which is not a similarity: the map's
/// linear part is U · Σ · Vᵀ (rotations U and V, scales Σ, a mirror folded
/// into Σ); a VectorDrawable group scales, then rotates, then translates,
/// so the outer group is the translation, U and Σ, the inner one Vᵀ.
struct VectorDrawableGroups {
  var opening: [String]

  init?(_ t: Transform) {
    let (a, b, c, d) = (t.a, t.b, t.c, t.d)
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return nil }
    // The singular value decomposition of [[a c], [b d]].
    let e = (a + d) / 2
    let f = (a - d) / 2
    let g = (b + c) / 2
    let h = (b - c) / 2
    let q = (e * e + h * h).squareRoot()
    let r = (f * f + g * g).squareRoot()
    let (s1, s2) = (q + r, q - r)
    let a1 = atan2Of(g, f)
    let a2 = atan2Of(h, e)
    let theta = (a2 - a1) / 2  // Vᵀ's angle
    let phi = (a2 + a1) / 2  // U's angle
    let degrees = { SVGText.number($0 * 180 / Double.pi) }
    let n = { (x: Double) -> String in PDFContent.number(x, 6) }
    opening = [
      "<group android:translateX=\"\(n(t.tx))\" android:translateY=\"\(n(t.ty))\" android:rotation=\"\(degrees(phi))\""
        + " android:scaleX=\"\(n(s1))\" android:scaleY=\"\(n(s2))\">",
      "<group android:rotation=\"\(degrees(theta))\">",
    ]
  }
}
