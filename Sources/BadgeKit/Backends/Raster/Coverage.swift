// Coverage: edges in, per-pixel coverage out, by exact area accumulation
// (the signed-area method of font-rs and stb_truetype v2). Each edge adds,
// row by row, the change in "area to the right of the edge" from one pixel
// to the next into an accumulation row; a running sum along the row then
// gives every pixel the winding number integrated over its area. The fill
// rule maps that to a coverage from 0 to 1. This works on one band of rows
// at a time; ReferenceCoverage.swift computes the same numbers plainly.

/// An accumulation buffer for a band of rows `y0 ..< y0 + height` of a
/// canvas `width` pixels wide.
struct CoverageBand {
  let width: Int
  var y0: Int
  /// Rows the buffer holds.
  let height: Int
  /// Rows in use for the current band (the last band may be shorter).
  var rows: Int
  /// `stride` cells a row: one per pixel plus two for edges at the right end.
  let stride: Int
  var cells: [Float]
  /// The cell ranges edges have touched since the last `clearTouched`:
  /// row (band-relative) << 48 | first cell << 24 | last cell. Sorted, they
  /// let a row be walked span by span: between touched ranges the running
  /// sum is constant.
  var touched: [UInt64] = []

  init(width: Int, y0: Int, height: Int) {
    self.width = width
    self.y0 = y0
    self.height = height
    self.rows = height
    self.stride = width + 2
    self.cells = [Float](repeating: 0, count: (width + 2) * height)
  }

  /// Adds one edge. Parts left of the canvas count as a vertical edge at
  /// x = 0 (they cover every pixel to their right); parts right of it
  /// cannot touch a pixel and are dropped.
  mutating func add(_ e: Edge) {
    if e.y0 == e.y1 { return }
    let w = Float(width)
    let crossesLeft = (e.x0 < 0) != (e.x1 < 0)
    let crossesRight = (e.x0 < w) != (e.x1 < w)
    if !crossesLeft && !crossesRight {
      addPiece(e)
      return
    }
    // Cut the edge where it crosses x = 0 and x = width.
    var ts: [Float] = [0, 1]
    if crossesLeft { ts.append((0 - e.x0) / (e.x1 - e.x0)) }
    if crossesRight { ts.append((w - e.x0) / (e.x1 - e.x0)) }
    ts.sort()
    func at(_ t: Float) -> (Float, Float) { (e.x0 + t * (e.x1 - e.x0), e.y0 + t * (e.y1 - e.y0)) }
    for i in 0..<(ts.count - 1) {
      let (a, b) = (at(ts[i]), at(ts[i + 1]))
      addPiece(Edge(a.0, a.1, b.0, b.1))
    }
  }

  /// An edge piece lying wholly left of, inside or right of the canvas.
  private mutating func addPiece(_ e: Edge) {
    var (xa, ya, xb, yb) = (e.x0, e.y0, e.x1, e.y1)
    let mid = (xa + xb) / 2
    if mid >= Float(width) || ya == yb { return }
    // Left of the canvas: a vertical edge at x = 0.
    xa = mid <= 0 ? 0 : min(max(xa, 0), Float(width))
    xb = mid <= 0 ? 0 : min(max(xb, 0), Float(width))
    // Downward edges wind +1.
    var dir: Float = 1
    if ya > yb {
      swap(&xa, &xb)
      swap(&ya, &yb)
      dir = -1
    }
    let top = Float(y0)
    let bottom = Float(y0 + rows)
    if yb <= top || ya >= bottom { return }
    let dxdy = (xb - xa) / (yb - ya)
    let firstRow = max(Int(ya.rounded(.down)), y0)
    let lastRow = min(Int(yb.rounded(.up)), y0 + rows)
    cells.withUnsafeMutableBufferPointer { buffer in
      for row in firstRow..<lastRow {
        let rowTop = max(ya, Float(row))
        let rowBottom = min(yb, Float(row + 1))
        if rowBottom <= rowTop { continue }
        let x0 = xa + (rowTop - ya) * dxdy
        let x1 = xa + (rowBottom - ya) * dxdy
        let base = buffer.baseAddress! + (row - y0) * stride
        let (c0, c1) = CoverageBand.accumulate(base, x0, x1, dir * (rowBottom - rowTop), width)
        touched.append(UInt64(row - y0) << 48 | UInt64(c0) << 24 | UInt64(c1))
      }
    }
  }

  /// Makes this the band of rows `y0 ..< y0 + rows` (in the edges' units),
  /// adds every edge that reaches into it and sorts `touched`, ready to be
  /// walked row by row.
  mutating func accumulate(_ edges: [Edge], y0: Int, rows: Int) {
    self.y0 = y0
    self.rows = rows
    let top = Float(y0)
    let bottom = Float(y0 + rows)
    for e in edges where max(e.y0, e.y1) > top && min(e.y0, e.y1) < bottom { add(e) }
    sortTouched()
  }

