// Placement and drawing: given the proposal a view was sized for and the
// transform from its frame to the canvas, places its children (SwiftUI's
// `placeSubviews`), applies render effects (rotate, scale, offset, opacity,
// shadows, blurs, colour effects) and emits scene nodes.

/// What flows down the tree while drawing: the fill set by the nearest
/// enclosing `.fill` (an inner one wins), like SwiftUI's foreground style,
/// and the nearest stroke and trim.
struct DrawContext: Hashable {
  /// The fill; nil: none set (black, unless a stroke is set).
  var paint: PaintValue?
  var rule: FillRule = .nonZero
  /// The nearest `.stroke`: shapes inside are stroked with it, and filled
  /// only by a `.fill` inside it.
  var stroke: StrokeSpec?
  /// The part of every shape's outline kept, as fractions of its length.
  var trim: Trim?
}

/// `.trim(from:, to:)` fractions, 0 ≤ from, to ≤ 1.
struct Trim: Hashable {
  var from: Double
  var to: Double
}

extension LayoutEngine {
  /// Draws `view`, sized for `proposal`, whose frame maps to the canvas by
  /// `transform`.
  func draw(
    _ view: ViewInstance, _ proposal: ProposedSize, _ transform: Transform, _ context: DrawContext,
    into nodes: inout [SceneNode]
  ) {
    nested(view, otherwise: ()) {
      recording(view, proposal, transform) {
        let mods = resolvedModifiers(view, proposal)
        draw(view, mods, mods.list.count, proposal, transform, context, &nodes)
      }
    }
  }

