// The SwiftUI backend: the badge's syntax tree in (its file merged with
// what it imports), a Swift file out that a person would have written for
// the same badge: a `View` per component the badge uses and one for the
// badge, with a `#Preview`. Structure is kept, not flattened:
// - a component is a `struct` whose parameters are properties (with their
//   defaults), a top-level `let` a file-level constant (with its `-D`
//   value when one is given);
// - `path { … }` is `Path { path in … }` (`move(to:)`, `addLine(to:)`,
//   `addLines`, `addQuadCurve`, `addCurve`, `addArc`, `closeSubpath()`),
//   in a `GeometryReader` when it reads `width` or `height`, as the
//   tutorial's `BadgeBackground` is; `within` rectangles are written out
//   in its points;
// - stacks are `ZStack`/`VStack`/`HStack`, `geometry` a `GeometryReader`,
//   `repeat` a `ForEach`, `if` an `if`;
// - modifiers are SwiftUI's (`.rotate` → `.rotationEffect`, `.scale` →
//   `.scaleEffect`, `.aspect` → `.aspectRatio`, `.fill` on a view →
//   `.foregroundStyle`), paints SwiftUI's colours and gradients.
// What SwiftUI has no counterpart for (stars and polygons, SVG path data,
// text along a circle, percentages, …) is an error at its place.

/// The places a badge's SwiftUI code cannot be written.
struct SwiftUIProblems: Error {
  var all: [SwiftUIProblem]
}

/// Writes a badge's source as SwiftUI code.
struct SwiftUIWriter {
  let file: BadgeFile
  /// Top-level lets' values given with `-D`.
  let overrides: [String: Expr]
  /// The canvas the badge is drawn on, in points.
  let canvas: Size

  private var lines: [String] = []
  private var problems: [SwiftUIProblem] = []
  private var expressions = SwiftExpressions(scope: SwiftScope())
  /// Components by name.
  private let components: [String: ComponentDecl]
  /// Each component's struct name.
  private var typeNames: [String: String] = [:]
  /// Each component's parameters' kinds, in order.
  private var parameterKinds: [String: [SwiftKind]] = [:]
  /// The components written as SwiftUI `Shape`s: a body of one path
  /// (fitted to an aspect ratio at most), painted by whoever uses them.
  private var shapes: Set<String> = []
  /// `within` rectangles written so far (each a `let frame…`).
  private var withinCount = 0
  /// The shapes SwiftUI lacks that the badge uses (`star`, `polygon`),
  /// by name, with their struct names.
  private var extraShapes: [String: String] = [:]

