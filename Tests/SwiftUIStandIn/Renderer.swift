// The tests' renderer for the stand-in SwiftUI: a view's structure (`_Node`,
// SwiftUI.swift) in, laid out by SwiftUI's layout rules as Apple documents
// them (a parent proposes a size, the child chooses its own, the parent
// places it; a ZStack proposes its proposal to each child and aligns them;
// a GeometryReader takes what it is offered and puts its content at its
// top-left; `.frame`, `.padding`, `.aspectRatio` and `.position` as
// SwiftUI's), out an SVG document in points, for resvg to draw. Views it
// does not lay out (text, vertical and horizontal stacks, trims, shadows,
// blurs, masks) are an error naming them, never drawn wrong.

/// A view the renderer cannot draw.
public struct _RenderError: Error, CustomStringConvertible {
  public var description: String
}

/// A size proposed to a view; nil on an axis: the view's ideal.
struct _Proposal {
  var width: CGFloat?
  var height: CGFloat?
  init(_ width: CGFloat?, _ height: CGFloat?) { (self.width, self.height) = (width, height) }
  init(_ size: CGSize) { (width, height) = (size.width, size.height) }
}

/// `view` drawn on a `width` × `height` canvas as SVG.
public func _renderSVG<V: View>(_ view: V, width: CGFloat, height: CGFloat) throws -> String {
  var r = _Renderer()
  let node = _nodeOf(view)
  let p = _Proposal(width, height)
  let size = try r.size(node, p)
  try r.place(node, p, at: CGPoint(x: (width - size.width) / 2, y: (height - size.height) / 2))
  return
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
    + "<defs>" + r.defs + "</defs>" + r.body + "</svg>\n"
}

struct _Renderer {
  var defs = ""
  var body = ""
  var ids = 0
  /// The paint of shapes without their own, where the renderer is.
  var foreground = _Paint.color(r: 0, g: 0, b: 0, a: 1)

  static func unsupported(_ what: String) -> _RenderError { _RenderError(description: "cannot draw \(what)") }

  /// The size `node` chooses when offered `p`.
  func size(_ node: _Node, _ p: _Proposal) throws -> CGSize {
    switch node {
    case .empty: return .zero
    case .group(let views), .zstack(_, let views):
      var s = CGSize.zero
      for v in views {
        let c = try size(v, p)
        s = CGSize(width: max(s.width, c.width), height: max(s.height, c.height))
      }
      return s
    case .reader, .shape, .paint:
      return CGSize(width: p.width ?? 10, height: p.height ?? 10)
    case .modified(let child, let m):
      switch m {
      case .padding(let t, let l, let b, let r):
        let c = try size(child, _Proposal(p.width.map { max(0, $0 - l - r) }, p.height.map { max(0, $0 - t - b) }))
        return CGSize(width: c.width + l + r, height: c.height + t + b)
      case .frame(let w, let h, _):
        let c = try size(child, _Proposal(w ?? p.width, h ?? p.height))
        return CGSize(width: w ?? c.width, height: h ?? c.height)
      case .flexibleFrame(let w, let h, _):
        let c = try size(child, flexibleProposal(p, w, h))
        return CGSize(
          width: _Renderer.flexible(c.width, p.width, w), height: _Renderer.flexible(c.height, p.height, h))
      case .aspectRatio(let ratio, let mode):
        return try size(child, aspectTarget(child, ratio, mode, p))
      case .position:
        let c = try size(child, p)
        return CGSize(width: p.width ?? c.width, height: p.height ?? c.height)
      case .rotation, .scale, .transform, .opacity, .offset, .clip, .overlay, .background, .mask, .shadow, .blur,
        .foreground,
        .compositingGroup, .blend:
        return try size(child, p)
      case .other(let name): throw _Renderer.unsupported(name)
      }
    case .vstack: throw _Renderer.unsupported("a VStack")
    case .hstack: throw _Renderer.unsupported("an HStack")
    case .text(let s): throw _Renderer.unsupported("the text \"\(s)\"")
    case .unsupported(let what): throw _Renderer.unsupported(what)
    }
  }

  /// What a flexible frame of `w` and `h` (min, ideal, max each)
  /// proposes to its child when offered `p`: the offer within the bounds,
  /// or the ideal without an offer.
  func flexibleProposal(_ p: _Proposal, _ w: [CGFloat?], _ h: [CGFloat?]) -> _Proposal {
    func axis(_ offer: CGFloat?, _ b: [CGFloat?]) -> CGFloat? {
      guard let offer else { return b[1] }
      return min(b[2] ?? .infinity, max(b[0] ?? -.infinity, offer))
    }
    return _Proposal(axis(p.width, w), axis(p.height, h))
  }