  private func draw(
    _ view: ViewInstance, _ mods: ResolvedModifiers, _ level: Int, _ p: ProposedSize, _ t: Transform,
    _ context: DrawContext, _ nodes: inout [SceneNode]
  ) {
    if level == 0 {
      drawPrimary(view, p, t, context, &nodes)
      return
    }
    let inner = { (q: ProposedSize, u: Transform, c: DrawContext, out: inout [SceneNode]) in
      self.draw(view, mods, level - 1, q, u, c, &out)
    }
    let childSize = { (q: ProposedSize) in self.size(view, mods, level - 1, q) }
    // A mask or clip that draws nothing for these values hides the view:
    // a warning, and the view laid out for its own diagnostics only.
    func hide(_ message: Message, _ range: SourceRange) {
      evaluator.warn(message, range)
      var hidden: [SceneNode] = []
      inner(p, t, context, &hidden)
    }
    switch mods.list[level - 1] {
    case .frame(let w, let h, let alignment):
      let mine = size(view, mods, level, p)
      let q = ProposedSize(w ?? p.width, h ?? p.height)
      let child = childSize(q)
      let origin = Point(
        alignment.x * (mine.width - child.width), alignment.y * (mine.height - child.height))
      inner(q, t * .translation(origin.x, origin.y), context, &nodes)
    case .flexibleFrame(let f):
      let mine = size(view, mods, level, p)
      let q = f.proposal(p)
      let child = childSize(q)
      let origin = Point(
        f.alignment.x * (mine.width - child.width), f.alignment.y * (mine.height - child.height))
      inner(q, t * .translation(origin.x, origin.y), context, &nodes)
    case .fixedSize(let h, let v):
      inner(ProposedSize(h ? nil : p.width, v ? nil : p.height), t, context, &nodes)
    case .aspect(let ratio, let fill):
      inner(aspectProposal(ratio: ratio, fill: fill, p, ideal: { childSize(.unspecified) }), t, context, &nodes)
    case .padding(let top, let leading, let bottom, let trailing):
      inner(inset(p, top, leading, bottom, trailing), t * .translation(leading, top), context, &nodes)
    case .offset(let x, let y):
      inner(p, t * .translation(x, y), context, &nodes)
    case .position(let x, let y):
      let child = childSize(p)
      inner(p, t * .translation(x - child.width / 2, y - child.height / 2), context, &nodes)
    case .rotate(let radians, let anchor):
      recordAnchor(anchor)
      let s = childSize(p)
      inner(p, t * about(anchor, s, .rotation(radians)), context, &nodes)
    case .scale(let x, let y, let anchor):
      recordAnchor(anchor)
      let s = childSize(p)
      inner(p, t * about(anchor, s, .scale(x, y)), context, &nodes)
    case .transform(let m):
      // SwiftUI's transformEffect: about the frame's top-left corner.
      inner(p, t * m, context, &nodes)
    case .opacity(let amount):
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      nodes.append(contentsOf: applyOpacity(amount, group))
    case .fill(let paint, let rule):
      var c = context
      c.paint = paint
      c.rule = rule
      inner(p, t, c, &nodes)
    case .stroke(var spec):
      // A stroke without a paint takes the enclosing fill's; the shapes
      // inside are filled only by a `.fill` inside the stroke.
      if spec.paint == nil { spec.paint = context.paint }
      var c = context
      c.stroke = spec
      c.paint = nil
      c.rule = .nonZero
      inner(p, t, c, &nodes)
    case .trim(let from, let to):
      var c = context
      // The inner trim cuts first; this one keeps its part of what is left.
      if let o = context.trim {
        c.trim = Trim(from: from + (to - from) * o.from, to: from + (to - from) * o.to)
      } else {
        c.trim = Trim(from: from, to: to)
      }
      inner(p, t, c, &nodes)
    case .clip(let shape, let scope, let rule, let range):
      let s = childSize(p)
      // The clip shape drawn in the view's frame (`.clipped()`: the frame).
      var drawn: [SceneNode] = []
      if let shape {
        recording(role: .clipShape) {
          drawChildren(
            shape, scope, s, centred: true, t, DrawContext(), &drawn, proposal: ProposedSize(s),
            environment: textEnvironment(view))
        }
      } else {
        drawn = [
          .fill(
            Fill(
              path: LayoutEngine.rectangle(s), transform: t, paint: .solid(RGBA(r: 0, g: 0, b: 0)),
              opacity: 1, rule: .nonZero))
        ]
      }
      // (Groups are only made around something drawn: nothing drawn is
      // no shape at all.) Written empty, it is a mistake; empty through
      // its values (or of no area), it hides the view.
      guard !drawn.isEmpty else {
        if shape.map({ isWrittenEmpty($0) }) ?? false {
          reportOnce(.emptyClipShape, range)
        } else {
          hide(.clipHidesView, range)
        }
        return
      }
      if shape != nil && LayoutEngine.drawsNothing(drawn, insidesOnly: true) {
        hide(.clipHidesView, range)
        return
      }
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      guard !group.isEmpty else { return }
      // Shapes clip by their insides (strokes do not count, as in SVG's
      // clip paths), `rule` in place of their own rules when given.
      let shapes = drawn.compactMap { n -> ClipPath? in
        guard case .fill(let f) = n else { return nil }
        return ClipPath(path: f.path, transform: f.transform, rule: rule ?? f.rule)
      }
      if shapes.count == drawn.count {
        nodes.append(.clip(shapes, children: group))
      } else {
        // A clip shape that is itself clipped or masked (`.clipShape(
        // star().clipShape(circle()))`): its area is what it draws, so it
        // clips as a mask of its shapes drawn opaque.
        nodes.append(.mask(LayoutEngine.clipArea(drawn, rule), children: group))
      }
    case .mask(let content, let scope, let range):
      let s = childSize(p)
      var mask: [SceneNode] = []
      recording(role: .mask) {
        drawChildren(
          content, scope, s, centred: true, t, DrawContext(), &mask, proposal: ProposedSize(s),
          environment: textEnvironment(view))
      }
      guard !mask.isEmpty, !LayoutEngine.drawsNothing(mask, insidesOnly: false) else {
        if isWrittenEmpty(content) {
          reportOnce(.emptyMask, range)
        } else {
          hide(.maskHidesView, range)
        }
        return
      }
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      if !group.isEmpty { nodes.append(.mask(mask, children: group)) }
    case .overlay(let content, let scope, let alignment, let behind):
      // SwiftUI's overlay and background: the content is proposed the
      // view's size and aligned on it; the view's size is its own.
      let s = childSize(p)
      var extra: [SceneNode] = []
      let q = ProposedSize(s)
      for child in expand(content, in: scope, geometry: s, environment: textEnvironment(view)) {
        let c = size(child, q)
        let origin = Point(alignment.x * (s.width - c.width), alignment.y * (s.height - c.height))
        recording(role: behind ? .background : .overlay) {
          draw(child, q, t * .translation(origin.x, origin.y), context, into: &extra)
        }
      }
      if behind { nodes += extra }
      inner(p, t, context, &nodes)
      if !behind { nodes += extra }
    case .shadow(let color, let radius, let x, let y):
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      let shadow = Shadow(
        color: color, sigma: LayoutEngine.sigma(radius, t), offset: Point(t.a * x + t.c * y, t.b * x + t.d * y))
      if !group.isEmpty { nodes.append(.shadow(shadow, children: group)) }
    case .environment:
      inner(p, t, context, &nodes)
    case .blur(let rx, let ry):
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      let sigma = rx == ry ? LayoutEngine.sigma(rx, t) : LayoutEngine.sigma(x: rx, y: ry, t)
      if !group.isEmpty { nodes.append(.blur(sigma: sigma, children: group)) }
    case .colorEffect(let matrix) where matrix.isIdentity:
      // `.grayscale(0)`, `.hueRotation(0deg)`: nothing changes.
      inner(p, t, context, &nodes)
    case .colorEffect(let matrix):
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      if !group.isEmpty { nodes.append(.colorEffect(matrix, children: group)) }
    case .blend(nil):
      // `.blendMode(normal)`: drawn over, as without it.
      inner(p, t, context, &nodes)
    case .blend(let mode?):
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      if !group.isEmpty { nodes.append(.blend(mode, children: group)) }
    case .isolate:
      // A layer at full opacity: drawn apart, then over what is behind
      // (which only a blend inside can tell from drawing it in place).
      var group: [SceneNode] = []
      inner(p, t, context, &group)
      if SceneNode.anyBlends(group) {
        nodes.append(.layer(opacity: 1, children: group))
      } else {
        nodes += group
      }
    }
  }

