// The PDF backend: a `Scene` in, a one-page vector PDF 1.4 out. The page
// is the canvas in points (PDF's unit too), y flipped: every path is
// written in page space, except a stroke's, which is written in its own
// frame under a `cm` of the frame's map (so a squashed frame squashes the
// stroke as it does in the other backends). Paints, groups and effects:
// - a solid colour is `rg`/`RG`, its alpha and the fill's opacity an
//   ExtGState's `ca`/`CA`;
// - a gradient is a shading pattern in the fill's frame (PDFShading.swift):
//   axial and radial shadings, an angular one as a Coons-patch mesh of
//   wedges; stops of different alphas add a luminosity soft mask of the
//   same shading in grey;
// - a layer is a transparency group (form XObject) drawn with its opacity;
// - a clip of one shape is PDF's clipping path (`W`/`W*`); the union of
//   several is a luminosity soft mask of the shapes in white;
// - a mask is an alpha soft mask of the mask's content, over the group of
//   what it masks;
// - a shadow, a blur and a colour effect are drawn by badgec's rasterizer
//   into an image at `pixelsPerPoint` (PDFEffects.swift): a shadow's image
//   lies under its content, which stays vector; a blur's or a colour
//   effect's image replaces its content.
// Every group, pattern and graphics state is named in one resource
// dictionary shared by the page and every form.

/// Writes one scene as a PDF document.
public struct PDFWriter {
  /// Pixels per point of the images of shadows and blurs.
  public var pixelsPerPoint: Double

  public init(pixelsPerPoint: Double = 1) { self.pixelsPerPoint = pixelsPerPoint }

  /// What writing a scene gave.
  public enum Outcome {
    case written([UInt8])
    /// The file would be longer than the limit.
    case tooLarge
    /// The images of its shadows and blurs would cost more to draw than
    /// the rasterizer allows an image.
    case effectsTooCostly
    /// Groups (opacity, clips, masks) nest deeper than
    /// `PDFBuilder.maximumDepth`.
    case groupsTooDeep
  }

  /// The PDF of `scene`, unless it would be longer than `limit` bytes.
  public func write(_ scene: Scene, limit: Int = .max) -> Outcome {
    let builder = PDFBuilder(canvas: scene.size, pixelsPerPoint: pixelsPerPoint, limit: limit)
    var page = PDFContent()
    builder.draw(scene.nodes, into: &page)
    // A blend's backdrop is the canvas, clear, as in the SVG and the
    // image: the page drawn as one isolated group, not onto the paper.
    if scene.hasBlend {
      var outer = PDFContent()
      outer.text("/\(builder.form(page)) Do\n")
      page = outer
    }
    if builder.effectsTooCostly { return .effectsTooCostly }
    if builder.tooDeep { return .groupsTooDeep }
    if builder.overflowed || page.bytes.count > limit { return .tooLarge }
    return builder.finish(page, title: scene.name).map { .written($0) } ?? .tooLarge
  }
}

/// The state of one PDF being written: its objects, the resources named
/// so far and the page's geometry (points; the page's y up).
final class PDFBuilder {
  let file = PDFFile()
  /// The shared resource dictionary's object, written last.
  let resources: Int
  let canvas: Size
  /// Canvas (y down) to page (y up).
  let flip: Transform
  let pixelsPerPoint: Double
  let limit: Int
  var overflowed = false
  var effectsTooCostly = false
  /// How many groups the node being written is inside, and whether that
  /// went past the most PDF readers take.
  private var depth = 0
  private(set) var tooDeep = false
  /// The most groups (each a saved graphics state, and most a form) nested
  /// inside one another: PDF 1.4's limit on nested `q` (Appendix C), which
  /// readers hold to (MuPDF gave up on about 100 nested layers).
  static let maximumDepth = 28
  /// What the effects' images cost the rasterizer so far.
  var costs = PreparationCosts(edgesLeft: RasterRenderer.maximumEdges)

  private var stateNames: [String: String] = [:]
  private var states: [(name: String, body: String)] = []
  private var patternNames: [String: String] = [:]
  private(set) var patterns: [(name: String, object: Int)] = []
  private var objects: [(name: String, object: Int)] = []