  /// A flexible frame's side: the child's `c`, at least the minimum (up
  /// to the offer), and up to the maximum as far as the offer goes.
  static func flexible(_ c: CGFloat, _ offer: CGFloat?, _ b: [CGFloat?]) -> CGFloat {
    var r = c
    if let lo = b[0] { r = max(lo, min(r, offer ?? lo)) }
    if let hi = b[2] { r = min(hi, max(r, offer ?? r)) }
    return r
  }

  /// What `.aspectRatio(ratio, contentMode: mode)` proposes to `child`
  /// when offered `p`: the largest (fit) or smallest (fill) size of the
  /// ratio (the child's ideal one when nil) for the room.
  func aspectTarget(_ child: _Node, _ ratio: CGFloat?, _ mode: ContentMode, _ p: _Proposal) throws -> _Proposal {
    let ideal = try size(child, _Proposal(nil, nil))
    let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
    switch (p.width, p.height) {
    case (let w?, let h?):
      let width = mode == .fit ? min(w, h * r) : max(w, h * r)
      return _Proposal(width, width / r)
    case (let w?, nil): return _Proposal(w, w / r)
    case (nil, let h?): return _Proposal(h * r, h)
    case (nil, nil): return _Proposal(ideal.width, ideal.width / r)
    }
  }

  /// Where a child of size `c` goes in a box of size `s` by `a`.
  static func aligned(_ c: CGSize, in s: CGSize, _ a: Alignment) -> CGPoint {
    func part(_ free: CGFloat, _ id: Int) -> CGFloat { id == 0 ? 0 : id == 1 ? free / 2 : free }
    return CGPoint(x: part(s.width - c.width, a.horizontal.id), y: part(s.height - c.height, a.vertical.id))
  }

  /// Draws `node`, offered `p`, with its top-left at `o`.
  mutating func place(_ node: _Node, _ p: _Proposal, at o: CGPoint) throws {
    let s = try size(node, p)
    switch node {
    case .empty: return
    case .group(let views), .zstack(_, let views):
      var alignment = Alignment.center
      if case .zstack(let a, _) = node { alignment = a }
      for v in views {
        let c = try size(v, p)
        let d = _Renderer.aligned(c, in: s, alignment)
        try place(v, p, at: CGPoint(x: o.x + d.x, y: o.y + d.y))
      }
    case .reader(let content):
      for v in _children(content(s)) { try place(v, _Proposal(s), at: o) }
    case .shape(let path, let paint, let stroke, let evenOdd):
      // A shape's path is in its own space, its frame at the origin (a
      // `Path` drawn in a reader is in the reader's points).
      let rect = CGRect(origin: .zero, size: s)
      body += "<g transform=\"translate(\(o.x) \(o.y))\"><path d=\"\(_Renderer.data(path(rect)))\" "
      body += try paintAttributes(paint, rect, stroke: stroke)
      body += evenOdd ? " fill-rule=\"evenodd\"/></g>" : "/></g>"
    case .paint(let paint):
      let rect = CGRect(origin: o, size: s)
      body += "<rect x=\"\(o.x)\" y=\"\(o.y)\" width=\"\(s.width)\" height=\"\(s.height)\" "
      body += try paintAttributes(paint, rect, stroke: nil) + "/>"
    case .modified(let child, let m):
      try place(child, m, p, s, at: o)
    default:
      _ = try size(node, p)
    }
  }

