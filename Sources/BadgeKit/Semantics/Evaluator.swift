// The evaluator: expressions and scopes in, values out. Type and unit errors
// become diagnostics and the `.invalid` value, which every later operation
// passes on silently, so one mistake gives one message.

/// Evaluates expressions and converts values to what a use site expects,
/// collecting diagnostics.
final class Evaluator {
  var diagnostics = DiagnosticBag()
  /// The components being drawn, innermost last, with where each was
  /// called: an error inside a component body names its calls in notes.
  var callStack: [(name: String, range: SourceRange)] = []
  /// How many more expression nodes may be evaluated (see `maximumSteps`).
  private var stepBudget = Evaluator.maximumSteps
  /// The most expression nodes one compilation evaluates: about a second
  /// of work (the Landmarks badge takes about 3,000). Past it every value
  /// is invalid, after one error.
  static let maximumSteps = 2_000_000

  /// While above zero, errors are not reported: a stack measuring how
  /// flexible its children are proposes sizes (zero, infinite) that the
  /// badge is never drawn at. Running out of a limit is reported all the
  /// same (the limit stays spent).
  var muted = 0

  /// Where a warning was reported (see `warn`): one a place.
  var warned: Set<SourceRange> = []

  /// When not nil, the values names take where they are read and lets
  /// where they are declared (`CompileOptions.recordValues`).
  var recordedValues: [SourceRange: [Value]]?
  /// The most different values kept for one place.
  static let recordedPerPlace = 16

  /// Keeps `value` for `range` when recording, outside measuring passes.
  func record(_ value: Value, at range: SourceRange) {
    guard recordedValues != nil, muted == 0, value != .invalid else { return }
    var kept = recordedValues![range, default: []]
    guard kept.count < Evaluator.recordedPerPlace, !kept.contains(value) else { return }
    kept.append(value)
    recordedValues![range] = kept
  }

  /// The value of `decl`'s expression, kept for its name when recording.
  func evalLet(_ decl: LetDecl, _ scope: Scope) -> Value {
    let value = eval(decl.value, scope)
    record(value, at: decl.nameRange)
    return value
  }

  /// Reports `message`, with notes for the components it is inside: the
  /// three innermost and the outermost; with a fix-it writing
  /// `replacement` over `range` when one is given.
  func report(_ message: Message, _ range: SourceRange, replacingWith replacement: String? = nil) {
    if muted > 0 && !message.isLimit { return }
    diagnostics.append(
      Diagnostic(
        message, at: range, notes: componentNotes(), fixIts: replacement.map { [FixIt(range, $0)] } ?? []))
  }

  /// Notes for the components being drawn: the three innermost and the
  /// outermost, each at its use.
  func componentNotes() -> [Note] {
    var calls = Array(callStack.reversed())
    if calls.count > 4 { calls = Array(calls.prefix(3)) + [calls[calls.count - 1]] }
    return calls.map { Note("in component '\($0.name)', used here", at: $0.range) }
  }

  // MARK: Expressions

  /// Takes `steps` from the budget; false (after one report, at `range`)
  /// once it is spent.
  /// The steps taken so far.
  var stepsTaken: Int { Evaluator.maximumSteps - stepBudget }
  /// Whether `steps` more can be taken without running out.
  func canSpend(_ steps: Int) -> Bool { stepBudget >= steps }

  func spend(_ steps: Int, at range: SourceRange?) -> Bool {
    guard stepBudget >= 0 else { return false }
    stepBudget -= steps
    guard stepBudget < 0 else { return true }
    if let range { report(.tooManySteps(Evaluator.maximumSteps), range) }
    return false
  }

