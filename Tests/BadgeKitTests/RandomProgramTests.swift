// Random valid programs: a seeded generator writes well-typed badges from
// the grammar (top-level lets, components with parameters and defaults,
// nested zstack, geometry and repeat, paths with every command and
// `within`, the built-in shapes, every modifier, colours and gradients,
// strokes, trims, clips, masks and effects),
// and every program must compile without errors, give the same SVG twice,
// be inert (well-formed, only what the writer writes: SVGInertness), pass
// xmllint, draw within tolerance of rsvg-convert's rendering of its
// SVG, and encode to PNG. Failing programs and images go to
// .build/raster-test-output/.
import Foundation
import Testing

@testable import BadgeKit

/// Writes random programs that are valid by construction: every name is
/// declared before it is used, every value has the kind its use needs, and
/// nothing divides by zero, leaves the limits or grows past a few shapes.
struct ProgramGenerator {
  /// The kinds of value the generator keeps track of.
  enum Kind: CaseIterable {
    case number, length, angle, colour, gradient
  }

  /// A name in scope and the kind of its value.
  struct Name {
    var name: String
    var kind: Kind
  }

  /// What an expression may use where it is written.
  struct Context {
    var names: [Name] = []
    /// Whether `width` and `height` are defined (everywhere but top-level
    /// lets and parameter defaults).
    var geometry = false
    /// How deeply elements are nested here.
    var depth = 0
    /// Whether masks, shadows and blurs may be written here: not in
    /// components, whose drawings are copied (effects nested in effects
    /// multiply the drawing's cost).
    var effects = true

    func named(_ kind: Kind) -> [String] { names.filter { $0.kind == kind }.map(\.name) }
  }

  /// A declared component: its name and parameters (kind, whether it has a
  /// default).
  struct Component {
    var name: String
    var parameters: [(name: String, kind: Kind, hasDefault: Bool)]
  }

  var random: RasterCoverageTests.Random
  private var counter = 0
  private var components: [Component] = []
  /// Components a body being written may call (those declared before it).
  private var callable = 0

  init(seed: UInt64) {
    random = RasterCoverageTests.Random(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
  }

  // MARK: Choices

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + min(range.count - 1, Int(random.next() * Double(range.count)))
  }

  mutating func chance(_ p: Double) -> Bool { random.next() < p }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  mutating func fresh(_ prefix: String) -> String {
    counter += 1
    return "\(prefix)\(counter)"
  }

  /// A decimal from `lo` to `hi` with up to two decimals.
  mutating func decimal(_ lo: Double, _ hi: Double) -> String {
    SVGText.number(((lo + random.next() * (hi - lo)) * 100).rounded() / 100)
  }

  /// Sometimes a comment, to keep the lexer honest.
  mutating func comment() -> String {
    switch int(0...9) {
    case 0: return " // \(pick(["note", "é and ü", "{ not code }"]))\n"
    case 1: return " /* a /* nested */ comment */ "
    default: return ""
    }
  }

  // MARK: Expressions

  /// A plain number from 0 to 4.
  mutating func number(_ c: Context, _ depth: Int = 2) -> String {
    let names = c.named(.number)
    if depth == 0 || chance(0.4) {
      if !names.isEmpty && chance(0.5) { return pick(names) }
      return decimal(0, 4)
    }
    let a = number(c, depth - 1)
    let b = number(c, depth - 1)
    switch int(0...8) {
    case 0: return "min(\(a), \(b))"
    case 1: return "max(\(a), \(b))"
    case 2: return "(\(a) + \(b)) / 2"
    case 3: return "abs(\(a) - \(b))"
    case 4: return "clamp(\(a), 0.5, 3)"
    case 5: return "\(pick(["round", "floor", "ceil"]))(\(a))"
    case 6: return "\(a) * \(b) / 4"
    case 7: return "sqrt(\(a) * \(b))"
    default: return "(1 + cos(\(angle(c, depth - 1)))) * 2"
    }
  }

