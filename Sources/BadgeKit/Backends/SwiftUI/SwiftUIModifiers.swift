// The SwiftUI writer's modifiers: an element's modifiers in, SwiftUI's
// spelling of each out (`.rotate` → `.rotationEffect`, `.fill` on a view →
// `.foregroundStyle`, a stroke after a fill as an overlay, …), or where
// SwiftUI has none.

extension SwiftUIWriter {
  /// The modifiers of an element whose view starts as `start`. `shape`:
  /// the shape's own text (one line), so that a stroke after a fill can
  /// stroke it again over the fill, as badgec draws both.
  mutating func modifiers(
    _ list: [Modifier], start: inout Start, indent: String, shape: String? = nil, leaf: Bool = true
  ) {
    var filledShape = false
    // The shape's trims, which a stroke over its fill repeats.
    var trims = ""
    // Whether the view draws one shape (or text, or paint): SwiftUI
    // applies an opacity or a shadow to each one a view draws unless they
    // are composited first, where badgec applies it to the whole.
    var leaf = leaf
    let container = expressions.container
    defer { expressions.container = container }
    for (k, m) in list.enumerated() {
      // A percentage is of the size proposed to its modifier: the
      // container's while the modifiers around it pass that on.
      let kept = list[(k + 1)...].allSatisfy { SwiftUIWriter.keepsProposal.contains($0.name) }
      expressions.container = kept ? container : nil
      // SwiftUI strokes a border inside the shapes it can inset: its own.
      if m.name == "strokeBorder" && start == .shape
        && !SwiftUIWriter.insettable.contains(where: { shape?.hasPrefix($0 + "(") ?? false })
      {
        problems.append(
          SwiftUIProblem(
            what: "a stroke inside the border of this shape (SwiftUI's strokeBorder takes only its own shapes)",
            range: m.range))
        start = .view
        continue
      }
      if m.name == "stroke" || m.name == "strokeBorder", filledShape, let shape {
        guard m.name == "stroke" || SwiftUIWriter.insettable.contains(where: { shape.hasPrefix($0 + "(") }) else {
          problems.append(
            SwiftUIProblem(
              what: "a stroke inside the border of this shape (SwiftUI's strokeBorder takes only its own shapes)",
              range: m.range))
          continue
        }
        attempt {
          let text = try $0.modifier(m, shape: true, indent: indent + "  ")
          $0.lines.append(indent + ".overlay {")
          $0.lines.append(indent + "  " + shape + trims)
          $0.lines.append(indent + "    " + text)
          $0.lines.append(indent + "}")
        }
        filledShape = false
        leaf = false
        continue
      }
      // (SwiftUI applies these to each shape of a group on its own.)
      if (m.name == "opacity" || m.name == "shadow" || m.name == "blendMode"
        || SwiftUIWriter.colorEffects.contains(m.name)) && !leaf
      {
        lines.append(indent + ".compositingGroup()")
        leaf = true
      }
      attempt {
        let text = try $0.modifier(m, shape: start == .shape, indent: indent)
        $0.lines.append(indent + text)
        if m.name == "trim" && start == .shape { trims += text }
      }
      if (m.name == "overlay" || m.name == "background") && (m.content != nil || !m.arguments.isEmpty) { leaf = false }
      filledShape = m.name == "fill" && start == .shape
      if m.name != "trim" { start = .view }
    }
  }

  /// The modifiers that propose to their view what is proposed to them.
  static let keepsProposal: Set<String> = colorEffects.union([
    "position", "offset", "rotate", "scale", "opacity", "shadow", "blur", "fill", "stroke", "strokeBorder", "trim",
    "clipShape", "mask", "overlay", "background", "font", "fontWeight", "bold", "italic", "tracking", "clipped",
    "transformEffect", "blendMode", "compositingGroup",
  ])

  /// The colour effects, which SwiftUI and badgec name alike; badgec works
  /// them on the view's pixels composited together.
  static let colorEffects: Set<String> = [
    "grayscale", "saturation", "brightness", "contrast", "hueRotation", "colorMultiply", "colorInvert",
    "luminanceToAlpha",
  ]

  /// SwiftUI's shapes that are `InsettableShape`s.
  static let insettable = ["Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle", "UnevenRoundedRectangle"]

  /// A writer for a view inside a modifier (a mask's, an overlay's): no
  /// lines, problems or warnings yet, and no container (the content's is
  /// the view's frame, which no reader measures).
  func nested() -> SwiftUIWriter {
    var inner = self
    inner.lines = []
    inner.problems = []
    inner.warnings = []
    inner.expressions.container = nil
    return inner
  }

  /// What writing a view inside a modifier found, taken on (its lines are
  /// the caller's to place).
  mutating func absorb(_ inner: SwiftUIWriter) {
    problems += inner.problems
    warnings += inner.warnings
    blends = blends || inner.blends
  }

