// The Type 2 charstring interpreter: a glyph's charstring in, its outline
// out as contours of lines and cubic segments. It runs the path operators,
// follows calls into global and local subroutines (with their bias), skips
// hints (counting stems to know how long a hintmask is) and the advance
// width that may lead the first operator's arguments, and does the
// arithmetic operators. Work is bounded: 48 arguments, subroutines nested
// 10 deep, and a budget of operations per glyph.

/// The state of one run of a charstring: the argument stack, the current
/// point (font units, y up), the commands drawn so far, and what the hints
/// and the width have taken.
struct CharStringInterpreter {
  let glyph: Int
  let global: CFFIndex
  let local: CFFIndex

  /// The most arguments on the stack.
  static let maxStack = 48
  /// How deep subroutine calls may nest.
  static let maxDepth = 10
  /// The most operators and operands one glyph may run, all subroutine
  /// calls counted.
  static let maxOperations = 100_000

  /// The arguments, bottom first.
  var stack: [Double] = []
  var x = 0.0
  var y = 0.0
  var commands: [GlyphCommand] = []
  /// Whether a contour is open (a move has been drawn and not closed).
  var open = false
  /// Stem hints declared so far: the size of a hintmask.
  var stems = 0
  /// Whether the first stack-clearing operator, which may carry the
  /// width, has run.
  var widthSeen = false
  var budget = maxOperations
  /// The transient array of `put` and `get`.
  var transient = [Double](repeating: 0, count: 32)

  init(glyph: Int, global: CFFIndex, local: CFFIndex) {
    (self.glyph, self.global, self.local) = (glyph, global, local)
    stack.reserveCapacity(CharStringInterpreter.maxStack)
    commands.reserveCapacity(64)
  }

  /// Runs the glyph's charstring to its endchar (or its end).
  mutating func run(_ code: FontBytes) throws(FontError) {
    _ = try execute(code, depth: 0)
    closeContour()
  }

  private func fail(_ what: String) -> FontError { .badCharString(glyph, what) }

