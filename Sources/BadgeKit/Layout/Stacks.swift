// Stacks: `zstack`, `vstack` and `hstack` sized and placed by SwiftUI's
// stack algorithm. Takes a stack's children (view instances) and a
// proposal; hands on the stack's size and, for each child, the proposal it
// was sized for and where its frame's top-left lands in the stack's frame.
//
// vstack and hstack: the spacing is taken off the proposal along the axis;
// the children are then proposed, least flexible first (flexibility: the
// size for an infinite proposal minus the size for a zero one), an equal
// share of what is left, and each takes what it chooses from what is left.
// Spacers share what the others leave. Across the axis, every child is
// proposed the stack's proposal and aligned by the stack's alignment.

/// A stack's arguments, evaluated: spacing in points (nil: SwiftUI's
/// default, 8 between views and none beside a spacer) and the alignment
/// across the axis as a fraction of the stack's extent (zstack: both
/// axes).
struct StackArguments: Hashable {
  var spacing: Double?
  var alignment: Point
}

/// One stack laid out for one proposal: its size in points, and each
/// child's proposal and origin in the stack's frame, in the children's
/// order.
struct StackPlacement {
  var size: Size
  var children: [(view: ViewInstance, proposal: ProposedSize, origin: Point)]
}

extension LayoutEngine {
  /// SwiftUI's default spacing between two views of a stack, in points.
  static let defaultSpacing = 8.0

  /// The arguments of `stack`, evaluated in `scope` (nil after an error,
  /// already reported).
  func stackArguments(_ stack: StackView, _ scope: Scope) -> StackArguments? {
    let names = stack.axis == .z ? ["alignment"] : ["spacing", "alignment"]
    let args = evaluator.bind(stack.arguments, to: names, callee: stack.axis.rawValue, at: stack.keywordRange)
    guard args.ok else { return nil }
    var result = StackArguments(spacing: nil, alignment: Point(0.5, 0.5))
    if let a = args["spacing"] {
      guard let s = evaluator.length(evaluator.eval(a.value, scope), axis: nil, a.value.range) else { return nil }
      guard s.isFinite && abs(s) <= LayoutEngine.maximumCoordinate else {
        evaluator.report(.coordinateOutOfRange(LayoutEngine.magnitude(abs(s))), a.value.range)
        return nil
      }
      result.spacing = s
    }
    if let a = args["alignment"] {
      guard let p = stackAlignment(stack.axis, evaluator.eval(a.value, scope), a.value.range) else { return nil }
      result.alignment = p
    }
    return result
  }

  /// A stack's alignment: for a vstack a horizontal one (`leading`,
  /// `center`, `trailing`), for an hstack a vertical one (`top`,
  /// `center`, `bottom`), for a zstack any unit point.
  private func stackAlignment(_ axis: StackAxis, _ v: Value, _ range: SourceRange) -> Point? {
    guard let p = evaluator.unitPoint(v, range) else { return nil }
    switch axis {
    case .z: return p
    case .v:
      guard p.y == 0.5 else {
        _ = evaluator.mismatch("a horizontal alignment ('leading', 'center' or 'trailing')", v, range)
        return nil
      }
    case .h:
      guard p.x == 0.5 else {
        _ = evaluator.mismatch("a vertical alignment ('top', 'center' or 'bottom')", v, range)
        return nil
      }
    }
    return p
  }

  /// The layout of the stack `view` (whose primary is `stack`) for
  /// proposal `p`, memoised: sizing and drawing ask for the same one.
  func stackPlacement(_ view: ViewInstance, _ stack: StackView, _ p: ProposedSize) -> StackPlacement {
    let key = SizeKey(id: view.id, width: p.width, height: p.height, probing: evaluator.muted > 0)
    if let known = stackPlacements[key] { return known }
    let placement = computeStack(view, stack, p)
    stackPlacements[key] = placement
    return placement
  }

