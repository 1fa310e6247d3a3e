// View instances: an element together with the scope it is evaluated in and
// the modifiers it inherits from enclosing `repeat`s. Expanding a block turns
// its items into instances: `let`s extend the scope, each `repeat` becomes
// its copies.

/// A modifier and the scope its arguments are evaluated in.
struct ScopedModifier {
  var modifier: Modifier
  var scope: Scope
}

/// One element ready for layout. A class: views are handed from expansion
/// to sizing, stacks and drawing many times, and a reference is one count
/// where a copy of the struct was six. Its properties are set only while
/// its expansion makes it (`expandItems`, `expand`), before anything else
/// can hold it.
final class ViewInstance {
  /// Unique within a layout: the key of its memoised sizes.
  let id: Int
  /// The element as written.
  let element: Element
  /// Names visible to the element's view and its own modifiers.
  let scope: Scope
  /// Modifiers from enclosing `repeat`s, applied outside the element's own,
  /// innermost repeat first (SwiftUI applies modifiers on a ForEach to each
  /// copy).
  var inherited: [ScopedModifier] = []
  /// The stack the view is a child of, if any (a spacer grows along it).
  var stackAxis: StackAxis?
  /// The text environment the view was made in (its own text modifiers
  /// not yet applied): held in a box that the views of one expansion share
  /// (inline, it was half of every view's size).
  var environmentBox = TextEnvironmentBox.standard
  var environment: TextEnvironment { environmentBox.value }
  /// Which copy of each enclosing `repeat` it is in, outermost first: the
  /// index's name and value (kept only when the layout is recorded).
  var copies: [(name: String, index: Int)] = []

  init(id: Int, element: Element, scope: Scope) {
    self.id = id
    self.element = element
    self.scope = scope
  }

  /// Every modifier that wraps this view, innermost first.
  var modifiers: [ScopedModifier] {
    element.modifiers.map { ScopedModifier(modifier: $0, scope: scope) } + inherited
  }
}

/// A text environment shared by reference (it does not change once made).
final class TextEnvironmentBox: Sendable {
  let value: TextEnvironment
  init(_ value: TextEnvironment) { self.value = value }
  /// The environment of a view made outside any expansion.
  static let standard = TextEnvironmentBox(TextEnvironment())
}

extension LayoutEngine {
  /// What identifies an expansion: the block, the scope it is expanded in
  /// and the container's size.
  struct ExpansionKey: Hashable {
    var file: Int
    var start: Int
    var scope: ObjectIdentifier
    /// The container's size the block sees as `width` and `height`; nil
    /// for a stack's (its children see the enclosing ones).
    var width: Double?
    var height: Double?
    var axis: StackAxis?
    var environment: TextEnvironment
    /// Made while measuring (see `Evaluator.muted`).
    var probing: Bool
  }

  /// The instances of `block`'s elements, in drawing order, evaluated in
  /// `scope` with the container's `width` and `height` being `geometry`.
  /// Memoised: the same block in the same scope and size gives the same
  /// instances (so their sizes are computed once).
  /// `axis`: the stack whose children they are, if any.
  /// `environment`: the text environment they are made in. A stack's
  /// children (`axis`, no `geometry`) are made once whatever the stack is
  /// proposed: a stack measures its children at several proposals, and
  /// stacks inside stacks would otherwise multiply them level by level.
  func expand(
    _ block: Block, in scope: Scope, geometry: Size?, environment: TextEnvironment, axis: StackAxis? = nil
  ) -> [ViewInstance] {
    let key = ExpansionKey(
      file: block.range.file, start: block.range.start, scope: ObjectIdentifier(scope), width: geometry?.width,
      height: geometry?.height, axis: axis, environment: environment, probing: evaluator.muted > 0)
    if let cached = expansions[key] { return cached.instances }
    let instances = expandItems(block, geometry.map { scope.withGeometry($0) } ?? scope)
    let box = TextEnvironmentBox(environment)
    for view in instances {
      view.stackAxis = axis
      view.environmentBox = box
    }
    // The entry keeps `scope` alive, so its identity cannot be reused.
    expansions[key] = (scope, instances)
    return instances
  }

  /// Takes `count` views from the budget; false (after one report) when
  /// the layout would make too many.
  func spendViews(_ count: Int, at range: SourceRange) -> Bool {
    guard viewBudget >= count else {
      if !viewBudgetReported {
        evaluator.report(.tooManyViews(LayoutEngine.maximumViews), range)
        viewBudgetReported = true
      }
      viewBudget = -1
      return false
    }
    viewBudget -= count
    return true
  }

  /// The instances of `block` in `scope` (which already knows `width` and
  /// `height`).
  private func expandItems(_ block: Block, _ scope: Scope) -> [ViewInstance] {
    var out: [ViewInstance] = []
    appendItems(block, scope, into: &out)
    // Once the view budget is spent the badge has failed: what was made
    // is not laid out (a repeat stopped half way held tens of thousands).
    return viewBudget < 0 ? [] : out
  }

  /// Appends the instances of `block` in `scope` to `out` (a repeat's
  /// copies are made into the list they join, not each into a list of its
  /// own). `paid`: the block's own elements were already taken from the
  /// view budget (a repeat takes its copies' elements before making them).
  private func appendItems(_ block: Block, _ scope: Scope, paid: Bool = false, into out: inout [ViewInstance]) {
    var scope = scope
    for item in block.items {
      switch item {
      case .let(let decl):
        scope = scope.afterLet(decl.name, evaluator.evalLet(decl, scope))
      case .conditional(let c):
        // One branch's elements, in place (its lets stay inside it); they
        // were not counted with the block's, so they pay their views.
        guard let yes = evaluator.condition(evaluator.eval(c.condition, scope), c.condition.range) else { continue }
        if let branch = yes ? c.then : c.otherwise { appendItems(branch, scope, into: &out) }
      case .element(let element):
        if case .repeat(let countExpr, let index, _, let body, let item) = element.primary {
          guard let copies = evaluator.copies(countExpr, index: index, item: item, scope) else { continue }
          let count = copies.count
          // Nested repeats multiply: budgets keep the work bounded, and are
          // taken before the copies are made.
          guard copyBudget >= count else {
            if copyBudget >= 0 { evaluator.report(.tooManyShapes(LayoutEngine.maximumCopies), countExpr.range) }
            copyBudget = -1
            continue
          }
          copyBudget -= count
          // The elements each copy makes directly (a repeat inside takes
          // its own copies as it is expanded).
          let direct = body.items.reduce(0) { n, item in
            guard case .element(let e) = item else { return n }
            if case .repeat = e.primary { return n }
            return n + 1
          }
          guard spendViews(count * direct, at: countExpr.range) else { continue }
          // Which copy a view is in is for the layout record only: not
          // kept (an array a view) when none is made.
          let recording = recorder != nil
          for i in 0..<count {
            let copyScope = copies.scope(i, in: scope)
            let mods = element.modifiers.map { ScopedModifier(modifier: $0, scope: copyScope) }
            let start = out.count
            appendItems(body, copyScope, paid: true, into: &out)
            // Each copy holds the repeat's modifiers: they count as views
            // (nested repeats with long chains would otherwise multiply
            // them without bound).
            guard mods.isEmpty || spendViews((out.count - start) * mods.count, at: countExpr.range) else { break }
            for inner in out[start...] {
              inner.inherited += mods
              if recording { inner.copies.insert((index ?? "index", i), at: 0) }
            }
          }
        } else {
          guard paid || spendViews(1, at: element.range) else { continue }
          out.append(ViewInstance(id: newInstanceID(), element: element, scope: scope))
        }
      }
    }
  }
}
