// The SwiftUI writer's blocks, elements and paths: a block's lets and
// elements in, the Swift of each view out (stacks, readers, ForEach, if,
// built-in shapes, component uses, `Path { path in … }`), with the
// modifiers each element carries (SwiftUIModifiers.swift).

extension SwiftUIWriter {
  /// A block's items at `indent`: its lets and elements, several elements
  /// in a `stack` (badgec draws a block's elements over each other).
  /// `modified`: modifiers follow the block, which an `if` cannot take
  /// (it is wrapped in the stack too); a lone `repeat` always is.
  mutating func block(_ b: Block, indent: String, stack: String?, modified: Bool = false) {
    let elements = b.items.filter { if case .let = $0 { return false } else { return true } }
    let conditional = elements.contains { if case .conditional = $0 { return true } else { return false } }
    // A ForEach alone is several views, each of which a modifier of the
    // whole would modify: it is stacked too.
    let repeated = elements.contains {
      if case .element(let e) = $0, case .repeat = e.primary { return true } else { return false }
    }
    if let stack, elements.count > 1 || (modified && conditional) || repeated {
      lines.append(indent + stack + " {")
      items(b.items, indent: indent + "  ")
      lines.append(indent + "}")
    } else {
      items(b.items, indent: indent)
    }
  }

  mutating func items(_ list: [BlockItem], indent: String) {
    for item in list {
      switch item {
      case .let(let d):
        writeLet(d, indent: indent)
      case .element(let e):
        element(e, indent: indent)
      case .conditional(let i):
        conditional(i, indent: indent, opening: "if ")
        lines.append(indent + "}")
      }
    }
  }

  /// An `if` and its branches, up to its closing brace; an `else` that
  /// holds only another `if` is an `else if`.
  mutating func conditional(_ i: IfItem, indent: String, opening: String) {
    attempt {
      $0.lines.append(indent + opening + "\(try $0.expressions.bool(i.condition)) {")
    }
    let scope = expressions.scope
    items(i.then.items, indent: indent + "  ")
    expressions.scope = scope
    guard let o = i.otherwise else { return }
    if o.items.count == 1, case .conditional(let inner) = o.items[0] {
      conditional(inner, indent: indent, opening: "} else if ")
      return
    }
    lines.append(indent + "} else {")
    items(o.items, indent: indent + "  ")
    expressions.scope = scope
  }

  /// What an element's chain starts as: a shape takes `.fill`, `.stroke`
  /// and `.trim`; anything else is a view.
  enum Start { case shape, view }