  /// A length in points, mostly from 0 to about the frame's size.
  mutating func length(_ c: Context, _ depth: Int = 2) -> String {
    let names = c.named(.length)
    if depth == 0 || chance(0.35) {
      switch int(0...3) {
      case 0 where !names.isEmpty: return pick(names)
      case 1 where c.geometry: return "\(pick(["width", "height"])) * \(decimal(0.1, 0.9))"
      case 2: return "\(int(2...40))pt"
      default: return "\(int(2...40))"
      }
    }
    let a = length(c, depth - 1)
    switch int(0...7) {
    case 0: return "(\(a) + \(length(c, depth - 1)))"
    case 1: return "(\(a) - \(length(c, depth - 1)) / 4)"
    case 2: return "\(number(c, depth - 1)) * \(a) / 4"
    case 3: return "\(pick(["min", "max"]))(\(a), \(length(c, depth - 1)))"
    case 4: return "\(a) / \(int(1...4))"
    // max(…, 0pt) is a length even when its argument is a plain number, so
    // the product is an area, whose root is a length.
    case 5: return "sqrt(max(\(a), 0pt) * max(\(length(c, depth - 1)), 0pt))"
    case 6 where c.geometry: return "min(width, height) / \(decimal(1, 4))"
    default: return "(\(a))"
    }
  }

  /// A length, or (where a container gives the axis) a fraction of it.
  mutating func extent(_ c: Context) -> String {
    chance(0.25) ? "\(int(0...100))%" : length(c)
  }

  mutating func angle(_ c: Context, _ depth: Int = 2) -> String {
    let names = c.named(.angle)
    if depth == 0 || chance(0.4) {
      if !names.isEmpty && chance(0.5) { return pick(names) }
      return chance(0.8) ? "\(int(-180...360))deg" : "\(decimal(-3, 3))rad"
    }
    switch int(0...4) {
    case 0: return "\(number(c, depth - 1)) * \(int(5...90))deg"
    case 1: return "(\(angle(c, depth - 1)) + \(angle(c, depth - 1)))"
    case 2: return "-\(angle(c, depth - 1))"
    case 3: return "atan2(\(length(c, depth - 1)), \(length(c, depth - 1)))"
    default: return "\(angle(c, depth - 1)) / \(int(1...4))"
    }
  }

  mutating func colour(_ c: Context) -> String {
    let names = c.named(.colour)
    if !names.isEmpty && chance(0.3) { return pick(names) }
    let hex = Array("0123456789abcdef")
    func digits(_ n: Int, _ g: inout ProgramGenerator) -> String {
      String((0..<n).map { _ in hex[g.int(0...15)] })
    }
    switch int(0...5) {
    case 0:
      return pick([
        "black", "white", "clear", "gray", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue",
        "indigo", "purple", "pink", "brown",
      ])
    case 1: return "#" + digits(3, &self)
    case 2: return "#" + digits(6, &self)
    case 3: return "#" + digits(8, &self)
    case 4: return "rgb(\(int(0...255)), \(number(c, 1)) * 60, \(int(0...255)))"
    case 5 where chance(0.4): return "\(pick(["red", "blue", "#0a0"])).opacity(\(decimal(0.2, 1)))"
    default: return "rgba(\(int(0...255)), \(int(0...255)), \(int(0...255)), \(decimal(0.2, 1)))"
    }
  }

  /// A unit point of a frame: a name or a pair.
  mutating func anchor(_ c: Context) -> String {
    if chance(0.6) {
      return pick([
        "topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom",
        "bottomTrailing",
      ])
    }
    return "(\(decimal(-0.2, 1.2)), \(number(c, 1)) / 4)"
  }

