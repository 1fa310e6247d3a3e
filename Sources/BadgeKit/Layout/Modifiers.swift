// Modifier resolution: evaluates a view's modifier arguments for one
// proposal (`width`/`height` in them are that proposal) into plain numbers.
// Fractions (`50%`) are taken of the proposal along their axis.

/// A modifier with every argument evaluated, in points, radians and unit
/// points of the view's frame. The cases with large payloads are boxed, so
/// that a view's list of them is small (a large scene keeps one a view).
enum ResolvedModifier {
  case frame(width: Double?, height: Double?, alignment: Point)
  /// `.frame(minWidth:, idealWidth:, maxWidth:, minHeight:, …)`.
  indirect case flexibleFrame(FlexibleFrame)
  /// `.fixedSize(horizontal:, vertical:)`: the child proposed nothing
  /// (SwiftUI's nil) on the fixed axes, so it takes its ideal size there.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// `ratio` is width/height, nil for the child's ideal ratio.
  case aspect(ratio: Double?, fill: Bool)
  case padding(top: Double, leading: Double, bottom: Double, trailing: Double)
  case offset(x: Double, y: Double)
  case position(x: Double, y: Double)
  case rotate(radians: Double, anchor: Point)
  case scale(x: Double, y: Double, anchor: Point)
  /// `.transformEffect(a:, b:, c:, d:, tx:, ty:)`: an affine map of the
  /// view's frame (its origin at the top-left, offsets in its points),
  /// SwiftUI's `CGAffineTransform`.
  case transform(Transform)
  case opacity(Double)
  case fill(PaintValue, FillRule)
  /// `.stroke` or `.strokeBorder` (the spec says which).
  indirect case stroke(StrokeSpec)
  /// `.trim(from:, to:)`: fractions of every shape's length.
  case trim(from: Double, to: Double)
  /// `.clipShape(shape, rule:)`, or `.clipped()` (no shape: the frame).
  case clip(shape: Block?, scope: Scope, rule: FillRule?, range: SourceRange)
  /// `.mask { … }` or `.mask(shape)`.
  case mask(content: Block, scope: Scope, range: SourceRange)
  /// `.overlay(alignment:) { … }` (`behind: false`) or `.background`:
  /// content proposed the view's size, aligned on it, drawn over or under.
  case overlay(content: Block, scope: Scope, alignment: Point, behind: Bool)
  /// `.shadow(color:, radius:, x:, y:)`, lengths in points of the frame.
  indirect case shadow(color: RGBA, radius: Double, x: Double, y: Double)
  /// `.blur(radius:, horizontal:, vertical:)`: the radius along each axis
  /// of the frame, in its points.
  case blur(x: Double, y: Double)
  /// `.grayscale`, `.saturation`, `.brightness`, `.contrast`,
  /// `.hueRotation`, `.colorMultiply`, `.colorInvert`, `.luminanceToAlpha`.
  case colorEffect(ColorMatrix)
  /// `.blendMode(mode)`; nil for `normal`.
  case blend(BlendMode?)
  /// `.compositingGroup()`: what it wraps composited apart, so that blend
  /// modes inside see only it.
  case isolate
  /// `.font`, `.bold()` and the other text modifiers: nothing to lay out
  /// (they set the text environment, see TextEnvironment.swift).
  case environment
}

/// A stroke as a modifier sets it: its paint (nil: the enclosing fill's,
/// or black) and its style, lengths in points of the shape's frame.
struct StrokeSpec: Hashable {
  var paint: PaintValue?
  var style: StrokeStyle
  /// `.strokeBorder`: built-in shapes are inset by half the width.
  var border = false
}