  /// The Gaussian deviation on the canvas of a blur of `radius` points of
  /// a frame drawn through `t`: σ = radius / 2 (as a CSS blur radius),
  /// scaled by how much `t` stretches each canvas axis.
  static func sigma(_ radius: Double, _ t: Transform) -> Point {
    let k = t.axisStretch
    return Point(radius / 2 * k.x, radius / 2 * k.y)
  }

  /// The deviations on the canvas of a blur of radii `x` and `y` along the
  /// axes of a frame drawn through `t`: the spread of the blur so turned
  /// or stretched along each canvas axis (σx² = a²σ₁² + c²σ₂², σy² = b²σ₁²
  /// + d²σ₂²), exact when the frame's axes lie along the canvas's.
  static func sigma(x: Double, y: Double, _ t: Transform) -> Point {
    let (hx, hy) = (x / 2, y / 2)
    return Point(
      ((t.a * hx) * (t.a * hx) + (t.c * hy) * (t.c * hy)).squareRoot(),
      ((t.b * hx) * (t.b * hx) + (t.d * hy) * (t.d * hy)).squareRoot())
  }

  /// A rectangle from the origin to `size`, clockwise from the top-left.
  static func rectangle(_ size: Size) -> ScenePath {
    ScenePath([
      .move(Point(0, 0)), .line(Point(size.width, 0)), .line(Point(size.width, size.height)),
      .line(Point(0, size.height)), .close,
    ])
  }

  /// The area a clip shape covers, as mask content: its shapes' insides
  /// (strokes do not count, as in a clip path) filled opaque, with `rule`
  /// in place of their own rules when given; its own clips and masks kept,
  /// opacities and effects left out (a clip is all or nothing).
  static func clipArea(_ nodes: [SceneNode], _ rule: FillRule?) -> [SceneNode] {
    nodes.flatMap { node -> [SceneNode] in
      switch node {
      case .fill(var f):
        f.paint = .solid(RGBA(r: 0, g: 0, b: 0))
        f.opacity = 1
        f.stroke = nil
        if let rule { f.rule = rule }
        return [.fill(f)]
      case .clip(let shapes, let children):
        return [.clip(shapes, children: clipArea(children, rule))]
      case .mask(let mask, let children):
        return [.mask(mask, children: clipArea(children, rule))]
      case .layer(_, let children), .shadow(_, let children), .blur(_, let children),
        .colorEffect(_, let children), .blend(_, let children):
        return clipArea(children, rule)
      }
    }
  }

