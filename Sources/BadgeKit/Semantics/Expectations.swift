// Use-site conversions: a modifier, path command or function asks for the
// kind of value it needs; a mismatch is reported at the expression as
// "expected …, found …" and gives nil.

extension Evaluator {
  func mismatch(_ expected: String, _ v: Value, _ range: SourceRange) -> Double? {
    if v != .invalid { report(.typeMismatch(expected: expected, found: v.kindDescription), range) }
    return nil
  }

  /// A plain number; a fraction counts as its value (`50%` is 0.5).
  func number(_ v: Value, _ range: SourceRange) -> Double? {
    switch v {
    case .scalar(let x, 0), .fraction(let x): return x
    default: return mismatch("a number", v, range)
    }
  }

  /// A length in points. A plain number counts as points; a fraction is
  /// taken of `axis` (the container's extent along this axis), if any.
  func length(_ v: Value, axis: Double?, _ range: SourceRange) -> Double? {
    switch v {
    case .scalar(let x, 0), .scalar(let x, 1): return x
    case .fraction(let x) where axis != nil: return x * axis!
    default: return mismatch("a length", v, range)
    }
  }

  /// `x` when it is finite; else an error (`expected a finite amount,
  /// found infinity`) and nil.
  func finite(_ x: Double, _ what: String, _ range: SourceRange) -> Double? {
    if x.isFinite { return x }
    report(
      .typeMismatch(expected: "a finite \(what)", found: x.isNaN ? "not a number" : x > 0 ? "infinity" : "-infinity"),
      range)
    return nil
  }

  /// An angle in radians; `45deg` or `0.5rad`, never a bare number.
  func angle(_ v: Value, _ range: SourceRange) -> Double? {
    if case .angle(let x) = v { return x }
    return mismatch("an angle", v, range)
  }

  /// A point `(x, y)` in points; fractions are taken of `container`.
  func point(_ v: Value, container: Size?, _ range: SourceRange) -> Point? {
    guard case .tuple(let items) = v, items.count == 2 else {
      _ = mismatch("a point (x, y)", v, range)
      return nil
    }
    guard let x = length(items[0], axis: container?.width, range),
      let y = length(items[1], axis: container?.height, range)
    else { return nil }
    return Point(x, y)
  }

  /// A unit point `(x, y)` of a frame, or a name such as `top`.
  func unitPoint(_ v: Value, _ range: SourceRange) -> Point? {
    guard case .tuple(let items) = v, items.count == 2 else {
      _ = mismatch("a unit point such as (0.5, 1) or 'bottom'", v, range)
      return nil
    }
    guard let x = number(items[0], range), let y = number(items[1], range) else { return nil }
    return Point(x, y)
  }

  func color(_ v: Value, _ range: SourceRange) -> RGBA? {
    if case .color(let c) = v { return c }
    _ = mismatch("a colour", v, range)
    return nil
  }

  /// A whole number from `range` (inclusive), e.g. a repeat count.
  func integer(_ v: Value, in bounds: ClosedRange<Int>, _ range: SourceRange) -> Int? {
    guard let x = number(v, range) else { return nil }
    guard x == x.rounded(), x >= Double(bounds.lowerBound), x <= Double(bounds.upperBound) else {
      report(.badRepeatCount(formatForMessage(x)), range)
      return nil
    }
    return Int(x)
  }

  /// One of the named options `allowed`.
  func keyword(_ v: Value, _ allowed: [String], _ range: SourceRange) -> String? {
    if case .keyword(let k) = v, allowed.contains(k) { return k }
    let list = allowed.map { "'\($0)'" }.joined(separator: " or ")
    _ = mismatch(list, v, range)
    return nil
  }
}

/// A number as shown in a message: an integer without a decimal point.
func formatForMessage(_ x: Double) -> String {
  if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
  return String(x)
}
