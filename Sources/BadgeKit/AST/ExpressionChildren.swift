// The tree walks outside the evaluator (the SwiftUI writer's, and the
// tools': the formatter's roles, the language server's symbol index) share
// this: an expression in, the expressions directly inside it out, in
// source order.

extension Expr {
  /// The expressions directly inside this one, in source order. A view
  /// written as an argument has none here: its element is walked as one.
  public var children: [Expr] {
    switch kind {
    case .number, .string, .color, .name, .invalid, .view: return []
    case .interpolation(let parts):
      return parts.compactMap { part in
        if case .value(let v, _, _) = part { return v }
        return nil
      }
    case .call(_, let args): return args.map(\.value)
    case .member(let base, _, _, let args): return [base] + args.map(\.value)
    case .repeatList(let count, _, let items, _): return [count] + items
    case .index(let list, let i): return [list, i]
    case .tuple(let items): return items
    case .negate(let x), .not(let x): return [x]
    case .conditional(let c, let a, let b): return [c, a, b]
    case .binary(_, let l, let r): return [l, r]
    }
  }
}