/// A view's modifiers resolved for one proposal, with the sizes found so
/// far at each level of wrapping (by the proposal at that level).
final class ResolvedModifiers {
  struct Key: Hashable {
    var level: Int
    var width: Double?
    var height: Double?
  }
  let list: [ResolvedModifier]
  /// The sizes computed at each level and proposal: a handful a view, so
  /// kept in a list searched in order (a dictionary for each view of a
  /// large scene took half a kilobyte a shape), and in a dictionary once
  /// there are `listLimit` (then the list is empty).
  private var listed: [(key: Key, size: Size)] = []
  private var hashed: [Key: Size] = [:]
  static let listLimit = 16
  init(_ list: [ResolvedModifier]) { self.list = list }

  /// The size memoised for `key`, if any.
  func size(at key: Key) -> Size? {
    hashed.isEmpty ? listed.first { $0.key == key }?.size : hashed[key]
  }

  /// Memoises `size` for `key` (not memoised yet): in the list until it
  /// holds `listLimit`, then all of them in the dictionary.
  func remember(_ size: Size, at key: Key) {
    guard hashed.isEmpty else { return hashed[key] = size }
    // A size a level is the usual: room for them at once, not by doubling.
    if listed.isEmpty { listed.reserveCapacity(min(list.count + 1, ResolvedModifiers.listLimit)) }
    listed.append((key, size))
    if listed.count == ResolvedModifiers.listLimit {
      hashed = Dictionary(listed, uniquingKeysWith: { _, last in last })
      listed = []
    }
  }
}

/// A paint before it meets a frame: a colour, or a gradient in unit points.
enum PaintValue: Hashable {
  case color(RGBA)
  indirect case gradient(GradientValue)
}

extension LayoutEngine {
  /// The modifier names and their parameters, for binding and messages.
  static let modifierParameters: [String: [String]] = [
    "frame": ["width", "height", "alignment"] + FlexibleFrame.parameters,
    "aspect": ["ratio", "mode"],
    "scaledToFit": [], "scaledToFill": [],
    "fixedSize": ["horizontal", "vertical"],
    "padding": ["length", "top", "leading", "bottom", "trailing", "horizontal", "vertical"],
    "offset": ["x", "y"],
    "position": ["x", "y"],
    "rotate": ["angle", "anchor"],
    "scale": ["by", "anchor", "x", "y"],
    "transformEffect": ["a", "b", "c", "d", "tx", "ty"],
    "opacity": ["amount"],
    "fill": ["paint", "rule"],
    "stroke": LayoutEngine.strokeParameters,
    "strokeBorder": LayoutEngine.strokeParameters,
    "trim": ["from", "to"],
    "clipShape": ["shape", "rule"],
    "clipped": [],
    "mask": ["content"],
    "overlay": ["content", "alignment"],
    "background": ["content", "alignment"],
    "shadow": ["color", "radius", "x", "y"],
    "blur": ["radius", "horizontal", "vertical"],
    "grayscale": ["amount"], "saturation": ["amount"], "brightness": ["amount"], "contrast": ["amount"],
    "hueRotation": ["angle"], "colorMultiply": ["color"], "colorInvert": [], "luminanceToAlpha": [],
    "blendMode": ["mode"], "compositingGroup": [],
  ].merging(LayoutEngine.textModifiers) { a, _ in a }

  /// The modifiers that take a view as an argument, and its label:
  /// `.clipShape(circle())`, `.mask(Hexagon())`.
  static let viewParameters: [String: String] = [
    "clipShape": "shape", "mask": "content", "overlay": "content", "background": "content",
  ]

  /// Whether `name` is one of `viewParameters` (compared, not hashed:
  /// asked for every modifier resolved).
  static func takesView(_ name: String) -> Bool {
    switch name {
    case "clipShape", "mask", "overlay", "background": return true
    default: return false
    }
  }