  /// Draws `child` with modifier `m`, offered `p`, the modified view of
  /// size `s` at `o`.
  mutating func place(_ child: _Node, _ m: _Modifier, _ p: _Proposal, _ s: CGSize, at o: CGPoint) throws {
    switch m {
    case .padding(let t, let l, let b, let r):
      let inner = _Proposal(p.width.map { max(0, $0 - l - r) }, p.height.map { max(0, $0 - t - b) })
      try place(child, inner, at: CGPoint(x: o.x + l, y: o.y + t))
    case .frame(let w, let h, let a):
      let inner = _Proposal(w ?? p.width, h ?? p.height)
      let d = _Renderer.aligned(try size(child, inner), in: s, a)
      try place(child, inner, at: CGPoint(x: o.x + d.x, y: o.y + d.y))
    case .flexibleFrame(let w, let h, let a):
      let inner = flexibleProposal(p, w, h)
      let d = _Renderer.aligned(try size(child, inner), in: s, a)
      try place(child, inner, at: CGPoint(x: o.x + d.x, y: o.y + d.y))
    case .aspectRatio(let ratio, let mode):
      try place(child, try aspectTarget(child, ratio, mode, p), at: o)
    case .position(let x, let y):
      let c = try size(child, p)
      try place(child, p, at: CGPoint(x: o.x + x - c.width / 2, y: o.y + y - c.height / 2))
    case .offset(let x, let y):
      body += "<g transform=\"translate(\(x) \(y))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .rotation(let angle, let anchor):
      let (ax, ay) = (o.x + anchor.x * s.width, o.y + anchor.y * s.height)
      body += "<g transform=\"rotate(\(angle.degrees) \(ax) \(ay))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .transform(let m):
      // About the view's top-left corner, at `o` on the canvas.
      body += "<g transform=\"translate(\(o.x) \(o.y)) matrix(\(m.a) \(m.b) \(m.c) \(m.d) \(m.tx) \(m.ty))"
      body += " translate(\(-o.x) \(-o.y))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .scale(let x, let y, let anchor):
      let (ax, ay) = (o.x + anchor.x * s.width, o.y + anchor.y * s.height)
      body += "<g transform=\"translate(\(ax) \(ay)) scale(\(x) \(y)) translate(\(-ax) \(-ay))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .opacity(let a):
      body += "<g opacity=\"\(a)\">"
      try place(child, p, at: o)
      body += "</g>"
    case .clip(let path, let evenOdd):
      ids += 1
      let id = "clip\(ids)"
      let rule = evenOdd ? " clip-rule=\"evenodd\"" : ""
      defs += "<clipPath id=\"\(id)\"><path transform=\"translate(\(o.x) \(o.y))\" "
      defs += "d=\"\(_Renderer.data(path(CGRect(origin: .zero, size: s))))\"\(rule)/></clipPath>"
      body += "<g clip-path=\"url(#\(id))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .overlay(let content, let a), .background(let content, let a):
      let over: Bool
      if case .overlay = m { over = true } else { over = false }
      if over { try place(child, p, at: o) }
      for v in _children(content) {
        let d = _Renderer.aligned(try size(v, _Proposal(s)), in: s, a)
        try place(v, _Proposal(s), at: CGPoint(x: o.x + d.x, y: o.y + d.y))
      }
      if !over { try place(child, p, at: o) }
    case .shadow(let color, let radius, let x, let y):
      // (A Gaussian of deviation half the radius, as badgec reads it.)
      ids += 1
      let c = color.rgba
      defs += "<filter id=\"f\(ids)\" x=\"-100%\" y=\"-100%\" width=\"300%\" height=\"300%\">"
      defs += "<feDropShadow dx=\"\(x)\" dy=\"\(y)\" stdDeviation=\"\(radius / 2)\""
      defs += " flood-color=\"rgb(\(c.r * 255),\(c.g * 255),\(c.b * 255))\" flood-opacity=\"\(c.a)\"/></filter>"
      body += "<g filter=\"url(#f\(ids))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .blur(let radius):
      ids += 1
      defs += "<filter id=\"f\(ids)\" x=\"-100%\" y=\"-100%\" width=\"300%\" height=\"300%\">"
      defs += "<feGaussianBlur stdDeviation=\"\(radius / 2)\"/></filter>"
      body += "<g filter=\"url(#f\(ids))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .compositingGroup:
      // An isolated group: blends inside it see only what it holds.
      body += "<g style=\"isolation:isolate\">"
      try place(child, p, at: o)
      body += "</g>"
    case .blend(let mode):
      if mode == "unsupported" { throw _Renderer.unsupported("this blend mode") }
      body += "<g style=\"mix-blend-mode:\(mode)\">"
      try place(child, p, at: o)
      body += "</g>"
    case .mask(let content, let a):
      // The mask's views drawn apart, offered the view's size.
      let saved = body
      body = ""
      for v in _children(content) {
        let d = _Renderer.aligned(try size(v, _Proposal(s)), in: s, a)
        try place(v, _Proposal(s), at: CGPoint(x: o.x + d.x, y: o.y + d.y))
      }
      ids += 1
      defs += "<mask id=\"m\(ids)\" mask-type=\"alpha\" maskUnits=\"userSpaceOnUse\" x=\"-10000\" y=\"-10000\""
      defs += " width=\"20000\" height=\"20000\">\(body)</mask>"
      body = saved + "<g mask=\"url(#m\(ids))\">"
      try place(child, p, at: o)
      body += "</g>"
    case .foreground(let paint):
      let saved = foreground
      if case .foreground = paint {} else { foreground = paint }
      try place(child, p, at: o)
      foreground = saved
    case .other(let name): throw _Renderer.unsupported(name)
    }
  }