  /// One modifier as SwiftUI's, on a shape (`shape`) or a view.
  mutating func modifier(_ m: Modifier, shape: Bool, indent: String) throws -> String {
    let x = expressions
    var labelled: [String: Expr] = [:]
    var positional: [Expr] = []
    for a in m.arguments {
      if let l = a.label { labelled[l] = a.value } else { positional.append(a.value) }
    }
    func num(_ e: Expr) throws -> String { try x.number(e) }
    func option(_ e: Expr) throws -> String {
      if case .name(let n) = e.kind { return "." + n }
      // (The option's type comes from the argument: `.bold` in either.)
      if case .conditional(let c, let a, let b) = e.kind {
        return "(\(try x.bool(c)) ? \(try option(a)) : \(try option(b)))"
      }
      throw SwiftUIProblem(what: "this option", range: e.range)
    }
    func named(_ order: [String], _ f: (Expr) throws -> String) throws -> String {
      try order.compactMap { (l) throws -> String? in try labelled[l].map { "\(l): \(try f($0))" } }
        .joined(separator: ", ")
    }
    let unsupported = SwiftUIProblem(what: "'.\(m.name)' written this way", range: m.range)
    switch m.name {
    case "fill":
      guard let paint = positional.first else { throw unsupported }
      let p = try x.paint(paint)
      if let rule = labelled["rule"] {
        guard shape else {
          throw SwiftUIProblem(what: "a fill rule for a view (SwiftUI fills shapes by rule)", range: rule.range)
        }
        if case .name("evenodd") = rule.kind { return ".fill(\(p), style: FillStyle(eoFill: true))" }
      }
      return shape ? ".fill(\(p))" : ".foregroundStyle(\(p))"
    case "stroke", "strokeBorder":
      guard shape else {
        throw SwiftUIProblem(
          what:
            "a stroke of a view (SwiftUI strokes shapes; a component is written as a Shape when its body is one path that paints nothing itself)",
          range: m.range)
      }
      // (Without a paint, the stroke is in the foreground style, which a
      // later fill sets, as badgec paints it.)
      let p = try positional.first.map { (e) throws in try x.paint(e) + ", " } ?? ""
      // (SwiftUI's own labels are read as badgec reads them.)
      let width = try (labelled["width"] ?? labelled["lineWidth"]).map(num) ?? "1"
      var style: [String] = ["lineWidth: \(width)"]
      if let cap = labelled["cap"] ?? labelled["lineCap"] { style.append("lineCap: \(try option(cap))") }
      if let join = labelled["join"] ?? labelled["lineJoin"] { style.append("lineJoin: \(try option(join))") }
      if let limit = labelled["miterLimit"] { style.append("miterLimit: \(try num(limit))") }
      if let dash = labelled["dash"] {
        let items: [Expr]
        if case .tuple(let t) = dash.kind { items = t } else { items = [dash] }
        style.append("dash: [\(try items.map(num).joined(separator: ", "))]")
      }
      if let phase = labelled["dashPhase"] { style.append("dashPhase: \(try num(phase))") }
      return style.count == 1
        ? ".\(m.name)(\(p)lineWidth: \(width))"
        : ".\(m.name)(\(p)style: StrokeStyle(\(style.joined(separator: ", "))))"
    case "trim":
      guard shape else { throw SwiftUIProblem(what: "a trim of a view (SwiftUI trims shapes)", range: m.range) }
      return ".trim(\(try named(["from", "to"], { (e) throws in try x.with(.fraction).number(e) })))"
    case "padding":
      if positional.count == 2, case .name(let edge) = positional[0].kind {
        return ".padding(.\(edge), \(try num(positional[1])))"
      }
      if positional.count == 1, case .name(let edge) = positional[0].kind,
        ["top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"].contains(edge)
      {
        return ".padding(.\(edge))"
      }
      if let p = positional.first { return ".padding(\(try num(p)))" }
      if labelled.isEmpty { return ".padding()" }
      let edges = ["top", "leading", "bottom", "trailing", "horizontal", "vertical"]
      let parts = try edges.compactMap { (l) throws -> String? in
        try labelled[l].map { ".padding(.\(l), \(try num($0)))" }
      }
      return parts.joined(separator: "\n" + indent)
    case "offset", "position":
      let x = [
        "x": try labelled["x"].map { (e) throws in try x.lengths(along: "width").number(e) },
        "y": try labelled["y"].map { (e) throws in try x.lengths(along: "height").number(e) },
      ]
      return ".\(m.name)(\(["x", "y"].compactMap { l in x[l]!.map { "\(l): \($0)" } }.joined(separator: ", ")))"
    case "rotate":
      guard let a = positional.first else { throw unsupported }
      let anchor = try labelled["anchor"].map { (e) throws in ", anchor: \(try x.unitPoint(e))" } ?? ""
      return ".rotationEffect(\(try x.angle(a))\(anchor))"
    case "scale":
      let anchor = try labelled["anchor"].map { (e) throws in ", anchor: \(try x.unitPoint(e))" } ?? ""
      if let s = positional.first { return ".scaleEffect(\(try num(s))\(anchor))" }
      return ".scaleEffect(x: \(try labelled["x"].map(num) ?? "1"), y: \(try labelled["y"].map(num) ?? "1")\(anchor))"
    case "opacity":
      guard let o = positional.first else { throw unsupported }
      return ".opacity(\(try x.with(.fraction).number(o)))"
    case "frame":
      let sizes = [
        "width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight",
      ]
      // (A percentage of each size is of the container's side on its axis.)
      var parts = try sizes.compactMap { (l) throws -> String? in
        try labelled[l].map { "\(l): \(try x.lengths(along: l.hasSuffix("idth") ? "width" : "height").number($0))" }
      }.joined(separator: ", ")
      if let a = labelled["alignment"] { parts += (parts.isEmpty ? "" : ", ") + "alignment: \(try option(a))" }
      return ".frame(\(parts))"
    case "aspect":
      let mode = try positional.last.map(option) ?? ".fit"
      if positional.count == 2 { return ".aspectRatio(\(try num(positional[0])), contentMode: \(mode))" }
      return ".aspectRatio(contentMode: \(mode))"
    case "scaledToFit", "scaledToFill", "clipped":
      return ".\(m.name)()"
    case "fixedSize":
      if labelled.isEmpty { return ".fixedSize()" }
      let b = { (e: Expr) throws -> String in try x.bool(e) }
      return
        ".fixedSize(horizontal: \(try labelled["horizontal"].map(b) ?? "false"), vertical: \(try labelled["vertical"].map(b) ?? "false"))"
    case "shadow":
      var parts: [String] = []
      if let c = labelled["color"] { parts.append("color: \(try x.color(c))") }
      parts.append("radius: \(try labelled["radius"].map(num) ?? "0")")
      if let dx = labelled["x"] { parts.append("x: \(try num(dx))") }
      if let dy = labelled["y"] { parts.append("y: \(try num(dy))") }
      return ".shadow(\(parts.joined(separator: ", ")))"
    case "blur":
      if labelled["horizontal"] != nil || labelled["vertical"] != nil {
        throw SwiftUIProblem(what: "a blur along each axis (SwiftUI's blur has one radius)", range: m.range)
      }
      return ".blur(radius: \(try labelled["radius"].map(num) ?? positional.first.map(num) ?? "0"))"
    case "transformEffect":
      let entries = try [("a", "1"), ("b", "0"), ("c", "0"), ("d", "1")].map { (l, d) throws in
        "\(l): \(try labelled[l].map(num) ?? d)"
      }
      let tx = try labelled["tx"].map { (e) throws in try x.lengths(along: "width").number(e) } ?? "0"
      let ty = try labelled["ty"].map { (e) throws in try x.lengths(along: "height").number(e) } ?? "0"
      return ".transformEffect(CGAffineTransform(\(entries.joined(separator: ", ")), tx: \(tx), ty: \(ty)))"
    case "grayscale", "saturation", "brightness", "contrast":
      guard let a = labelled["amount"] ?? positional.first else { throw unsupported }
      return ".\(m.name)(\(try x.with(.fraction).number(a)))"
    case "hueRotation":
      guard let a = labelled["angle"] ?? positional.first else { throw unsupported }
      return ".hueRotation(\(try x.angle(a)))"
    case "colorMultiply":
      guard let c = labelled["color"] ?? positional.first else { throw unsupported }
      return ".colorMultiply(\(try x.color(c)))"
    case "colorInvert", "luminanceToAlpha":
      return ".\(m.name)()"
    case "compositingGroup":
      return ".compositingGroup()"
    case "blendMode":
      guard let e = labelled["mode"] ?? positional.first else { throw unsupported }
      /// A mode's name, or a choice between modes.
      func mode(_ e: Expr) throws -> String {
        switch e.kind {
        case .name(let n) where n == "normal" || BlendMode(rawValue: n) != nil: return "." + n
        case .conditional(let c, let a, let b): return "(\(try x.bool(c)) ? \(try mode(a)) : \(try mode(b)))"
        default: throw SwiftUIProblem(what: "this blend mode (write a mode's name, or a choice of two)", range: e.range)
        }
      }
      blends = true
      return ".blendMode(\(try mode(e)))"
    case "clipShape",
      "mask" where m.content == nil:
      // The shape is a view argument, or a call the parser read as one.
      var shapeCall: (String, SourceRange, [Argument])? = nil
      var view: Element? = nil
      if let s = positional.first {
        if case .call(let n, let a) = s.kind {
          shapeCall = (n, s.range, a)
        } else if let el = SwiftUIWriter.element(from: s) {
          view = el
          if el.modifiers.isEmpty, case .call(let n, let r, let a) = el.primary { shapeCall = (n, r, a) }
        }
      }
      let evenOdd: Bool
      if let rule = labelled["rule"] {
        guard case .name(let r) = rule.kind, r == "evenodd" || r == "nonzero" else {
          throw SwiftUIProblem(what: "this fill rule", range: rule.range)
        }
        evenOdd = r == "evenodd"
      } else {
        evenOdd = false
      }
      if m.name == "clipShape", !evenOdd || view == nil || shapeCall != nil, let (name, range, args) = shapeCall,
        case let (text, true) = try call(name, range, args)
      {
        return ".clipShape(\(text)\(evenOdd ? ", style: FillStyle(eoFill: true)" : ""))"
      }
      // Any other view clips by its shape's alpha: a mask of it, drawn
      // opaque (as a clip is), by its own rule.
      let el: Element
      if let view {
        el = view
      } else if let (name, range, args) = shapeCall {
        el = Element(primary: .call(name: name, nameRange: range, arguments: args), modifiers: [], range: range)
      } else {
        throw SwiftUIProblem(what: "a \(m.name == "mask" ? "mask" : "clip") that is not a view", range: m.range)
      }
      // (A clip's shape painted opaque first: it keeps what the shape
      // covers; a mask's view is as it is drawn.)
      var clip = el
      var args = [Argument(label: nil, labelRange: m.nameRange, value: Expr(.name("black"), m.range))]
      if evenOdd, let rule = labelled["rule"] {
        args.append(Argument(label: "rule", labelRange: m.nameRange, value: rule))
      }
      if m.name == "clipShape" {
        clip.modifiers.insert(Modifier(name: "fill", nameRange: m.nameRange, arguments: args, range: m.range), at: 0)
      }
      var inner = nested()
      inner.element(clip, indent: indent + "  ")
      absorb(inner)
      return ".mask {\n" + inner.lines.joined(separator: "\n") + "\n" + indent + "}"
    case "mask", "overlay", "background":
      if let content = m.content {
        var inner = nested()
        inner.block(content, indent: indent + "  ", stack: "ZStack")
        absorb(inner)
        let open =
          m.name == "mask"
          ? "" : (try labelled["alignment"].map { (e) throws in "(alignment: \(try option(e)))" } ?? "")
        return ".\(m.name)\(open) {\n" + inner.lines.joined(separator: "\n") + "\n" + indent + "}"
      }
      if m.name == "background", let c = positional.first { return ".background(\(try x.paint(c)))" }
      throw unsupported
    case "font":
      if let style = positional.first, case .name(let n) = style.kind { return ".font(.\(n))" }
      if let call = positional.first, case .call(let f, let args) = call.kind, f == "system" || f == "custom" {
        // SwiftUI's spelling, as badgec reads it.
        var inner = Modifier(name: "font", nameRange: m.nameRange, arguments: args, range: m.range)
        if f == "custom", let name = args.first(where: { $0.label == nil }) {
          inner.arguments =
            [Argument(label: "family", labelRange: name.labelRange, value: name.value)]
            + args.filter { $0.label != nil }
        }
        return try modifier(inner, shape: shape, indent: indent)
      }
      var parts: [String] = []
      if let size = labelled["size"] ?? positional.first { parts.append("size: \(try num(size))") }
      if let w = labelled["weight"] { parts.append("weight: \(try option(w))") }
      if let d = labelled["design"] { parts.append("design: \(try option(d))") }
      if let family = labelled["family"] {
        // (A custom font's weight is the Font's own `.weight(_:)`.)
        let weight = try labelled["weight"].map { (w) throws in ".weight(\(try option(w)))" } ?? ""
        return ".font(.custom(\(try x.string(family)), size: \(try labelled["size"].map(num) ?? "17"))\(weight))"
      }
      return ".font(.system(\(parts.joined(separator: ", "))))"
    case "fontWeight":
      guard let w = positional.first else { throw unsupported }
      return ".fontWeight(\(try option(w)))"
    case "bold", "italic":
      return ".\(m.name)()"
    case "tracking":
      guard let t = positional.first else { throw unsupported }
      return ".tracking(\(try num(t)))"
    default:
      throw SwiftUIProblem(what: "'.\(m.name)' (no SwiftUI counterpart is written for it yet)", range: m.nameRange)
    }
  }
}