  /// Whether `block` holds nothing that could draw, whatever the values:
  /// no items, or only lets, empty stacks, geometries, repeats, paths and
  /// components whose bodies are so (`.mask { }`, `.mask { zstack { } }`,
  /// `.clipShape(path { })`). `depth` bounds components using components.
  func isWrittenEmpty(_ block: Block, depth: Int = 0) -> Bool {
    guard depth < 32 else { return false }
    return block.items.allSatisfy { item in
      switch item {
      case .let: return true
      case .conditional(let c):
        return isWrittenEmpty(c.then, depth: depth) && (c.otherwise.map { isWrittenEmpty($0, depth: depth) } ?? true)
      case .element(let e):
        switch e.primary {
        case .stack(let s): return isWrittenEmpty(s.body, depth: depth)
        case .geometry(let b), .repeat(_, _, _, let b, _): return isWrittenEmpty(b, depth: depth)
        case .path(let body): return body.items.isEmpty
        case .call(let name, _, _): return components[name].map { isWrittenEmpty($0.body, depth: depth + 1) } ?? false
        case .pathData: return false
        }
      }
    }
  }

  /// Whether `nodes` cover no area: every fill's path has no points, or a
  /// box (control points included) of no width or height in its frame, or
  /// a transform that flattens it; with `insidesOnly` strokes count for
  /// nothing either (as in a clip), else a stroke of some width draws.
  static func drawsNothing(_ nodes: [SceneNode], insidesOnly: Bool) -> Bool {
    nodes.allSatisfy { node in
      guard case .fill(let f) = node else { return drawsNothing(node.children, insidesOnly: insidesOnly) }
      if !insidesOnly, let s = f.stroke, s.width > 0, !f.path.elements.isEmpty { return false }
      let t = f.transform
      guard let (lo, hi) = f.path.pointBox else { return true }
      return !(lo.x < hi.x && lo.y < hi.y) || t.a * t.d - t.b * t.c == 0
    }
  }

  /// Reports `message` at `range` the first time only (a modifier on a
  /// repeat's copies reports once).
  func reportOnce(_ message: Message, _ range: SourceRange) {
    guard evaluator.muted == 0, reportedOnce.insert(range).inserted else { return }
    evaluator.report(message, range)
  }

  /// Takes `count` shapes copied into a component's caller from their
  /// budget; false (after one report) when the layout would copy too many.
  func spendCopies(_ count: Int, at range: SourceRange) -> Bool {
    take(count, from: &copiedBudget, .tooManyCopiedShapes(LayoutEngine.maximumCopiedShapes), at: range)
  }

  /// Takes `count` fills from the budget; false (after one report) when the
  /// badge would draw too many.
  func spend(_ count: Int, at range: SourceRange) -> Bool {
    take(count, from: &fillBudget, .tooManyShapes(LayoutEngine.maximumFills), at: range)
  }

  /// Marks the segment budget spent, reporting it the first time: for a
  /// path that would pass it, or one stopped while it was built.
  func segmentsExhausted(at range: SourceRange) {
    if segmentBudget >= 0 { evaluator.report(.tooManySegments(LayoutEngine.maximumSegments), range) }
    segmentBudget = -1
  }

  /// Takes `count` from `budget`; false once it is overdrawn, after
  /// reporting `message` the first time.
  private func take(_ count: Int, from budget: inout Budget, _ message: Message, at range: SourceRange) -> Bool {
    budget.left -= count
    if budget.left >= 0 { return true }
    if !budget.reported {
      evaluator.report(message, range)
      budget.reported = true
    }
    return false
  }

  private func countFills(_ nodes: [SceneNode]) -> Int {
    nodes.reduce(0) { n, node in
      if case .fill = node { return n + 1 }
      var count = n + countFills(node.children)
      if case .clip(let shapes, _) = node { count += shapes.count }
      return count
    }
  }

  /// `effect` applied about the unit point `anchor` of a frame of `size`.
  private func about(_ anchor: Point, _ size: Size, _ effect: Transform) -> Transform {
    let ax = anchor.x * size.width
    let ay = anchor.y * size.height
    return .translation(ax, ay) * effect * .translation(-ax, -ay)
  }