  /// Resolves `modifiers` for a view proposed `proposal`; a modifier with an
  /// error is left out (its diagnostic is already reported).
  func resolve(_ modifiers: [ScopedModifier], proposal: ProposedSize) -> [ResolvedModifier] {
    let size = proposal.filled
    // Resolving a modifier costs about ten evaluation steps.
    guard evaluator.spend(10 * modifiers.count, at: modifiers.first?.modifier.range) else { return [] }
    // Modifiers written together share a scope: one frame with the
    // proposal's `width` and `height` serves them all.
    var last: (scope: Scope, geometry: Scope)?
    return modifiers.compactMap { m in
      let geometry: Scope
      if let last, last.scope === m.scope {
        geometry = last.geometry
      } else {
        geometry = m.scope.withGeometry(size)
        last = (m.scope, geometry)
      }
      return resolveRemembered(m, size, geometry)
    }
  }

  /// The modifiers of `view` resolved for `proposal`, memoised: sizing
  /// and drawing ask for the same ones.
  func resolvedModifiers(_ view: ViewInstance, _ proposal: ProposedSize) -> ResolvedModifiers {
    if view.element.modifiers.isEmpty && view.inherited.isEmpty { return ResolvedModifiers([]) }
    let key = SizeKey(id: view.id, width: proposal.width, height: proposal.height, probing: evaluator.muted > 0)
    if let known = resolvedModifiers[key] { return known }
    // Text modifiers are read once a view (errors reported once).
    _ = textEnvironment(view)
    let mods = ResolvedModifiers(resolve(view.modifiers, proposal: proposal))
    resolvedModifiers[key] = mods
    return mods
  }

