// Resolution of the modifiers that paint outlines and make groups:
// `.stroke`/`.strokeBorder` (a style in points of the frame), `.clipShape`,
// `.clipped`, `.mask` (a view to lay out later, with its scope), `.shadow`
// and `.blur` (radii and offsets in points of the frame), and the colour
// effects (matrices, see ColorMatrix.swift). Each argument reports its own
// errors.

extension LayoutEngine {
  /// `.stroke(paint, width:, cap:, join:, miterLimit:, dash:, dashPhase:)`;
  /// SwiftUI's `lineWidth:`, `lineCap:` and `lineJoin:` are read too.
  static let strokeParameters = [
    "paint", "width", "cap", "join", "miterLimit", "dash", "dashPhase", "lineWidth", "lineCap", "lineJoin",
  ]

  /// A stroke modifier from its arguments (`value`: an argument by its
  /// parameter's name, evaluated).
  func resolveStroke(_ m: Modifier, _ value: (String) -> (Value, SourceRange)?, _ size: Size) -> ResolvedModifier? {
    let ev = evaluator
    var ok = true
    var spec = StrokeSpec(paint: nil, style: StrokeStyle(width: 1))
    if let (v, r) = value("paint") {
      switch v {
      case .color(let c): spec.paint = .color(c)
      case .gradient(let g): spec.paint = .gradient(g)
      default: ok = ev.mismatch("a colour or a gradient", v, r) != nil
      }
    }
    let side = min(size.width, size.height)
    if let (v, r) = value("width") ?? value("lineWidth") {
      if let w = ev.length(v, axis: side, r) {
        if w < 0 {
          ok = ev.mismatch("a line width that is not negative", v, r) != nil
        } else {
          spec.style.width = w
        }
      } else {
        ok = false
      }
    }
    if let (v, r) = value("cap") ?? value("lineCap") {
      if let k = ev.keyword(v, ["butt", "round", "square"], r) {
        spec.style.cap = LineCap(rawValue: k)!
      } else {
        ok = false
      }
    }
    if let (v, r) = value("join") ?? value("lineJoin") {
      if let k = ev.keyword(v, ["miter", "round", "bevel"], r) {
        spec.style.join = LineJoin(rawValue: k)!
      } else {
        ok = false
      }
    }
    if let (v, r) = value("miterLimit") {
      if let x = ev.number(v, r) {
        if x < 1 { ok = ev.mismatch("a miter limit of at least 1", v, r) != nil } else { spec.style.miterLimit = x }
      } else {
        ok = false
      }
    }
    if let (v, r) = value("dash") {
      let items: [Value]
      if case .tuple(let list) = v { items = list } else { items = [v] }
      var lengths: [Double] = []
      for item in items {
        guard let x = ev.length(item, axis: side, r) else {
          ok = false
          break
        }
        lengths.append(x)
      }
      if ok && (lengths.contains { $0 < 0 } || lengths.allSatisfy { $0 == 0 }) {
        ev.report(.badDash, r)
        ok = false
      }
      spec.style.dash = lengths
    }
    if let (v, r) = value("dashPhase") {
      if let x = ev.length(v, axis: side, r) { spec.style.dashPhase = x } else { ok = false }
    }
    spec.border = m.name == "strokeBorder"
    return ok ? .stroke(spec) : nil
  }

