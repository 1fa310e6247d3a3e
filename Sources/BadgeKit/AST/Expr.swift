// Expression nodes of the syntax tree, as the parser builds them. Nothing here
// is evaluated: names are strings and units are as written.

/// A binary operator.
public enum BinaryOperator: String, Sendable {
  case add = "+", subtract = "-", multiply = "*", divide = "/"
  /// Comparisons: a Boolean.
  case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
  /// Logic on Booleans; the right side is evaluated only when needed.
  case and = "&&", or = "||"

  /// How tightly the operator binds: its rule of the grammar.
  public var level: BinaryLevel {
    switch self {
    case .or: return .disjunction
    case .and: return .conjunction
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: return .comparison
    case .add, .subtract: return .sum
    case .multiply, .divide: return .term
    }
  }
}

/// The precedence levels of binary operators, loosest first, named for
/// their grammar rules: `a || b && c < d + e * f` is
/// `a || (b && (c < (d + (e * f))))`.
public enum BinaryLevel: Int, Comparable, Sendable {
  case disjunction, conjunction, comparison, sum, term

  /// The level whose operators bind just more tightly (none above `term`).
  var above: BinaryLevel { BinaryLevel(rawValue: rawValue + 1) ?? .term }

  public static func < (a: BinaryLevel, b: BinaryLevel) -> Bool { a.rawValue < b.rawValue }
}

/// An expression and the bytes it was read from. Only the cases that hold
/// an expression directly are boxed: a number or a name is stored inline.
public enum ExprKind: Equatable, Sendable {
  /// A number literal with its unit (`0.5`, `45deg`, `-60pt`, `75%`).
  case number(Double, NumberUnit)
  case string(String)
  /// `"\(hikes) hikes"`: text and interpolated values, in order.
  case interpolation([InterpolationPart])
  indirect case color(RGBA)
  /// A name: a `let`, a parameter, a repeat index, `width`, `height`, `pi`,
  /// a colour or anchor name.
  case name(String)
  /// A call of a built-in function, e.g. `min(width, height)`.
  case call(String, [Argument])
  /// A method of a value, e.g. `black.opacity(0.33)`: the value, the
  /// method's name and its range, and the arguments.
  indirect case member(Expr, String, SourceRange, [Argument])
  /// A view written as an argument, e.g. `.clipShape(path { … })`.
  indirect case view(Element)
  /// `repeat N [as i] { a, b, … }` in an argument list: the items for
  /// each index from 0 to N − 1, in order (the index named `i`, default
  /// `index`): gradient stops, dashes, or views.
  indirect case repeatList(count: Expr, index: String?, items: [Expr], item: String? = nil)
  /// `list[i]`: the item at index i (from 0).
  indirect case index(Expr, Expr)
  /// A parenthesised pair or more, e.g. the point `(0.5, 0)`.
  case tuple([Expr])
  indirect case negate(Expr)
  /// `!x`: a Boolean's opposite.
  indirect case not(Expr)
  /// `condition ? a : b`: `a` when the condition is true, else `b` (only
  /// the one chosen is evaluated).
  indirect case conditional(Expr, Expr, Expr)
  indirect case binary(BinaryOperator, Expr, Expr)
  /// Stands where the parser could not read an expression (already reported).
  case invalid
}

/// A piece of an interpolated string.
public enum InterpolationPart: Equatable, Sendable {
  case text(String)
  /// `\(value)`, or SwiftUI's `\(value, specifier: "%.1f")`.
  indirect case value(Expr, specifier: String?, specifierRange: SourceRange?)
}

/// An expression node with its source range.
public struct Expr: Equatable, Sendable {
  public var kind: ExprKind
  public var range: SourceRange

  public init(_ kind: ExprKind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// One argument of a call, modifier or path command: `label: value` or just
/// `value`.
public struct Argument: Equatable, Sendable {
  /// The label, if written.
  public var label: String?
  /// Range of the label (or of the value when there is none).
  public var labelRange: SourceRange
  public var value: Expr

  public init(label: String?, labelRange: SourceRange, value: Expr) {
    self.label = label
    self.labelRange = labelRange
    self.value = value
  }

  /// From the label (if any) to the end of the value.
  public var range: SourceRange { labelRange.union(value.range) }
}