  mutating func gradient(_ c: Context) -> String {
    let names = c.named(.gradient)
    if !names.isEmpty && chance(0.3) { return pick(names) }
    var stops: [String] = []
    for _ in 0..<int(2...4) {
      stops.append(chance(0.3) ? "stop(\(colour(c)), \(decimal(0, 1)))" : colour(c))
    }
    switch int(0...4) {
    case 0:
      if chance(0.7) { stops.append("center: \(anchor(c))") }
      if chance(0.5) { stops.append("startRadius: \(int(0...20))") }
      if chance(0.7) { stops.append("endRadius: \(chance(0.3) ? "\(int(10...90))%" : length(c, 1))") }
      return "radial(\(stops.joined(separator: ", ")))"
    case 1:
      if chance(0.7) { stops.append("center: \(anchor(c))") }
      if chance(0.3) {
        stops.append("angle: \(angle(c, 1))")
      } else {
        if chance(0.7) { stops.append("startAngle: \(int(-90...90))deg") }
        if chance(0.7) { stops.append("endAngle: \(int(120...400))deg") }
      }
      return "angular(\(stops.joined(separator: ", ")))"
    default:
      if chance(0.7) { stops.append("start: \(anchor(c))") }
      if chance(0.7) { stops.append("end: \(anchor(c))") }
      return "linear(\(stops.joined(separator: ", ")))"
    }
  }

  mutating func paint(_ c: Context) -> String { chance(0.6) ? colour(c) : gradient(c) }

  /// A value of `kind`.
  mutating func value(_ kind: Kind, _ c: Context) -> String {
    switch kind {
    case .number: return number(c)
    case .length: return length(c)
    case .angle: return angle(c)
    case .colour: return colour(c)
    case .gradient: return gradient(c)
    }
  }

  /// `let name = value`, with the name added to `c`.
  mutating func letDecl(_ c: inout Context, kinds: [Kind] = Kind.allCases) -> String {
    let kind = pick(kinds)
    let prefixes: [Kind: String] = [.number: "n", .length: "l", .angle: "a", .colour: "c", .gradient: "g"]
    let name = fresh(prefixes[kind]!)
    let text = "let \(name) = \(value(kind, c))"
    c.names.append(Name(name: name, kind: kind))
    return text
  }

  // MARK: Paths

  /// A point of the path's frame: lengths or fractions of the frame.
  mutating func point(_ c: Context) -> String {
    func coordinate(_ axis: String, _ g: inout ProgramGenerator) -> String {
      switch g.int(0...3) {
      case 0: return "\(g.int(-5...105))%"
      case 1: return "\(axis) * \(g.decimal(-0.1, 1.1))"
      case 2: return g.length(c, 1)
      default: return "\(axis) * \(g.number(c, 1)) / 4"
      }
    }
    return "(\(coordinate("width", &self)), \(coordinate("height", &self)))"
  }

  /// A point inside `within`: fractions of its rectangle.
  mutating func unitPoint(_ c: Context) -> String {
    func coordinate(_ g: inout ProgramGenerator) -> String {
      switch g.int(0...2) {
      case 0: return g.decimal(-0.1, 1.1)
      case 1: return "\(g.int(0...100))%"
      default: return "\(g.number(c, 1)) / 4"
      }
    }
    return "(\(coordinate(&self)), \(coordinate(&self)))"
  }

  /// Path commands after a `move`, with points from `p`.
  mutating func commands(_ p: (inout ProgramGenerator) -> String) -> [String] {
    var out = [chance(0.8) ? "move \(p(&self))" : "move to: \(p(&self))"]
    for _ in 0..<int(1...5) {
      switch int(0...6) {
      case 0, 1: out.append("line \(p(&self))")
      case 2: out.append(chance(0.5) ? "quad \(p(&self)), control: \(p(&self))" : "quad \(p(&self)), \(p(&self))")
      case 3:
        out.append(
          chance(0.5)
            ? "cubic \(p(&self)), control1: \(p(&self)), control2: \(p(&self))"
            : "cubic to: \(p(&self)), control2: \(p(&self)), control1: \(p(&self))")
      case 4: out.append("close")
      case 5: out.append("lines " + (0..<int(2...5)).map { _ in p(&self) }.joined(separator: ", "))
      default: out.append("line \(p(&self))")
      }
    }
    return out
  }