  /// Sorts `touched` by row, then by first cell: the rows counted into
  /// place (rows < 2¹⁶ within a band), then each row's few ranges by
  /// insertion (a general sort would allocate and compare far more). A row
  /// crossed by many ranges within a short stretch (thousands of dashes
  /// over a small image) has them merged instead, in time proportional to
  /// the ranges and the stretch: the cells they cover, as maximal runs.
  private mutating func sortTouched() {
    let n = touched.count
    guard n > 1 else { return }
    if n < 32 {
      touched.sort()
      return
    }
    var counts = [Int](repeating: 0, count: rows + 1)
    var sorted = [UInt64](repeating: 0, count: n)
    var kept = 0
    var depth: [Int32] = []
    touched.withUnsafeBufferPointer { t in
      counts.withUnsafeMutableBufferPointer { c in
        for v in t { c[Int(v >> 48) + 1] += 1 }
        for r in 0..<rows { c[r + 1] += c[r] }
        sorted.withUnsafeMutableBufferPointer { s in
          for v in t {
            let r = Int(v >> 48)
            s[c[r]] = v
            c[r] += 1
          }
          // Each row's entries now lie together: sort (or merge) them, and
          // move them down over what merging left free.
          var start = 0
          while start < n {
            let row = s[start] >> 48
            var end = start + 1
            var lo = Int.max
            var hi = 0
            while end < n && s[end] >> 48 == row { end += 1 }
            let k = end - start
            if k > 32 {
              for i in start..<end {
                lo = min(lo, Int((s[i] >> 24) & 0xFF_FFFF))
                hi = max(hi, Int(s[i] & 0xFF_FFFF))
              }
            }
            if k > 32 && hi - lo < 16 * k {
              // Many ranges on a short stretch: how many cover each cell.
              if depth.count < hi - lo + 2 { depth = [Int32](repeating: 0, count: hi - lo + 2) }
              for i in start..<end {
                depth[Int((s[i] >> 24) & 0xFF_FFFF) - lo] += 1
                depth[Int(s[i] & 0xFF_FFFF) - lo + 1] -= 1
              }
              var covered: Int32 = 0
              var runStart = -1
              for x in 0...(hi - lo + 1) {
                covered += depth[x]
                depth[x] = 0
                if covered > 0 && runStart < 0 { runStart = x }
                if covered == 0 && runStart >= 0 {
                  s[kept] = row << 48 | UInt64(runStart + lo) << 24 | UInt64(x - 1 + lo)
                  kept += 1
                  runStart = -1
                }
              }
            } else {
              if k > 32 {
                // Many ranges on one row, far apart.
                s[start..<end].sort()
              } else if k > 1 {
                for i in (start + 1)..<end {
                  let v = s[i]
                  var j = i - 1
                  while j >= start && s[j] > v {
                    s[j + 1] = s[j]
                    j -= 1
                  }
                  s[j + 1] = v
                }
              }
              if kept < start {
                for i in start..<end { s[kept + i - start] = s[i] }
              }
              kept += k
            }
            start = end
          }
        }
      }
    }
    sorted.removeLast(n - kept)
    touched = sorted
  }

  /// The winding area of every pixel of the band, row-major: the running
  /// sum of each row's cells.
  func areas() -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    for r in 0..<height {
      var sum: Float = 0
      for c in 0..<width {
        sum += cells[r * stride + c]
        out[r * width + c] = sum
      }
    }
    return out
  }

  /// Adds, for one row, the piece of an edge from x0 (at its top) to x1
  /// (at its bottom) whose height times winding is `d`. Pixel c gets the
  /// difference between its "area right of the edge" A(c) and A(c − 1).
  /// Returns the first and last cell it changed.
  @inline(__always)
  static func accumulate(_ row: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float, _ width: Int)
    -> (Int, Int)
  {
    let x0 = min(xa, xb)
    let x1 = max(xa, xb)
    let c0 = min(Int(x0), width)
    let c1 = min(max(Int(x1.rounded(.up)), c0 + 1), width + 1)
    if c1 == c0 + 1 {
      // Within one pixel the area right of the edge is linear in x.
      let a = d * (Float(c0 + 1) - (x0 + x1) * 0.5)
      row[c0] += a
      row[c0 + 1] += d - a
      return (c0, c0 + 1)
    }
    // A(c) = d · mean over x in [x0, x1] of clamp(c + 1 − x, 0, 1).
    let inverse = 1 / (x1 - x0)
    var previous: Float = 0
    for c in c0..<c1 {
      let k = Float(c + 1)
      let area = d * (rightArea(x1, k) - rightArea(x0, k)) * inverse
      row[c] += area - previous
      previous = area
    }
    row[c1] += d - previous
    return (c0, c1)
  }

  /// ∫ clamp(k − x, 0, 1) dx from −∞… up to x, less a constant: x left of
  /// the pixel [k−1, k] counts fully, inside it a falling ramp, right of it
  /// nothing.
  @inline(__always)
  static func rightArea(_ x: Float, _ k: Float) -> Float {
    if x <= k - 1 { return x }
    if x >= k { return k - 0.5 }
    let u = x - (k - 1)
    return (k - 1) + u - u * u * 0.5
  }
}

/// Maps an accumulated winding area to coverage.
@inline(__always)
func coverage(_ accumulated: Float, _ rule: FillRule) -> Float {
  switch rule {
  case .nonZero:
    return min(1, abs(accumulated))
  case .evenOdd:
    // A triangle wave: 0 at even windings, 1 at odd ones.
    let a = abs(accumulated)
    let f = a - 2 * (a * 0.5).rounded(.down)
    return f > 1 ? 2 - f : f
  }
}
