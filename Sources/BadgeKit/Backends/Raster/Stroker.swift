// Stroking: a scene path and a stroke style in, the outline of the stroke
// out, as closed polygons in the path's own frame to be filled non-zero
// (SVG 1.1 stroking, with tiny-skia's choices where SVG leaves room).
//
// The path is cut into runs (its subpaths, or its dashes), each run is
// flattened into a polyline, and each polyline is outlined: the left
// offsets forward, the end cap, the right offsets backward, the start cap
// (a closed run gives two contours instead, the left forward and the right
// backward). Curves are flattened as Flatten.swift does, except that the
// first and last steps are replaced by their control polygons, whose end
// legs lie exactly along the curve's end tangents: caps and joins face the
// true directions (a curve on a line, to a hair, is stroked as lines
// instead: StrokeReduction.swift). Vertices inside a curve get round joins,
// and on their inner side follow the curve's offset; vertices between
// segments get the style's join.
//
// Why non-zero filling gives the union: with every inner join drawn through
// the vertex (the pivot), a contour's winding is the sum of one rectangle
// per piece, one wedge per outer join and the caps, all turning the same
// way, so it is never negative and never zero inside the stroke. Joining
// the inner offsets at their crossing instead takes away one turn around
// the kite between the crossing and the vertex, which is allowed when both
// pieces' rectangles hold the kite: the outline then does not overlap
// itself there (overlaps count twice at the edge of a pixel's coverage).

/// Turns a path and a stroke style into the outline of the stroke.
enum Stroker {
  /// The outline of `path` stroked with `style`, as closed polygons (a
  /// ScenePath of move/line/close only) in the same frame as `path`, to be
  /// filled with the non-zero rule. `tolerance` is the largest distance (in
  /// the path's frame units) allowed between the true outline (curves,
  /// round joins and caps) and the polygons.
  static func outline(_ path: ScenePath, _ style: StrokeStyle, tolerance: Double) -> ScenePath {
    var overlapping = false
    var budget = Budget()
    return outline(path, style, tolerance: tolerance, overlapping: &overlapping, budget: &budget)
  }

  /// The most points one stroke's outline may take: about 60 MB, and
  /// half a second of outlining dashes (a run per dash) at the most.
  static let maximumOutlinePoints = 1_000_000

  /// What strokes may still make, shared by every stroke of an image:
  /// dashes (and intervals walked), and outline points.
  struct Budget {
    var dashes = DashPattern.maximumDashes
    var steps = 4 * DashPattern.maximumDashes
    var points = Int.max
    /// Whether a stroke stopped because the dashes ran out.
    var tooManyDashes = false
    /// Whether a stroke stopped because its outline grew past `points`.
    var tooManyPoints = false
  }

  /// The same, and whether pieces of the outline overlap one another
  /// (where the path turns straight back on itself): exact coverage would
  /// count such pixels twice along the edges, so the caller draws them in
  /// strips. Stops (and says so in `budget`) when the dashes or the
  /// outline's points run out.
  static func outline(
    _ path: ScenePath, _ style: StrokeStyle, tolerance: Double, overlapping: inout Bool, budget: inout Budget
  ) -> ScenePath {
    let r = style.width / 2
    guard r > 0, r.isFinite else { return ScenePath() }
    let tol = tolerance > 0 && tolerance.isFinite ? tolerance : r / 1000
    var outliner = Outliner(radius: r, style: style, tolerance: tol)
    outliner.limit = budget.points
    if let pattern = DashPattern(style.dash, phase: style.dashPhase, joinTouching: style.cap != .butt) {
      pattern.dashes(path.subpaths, tolerance: tol, budget: &budget) { outliner.stroke($0) }
    } else {
      // A lone `move` draws nothing.
      for s in path.subpaths where !s.segments.isEmpty || s.closed {
        outliner.stroke(Run(start: s.start, segments: s.segments, closed: s.closed))
      }
    }
    overlapping = outliner.overlapping
    if outliner.overflowed || outliner.elements.count > budget.points { budget.tooManyPoints = true }
    budget.points -= min(budget.points, outliner.elements.count)
    return ScenePath(outliner.elements)
  }
}

