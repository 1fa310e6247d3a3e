// Modifiers resolved once: takes a modifier, the size it is resolved for
// and its scope, and hands on the resolved modifier, made the first time
// and remembered when its arguments have one value for the compilation
// (numbers, colours, built-in names, top-level lets: `.fill(rgb(255,
// 120, 40))`, `.padding(5)`) and resolving it reported nothing. A repeat
// of a thousand copies resolves such a modifier once per size instead of
// a thousand times; the steps it took are spent again at each use, so
// the evaluation budget runs out where it did.

extension LayoutEngine {
  /// A fixed modifier, by its place and the size it is resolved for (in
  /// points of the view's frame, as bit patterns: what was resolved).
  struct FixedModifierKey: Hashable {
    var range: SourceRange
    var width: UInt64
    var height: UInt64
  }

  /// `scoped` resolved for `size` in `scope`: remembered when it is fixed
  /// (see the file's header), made by `resolve` otherwise.
  func resolveRemembered(_ scoped: ScopedModifier, _ size: Size, _ scope: Scope) -> ResolvedModifier? {
    let m = scoped.modifier
    // Measuring mutes errors: what it makes is not remembered for uses
    // that report them.
    guard evaluator.muted == 0, isFixed(m, scope) else { return resolve(scoped, size, scope) }
    let key = FixedModifierKey(range: m.range, width: size.width.bitPattern, height: size.height.bitPattern)
    if let known = fixedModifiers[key], evaluator.canSpend(known.steps) {
      _ = evaluator.spend(known.steps, at: nil)
      return known.modifier
    }
    let offered = evaluator.diagnostics.offered
    let steps = evaluator.stepsTaken
    let resolved = resolve(scoped, size, scope)
    // Nothing reported, and the budget not spent (past it, values are
    // invalid without a report).
    if let resolved, evaluator.diagnostics.offered == offered, evaluator.canSpend(0) {
      fixedModifiers[key] = (resolved, evaluator.stepsTaken - steps)
    }
    return resolved
  }

  /// Whether modifier `m`'s arguments have one value for the compilation
  /// in `scope` (the same answer at every use of its place: memoised).
  /// Modifiers that take a view or content, and text modifiers, are not:
  /// what they resolve to holds their scope.
  private func isFixed(_ m: Modifier, _ scope: Scope) -> Bool {
    if let known = modifierIsFixed[m.range] { return known }
    let fixed =
      m.content == nil && !LayoutEngine.takesView(m.name) && m.name != "clipped"
      && !LayoutEngine.isTextModifier(m.name) && m.arguments.allSatisfy { isFixed($0.value, scope) }
    modifierIsFixed[m.range] = fixed
    return fixed
  }

  /// Whether `e` has one value for the compilation in `scope`: made of
  /// literals, fixed names (`Scope.isFixed`) and the built-in functions
  /// and methods over them.
  private func isFixed(_ e: Expr, _ scope: Scope) -> Bool {
    switch e.kind {
    case .number, .string, .color: return true
    case .name(let name): return scope.isFixed(name)
    case .interpolation(let parts):
      return parts.allSatisfy { part in
        if case .value(let v, _, _) = part { return isFixed(v, scope) }
        return true
      }
    case .call(_, let args): return args.allSatisfy { isFixed($0.value, scope) }
    case .member(let base, _, _, let args): return isFixed(base, scope) && args.allSatisfy { isFixed($0.value, scope) }
    case .tuple(let items): return items.allSatisfy { isFixed($0, scope) }
    case .negate(let x), .not(let x): return isFixed(x, scope)
    case .index(let a, let b), .binary(_, let a, let b): return isFixed(a, scope) && isFixed(b, scope)
    case .conditional(let c, let a, let b): return isFixed(c, scope) && isFixed(a, scope) && isFixed(b, scope)
    case .view, .repeatList, .invalid: return false
    }
  }
}
