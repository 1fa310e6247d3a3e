// Geometry value types shared by layout, the scene and the backends: points,
// sizes and affine transforms, all in points (1/72 inch at scale 1).

/// A point in some coordinate space (stated where it is used), in points.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }
}

/// An affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` from one space
/// (an element's own frame, in points) to another (usually the canvas).
public struct Transform: Hashable, Sendable {
  public var a, b, c, d, tx, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func translation(_ x: Double, _ y: Double) -> Transform {
    Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> Transform {
    Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Rotation by `radians`, clockwise on screen (y points down), as SwiftUI's
  /// `rotationEffect`.
  public static func rotation(_ radians: Double) -> Transform {
    let (s, c) = (sinOf(radians), cosOf(radians))
    return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// `lhs * rhs` applies `rhs` first, then `lhs`.
  public static func * (lhs: Transform, rhs: Transform) -> Transform {
    Transform(
      a: lhs.a * rhs.a + lhs.c * rhs.b,
      b: lhs.b * rhs.a + lhs.d * rhs.b,
      c: lhs.a * rhs.c + lhs.c * rhs.d,
      d: lhs.b * rhs.c + lhs.d * rhs.d,
      tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
      ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty)
  }

  public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// Whether the map only translates.
  public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}

extension Transform {
  /// The uniform scale of a rotation-and-scale map (no skew, no mirror),
  /// or nil when the map is not one.
  public var similarityScale: Double? {
    let s = (a * a + b * b).squareRoot()
    let tolerance = 1e-9 * max(1, s)
    guard abs(a - d) <= tolerance, abs(b + c) <= tolerance, s > 0 else { return nil }
    return s
  }

  /// The rotation angle of a similarity, in degrees (clockwise on screen).
  public var rotationDegrees: Double { atan2Of(b, a) * 180 / Double.pi }
}

extension Transform {
  /// The inverse map, or nil when the map is singular.
  public var inverted: Transform? {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return nil }
    return Transform(
      a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }
}

extension Transform {
  /// How long the frame's unit x and y vectors are once mapped: the most
  /// the map stretches a length along either of the frame's axes.
  public var frameStretch: Double { max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }

  /// How much a length along the canvas' x and y axes grows through the
  /// map, per axis (for blurs given along those axes).
  public var axisStretch: Point { Point((a * a + c * c).squareRoot(), (b * b + d * d).squareRoot()) }
}