  mutating func element(_ e: Element, indent: String) {
    let scope = expressions.scope
    let container = expressions.container
    defer { (expressions.scope, expressions.container) = (scope, container) }
    let first = lines.count
    var start = Start.view
    // The modifiers a path takes inside its GeometryReader.
    var inside = 0
    // What the element holds is offered what a frame, a padding or an
    // aspect ratio of it offers, which no reader measures.
    if !e.modifiers.allSatisfy({ SwiftUIWriter.keepsProposal.contains($0.name) }) { expressions.container = nil }
    switch e.primary {
    case .path(let body):
      start = .shape
      let read = SwiftUIWriter.names(in: Block(items: [.element(e)], range: e.range), outsidePaths: false)
      if !read.isDisjoint(with: ["width", "height"]) || SwiftUIWriter.paintsNeedFrame(e) {
        // The shape's own modifiers go with it, in the reader.
        inside = SwiftUIWriter.shapeModifiers(e).count
        lines.append(indent + "GeometryReader { geometry in")
        lines.append(indent + "  Path { path in")
        SwiftUIWriter.sizeLets(read, indent: indent + "    ", into: &lines)
        pathItems(body.items, indent: indent + "    ", within: [])
        lines.append(indent + "  }")
        expressions.fillFrame = "geometry.size"
        modifiers(Array(e.modifiers.prefix(inside)), start: &start, indent: indent + "  ")
        expressions.fillFrame = nil
        lines.append(indent + "}")
        start = .view
      } else {
        lines.append(indent + "Path { path in")
        pathItems(body.items, indent: indent + "  ", within: [])
        lines.append(indent + "}")
      }
    case .pathData(let args, let range):
      attempt {
        $0.lines.append(indent + (try $0.pathDataShape(args, at: range)))
        start = .shape
      }
    case .stack(let s):
      var args: [String] = []
      attempt {
        for a in s.arguments {
          switch a.label {
          case "alignment": args.insert("alignment: \(try SwiftUIWriter.alignment(a.value, s.axis))", at: 0)
          case "spacing": args.append("spacing: \(try $0.expressions.number(a.value))")
          default: throw SwiftUIProblem(what: "the stack argument '\(a.label ?? "")'", range: a.range)
          }
        }
      }
      // badgec's stacks space their children 8 points apart (none beside
      // a spacer); SwiftUI's default depends on the views: said unless a
      // spacer is there.
      let spacers = s.body.items.contains {
        if case .element(let e) = $0, case .call("spacer", _, _) = e.primary { return true } else { return false }
      }
      if s.axis != .z && !s.arguments.contains(where: { $0.label == "spacing" }) && !spacers {
        args.append("spacing: 8")
      }
      let name = s.axis == .z ? "ZStack" : s.axis == .v ? "VStack" : "HStack"
      lines.append(indent + name + (args.isEmpty ? "" : "(" + args.joined(separator: ", ") + ")") + " {")
      // A ZStack proposes its own proposal to each child; a VStack or an
      // HStack shares its room out.
      if s.axis != .z { expressions.container = nil }
      items(s.body.items, indent: indent + "  ")
      expressions.container = container
      lines.append(indent + "}")
    case .geometry(let b):
      let read = SwiftUIWriter.names(in: b, outsidePaths: true)
      // (Percentages inside are of the reader's size.)
      let reads = !read.isDisjoint(with: ["width", "height", SwiftUIWriter.percentName])
      lines.append(indent + "GeometryReader { " + (reads ? "geometry" : "_") + " in")
      SwiftUIWriter.sizeLets(read, indent: indent + "  ", into: &lines)
      expressions.container = "geometry.size"
      items(b.items, indent: indent + "  ")
      expressions.container = container
      lines.append(indent + "}")
    case .repeat(let count, let index, _, let body, let item):
      // A count is a number; a list is gone through by its indices, each
      // item a let (`ForEach(values.indices, id: \.self) { i in let v =
      // values[i] … }`).
      if let itemKind = expressions.kind(count).element {
        let names = SwiftUIWriter.listNames(index: index, item: item)
        var list = ""
        attempt { list = try $0.expressions.list(count) }
        let i = SwiftNames.identifier(names.index)
        lines.append(indent + "ForEach(\(SwiftExpressions.parenthesised(list)).indices, id: \\.self) { \(i) in")
        lines.append(
          indent + "  let \(SwiftNames.identifier(names.item)) = \(SwiftExpressions.parenthesised(list))[\(i)]")
        expressions.scope.define(names.index, .integer)
        expressions.scope.define(names.item, itemKind)
      } else {
        guard item == nil else {
          problems.append(SwiftUIProblem(what: "a repeat over this list", range: e.range))
          return
        }
        let name = index ?? "index"
        var n = ""
        attempt { n = try $0.expressions.integer(count) }
        lines.append(indent + "ForEach(0..<\(n), id: \\.self) { \(SwiftNames.identifier(name)) in")
        expressions.scope.define(name, .integer)
      }
      items(body.items, indent: indent + "  ")
      lines.append(indent + "}")
      expressions.scope = scope
    case .call("text", let nameRange, let args) where typeNames["text"] == nil && SwiftUIWriter.isCurved(args):
      attempt {
        let (text, taken) = try $0.curvedText(args, e.modifiers, at: nameRange)
        $0.lines.append(indent + text)
        inside = taken
      }
    case .call(let name, let nameRange, let args):
      if let type = typeNames[name] {
        // (A component's use is written even when an argument is not.)
        var text = type + "()"
        attempt { text = try $0.call(name, nameRange, args).text }
        lines.append(indent + text)
        if shapes.contains(name) { start = .shape }
      } else {
        attempt {
          let (text, isShape) = try $0.call(name, nameRange, args)
          $0.lines.append(indent + text)
          start = isShape ? .shape : .view
        }
      }
    }
    // (The element's own modifiers are offered what the element is.)
    expressions.container = container
    // A shape whose paint needs its frame's size (a radial gradient's
    // radii as fractions) is painted in a reader of that size (which
    // takes the room proposed, as the shape does).
    if start == .shape && inside == 0 && SwiftUIWriter.paintsNeedFrame(e) {
      let shape = lines[first...].map { "  " + $0 }
      lines.removeSubrange(first...)
      lines.append(indent + "GeometryReader { geometry in")
      lines += shape
      inside = SwiftUIWriter.shapeModifiers(e).count
      expressions.fillFrame = "geometry.size"
      let text = shape.count == 1 ? String(shape[0].dropFirst(indent.count + 2)) : nil
      modifiers(Array(e.modifiers.prefix(inside)), start: &start, indent: indent + "    ", shape: text)
      expressions.fillFrame = nil
      lines.append(indent + "}")
      start = .view
    }
    // Modifiers after a closing brace line up with it; after a view on
    // one line, they are indented a level (as Xcode writes them).
    let spans = lines.count - first > 1
    // A shape written on one line, untrimmed, can be stroked again over
    // its fill.
    let shapeText = start == .shape && !spans ? lines.last.map { String($0.dropFirst(indent.count)) } : nil
    modifiers(
      Array(e.modifiers.dropFirst(inside)), start: &start, indent: spans ? indent : indent + "  ", shape: shapeText,
      leaf: drawsOneLeaf(e.primary, seen: []))
  }

