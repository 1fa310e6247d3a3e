// The SwiftUI writer's text along a circle: `text("…", radius:, angle:,
// side:)` and its font, weight, tracking and fill in, a use of
// `CurvedText` out, and the `CurvedText` view itself, written into the file
// when a badge sets text along a circle. SwiftUI has no curved text: the
// view draws in a `Canvas`, letter by letter in SwiftUI's font, each
// letter's middle at its arc length from the text's middle, turned to the
// circle, as badgec sets its glyphs (a warning says the letters are placed
// by SwiftUI's metrics, without kerning).

extension SwiftUIWriter {
  /// Whether `args` (of `text`) set it along a circle.
  static func isCurved(_ args: [Argument]) -> Bool {
    args.contains { ["radius", "angle", "side"].contains($0.label ?? "") }
  }

  /// The modifiers at the start of a chain that `CurvedText` takes as its
  /// own parameters.
  static let curvedTextModifiers: Set<String> = ["font", "fontWeight", "bold", "italic", "tracking", "fill"]

  /// `text(…, radius:, angle:, side:)` with its leading font, weight,
  /// tracking and fill modifiers as a `CurvedText(…)`, and how many of the
  /// modifiers it took.
  mutating func curvedText(_ args: [Argument], _ modifiers: [Modifier], at range: SourceRange) throws -> (
    String, taken: Int
  ) {
    guard let type = extraShapes["curvedText"] else { throw SwiftUIProblem(what: "this text", range: range) }
    guard let words = args.first(where: { $0.label == nil || $0.label == "content" }) else {
      throw SwiftUIProblem(what: "text without words", range: range)
    }
    var parts = [try expressions.string(words.value)]
    if let r = args.first(where: { $0.label == "radius" }) {
      parts.append("radius: \(try expressions.number(r.value))")
    }
    if let a = args.first(where: { $0.label == "angle" }) { parts.append("angle: \(try expressions.angle(a.value))") }
    if let side = args.first(where: { $0.label == "side" }) {
      guard case .name(let n) = side.value.kind, n == "inside" || n == "outside" else {
        throw SwiftUIProblem(what: "this side", range: side.value.range)
      }
      parts.append("inside: \(n == "inside")")
    }
    var named: [String: String] = [:]
    var taken = 0
    for m in modifiers {
      guard SwiftUIWriter.curvedTextModifiers.contains(m.name) else { break }
      switch m.name {
      case "bold": named["weight"] = ".bold"
      case "italic": named["italic"] = "true"
      case "fontWeight", "tracking":
        let text = try modifier(m, shape: false, indent: "")
        named[m.name == "fontWeight" ? "weight" : "tracking"] = String(
          text.dropFirst(m.name.count + 2).dropLast())
      case "font":
        let text = try modifier(m, shape: false, indent: "")
        named["font"] = String(text.dropFirst(".font(".count).dropLast())
      default:
        guard m.arguments.count == 1, m.arguments[0].label == nil else { break }
        named["style"] = "AnyShapeStyle(\(try expressions.paint(m.arguments[0].value)))"
      }
      taken += 1
    }
    for label in ["font", "weight", "italic", "tracking", "style"] {
      if let v = named[label] { parts.append("\(label): \(v)") }
    }
    warnings.append(
      SwiftUIProblem(
        what:
          "text along a circle in a Canvas, letter by letter (SwiftUI has no curved text): the letters are placed by SwiftUI's font metrics, without kerning",
        range: range))
    return ("\(type)(\(parts.joined(separator: ", ")))", taken)
  }

  /// The `CurvedText` view, named `type`.
  static func curvedTextSource(_ type: String) -> [String] {
    [
      "/// Text set along a circle, as badgec sets it (SwiftUI has no curved text):",
      "/// in a Canvas, letter by letter, each letter's middle at its arc length",
      "/// from the text's middle, which sits at `angle` (0° trailing, 90° bottom),",
      "/// turned to the circle. Outside, the letters stand on the circle reading",
      "/// clockwise; inside, they hang from it reading anticlockwise (the default",
      "/// below the centre). `radius` is the baseline's (nil: half the shorter",
      "/// side, less the letters' height above the baseline outside, or below it",
      "/// inside). Like a shape, it takes the whole room it is offered.",
      "struct \(type): View {",
      "  var text: String",
      "  var radius: CGFloat? = nil",
      "  var angle: Angle = .degrees(-90)",
      "  var inside: Bool? = nil",
      "  var font: Font? = nil",
      "  var weight: Font.Weight? = nil",
      "  var italic: Bool = false",
      "  var tracking: CGFloat = 0",
      "  var style: AnyShapeStyle? = nil",
      "",
      "  init(",
      "    _ text: String, radius: CGFloat? = nil, angle: Angle = .degrees(-90), inside: Bool? = nil,",
      "    font: Font? = nil, weight: Font.Weight? = nil, italic: Bool = false, tracking: CGFloat = 0,",
      "    style: AnyShapeStyle? = nil",
      "  ) {",
      "    (self.text, self.radius, self.angle, self.inside) = (text, radius, angle, inside)",
      "    (self.font, self.weight, self.italic, self.tracking, self.style) = (font, weight, italic, tracking, style)",
      "  }",
      "",
      "  var body: some View {",
      "    Canvas { context, size in",
      "      let letters = text.map { letter -> GraphicsContext.ResolvedText in",
      "        var t = Text(String(letter)).fontWeight(weight).italic(italic)",
      "        if let font { t = t.font(font) }",
      "        if let style { t = t.foregroundStyle(style) }",
      "        return context.resolve(t)",
      "      }",
      "      let boxes = letters.map { $0.measure(in: size) }",
      "      let baselines = letters.indices.map { letters[$0].firstBaseline(in: boxes[$0]) }",
      "      let inward = inside ?? (sin(angle.radians) > 1e-9)",
      "      let length = boxes.reduce(0) { $0 + $1.width } + tracking * CGFloat(max(0, letters.count - 1))",
      "      let above = baselines.max() ?? 0",
      "      let below = letters.indices.map { boxes[$0].height - baselines[$0] }.max() ?? 0",
      "      let r = radius ?? max(1, min(size.width, size.height) / 2 - (inward ? below : above))",
      "      var x: CGFloat = 0",
      "      for i in letters.indices {",
      "        let along = Double(x + boxes[i].width / 2 - length / 2)",
      "        let theta = angle.radians + (inward ? -along : along) / Double(r)",
      "        var letter = context",
      "        letter.translateBy(x: size.width / 2 + r * cos(theta), y: size.height / 2 + r * sin(theta))",
      "        letter.rotate(by: .radians(inward ? theta - Double.pi / 2 : theta + Double.pi / 2))",
      "        let box = CGRect(x: -boxes[i].width / 2, y: -baselines[i], width: boxes[i].width, height: boxes[i].height)",
      "        letter.draw(letters[i], in: box)",
      "        x += boxes[i].width + tracking",
      "      }",
      "    }",
      "  }",
      "}",
      "",
    ]
  }
}
