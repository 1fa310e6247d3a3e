// TrueType outlines: a glyph index in, its outline out, from the 'loca' and
// 'glyf' tables. Simple glyphs are decoded from their packed flags and
// coordinate deltas into contours of lines and quadratic segments (two
// off-curve points in a row imply the on-curve point between them);
// composite glyphs are drawn from their components, each through its own
// transform, with bounds on nesting, cycles and the total work. As in
// FreeType and HarfBuzz, a glyph whose left side bearing in 'hmtx' differs
// from its xMin is moved so that its xMin lies at the bearing.

/// The 'glyf' and 'loca' tables of a face, checked to hold an offset for
/// every glyph.
struct TrueTypeOutlines: Sendable {
  let loca: FontBytes
  let glyf: GlyphTable
  /// 'loca' holds 32-bit offsets (head.indexToLocFormat 1), else 16-bit
  /// ones that are half the byte offset.
  let longOffsets: Bool
  let numGlyphs: Int
  /// 'hmtx', for the left side bearings, and how many glyphs have their
  /// own advance there (the rest have only a bearing).
  let hmtx: FontBytes
  let numberOfHMetrics: Int

  /// How deep components may nest inside components.
  static let maxDepth = 8
  /// The most points and components one glyph may take, all components
  /// counted: a bound on the work and memory of a composite glyph that
  /// uses large composites many times over, and on what one glyph adds to
  /// a text's path (a simple glyph holds at most 65,536 points, as its
  /// 16-bit point numbers allow; real ones hold a few hundred).
  static let maxWork = 1 << 16

  init(
    loca: FontBytes, glyf: GlyphTable, indexToLocFormat: Int, numGlyphs: Int, hmtx: FontBytes, numberOfHMetrics: Int
  ) throws(FontError) {
    guard indexToLocFormat == 0 || indexToLocFormat == 1 else {
      throw .badTable("head", "unknown 'loca' format \(indexToLocFormat)")
    }
    longOffsets = indexToLocFormat == 1
    guard loca.count >= (numGlyphs + 1) * (longOffsets ? 4 : 2) else { throw .truncated("loca") }
    (self.loca, self.glyf, self.numGlyphs) = (loca, glyf, numGlyphs)
    (self.hmtx, self.numberOfHMetrics) = (hmtx, numberOfHMetrics)
  }

  /// The left side bearing of `glyph` in 'hmtx', nil when the table does
  /// not hold it.
  func leftSideBearing(_ glyph: Int) -> Int? {
    if glyph < numberOfHMetrics { return hmtx.i16(4 * glyph + 2) }
    return hmtx.i16(4 * numberOfHMetrics + 2 * (glyph - numberOfHMetrics))
  }

  /// The bytes of glyph `glyph` in 'glyf'; nil for a glyph with no data
  /// (one that draws nothing).
  func data(of glyph: Int) throws(FontError) -> FontBytes? {
    guard glyph >= 0, glyph < numGlyphs else { throw .glyphOutOfRange(glyph, count: numGlyphs) }
    let start: Int
    let end: Int
    if longOffsets {
      guard let s = loca.u32(4 * glyph), let e = loca.u32(4 * glyph + 4) else { throw .truncated("loca") }
      (start, end) = (s, e)
    } else {
      guard let s = loca.u16(2 * glyph), let e = loca.u16(2 * glyph + 2) else { throw .truncated("loca") }
      (start, end) = (2 * s, 2 * e)
    }
    guard start <= end else { throw .badTable("loca", "glyph \(glyph) ends before it starts") }
    if start == end { return nil }
    guard let bytes = glyf.range(start, end - start) else { throw .glyphEnds("glyf", glyph) }
    return bytes
  }

  func outline(of glyph: Int) throws(FontError) -> GlyphOutline {
    var drawing = Drawing(outlines: self, top: glyph)
    var placed = GlyphTransform.identity
    if let data = try data(of: glyph), let xMin = data.i16(2), let bearing = leftSideBearing(glyph) {
      placed.e = Double(bearing - xMin)
    }
    try drawing.draw(glyph, placed, depth: 0)
    return GlyphOutline(commands: drawing.commands)
  }
}

/// An affine map of font units: x' = a x + c y + e, y' = b x + d y + f.
struct GlyphTransform: Sendable {
  var a = 1.0
  var b = 0.0
  var c = 0.0
  var d = 1.0
  var e = 0.0
  var f = 0.0

  static let identity = GlyphTransform()

  var isIdentity: Bool { a == 1 && b == 0 && c == 0 && d == 1 && e == 0 && f == 0 }