extension Stroker {
  /// A stretch of a path to stroke as one line, in the path's frame: a
  /// subpath or a dash. A closed run's closing line is implied. A run of no
  /// length is drawn as a dot (round and square caps) facing `direction`
  /// (a unit vector).
  struct Run {
    /// Where the run starts, in the path's frame.
    var start: Point
    /// The segments from `start` on, in the path's frame.
    var segments: [ScenePath.Segment]
    /// Whether the run is a closed subpath (joined where it started).
    var closed: Bool
    /// The unit vector a dot's caps face (along +x of the frame unless
    /// the run is a dash of no length, which faces along the path).
    var direction = Point(1, 0)
  }

  /// A polyline in the path's frame: consecutive points distinct, and for
  /// each vertex whether it lies inside a curve (joined round) or between
  /// two segments (joined by the style).
  struct Polyline {
    /// The vertices, in the path's frame.
    var points: [Point] = []
    /// For each vertex, whether it lies inside a curve.
    var smooth: [Bool] = []
    /// Points closer than this (in the frame's units) are one point.
    let epsilon: Double

    mutating func add(_ p: Point, smooth s: Bool) {
      if let last = points.last, distance(last, p) <= epsilon {
        if !s { smooth[smooth.count - 1] = false }
        return
      }
      points.append(p)
      smooth.append(s)
    }

    /// Adds a segment continuing from the last point; curves are flattened
    /// within `tolerance`, their first and last steps as control polygons.
    mutating func add(_ segment: ScenePath.Segment, tolerance: Double) {
      switch segment {
      case .line(_, let p):
        add(p, smooth: false)
      case .quad(let p0, let p1, let p2):
        // (A curve on a line, to a hair, is stroked as lines.)
        if let points = StrokeReduction.quad(p0, p1, p2) {
          for (i, p) in points.enumerated() { add(p, smooth: i < points.count - 1) }
          return
        }
        let n = Flattener.segments(segment.bend / 4, tolerance)
        if n == 1 {
          add(p1, smooth: true)
        } else {
          let h = 1 / Double(n)
          guard case .quad(_, let a, let q1) = segment.split(at: h).0,
            case .quad(let qn, let b, _) = segment.split(at: 1 - h).1
          else { return }
          add(a, smooth: true)
          add(q1, smooth: true)
          for j in stride(from: 2, to: n - 1, by: 1) { add(segment.point(at: Double(j) * h), smooth: true) }
          if n > 2 { add(qn, smooth: true) }
          add(b, smooth: true)
        }
        add(p2, smooth: false)
      case .cubic(let p0, let p1, let p2, let p3):
        if let points = StrokeReduction.cubic(p0, p1, p2, p3) {
          for (i, p) in points.enumerated() { add(p, smooth: i < points.count - 1) }
          return
        }
        let n = Flattener.segments(0.75 * segment.bend, tolerance)
        if n == 1 {
          add(p1, smooth: true)
          add(p2, smooth: true)
        } else {
          let h = 1 / Double(n)
          guard case .cubic(_, let a1, let a2, let q1) = segment.split(at: h).0,
            case .cubic(let qn, let b1, let b2, _) = segment.split(at: 1 - h).1
          else { return }
          add(a1, smooth: true)
          add(a2, smooth: true)
          add(q1, smooth: true)
          for j in stride(from: 2, to: n - 1, by: 1) { add(segment.point(at: Double(j) * h), smooth: true) }
          if n > 2 { add(qn, smooth: true) }
          add(b1, smooth: true)
          add(b2, smooth: true)
        }
        add(p3, smooth: false)
      }
    }
  }