  /// The SVG attributes of `paint` for a shape of frame `rect`: a
  /// gradient's unit points are of the frame, as SwiftUI's are.
  mutating func paintAttributes(_ paint: _Paint, _ rect: CGRect, stroke: StrokeStyle?) throws -> String {
    let property = stroke == nil ? "fill" : "stroke"
    var out: String
    func stops(_ list: [(color: Color, location: Double)]) -> String {
      list.map {
        let c = $0.color.rgba
        return
          "<stop offset=\"\($0.location)\" stop-color=\"rgb(\(c.r * 255),\(c.g * 255),\(c.b * 255))\" stop-opacity=\"\(c.a)\"/>"
      }.joined()
    }
    switch paint {
    case .color(let r, let g, let b, let a):
      out = "\(property)=\"rgb(\(r * 255),\(g * 255),\(b * 255))\" \(property)-opacity=\"\(a)\""
    case .linear(let list, let start, let end):
      ids += 1
      defs +=
        "<linearGradient id=\"g\(ids)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(rect.minX + start.x * rect.width)\""
      defs += " y1=\"\(rect.minY + start.y * rect.height)\" x2=\"\(rect.minX + end.x * rect.width)\""
      defs += " y2=\"\(rect.minY + end.y * rect.height)\">\(stops(list))</linearGradient>"
      out = "\(property)=\"url(#g\(ids))\""
    case .radial(let list, let center, let r0, let r1):
      ids += 1
      defs +=
        "<radialGradient id=\"g\(ids)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(rect.minX + center.x * rect.width)\""
      defs += " cy=\"\(rect.minY + center.y * rect.height)\" r=\"\(r1)\" fr=\"\(r0)\">\(stops(list))</radialGradient>"
      out = "\(property)=\"url(#g\(ids))\""
    case .elliptical(let list, let center, let f0, let f1):
      // The unit square onto the frame; the start radius as the stops'
      // offsets (the circles are concentric).
      ids += 1
      let folded = list.map { ($0.color, f1 > 0 ? (f0 + $0.location * (f1 - f0)) / f1 : 1) }
      defs += "<radialGradient id=\"g\(ids)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(center.x)\" cy=\"\(center.y)\""
      defs += " r=\"\(f1)\" gradientTransform=\"matrix(\(rect.width) 0 0 \(rect.height) \(rect.minX) \(rect.minY))\">"
      defs += "\(stops(folded))</radialGradient>"
      out = "\(property)=\"url(#g\(ids))\""
    case .foreground:
      return try paintAttributes(foreground, rect, stroke: stroke)
    case .other(let name): throw _Renderer.unsupported("the paint \(name)")
    }
    guard let stroke else { return out }
    let caps = ["butt", "round", "square"]
    let joins = ["miter", "round", "bevel"]
    out = "fill=\"none\" " + out + " stroke-width=\"\(stroke.lineWidth)\""
    out +=
      " stroke-linecap=\"\(caps[Int(stroke.lineCap.rawValue)])\" stroke-linejoin=\"\(joins[Int(stroke.lineJoin.rawValue)])\""
    out += " stroke-miterlimit=\"\(stroke.miterLimit)\""
    if !stroke.dash.isEmpty {
      out +=
        " stroke-dasharray=\"\(stroke.dash.map { "\($0)" }.joined(separator: " "))\" stroke-dashoffset=\"\(stroke.dashPhase)\""
    }
    return out
  }

  /// A path's elements as SVG path data.
  static func data(_ path: Path) -> String {
    func p(_ q: CGPoint) -> String { "\(q.x) \(q.y)" }
    return path.elements.map {
      switch $0 {
      case .move(let a): return "M" + p(a)
      case .line(let a): return "L" + p(a)
      case .quadCurve(let a, let c): return "Q" + p(c) + " " + p(a)
      case .curve(let a, let c1, let c2): return "C" + p(c1) + " " + p(c2) + " " + p(a)
      case .closeSubpath: return "Z"
      }
    }.joined(separator: " ")
  }
}