  init(canvas: Size, pixelsPerPoint: Double, limit: Int) {
    self.canvas = canvas
    self.pixelsPerPoint = pixelsPerPoint
    self.limit = limit
    flip = Transform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: canvas.height)
    resources = file.reserve()
  }

  /// The name of the graphics state with `entries` (made once).
  func state(_ entries: String) -> String {
    if let name = stateNames[entries] { return name }
    let name = "G\(states.count)"
    stateNames[entries] = name
    states.append((name, "<< /Type /ExtGState " + entries + " >>"))
    return name
  }

  /// The name of a pattern described by `key`, made by `make` (its
  /// object's number) the first time.
  func pattern(_ key: String, _ make: () -> Int) -> String {
    if let name = patternNames[key] { return name }
    let name = "P\(patterns.count)"
    patternNames[key] = name
    patterns.append((name, make()))
    return name
  }

  /// The name of an XObject (a form or an image) of object `n`.
  func xobject(_ n: Int) -> String {
    let name = "X\(objects.count)"
    objects.append((name, n))
    return name
  }

  /// Adds an object, noting when the file passes the limit.
  func add(_ body: [UInt8]) -> Int {
    let n = file.add(body)
    if file.length > limit { overflowed = true }
    return n
  }

  /// A transparency group over the page holding `content`: grey for a
  /// luminosity mask's, RGB otherwise. Its object (a soft mask names its
  /// group by object, not as a resource).
  func group(_ content: PDFContent, grey: Bool = false) -> Int {
    let space = grey ? "/DeviceGray" : "/DeviceRGB"
    let dictionary =
      "/Type /XObject /Subtype /Form /BBox [0 0 \(PDFContent.number(canvas.width)) \(PDFContent.number(canvas.height))]"
      + " /Group << /Type /Group /S /Transparency /I true /CS \(space) >> /Resources \(resources) 0 R"
    return add(PDFFile.stream(dictionary, content.bytes))
  }

  /// A transparency group of `content` to draw with `Do`: its XObject name.
  func form(_ content: PDFContent) -> String { xobject(group(content)) }

  /// Draws `nodes` into `c`, back to front.
  func draw(_ nodes: [SceneNode], into c: inout PDFContent) {
    for node in nodes {
      if overflowed || effectsTooCostly || tooDeep { return }
      // Every node but a fill is a group that its children are inside.
      var isGroup = true
      if case .fill = node { isGroup = false }
      if isGroup { depth += 1 }
      if depth > PDFBuilder.maximumDepth {
        tooDeep = true
        return
      }
      draw(node, into: &c)
      if isGroup { depth -= 1 }
    }
  }

  /// One node.
  private func draw(_ node: SceneNode, into c: inout PDFContent) {
    switch node {
    case .fill(let f):
      fill(f, into: &c)
    case .layer(let opacity, let children):
      guard opacity > 0, !children.isEmpty else { return }
      if opacity >= 1 {
        // A group at full opacity is `.compositingGroup()`, which the
        // layout keeps only around a blend, whose backdrop it is: an
        // isolated group. (Source-over alone would draw as its children.)
        var inner = PDFContent()
        draw(children, into: &inner)
        c.text("/\(form(inner)) Do\n")
        return
      }
      var inner = PDFContent()
      draw(children, into: &inner)
      let o = PDFContent.number(opacity, 4)
      c.text("q /\(state("/ca \(o) /CA \(o)")) gs /\(form(inner)) Do Q\n")
    case .clip(let shapes, let children):
      let drawn = shapes.filter { !$0.path.elements.isEmpty }
      guard !drawn.isEmpty, !children.isEmpty else { return }
      if drawn.count == 1 {
        c.text("q\n")
        c.path(drawn[0].path, flip * drawn[0].transform)
        c.text(drawn[0].rule == .evenOdd ? "W* n\n" : "W n\n")
        draw(children, into: &c)
        c.text("Q\n")
      } else {
        // The union of the shapes, white on black, as a luminosity mask.
        var mask = PDFContent()
        mask.text("1 g\n")
        for s in drawn {
          mask.path(s.path, flip * s.transform)
          mask.text(s.rule == .evenOdd ? "f*\n" : "f\n")
        }
        let union = group(mask, grey: true)
        var inner = PDFContent()
        draw(children, into: &inner)
        let gs = state("/SMask << /Type /Mask /S /Luminosity /G \(union) 0 R >>")
        c.text("q /\(gs) gs /\(form(inner)) Do Q\n")
      }
    case .mask(let content, let children):
      guard !children.isEmpty else { return }
      var mask = PDFContent()
      draw(content, into: &mask)
      let alpha = group(mask)
      var inner = PDFContent()
      draw(children, into: &inner)
      let gs = state("/SMask << /Type /Mask /S /Alpha /G \(alpha) 0 R >>")
      c.text("q /\(gs) gs /\(form(inner)) Do Q\n")
    case .shadow(let s, let children):
      image(of: PDFBuilder.shadowAlone(s, children), into: &c)
      draw(children, into: &c)
    case .blend(let mode, let children):
      // An isolated group drawn with the blend mode onto what is behind.
      guard !children.isEmpty else { return }
      var inner = PDFContent()
      draw(children, into: &inner)
      c.text("q /\(state("/BM /\(mode.pdf)")) gs /\(form(inner)) Do Q\n")
    case .colorEffect(_, let children):
      // PDF 1.4 has no colour matrices: drawn as an image, as a blur is.
      guard !children.isEmpty else { return }
      image(of: node, into: &c)
    case .blur(let sigma, let children):
      if sigma.x > 0 || sigma.y > 0 {
        image(of: node, into: &c)
      } else {
        draw(children, into: &c)
      }
    }
  }

  /// One fill: its paint and alpha set, its path filled or stroked.
  func fill(_ f: Fill, into c: inout PDFContent) {
    guard !f.path.elements.isEmpty, f.opacity > 0 else { return }
    if let stroke = f.stroke {
      // PDF draws a width of 0 as the thinnest line a device can show;
      // badgec (as SVG) draws nothing. A flattened frame has no inverse
      // for `cm` to use.
      guard stroke.width > 0, f.transform.inverted != nil, !PDFContent.writesSingular(f.transform) else { return }
    }
    let toPage = flip * f.transform
    let stroking = f.stroke != nil
    // (A gradient in a frame whose matrix would be written singular is its
    // last colour, as one the map flattens is.)
    let paint = f.paint.drawable(through: PDFContent.writesSingular(toPage) ? .scale(0, 0) : toPage)
    var alpha = f.opacity
    var mask: String? = nil
    var colour: String
    switch paint {
    case .solid(let rgba):
      alpha *= rgba.a
      colour = [rgba.r, rgba.g, rgba.b].map { PDFContent.number(min(1, max(0, $0)), 4) }.joined(separator: " ")
      colour += stroking ? " RG" : " rg"
    default:
      let stops = paint.stops
      let reach = PDFBuilder.reach(f)
      let name = shading(paint, toPage, reach: reach, grey: false)
      colour = stroking ? "/Pattern CS /\(name) SCN" : "/Pattern cs /\(name) scn"
      if let a = stops.first?.color.a, stops.allSatisfy({ $0.color.a == a }) {
        alpha *= a
      } else {
        // The stops' alphas as a grey shading over the whole page, the
        // path's own coverage left to the path.
        var content = PDFContent()
        content.text("/Pattern cs /\(shading(paint, toPage, reach: reach, grey: true)) scn\n")
        content.text("0 0 \(PDFContent.number(canvas.width)) \(PDFContent.number(canvas.height)) re f\n")
        mask = "/SMask << /Type /Mask /S /Luminosity /G \(group(content, grey: true)) 0 R >>"
      }
    }
    guard alpha > 0 else { return }
    c.text("q\n")
    var entries: [String] = []
    if alpha < 1 { entries.append((stroking ? "/CA " : "/ca ") + PDFContent.number(min(1, alpha), 4)) }
    if let mask { entries.append(mask) }
    if !entries.isEmpty { c.text("/\(state(entries.joined(separator: " "))) gs\n") }
    c.text(colour + "\n")
    if let stroke = f.stroke {
      PDFBuilder.strokeStyle(stroke, into: &c)
      c.text(PDFContent.matrix(toPage) + " cm\n")
      c.path(f.path, .identity, decimals: PDFContent.decimals(for: toPage))
      c.text("S\n")
    } else {
      c.path(f.path, toPage)
      c.text(f.rule == .evenOdd ? "f*\n" : "f\n")
    }
    c.text("Q\n")
  }

  /// The stroke's width, cap, join, miter limit and dashes, in its frame.
  static func strokeStyle(_ s: StrokeStyle, into c: inout PDFContent) {
    let cap = s.cap == .butt ? 0 : s.cap == .round ? 1 : 2
    let join = s.join == .miter ? 0 : s.join == .round ? 1 : 2
    c.number(s.width, 4)
    c.text("w \(cap) J \(join) j ")
    c.number(max(1, s.miterLimit), 4)
    c.text("M\n")
    if !s.dash.isEmpty {
      c.text("[")
      for d in s.dash { c.number(max(0, d), 4) }
      c.text("] ")
      c.number(s.dashPhase, 4)
      c.text("d\n")
    }
  }

  /// The file: the page, its resources, the catalogue and the document's
  /// information. Nil when it is longer than the limit.
  func finish(_ page: PDFContent, title: String) -> [UInt8]? {
    let contents = add(PDFFile.stream("", page.bytes))
    var dictionary = "<<"
    if !states.isEmpty {
      dictionary += " /ExtGState <<" + states.map { " /\($0.name) \($0.body)" }.joined() + " >>"
    }
    if !patterns.isEmpty {
      dictionary += " /Pattern <<" + patterns.map { " /\($0.name) \($0.object) 0 R" }.joined() + " >>"
    }
    if !objects.isEmpty {
      dictionary += " /XObject <<" + objects.map { " /\($0.name) \($0.object) 0 R" }.joined() + " >>"
    }
    file.set(resources, Array((dictionary + " >>").utf8))
    let pages = file.reserve()
    let box = "[0 0 \(PDFContent.number(canvas.width)) \(PDFContent.number(canvas.height))]"
    let page = file.add(
      "<< /Type /Page /Parent \(pages) 0 R /MediaBox \(box) /Resources \(resources) 0 R /Contents \(contents) 0 R"
        + " /Group << /Type /Group /S /Transparency /CS /DeviceRGB >> >>")
    file.set(pages, Array("<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>".utf8))
    let root = file.add("<< /Type /Catalog /Pages \(pages) 0 R >>")
    let info = file.add("<< /Title \(PDFContent.textString(title)) /Producer (badgec) >>")
    let bytes = file.bytes(root: root, info: info)
    return bytes.count <= limit ? bytes : nil
  }
}
