// More functions: pow exp log (plain numbers), mod hypot lerp (any kind,
// kinds agreeing), asin acos atan (numbers to angles), sign. Each checks its
// arguments' kinds and domains and reports at the argument.

extension Builtins {
  static func more(_ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = positional(name, args, scope, ev)
    let count: Int
    switch name {  // a switch, not a dictionary made at every call
    case "pow", "mod", "hypot": count = 2
    case "lerp": count = 3
    default: count = 1
    }
    guard arity(name, args, count, range, ev), !values.contains(.invalid) else { return .invalid }
    func number(_ i: Int) -> Double? { ev.number(values[i], args[i].value.range) }
    func finite(_ x: Double) -> Value {
      guard x.isFinite else {
        ev.report(.notFinite, range)
        return .invalid
      }
      return .number(x)
    }
    // Two values of one kind (a plain number may stand for points).
    func sameKind(_ i: Int, _ j: Int) -> (Double, Double)? {
      guard ev.binary(.subtract, values[i], values[j], at: range, right: args[j].value.range) != .invalid,
        let a = magnitude(values[i]), let b = magnitude(values[j])
      else { return nil }
      return (a, b)
    }
    // The result in the kind of the arguments (a length if either is one).
    func kept(_ x: Double, _ i: Int, _ j: Int) -> Value {
      let model = values[j] == .length(magnitude(values[j]) ?? 0) ? values[j] : values[i]
      guard x.isFinite else {
        ev.report(.notFinite, range)
        return .invalid
      }
      return mapNumeric(model) { _ in x } ?? .invalid
    }
    switch name {
    case "pow":
      guard let x = number(0), let y = number(1) else { return .invalid }
      return finite(powOf(x, y))
    case "exp":
      guard let x = number(0) else { return .invalid }
      return finite(expOf(x))
    case "log":
      guard let x = number(0) else { return .invalid }
      guard x > 0 else {
        _ = ev.mismatch("a number above 0", values[0], args[0].value.range)
        return .invalid
      }
      return finite(logOf(x))
    case "mod":
      guard let (a, b) = sameKind(0, 1) else { return .invalid }
      guard b != 0 else {
        ev.report(.divisionByZero, args[1].value.range)
        return .invalid
      }
      // The remainder with the divisor's sign, as a floor division leaves.
      return kept(a - b * (a / b).rounded(.down), 0, 1)
    case "hypot":
      guard let (a, b) = sameKind(0, 1) else { return .invalid }
      return kept((a * a + b * b).squareRoot(), 0, 1)
    case "lerp":
      guard let (a, b) = sameKind(0, 1), let t = number(2) else { return .invalid }
      return kept(a + (b - a) * t, 0, 1)
    case "asin", "acos":
      guard let x = number(0) else { return .invalid }
      guard x >= -1 && x <= 1 else {
        _ = ev.mismatch("a number from −1 to 1", values[0], args[0].value.range)
        return .invalid
      }
      return .angle(name == "asin" ? asinOf(x) : acosOf(x))
    case "atan":
      guard let x = number(0) else { return .invalid }
      return .angle(atan2Of(x, 1))
    default:  // sign
      guard let x = magnitude(values[0]) else {
        _ = ev.mismatch("a number", values[0], args[0].value.range)
        return .invalid
      }
      return .number(x > 0 ? 1 : x < 0 ? -1 : 0)
    }
  }
}