  /// A group drawn with `amount` opacity. A single fill takes the opacity
  /// itself; several become a layer, so that their overlaps are not darker.
  private func applyOpacity(_ amount: Double, _ group: [SceneNode]) -> [SceneNode] {
    if amount >= 1 { return group }
    if group.count == 1 {
      switch group[0] {
      case .fill(var f):
        f.opacity *= amount
        return [.fill(f)]
      case .layer(let o, let children):
        return [.layer(opacity: o * amount, children: children)]
      default:
        break
      }
    }
    return group.isEmpty ? [] : [.layer(opacity: amount, children: group)]
  }

  /// The view itself: a shape becomes a fill; a container lays out and draws
  /// its children.
  private func drawPrimary(
    _ view: ViewInstance, _ p: ProposedSize, _ t: Transform, _ context: DrawContext, _ nodes: inout [SceneNode]
  ) {
    let size = primarySize(view, p)
    recordContent(p, size, t)
    switch view.element.primary {
    case .path(let body):
      guard segmentBudget >= 0 else { return }
      if context.stroke?.border == true {
        reportOnce(.strokeBorderNeedsShape, view.element.range)
        return
      }
      var builder = PathBuilder(evaluator: evaluator, limit: segmentBudget)
      builder.build(body, view.scope.withGeometry(size), frame: size)
      if builder.overflowed {
        segmentsExhausted(at: view.element.range)
        return
      }
      guard spend(1, at: view.element.range) else { return }
      emit(builder.path, size, t, context, &nodes, at: view.element.range)
    case .pathData(let args, let range):
      guard segmentBudget >= 0 else { return }
      if context.stroke?.border == true {
        reportOnce(.strokeBorderNeedsShape, view.element.range)
        return
      }
      guard let path = pathFromData(args, in: size, view.scope.withGeometry(size), at: range),
        spend(1, at: range)
      else { return }
      emit(path, size, t, context, &nodes, at: range)
    case .geometry(let block):
      drawChildren(block, view.scope, size, centred: false, t, context, &nodes, environment: textEnvironment(view))
    case .stack(let stack):
      for child in stackPlacement(view, stack, p).children {
        draw(child.view, child.proposal, t * .translation(child.origin.x, child.origin.y), context, into: &nodes)
      }
    case .call(let name, let nameRange, let args):
      if name == BuiltinView.spacer.rawValue {
        // A spacer takes room and draws nothing.
        _ = spacerLength(args, view.scope, at: nameRange)
      } else if name == BuiltinView.text.rawValue {
        drawText(view, args, p, size, t, context, &nodes, at: nameRange)
      } else if let shape = BuiltinShape(rawValue: name) {
        // `.strokeBorder`: the stroke follows the shape inset by half its
        // width, so that it stays inside the frame.
        let inset = context.stroke.map { $0.border ? $0.style.width / 2 : 0 } ?? 0
        var border: ScenePath?
        if inset > 0 {
          guard
            let p = shape.path(args, in: size, inset: inset, view.scope.withGeometry(size), evaluator, at: nameRange)
          else { return }
          border = p
        }
        // A shape without arguments is the same path for the same size:
        // made once and shared (no segments built again).
        let key = args.isEmpty ? ShapeKey(shape: shape, size: size) : nil
        if let key, let path = shapePaths[key] {
          guard spend(1, at: nameRange) else { return }
          emit(path, size, t, context, &nodes, at: nameRange, built: false, strokePath: border)
          return
        }
        guard let path = shape.path(args, in: size, inset: 0, view.scope.withGeometry(size), evaluator, at: nameRange),
          spend(1, at: nameRange)
        else { return }
        if let key, shapePaths.count < 10_000 { shapePaths[key] = path }
        emit(path, size, t, context, &nodes, at: nameRange, strokePath: border)
      } else if let component = components[name] {
        guard evaluator.callStack.count < LayoutEngine.maximumComponentDepth else {
          evaluator.report(.componentsTooDeep(LayoutEngine.maximumComponentDepth), nameRange)
          return
        }
        guard !evaluator.callStack.contains(where: { $0.name == name }) else {
          evaluator.report(.componentRecursion(name), nameRange)
          return
        }
        guard let values = bindComponent(component, args, view.scope, at: nameRange) else { return }
        let environment = textEnvironment(view)
        // A `: View` component's children are proposed what it was.
        let sized = component.sizedToContent
        // (A recorded layout draws every use, to record what is inside;
        // arguments holding long lists are not hashed at every use.)
        let key =
          recorder == nil && ComponentDrawing.cacheable(values)
          ? ComponentDrawing.Key(
            name: name, arguments: values, size: size, context: context, environment: environment,
            proposedWidth: sized ? p.width : nil, proposedHeight: sized ? p.height : nil) : nil
        // This use, recorded on the fills it places (the outermost wins).
        let site = CallSite(name: name, range: nameRange)
        if let key, let cached = componentDrawings[key] {
          guard spend(cached.fillCount, at: nameRange), spendCopies(cached.fillCount, at: nameRange) else { return }
          nodes.append(contentsOf: cached.nodes.map { $0.transformed(by: t, site: site) })
          return
        }
        // A component's drawing depends only on its arguments, size and
        // paint, so it is drawn once in its own frame and reused.
        let scope = componentScope(component, values)
        var local: [SceneNode] = []
        evaluator.callStack.append((name, nameRange))
        drawChildren(
          component.body, scope, size, centred: sized, .identity, context, &local, proposal: sized ? p : nil,
          environment: environment)
        evaluator.callStack.removeLast()
        // Once the shape budget is spent the badge has failed: a partial
        // drawing is neither kept nor handed up (each level above would
        // hold another copy of it).
        guard fillBudget.left >= 0 else { return }
        let drawing = ComponentDrawing(nodes: local, fillCount: countFills(local))
        // Handing the drawing up copies it: a chain of components copies a
        // shape once a level.
        guard spendCopies(drawing.fillCount, at: nameRange) else { return }
        if let key { componentDrawings[key] = drawing }
        nodes.append(contentsOf: local.map { $0.transformed(by: t, site: site) })
      } else {
        evaluator.report(.unknownComponent(name), nameRange)
      }
    case .repeat:
      break  // expanded into its copies before layout
    }
  }