  mutating func path(_ c: Context, indent: String) -> String {
    var c = c
    var items: [String] = []
    if chance(0.4) { items.append(letDecl(&c, kinds: [.length, .number])) }
    items += commands { g in g.point(c) }
    if chance(0.35) {
      let rect = [extent(c), extent(c), extent(c), extent(c)].joined(separator: ", ")
      let inner = commands { g in g.unitPoint(c) }.joined(separator: "\n\(indent)    ")
      items.append("within \(rect) {\n\(indent)    \(inner)\n\(indent)  }")
    }
    return "path {\n\(indent)  " + items.joined(separator: "\n\(indent)  ") + "\n\(indent)}"
  }

  // MARK: Elements

  mutating func modifier(_ c: Context) -> String {
    switch int(0...22) {
    case 15, 16:
      var args = [paint(c)]
      if chance(0.8) { args.append("width: \(int(1...12))") }
      if chance(0.4) { args.append("cap: \(pick(["butt", "round", "square"]))") }
      if chance(0.4) { args.append("join: \(pick(["miter", "round", "bevel"]))") }
      if chance(0.2) { args.append("miterLimit: \(decimal(1, 6))") }
      if chance(0.3) { args.append("dash: (\(int(1...12)), \(int(0...8)))") }
      if chance(0.2) { args.append("dashPhase: \(int(-10...10))") }
      return ".stroke(\(args.joined(separator: ", ")))"
    case 17: return ".trim(from: \(decimal(0, 0.5)), to: \(decimal(0.4, 1)))"
    case 18:
      let shape = pick(["circle()", "rect().padding(\(int(0...20)))", "polygon(sides: \(int(3...8)))", "capsule()"])
      return chance(0.8) ? ".clipShape(\(shape))" : ".clipped()"
    case 19, 20,
      21 where !c.effects:
      return ".opacity(\(decimal(0.2, 1)))"
    case 19: return ".mask { \(pick(["circle()", "rect()"])).fill(\(gradient(c))) }"
    case 20:
      var args = ["radius: \(int(0...10))"]
      if chance(0.6) { args.insert("color: \(colour(c))", at: 0) }
      if chance(0.6) { args.append("x: \(int(-8...8))") }
      if chance(0.6) { args.append("y: \(int(-8...8))") }
      return ".shadow(\(args.joined(separator: ", ")))"
    case 21: return ".blur(radius: \(int(0...6)))"
    case 0:
      var args: [String] = []
      if chance(0.7) { args.append("width: \(extent(c))") }
      if chance(0.7) { args.append("height: \(extent(c))") }
      if chance(0.3) { args.append("alignment: \(anchor(c))") }
      return ".frame(\(args.joined(separator: ", ")))"
    case 1:
      let ratio = "\(number(c, 1)) + 0.25"
      return pick([
        ".aspect(\(ratio), \(pick(["fit", "fill"])))", ".aspect(\(pick(["fit", "fill"])))",
        ".aspect(\(ratio))", ".aspect(mode: fill)",
      ])
    case 2: return pick([".scaledToFit()", ".scaledToFill()"])
    case 3:
      switch int(0...2) {
      case 0: return ".padding()"
      case 1: return ".padding(\(chance(0.3) ? "-" : "")\(length(c, 1)))"
      default:
        let labels = ["top", "leading", "bottom", "trailing", "horizontal", "vertical"].filter { _ in chance(0.4) }
        return ".padding(" + labels.map { "\($0): \(extent(c))" }.joined(separator: ", ") + ")"
      }
    case 4: return ".offset(x: \(chance(0.3) ? "-" : "")\(extent(c)), y: \(extent(c)))"
    case 5: return chance(0.5) ? ".offset(y: -\(length(c, 1)))" : ".offset(x: \(length(c, 1)))"
    case 6: return ".position(x: \(extent(c)), y: \(extent(c)))"
    case 7, 8: return chance(0.5) ? ".rotate(\(angle(c)))" : ".rotate(\(angle(c)), anchor: \(anchor(c)))"
    case 9:
      let s = "\(number(c, 1)) / 2 + 0.3"
      switch int(0...2) {
      case 0: return ".scale(\(s))"
      case 1: return ".scale(\(s), anchor: \(anchor(c)))"
      default: return ".scale(x: \(s), y: \(decimal(0.3, 1.5)))"
      }
    case 10, 11: return ".opacity(\(chance(0.5) ? decimal(0.2, 1) : "\(int(20...100))%"))"
    default:
      let rule = chance(0.3) ? ", rule: \(pick(["evenodd", "nonzero"]))" : ""
      return ".fill(\(paint(c))\(rule))"
    }
  }