  /// Builds outline contours (in the path's frame) from runs.
  struct Outliner {
    /// Half the stroke's width, in the path's units.
    let r: Double
    /// The caps, joins and miter limit drawn (width and dashes are read
    /// before).
    let style: StrokeStyle
    /// The largest distance between the true outline and the polygons,
    /// in the path's units.
    let tolerance: Double
    /// The largest angle (radians) one step of a round join or cap turns.
    let step: Double
    /// The contours so far: move, lines, close, in the path's frame.
    private(set) var elements: [PathElement] = []
    /// The most elements worth making: past it, runs are no longer
    /// outlined (the caller reports the outline as too large).
    var limit = Int.max
    /// Whether a run was left out for passing `limit`.
    private(set) var overflowed = false
    /// Whether a polyline was cut where it turns back on itself (its
    /// pieces overlap).
    private(set) var overlapping = false

    init(radius: Double, style: StrokeStyle, tolerance: Double) {
      self.r = radius
      self.style = style
      self.tolerance = tolerance
      // A chord of angle δ on a circle of radius r lies r·(1 − cos(δ/2))
      // inside it; at most 2,048 steps make a full turn.
      let c = max(-1, 1 - tolerance / radius)
      step = min(Double.pi / 2, max(2 * Double.pi / 2048, 2 * atan2Of((1 - c * c).squareRoot(), c)))
    }

    mutating func stroke(_ run: Run) {
      guard elements.count <= limit else { return }
      var line = Polyline(epsilon: tolerance * 1e-3)
      line.add(run.start, smooth: false)
      for s in run.segments {
        line.add(s, tolerance: tolerance)
        // A run that alone would pass the limit is not outlined at all.
        if line.points.count > limit - elements.count {
          overflowed = true
          return
        }
      }
      if run.closed, line.points.count > 1, distance(line.points[line.points.count - 1], run.start) <= line.epsilon {
        line.points.removeLast()
        line.smooth.removeLast()
      }
      if line.points.count == 1 {
        dot(line.points[0], run.direction)
      } else if !splitAtReversals(line, closed: run.closed) {
        if run.closed { closed(line) } else { open(line) }
      }
    }

    /// Whether the polyline turns straight back on itself anywhere (by
    /// more than about 177°); if so, strokes it as open pieces that end
    /// there. At such a turn the join's two sides swap, and an outline
    /// drawn through it would loop over itself; SVG's join there is the
    /// end of the piece (a bevel or a miter past its limit: flat; round: a
    /// half disc), so the pieces end with that cap.
    private mutating func splitAtReversals(_ line: Polyline, closed: Bool) -> Bool {
      let p = line.points
      guard p.count >= 3 || (closed && p.count == 2) else { return false }
      func reverses(_ v: Int) -> Bool {
        let (a, b, c) = (p[(v + p.count - 1) % p.count], p[v], p[(v + 1) % p.count])
        let (u, w) = (Point(b.x - a.x, b.y - a.y), Point(c.x - b.x, c.y - b.y))
        let lengths = ((u.x * u.x + u.y * u.y) * (w.x * w.x + w.y * w.y)).squareRoot()
        return lengths > 0 && (u.x * w.x + u.y * w.y) < -0.999 * lengths
      }
      let vertices = closed ? Array(0..<p.count) : Array(1..<(p.count - 1))
      let turns = vertices.filter(reverses)
      guard let first = turns.first else { return false }
      overlapping = true
      // A closed polyline is opened at its first reversal.
      var points = p
      var smooth = line.smooth
      var cuts = turns
      if closed {
        points = Array(p[first...] + p[..<first]) + [p[first]]
        smooth = Array(line.smooth[first...] + line.smooth[..<first]) + [line.smooth[first]]
        cuts = turns.map { ($0 - first + p.count) % p.count }.filter { $0 > 0 } + [points.count - 1]
      } else {
        cuts.append(points.count - 1)
      }
      let joinCap: LineCap = style.join == .round ? .round : .butt
      var start = 0
      for cut in cuts where cut > start {
        var piece = Polyline(epsilon: line.epsilon)
        piece.points = Array(points[start...cut])
        piece.smooth = Array(smooth[start...cut])
        let startCap = start == 0 && !closed ? style.cap : joinCap
        let endCap = cut == points.count - 1 && !closed ? style.cap : joinCap
        open(piece, caps: (startCap, endCap))
        start = cut
      }
      return true
    }