  /// This map applied after `inner`.
  func after(_ inner: GlyphTransform) -> GlyphTransform {
    GlyphTransform(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
  }

  func apply(_ x: Double, _ y: Double) -> (Double, Double) {
    (a * x + c * y + e, b * x + d * y + f)
  }
}

/// The drawing of one glyph: its commands so far, the composite glyphs
/// being drawn (for cycles), and the work left.
private struct Drawing {
  let outlines: TrueTypeOutlines
  /// The glyph asked for, named in errors.
  let top: Int
  var commands: [GlyphCommand] = []
  var open: [Int] = []
  var work = TrueTypeOutlines.maxWork

  init(outlines: TrueTypeOutlines, top: Int) {
    self.outlines = outlines
    self.top = top
  }

  mutating func draw(_ glyph: Int, _ transform: GlyphTransform, depth: Int) throws(FontError) {
    guard let data = try outlines.data(of: glyph) else { return }
    guard let contours = data.i16(0) else { throw .glyphEnds("glyf", glyph) }
    if contours >= 0 {
      try simple(glyph, data, contours: contours, transform)
    } else {
      try composite(glyph, data, transform, depth: depth)
    }
  }

  // MARK: Simple glyphs

  private mutating func simple(_ glyph: Int, _ data: FontBytes, contours: Int, _ t: GlyphTransform)
    throws(FontError)
  {
    if contours == 0 { return }
    var ends: [Int] = []
    ends.reserveCapacity(contours)
    var last = -1
    for i in 0..<contours {
      guard let e = data.u16(10 + 2 * i) else { throw .glyphEnds("glyf", glyph) }
      guard e >= last else { throw .badTable("glyf", "the contours of glyph \(glyph) end out of order") }
      ends.append(e)
      last = e
    }
    let n = last + 1
    work -= n
    guard work >= 0 else { throw .glyphTooComplex(top, limit: TrueTypeOutlines.maxWork) }
    guard let instructions = data.u16(10 + 2 * contours) else { throw .glyphEnds("glyf", glyph) }
    var at = 12 + 2 * contours + instructions
    // A flag byte stands for at most 256 points (with its repeat count).
    guard data.count - at >= 0, n <= 128 * (data.count - at + 1) else { throw .glyphEnds("glyf", glyph) }

    var flags = [UInt8](repeating: 0, count: n)
    var i = 0
    while i < n {
      guard let flag = data.u8(at) else { throw .glyphEnds("glyf", glyph) }
      at += 1
      var repeats = 0
      if flag & 8 != 0 {
        guard let r = data.u8(at) else { throw .glyphEnds("glyf", glyph) }
        at += 1
        repeats = r
      }
      for _ in 0...repeats where i < n {
        flags[i] = UInt8(flag)
        i += 1
      }
    }
    var xs = [Int](repeating: 0, count: n)
    var ys = [Int](repeating: 0, count: n)
    guard let afterX = Drawing.coordinates(data, at, flags, short: 2, same: 16, into: &xs),
      Drawing.coordinates(data, afterX, flags, short: 4, same: 32, into: &ys) != nil
    else { throw .glyphEnds("glyf", glyph) }

    commands.reserveCapacity(commands.count + n + contours * 2)
    var start = 0
    for end in ends {
      if end >= start { contour(start...end, xs, ys, flags, t) }
      start = end + 1
    }
  }

  /// Decodes one axis of coordinates (deltas: a byte with the sign in the
  /// `same` bit, the previous value when `same` is set alone, else a
  /// 16-bit signed number) into absolute values; the offset after them,
  /// or nil when the data ends first.
  private static func coordinates(
    _ data: FontBytes, _ start: Int, _ flags: [UInt8], short: UInt8, same: UInt8, into values: inout [Int]
  ) -> Int? {
    var at = start
    var v = 0
    for i in 0..<flags.count {
      let flag = flags[i]
      if flag & short != 0 {
        guard let b = data.u8(at) else { return nil }
        at += 1
        v += flag & same != 0 ? b : -b
      } else if flag & same == 0 {
        guard let delta = data.i16(at) else { return nil }
        at += 2
        v += delta
      }
      values[i] = v
    }
    return at
  }