  func eval(_ expr: Expr, _ scope: Scope) -> Value {
    guard spend(1, at: expr.range) else { return .invalid }
    switch expr.kind {
    case .number(let v, let unit):
      switch unit {
      case .none: return .number(v)
      case .pt: return .length(v)
      case .deg: return .angle(v * Double.pi / 180)
      case .rad: return .angle(v)
      case .percent: return .fraction(v / 100)
      }
    case .string(let s): return .string(s)
    case .interpolation(let parts):
      var out = ""
      for part in parts {
        switch part {
        case .text(let t): out += t
        case .value(let e, let specifier, let specifierRange):
          let v = eval(e, scope)
          if let specifier, let specifierRange {
            guard let text = Formatting.specified(v, specifier, at: specifierRange, e.range, self) else {
              return .invalid
            }
            out += text
          } else {
            guard let text = Formatting.text(of: v, at: e.range, self) else { return .invalid }
            out += text
          }
        }
        // A string is at most as long as a string literal may be.
        guard out.utf8.count <= Formatting.maximumLength else {
          report(.stringTooLong(Formatting.maximumLength), expr.range)
          return .invalid
        }
      }
      return .string(out)
    case .color(let c): return .color(c)
    case .name(let name):
      if let v = scope.lookup(name) {
        if recordedValues != nil { record(v, at: expr.range) }
        return v
      }
      report(.unknownName(name), expr.range)
      return .invalid
    case .call(let name, let args):
      return Builtins.call(name, args, at: expr.range, scope, self)
    case .member(let base, let name, let nameRange, let args):
      return Builtins.method(name, of: eval(base, scope), args, at: nameRange, scope, self)
    case .view:
      report(.typeMismatch(expected: "a value", found: "a view"), expr.range)
      return .invalid
    case .tuple(let items):
      let values = items.map { eval($0, scope) }
      return values.contains(.invalid) ? .invalid : .tuple(values)
    case .index(let list, let i):
      return Lists.item(eval(list, scope), eval(i, scope), at: i.range, list: list.range, self)
    case .repeatList:
      // Outside a list of arguments (where its items join the others), a
      // list of its items.
      guard let values = repeated(expr, scope) else { return .invalid }
      return values.count == 1 ? values[0] : .tuple(values)
    case .negate(let operand):
      return negate(eval(operand, scope), at: expr.range)
    case .not(let operand):
      guard let b = condition(eval(operand, scope), operand.range) else { return .invalid }
      return .bool(!b)
    case .binary(let op, let l, let r) where op == .and || op == .or:
      // The right side only when the left does not decide.
      guard let a = condition(eval(l, scope), l.range) else { return .invalid }
      if a == (op == .or) { return .bool(a) }
      guard let b = condition(eval(r, scope), r.range) else { return .invalid }
      return .bool(b)
    case .binary(let op, let l, let r):
      return binary(op, eval(l, scope), eval(r, scope), at: expr.range, right: r.range)
    case .conditional(let c, let yes, let no):
      guard let b = condition(eval(c, scope), c.range) else { return .invalid }
      return eval(b ? yes : no, scope)
    case .invalid:
      return .invalid
    }
  }

  /// The values of a `repeat N as i { … }` list: its items for i = 0 …
  /// N − 1, in order. Nil after an error (reported).
  func repeated(_ expr: Expr, _ scope: Scope) -> [Value]? {
    guard case .repeatList(let countExpr, let index, let items, let item) = expr.kind else {
      return [eval(expr, scope)]
    }
    guard let copies = copies(countExpr, index: index, item: item, scope) else { return nil }
    var values: [Value] = []
    for i in 0..<copies.count {
      let copy = copies.scope(i, in: scope)
      for item in items {
        let v = eval(item, copy)
        if v == .invalid { return nil }
        values.append(v)
      }
    }
    return values
  }

  /// What each copy of a repeat binds: for a whole number N (0 to
  /// 10,000), N copies with the index (`as i`, default `index`) from 0;
  /// for a list, a copy per item with the item (`as v`), or the index and
  /// the item (`as i, v`; default `index` and `item`). Nil after an error
  /// at the count.
  /// Nothing is made per copy here: a caller checks its budgets against
  /// `count` first.
  func copies(_ countExpr: Expr, index: String?, item: String?, _ scope: Scope) -> RepeatCopies? {
    let v = eval(countExpr, scope)
    if case .tuple(let items) = v {
      guard items.count <= 10_000 else {
        report(.badRepeatCount(String(items.count)), countExpr.range)
        return nil
      }
      return RepeatCopies(count: items.count, items: items, index: index, item: item)
    }
    if let item, v != .invalid {
      report(
        .typeMismatch(
          expected: "a list for 'as \(index ?? "index"), \(item)' (a number of copies takes one name)",
          found: v.kindDescription), countExpr.range)
      return nil
    }
    guard let count = integer(v, in: 0...10_000, countExpr.range) else { return nil }
    noteEmptyRepeat(count, countExpr.range)
    return RepeatCopies(count: count, items: nil, index: index, item: nil)
  }

  /// `v` as a condition; nil (after an error at `range`) when it is not
  /// a Boolean.
  func condition(_ v: Value, _ range: SourceRange) -> Bool? {
    switch v {
    case .bool(let b): return b
    case .invalid: return nil
    default:
      report(.typeMismatch(expected: "a Boolean (a comparison, true or false)", found: v.kindDescription), range)
      return nil
    }
  }