    /// A run of no length: SVG draws its caps (nothing for butt caps).
    private mutating func dot(_ p: Point, _ d: Point) {
      let n = Point(-d.y, d.x)
      switch style.cap {
      case .butt: return
      case .square:
        contour([
          at(p, n, r, d, r), at(p, n, -r, d, r), at(p, n, -r, d, -r), at(p, n, r, d, -r),
        ])
      case .round:
        var pts = [at(p, n, r)]
        arc(p, from: n, turn: -Double.pi, into: &pts)
        pts.append(at(p, n, -r))
        arc(p, from: Point(-n.x, -n.y), turn: -Double.pi, into: &pts)
        contour(pts)
      }
    }

    /// Unit directions and lengths of the pieces from each point to the
    /// next (around to the first for a closed polyline).
    private func pieces(_ line: Polyline, closed: Bool) -> (dirs: [Point], lengths: [Double]) {
      let p = line.points
      let count = closed ? p.count : p.count - 1
      var dirs: [Point] = []
      var lengths: [Double] = []
      dirs.reserveCapacity(count)
      lengths.reserveCapacity(count)
      for i in 0..<count {
        let (a, b) = (p[i], p[(i + 1) % p.count])
        let l = distance(a, b)
        lengths.append(l)
        dirs.append(Point((b.x - a.x) / l, (b.y - a.y) / l))
      }
      return (dirs, lengths)
    }

    private mutating func open(_ line: Polyline, caps: (start: LineCap, end: LineCap)? = nil) {
      let p = line.points
      let (dirs, lengths) = pieces(line, closed: false)
      let last = dirs.count - 1
      var left = [at(p[0], normal(dirs[0]), r)]
      var right = [at(p[0], normal(dirs[0]), -r)]
      for v in 1..<p.count - 1 {
        join(p[v], v - 1, v, dirs, lengths, smooth: line.smooth[v], side: 1, into: &left)
        join(p[v], v - 1, v, dirs, lengths, smooth: line.smooth[v], side: -1, into: &right)
        if passesLimit(left, right) { return }
      }
      left.append(at(p[p.count - 1], normal(dirs[last]), r))
      right.append(at(p[p.count - 1], normal(dirs[last]), -r))
      var pts = left
      cap(p[p.count - 1], dirs[last], caps?.end ?? style.cap, into: &pts)
      pts += right.reversed()
      cap(p[0], Point(-dirs[0].x, -dirs[0].y), caps?.start ?? style.cap, into: &pts)
      contour(pts)
    }

    private mutating func closed(_ line: Polyline) {
      let p = line.points
      let (dirs, lengths) = pieces(line, closed: true)
      var left: [Point] = []
      var right: [Point] = []
      for v in 0..<p.count {
        let a = (v + p.count - 1) % p.count
        join(p[v], a, v, dirs, lengths, smooth: line.smooth[v], side: 1, into: &left)
        join(p[v], a, v, dirs, lengths, smooth: line.smooth[v], side: -1, into: &right)
        if passesLimit(left, right) { return }
      }
      contour(left)
      contour(right.reversed())
    }

    /// Whether the two sides of a contour being made already pass what is
    /// left of `limit` (then it is left out, and `overflowed` set): one
    /// long run's outline never takes much more memory than the limit.
    private mutating func passesLimit(_ left: [Point], _ right: [Point]) -> Bool {
      guard left.count + right.count > limit - elements.count else { return false }
      overflowed = true
      return true
    }