  /// One element and its modifiers.
  mutating func element(_ c: Context, indent: String) -> String {
    var view: String
    var inner = c
    inner.depth += 1
    let canNest = c.depth < 3
    switch int(0...(canNest ? 9 : 5)) {
    case 0, 1: view = path(c, indent: indent)
    case 2, 3:
      switch int(0...6) {
      case 5 where chance(0.5): view = "circle().strokeBorder(\(paint(c)), width: \(int(1...12)))"
      case 5: view = "polygon(sides: \(int(3...9)))"
      case 6: view = "star(points: \(int(2...9))\(chance(0.5) ? ", innerRadius: \(decimal(0, 1))" : ""))"
      case 0: view = "rect()"
      case 1: view = chance(0.5) ? "roundedRect(radius: \(extent(c)))" : "roundedRect(\(length(c, 1)))"
      case 2: view = "circle()"
      case 3: view = "ellipse()"
      default: view = "capsule()"
      }
    case 4, 5:
      if callable > 0 {
        view = call(components[int(0...callable - 1)], c)
      } else {
        view = "circle()"
      }
    case 6: view = "zstack " + block(inner, indent: indent)
    case 7: view = "geometry " + block(inner, indent: indent)
    default:
      let index = fresh("i")
      let count = int(0...4)
      var body = inner
      if chance(0.8) {
        body.names.append(Name(name: index, kind: .number))
        view = "repeat \(count) as \(index) " + block(body, indent: indent)
      } else {
        view = "repeat \(count) " + block(body, indent: indent)
      }
      // Modifiers of a repeat see its index.
      inner = body
    }
    var mods: [String] = []
    let scope = view.hasPrefix("repeat") ? inner : c
    for _ in 0..<int(0...3) { mods.append(modifier(scope)) }
    if mods.count > 1 && chance(0.5) { return view + "\n\(indent)  " + mods.joined(separator: "\n\(indent)  ") }
    return view + mods.joined()
  }

  mutating func call(_ component: Component, _ c: Context) -> String {
    var args: [String] = []
    var positional = chance(0.4)
    for p in component.parameters {
      if p.hasDefault && chance(0.5) {
        positional = false
        continue
      }
      args.append((positional ? "" : "\(p.name): ") + value(p.kind, c))
    }
    return "\(component.name)(\(args.joined(separator: ", ")))"
  }

  /// `{ items }`: a few elements, sometimes with lets before them.
  mutating func block(_ c: Context, indent: String) -> String {
    var c = c
    c.geometry = true
    let inner = indent + "  "
    var items: [String] = []
    for _ in 0..<int(1...3) {
      if chance(0.25) { items.append(letDecl(&c)) }
      items.append(element(c, indent: inner) + comment())
    }
    return "{\n\(inner)" + items.joined(separator: "\n\(inner)") + "\n\(indent)}"
  }

  mutating func program() -> String {
    var globals = Context()
    var out = ""
    for _ in 0..<int(0...3) { out += letDecl(&globals) + comment() + "\n" }
    for k in 0..<int(0...2) {
      var parameters: [(name: String, kind: Kind, hasDefault: Bool)] = []
      var text: [String] = []
      for _ in 0..<int(0...3) {
        let p = (name: fresh("p"), kind: pick(Kind.allCases), hasDefault: chance(0.4))
        parameters.append(p)
        text.append(p.hasDefault ? "\(p.name) = \(value(p.kind, globals))" : p.name)
      }
      let name = "Part\(k)"
      var body = globals
      body.names += parameters.map { Name(name: $0.name, kind: $0.kind) }
      body.depth = 1
      body.effects = false
      callable = k
      out += "component \(name)(\(text.joined(separator: ", "))) " + block(body, indent: "") + "\n"
      components.append(Component(name: name, parameters: parameters))
    }
    callable = components.count
    let name = chance(0.5) ? "Random\(int(0...99))" : pick(["\"A & B <c>\"", "\"tab\\there \\\"q\\\"\"", "\"ünï\""])
    var size = ""
    if chance(0.8) { size = " size \(int(40...200))" + (chance(0.5) ? ", \(int(40...200))" : "") }
    return out + "badge \(name)\(size) " + block(globals, indent: "") + "\n"
  }
}

