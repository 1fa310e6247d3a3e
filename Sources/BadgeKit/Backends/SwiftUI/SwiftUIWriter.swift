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
// What SwiftUI has no counterpart for (SVG path data, text along a circle,
// percentages, …) is an error at its place. This file holds the file's
// order, the components and the tree walks; SwiftUIElements.swift the
// blocks, elements and paths; SwiftUIModifiers.swift the modifiers;
// SwiftUIExpressions.swift the expressions.

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

  var lines: [String] = []
  var problems: [SwiftUIProblem] = []
  /// What the code draws otherwise than badgec does, and where.
  var warnings: [SwiftUIProblem] = []
  var expressions = SwiftExpressions(scope: SwiftScope())
  /// Components by name.
  let components: [String: ComponentDecl]
  /// Each component's struct name.
  var typeNames: [String: String] = [:]
  /// Each component's parameters' kinds, in order.
  var parameterKinds: [String: [SwiftKind]] = [:]
  /// The components written as SwiftUI `Shape`s: a body of one path
  /// (fitted to an aspect ratio at most), painted by whoever uses them.
  var shapes: Set<String> = []
  /// `within` rectangles written so far (each a `let frame…`).
  var withinCount = 0
  /// The shapes and views SwiftUI lacks that the badge uses (`star`,
  /// `polygon`, `path` for SVG path data, `curvedText` for text along a
  /// circle), by name, with their struct names.
  var extraShapes: [String: String] = [:]
  /// Whether a view blends with what is behind it: the badge is then a
  /// compositing group, so that it blends with itself only (badgec's
  /// canvas is clear), not with the app's views behind it.
  var blends = false

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
    // A component whose body is one shape, used as it is, is a shape too
    // (`Seal` is a `star`): found until no more are.
    var grew = true
    while grew {
      grew = false
      for name in used where !shapes.contains(name) {
        guard let (callee, _) = SwiftUIWriter.lonePrimary(components[name]!),
          SwiftUIWriter.builtinShapes.contains(callee) || shapes.contains(callee)
        else { continue }
        shapes.insert(name)
        grew = true
      }
    }
    // The shapes and views of badgec's that SwiftUI lacks, named clear of
    // the others, when the badge or a component it uses holds them.
    let holders = [badge.body] + used.map { components[$0]!.body }
    let extras: [(key: String, type: String, used: (Block) -> Bool)] = [
      ("star", "StarShape", { SwiftUIWriter.calls(in: $0).contains("star") }),
      ("polygon", "PolygonShape", { SwiftUIWriter.calls(in: $0).contains("polygon") }),
      (
        "path", "SVGPath",
        { SwiftUIWriter.holds($0) { if case .pathData = $0.primary { return true } else { return false } } }
      ),
      (
        "curvedText", "CurvedText",
        {
          SwiftUIWriter.holds($0) {
            if case .call("text", _, let a) = $0.primary { return SwiftUIWriter.isCurved(a) } else { return false }
          }
        }
      ),
    ]
    for extra in extras where holders.contains(where: extra.used) {
      var name = extra.type
      while taken.contains(name) { name += "_" }
      taken.insert(name)
      extraShapes[extra.key] = name
    }
    // (A parameter passed on from another component's takes its kind:
    // passes until nothing more is learnt.)
    for _ in 0..<max(1, used.count) {
      let known = parameterKinds
      for name in used { inferParameters(components[name]!) }
      if parameterKinds == known { break }
    }
    for name in used {
      if shapes.contains(name) { shapeComponent(components[name]!) } else { component(components[name]!) }
    }
    if let star = extraShapes["star"] { lines += SwiftUIWriter.starShape(star, star: true) }
    if let polygon = extraShapes["polygon"] { lines += SwiftUIWriter.starShape(polygon, star: false) }
    if let svgPath = extraShapes["path"] { lines += SwiftUIWriter.pathDataShapeSource(svgPath) }
    if let curved = extraShapes["curvedText"] { lines += SwiftUIWriter.curvedTextSource(curved) }

    // The badge.
    lines.append("struct \(badgeType): View {")
    if badgeReads.contains("colorScheme") { lines += ["  @Environment(\\.colorScheme) var colorScheme", ""] }
    if !badgeProperties.isEmpty { lines += badgeProperties + [""] }
    lines.append("  var body: some View {")
    let scope = expressions.scope
    block(badge.body, indent: "    ", stack: "ZStack", modified: true)
    expressions.scope = scope
    // Lined up with a closing brace, or a level in after a one-line view.
    let frameIndent = SwiftUIWriter.modifierIndent(after: lines.last ?? "", base: "    ")
    let w = SwiftExpressions.literal(canvas.width)
    lines.append(frameIndent + ".frame(width: \(w), height: \(SwiftExpressions.literal(canvas.height)))")
    if blends { lines.append(frameIndent + ".compositingGroup()") }
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
  mutating func writeLet(_ d: LetDecl, indent: String) {
    let kind = expressions.kind(d.value)
    attempt {
      let value = try $0.expressions.value(d.value, as: kind)
      let number = (kind == .number || kind == .unknown) && !$0.expressions.readsDouble(d.value)
      // (`.degrees(34)` names no type of its own.)
      let type = number ? "Double" : kind == .angle && value.hasPrefix(".") ? "Angle" : nil
      $0.lines.append(indent + SwiftUIWriter.localLet(d.name, value, type))
    }
    expressions.scope.define(d.name, kind == .integer ? .number : kind)
  }

  /// `let name = value` in a view's or path's body, of `type` when
  /// Swift could not tell it: `Double` for a number made of literals
  /// alone (Swift would read `4`, or `big ? 10 : 11`, as an `Int`, which a
  /// `CGFloat` argument does not take), `Angle` for `.degrees(…)`.
  static func localLet(_ name: String, _ value: String, _ type: String?) -> String {
    "let \(SwiftNames.identifier(name))\(type.map { ": " + $0 } ?? "") = \(value)"
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
    case .list(let item): return "[\(typeName(item))]"
    }
  }

  /// Runs `body`, noting what it could not write.
  mutating func attempt(_ body: (inout SwiftUIWriter) throws -> Void) {
    do { try body(&self) } catch { if let p = error as? SwiftUIProblem { problems.append(p) } }
  }

  // MARK: Components

  /// The components the badge uses, directly or through others, in the
  /// order the file declares them.
  func usedComponents(_ badge: BadgeDecl) -> [String] {
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
    if let el = element(from: e) { return calls(in: Block(items: [.element(el)], range: el.range)) }
    return e.children.flatMap { calls(in: $0) }
  }

  /// A view written as an argument: a view element, or a call with its
  /// methods, which the parser reads as an expression (`.clipShape(Hex()
  /// .padding(8))`).
  static func element(from e: Expr) -> Element? {
    switch e.kind {
    case .view(let el): return el
    case .call(let name, let args):
      return Element(primary: .call(name: name, nameRange: e.range, arguments: args), modifiers: [], range: e.range)
    case .member(let base, let name, let nameRange, let args):
      guard var el = element(from: base) else { return nil }
      el.modifiers.append(Modifier(name: name, nameRange: nameRange, arguments: args, range: e.range))
      el.range = e.range
      return el
    default: return nil
    }
  }

  /// Each parameter's kind: its default's, else that of the first
  /// argument given for it.
  mutating func inferParameters(_ c: ComponentDecl) {
    var kinds: [SwiftKind] = []
    for (i, p) in c.parameters.enumerated() {
      if let d = p.defaultValue {
        kinds.append(expressions.kind(d))
        continue
      }
      var found = SwiftKind.unknown
      for (site, caller) in callSites(of: c.name) {
        let arg =
          site.first { $0.label == p.name } ?? (site.indices.contains(i) && site[i].label == nil ? site[i] : nil)
        guard let arg else { continue }
        // The argument's kind where it is written: the caller's
        // parameters in scope.
        var x = expressions
        if let caller, let callee = components[caller] {
          for (q, k) in zip(callee.parameters, parameterKinds[caller] ?? []) { x.scope.define(q.name, k) }
        }
        found = x.kind(arg.value)
        if found != .unknown { break }
      }
      kinds.append(found == .integer ? .number : found)
    }
    parameterKinds[c.name] = kinds
  }

  /// The argument lists of every use of the component `name`, with the
  /// component each is in (nil: the badge).
  func callSites(of name: String) -> [(arguments: [Argument], caller: String?)] {
    var out: [(arguments: [Argument], caller: String?)] = []
    var caller: String?
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
      case .call(let n, _, let args) where n == name: out.append((args, caller))
      case .stack(let s): visit(s.body.items)
      case .geometry(let b): visit(b.items)
      case .repeat(_, _, _, let body, _): visit(body.items)
      default: break
      }
      for m in e.modifiers { if let c = m.content { visit(c.items) } }
    }
    for c in file.components {
      caller = c.name
      visit(c.body.items)
    }
    caller = nil
    if let b = file.badge { visit(b.body.items) }
    return out
  }

  /// A component's parameters as its struct's properties (with their
  /// defaults), then a blank line; each defined in scope for its body.
  mutating func properties(of c: ComponentDecl) {
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

  mutating func component(_ c: ComponentDecl) {
    let type = typeNames[c.name]!
    let saved = expressions.scope
    lines.append("struct \(type): View {")
    if SwiftUIWriter.names(in: c.body, outsidePaths: false).contains("colorScheme") {
      lines += ["  @Environment(\\.colorScheme) var colorScheme", ""]
    }
    properties(of: c)
    lines.append("  var body: some View {")
    let read = SwiftUIWriter.names(in: c.body, outsidePaths: true)
    expressions.container = nil
    if !read.isDisjoint(with: ["width", "height", SwiftUIWriter.percentName]) {
      lines.append("    GeometryReader { geometry in")
      SwiftUIWriter.sizeLets(read, indent: "      ", into: &lines)
      expressions.container = "geometry.size"
      block(c.body, indent: "      ", stack: "ZStack(alignment: .topLeading)")
      lines.append("    }")
    } else if c.sizedToContent || fillsItsFrame(c.body, seen: [c.name]) {
      block(c.body, indent: "    ", stack: "ZStack")
    } else {
      // A component takes the whole frame it is offered, its content at
      // the top-left (as a GeometryReader does): said where the content
      // might not fill it.
      block(c.body, indent: "    ", stack: "ZStack(alignment: .topLeading)", modified: true)
      lines.append(
        SwiftUIWriter.modifierIndent(after: lines.last ?? "", base: "    ")
          + ".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)")
    }
    lines.append("  }")
    lines.append("}")
    lines.append("")
    expressions.scope = saved
  }

  /// The indentation of a modifier written after `last`, a view's last
  /// line at `base`: lined up with a closing brace or another modifier,
  /// or a level in after a view on one line.
  static func modifierIndent(after last: String, base: String) -> String {
    last.hasPrefix(base + "}") || last.hasPrefix(base + ".") ? base : base + "  "
  }

  /// The modifiers after which a view that fills its frame still does.
  static let keepsFilling: Set<String> = keepsProposal.union(["padding"])

  /// Whether a body always takes the whole room it is offered (a shape,
  /// a path, a reader, a component that does, with modifiers that keep
  /// that), so that SwiftUI's and badgec's placements of it agree.
  func fillsItsFrame(_ body: Block, seen: Set<String>) -> Bool {
    let elements = body.items.filter { if case .let = $0 { return false } else { return true } }
    guard elements.count == 1, case .element(let e) = elements[0],
      e.modifiers.allSatisfy({ SwiftUIWriter.keepsFilling.contains($0.name) })
    else { return false }
    switch e.primary {
    case .path, .pathData, .geometry: return true
    case .call(let name, _, _):
      if let c = components[name] {
        guard !seen.contains(name), !c.sizedToContent else { return false }
        return shapes.contains(name) || fillsItsFrame(c.body, seen: seen.union([name]))
      }
      return SwiftUIWriter.builtinShapes.contains(name)
    case .stack, .repeat: return false
    }
  }

  /// badgec's built-in shapes (SwiftUI's, `star`, `polygon`).
  static let builtinShapes: Set<String> = [
    "rect", "circle", "ellipse", "capsule", "roundedRect", "unevenRoundedRect", "star", "polygon", "path",
  ]

  /// The callee of a component's body when it is one call without
  /// modifiers (`star(points: points)`, or path data as `path`), and its
  /// element.
  static func lonePrimary(_ c: ComponentDecl) -> (String, Element)? {
    guard !c.sizedToContent, c.body.items.count == 1, case .element(let e) = c.body.items[0], e.modifiers.isEmpty
    else { return nil }
    switch e.primary {
    case .call(let name, _, _): return (name, e)
    case .pathData: return ("path", e)
    default: return nil
    }
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
  /// largest of its aspect ratio, at its top-left, when it has one).
  mutating func shapeComponent(_ c: ComponentDecl) {
    let type = typeNames[c.name]!
    let saved = expressions.scope
    guard case .element(let e) = c.body.items[0] else { return }
    lines.append("struct \(type): Shape {")
    properties(of: c)
    lines.append("  func path(in rect: CGRect) -> Path {")
    // One shape: its path in the same rectangle.
    if case .call(let name, let range, let args) = e.primary {
      attempt { $0.lines.append("    \(try $0.call(name, range, args).text).path(in: rect)") }
    } else if case .pathData(let args, let range) = e.primary {
      attempt { $0.lines.append("    \(try $0.pathDataShape(args, at: range)).path(in: rect)") }
    }
    guard case .path(let body) = e.primary else {
      lines += ["  }", "}", ""]
      expressions.scope = saved
      return
    }
    if let aspect = e.modifiers.first {
      var ratio = "1"
      attempt { ratio = try $0.expressions.number(aspect.arguments[0].value) }
      lines.append(
        "    // .aspectRatio(\(ratio), contentMode: .fit): the largest such rectangle, at the top-left (as badgec places a component's content)."
      )
      lines.append("    let ratio: CGFloat = \(ratio)")
      lines.append("    let width = min(rect.width, rect.height * ratio)")
      lines.append("    let height = width / ratio")
      lines.append("    return Path { path in")
      pathItems(body.items, indent: "      ", within: [])
      lines.append("    }")
      lines.append("    .offsetBy(dx: rect.minX, dy: rect.minY)")
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

  /// What `names(in:)` holds for a percentage (not a name of the
  /// language).
  static let percentName = "%"

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
      if case .number(_, .percent) = e.kind { found.insert(percentName) }
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
      case .pathData(let args, _): for a in args { expr(a.value) }
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
}
