// Text that fits, as SwiftUI sets it: a straight text proposed a width
// narrower than its line wraps at spaces (a word longer than the width
// breaks between characters), starts a line at each line break, keeps at
// most `.lineLimit(n)` lines, shrinks down to `.minimumScaleFactor(f)`
// before it is truncated, and truncates its last line with `…` as
// `.truncationMode` says. Lines sit `.multilineTextAlignment` across the
// text's width, `.lineSpacing` apart. Takes a text's run, environment and
// proposal; hands on its lines as runs with their places (points, from
// the text's top-left).

/// A text set in lines.
struct TextBlock {
  /// Each line, set, with where its top-left sits in the text's frame.
  var lines: [(run: TextRun, origin: Point)]
  /// The text's size: its widest line, and its lines' heights with the
  /// spacing between them.
  var size: Size
}

extension LayoutEngine {
  /// The lines of text view `view` (already set as `run`, in one line) for
  /// a proposed `width` (nil: its ideal, unwrapped). Memoised by width.
  /// A proposed `height` keeps as many lines as fit in it (at least one),
  /// as SwiftUI's text does.
  func textBlock(_ view: ViewInstance, _ run: TextRun, width: Double?, height: Double? = nil) -> TextBlock {
    let key = BlockKey(view: reportingKey(view), width: width, height: height)
    if let known = textBlocks[key] { return known }
    let block = makeBlock(run, textEnvironment(view), width: width, height: height)
    if textBlocks.count < 100_000 { textBlocks[key] = block }
    return block
  }

  /// What a text's lines are memoised by.
  struct BlockKey: Hashable {
    var view: Int
    var width: Double?
    var height: Double?
  }

  private func makeBlock(_ run: TextRun, _ env: TextEnvironment, width: Double?, height: Double?) -> TextBlock {
    // The lines kept at a font scale: the line limit, and as many as fit
    // the proposed height at that scale (at least one).
    func kept(at scale: Double) -> Int {
      var limit = env.lineLimit ?? Int.max
      if let height, height.isFinite {
        let fit = ((height + env.lineSpacing) / (run.lineHeight * scale + env.lineSpacing) + 1e-9).rounded(.down)
        limit = min(limit, max(1, Int(min(fit, 1e9))))
      }
      return limit
    }
    var limit = kept(at: 1)
    let hasBreak = run.scalars.contains("\n")
    // One line that fits (or nothing to fit it to): as it is.
    if !hasBreak && (width == nil || run.width <= width! + 1e-9) {
      return TextBlock(lines: [(run, Point(0, 0))], size: Size(run.width, run.lineHeight))
    }
    let w = width ?? .infinity
    var set = run
    var lines = breakLines(set, width: w)
    // The largest size from 1 down to the minimum scale at which the text
    // fits its lines (SwiftUI shrinks before it truncates).
    // A smaller font may also fit more lines in the proposed height.
    if lines.count > limit && env.minimumScale < 1 {
      var smallest = resized(run, env.minimumScale)
      var tried = breakLines(smallest, width: w)
      var scale = env.minimumScale
      if tried.count <= kept(at: scale) {
        var (lo, hi) = (env.minimumScale, 1.0)
        for _ in 0..<12 {
          let mid = (lo + hi) / 2
          let candidate = resized(run, mid)
          let broken = breakLines(candidate, width: w)
          if broken.count <= kept(at: mid) {
            (lo, smallest, tried, scale) = (mid, candidate, broken, mid)
          } else {
            hi = mid
          }
        }
      }
      (set, lines, limit) = (smallest, tried, kept(at: scale))
    }
    var rows = lines.prefix(limit).map { slice(set, $0) }
    if lines.count > limit {
      // The last line kept takes what is left, cut with an ellipsis.
      rows[limit - 1] = truncated(set, from: lines[limit - 1].lowerBound, width: w, env.truncation)
    }
    if rows.isEmpty { rows = [slice(set, 0..<0)] }
    let widest = rows.map(\.width).max() ?? 0
    var out: [(run: TextRun, origin: Point)] = []
    var y = 0.0
    for (i, r) in rows.enumerated() {
      if i > 0 { y += env.lineSpacing }
      out.append((r, Point(env.alignment * (widest - r.width), y)))
      y += r.lineHeight
    }
    return TextBlock(lines: out, size: Size(widest, y))
  }

  /// `run` set again with its font size times `scale`.
  private func resized(_ run: TextRun, _ scale: Double) -> TextRun {
    let size = run.scale * Double(run.font.font.unitsPerEm) * scale
    let set = LayoutEngine.setLine(run.scalars, in: run.font.font, size: size, spacing: run.spacing)
    var r = run
    (r.glyphs, r.indices, r.width, r.scale) = (set.glyphs, set.indices, set.width, set.scale)
    r.ascent *= scale
    r.descent *= scale
    r.lineGap *= scale
    return r
  }