  /// One contour: from its first on-curve point (or, with none, from the
  /// midpoint of its last and first points), through lines and quadratic
  /// segments, back to that point.
  private mutating func contour(
    _ range: ClosedRange<Int>, _ xs: [Int], _ ys: [Int], _ flags: [UInt8], _ t: GlyphTransform
  ) {
    let count = range.count
    let base = range.lowerBound
    func point(_ k: Int) -> (Double, Double) {
      let i = base + k % count
      return t.apply(Double(xs[i]), Double(ys[i]))
    }
    func on(_ k: Int) -> Bool { flags[base + k % count] & 1 != 0 }
    guard let first = (0..<count).first(where: on) else {
      // No on-curve point: every segment's end is a midpoint.
      let (lx, ly) = point(count - 1)
      let (fx, fy) = point(0)
      let start = ((lx + fx) / 2, (ly + fy) / 2)
      commands.append(.move(start.0, start.1))
      for k in 0..<count {
        let (cx, cy) = point(k)
        if k == count - 1 {
          commands.append(.quad(cx, cy, start.0, start.1))
        } else {
          let (nx, ny) = point(k + 1)
          commands.append(.quad(cx, cy, (cx + nx) / 2, (cy + ny) / 2))
        }
      }
      commands.append(.close)
      return
    }
    let (sx, sy) = point(first)
    commands.append(.move(sx, sy))
    var control: (Double, Double)?
    for k in 1...count {
      let (x, y) = point(first + k)
      if on(first + k) {
        if let (cx, cy) = control {
          commands.append(.quad(cx, cy, x, y))
          control = nil
        } else if k < count {
          commands.append(.line(x, y))
        }
      } else {
        if let (cx, cy) = control { commands.append(.quad(cx, cy, (cx + x) / 2, (cy + y) / 2)) }
        control = (x, y)
      }
    }
    commands.append(.close)
  }

  // MARK: Composite glyphs

  private mutating func composite(_ glyph: Int, _ data: FontBytes, _ t: GlyphTransform, depth: Int)
    throws(FontError)
  {
    guard depth < TrueTypeOutlines.maxDepth else {
      throw .componentsTooDeep(top, limit: TrueTypeOutlines.maxDepth)
    }
    guard !open.contains(glyph) else { throw .componentCycle(top) }
    open.append(glyph)
    defer { open.removeLast() }
    var at = 10
    while true {
      work -= 1
      guard work >= 0 else { throw .glyphTooComplex(top, limit: TrueTypeOutlines.maxWork) }
      guard let flags = data.u16(at), let component = data.u16(at + 2) else { throw .glyphEnds("glyf", glyph) }
      at += 4
      var dx = 0
      var dy = 0
      if flags & 0x1 != 0 {  // ARG_1_AND_2_ARE_WORDS
        guard let a = data.i16(at), let b = data.i16(at + 2) else { throw .glyphEnds("glyf", glyph) }
        (dx, dy) = (a, b)
        at += 4
      } else {
        guard let a = data.u8(at), let b = data.u8(at + 1) else { throw .glyphEnds("glyf", glyph) }
        (dx, dy) = (a >= 128 ? a - 256 : a, b >= 128 ? b - 256 : b)
        at += 2
      }
      if flags & 0x2 == 0 { (dx, dy) = (0, 0) }  // point numbers to match: not followed
      var m = GlyphTransform()
      if flags & 0x8 != 0 {  // WE_HAVE_A_SCALE
        guard let s = data.i16(at) else { throw .glyphEnds("glyf", glyph) }
        m.a = Double(s) / 16384
        m.d = m.a
        at += 2
      } else if flags & 0x40 != 0 {  // WE_HAVE_AN_X_AND_Y_SCALE
        guard let sx = data.i16(at), let sy = data.i16(at + 2) else { throw .glyphEnds("glyf", glyph) }
        (m.a, m.d) = (Double(sx) / 16384, Double(sy) / 16384)
        at += 4
      } else if flags & 0x80 != 0 {  // WE_HAVE_A_TWO_BY_TWO
        guard let a = data.i16(at), let b = data.i16(at + 2), let c = data.i16(at + 4), let d = data.i16(at + 6)
        else { throw .glyphEnds("glyf", glyph) }
        (m.a, m.b, m.c, m.d) = (Double(a) / 16384, Double(b) / 16384, Double(c) / 16384, Double(d) / 16384)
        at += 8
      }
      if flags & 0x800 != 0 && flags & 0x1000 == 0 {  // SCALED_COMPONENT_OFFSET
        (m.e, m.f) = m.apply(Double(dx), Double(dy))
      } else {
        (m.e, m.f) = (Double(dx), Double(dy))
      }
      try draw(component, t.after(m), depth: depth + 1)
      if flags & 0x20 == 0 { break }  // MORE_COMPONENTS
    }
  }
}
