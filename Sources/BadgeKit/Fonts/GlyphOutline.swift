// A glyph's outline as the font draws it: contours of lines, quadratic
// (TrueType) and cubic (CFF) Bézier segments, in font units with y up.
// The readers of 'glyf' and 'CFF ' hand these on; layout scales and
// places them.

/// One step of a glyph's outline. Coordinates are font units, y up, in
/// the glyph's own space (the origin on the baseline at the pen position).
public enum GlyphCommand: Equatable, Sendable {
  /// Starts a contour at (x, y).
  case move(Double, Double)
  /// A straight line to (x, y).
  case line(Double, Double)
  /// A quadratic Bézier: control point, then end point.
  case quad(Double, Double, Double, Double)
  /// A cubic Bézier: two control points, then end point.
  case cubic(Double, Double, Double, Double, Double, Double)
  /// Ends the contour with a straight line back to its start if it is not
  /// there already.
  case close
}

/// A glyph's outline in font units, y up: every contour starts with a
/// `move` and ends with a `close`. Empty for a glyph that draws nothing
/// (a space).
public struct GlyphOutline: Equatable, Sendable {
  public var commands: [GlyphCommand]

  public init(commands: [GlyphCommand] = []) { self.commands = commands }

  /// The smallest rectangle holding every point of the commands, control
  /// points included (so it may be larger than the drawn shape), in font
  /// units; nil when there are none.
  public var controlBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    var b: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    func add(_ x: Double, _ y: Double) {
      if let o = b {
        b = (min(o.minX, x), min(o.minY, y), max(o.maxX, x), max(o.maxY, y))
      } else {
        b = (x, y, x, y)
      }
    }
    for c in commands {
      switch c {
      case .move(let x, let y), .line(let x, let y): add(x, y)
      case .quad(let x1, let y1, let x, let y):
        add(x1, y1)
        add(x, y)
      case .cubic(let x1, let y1, let x2, let y2, let x, let y):
        add(x1, y1)
        add(x2, y2)
        add(x, y)
      case .close: break
      }
    }
    return b
  }
}