  /// Lays out a container's children in a frame of `size`: the block is
  /// expanded in `scope` with the geometry of the proposal (default: the
  /// frame); each child is proposed it and placed at the top-left corner, or
  /// centred.
  private func drawChildren(
    _ block: Block, _ scope: Scope, _ size: Size, centred: Bool, _ t: Transform, _ context: DrawContext,
    _ nodes: inout [SceneNode], proposal: ProposedSize? = nil, environment: TextEnvironment
  ) {
    let q = proposal ?? ProposedSize(size)
    for child in expand(block, in: scope, geometry: q.filled, environment: environment) {
      var u = t
      if centred {
        let s = self.size(child, q)
        u = t * .translation((size.width - s.width) / 2, (size.height - s.height) / 2)
      }
      draw(child, q, u, context, into: &nodes)
    }
  }

  /// The values of a component's parameters, in order: the call's arguments
  /// (evaluated in the caller's scope) or the defaults (evaluated in the
  /// global scope).
  func bindComponent(
    _ c: ComponentDecl, _ args: [Argument], _ callerScope: Scope, at range: SourceRange
  ) -> [Value]? {
    // Binding costs about five evaluation steps a parameter (a component
    // may have thousands).
    guard evaluator.spend(5 * c.parameters.count, at: range) else { return nil }
    let names = c.parameters.map(\.name)
    let required = c.parameters.filter { $0.defaultValue == nil }.map(\.name)
    let bound = evaluator.bind(args, to: names, required: required, callee: c.name, at: range)
    guard bound.ok else { return nil }
    return c.parameters.enumerated().map { i, param in
      if let arg = bound[position: i] { return evaluator.eval(arg.value, callerScope) }
      return param.defaultValue.map { evaluator.eval($0, globals) } ?? .invalid
    }
  }

  /// The scope component `c`'s body is read in: its parameters bound to
  /// `values` (from `bindComponent`), over the top-level names.
  func componentScope(_ c: ComponentDecl, _ values: [Value]) -> Scope {
    globals.child(Dictionary(uniqueKeysWithValues: zip(c.parameters.map(\.name), values)))
  }