  func resolve(_ scoped: ScopedModifier, _ size: Size, _ scope: Scope) -> ResolvedModifier? {
    let m = scoped.modifier
    guard let parameters = LayoutEngine.modifierParameters[m.name] else {
      evaluator.report(.unknownModifier(m.name), m.nameRange)
      return nil
    }
    if LayoutEngine.isTextModifier(m.name) { return .environment }
    if LayoutEngine.takesView(m.name) || m.name == "clipped" {
      return resolveViewModifier(m, scope)
    }
    let args = evaluator.bind(m.arguments, to: parameters, callee: m.name, at: m.range)
    guard args.ok else { return nil }
    let ev = evaluator
    // Every argument is evaluated first, so that each reports its own
    // errors (two divisions by zero are two errors).
    let evaluated = args.values.map { $0.map { (ev.eval($0.value, scope), $0.value.range) } }
    func value(_ name: String) -> (Value, SourceRange)? {
      parameters.firstIndex(of: name).flatMap { evaluated[$0] }
    }
    func length(_ name: String, _ axis: Double, default d: Double) -> Double? {
      guard let (v, r) = value(name) else { return d }
      return ev.length(v, axis: axis, r)
    }
    func anchor(default d: Point) -> Point? {
      guard let (v, r) = value("anchor") else { return d }
      return ev.unitPoint(v, r)
    }

    switch m.name {
    case "frame" where FlexibleFrame.parameters.contains(where: { value($0) != nil }):
      return resolveFlexibleFrame(m, value)
    case "frame":
      var w: Double?
      var h: Double?
      if let (v, r) = value("width") {
        guard let x = ev.length(v, axis: size.width, r) else { return nil }; w = ev.notNegative(x, "frame width", r)
      }
      if let (v, r) = value("height") {
        guard let x = ev.length(v, axis: size.height, r) else { return nil }; h = ev.notNegative(x, "frame height", r)
      }
      var alignment = Point(0.5, 0.5)
      if let (v, r) = value("alignment") { guard let p = ev.unitPoint(v, r) else { return nil }; alignment = p }
      return .frame(width: w, height: h, alignment: alignment)
    case "aspect", "scaledToFit", "scaledToFill":
      return resolveAspect(m, scope)
    case "fixedSize":
      // Both axes without arguments; with them, those said true.
      var fixed = (m.arguments.isEmpty, m.arguments.isEmpty)
      if let (v, r) = value("horizontal") { guard let b = ev.condition(v, r) else { return nil }; fixed.0 = b }
      if let (v, r) = value("vertical") { guard let b = ev.condition(v, r) else { return nil }; fixed.1 = b }
      return .fixedSize(horizontal: fixed.0, vertical: fixed.1)
    case "padding":
      if let edges = LayoutEngine.paddingEdges(m.arguments) {
        // SwiftUI's .padding(.horizontal, 10): those edges, 16 without a length.
        var amount = 16.0
        if m.arguments.count == 2 {
          let a = m.arguments[1].value
          guard let x = ev.length(ev.eval(a, scope), axis: size.width, a.range) else { return nil }
          amount = x
        }
        func on(_ edge: String) -> Double { edges.contains(edge) ? amount : 0 }
        return .padding(top: on("top"), leading: on("leading"), bottom: on("bottom"), trailing: on("trailing"))
      }
      guard let all = length("length", size.width, default: m.arguments.isEmpty ? 16 : 0),
        let hz = length("horizontal", size.width, default: all),
        let vt = length("vertical", size.height, default: all),
        let top = length("top", size.height, default: vt), let bottom = length("bottom", size.height, default: vt),
        let leading = length("leading", size.width, default: hz),
        let trailing = length("trailing", size.width, default: hz)
      else { return nil }
      return .padding(top: top, leading: leading, bottom: bottom, trailing: trailing)
    case "offset", "position":
      guard let x = length("x", size.width, default: 0), let y = length("y", size.height, default: 0) else {
        return nil
      }
      return m.name == "offset" ? .offset(x: x, y: y) : .position(x: x, y: y)
    case "rotate":
      guard let (v, r) = value("angle") else {
        evaluator.report(.missingArgument("angle", of: m.name), m.range)
        return nil
      }
      if case .scalar(let x, 0) = v {
        // rotate(45): SwiftUI's degrees are written 45deg here, and a
        // number written so gets the fix-it.
        var fixIts: [FixIt] = []
        if let e = args["angle"]?.value {
          if case .number(let n, .none) = e.kind { fixIts = [FixIt(e.range, formatForMessage(n) + "deg")] }
          if case .negate(let inner) = e.kind, case .number(let n, .none) = inner.kind {
            fixIts = [FixIt(e.range, "-" + formatForMessage(n) + "deg")]
          }
        }
        if ev.muted == 0 {
          ev.diagnostics.append(
            Diagnostic(
              .typeMismatch(expected: "an angle such as \(formatForMessage(x))deg", found: "a number"), at: r,
              notes: ev.componentNotes(), fixIts: fixIts))
        }
        return nil
      }
      guard let a = ev.angle(v, r), let p = anchor(default: Point(0.5, 0.5)) else { return nil }
      return .rotate(radians: a, anchor: p)
    case "scale":
      var by = 1.0
      if let (v, r) = value("by") { guard let s = ev.number(v, r) else { return nil }; by = s }
      var sx = by
      var sy = by
      if let (v, r) = value("x") { guard let s = ev.number(v, r) else { return nil }; sx = s }
      if let (v, r) = value("y") { guard let s = ev.number(v, r) else { return nil }; sy = s }
      guard let p = anchor(default: Point(0.5, 0.5)) else { return nil }
      return .scale(x: sx, y: sy, anchor: p)
    case "transformEffect":
      // Unset entries are the identity's: `.transformEffect(c: 0.3)` skews.
      var entries = [1.0, 0, 0, 1, 0, 0]
      for (i, name) in ["a", "b", "c", "d", "tx", "ty"].enumerated() {
        guard let (v, r) = value(name) else { continue }
        guard let x = i < 4 ? ev.number(v, r) : ev.length(v, axis: i == 4 ? size.width : size.height, r) else {
          return nil
        }
        guard ev.finite(x, "number", r) != nil else { return nil }
        entries[i] = x
      }
      let (tx, ty) = (entries[4], entries[5])
      return .transform(Transform(a: entries[0], b: entries[1], c: entries[2], d: entries[3], tx: tx, ty: ty))
    case "opacity":
      guard let (v, r) = value("amount") else {
        evaluator.report(.missingArgument("amount", of: m.name), m.range)
        return nil
      }
      guard let o = ev.number(v, r) else { return nil }
      let amount = ev.clamped(o, 0, 1, "opacity", percent: Warnings.isPercent(v), r)
      if amount == 0 { ev.warn(.invisible(found: Warnings.number(o, percent: Warnings.isPercent(v))), r) }
      return .opacity(amount)
    case "fill":
      guard let (v, r) = value("paint") else {
        evaluator.report(.missingArgument("paint", of: m.name), m.range)
        return nil
      }
      var rule = FillRule.nonZero
      if let (rv, rr) = value("rule") {
        guard let k = ev.keyword(rv, ["nonzero", "evenodd"], rr) else { return nil }
        rule = k == "evenodd" ? .evenOdd : .nonZero
      }
      switch v {
      case .color(let c): return .fill(.color(c), rule)
      case .gradient(let g): return .fill(.gradient(g), rule)
      default:
        _ = ev.mismatch("a colour or a gradient", v, r)
        return nil
      }
    case "stroke", "strokeBorder":
      return resolveStroke(m, value, size)
    case "trim":
      var ends = [0.0, 1.0]
      for (i, name) in ["from", "to"].enumerated() {
        if let (v, r) = value(name) {
          guard let x = ev.number(v, r) else { return nil }
          ends[i] = ev.clamped(x, 0, 1, "trim '\(name)'", percent: Warnings.isPercent(v), r)
        }
      }
      return .trim(from: ends[0], to: ends[1])
    case "shadow", "blur":
      return resolveEffect(m, value, size)
    case "grayscale", "saturation", "brightness", "contrast", "hueRotation", "colorMultiply", "colorInvert",
      "luminanceToAlpha":
      return resolveColorEffect(m, value)
    case "blendMode":
      return resolveBlendMode(m, value)
    case "compositingGroup":
      return .isolate
    default:
      return nil
    }
  }