  /// Whether a view draws one shape, text or canvas (for each copy of a
  /// `repeat`, which SwiftUI's modifiers modify one by one): a group of
  /// several is composited before an opacity or a shadow applies to it.
  func drawsOneLeaf(_ primary: Primary, seen: Set<String>) -> Bool {
    func lone(_ b: Block, _ seen: Set<String>) -> Bool {
      let elements = b.items.filter { if case .let = $0 { return false } else { return true } }
      guard elements.count == 1, case .element(let e) = elements[0] else { return false }
      let adds = e.modifiers.contains {
        ($0.name == "overlay" || $0.name == "background") && ($0.content != nil || !$0.arguments.isEmpty)
          || $0.name == "stroke" && e.modifiers.contains(where: { $0.name == "fill" })
      }
      return !adds && drawsOneLeaf(e.primary, seen: seen)
    }
    switch primary {
    case .path, .pathData: return true
    case .call(let name, _, _):
      guard let c = components[name] else { return true }
      if shapes.contains(name) { return true }
      return !seen.contains(name) && lone(c.body, seen.union([name]))
    case .geometry(let b): return lone(b, seen)
    case .stack(let s): return lone(s.body, seen)
    case .repeat(_, _, _, let body, _): return lone(body, seen)
    }
  }

  /// The modifiers that paint or cut an element's shape, at its start.
  static func shapeModifiers(_ e: Element) -> ArraySlice<Modifier> {
    e.modifiers.prefix { ["fill", "stroke", "strokeBorder", "trim"].contains($0.name) }
  }

  /// Whether a shape's paints need the size of its frame: a radial
  /// gradient without `endRadius:` (half the shorter side) or with a
  /// radius as a percentage.
  static func paintsNeedFrame(_ e: Element) -> Bool {
    func needs(_ x: Expr) -> Bool {
      if case .call("radial", let args) = x.kind {
        if !args.contains(where: { $0.label == "endRadius" }) { return true }
        if args.contains(where: {
          if case .number(_, .percent) = $0.value.kind { return $0.label?.hasSuffix("Radius") ?? false }
          return false
        }) {
          return true
        }
      }
      return x.children.contains(where: needs)
    }
    return shapeModifiers(e).contains { $0.arguments.contains { needs($0.value) } }
  }

  /// A use of a component, a shape of badgec's (`StarShape(…)`) or a
  /// built-in view or shape, and whether it is a shape.
  func call(_ name: String, _ nameRange: SourceRange, _ args: [Argument]) throws -> (text: String, isShape: Bool) {
    if let c = components[name], let type = typeNames[name] {
      var parts: [String] = []
      let kinds = parameterKinds[name] ?? []
      for (i, p) in c.parameters.enumerated() {
        let given =
          args.first { $0.label == p.name } ?? (args.indices.contains(i) && args[i].label == nil ? args[i] : nil)
        guard let given else { continue }
        parts.append("\(SwiftNames.identifier(p.name)): \(try expressions.value(given.value, as: kinds[i]))")
      }
      return (type + "(" + parts.joined(separator: ", ") + ")", shapes.contains(name))
    }
    if let type = extraShapes[name] { return (try extraShape(type, name, args), true) }
    return try SwiftUIWriter.builtin(name, args, nameRange, expressions)
  }