  /// `.shadow(color:, radius:, x:, y:)` and `.blur(radius:)`.
  func resolveEffect(_ m: Modifier, _ value: (String) -> (Value, SourceRange)?, _ size: Size) -> ResolvedModifier? {
    let ev = evaluator
    if m.name == "blur" && (value("horizontal") != nil || value("vertical") != nil) {
      return resolveAxisBlur(value, size)
    }
    guard let (rv, rr) = value("radius") else {
      evaluator.report(.missingArgument("radius", of: m.name), m.range)
      return nil
    }
    let side = min(size.width, size.height)
    // `.shadow(5, red)`: the radius written where the colour goes.
    if m.name == "shadow", let (cv, cr) = value("color"), cv.isNumeric, case .color = rv {
      ev.report(.typeMismatch(expected: "the colour first (.shadow(color, radius: r))", found: "a number"), cr)
      _ = rr
      return nil
    }
    guard let radius = ev.length(rv, axis: side, rr) else { return nil }
    guard radius >= 0 else {
      _ = ev.mismatch("a radius that is not negative", rv, rr)
      return nil
    }
    if m.name == "blur" { return .blur(x: radius, y: radius) }
    var color = RGBA(r: 0, g: 0, b: 0, a: 0.33)
    if let (v, r) = value("color") {
      guard let c = ev.color(v, r) else { return nil }
      color = c
    }
    var offset = [0.0, 0.0]
    for (i, name) in ["x", "y"].enumerated() {
      if let (v, r) = value(name) {
        guard let x = ev.length(v, axis: i == 0 ? size.width : size.height, r) else { return nil }
        offset[i] = x
      }
    }
    return .shadow(color: color, radius: radius, x: offset[0], y: offset[1])
  }

  /// `.blur(horizontal:, vertical:)` (SVG's `stdDeviation="x y"`): a
  /// radius along each axis of the frame, `radius:` (default 0) where one
  /// is left out, so `.blur(horizontal: 8)` blurs across only.
  func resolveAxisBlur(_ value: (String) -> (Value, SourceRange)?, _ size: Size) -> ResolvedModifier? {
    let ev = evaluator
    var radii: [Double] = []
    for (name, axis) in [("horizontal", size.width), ("vertical", size.height)] {
      guard let (v, r) = value(name) ?? value("radius") else {
        radii.append(0)
        continue
      }
      guard let x = ev.length(v, axis: axis, r) else { return nil }
      guard x >= 0 else {
        _ = ev.mismatch("a radius that is not negative", v, r)
        return nil
      }
      radii.append(x)
    }
    return .blur(x: radii[0], y: radii[1])
  }

  /// SwiftUI's colour effects (ColorMatrix.swift): `.grayscale(amount)`,
  /// `.saturation(amount)`, `.brightness(amount)`, `.contrast(amount)`,
  /// `.hueRotation(angle)`, `.colorMultiply(color)`, `.colorInvert()`,
  /// `.luminanceToAlpha()`.
  func resolveColorEffect(_ m: Modifier, _ value: (String) -> (Value, SourceRange)?) -> ResolvedModifier? {
    let ev = evaluator
    let label = LayoutEngine.modifierParameters[m.name]!.first
    guard let label else {
      return .colorEffect(m.name == "colorInvert" ? .invert : .luminanceToAlpha)
    }
    guard let (v, r) = value(label) else {
      ev.report(.missingArgument(label, of: m.name), m.range)
      return nil
    }
    switch m.name {
    case "hueRotation":
      guard let a = ev.angle(v, r) else { return nil }
      guard ev.finite(a, "angle", r) != nil else { return nil }
      return .colorEffect(.hueRotation(a))
    case "colorMultiply":
      guard let c = ev.color(v, r) else { return nil }
      return .colorEffect(.multiply(c))
    default:
      guard let x = ev.number(v, r) else { return nil }
      // (An infinite factor makes no colour: ∞ − ∞ where channels meet.)
      guard ev.finite(x, "amount", r) != nil else { return nil }
      switch m.name {
      case "grayscale":
        return .colorEffect(.grayscale(ev.clamped(x, 0, 1, "grayscale", percent: Warnings.isPercent(v), r)))
      case "saturation":
        guard x >= 0 else {
          _ = ev.mismatch("a saturation that is not negative", v, r)
          return nil
        }
        return .colorEffect(.saturation(x))
      case "brightness": return .colorEffect(.brightness(x))
      default: return .colorEffect(.contrast(x))
      }
    }
  }