    /// The outline points, in order along the path, on side `side` (1: left,
    /// along the normal (−dy, dx); −1: right) of vertex `v` between pieces
    /// `a` and `b`.
    private func join(
      _ v: Point, _ a: Int, _ b: Int, _ dirs: [Point], _ lengths: [Double], smooth: Bool, side s: Double,
      into out: inout [Point]
    ) {
      let (da, db) = (dirs[a], dirs[b])
      let (na, nb) = (normal(da), normal(db))
      let cross = da.x * db.y - da.y * db.x
      let dot = da.x * db.x + da.y * db.y
      if cross == 0 && dot > 0 {
        out.append(at(v, na, s * r))
        return
      }
      // The turn from a to b; a reversal turns right, so that its round
      // join or cap goes around the far end.
      let turn = cross == 0 ? -Double.pi : atan2Of(cross, dot)
      let bisector = Point(na.x + nb.x, na.y + nb.y)
      if s * turn > 0 {
        // The inner side: the offsets' crossing when the kite between it and
        // the vertex lies in both pieces' rectangles; else, between
        // segments, the pivot (SVG's joins), and inside a curve the arc
        // that the curve's own offset sweeps there, backwards: the offset
        // curve exactly, as the SVG renderers stroke a curve (so where a
        // curve turns in less than the stroke's half width, as at a control
        // point a hair from its end, the loop that arc makes is left
        // unfilled by the non-zero rule, as they leave it).
        let reach = dot >= 0 ? abs(cross) : abs(cross) / (1 + dot)
        if reach.isFinite && lengths[a] >= r * reach && lengths[b] >= r * reach {
          out.append(at(v, bisector, s * r / (1 + dot)))
        } else if smooth {
          out.append(at(v, na, s * r))
          arc(v, from: Point(s * na.x, s * na.y), turn: turn, into: &out)
          out.append(at(v, nb, s * r))
        } else {
          out += [at(v, na, s * r), v, at(v, nb, s * r)]
        }
        return
      }
      out.append(at(v, na, s * r))
      switch smooth ? .round : style.join {
      case .bevel:
        break
      case .miter:
        // SVG: a miter longer than miterLimit × width is a bevel; the
        // miter's length over the width is 1 / cos(turn / 2).
        let cosHalf = ((1 + dot) / 2).squareRoot()
        if cosHalf * style.miterLimit >= 1 { out.append(at(v, bisector, s * r / (1 + dot))) }
      case .round:
        arc(v, from: Point(s * na.x, s * na.y), turn: turn, into: &out)
      }
      out.append(at(v, nb, s * r))
    }

    /// The cap at `p`, the end of a piece going along `d`, from its left
    /// offset point to its right one (both already in place).
    private func cap(_ p: Point, _ d: Point, _ kind: LineCap, into out: inout [Point]) {
      let n = normal(d)
      switch kind {
      case .butt: break
      case .square: out += [at(p, n, r, d, r), at(p, n, -r, d, r)]
      case .round: arc(p, from: n, turn: -Double.pi, into: &out)
      }
    }

    /// The points strictly inside the arc of radius r around `c` that
    /// starts at unit vector `u` and turns by `turn` radians (positive from
    /// +x towards +y), at most `step` apart.
    private func arc(_ c: Point, from u: Point, turn: Double, into out: inout [Point]) {
      let steps = Int(min(2048, (abs(turn) / step).rounded(.up)))
      guard steps > 1 else { return }
      let delta = turn / Double(steps)
      let (cs, sn) = (cosOf(delta), sinOf(delta))
      var w = u
      for _ in 1..<steps {
        w = Point(w.x * cs - w.y * sn, w.x * sn + w.y * cs)
        out.append(Point(c.x + r * w.x, c.y + r * w.y))
      }
    }

    /// Appends one closed contour, consecutive repeats dropped.
    private mutating func contour(_ points: [Point]) {
      var pts: [Point] = []
      pts.reserveCapacity(points.count)
      for p in points where pts.last != p { pts.append(p) }
      while pts.count > 1 && pts.last == pts.first { pts.removeLast() }
      guard pts.count >= 3 else { return }
      elements.append(.move(pts[0]))
      for p in pts.dropFirst() { elements.append(.line(p)) }
      elements.append(.close)
    }
  }

