// Sizing: the size a view chooses for a proposal, modifier by modifier from
// the outside in, as SwiftUI's `sizeThatFits`.

extension LayoutEngine {
  /// The size `view` chooses when proposed `proposal` (memoised: a view
  /// is asked again and again, by parents measuring before they place).
  func size(_ view: ViewInstance, _ proposal: ProposedSize) -> Size {
    let key = SizeKey(id: view.id, width: proposal.width, height: proposal.height)
    if let known = sizes[key] { return known }
    return nested(view, otherwise: Size(0, 0)) {
      let mods = resolvedModifiers(view, proposal)
      let result = size(view, mods, mods.list.count, proposal)
      sizes[key] = result
      return result
    }
  }

  /// The size of `view` wrapped in its first `level` modifiers (memoised in
  /// `mods`: modifiers such as `.aspect` ask what they wrap twice).
  func size(_ view: ViewInstance, _ mods: ResolvedModifiers, _ level: Int, _ p: ProposedSize) -> Size {
    let key = ResolvedModifiers.Key(level: level, width: p.width, height: p.height)
    if let known = mods.size(at: key) { return known }
    let result = computeSize(view, mods, level, p)
    mods.remember(result, at: key)
    return result
  }

  private func computeSize(_ view: ViewInstance, _ mods: ResolvedModifiers, _ level: Int, _ p: ProposedSize) -> Size {
    if level == 0 { return primarySize(view, p) }
    let inner = { (q: ProposedSize) in self.size(view, mods, level - 1, q) }
    switch mods.list[level - 1] {
    case .frame(let w, let h, _):
      if let w, let h { return Size(w, h) }
      let child = inner(ProposedSize(w ?? p.width, h ?? p.height))
      return Size(w ?? child.width, h ?? child.height)
    case .flexibleFrame(let f):
      return f.size(child: inner(f.proposal(p)), p)
    case .fixedSize(let h, let v):
      return inner(ProposedSize(h ? nil : p.width, v ? nil : p.height))
    case .aspect(let ratio, let fill):
      return inner(aspectProposal(ratio: ratio, fill: fill, p, ideal: { inner(.unspecified) }))
    case .padding(let t, let l, let b, let r):
      let child = inner(inset(p, t, l, b, r))
      return Size(max(0, child.width + l + r), max(0, child.height + t + b))
    case .position:
      let child = inner(p)
      return Size(p.width ?? child.width, p.height ?? child.height)
    case .offset, .rotate, .scale, .transform, .opacity, .fill, .stroke, .trim, .clip, .mask, .shadow, .blur,
      .colorEffect, .blend, .isolate, .overlay, .environment:
      return inner(p)
    }
  }

  /// The proposal minus the insets (never negative).
  func inset(_ p: ProposedSize, _ t: Double, _ l: Double, _ b: Double, _ r: Double) -> ProposedSize {
    ProposedSize(p.width.map { max(0, $0 - l - r) }, p.height.map { max(0, $0 - t - b) })
  }

  /// What `.aspectRatio(ratio, contentMode:)` proposes to its child: the
  /// largest (fit) or smallest (fill) size of that ratio against the
  /// proposal. Without a ratio, the child's ideal size gives it.
  func aspectProposal(ratio: Double?, fill: Bool, _ p: ProposedSize, ideal: () -> Size) -> ProposedSize {
    let r: Double
    if let ratio {
      r = ratio
    } else {
      let s = ideal()
      r = s.height > 0 && s.width > 0 ? s.width / s.height : 1
    }
    switch (p.width, p.height) {
    case (let w?, let h?):
      let wide = w / h > r
      if wide != fill { return ProposedSize(h * r, h) }
      return ProposedSize(w, w / r)
    case (let w?, nil): return ProposedSize(w, w / r)
    case (nil, let h?): return ProposedSize(h * r, h)
    case (nil, nil):
      let s = ideal()
      return aspectProposal(ratio: r, fill: fill, ProposedSize(s), ideal: ideal)
    }
  }

  /// A `: View` component's size for `p`: its body's elements proposed
  /// `p`, the largest of what they choose (as a ZStack). A component used
  /// inside itself is measured as filling `p` (drawing reports it).
  func contentSize(
    _ view: ViewInstance, _ c: ComponentDecl, _ args: [Argument], _ p: ProposedSize, at range: SourceRange
  )
    -> Size
  {
    guard !evaluator.callStack.contains(where: { $0.name == c.name }),
      evaluator.callStack.count < LayoutEngine.maximumComponentDepth,
      let scope = measuredScope(view, c, args, at: range)
    else { return p.filled }
    evaluator.callStack.append((c.name, range))
    defer { evaluator.callStack.removeLast() }
    var size = Size(0, 0)
    for child in expand(c.body, in: scope, geometry: p.filled, environment: textEnvironment(view)) {
      let s = self.size(child, p)
      size = Size(max(size.width, s.width), max(size.height, s.height))
    }
    return size
  }

  /// The scope a sized-to-content component's body is read in: its
  /// arguments bound and evaluated once for each use (by `reportingKey`),
  /// so that measuring the use at several proposals expands the body in
  /// the same scope and finds the sizes and text set before (a shield's
  /// words were set 15 times each). Nil, also kept, after an error.
  private func measuredScope(_ view: ViewInstance, _ c: ComponentDecl, _ args: [Argument], at range: SourceRange)
    -> Scope?
  {
    let key = reportingKey(view)
    if let known = componentScopes[key] { return known }
    let scope = bindComponent(c, args, view.scope, at: range).map { componentScope(c, $0) }
    componentScopes[key] = .some(scope)
    return scope
  }

  /// The size of the view itself, before any modifier.
  func primarySize(_ view: ViewInstance, _ p: ProposedSize) -> Size {
    switch view.element.primary {
    case .call(let name, let nameRange, let args) where name == BuiltinView.spacer.rawValue:
      let least = spacerLength(args, view.scope, at: nameRange)
      switch view.stackAxis {
      case .v?: return Size(0, max(least, p.height ?? least))
      case .h?: return Size(max(least, p.width ?? least), 0)
      case .z?, nil: return Size(max(least, p.width ?? least), max(least, p.height ?? least))
      }
    case .call(let name, let nameRange, let args) where name == BuiltinView.text.rawValue:
      return textFrame(view, args, p, at: nameRange)
    case .call(let name, let nameRange, let args) where components[name]?.sizedToContent == true:
      return contentSize(view, components[name]!, args, p, at: nameRange)
    case .path, .pathData, .geometry, .call, .repeat:
      // Shapes, components and geometry readers take the whole proposal.
      return p.filled
    case .stack(let stack):
      return stackPlacement(view, stack, p).size
    }
  }
}