  /// `.blendMode(mode)`: one of SwiftUI's modes that SVG can say, or
  /// `normal`; the others named with why they are not.
  func resolveBlendMode(_ m: Modifier, _ value: (String) -> (Value, SourceRange)?) -> ResolvedModifier? {
    let ev = evaluator
    guard let (v, r) = value("mode") else {
      ev.report(.missingArgument("mode", of: m.name), m.range)
      return nil
    }
    if case .keyword(let k) = v, k == "normal" { return .blend(nil) }
    if case .keyword(let k) = v, let mode = BlendMode(rawValue: k) { return .blend(mode) }
    if case .keyword(let k) = v, LayoutEngine.unsayableBlendModes.contains(k) {
      _ = ev.mismatch("a blend mode SVG can say ('\(k)' has no mix-blend-mode)", v, r)
      return nil
    }
    let names = ["normal"] + BlendMode.allCases.map(\.rawValue)
    _ = ev.mismatch("a blend mode: " + names.map { "'\($0)'" }.joined(separator: ", "), v, r)
    return nil
  }

  /// SwiftUI's blend modes that SVG's `mix-blend-mode` has no name for.
  static let unsayableBlendModes: Set<String> = [
    "plusDarker", "plusLighter", "sourceAtop", "destinationOver", "destinationOut",
  ]

  /// `.clipShape(shape, rule:)`, `.clipped()` and `.mask { … }` /
  /// `.mask(shape)`: the view is kept, with its scope, to be laid out in
  /// the frame of what it clips or masks.
  func resolveViewModifier(_ m: Modifier, _ scope: Scope) -> ResolvedModifier? {
    let ev = evaluator
    if m.name == "clipped" {
      let bound = ev.bind(m.arguments, to: [], callee: m.name, at: m.range)
      return bound.ok ? .clip(shape: nil, scope: scope, rule: nil, range: m.range) : nil
    }
    let parameters = LayoutEngine.modifierParameters[m.name]!
    let bound = ev.bind(m.arguments, to: parameters, callee: m.name, at: m.range)
    guard bound.ok else { return nil }
    var alignment = Point(0.5, 0.5)
    if let a = bound["alignment"] {
      guard let p = ev.unitPoint(ev.eval(a.value, scope), a.value.range) else { return nil }
      alignment = p
    }
    var rule: FillRule?
    if let a = bound["rule"] {
      guard let k = ev.keyword(ev.eval(a.value, scope), ["nonzero", "evenodd"], a.value.range) else { return nil }
      rule = k == "evenodd" ? .evenOdd : .nonZero
    }
    let label = LayoutEngine.viewParameters[m.name]!
    var content: Block?
    if let a = bound[label] {
      let isCallee = { (name: String) in
        self.components[name] != nil || BuiltinShape(rawValue: name) != nil || BuiltinView(rawValue: name) != nil
      }
      var view = Element(viewExpression: a.value, isCallee: isCallee)
      if view == nil, m.name == "overlay" || m.name == "background" {
        // SwiftUI's .background(Color.red): a paint is a rectangle it fills.
        switch ev.eval(a.value, scope) {
        case .color, .gradient:
          let r = a.value.range
          let fill = Modifier(
            name: "fill", nameRange: r, arguments: [Argument(label: nil, labelRange: r, value: a.value)], range: r)
          view = Element(primary: .call(name: "rect", nameRange: r, arguments: []), modifiers: [fill], range: r)
        default: break
        }
      }
      guard let element = view else {
        let found = ev.eval(a.value, scope)
        if found != .invalid { ev.report(.notAShape(found.kindDescription), a.value.range) }
        return nil
      }
      if m.content != nil {
        ev.report(.argumentRepeated(label, of: m.name), m.content!.range)
        return nil
      }
      // The view as a block of one element (memoised like any block).
      content = Block(items: [.element(element)], range: element.range)
    } else {
      content = m.content
    }
    guard let content else {
      ev.report(.missingArgument(m.name == "clipShape" ? label : "{ … }", of: m.name), m.range)
      return nil
    }
    if m.name == "overlay" || m.name == "background" {
      return .overlay(content: content, scope: scope, alignment: alignment, behind: m.name == "background")
    }
    if m.name == "mask" { return .mask(content: content, scope: scope, range: m.range) }
    return .clip(shape: content, scope: scope, rule: rule, range: m.range)
  }
}
