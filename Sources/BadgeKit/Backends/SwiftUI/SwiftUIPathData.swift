// The SwiftUI writer's SVG path data: `path("M…", viewBox:)` in, a use of
// `SVGPath` out, and the `SVGPath` shape itself, written into the file
// when a badge uses path data (SwiftUI's `Path` has no parser for it). The
// shape reads the data as badgec does (SVG 1.1's grammar; arcs as cubics
// by the implementation notes, F.6.5–F.6.6), up to its first error as SVG
// renderers do, and fits the view box into its frame as `xMidYMid meet`.

extension SwiftUIWriter {
  /// `path(data, viewBox:)` as `SVGPath(data, viewBox: CGRect(…))`.
  func pathDataShape(_ args: [Argument], at range: SourceRange) throws -> String {
    guard let type = extraShapes["path"] else {
      throw SwiftUIProblem(what: "this path data", range: range)
    }
    let data = args.first { $0.label == "data" } ?? args.first { $0.label == nil }
    guard let data else { throw SwiftUIProblem(what: "path data without its string", range: range) }
    var text = "\(type)(\(try expressions.string(data.value))"
    if let box = args.first(where: { $0.label == "viewBox" }) {
      guard case .tuple(let items) = box.value.kind, items.count == 4 else {
        throw SwiftUIProblem(what: "a view box that is not (x, y, width, height) written out", range: box.range)
      }
      let v = try items.map { (e) throws in try expressions.number(e) }
      text += ", viewBox: CGRect(x: \(v[0]), y: \(v[1]), width: \(v[2]), height: \(v[3]))"
    }
    return text + ")"
  }

  /// Whether `block`, or a view it holds (in stacks, readers, repeats,
  /// conditions, modifiers' blocks and view arguments), is an element
  /// for which `test` is true.
  static func holds(_ block: Block, _ test: (Element) -> Bool) -> Bool {
    var found = false
    func items(_ list: [BlockItem]) {
      for item in list where !found {
        switch item {
        case .let(let d): expr(d.value)
        case .element(let e): element(e)
        case .conditional(let i):
          items(i.then.items)
          if let o = i.otherwise { items(o.items) }
        }
      }
    }
    func expr(_ e: Expr) {
      if case .view(let el) = e.kind { element(el) }
      for child in e.children { expr(child) }
    }
    func element(_ e: Element) {
      if test(e) {
        found = true
        return
      }
      switch e.primary {
      case .call(_, _, let args): for a in args { expr(a.value) }
      case .stack(let s): items(s.body.items)
      case .geometry(let b): items(b.items)
      case .repeat(_, _, _, let body, _): items(body.items)
      case .path, .pathData: break
      }
      for m in e.modifiers {
        for a in m.arguments { expr(a.value) }
        if let c = m.content { items(c.items) }
      }
    }
    items(block.items)
    return found
  }