/// The properties every generated program must have, checked on 40 seeds
/// a run (a program that does not compile is a generator bug, and is
/// printed).
@Suite(.serialized)
struct RandomProgramTests {
  /// The seeds of one run: BADGEC_RANDOM_SEED moves the first.
  static var seeds: [UInt64] {
    let first = UInt64(ProcessInfo.processInfo.environment["BADGEC_RANDOM_SEED"] ?? "") ?? 1
    return (0..<40).map { first + $0 }
  }

  /// The side of the raster comparison, in points and pixels.
  static let side = 96.0

  @Test func generatedProgramsCompileAndRenderAlike() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var programs: [(seed: UInt64, source: String)] = []
    for seed in RandomProgramTests.seeds {
      var generator = ProgramGenerator(seed: seed)
      let source = generator.program()
      let first = Support.compile(source)
      guard !first.hasErrors, let svg = first.output else {
        Issue.record("seed \(seed): the generated program has errors:\n\(first.renderedDiagnostics)\n\(source)")
        continue
      }
      #expect(Support.compile(source).output == svg, "seed \(seed): two compilations differ\n\(source)")
      let problems = SVGInertness.problems(in: svg)
      #expect(problems.isEmpty, "seed \(seed): the SVG is not inert: \(problems)\n\(source)")
      try Data(svg).write(to: dir.appendingPathComponent("\(seed).svg"))
      let png = Support.compile(source, CompileOptions(format: .png)).output ?? []
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "seed \(seed): no PNG\n\(source)")
      programs.append((seed, source))
    }
    try RandomProgramTests.xmllint(programs, dir)
    try RandomProgramTests.compareRasters(programs, dir)
  }

  /// Every SVG through one xmllint run.
  static func xmllint(_ programs: [(seed: UInt64, source: String)], _ dir: URL) throws {
    guard let xmllint = Support.tool("xmllint"), !programs.isEmpty else { return }
    let files = programs.map { dir.appendingPathComponent("\($0.seed).svg").path }
    let run = try Support.run(xmllint, ["--noout"] + files)
    guard run.status != 0 || !run.stderr.isEmpty else { return }
    for (seed, source) in programs where run.stderr.contains("/\(seed).svg") {
      Issue.record("seed \(seed): xmllint rejects the SVG:\n\(run.stderr)\n\(source)")
    }
    #expect(run.status == 0, "xmllint: \(run.stderr)")
  }

  /// The raster tolerances: those of the random scenes of
  /// RasterComparisonTests but for the mean difference (at most 0.8 there).
  /// These programs nest translucent groups (opacity on repeats,
  /// components, containers), each layer's 8-bit rounding may differ from
  /// rsvg-convert's by a level, and a canvas under a few such layers is off
  /// by 1 to 3 levels all over.
  static let (within, fraction, mean) = (32, 0.995, 3.0)

  /// badgec's raster of each program at `side` points against
  /// rsvg-convert's and resvg's renderings of its SVG at that size, all
  /// rendered by one shell. A program passes when it is within the
  /// tolerances of either: the two disagree with each other on blurs at
  /// the canvas' edges (rsvg-convert blurs only what lies on the canvas;
  /// resvg, Chromium and badgec blur what lies beyond it too), on small
  /// blurs (σ < 2: boxes or a true Gaussian) and on where touching dashes
  /// leave seams.
  static func compareRasters(_ programs: [(seed: UInt64, source: String)], _ dir: URL) throws {
    guard let rsvg = Support.tool("rsvg-convert"), let resvg = Support.tool("resvg"),
      let pngtopnm = Support.tool("pngtopnm"), !programs.isEmpty, let shell = Support.tool("sh")
    else { return }
    let size = Size(side, side)
    // Each file on its own: one that fails leaves no .ppm, reported below.
    var script = ""
    for (seed, source) in programs {
      guard let svg = Support.compile(source, CompileOptions(canvasSize: size)).output else { continue }
      let base = dir.appendingPathComponent("\(seed)-\(Int(side))").path
      try Data(svg).write(to: URL(fileURLWithPath: base + ".svg"))
      script += "'\(rsvg.path)' -b white -o '\(base).png' '\(base).svg' && "
      script += "'\(pngtopnm.path)' '\(base).png' > '\(base).ppm'\n"
      script += "'\(resvg.path)' --background white '\(base).svg' '\(base).resvg.png' && "
      script += "'\(pngtopnm.path)' '\(base).resvg.png' > '\(base).resvg.ppm'\n"
    }
    let run = try Support.run(shell, ["-c", script])
    // (resvg warns, and draws solid, where tiny-skia cannot dash a path.)
    let complaints = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("Warning (in tiny_skia") }
    #expect(complaints.isEmpty, "rsvg-convert, resvg or pngtopnm: \(run.stderr)")
    for (seed, source) in programs {
      let name = "random-program-\(seed)"
      func image(_ suffix: String) -> RGBImage? {
        let file = dir.appendingPathComponent("\(seed)-\(Int(side))\(suffix).ppm")
        return (try? Data(contentsOf: file)).flatMap { RGBImage(ppm: Array($0)) }
      }
      guard let reference = image(""), let second = image(".resvg") else {
        Issue.record("\(name): no rendering by rsvg-convert or resvg (\(run.stderr))\n\(source)")
        continue
      }
      guard let ours = RasterSupport.badgec(source, CompileOptions(canvasSize: size)) else {
        Issue.record("\(name): no image\n\(source)")
        continue
      }
      guard
        ours.width == reference.width && ours.height == reference.height && ours.width == second.width
          && ours.height == second.height
      else {
        Issue.record("\(name): \(ours.width)×\(ours.height), rsvg-convert \(reference.width)×\(reference.height)")
        continue
      }
      let (mean, fraction) = ours.compare(reference, within: within)
      let (mean2, fraction2) = ours.compare(second, within: within)
      // Where the two renderers disagree with each other (strokes along
      // curves, touching dashes, small blurs), badgec must be as close to
      // one of them as they are to each other.
      let (peerMean, peerFraction) = reference.compare(second, within: within)
      let allowedMean = max(RandomProgramTests.mean, peerMean + 0.5)
      let allowedFraction = min(RandomProgramTests.fraction, peerFraction - 0.005)
      func passes(_ m: Double, _ f: Double) -> Bool { m <= allowedMean && f >= allowedFraction }
      if !passes(mean, fraction) && !passes(mean2, fraction2) {
        let out = RasterSupport.artifacts
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: out.appendingPathComponent("\(name).badge"))
        try Data(ours.ppm).write(to: out.appendingPathComponent("\(name).ppm"))
        try Data(reference.ppm).write(to: out.appendingPathComponent("\(name).rsvg.ppm"))
        try Data(second.ppm).write(to: out.appendingPathComponent("\(name).resvg.ppm"))
        try Data(ours.difference(reference).ppm).write(to: out.appendingPathComponent("\(name).diff.ppm"))
        Issue.record(
          "\(name): mean difference \(mean)/255 from rsvg-convert, \(mean2)/255 from resvg (at most \(allowedMean) from either), \(fraction * 100)% and \(fraction2 * 100)% within \(within)/255 (at least \(allowedFraction * 100)%; the two agree on \(peerFraction * 100)%); program and images in \(out.path)\n\(source)"
        )
      }
    }
  }

}