  /// A validated dash pattern: even length, finite non-negative entries with
  /// a positive sum, and the phase as the interval it starts in.
  struct DashPattern {
    /// Dash and gap lengths (path units), alternating, an even count.
    let intervals: [Double]
    /// The interval the pattern starts in, and how much of it is left.
    let firstIndex: Int
    let firstLength: Double
    /// The most dashes all subpaths together produce (about a
    /// microsecond each to cut and outline).
    static let maximumDashes = 500_000

    /// Nil for a solid line: no pattern, or one that cannot be followed.
    /// An odd-length pattern is repeated twice (SVG).
    init?(_ dash: [Double], phase: Double, joinTouching: Bool = true) {
      guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
      var intervals = dash.count % 2 == 1 ? dash + dash : dash
      let total = intervals.reduce(0, +)
      guard total > 0, total.isFinite else { return nil }
      // With round or square caps, dashes with no gap between them are one
      // dash: their union is the longer dash (a cap at the seam lies
      // inside the next dash's stroke, away from corners), and as one run
      // they do not overlap, which exact coverage would count twice along
      // the edges. Butt-capped dashes only touch, and stay apart, as SVG
      // draws them (no join where one ends on a corner).
      var merged: [Double] = []
      var phase = phase.isFinite ? phase : 0
      for k in stride(from: 0, to: intervals.count, by: 2) {
        if joinTouching && merged.count >= 2 && merged[merged.count - 1] == 0 {
          merged[merged.count - 2] += intervals[k]
          merged[merged.count - 1] = intervals[k + 1]
        } else {
          merged += [intervals[k], intervals[k + 1]]
        }
      }
      if joinTouching && merged.count > 2 && merged[merged.count - 1] == 0 {
        // The last dash runs into the first: one dash, the pattern
        // starting that much earlier.
        let last = merged[merged.count - 2]
        merged.removeLast(2)
        merged[0] += last
        phase += last
      }
      if joinTouching && merged.count == 2 && merged[1] == 0 { return nil }  // no gaps: solid
      intervals = merged
      self.intervals = intervals
      // The phase brought into [0, total): a negative phase counts back
      // from the end of the pattern.
      var offset = phase.truncatingRemainder(dividingBy: total)
      if offset < 0 { offset += total }
      if offset >= total { offset = 0 }
      // As tiny-skia: an offset exactly at the end of a non-empty interval
      // starts the next one.
      var index = 0
      var left = intervals[0]
      for (i, length) in intervals.enumerated() {
        if offset > length || (offset == length && length != 0) {
          offset -= length
        } else {
          index = i
          left = length - offset
          break
        }
      }
      firstIndex = index
      firstLength = left
    }

    /// The dashes of `subpaths` as open runs (tiny-skia's `dash`): the
    /// pattern restarts at each subpath and goes on across its segments; a
    /// subpath of no length has no dashes. On a closed subpath, a dash
    /// running into the closing point goes on into the first dash as one
    /// run (the pattern is not wrapped otherwise).
    /// Each run is handed to `body` as soon as it is known; after `limit`
    /// dashes the rest are dropped.
    func dashes(
      _ subpaths: [ScenePath.Subpath], tolerance: Double, budget shared: inout Stroker.Budget,
      _ body: (Run) -> Void
    ) {
      var budget = shared.dashes
      // Intervals walked, dashes or gaps: bounds the work when the
      // intervals are too small to move along a long path.
      var steps = shared.steps
      defer {
        shared.dashes = max(0, budget)
        shared.steps = max(0, steps)
      }
      for sub in subpaths {
        let walker = DashWalker(sub.drawn, tolerance: tolerance)
        let length = walker.length
        guard length > 0, length.isFinite else { continue }
        guard budget > 0, steps > 0 else {
          shared.tooManyDashes = true
          continue
        }
        var walk = walker
        var skipFirst = sub.closed
        var added = false
        // The last dash is held back: on a closed subpath it may go on.
        var pending: Run?
        var index = firstIndex
        var distance = 0.0
        var interval = firstLength
        while distance < length && budget > 0 && steps > 0 {
          steps -= 1
          added = false
          if index % 2 == 0 && !skipFirst {
            if let p = pending { body(p) }
            pending = walk.run(from: distance, to: distance + interval)
            budget -= 1
            added = true
          }
          distance += interval
          skipFirst = false
          index = (index + 1) % intervals.count
          interval = intervals[index]
        }
        if distance < length { shared.tooManyDashes = true }
        if sub.closed && firstIndex % 2 == 0 && budget > 0 {
          walk.restart()
          let first = walk.run(from: 0, to: firstLength)
          if added, var last = pending {
            last.segments += first.segments
            pending = last
          } else {
            if let p = pending { body(p) }
            pending = first
            budget -= 1
          }
        }
        if let p = pending { body(p) }
      }
    }
  }

