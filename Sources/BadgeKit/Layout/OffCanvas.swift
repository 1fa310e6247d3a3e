// Shapes off the canvas, found in the layout's last step (Finishing.swift):
// a fill whose bounds on the canvas miss it draws nothing, which is a
// warning at the element that made it (with a note at the use of the
// component that placed it there), once a place. The bounds are generous,
// so that a shape reported is surely off the canvas: the path's box in its
// frame, control points included, grown by the stroke's reach, carried
// through the transform corner by corner; a blur or shadow around it must
// miss the canvas too.

/// Checks fills against the canvas.
struct OffCanvasCheck {
  /// The canvas, in points.
  let canvas: Size
  /// The box of each path already measured (in its frame), by the storage
  /// of its elements: fills of one shape share it.
  private var boxes: [UnsafeRawPointer?: (lo: Point, hi: Point)] = [:]

  init(canvas: Size) { self.canvas = canvas }

  /// The box of `f` on the canvas, `pad` points of its frame around the
  /// path; nil when it is not finite (an error elsewhere) or the path has
  /// no points.
  mutating func bounds(of f: Fill, pad: Double) -> (lo: Point, hi: Point)? {
    let key = f.path.storage
    let box: (lo: Point, hi: Point)
    if let known = boxes[key] {
      box = known
    } else {
      guard let measured = f.path.pointBox else { return nil }
      box = measured
      boxes[key] = box
    }
    guard box.lo.x <= box.hi.x, box.lo.y <= box.hi.y else { return nil }
    let corners = [
      Point(box.lo.x - pad, box.lo.y - pad), Point(box.hi.x + pad, box.lo.y - pad),
      Point(box.lo.x - pad, box.hi.y + pad), Point(box.hi.x + pad, box.hi.y + pad),
    ].map { f.transform.apply($0) }
    var lo = corners[0]
    var hi = corners[0]
    for c in corners.dropFirst() {
      lo = Point(min(lo.x, c.x), min(lo.y, c.y))
      hi = Point(max(hi.x, c.x), max(hi.y, c.y))
    }
    guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
    return (lo, hi)
  }

  /// Whether a box on the canvas, grown by `margin` points on every side,
  /// lies wholly beyond an edge (a box that only touches one is left be:
  /// a line along the edge, or a lone point at a corner).
  func misses(_ box: (lo: Point, hi: Point), margin: Double) -> Bool {
    box.hi.x + margin < 0 || box.hi.y + margin < 0 || box.lo.x - margin > canvas.width
      || box.lo.y - margin > canvas.height
  }

  /// The warning for a text whose glyphs' box on the canvas is `box`,
  /// when the canvas cuts it (by more than half a point: glyphs' curves
  /// lie inside their control points); nil when it fits.
  func cutMessage(_ text: String, _ box: (lo: Point, hi: Point)) -> Message? {
    let slack = 0.5
    guard box.lo.x < -slack || box.lo.y < -slack || box.hi.x > canvas.width + slack || box.hi.y > canvas.height + slack
    else { return nil }
    func shown(_ x: Double) -> String { Warnings.number((x * 100).rounded() / 100, percent: false) }
    let words =
      text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(39))) + "…" : text
    return .textCut(
      words, x: "\(shown(box.lo.x)) to \(shown(box.hi.x))", y: "\(shown(box.lo.y)) to \(shown(box.hi.y))",
      canvas: "\(shown(canvas.width)) × \(shown(canvas.height))")
  }

  /// The warning for a fill whose canvas box is `box`: the box's sides
  /// and the canvas, in points to two decimals.
  func message(_ box: (lo: Point, hi: Point)) -> Message {
    func shown(_ x: Double) -> String { Warnings.number((x * 100).rounded() / 100, percent: false) }
    return .outsideCanvas(
      x: "\(shown(box.lo.x)) to \(shown(box.hi.x))", y: "\(shown(box.lo.y)) to \(shown(box.hi.y))",
      canvas: "\(shown(canvas.width)) × \(shown(canvas.height))")
  }
}
