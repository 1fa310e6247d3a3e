// SVG path data: the `d` attribute's text in, path elements out (in the
// data's own coordinates), or the byte offset where it goes wrong and what
// was expected there. The whole SVG 1.1 grammar: M m L l H h V v C c S s Q q
// T t A a Z z, implicit repeated commands, numbers packed without
// separators (`1.5.5`, `010-.1`), exponents, arc flags without separators.
// Arcs become cubics as the SVG implementation notes (F.6) describe: radii
// scaled up when too small, a zero radius a straight line.

/// Reads SVG path data.
enum PathData {
  /// Where path data goes wrong: the byte offset into the text and what
  /// was expected there.
  struct Failure: Error, Equatable {
    var offset: Int
    var expected: String
    /// Whether reading stopped at the segment limit (not malformed).
    var tooMany = false
  }

  /// The elements of `text`, and its first failure if any (with the
  /// elements before it: SVG renders data up to its first error).
  static func parse(_ text: String, limit: Int = LayoutEngine.maximumSegments) -> (
    elements: [PathElement], failure: Failure?
  ) {
    var reader = Reader(Array(text.utf8))
    reader.limit = limit
    let failure = reader.run()
    return (reader.elements, failure)
  }

  private struct Reader {
    let bytes: [UInt8]
    var i = 0
    var elements: [PathElement] = []
    var current = Point(0, 0)
    var start = Point(0, 0)
    /// The last control point of a cubic or quadratic, for S and T.
    var lastCubic: Point?
    var lastQuad: Point?
    var started = false
    /// The most elements to make (the layout's segment budget): past it,
    /// reading stops with a failure.
    var limit = Int.max

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() -> Failure? {
      skipSpaces()
      if i == bytes.count { return nil }
      var command: UInt8 = 0
      var first = true
      while true {
        skipSpaces()
        if i == bytes.count { return nil }
        let c = bytes[i]
        if isCommand(c) {
          command = c
          i += 1
          if first && c != UInt8(ascii: "M") && c != UInt8(ascii: "m") {
            return Failure(offset: i - 1, expected: "a move command 'M' or 'm' first")
          }
          first = false
          if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
            close()
            continue
          }
        } else if first {
          return Failure(offset: i, expected: "a move command 'M' or 'm' first")
        } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") || command == 0 {
          return Failure(offset: i, expected: "a command letter")
        } else if !startsNumber(c) {
          return Failure(offset: i, expected: "a number or a command letter")
        }
        // One set of the command's arguments (commands repeat implicitly).
        if let f = arguments(command) { return f }
        if elements.count > limit {
          return Failure(offset: i, expected: "at most \(limit) segments", tooMany: true)
        }
        // After a move, further pairs are lines.
        if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
        if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
      }
    }

    func isCommand(_ c: UInt8) -> Bool {
      switch c {
      case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"), UInt8(ascii: "H"),
        UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"), UInt8(ascii: "C"), UInt8(ascii: "c"),
        UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"),
        UInt8(ascii: "t"), UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
        return true
      default: return false
      }
    }

    func startsNumber(_ c: UInt8) -> Bool {
      (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
        || c == UInt8(ascii: "+")
    }

    mutating func skipSpaces() {
      while i < bytes.count,
        bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D
          || bytes[i] == 0x0C
      {
        i += 1
      }
    }

    /// Spaces, then at most one comma and spaces.
    mutating func separator() {
      skipSpaces()
      if i < bytes.count && bytes[i] == UInt8(ascii: ",") {
        i += 1
        skipSpaces()
      }
    }

    /// A number: sign, digits, fraction, exponent (SVG's grammar: `1.5.5`
    /// is 1.5 then .5, `010-.1` is 010 then -.1).
    mutating func number() -> Result<Double, Failure> {
      separator()
      let begin = i
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
      var digits = 0
      while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") {
        i += 1
        digits += 1
      }
      if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
        i += 1
        while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") {
          i += 1
          digits += 1
        }
      }
      guard digits > 0 else { return .failure(Failure(offset: begin, expected: "a number")) }
      // An exponent only when digits follow (`1e` is not one; `1em` ends at 1).
      if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
        var j = i + 1
        if j < bytes.count && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) { j += 1 }
        if j < bytes.count && bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9") {
          i = j
          while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
        }
      }
      let text = String(decoding: bytes[begin..<i], as: UTF8.self)
      guard let v = Double(text), v.isFinite else {
        return .failure(Failure(offset: begin, expected: "a finite number"))
      }
      return .success(v)
    }

    /// An arc flag: a single 0 or 1, no separator needed after it.
    mutating func flag() -> Result<Bool, Failure> {
      separator()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
        return .failure(Failure(offset: i, expected: "an arc flag, 0 or 1"))
      }
      i += 1
      return .success(bytes[i - 1] == UInt8(ascii: "1"))
    }

    /// The failure of the last `numbers` that failed.
    var lastFailure = Failure(offset: 0, expected: "a number")

    mutating func numbers(_ n: Int) -> Result<[Double], Failure> {
      var out: [Double] = []
      for _ in 0..<n {
        switch number() {
        case .success(let v): out.append(v)
        case .failure(let f):
          lastFailure = f
          return .failure(f)
        }
      }
      return .success(out)
    }

    mutating func arguments(_ command: UInt8) -> Failure? {
      let relative = command >= UInt8(ascii: "a")
      let base = relative ? current : Point(0, 0)
      func at(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
      switch command | 0x20 {  // lower case
      case UInt8(ascii: "m"):
        guard case .success(let v) = numbers(2) else { return lastFailure }
        let p = at(v[0], v[1])
        elements.append(.move(p))
        current = p
        start = p
        clearControls()
      case UInt8(ascii: "l"):
        guard case .success(let v) = numbers(2) else { return lastFailure }
        line(at(v[0], v[1]))
      case UInt8(ascii: "h"):
        guard case .success(let v) = numbers(1) else { return lastFailure }
        line(Point(relative ? current.x + v[0] : v[0], current.y))
      case UInt8(ascii: "v"):
        guard case .success(let v) = numbers(1) else { return lastFailure }
        line(Point(current.x, relative ? current.y + v[0] : v[0]))
      case UInt8(ascii: "c"):
        guard case .success(let v) = numbers(6) else { return lastFailure }
        cubic(at(v[0], v[1]), at(v[2], v[3]), at(v[4], v[5]))
      case UInt8(ascii: "s"):
        guard case .success(let v) = numbers(4) else { return lastFailure }
        let c1 = lastCubic.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
        cubic(c1, at(v[0], v[1]), at(v[2], v[3]))
      case UInt8(ascii: "q"):
        guard case .success(let v) = numbers(4) else { return lastFailure }
        quad(at(v[0], v[1]), at(v[2], v[3]))
      case UInt8(ascii: "t"):
        guard case .success(let v) = numbers(2) else { return lastFailure }
        let c = lastQuad.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
        quad(c, at(v[0], v[1]))
      case UInt8(ascii: "a"):
        var v: [Double] = []
        switch numbers(3) {
        case .success(let n): v = n
        case .failure(let f): return f
        }
        var flags: [Bool] = []
        for _ in 0..<2 {
          switch flag() {
          case .success(let b): flags.append(b)
          case .failure(let f): return f
          }
        }
        switch numbers(2) {
        case .success(let n): v += n
        case .failure(let f): return f
        }
        arc(rx: v[0], ry: v[1], rotation: v[2], large: flags[0], sweep: flags[1], to: at(v[3], v[4]))
      default:
        return Failure(offset: i, expected: "a command letter")
      }
      return nil
    }

    mutating func clearControls() {
      lastCubic = nil
      lastQuad = nil
    }

    mutating func line(_ p: Point) {
      elements.append(.line(p))
      current = p
      clearControls()
    }

    mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
      elements.append(.cubic(c1: c1, c2: c2, to: p))
      current = p
      lastCubic = c2
      lastQuad = nil
    }

    mutating func quad(_ c: Point, _ p: Point) {
      elements.append(.quad(control: c, to: p))
      current = p
      lastQuad = c
      lastCubic = nil
    }

    mutating func close() {
      elements.append(.close)
      current = start
      clearControls()
    }

    /// An elliptical arc from the current point to `p` as cubics (SVG 1.1
    /// implementation notes F.6.5–F.6.6).
    mutating func arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to p: Point) {
      let p0 = current
      if p0 == p { return }  // no arc at all
      var rx = abs(rx)
      var ry = abs(ry)
      if rx == 0 || ry == 0 {
        line(p)
        return
      }
      // (Taken modulo a turn first: the sine of a huge angle is noise.)
      let phi = rotation.truncatingRemainder(dividingBy: 360) * Double.pi / 180
      let (cphi, sphi) = (cosOf(phi), sinOf(phi))
      // F.6.5.1: the midpoint in the ellipse's axes.
      let dx = (p0.x - p.x) / 2
      let dy = (p0.y - p.y) / 2
      let x1 = cphi * dx + sphi * dy
      let y1 = -sphi * dx + cphi * dy
      // F.6.6: radii too small are scaled up.
      let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
      if lambda > 1 {
        let s = lambda.squareRoot()
        rx *= s
        ry *= s
      }
      // F.6.5.2: the centre in the ellipse's axes.
      let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
      let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
      var k = den > 0 ? (max(0, num) / den).squareRoot() : 0
      if large == sweep { k = -k }
      let cx1 = k * rx * y1 / ry
      let cy1 = -k * ry * x1 / rx
      // F.6.5.3: the centre.
      let cx = cphi * cx1 - sphi * cy1 + (p0.x + p.x) / 2
      let cy = sphi * cx1 + cphi * cy1 + (p0.y + p.y) / 2
      // F.6.5.5–6: the start angle and the sweep.
      func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
        atan2Of(ux * vy - uy * vx, ux * vx + uy * vy)
      }
      let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
      var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
      if !sweep && delta > 0 { delta -= 2 * Double.pi }
      if sweep && delta < 0 { delta += 2 * Double.pi }
      // Radii so far apart that the arithmetic overflowed: a line, as for
      // radii of zero (the renderers' arcs are as undefined there).
      guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
        line(p)
        return
      }
      // Pieces of at most a quarter turn, each a cubic.
      let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
      let step = delta / Double(pieces)
      let handle = 4.0 / 3.0 * tanOf(step / 4)
      func point(_ t: Double) -> (Point, Point) {
        let (ct, st) = (cosOf(t), sinOf(t))
        // The point on the ellipse and its derivative.
        let px = cx + rx * ct * cphi - ry * st * sphi
        let py = cy + rx * ct * sphi + ry * st * cphi
        let dx = -rx * st * cphi - ry * ct * sphi
        let dy = -rx * st * sphi + ry * ct * cphi
        return (Point(px, py), Point(dx, dy))
      }
      var t = theta1
      var (a, da) = point(t)
      for n in 1...pieces {
        let t2 = n == pieces ? theta1 + delta : t + step
        var (b, db) = point(t2)
        if n == pieces { b = p }
        let c1 = Point(a.x + handle * da.x, a.y + handle * da.y)
        let c2 = Point(b.x - handle * db.x, b.y - handle * db.y)
        elements.append(.cubic(c1: c1, c2: c2, to: b))
        (a, da) = (b, db)
        t = t2
      }
      current = p
      clearControls()
    }
  }
}