  /// Walks forward along one subpath's segments, measured, cutting out the
  /// stretches between two distances (in the path's units) as runs. Only
  /// the segment last cut keeps its length table, so memory stays one
  /// number per segment.
  struct DashWalker {
    /// The subpath's segments, its closing line included, in the path's frame.
    let segments: [ScenePath.Segment]
    /// Each segment's length, and their sum (path units).
    let lengths: [Double]
    let length: Double
    /// How precisely lengths are measured (path units).
    let tolerance: Double
    /// The segment the last stretch started in, and the distance at its start.
    var index = 0
    var base = 0.0
    private var table: (index: Int, table: ScenePath.ArcTable)?

    init(_ segments: [ScenePath.Segment], tolerance: Double) {
      self.segments = segments
      self.tolerance = tolerance
      lengths = segments.map { $0.length(tolerance: tolerance) }
      length = lengths.reduce(0, +)
    }

    mutating func restart() {
      index = 0
      base = 0
    }

    /// The parameter of segment `i` at arc length `s` from its start.
    private mutating func parameter(_ i: Int, _ s: Double) -> Double {
      if s <= 0 { return 0 }
      if s >= lengths[i] { return 1 }
      if table?.index != i { table = (i, segments[i].measured(tolerance: tolerance)) }
      return table!.table.parameter(atLength: s)
    }

    /// The stretch from `a` to `b` (clamped to the subpath), moving the
    /// walk to `a` first. Distances must not go back between calls.
    mutating func run(from a: Double, to b: Double) -> Run {
      let (a, b) = (max(0, a), min(length, b))
      while index < segments.count - 1 && base + lengths[index] <= a {
        base += lengths[index]
        index += 1
      }
      let t0 = parameter(index, a - base)
      let start = segments[index].point(at: t0)
      guard b > a else {
        return Run(start: start, segments: [], closed: false, direction: direction(index, t0))
      }
      var out: [ScenePath.Segment] = []
      var (i, segmentStart) = (index, base)
      while i < segments.count {
        let segmentEnd = segmentStart + lengths[i]
        let t = i == index ? t0 : 0
        let t1 = b < segmentEnd ? parameter(i, b - segmentStart) : 1
        out.append(segments[i].part(t, t1))
        if b <= segmentEnd { break }
        segmentStart = segmentEnd
        i += 1
      }
      return Run(start: out.first?.start ?? start, segments: out, closed: false)
    }

    /// The unit direction of segment `i` at `t`, for a dash of no length.
    private func direction(_ i: Int, _ t: Double) -> Point {
      let s = segments[i]
      for d in [s.derivative(at: t), Point(s.end.x - s.start.x, s.end.y - s.start.y)] {
        let l = (d.x * d.x + d.y * d.y).squareRoot()
        if l > 0 && l.isFinite { return Point(d.x / l, d.y / l) }
      }
      return Point(1, 0)
    }
  }
}

/// The distance between two points.
private func distance(_ a: Point, _ b: Point) -> Double {
  ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
}

/// The left normal (−dy, dx) of a direction.
private func normal(_ d: Point) -> Point { Point(-d.y, d.x) }

/// `p + u·a (+ w·b)`.
private func at(_ p: Point, _ u: Point, _ a: Double, _ w: Point = Point(0, 0), _ b: Double = 0) -> Point {
  Point(p.x + u.x * a + w.x * b, p.y + u.y * a + w.y * b)
}