  /// The index's and the item's names of a `repeat` over a list: `as v`
  /// names the item, `as i, v` both; without `as`, `index` and `item`.
  static func listNames(index: String?, item: String?) -> (index: String, item: String) {
    guard let index else { return ("index", "item") }
    guard let item else { return (index == "index" ? "i" : "index", index) }
    return (index, item)
  }

  /// A built-in view or shape as SwiftUI's, and whether it is a shape.
  static func builtin(_ name: String, _ args: [Argument], _ range: SourceRange, _ x: SwiftExpressions)
    throws -> (String, Bool)
  {
    func arg(_ label: String?, _ i: Int) -> Expr? {
      args.first { $0.label == label }?.value
        ?? (args.indices.contains(i) && args[i].label == nil ? args[i].value : nil)
    }
    // badgec's corners are circular unless asked (SwiftUI's default has
    // been continuous since iOS 17): always written.
    func style() throws -> String {
      guard let s = args.first(where: { $0.label == "style" })?.value else { return ", style: .circular" }
      if case .name(let n) = s.kind, n == "continuous" || n == "circular" { return ", style: .\(n)" }
      if case .member(_, let n, _, _) = s.kind, n == "continuous" || n == "circular" { return ", style: .\(n)" }
      throw SwiftUIProblem(what: "this corner style", range: s.range)
    }
    switch name {
    case "rect": return ("Rectangle()", true)
    case "circle": return ("Circle()", true)
    case "ellipse": return ("Ellipse()", true)
    case "capsule":
      return ("Capsule(\(try style().dropFirst(2)))", true)
    case "roundedRect":
      let r = try arg("radius", 0).map { (e) throws in try x.number(e) } ?? "0"
      return ("RoundedRectangle(cornerRadius: \(r)\(try style()))", true)
    case "unevenRoundedRect":
      var radii: [String] = []
      for corner in ["topLeading", "bottomLeading", "bottomTrailing", "topTrailing"] {
        if let r = args.first(where: { $0.label == corner }) {
          radii.append("\(corner)Radius: \(try x.number(r.value))")
        }
      }
      return (
        "UnevenRoundedRectangle(\(radii.joined(separator: ", "))\(radii.isEmpty ? String(try style().dropFirst(2)) : try style()))",
        true
      )
    case "spacer":
      let m = try arg("minLength", 0).map { (e) throws in try x.number(e) }
      return (m.map { "Spacer(minLength: \($0))" } ?? "Spacer()", false)
    case "text":
      guard !args.contains(where: { ["radius", "angle", "side"].contains($0.label ?? "") }) else {
        throw SwiftUIProblem(what: "text set along a circle", range: range)
      }
      guard let t = arg(nil, 0) else { throw SwiftUIProblem(what: "text without words", range: range) }
      return ("Text(\(try x.string(t)))", false)
    default:
      throw SwiftUIProblem(what: "'\(name)(…)' (SwiftUI has no such view or shape)", range: range)
    }
  }

  /// A use of `star` or `polygon` as its `Shape` struct.
  func extraShape(_ type: String, _ name: String, _ args: [Argument]) throws -> String {
    let count = name == "star" ? "points" : "sides"
    guard let n = args.first(where: { $0.label == count }) ?? args.first(where: { $0.label == nil }) else {
      throw SwiftUIProblem(
        what: "'\(name)' without '\(count):'", range: args.first?.range ?? SourceRange(file: 0, start: 0, end: 0))
    }
    var text = "\(type)(\(count): \(try expressions.integer(n.value))"
    if let r = args.first(where: { $0.label == "innerRadius" }) {
      text += ", innerRadius: \(try expressions.number(r.value))"
    }
    return text + ")"
  }

  static func alignment(_ e: Expr, _ axis: StackAxis) throws -> String {
    guard case .name(let n) = e.kind else { throw SwiftUIProblem(what: "this alignment", range: e.range) }
    return "." + n
  }

  // MARK: Paths