  /// Runs `code`; true when it reached endchar (so every caller stops),
  /// false when it returned.
  private mutating func execute(_ code: FontBytes, depth: Int) throws(FontError) -> Bool {
    var at = 0
    while at < code.count {
      budget -= 1
      guard budget >= 0 else { throw .glyphTooComplex(glyph, limit: CharStringInterpreter.maxOperations) }
      guard let b0 = code.u8(at) else { break }
      at += 1
      if b0 >= 32 || b0 == 28 {
        let value: Double
        switch b0 {
        case 28:
          guard let v = code.i16(at) else { throw fail("a number is cut short") }
          value = Double(v)
          at += 2
        case 32...246:
          value = Double(b0 - 139)
        case 247...250:
          guard let b1 = code.u8(at) else { throw fail("a number is cut short") }
          value = Double((b0 - 247) * 256 + b1 + 108)
          at += 1
        case 251...254:
          guard let b1 = code.u8(at) else { throw fail("a number is cut short") }
          value = Double(-(b0 - 251) * 256 - b1 - 108)
          at += 1
        default:  // 255: 16.16 fixed
          guard let v = code.i32(at) else { throw fail("a number is cut short") }
          value = Double(v) / 65_536
          at += 4
        }
        try push(value)
        continue
      }
      switch b0 {
      case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
        takeOddWidth()
        stems += stack.count / 2
        stack.removeAll(keepingCapacity: true)
      case 19, 20:  // hintmask, cntrmask: stems given just before are vstems
        takeOddWidth()
        stems += stack.count / 2
        stack.removeAll(keepingCapacity: true)
        at += (stems + 7) / 8
        guard at <= code.count else { throw fail("a hintmask is cut short") }
      case 21:  // rmoveto
        takeWidth(beyond: 2)
        let a = try arguments(2, "rmoveto")
        moveBy(a[0], a[1])
      case 22:  // hmoveto
        takeWidth(beyond: 1)
        moveBy(try arguments(1, "hmoveto")[0], 0)
      case 4:  // vmoveto
        takeWidth(beyond: 1)
        moveBy(0, try arguments(1, "vmoveto")[0])
      case 5:  // rlineto
        var i = 0
        while i + 1 < stack.count {
          lineBy(stack[i], stack[i + 1])
          i += 2
        }
        stack.removeAll(keepingCapacity: true)
      case 6, 7:  // hlineto, vlineto: alternating directions
        var horizontal = b0 == 6
        for d in stack {
          if horizontal { lineBy(d, 0) } else { lineBy(0, d) }
          horizontal.toggle()
        }
        stack.removeAll(keepingCapacity: true)
      case 8:  // rrcurveto
        var i = 0
        while i + 5 < stack.count {
          curveBy(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5])
          i += 6
        }
        stack.removeAll(keepingCapacity: true)
      case 24:  // rcurveline: curves, then a line
        var i = 0
        while i + 7 < stack.count {
          curveBy(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5])
          i += 6
        }
        if i + 1 < stack.count { lineBy(stack[i], stack[i + 1]) }
        stack.removeAll(keepingCapacity: true)
      case 25:  // rlinecurve: lines, then a curve
        var i = 0
        while i + 7 < stack.count {
          lineBy(stack[i], stack[i + 1])
          i += 2
        }
        if i + 5 < stack.count {
          curveBy(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5])
        }
        stack.removeAll(keepingCapacity: true)
      case 26:  // vvcurveto: [dx1] {dya dxb dyb dyc}+
        var i = stack.count % 4 == 1 ? 1 : 0
        var dx1 = i == 1 ? stack[0] : 0
        while i + 3 < stack.count {
          curveBy(dx1, stack[i], stack[i + 1], stack[i + 2], 0, stack[i + 3])
          dx1 = 0
          i += 4
        }
        stack.removeAll(keepingCapacity: true)
      case 27:  // hhcurveto: [dy1] {dxa dxb dyb dxc}+
        var i = stack.count % 4 == 1 ? 1 : 0
        var dy1 = i == 1 ? stack[0] : 0
        while i + 3 < stack.count {
          curveBy(stack[i], dy1, stack[i + 1], stack[i + 2], stack[i + 3], 0)
          dy1 = 0
          i += 4
        }
        stack.removeAll(keepingCapacity: true)
      case 30, 31:  // vhcurveto, hvcurveto: curves turning by quarter turns
        var horizontal = b0 == 31
        var i = 0
        while i + 3 < stack.count {
          let last = stack.count - i == 5 ? stack[i + 4] : 0
          if horizontal {
            curveBy(stack[i], 0, stack[i + 1], stack[i + 2], last, stack[i + 3])
          } else {
            curveBy(0, stack[i], stack[i + 1], stack[i + 2], stack[i + 3], last)
          }
          horizontal.toggle()
          i += 4
        }
        stack.removeAll(keepingCapacity: true)
      case 10, 29:  // callsubr, callgsubr
        let subrs = b0 == 10 ? local : global
        guard let n = stack.popLast() else { throw fail("a subroutine call has no index") }
        guard depth < CharStringInterpreter.maxDepth else {
          throw fail("subroutines nest more than \(CharStringInterpreter.maxDepth) deep")
        }
        guard n.magnitude < 100_000, let subr = subrs.item(Int(n) + subrs.bias) else {
          throw fail("it calls subroutine \(n) of \(subrs.count)")
        }
        if try execute(subr, depth: depth + 1) { return true }
      case 11:  // return
        return false
      case 14:  // endchar (a seac accent, four arguments, is not drawn)
        takeOddWidth()
        stack.removeAll(keepingCapacity: true)
        return true
      case 12:
        guard let b1 = code.u8(at) else { throw fail("an operator is cut short") }
        at += 1
        try escaped(b1)
      default:
        throw fail("unknown operator \(b0)")
      }
    }
    return false
  }

  /// The two-byte operators: flexes, the arithmetic, and dotsection.
  private mutating func escaped(_ op: Int) throws(FontError) {
    switch op {
    case 35:  // flex
      let a = try arguments(13, "flex")
      curveBy(a[0], a[1], a[2], a[3], a[4], a[5])
      curveBy(a[6], a[7], a[8], a[9], a[10], a[11])
    case 34:  // hflex
      let a = try arguments(7, "hflex")
      curveBy(a[0], 0, a[1], a[2], a[3], 0)
      curveBy(a[4], 0, a[5], -a[2], a[6], 0)
    case 36:  // hflex1
      let a = try arguments(9, "hflex1")
      curveBy(a[0], a[1], a[2], a[3], a[4], 0)
      curveBy(a[5], 0, a[6], a[7], a[8], -(a[1] + a[3] + a[7]))
    case 37:  // flex1: the last point returns to the start's x or y
      let a = try arguments(11, "flex1")
      let dx = a[0] + a[2] + a[4] + a[6] + a[8]
      let dy = a[1] + a[3] + a[5] + a[7] + a[9]
      curveBy(a[0], a[1], a[2], a[3], a[4], a[5])
      if dx.magnitude > dy.magnitude {
        curveBy(a[6], a[7], a[8], a[9], a[10], -dy)
      } else {
        curveBy(a[6], a[7], a[8], a[9], -dx, a[10])
      }
    case 0:  // dotsection (deprecated hint)
      stack.removeAll(keepingCapacity: true)
    default:
      try arithmetic(op)
    }
  }

  /// The arithmetic and storage operators; each works on the top of the
  /// stack and leaves its result there.
  private mutating func arithmetic(_ op: Int) throws(FontError) {
    func pop() throws(FontError) -> Double {
      guard let v = stack.popLast() else { throw fail("operator 12 \(op) has too few arguments") }
      return v
    }
    switch op {
    case 3:  // and
      let b = try pop()
      let a = try pop()
      try push(a != 0 && b != 0 ? 1 : 0)
    case 4:  // or
      let b = try pop()
      let a = try pop()
      try push(a != 0 || b != 0 ? 1 : 0)
    case 5: try push(try pop() == 0 ? 1 : 0)  // not
    case 9: try push(try pop().magnitude)  // abs
    case 10: try push(try pop() + pop())  // add
    case 11:  // sub
      let b = try pop()
      try push(try pop() - b)
    case 12:  // div
      let b = try pop()
      let a = try pop()
      try push(b == 0 ? 0 : a / b)
    case 14: try push(-(try pop()))  // neg
    case 15: try push(try pop() == pop() ? 1 : 0)  // eq
    case 18: _ = try pop()  // drop
    case 20:  // put
      let i = try pop()
      let v = try pop()
      if i >= 0 && i < 32 { transient[Int(i)] = v }
    case 21:  // get
      let i = try pop()
      try push(i >= 0 && i < 32 ? transient[Int(i)] : 0)
    case 22:  // ifelse
      let v2 = try pop()
      let v1 = try pop()
      let s2 = try pop()
      let s1 = try pop()
      try push(v1 <= v2 ? s1 : s2)
    case 23: try push(0.5)  // random: a fixed value, so drawings repeat
    case 24: try push(try pop() * pop())  // mul
    case 26:  // sqrt
      let a = try pop()
      try push(a > 0 ? a.squareRoot() : 0)
    case 27:  // dup
      let a = try pop()
      try push(a)
      try push(a)
    case 28:  // exch
      let b = try pop()
      let a = try pop()
      try push(b)
      try push(a)
    case 29:  // index
      let i = try pop()
      let n = stack.count
      let k = i < 0 || i >= Double(n) ? 0 : Int(i)
      guard n > 0 else { throw fail("operator index has too few arguments") }
      try push(stack[n - 1 - k])
    case 30:  // roll
      let j = try pop()
      let n = try pop()
      guard n >= 0, n <= Double(stack.count), j.magnitude < 1e6 else { throw fail("operator roll is out of range") }
      let count = Int(n)
      if count > 0 {
        let shift = ((Int(j) % count) + count) % count
        let tail = Array(stack.suffix(count))
        stack.removeLast(count)
        stack += tail.suffix(shift) + tail.prefix(count - shift)
      }
    default:
      throw fail("unknown operator 12 \(op)")
    }
  }

  private mutating func push(_ v: Double) throws(FontError) {
    guard stack.count < CharStringInterpreter.maxStack else {
      throw fail("more than \(CharStringInterpreter.maxStack) arguments")
    }
    guard v.isFinite, v.magnitude < 1e9 else { throw fail("a number is out of range") }
    stack.append(v)
  }

  /// The first `count` arguments, clearing the stack; an error when there
  /// are fewer.
  private mutating func arguments(_ count: Int, _ op: String) throws(FontError) -> [Double] {
    guard stack.count >= count else { throw fail("\(op) takes \(count) arguments, found \(stack.count)") }
    let a = Array(stack.prefix(count))
    stack.removeAll(keepingCapacity: true)
    return a
  }

  /// At the first stack-clearing operator, drops the width that leads its
  /// arguments: when their count is odd (hints, endchar) or more than the
  /// operator takes (moves).
  private mutating func takeOddWidth() {
    if !widthSeen && stack.count % 2 == 1 { stack.removeFirst() }
    widthSeen = true
  }

  private mutating func takeWidth(beyond count: Int) {
    if !widthSeen && stack.count > count { stack.removeFirst() }
    widthSeen = true
  }

  // MARK: Drawing

  private mutating func closeContour() {
    if open { commands.append(.close) }
    open = false
  }

  private mutating func moveBy(_ dx: Double, _ dy: Double) {
    closeContour()
    x += dx
    y += dy
    commands.append(.move(x, y))
    open = true
  }

  /// A contour drawn without a move starts at the current point.
  private mutating func ensureOpen() {
    if !open {
      commands.append(.move(x, y))
      open = true
    }
  }

  private mutating func lineBy(_ dx: Double, _ dy: Double) {
    ensureOpen()
    x += dx
    y += dy
    commands.append(.line(x, y))
  }

  private mutating func curveBy(
    _ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double
  ) {
    ensureOpen()
    let x1 = x + dx1
    let y1 = y + dy1
    let x2 = x1 + dx2
    let y2 = y1 + dy2
    x = x2 + dx3
    y = y2 + dy3
    commands.append(.cubic(x1, y1, x2, y2, x, y))
  }
}