  /// `l op r` for a comparison: numbers of one kind (lengths with plain
  /// numbers, as in sums), angles, fractions and strings are ordered;
  /// colours, Booleans, options and pairs are only equal or not.
  private func compare(_ op: BinaryOperator, _ l: Value, _ r: Value, _ range: SourceRange) -> Value? {
    let order: Int?
    switch (l, r) {
    case (.scalar(let a, let p), .scalar(let b, let q)) where p == q || p + q == 1 && min(p, q) == 0:
      order = a < b ? -1 : a > b ? 1 : 0
    case (.angle(let a), .angle(let b)), (.fraction(let a), .fraction(let b)):
      order = a < b ? -1 : a > b ? 1 : 0
    case (.string(let a), .string(let b)):
      let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
      order = x.lexicographicallyPrecedes(y) ? -1 : x == y ? 0 : 1
    case (.color, .color), (.bool, .bool), (.keyword, .keyword), (.tuple, .tuple):
      guard op == .equal || op == .notEqual else {
        report(.typeMismatch(expected: "numbers or strings to order", found: l.kindDescription), range)
        return nil
      }
      order = l == r ? 0 : nil
    default:
      report(.typeMismatch(expected: l.kindDescription, found: r.kindDescription), range)
      return nil
    }
    switch op {
    case .equal: return .bool(order == 0)
    case .notEqual: return .bool(order != 0)
    case .less: return .bool(order == -1)
    case .lessEqual: return .bool(order == -1 || order == 0)
    case .greater: return .bool(order == 1)
    default: return .bool(order == 1 || order == 0)
    }
  }

  private func checked(_ v: Double, _ range: SourceRange) -> Double? {
    if v.isFinite { return v }
    report(.notFinite, range)
    return nil
  }

  func negate(_ v: Value, at range: SourceRange) -> Value {
    switch v {
    case .scalar(let x, let p): return .scalar(-x, power: p)
    case .angle(let x): return .angle(-x)
    case .fraction(let x): return .fraction(-x)
    case .tuple(let items): return .tuple(items.map { negate($0, at: range) })
    case .invalid: return .invalid
    default:
      report(.typeMismatch(expected: "a number", found: v.kindDescription), range)
      return .invalid
    }
  }

  func binary(_ op: BinaryOperator, _ l: Value, _ r: Value, at range: SourceRange, right: SourceRange)
    -> Value
  {
    if l == .invalid || r == .invalid { return .invalid }
    // Lists add and compare item by item: a step an item.
    guard spend(over: l, at: range), spend(over: r, at: range) else { return .invalid }
    let result: Value?
    switch op {
    case .add, .subtract: result = additive(op == .add ? 1 : -1, l, r, right)
    case .multiply: result = multiply(l, r, range)
    case .divide: result = divide(l, r, range, right)
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
      result = compare(op, l, r, range)
    case .and, .or:
      guard let a = condition(l, range), let b = condition(r, right) else { return .invalid }
      result = .bool(op == .and ? a && b : a || b)
    }
    guard let result else { return .invalid }
    switch result {
    case .scalar(let x, let p): return checked(x, range).map { .scalar($0, power: p) } ?? .invalid
    case .angle(let x): return checked(x, range).map { .angle($0) } ?? .invalid
    case .fraction(let x): return checked(x, range).map { .fraction($0) } ?? .invalid
    default: return result
    }
  }

  /// `l ± r`; a mismatch is reported at `range`, the right operand.
  private func additive(_ sign: Double, _ l: Value, _ r: Value, _ range: SourceRange) -> Value? {
    switch (l, r) {
    case (.scalar(let a, let p), .scalar(let b, let q)):
      if p == q { return .scalar(a + sign * b, power: p) }
      // A plain number next to a length counts as points.
      if p == 0 && q == 1 || p == 1 && q == 0 { return .length(a + sign * b) }
      report(.typeMismatch(expected: l.kindDescription, found: r.kindDescription), range)
      return nil
    case (.angle(let a), .angle(let b)): return .angle(a + sign * b)
    case (.fraction(let a), .fraction(let b)): return .fraction(a + sign * b)
    case (.fraction(let a), .scalar(let b, 0)): return .fraction(a + sign * b)
    case (.scalar(let a, 0), .fraction(let b)): return .fraction(a + sign * b)
    case (.fraction, .scalar), (.scalar, .fraction):
      let other = l.isFraction ? r : l
      report(.mixedFraction(other.kindDescription), range)
      return nil
    case (.tuple(let a), .tuple(let b)) where a.count == b.count:
      var out: [Value] = []
      for (x, y) in zip(a, b) {
        guard let v = additive(sign, x, y, range) else { return nil }
        out.append(v)
      }
      return .tuple(out)
    default:
      report(.typeMismatch(expected: l.kindDescription, found: r.kindDescription), range)
      return nil
    }
  }