  /// The edges of SwiftUI's `.padding(.horizontal, 10)` (`.padding(.top)`):
  /// nil unless the first argument, unlabelled, names edges.
  static func paddingEdges(_ args: [Argument]) -> Set<String>? {
    guard (1...2).contains(args.count), args[0].label == nil, args.count == 1 || args[1].label == nil,
      case .name(let edge) = args[0].value.kind
    else { return nil }
    switch edge {
    case "horizontal": return ["leading", "trailing"]
    case "vertical": return ["top", "bottom"]
    case "all": return ["top", "leading", "bottom", "trailing"]
    case "top", "leading", "bottom", "trailing": return [edge]
    default: return nil
    }
  }

  /// `.aspect(ratio, fit|fill)`, `.aspect(fit)`, `.scaledToFit()`,
  /// `.scaledToFill()`.
  private func resolveAspect(_ m: Modifier, _ scope: Scope) -> ResolvedModifier? {
    if m.name != "aspect" { return .aspect(ratio: nil, fill: m.name == "scaledToFill") }
    var ratio: Double?
    var fill = false
    for a in m.arguments {
      let v = evaluator.eval(a.value, scope)
      if a.label == "mode" || (a.label == nil && { if case .keyword = v { return true } else { return false } }()) {
        guard let k = evaluator.keyword(v, ["fit", "fill"], a.value.range) else { return nil }
        fill = k == "fill"
      } else {
        guard let r = evaluator.number(v, a.value.range) else { return nil }
        guard r > 0 else {
          _ = evaluator.mismatch("a positive ratio", v, a.value.range)
          return nil
        }
        ratio = r
      }
    }
    return .aspect(ratio: ratio, fill: fill)
  }
}
