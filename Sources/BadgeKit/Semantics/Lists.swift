// Lists: a parenthesised run of values, `(40, 25, 20, 15)` (a pair is also
// a point). An item by its index, `values[i]` (from 0); `values.count`,
// `values.sum()`, `values.min()`, `values.max()`, `values.prefix(n)` (the
// first n items), and the functions `count`, `sum`, `min` and `max` of one
// list. A repeat over a list makes a copy per item (Evaluator.copies).

enum Lists {
  /// The methods lists have.
  static let methods: Set<String> = ["count", "sum", "min", "max", "prefix"]

  /// `list[i]`; nil-valued (`.invalid`) after an error at `range` (the
  /// index) or `listRange`.
  static func item(_ list: Value, _ i: Value, at range: SourceRange, list listRange: SourceRange, _ ev: Evaluator)
    -> Value
  {
    if list == .invalid || i == .invalid { return .invalid }
    guard case .tuple(let items) = list else {
      _ = ev.mismatch("a list before '[…]', such as (40, 25, 20)", list, listRange)
      return .invalid
    }
    guard let x = ev.number(i, range) else { return .invalid }
    guard x == x.rounded(), x >= 0, x < Double(items.count) else {
      ev.report(.indexOutOfRange(formatForMessage(x), count: items.count), range)
      return .invalid
    }
    return items[Int(x)]
  }

  /// `value.name(args)` for a list's methods (and the functions of one
  /// list, with no arguments).
  static func method(
    _ name: String, of value: Value, _ args: [Argument], at range: SourceRange, _ scope: Scope, _ ev: Evaluator
  ) -> Value {
    let values = args.map { ev.eval($0.value, scope) }
    if value == .invalid || values.contains(.invalid) { return .invalid }
    guard case .tuple(let items) = value else {
      _ = ev.mismatch("a list such as (40, 25, 20) before '.\(name)'", value, range)
      return .invalid
    }
    // Each pass over the items costs a step an item (a count costs none).
    if name != "count" && !ev.spend(over: value, at: range) { return .invalid }
    if name == "prefix" {
      guard args.count == 1, args[0].label == nil else {
        ev.report(args.isEmpty ? .missingArgument("#1", of: name) : .tooManyArguments(name, max: 1), range)
        return .invalid
      }
      guard let n = ev.number(values[0], args[0].value.range) else { return .invalid }
      guard n == n.rounded(), n >= 0 else {
        ev.report(
          .typeMismatch(expected: "a whole number of items, 0 or more", found: formatForMessage(n)), args[0].value.range
        )
        return .invalid
      }
      return .tuple(Array(items.prefix(Int(min(n, 1e9)))))
    }
    if let extra = args.first {
      ev.report(.tooManyArguments(name, max: 0), extra.range)
      return .invalid
    }
    switch name {
    case "count":
      return .number(Double(items.count))
    case "sum":
      // Items of one kind add up as `+` adds them (lengths with numbers).
      guard var total = items.first else { return .number(0) }
      for item in items.dropFirst() {
        total = ev.binary(.add, total, item, at: range, right: range)
        if total == .invalid { return .invalid }
      }
      return total
    default:
      guard var best = items.first else {
        ev.report(.typeMismatch(expected: "a list with items", found: "an empty list"), range)
        return .invalid
      }
      for item in items.dropFirst() {
        // Compared as `<` compares them: one kind.
        guard case .bool(let less) = ev.binary(.less, item, best, at: range, right: range) else { return .invalid }
        if less == (name == "min") && item != best { best = item }
      }
      return best
    }
  }
}

extension Value {
  /// How many values this one holds, itself and every item of its lists
  /// at any depth, counted up to `limit` (an operation on a list costs in
  /// proportion to it: a sum, a comparison, a text).
  func weight(upTo limit: Int) -> Int {
    guard case .tuple(let items) = self else { return 1 }
    var n = 1 + items.count
    if n >= limit { return max(limit, 1) }
    for item in items {
      guard case .tuple = item else { continue }
      n += item.weight(upTo: limit - n + 1) - 1
      if n >= limit { return limit }
    }
    return n
  }
}

extension Evaluator {
  /// Takes from the step budget what an operation over list `v` costs
  /// (its weight); false, after one report at `range`, once it is spent.
  func spend(over v: Value, at range: SourceRange) -> Bool {
    guard case .tuple = v else { return true }
    return spend(v.weight(upTo: Evaluator.maximumSteps + 1), at: range)
  }
}