  /// The `SVGPath` shape and its reader, named `type`.
  static func pathDataShapeSource(_ type: String) -> [String] {
    [
      "/// SVG path data as a Shape (SwiftUI's Path has no parser for it): the",
      "/// data's coordinates are points of the frame, or its view box is fitted",
      "/// into the frame as SVG's xMidYMid meet (scaled to fit, centred). Read as",
      "/// SVG 1.1 reads it (M L H V C S Q T A Z), up to its first error.",
      "struct \(type): Shape {",
      "  var data: String",
      "  var viewBox: CGRect? = nil",
      "",
      "  init(_ data: String, viewBox: CGRect? = nil) {",
      "    self.data = data",
      "    self.viewBox = viewBox",
      "  }",
      "",
      "  func path(in rect: CGRect) -> Path {",
      "    var (scale, dx, dy) = (1.0, Double(rect.minX), Double(rect.minY))",
      "    if let box = viewBox, box.width > 0, box.height > 0 {",
      "      scale = Double(min(rect.width / box.width, rect.height / box.height))",
      "      dx += (Double(rect.width) - Double(box.width) * scale) / 2 - Double(box.minX) * scale",
      "      dy += (Double(rect.height) - Double(box.height) * scale) / 2 - Double(box.minY) * scale",
      "    }",
      "    return Self.read(data) { x, y in CGPoint(x: dx + x * scale, y: dy + y * scale) }",
      "  }",
      "",
      "  /// The path of `data`, each point placed by `place`.",
      "  static func read(_ data: String, _ place: (Double, Double) -> CGPoint) -> Path {",
      "    let b = Array(data.utf8)",
      "    var i = 0",
      "    var path = Path()",
      "    var (x, y, startX, startY) = (0.0, 0.0, 0.0, 0.0)",
      "    // The last control point of a cubic or a quadratic, for S and T.",
      "    var lastCubic: (Double, Double)? = nil",
      "    var lastQuad: (Double, Double)? = nil",
      "    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }",
      "    func skipSpaces() { while i < b.count, [9, 10, 12, 13, 32].contains(b[i]) { i += 1 } }",
      "    func separator() {",
      "      skipSpaces()",
      "      if i < b.count, b[i] == 44 {",
      "        i += 1",
      "        skipSpaces()",
      "      }",
      "    }",
      "    func number() -> Double? {",
      "      separator()",
      "      let begin = i",
      "      if i < b.count, b[i] == 43 || b[i] == 45 { i += 1 }",
      "      var digits = 0",
      "      while i < b.count, isDigit(b[i]) { (i, digits) = (i + 1, digits + 1) }",
      "      if i < b.count, b[i] == 46 {",
      "        i += 1",
      "        while i < b.count, isDigit(b[i]) { (i, digits) = (i + 1, digits + 1) }",
      "      }",
      "      guard digits > 0 else { return nil }",
      "      if i < b.count, b[i] == 101 || b[i] == 69 {",
      "        var j = i + 1",
      "        if j < b.count, b[j] == 43 || b[j] == 45 { j += 1 }",
      "        if j < b.count, isDigit(b[j]) {",
      "          i = j",
      "          while i < b.count, isDigit(b[i]) { i += 1 }",
      "        }",
      "      }",
      "      return Double(String(decoding: b[begin..<i], as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }",
      "    }",
      "    func numbers(_ n: Int) -> [Double]? {",
      "      var out: [Double] = []",
      "      for _ in 0..<n {",
      "        guard let v = number() else { return nil }",
      "        out.append(v)",
      "      }",
      "      return out",
      "    }",
      "    func flag() -> Bool? {",
      "      separator()",
      "      guard i < b.count, b[i] == 48 || b[i] == 49 else { return nil }",
      "      i += 1",
      "      return b[i - 1] == 49",
      "    }",
      "    func line(_ px: Double, _ py: Double) {",
      "      path.addLine(to: place(px, py))",
      "      (x, y, lastCubic, lastQuad) = (px, py, nil, nil)",
      "    }",
      "    func cubic(_ c1: (Double, Double), _ c2: (Double, Double), _ px: Double, _ py: Double) {",
      "      path.addCurve(to: place(px, py), control1: place(c1.0, c1.1), control2: place(c2.0, c2.1))",
      "      (x, y, lastCubic, lastQuad) = (px, py, c2, nil)",
      "    }",
      "    func quad(_ c: (Double, Double), _ px: Double, _ py: Double) {",
      "      path.addQuadCurve(to: place(px, py), control: place(c.0, c.1))",
      "      (x, y, lastCubic, lastQuad) = (px, py, nil, c)",
      "    }",
      "    func reflected(_ c: (Double, Double)?) -> (Double, Double) {",
      "      c.map { (2 * x - $0.0, 2 * y - $0.1) } ?? (x, y)",
      "    }",
      "    // An elliptical arc as cubics of at most a quarter turn each.",
      "    func arc(_ r: [Double], _ large: Bool, _ sweep: Bool, _ px: Double, _ py: Double) {",
      "      guard x != px || y != py else { return }",
      "      var (rx, ry) = (abs(r[0]), abs(r[1]))",
      "      guard rx > 0, ry > 0 else { return line(px, py) }",
      "      let phi = r[2].truncatingRemainder(dividingBy: 360) * Double.pi / 180",
      "      let (cp, sp) = (cos(phi), sin(phi))",
      "      let (hx, hy) = ((x - px) / 2, (y - py) / 2)",
      "      let (x1, y1) = (cp * hx + sp * hy, -sp * hx + cp * hy)",
      "      let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)",
      "      if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }",
      "      let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1",
      "      let den = rx * rx * y1 * y1 + ry * ry * x1 * x1",
      "      var k = den > 0 ? (max(0, num) / den).squareRoot() : 0",
      "      if large == sweep { k = -k }",
      "      let (cx1, cy1) = (k * rx * y1 / ry, -k * ry * x1 / rx)",
      "      let cx = cp * cx1 - sp * cy1 + (x + px) / 2",
      "      let cy = sp * cx1 + cp * cy1 + (y + py) / 2",
      "      func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {",
      "        atan2(ux * vy - uy * vx, ux * vx + uy * vy)",
      "      }",
      "      let theta = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)",
      "      var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)",
      "      if !sweep && delta > 0 { delta -= 2 * Double.pi }",
      "      if sweep && delta < 0 { delta += 2 * Double.pi }",
      "      guard delta.isFinite, theta.isFinite, cx.isFinite, cy.isFinite else { return line(px, py) }",
      "      let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))",
      "      let step = delta / Double(pieces)",
      "      let handle = 4 / 3 * tan(step / 4)",
      "      // A point of the ellipse at t, and the derivative there.",
      "      func at(_ t: Double) -> (Double, Double, Double, Double) {",
      "        let (ct, st) = (cos(t), sin(t))",
      "        return (",
      "          cx + rx * ct * cp - ry * st * sp, cy + rx * ct * sp + ry * st * cp,",
      "          -rx * st * cp - ry * ct * sp, -rx * st * sp + ry * ct * cp",
      "        )",
      "      }",
      "      var a = at(theta)",
      "      for n in 1...pieces {",
      "        var e = at(n == pieces ? theta + delta : theta + Double(n) * step)",
      "        if n == pieces { (e.0, e.1) = (px, py) }",
      "        cubic((a.0 + handle * a.2, a.1 + handle * a.3), (e.0 - handle * e.2, e.1 - handle * e.3), e.0, e.1)",
      "        a = e",
      "      }",
      "      lastCubic = nil",
      "    }",
      "    var command: UInt8 = 0",
      "    while true {",
      "      skipSpaces()",
      "      guard i < b.count else { break }",
      "      if \"MmLlHhVvCcSsQqTtAaZz\".utf8.contains(b[i]) {",
      "        guard command != 0 || b[i] | 0x20 == 109 else { break }",
      "        command = b[i]",
      "        i += 1",
      "        if command | 0x20 == 122 {",
      "          path.closeSubpath()",
      "          (x, y, lastCubic, lastQuad) = (startX, startY, nil, nil)",
      "          continue",
      "        }",
      "      } else if command == 0 || command | 0x20 == 122 {",
      "        break",
      "      }",
      "      let relative = command >= 97",
      "      let (ox, oy) = relative ? (x, y) : (0, 0)",
      "      switch command | 0x20 {",
      "      case 109:  // m",
      "        guard let v = numbers(2) else { return path }",
      "        (x, y, lastCubic, lastQuad) = (ox + v[0], oy + v[1], nil, nil)",
      "        (startX, startY) = (x, y)",
      "        path.move(to: place(x, y))",
      "        command = relative ? 108 : 76  // further pairs are lines",
      "      case 108:  // l",
      "        guard let v = numbers(2) else { return path }",
      "        line(ox + v[0], oy + v[1])",
      "      case 104:  // h",
      "        guard let v = numbers(1) else { return path }",
      "        line(ox + v[0], y)",
      "      case 118:  // v",
      "        guard let v = numbers(1) else { return path }",
      "        line(x, oy + v[0])",
      "      case 99:  // c",
      "        guard let v = numbers(6) else { return path }",
      "        cubic((ox + v[0], oy + v[1]), (ox + v[2], oy + v[3]), ox + v[4], oy + v[5])",
      "      case 115:  // s",
      "        guard let v = numbers(4) else { return path }",
      "        cubic(reflected(lastCubic), (ox + v[0], oy + v[1]), ox + v[2], oy + v[3])",
      "      case 113:  // q",
      "        guard let v = numbers(4) else { return path }",
      "        quad((ox + v[0], oy + v[1]), ox + v[2], oy + v[3])",
      "      case 116:  // t",
      "        guard let v = numbers(2) else { return path }",
      "        quad(reflected(lastQuad), ox + v[0], oy + v[1])",
      "      default:  // a",
      "        guard let r = numbers(3), let large = flag(), let sweep = flag(), let p = numbers(2) else { return path }",
      "        arc(r, large, sweep, ox + p[0], oy + p[1])",
      "      }",
      "    }",
      "    return path",
      "  }",
      "}",
      "",
    ]
  }
}