  mutating func pathItems(
    _ list: [PathItem], indent: String, within: [(x: String, y: String, w: String, h: String)]
  ) {
    for item in list {
      switch item {
      case .let(let d):
        writeLet(d, indent: indent)
      case .command(let c):
        attempt { $0.lines.append(indent + (try $0.command(c, within: within))) }
      case .within(let rect, let body, let range):
        guard rect.count == 4 else {
          problems.append(SwiftUIProblem(what: "this within rectangle", range: range))
          continue
        }
        // The rectangle as a CGRect of its own (its points then read
        // `frame.minX + 0.95 * frame.width`: short, and quick for Swift's
        // type checker, which the sums written out in full were not).
        withinCount += 1
        let frame = withinCount == 1 ? "frame" : "frame\(withinCount)"
        var r: (x: String, y: String, w: String, h: String) = ("0", "0", "1", "1")
        attempt { w in
          let v = try rect.map { (e) throws in try w.expressions.number(e) }
          w.lines.append(indent + "let \(frame) = CGRect(x: \(v[0]), y: \(v[1]), width: \(v[2]), height: \(v[3]))")
          r = ("\(frame).minX", "\(frame).minY", "\(frame).width", "\(frame).height")
        }
        let scope = expressions.scope
        pathItems(body.items, indent: indent, within: within + [r])
        expressions.scope = scope
      case .repeat(let count, let index, let body, _, let item):
        let scope = expressions.scope
        if let itemKind = expressions.kind(count).element {
          let names = SwiftUIWriter.listNames(index: index, item: item)
          let (i, v) = (SwiftNames.identifier(names.index), SwiftNames.identifier(names.item))
          attempt { $0.lines.append(indent + "for (\(i), \(v)) in \(try $0.expressions.list(count)).enumerated() {") }
          expressions.scope.define(names.index, .integer)
          expressions.scope.define(names.item, itemKind)
        } else {
          let name = index ?? "index"
          attempt {
            $0.lines.append(
              indent + "for \(SwiftNames.identifier(name)) in 0..<\(try $0.expressions.integer(count)) {")
          }
          expressions.scope.define(name, .integer)
        }
        pathItems(body.items, indent: indent + "  ", within: within)
        expressions.scope = scope
        lines.append(indent + "}")
      }
    }
  }

  func command(_ c: PathCommand, within: [(x: String, y: String, w: String, h: String)]) throws
    -> String
  {
    let x = expressions
    func point(_ e: Expr) throws -> String { try x.cgPoint(e, within: within) }
    func labelled(_ label: String) throws -> Expr {
      guard let a = c.arguments.first(where: { $0.label == label }) else {
        throw SwiftUIProblem(what: "'\(c.name)' without '\(label):'", range: c.range)
      }
      return a.value
    }
    let unlabelled = c.arguments.filter { $0.label == nil }.map(\.value)
    switch c.name {
    case "move", "line":
      guard unlabelled.count == 1 else { break }
      return "path.\(c.name == "move" ? "move" : "addLine")(to: \(try point(unlabelled[0])))"
    case "lines":
      let points = try unlabelled.map { (e) throws in try point(e) }
      return "path.addLines([\(points.joined(separator: ", "))])"
    case "quad":
      guard unlabelled.count == 1 else { break }
      return "path.addQuadCurve(to: \(try point(unlabelled[0])), control: \(try point(try labelled("control"))))"
    case "cubic":
      guard unlabelled.count == 1 else { break }
      return
        "path.addCurve(to: \(try point(unlabelled[0])), control1: \(try point(try labelled("control1"))), control2: \(try point(try labelled("control2"))))"
    case "close":
      return "path.closeSubpath()"
    case "arc" where within.isEmpty && c.arguments.contains(where: { $0.label == "tangent1End" }):
      return
        "path.addArc(tangent1End: \(try point(try labelled("tangent1End"))), tangent2End: \(try point(try labelled("tangent2End"))), radius: \(try x.number(try labelled("radius"))))"
    case "arc" where within.isEmpty:
      guard unlabelled.count == 1, c.arguments.contains(where: { $0.label == "startAngle" }) else { break }
      let clockwise =
        try c.arguments.first { $0.label == "clockwise" }.map { (a) throws in try x.bool(a.value) } ?? "false"
      return
        "path.addArc(center: \(try point(unlabelled[0])), radius: \(try x.number(try labelled("radius"))), startAngle: \(try x.angle(try labelled("startAngle"))), endAngle: \(try x.angle(try labelled("endAngle"))), clockwise: \(clockwise))"
    default: break
    }
    throw SwiftUIProblem(
      what:
        "the path command '\(c.name)' written this way (SwiftUI's: move, line, lines, quad, cubic, close, arc by centre or tangents)",
      range: c.range)
  }
}