  private func computeStack(_ view: ViewInstance, _ stack: StackView, _ p: ProposedSize) -> StackPlacement {
    let args = stackArguments(stack, view.scope) ?? StackArguments(spacing: nil, alignment: Point(0.5, 0.5))
    let children = expand(
      stack.body, in: view.scope, geometry: nil, environment: textEnvironment(view), axis: stack.axis)
    if stack.axis == .z {
      let sizes = children.map { size($0, p) }
      let total = sizes.reduce(Size(0, 0)) { Size(max($0.width, $1.width), max($0.height, $1.height)) }
      // Made with the labels of `StackPlacement.children`: an unlabelled
      // list was converted to it by a copy of every child.
      let placed: [(view: ViewInstance, proposal: ProposedSize, origin: Point)] = zip(children, sizes).map {
        child, s in
        (
          view: child, proposal: p,
          origin: Point(args.alignment.x * (total.width - s.width), args.alignment.y * (total.height - s.height))
        )
      }
      return StackPlacement(size: total, children: placed)
    }
    let vertical = stack.axis == .v
    func along(_ s: Size) -> Double { vertical ? s.height : s.width }
    func across(_ s: Size) -> Double { vertical ? s.width : s.height }
    func proposal(along a: Double?) -> ProposedSize {
      vertical ? ProposedSize(p.width, a) : ProposedSize(a, p.height)
    }
    // The spacing before each child (none before the first).
    let spacers = children.map { isSpacer($0) }
    var gaps = [Double](repeating: 0, count: children.count)
    for i in children.indices.dropFirst() {
      if let s = args.spacing {
        gaps[i] = s
      } else {
        gaps[i] = spacers[i] || spacers[i - 1] ? 0 : LayoutEngine.defaultSpacing
      }
    }
    let spacing = gaps.reduce(0, +)
    var chosen = [Size](repeating: Size(0, 0), count: children.count)
    if let total = vertical ? p.height : p.width {
      // Least flexible first; spacers last of all, as SwiftUI's have the
      // lowest priority; ties in the children's order. A single child is
      // not measured for it: it is first whatever it measures (a stack of
      // one view inside stacks was measured twice at every level).
      let flexibility =
        children.count < 2
        ? [0]
        : children.map { child -> Double in
          let most = along(probeSize(child, proposal(along: .infinity)))
          let least = along(probeSize(child, proposal(along: 0)))
          let f = most - least
          return f.isNaN ? .infinity : f
        }
      let order = children.indices.sorted {
        if spacers[$0] != spacers[$1] { return !spacers[$0] }
        if flexibility[$0] != flexibility[$1] { return flexibility[$0] < flexibility[$1] }
        return $0 < $1
      }
      var remaining = max(0, total - spacing)
      var left = children.count
      for i in order {
        let share = max(0, remaining / Double(left))
        chosen[i] = size(children[i], proposal(along: share))
        remaining -= along(chosen[i])
        left -= 1
      }
    } else {
      // No proposal along the axis: every child at its ideal extent.
      for i in children.indices { chosen[i] = size(children[i], proposal(along: nil)) }
    }
    let extent = chosen.reduce(spacing) { $0 + along($1) }
    let breadth = chosen.reduce(0) { max($0, across($1)) }
    var placed: [(view: ViewInstance, proposal: ProposedSize, origin: Point)] = []
    var cursor = 0.0
    for (i, child) in children.enumerated() {
      cursor += gaps[i]
      let offset = (vertical ? args.alignment.x : args.alignment.y) * (breadth - across(chosen[i]))
      let origin = vertical ? Point(offset, cursor) : Point(cursor, offset)
      placed.append((child, proposal(along: along(chosen[i])), origin))
      cursor += along(chosen[i])
    }
    return StackPlacement(size: vertical ? Size(breadth, extent) : Size(extent, breadth), children: placed)
  }

  /// Whether `view` is a `spacer()` with no modifiers of its own.
  func isSpacer(_ view: ViewInstance) -> Bool {
    guard case .call(let name, _, _) = view.element.primary else { return false }
    return name == "spacer" && view.element.modifiers.isEmpty && view.inherited.isEmpty
  }

  /// The size `view` chooses for a measuring proposal (zero or infinite
  /// along an axis): what it reports there is not an error of the badge
  /// (a repeat of `width / 10` copies is fine at every real width), so
  /// nothing is reported while measuring.
  func probeSize(_ view: ViewInstance, _ p: ProposedSize) -> Size {
    evaluator.muted += 1
    defer { evaluator.muted -= 1 }
    return size(view, p)
  }
}
