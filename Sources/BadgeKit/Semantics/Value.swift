// Values: what expressions evaluate to. Numbers carry their dimension so
// that layout can ask for "an angle" or "a length" and report a clear error
// when it gets something else.

/// An evaluated expression. Numbers, angles, strings and lists are held
/// inline (24 bytes); only a colour and a gradient are boxed. (Every case
/// boxed made each number evaluated an allocation.)
public enum Value: Hashable, Sendable {
  /// A real number times points^power: power 0 is a plain number, 1 a length
  /// in points, 2 an area. A plain number stands for points where a length
  /// is expected.
  case scalar(Double, power: Int)
  /// An angle in radians.
  case angle(Double)
  /// A fraction of the container: `50%` is `.fraction(0.5)`. Becomes a
  /// length once it meets an axis (of the frame, the rectangle of a
  /// `within` block, or the proposal), or a number where one is expected.
  case fraction(Double)
  /// A point or other pair: `(x, y)`; anchors are pairs of numbers.
  case tuple([Value])
  indirect case color(RGBA)
  /// A gradient whose end points are still unit points of the frame.
  indirect case gradient(GradientValue)
  case string(String)
  /// `true` or `false`: what comparisons give, and what `if`, `!`, `&&`,
  /// `||` and `? :` take.
  case bool(Bool)
  /// A named option: `fit`, `fill`, `nonzero`, `evenodd`.
  case keyword(String)
  /// The result of an expression that already reported an error; every
  /// operation on it quietly gives `.invalid` again.
  case invalid

  public static func number(_ v: Double) -> Value { .scalar(v, power: 0) }
  public static func length(_ v: Double) -> Value { .scalar(v, power: 1) }

  /// How the value is named in "expected …, found …" messages.
  public var kindDescription: String {
    switch self {
    case .scalar(_, let p):
      switch p {
      case 0: return "a number"
      case 1: return "a length"
      case 2: return "an area"
      default: return "a length to the power \(p)"
      }
    case .angle: return "an angle"
    case .fraction: return "a fraction of the container"
    case .tuple(let items): return items.count == 2 ? "a point" : "a list of \(items.count) values"
    case .color: return "a colour"
    case .gradient: return "a gradient"
    case .string: return "a string"
    case .bool: return "a Boolean"
    case .keyword(let k): return "'\(k)'"
    case .invalid: return "an invalid value"
    }
  }
}

/// A gradient as written: colour stops and a geometry in unit points of
/// the frame of the shape it fills (0,0 top-left, 1,1 bottom-right).
public struct GradientValue: Hashable, Sendable {
  /// Colours with their locations from 0 to 1.
  public var stops: [GradientStop]
  public var shape: GradientShape
}

/// Where a gradient's colours go, relative to the frame it fills.
public enum GradientShape: Hashable, Sendable {
  /// From the unit point `start` to `end`.
  case linear(start: Point, end: Point)
  /// Circles from one of `startRadius` about the unit point `focus` (nil:
  /// `center`) to one of `endRadius` about `center`.
  case radial(center: Point, startRadius: Extent, endRadius: Extent, focus: Point?)
  /// Ellipses about the unit point `center`, filling the frame as circles
  /// fill the unit square, from a radius of `startFraction` of it to
  /// `endFraction` (SwiftUI's `EllipticalGradient`).
  case elliptical(center: Point, startFraction: Double, endFraction: Double)
  /// Around the unit point `center`, from `startAngle` to `endAngle`
  /// (radians, clockwise from trailing).
  case angular(center: Point, startAngle: Double, endAngle: Double)
}

/// A length given in points or as a fraction of a frame's shorter side.
public enum Extent: Hashable, Sendable {
  case points(Double)
  case fraction(Double)

  /// In points, for a frame whose shorter side is `side` points.
  public func points(side: Double) -> Double {
    switch self {
    case .points(let p): return p
    case .fraction(let f): return f * side
    }
  }
}