  /// The fill and stroke of `path` (in a frame of `size`) as the context
  /// sets them: filled with its paint (black where none was set, as in
  /// SwiftUI) unless a stroke is set without a fill inside it; stroked
  /// along `strokePath` (default: `path`) when a stroke is set. A path with
  /// a point farther than `maximumCoordinate` from its frame's origin is an
  /// error at `range` (`finish` checks where the frame lands on the
  /// canvas).
  func emit(
    _ path: ScenePath, _ size: Size, _ t: Transform, _ context: DrawContext, _ nodes: inout [SceneNode],
    at range: SourceRange, built: Bool = true, strokePath: ScenePath? = nil, label: String? = nil
  ) {
    var label = label
    guard !path.elements.isEmpty else { return }
    if built {
      guard path.elements.count <= segmentBudget else {
        segmentsExhausted(at: range)
        return
      }
      segmentBudget -= path.elements.count
      // A shared path was checked when it was built.
      let extent = LayoutEngine.extent(of: path)
      guard extent <= LayoutEngine.maximumCoordinate else {
        evaluator.report(.coordinateOutOfRange(LayoutEngine.magnitude(extent)), range)
        return
      }
    }
    func trimmed(_ p: ScenePath) -> ScenePath {
      guard let trim = context.trim, trim.from > 0 || trim.to < 1 else { return p }
      // Trimming builds new segments: about as many as the path has.
      segmentBudget -= p.elements.count
      return p.trimmed(from: trim.from, to: trim.to)
    }
    if context.paint != nil || context.stroke == nil {
      let inside = trimmed(path)
      if !inside.elements.isEmpty {
        var fill = Fill(path: inside, transform: t, paint: paint(context.paint, size), opacity: 1, rule: context.rule)
        fill.text = label
        fill.origin = FillOrigin(element: range, node: recorder?.current)
        label = nil
        nodes.append(.fill(fill))
      }
    }
    if let stroke = context.stroke, stroke.style.width > 0 {
      if context.paint != nil { guard spend(1, at: range) else { return } }
      let outline = trimmed(strokePath ?? path)
      if !outline.elements.isEmpty {
        var fill = Fill(
          path: outline, transform: t, paint: paint(stroke.paint, size), opacity: 1, rule: .nonZero,
          stroke: stroke.style)
        fill.text = label
        fill.origin = FillOrigin(element: range, node: recorder?.current)
        nodes.append(.fill(fill))
      }
    }
  }

  /// A paint as it fills a frame of `size`: black when none was set.
  private func paint(_ value: PaintValue?, _ size: Size) -> Paint {
    switch value {
    case nil: return .solid(RGBA(r: 0, g: 0, b: 0))
    case .color(let c)?: return .solid(c)
    case .gradient(let g)?:
      func at(_ u: Point) -> Point { Point(u.x * size.width, u.y * size.height) }
      let side = min(size.width, size.height)
      switch g.shape {
      case .linear(let start, let end):
        return .linear(LinearGradient(stops: g.stops, start: at(start), end: at(end)))
      case .radial(let center, let r0, let r1, let focus):
        return .radial(
          LayoutEngine.radial(
            g.stops, center: at(center), r0.points(side: side), r1.points(side: side), focus: focus.map(at)))
      case .elliptical(let center, let f0, let f1):
        // Circles in the unit square, which the frame's size stretches.
        return .radial(
          LayoutEngine.radial(
            g.stops, center: center, f0, f1, focus: nil, space: .scale(size.width, size.height)))
      case .angular(let center, let a0, let a1):
        var stops = g.stops
        var (a, b) = (a0, a1)
        if a > b {
          swap(&a, &b)
          stops = stops.reversed().map { GradientStop(color: $0.color, location: 1 - $0.location) }
        }
        return .conic(ConicGradient(stops: stops, center: at(center), startAngle: a, endAngle: b))
      }
    }
  }
}

extension LayoutEngine {
  /// A radial gradient from the circle of radius `r0` about `focus` (nil:
  /// `center`) to the circle of `r1` about `center`: radii the wrong way
  /// round are the same circles swapped, the stops reversed.
  static func radial(
    _ stops: [GradientStop], center: Point, _ r0: Double, _ r1: Double, focus: Point?, space: Transform = .identity
  ) -> RadialGradient {
    guard r0 > r1 else {
      return RadialGradient(stops: stops, center: center, startRadius: r0, endRadius: r1, focus: focus, space: space)
    }
    let reversed = stops.reversed().map { GradientStop(color: $0.color, location: 1 - $0.location) }
    return RadialGradient(
      stops: reversed, center: focus ?? center, startRadius: r1, endRadius: r0, focus: center, space: space)
  }
}