  init(file: BadgeFile, overrides: [String: Expr], canvas: Size) {
    self.file = file
    self.overrides = overrides
    self.canvas = canvas
    components = Dictionary(file.components.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The Swift file, or the places SwiftUI cannot say.
  mutating func write() -> Result<String, SwiftUIProblems> {
    guard let badge = file.badge else { return .failure(SwiftUIProblems(all: [])) }
    let used = usedComponents(badge)
    // Names: SwiftUI's own types are not hidden by a component's.
    var taken: Set<String> = SwiftUIWriter.swiftUITypes
    for name in used {
      var type = SwiftNames.type(name)
      while taken.contains(type) { type += "View" }
      taken.insert(type)
      typeNames[name] = type
    }
    // The badge's view is named `…Badge` (the Landmarks app has a
    // `Landmark` model of its own).
    var badgeType = SwiftNames.type(badge.name)
    if !badgeType.hasSuffix("Badge") { badgeType += "Badge" }
    while taken.contains(badgeType) { badgeType += "View" }

    // Top-level lets, as constants of the file.
    lines.append("// \(SwiftUIWriter.comment(badge.name)), written by badgec from its badge file.")
    lines.append("import SwiftUI")
    lines.append("")
    // A let that only the badge reads is a property of its view (so that
    // `HikeBadge(name: "Lake Trail")` sets it, as the tutorial's does);
    // one that components or other lets read is a constant of the file.
    var readElsewhere: Set<String> = []
    for name in used {
      let c = components[name]!
      readElsewhere.formUnion(SwiftUIWriter.names(in: c.body, outsidePaths: false))
      for p in c.parameters { if let d = p.defaultValue { readElsewhere.formUnion(SwiftUIWriter.names(in: d)) } }
    }
    for decl in file.lets { readElsewhere.formUnion(SwiftUIWriter.names(in: overrides[decl.name] ?? decl.value)) }
    let badgeReads = SwiftUIWriter.names(in: badge.body, outsidePaths: false)
    var badgeProperties: [String] = []
    for decl in file.lets {
      let value = overrides[decl.name] ?? decl.value
      let kind = expressions.kind(value)
      let property = badgeReads.contains(decl.name) && !readElsewhere.contains(decl.name)
      attempt {
        let text = try $0.expressions.value(value, as: kind)
        let declaration = "\(SwiftNames.identifier(decl.name)): \(SwiftUIWriter.typeName(kind)) = \(text)"
        if property { badgeProperties.append("  var " + declaration) } else { $0.lines.append("let " + declaration) }
      }
      expressions.scope.define(decl.name, kind == .integer ? .number : kind)
    }
    if lines.last != "" { lines.append("") }
    for name in used where SwiftUIWriter.isShape(components[name]!) { shapes.insert(name) }
    for (builtin, type) in [("star", "StarShape"), ("polygon", "PolygonShape")]
    where SwiftUIWriter.calls(in: badge.body).contains(builtin)
      || used.contains(where: { SwiftUIWriter.calls(in: components[$0]!.body).contains(builtin) })
    {
      var name = type
      while taken.contains(name) { name += "_" }
      taken.insert(name)
      extraShapes[builtin] = name
    }
    for name in used { inferParameters(components[name]!) }
    for name in used {
      if shapes.contains(name) { shapeComponent(components[name]!) } else { component(components[name]!) }
    }
    if let star = extraShapes["star"] { lines += SwiftUIWriter.starShape(star, star: true) }
    if let polygon = extraShapes["polygon"] { lines += SwiftUIWriter.starShape(polygon, star: false) }

    // The badge.
    lines.append("struct \(badgeType): View {")
    if badgeReads.contains("colorScheme") { lines += ["  @Environment(\\.colorScheme) var colorScheme", ""] }
    if !badgeProperties.isEmpty { lines += badgeProperties + [""] }
    lines.append("  var body: some View {")
    let scope = expressions.scope
    block(badge.body, indent: "    ", stack: "ZStack", modified: true)
    expressions.scope = scope
    // Lined up with a closing brace, or a level in after a one-line view.
    let frameIndent = lines.last == "    }" ? "    " : "      "
    let w = SwiftExpressions.literal(canvas.width)
    lines.append(frameIndent + ".frame(width: \(w), height: \(SwiftExpressions.literal(canvas.height)))")
    lines.append("  }")
    lines.append("}")
    lines.append("")
    lines.append("#Preview {")
    lines.append("  \(badgeType)()")
    lines.append("}")
    guard problems.isEmpty else { return .failure(SwiftUIProblems(all: problems)) }
    return .success(lines.joined(separator: "\n") + "\n")
  }

  /// A let of a view's or path's body, written and put in scope.
  private mutating func writeLet(_ d: LetDecl, indent: String) {
    let kind = expressions.kind(d.value)
    attempt {
      $0.lines.append(indent + SwiftUIWriter.localLet(d.name, try $0.expressions.value(d.value, as: kind), kind))
    }
    expressions.scope.define(d.name, kind == .integer ? .number : kind)
  }

  /// `let name = value` in a view's or path's body; a whole number is
  /// typed `Double` (Swift would read `4` as an `Int`, which a
  /// `CGFloat` argument does not take).
  static func localLet(_ name: String, _ value: String, _ kind: SwiftKind) -> String {
    let whole = !value.isEmpty && value.drop { $0 == "-" }.allSatisfy(\.isNumber)
    let type = whole && (kind == .number || kind == .unknown) ? ": Double" : ""
    return "let \(SwiftNames.identifier(name))\(type) = \(value)"
  }

  /// SwiftUI's types that the generated code names.
  static let swiftUITypes: Set<String> = [
    // What the code names, and SwiftUI's and Swift's types an app's code
    // commonly names beside it (a component named so would hide them).
    "View", "Path", "Color", "Text", "Image", "Shape", "Circle", "Rectangle", "Ellipse", "Capsule",
    "RoundedRectangle", "UnevenRoundedRectangle", "ZStack", "VStack", "HStack", "GeometryReader", "GeometryProxy",
    "ForEach", "Spacer", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "Gradient",
    "Angle", "UnitPoint", "CGPoint", "CGSize", "CGRect", "CGFloat", "Double", "Int", "String", "Bool", "Array",
    "Dictionary", "Set", "Optional", "Character", "StrokeStyle", "FillStyle", "Font", "Group", "Label", "Button",
    "List", "Toggle", "Section", "Divider", "Picker", "Alignment", "HorizontalAlignment", "VerticalAlignment",
    "Edge", "ShapeStyle", "AnyShapeStyle", "App", "Scene", "WindowGroup", "SwiftUI", "Foundation", "Form",
    "NavigationStack", "NavigationView", "NavigationLink", "NavigationSplitView", "ScrollView", "Grid", "GridRow",
    "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Canvas", "Slider", "Stepper", "TextField", "SecureField",
    "TextEditor", "Menu", "Link", "ProgressView", "Gauge", "TabView", "Table", "EmptyView", "AnyView", "TupleView",
    "Environment", "State", "Binding", "Bindable", "Observable", "ObservedObject", "StateObject",
    "EnvironmentObject", "Animation", "Transaction", "Material", "ContentMode", "ColorScheme", "Preview",
    "PreviewProvider", "ViewBuilder", "ViewModifier", "Layout", "Namespace", "Toolbar", "Sheet", "Alert", "Symbol",
    "SF",
  ]

  /// Text safe in a `//` comment (one line).
  static func comment(_ s: String) -> String {
    String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }

  static func typeName(_ k: SwiftKind) -> String {
    switch k {
    case .number, .integer, .unknown: return "Double"
    case .angle: return "Angle"
    case .color: return "Color"
    case .paint: return "AnyShapeStyle"
    case .string: return "String"
    case .bool: return "Bool"
    case .point: return "UnitPoint"
    }
  }

  /// Runs `body`, noting what it could not write.
  private mutating func attempt(_ body: (inout SwiftUIWriter) throws -> Void) {
    do { try body(&self) } catch { if let p = error as? SwiftUIProblem { problems.append(p) } }
  }

  // MARK: Components

  /// The components the badge uses, directly or through others, in the
  /// order the file declares them.
  private func usedComponents(_ badge: BadgeDecl) -> [String] {
    var seen: Set<String> = []
    var work = SwiftUIWriter.calls(in: badge.body)
    while let name = work.popLast() {
      guard let c = components[name], seen.insert(name).inserted else { continue }
      work += SwiftUIWriter.calls(in: c.body)
      for p in c.parameters { if let d = p.defaultValue { work += SwiftUIWriter.calls(in: d) } }
    }
    return file.components.map(\.name).filter { seen.contains($0) }
  }

  /// The names called as views in a block (components and shapes).
  static func calls(in block: Block) -> [String] {
    var out: [String] = []
    func visit(_ items: [BlockItem]) {
      for item in items {
        switch item {
        case .let(let d): out += calls(in: d.value)
        case .element(let e): element(e)
        case .conditional(let i):
          visit(i.then.items)
          if let o = i.otherwise { visit(o.items) }
        }
      }
    }
    func element(_ e: Element) {
      switch e.primary {
      case .call(let name, _, let args):
        out.append(name)
        for a in args { out += calls(in: a.value) }
      case .stack(let s): visit(s.body.items)
      case .geometry(let b): visit(b.items)
      case .repeat(_, _, _, let body, _): visit(body.items)
      case .path, .pathData: break
      }
      for m in e.modifiers {
        for a in m.arguments { out += calls(in: a.value) }
        if let c = m.content { visit(c.items) }
      }
    }
    visit(block.items)
    return out
  }

  static func calls(in e: Expr) -> [String] {
    if case .view(let el) = e.kind { return calls(in: Block(items: [.element(el)], range: el.range)) }
    return []
  }

  /// Each parameter's kind: its default's, else that of the first
  /// argument given for it.
  private mutating func inferParameters(_ c: ComponentDecl) {
    var kinds: [SwiftKind] = []
    for (i, p) in c.parameters.enumerated() {
      if let d = p.defaultValue {
        kinds.append(expressions.kind(d))
        continue
      }
      var found = SwiftKind.unknown
      for site in callSites(of: c.name) {
        let arg =
          site.first { $0.label == p.name } ?? (site.indices.contains(i) && site[i].label == nil ? site[i] : nil)
        if let arg {
          found = expressions.kind(arg.value)
          break
        }
      }
      kinds.append(found == .integer ? .number : found)
    }
    parameterKinds[c.name] = kinds
  }

  /// The argument lists of every use of the component `name`.
  private func callSites(of name: String) -> [[Argument]] {
    var out: [[Argument]] = []
    func visit(_ items: [BlockItem]) {
      for item in items {
        guard case .element(let e) = item else {
          if case .conditional(let i) = item {
            visit(i.then.items)
            if let o = i.otherwise { visit(o.items) }
          }
          continue
        }
        element(e)
      }
    }
    func element(_ e: Element) {
      switch e.primary {
      case .call(let n, _, let args) where n == name: out.append(args)
      case .stack(let s): visit(s.body.items)
      case .geometry(let b): visit(b.items)
      case .repeat(_, _, _, let body, _): visit(body.items)
      default: break
      }
      for m in e.modifiers { if let c = m.content { visit(c.items) } }
    }
    for c in file.components { visit(c.body.items) }
    if let b = file.badge { visit(b.body.items) }
    return out
  }

  /// A component's parameters as its struct's properties (with their
  /// defaults), then a blank line; each defined in scope for its body.
  private mutating func properties(of c: ComponentDecl) {
    for (p, kind) in zip(c.parameters, parameterKinds[c.name] ?? []) {
      var line = "  var \(SwiftNames.identifier(p.name)): \(SwiftUIWriter.typeName(kind))"
      if let d = p.defaultValue {
        attempt { line += " = " + (try $0.expressions.value(d, as: kind)) }
      }
      lines.append(line)
      expressions.scope.define(p.name, kind)
    }
    if !c.parameters.isEmpty { lines.append("") }
  }

  private mutating func component(_ c: ComponentDecl) {
    let type = typeNames[c.name]!
    let saved = expressions.scope
    lines.append("struct \(type): View {")
    if SwiftUIWriter.names(in: c.body, outsidePaths: false).contains("colorScheme") {
      lines += ["  @Environment(\\.colorScheme) var colorScheme", ""]
    }
    properties(of: c)
    lines.append("  var body: some View {")
    let read = SwiftUIWriter.names(in: c.body, outsidePaths: true)
    if !read.isDisjoint(with: ["width", "height"]) {
      lines.append("    GeometryReader { geometry in")
      SwiftUIWriter.sizeLets(read, indent: "      ", into: &lines)
      block(c.body, indent: "      ", stack: "ZStack(alignment: .topLeading)")
      lines.append("    }")
    } else {
      block(c.body, indent: "    ", stack: "ZStack")
    }
    lines.append("  }")
    lines.append("}")
    lines.append("")
    expressions.scope = saved
  }

  /// Whether a component can be a SwiftUI `Shape`: its body one path,
  /// with at most an `.aspect(ratio, fit)`, and no paint of its own.
  static func isShape(_ c: ComponentDecl) -> Bool {
    guard !c.sizedToContent, c.body.items.count == 1, case .element(let e) = c.body.items[0], case .path = e.primary
    else { return false }
    if e.modifiers.isEmpty { return true }
    guard e.modifiers.count == 1, let m = e.modifiers.first, m.name == "aspect", m.content == nil,
      m.arguments.count == 2, m.arguments.allSatisfy({ $0.label == nil }),
      case .name("fit") = m.arguments[1].value.kind
    else { return false }
    return true
  }

  /// A component as a `Shape`: its path in the rectangle it is given (the
  /// largest of its aspect ratio, centred, when it has one).
  private mutating func shapeComponent(_ c: ComponentDecl) {
    let type = typeNames[c.name]!
    let saved = expressions.scope
    guard case .element(let e) = c.body.items[0], case .path(let body) = e.primary else { return }
    lines.append("struct \(type): Shape {")
    properties(of: c)
    lines.append("  func path(in rect: CGRect) -> Path {")
    if let aspect = e.modifiers.first {
      var ratio = "1"
      attempt { ratio = try $0.expressions.number(aspect.arguments[0].value) }
      lines.append("    // .aspectRatio(\(ratio), contentMode: .fit): the largest such rectangle, centred.")
      lines.append("    let ratio: CGFloat = \(ratio)")
      lines.append("    let width = min(rect.width, rect.height * ratio)")
      lines.append("    let height = width / ratio")
      lines.append("    return Path { path in")
      pathItems(body.items, indent: "      ", within: [])
      lines.append("    }")
      lines.append(
        "    .offsetBy(dx: rect.minX + (rect.width - width) / 2, dy: rect.minY + (rect.height - height) / 2)")
    } else {
      lines.append("    let width = rect.width")
      lines.append("    let height = rect.height")
      lines.append("    return Path { path in")
      pathItems(body.items, indent: "      ", within: [])
      lines.append("    }")
      lines.append("    .offsetBy(dx: rect.minX, dy: rect.minY)")
    }
    lines.append("  }")
    lines.append("}")
    lines.append("")
    expressions.scope = saved
  }

  /// badgec's `star(points:innerRadius:)` or `polygon(sides:)` as a
  /// `Shape`: corners on the circle of the shorter side, centred, the
  /// first pointing up; a star's inner corners at `innerRadius` of it.
  static func starShape(_ type: String, star: Bool) -> [String] {
    var out = [
      star
        ? "/// badgec's star(points:innerRadius:): corners on the circle of the shorter side, the first up."
        : "/// badgec's polygon(sides:): corners on the circle of the shorter side, the first up.",
      "struct \(type): Shape {",
      star ? "  var points: Int" : "  var sides: Int",
    ]
    if star { out.append("  var innerRadius: Double = 0.382") }
    out += [
      "",
      "  func path(in rect: CGRect) -> Path {",
      "    let outer = min(rect.width, rect.height) / 2",
      star ? "    let steps = 2 * points" : "    let steps = sides",
      "    return Path { path in",
      "      for k in 0..<steps {",
      "        let angle = -Double.pi / 2 + 2 * Double.pi * Double(k) / Double(steps)",
      star ? "        let r = k % 2 == 1 ? outer * innerRadius : outer" : "        let r = outer",
      "        let point = CGPoint(x: rect.midX + r * cos(angle), y: rect.midY + r * sin(angle))",
      "        if k == 0 { path.move(to: point) } else { path.addLine(to: point) }",
      "      }",
      "      path.closeSubpath()",
      "    }",
      "  }",
      "}",
      "",
    ]
    return out
  }

  /// `let width` and `let height` from the reader's geometry, those of
  /// them that `read` holds.
  static func sizeLets(_ read: Set<String>, indent: String, into lines: inout [String]) {
    for side in ["width", "height"] where read.contains(side) {
      lines.append(indent + "let \(side) = geometry.size.\(side)")
    }
  }

  /// The names read in `e`.
  static func names(in e: Expr) -> Set<String> {
    let holder = LetDecl(name: "", nameRange: e.range, value: e, range: e.range)
    return names(in: Block(items: [.let(holder)], range: e.range), outsidePaths: false)
  }

  /// The names read in `block` (outside the paths and `geometry` blocks
  /// when `outsidePaths`).
  static func names(in block: Block, outsidePaths: Bool) -> Set<String> {
    var found: Set<String> = []
    func expr(_ e: Expr) {
      if case .name(let n) = e.kind {
        found.insert(n)
        return
      }
      if case .view(let el) = e.kind {
        element(el)
        return
      }
      for child in e.children { expr(child) }
    }
    func items(_ list: [BlockItem]) {
      for item in list {
        switch item {
        case .let(let d): expr(d.value)
        case .element(let e): element(e)
        case .conditional(let i):
          expr(i.condition)
          items(i.then.items)
          if let o = i.otherwise { items(o.items) }
        }
      }
    }
    func element(_ e: Element) {
      switch e.primary {
      case .call(_, _, let args): for a in args { expr(a.value) }
      case .stack(let s):
        for a in s.arguments { expr(a.value) }
        items(s.body.items)
      case .geometry(let b): if !outsidePaths { items(b.items) }
      case .repeat(let n, _, _, let body, _):
        expr(n)
        items(body.items)
      case .path(let body): if !outsidePaths { pathItems(body.items) }
      case .pathData: break
      }
      for m in e.modifiers {
        for a in m.arguments { expr(a.value) }
        if let c = m.content { items(c.items) }
      }
    }
    func pathItems(_ list: [PathItem]) {
      for item in list {
        switch item {
        case .let(let d): expr(d.value)
        case .command(let c): for a in c.arguments { expr(a.value) }
        case .within(let rect, let body, _):
          rect.forEach(expr)
          pathItems(body.items)
        case .repeat(let n, _, let body, _, _):
          expr(n)
          pathItems(body.items)
        }
      }
    }
    items(block.items)
    return found
  }

  // MARK: Blocks and elements

  /// A block's items at `indent`: its lets and elements, several elements
  /// in a `stack` (badgec draws a block's elements over each other).
  /// `modified`: modifiers follow the block, which an `if` cannot take
  /// (it is wrapped in the stack too); a lone `repeat` always is.
  private mutating func block(_ b: Block, indent: String, stack: String?, modified: Bool = false) {
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

  private mutating func items(_ list: [BlockItem], indent: String) {
    for item in list {
      switch item {
      case .let(let d):
        writeLet(d, indent: indent)
      case .element(let e):
        element(e, indent: indent)
      case .conditional(let i):
        attempt {
          $0.lines.append(indent + "if \(try $0.expressions.bool(i.condition)) {")
        }
        let scope = expressions.scope
        items(i.then.items, indent: indent + "  ")
        expressions.scope = scope
        if let o = i.otherwise {
          lines.append(indent + "} else {")
          items(o.items, indent: indent + "  ")
          expressions.scope = scope
        }
        lines.append(indent + "}")
      }
    }
  }

  /// What an element's chain starts as: a shape takes `.fill`, `.stroke`
  /// and `.trim`; anything else is a view.
  private enum Start { case shape, view }

  private mutating func element(_ e: Element, indent: String) {
    let scope = expressions.scope
    defer { expressions.scope = scope }
    let first = lines.count
    var start = Start.view
    // The modifiers a path takes inside its GeometryReader.
    var inside = 0
    switch e.primary {
    case .path(let body):
      start = .shape
      let read = SwiftUIWriter.names(in: Block(items: [.element(e)], range: e.range), outsidePaths: false)
      if !read.isDisjoint(with: ["width", "height"]) {
        // The shape's own modifiers go with it, in the reader.
        inside = e.modifiers.prefix { ["fill", "stroke", "trim"].contains($0.name) }.count
        lines.append(indent + "GeometryReader { geometry in")
        lines.append(indent + "  Path { path in")
        SwiftUIWriter.sizeLets(read, indent: indent + "    ", into: &lines)
        pathItems(body.items, indent: indent + "    ", within: [])
        lines.append(indent + "  }")
        modifiers(Array(e.modifiers.prefix(inside)), start: &start, indent: indent + "  ")
        lines.append(indent + "}")
        start = .view
      } else {
        lines.append(indent + "Path { path in")
        pathItems(body.items, indent: indent + "  ", within: [])
        lines.append(indent + "}")
      }
    case .pathData(_, let range):
      problems.append(
        SwiftUIProblem(what: "a path from SVG path data (SwiftUI's Path has no parser for it)", range: range))
      return
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
      let name = s.axis == .z ? "ZStack" : s.axis == .v ? "VStack" : "HStack"
      lines.append(indent + name + (args.isEmpty ? "" : "(" + args.joined(separator: ", ") + ")") + " {")
      items(s.body.items, indent: indent + "  ")
      lines.append(indent + "}")
    case .geometry(let b):
      let read = SwiftUIWriter.names(in: b, outsidePaths: true)
      let reads = !read.isDisjoint(with: ["width", "height"])
      lines.append(indent + "GeometryReader { " + (reads ? "geometry" : "_") + " in")
      SwiftUIWriter.sizeLets(read, indent: indent + "  ", into: &lines)
      items(b.items, indent: indent + "  ")
      lines.append(indent + "}")
    case .repeat(let count, let index, _, let body, let item):
      // A count is a number; anything else is a list to go through.
      let overList = ![.number, .integer].contains(expressions.kind(count))
      guard item == nil, !overList else {
        problems.append(SwiftUIProblem(what: "a repeat over a list's items", range: e.range))
        return
      }
      let name = index ?? "index"
      var n = ""
      attempt { n = try $0.expressions.number(count) }
      lines.append(indent + "ForEach(0..<Int(\(n)), id: \\.self) { \(SwiftNames.identifier(name)) in")
      expressions.scope.define(name, .integer)
      items(body.items, indent: indent + "  ")
      lines.append(indent + "}")
      expressions.scope = scope
    case .call(let name, let nameRange, let args):
      if let c = components[name], let type = typeNames[name] {
        var parts: [String] = []
        let kinds = parameterKinds[name] ?? []
        attempt {
          for (i, p) in c.parameters.enumerated() {
            let given =
              args.first { $0.label == p.name } ?? (args.indices.contains(i) && args[i].label == nil ? args[i] : nil)
            guard let given else { continue }
            parts.append("\(SwiftNames.identifier(p.name)): \(try $0.expressions.value(given.value, as: kinds[i]))")
          }
        }
        lines.append(indent + type + "(" + parts.joined(separator: ", ") + ")")
        if shapes.contains(name) { start = .shape }
      } else if let type = extraShapes[name] {
        attempt {
          $0.lines.append(indent + (try $0.extraShape(type, name, args)))
          start = .shape
        }
      } else {
        attempt {
          let (text, isShape) = try SwiftUIWriter.builtin(name, args, nameRange, $0.expressions)
          $0.lines.append(indent + text)
          start = isShape ? .shape : .view
        }
      }
    }
    // Modifiers after a closing brace line up with it; after a view on
    // one line, they are indented a level (as Xcode writes them).
    let spans = lines.count - first > 1
    // A shape written on one line, untrimmed, can be stroked again over
    // its fill.
    let shapeText =
      start == .shape && !spans && !e.modifiers.contains(where: { $0.name == "trim" })
      ? lines.last.map { String($0.dropFirst(indent.count)) } : nil
    modifiers(
      Array(e.modifiers.dropFirst(inside)), start: &start, indent: spans ? indent : indent + "  ", shape: shapeText)
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
  private func extraShape(_ type: String, _ name: String, _ args: [Argument]) throws -> String {
    let count = name == "star" ? "points" : "sides"
    guard let n = args.first(where: { $0.label == count }) ?? args.first(where: { $0.label == nil }) else {
      throw SwiftUIProblem(
        what: "'\(name)' without '\(count):'", range: args.first?.range ?? SourceRange(file: 0, start: 0, end: 0))
    }
    var text = "\(type)(\(count): Int(\(try expressions.number(n.value)))"
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

  private mutating func pathItems(
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
      case .repeat(let count, let index, let body, let range, let item):
        guard item == nil else {
          problems.append(SwiftUIProblem(what: "a repeat over a list's items", range: range))
          continue
        }
        let name = index ?? "index"
        attempt {
          $0.lines.append(
            indent + "for \(SwiftNames.identifier(name)) in 0..<Int(\(try $0.expressions.number(count))) {")
        }
        let scope = expressions.scope
        expressions.scope.define(name, .integer)
        pathItems(body.items, indent: indent + "  ", within: within)
        expressions.scope = scope
        lines.append(indent + "}")
      }
    }
  }

  private func command(_ c: PathCommand, within: [(x: String, y: String, w: String, h: String)]) throws
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
    case "arc" where within.isEmpty:
      guard unlabelled.count == 1, c.arguments.contains(where: { $0.label == "startAngle" }) else { break }
      let clockwise =
        try c.arguments.first { $0.label == "clockwise" }.map { (a) throws in try x.bool(a.value) } ?? "false"
      return
        "path.addArc(center: \(try point(unlabelled[0])), radius: \(try x.number(try labelled("radius"))), startAngle: \(try x.angle(try labelled("startAngle"))), endAngle: \(try x.angle(try labelled("endAngle"))), clockwise: \(clockwise))"
    default: break
    }
    throw SwiftUIProblem(what: "the path command '\(c.name)' written this way", range: c.range)
  }

  // MARK: Modifiers

  /// The modifiers of an element whose view starts as `start`. `shape`:
  /// the shape's own text (one line), so that a stroke after a fill can
  /// stroke it again over the fill, as badgec draws both.
  private mutating func modifiers(_ list: [Modifier], start: inout Start, indent: String, shape: String? = nil) {
    var filledShape = false
    for m in list {
      if m.name == "stroke" && filledShape, let shape {
        attempt {
          let text = try $0.modifier(m, shape: true, indent: indent + "  ")
          $0.lines.append(indent + ".overlay {")
          $0.lines.append(indent + "  " + shape)
          $0.lines.append(indent + "    " + text)
          $0.lines.append(indent + "}")
        }
        filledShape = false
        continue
      }
      attempt {
        let text = try $0.modifier(m, shape: start == .shape, indent: indent)
        $0.lines.append(indent + text)
      }
      filledShape = m.name == "fill" && start == .shape
      if m.name != "trim" { start = .view }
    }
  }

  /// One modifier as SwiftUI's, on a shape (`shape`) or a view.
  private mutating func modifier(_ m: Modifier, shape: Bool, indent: String) throws -> String {
    let x = expressions
    var labelled: [String: Expr] = [:]
    var positional: [Expr] = []
    for a in m.arguments {
      if let l = a.label { labelled[l] = a.value } else { positional.append(a.value) }
    }
    func num(_ e: Expr) throws -> String { try x.number(e) }
    func option(_ e: Expr) throws -> String {
      if case .name(let n) = e.kind { return "." + n }
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
    case "stroke":
      guard shape else {
        throw SwiftUIProblem(
          what:
            "a stroke of a view (SwiftUI strokes shapes; a component is written as a Shape when its body is one path that paints nothing itself)",
          range: m.range)
      }
      let p = try positional.first.map { (e) throws in try x.paint(e) } ?? "Color.black"
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
        ? ".stroke(\(p), lineWidth: \(width))" : ".stroke(\(p), style: StrokeStyle(\(style.joined(separator: ", "))))"
    case "trim":
      guard shape else { throw SwiftUIProblem(what: "a trim of a view (SwiftUI trims shapes)", range: m.range) }
      return ".trim(\(try named(["from", "to"], num)))"
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
      return ".\(m.name)(\(try named(["x", "y"], num)))"
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
      return ".opacity(\(try num(o)))"
    case "frame":
      let sizes = [
        "width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight",
      ]
      var parts = try named(sizes, num)
      if let a = labelled["alignment"] { parts += (parts.isEmpty ? "" : ", ") + "alignment: \(try option(a))" }
      return ".frame(\(parts))"
    case "aspect":
      let mode = try positional.last.map(option) ?? ".fit"
      if positional.count == 2 { return ".aspectRatio(\(try num(positional[0])), contentMode: \(mode))" }
      return ".aspectRatio(contentMode: \(mode))"
    case "scaledToFit", "scaledToFill", "clipped":
      return ".\(m.name)()"
    case "shadow":
      var parts: [String] = []
      if let c = labelled["color"] { parts.append("color: \(try x.color(c))") }
      parts.append("radius: \(try labelled["radius"].map(num) ?? "0")")
      if let dx = labelled["x"] { parts.append("x: \(try num(dx))") }
      if let dy = labelled["y"] { parts.append("y: \(try num(dy))") }
      return ".shadow(\(parts.joined(separator: ", ")))"
    case "blur":
      return ".blur(radius: \(try labelled["radius"].map(num) ?? positional.first.map(num) ?? "0"))"
    case "clipShape":
      // The shape is a view argument, or a call the parser read as one.
      var shapeCall: (String, SourceRange, [Argument])? = nil
      if let s = positional.first {
        if case .view(let el) = s.kind, el.modifiers.isEmpty, case .call(let n, let r, let a) = el.primary {
          shapeCall = (n, r, a)
        } else if case .call(let n, let a) = s.kind {
          shapeCall = (n, s.range, a)
        }
      }
      guard let (name, range, args) = shapeCall else {
        throw SwiftUIProblem(what: "a clip that is not one of SwiftUI's shapes", range: m.range)
      }
      if shapes.contains(name), let c = components[name], let type = typeNames[name] {
        let kinds = parameterKinds[name] ?? []
        var parts: [String] = []
        for (i, p) in c.parameters.enumerated() {
          let given =
            args.first { $0.label == p.name } ?? (args.indices.contains(i) && args[i].label == nil ? args[i] : nil)
          if let given { parts.append("\(SwiftNames.identifier(p.name)): \(try x.value(given.value, as: kinds[i]))") }
        }
        return ".clipShape(\(type)(\(parts.joined(separator: ", "))))"
      }
      if let type = extraShapes[name] { return ".clipShape(\(try extraShape(type, name, args)))" }
      let (text, isShape) = try SwiftUIWriter.builtin(name, args, range, x)
      guard isShape else { throw SwiftUIProblem(what: "a clip that is not a shape", range: m.range) }
      return ".clipShape(\(text))"
    case "mask", "overlay", "background":
      if let content = m.content {
        var inner = self
        inner.lines = []
        inner.problems = []
        inner.block(content, indent: indent + "  ", stack: "ZStack")
        problems += inner.problems
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
        return ".font(.custom(\(try x.string(family)), size: \(try labelled["size"].map(num) ?? "17")))"
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