  /// The glyphs `range` of `run` as a line of its own: moved to start at
  /// 0, its string the characters they were set from.
  private func slice(_ run: TextRun, _ range: Range<Int>) -> TextRun {
    var r = run
    guard !range.isEmpty else {
      (r.glyphs, r.indices, r.width, r.string) = ([], [], 0, "")
      return r
    }
    let x0 = run.glyphs[range.lowerBound].x
    r.glyphs = run.glyphs[range].map { ($0.glyph, $0.x - x0, $0.advance) }
    r.indices = Array(run.indices[range])
    let last = run.glyphs[range.upperBound - 1]
    r.width = last.x + last.advance - x0
    r.string = String(
      String.UnicodeScalarView(run.scalars[run.indices[range.lowerBound]...run.indices[range.upperBound - 1]]))
    return r
  }

  /// `run`'s glyphs in lines of at most `width`: words (runs of glyphs
  /// between spaces) joined while they fit, a line started at each line
  /// break, a word wider than the width alone broken between glyphs.
  /// Spaces at a line's ends are left out. One pass over the glyphs.
  private func breakLines(_ run: TextRun, width: Double) -> [Range<Int>] {
    let g = run.glyphs
    let n = g.count
    func isSpace(_ i: Int) -> Bool { run.scalars[run.indices[i]] == " " }
    /// Whether a line break comes between glyph i − 1 and glyph i.
    func breakBefore(_ i: Int) -> Bool {
      guard i > 0 else { return false }
      for k in (run.indices[i - 1] + 1)..<run.indices[i] where run.scalars[k] == "\n" { return true }
      return false
    }
    func end(_ i: Int) -> Double { g[i].x + g[i].advance - run.spacing }
    var lines: [Range<Int>] = []
    var lineStart: Int?
    var lineEnd = 0
    var i = 0
    // Line breaks before the first glyph start empty lines.
    if n > 0 {
      for k in 0..<run.indices[0] where run.scalars[k] == "\n" { lines.append(0..<0) }
    }
    while i < n {
      if breakBefore(i) {
        lines.append(lineStart.map { $0..<lineEnd } ?? (i..<i))
        // More breaks in a row are empty lines.
        var breaks = 0
        for k in (run.indices[i - 1] + 1)..<run.indices[i] where run.scalars[k] == "\n" { breaks += 1 }
        for _ in 1..<max(1, breaks) { lines.append(i..<i) }
        lineStart = nil
      }
      if isSpace(i) {
        i += 1
        continue
      }
      let a = i
      while i < n && !isSpace(i) && !(i > a && breakBefore(i)) { i += 1 }
      let b = i
      if let s = lineStart, end(b - 1) - g[s].x <= width + 1e-9 {
        lineEnd = b
        continue
      }
      if let s = lineStart { lines.append(s..<lineEnd) }
      var from = a
      while from < b && end(b - 1) - g[from].x > width + 1e-9 {
        // At least one glyph a line, however narrow the width.
        var to = from + 1
        while to < b && end(to) - g[from].x <= width + 1e-9 { to += 1 }
        lines.append(from..<to)
        from = to
      }
      lineStart = from < b ? from : nil
      lineEnd = b
    }
    lines.append(lineStart.map { $0..<lineEnd } ?? (n..<n))
    return lines
  }

  /// The rest of `run` from glyph `first` as one line cut to fit `width`
  /// with `…`: its end (`tail`), its start (`head`) or its middle cut out.
  /// The ellipsis is set in the run's font, between the glyphs kept.
  private func truncated(_ run: TextRun, from first: Int, width: Double, _ mode: Truncation) -> TextRun {
    let g = run.glyphs
    let n = g.count
    guard first < n else { return slice(run, n..<n) }
    let x0 = g[first].x
    if run.width - x0 <= width + 1e-9 { return slice(run, first..<n) }
    let dots = LayoutEngine.setLine(
      "…", in: run.font.font, size: run.scale * Double(run.font.font.unitsPerEm), spacing: run.spacing)
    let room = max(0, width - dots.width)
    // The glyphs kept at the front: all the room for a tail cut, half for
    // a middle one, none for a head one; spaces before the ellipsis go.
    let frontRoom = mode == .tail ? room : mode == .middle ? room / 2 : 0
    var front = first
    while front < n && g[front].x + g[front].advance - x0 <= frontRoom + 1e-9 { front += 1 }
    if mode == .head { front = first }
    while front > first && run.scalars[run.indices[front - 1]] == " " { front -= 1 }
    let used = front > first ? g[front - 1].x + g[front - 1].advance - x0 : 0
    // The glyphs kept at the back, in the room left.
    var back = n
    if mode != .tail {
      while back > front && run.width - g[back - 1].x <= room - used + 1e-9 { back -= 1 }
      while back < n && run.scalars[run.indices[back]] == " " { back += 1 }
    }
    var r = slice(run, first..<front)
    var x = used
    for d in dots.glyphs { r.glyphs.append((d.glyph, x + d.x, d.advance)) }
    x += dots.width
    if back < n {
      let bx = g[back].x
      for k in back..<n { r.glyphs.append((g[k].glyph, x + g[k].x - bx, g[k].advance)) }
      x += run.width - bx
    }
    r.width = x
    let head = r.string
    let tail = back < n ? String(String.UnicodeScalarView(run.scalars[run.indices[back]...])) : ""
    r.string = head + "…" + tail
    return r
  }
}

extension String {
  /// Without spaces at its end (an ellipsis follows the last word).
  var trimmingTrailingSpaces: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