  private func multiply(_ l: Value, _ r: Value, _ range: SourceRange) -> Value? {
    switch (l, r) {
    case (.scalar(let a, let p), .scalar(let b, let q)): return .scalar(a * b, power: p + q)
    case (.angle(let a), .scalar(let b, 0)), (.scalar(let b, 0), .angle(let a)): return .angle(a * b)
    case (.fraction(let a), .scalar(let b, let p)), (.scalar(let b, let p), .fraction(let a)):
      return p == 0 ? .fraction(a * b) : .scalar(a * b, power: p)
    case (.fraction(let a), .fraction(let b)): return .fraction(a * b)
    case (.tuple(let items), .scalar), (.tuple(let items), .fraction):
      return scaleTuple(items, by: r, range)
    case (.scalar, .tuple(let items)), (.fraction, .tuple(let items)):
      return scaleTuple(items, by: l, range)
    default:
      report(.typeMismatch(expected: "a number", found: (l.isNumeric ? r : l).kindDescription), range)
      return nil
    }
  }

  private func scaleTuple(_ items: [Value], by factor: Value, _ range: SourceRange) -> Value? {
    var out: [Value] = []
    for item in items {
      guard let v = multiply(item, factor, range) else { return nil }
      out.append(v)
    }
    return .tuple(out)
  }

  private func divide(_ l: Value, _ r: Value, _ range: SourceRange, _ right: SourceRange) -> Value? {
    let divisor: Double
    switch r {
    case .scalar(let b, _), .angle(let b), .fraction(let b): divisor = b
    default:
      report(.typeMismatch(expected: "a number", found: r.kindDescription), right)
      return nil
    }
    if divisor == 0 {
      report(.divisionByZero, right)
      return nil
    }
    switch (l, r) {
    case (.scalar(let a, let p), .scalar(_, let q)): return .scalar(a / divisor, power: p - q)
    case (.angle(let a), .scalar(_, 0)): return .angle(a / divisor)
    case (.angle(let a), .angle): return .number(a / divisor)
    case (.fraction(let a), .scalar(_, 0)): return .fraction(a / divisor)
    case (.fraction(let a), .fraction): return .number(a / divisor)
    case (.scalar(let a, let p), .fraction): return .scalar(a / divisor, power: p)
    case (.tuple(let items), .scalar(_, 0)), (.tuple(let items), .fraction):
      return scaleTuple(items, by: .number(1 / divisor), range)
    default:
      report(.typeMismatch(expected: "a number", found: r.kindDescription), right)
      return nil
    }
  }
}

extension Value {
  var isFraction: Bool {
    if case .fraction = self { return true }
    return false
  }
  var isNumeric: Bool {
    switch self {
    case .scalar, .angle, .fraction: return true
    default: return false
    }
  }
}

/// The copies of a repeat: how many, and what copy i binds (made when it
/// is asked for).
struct RepeatCopies {
  var count: Int
  /// The list's items, for a repeat over a list.
  var items: [Value]?
  var index: String?
  var item: String?

  /// The names copy `i` binds: the index for a number of copies; for a
  /// list, the item (`as v`), the index and the item (`as i, v`), or
  /// `index` and `item`.
  func names(_ i: Int) -> [String: Value] {
    guard let items else { return [index ?? "index": .number(Double(i))] }
    switch (index, item) {
    case (let a?, let b?): return [a: .number(Double(i)), b: items[i]]
    case (let a?, nil): return [a: items[i]]
    default: return ["index": .number(Double(i)), "item": items[i]]
    }
  }

  /// The frame of copy `i` inside `parent`, binding `names(i)`; one name
  /// is bound without a dictionary made for it (a copy of a large repeat
  /// made one each).
  func scope(_ i: Int, in parent: Scope) -> Scope {
    guard let items else { return parent.child(index ?? "index", .number(Double(i))) }
    if let index, item == nil { return parent.child(index, items[i]) }
    return parent.child(names(i))
  }
}
