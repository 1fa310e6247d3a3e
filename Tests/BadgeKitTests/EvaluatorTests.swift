// Evaluator tests: values of expressions with units, and the exact message
// for each unit or type error.
import Testing

@testable import BadgeKit

struct EvaluatorTests {
  /// Evaluates `text` in the global scope plus `width` 200, `height` 100.
  static func eval(_ text: String) -> (Value, [String]) {
    let file = SourceFile(name: "t", text: text)
    let (expr, parseDiagnostics) = Parser.parseExpression(file)
    #expect(parseDiagnostics.isEmpty, "\(text)")
    let ev = Evaluator()
    let v = ev.eval(expr, Builtins.globalScope().withGeometry(Size(200, 100)))
    return (v, ev.diagnostics.all.map(\.message.text))
  }

  static let values: [(String, Value)] = [
    ("1 + 2 * 3", .number(7)),
    ("width / 2", .length(100)),
    ("width * 0.832", .length(166.4)),
    ("min(width, height)", .length(100)),
    ("max(3, 4pt)", .length(4)),
    ("width / height", .number(2)),
    ("sqrt(width * width)", .length(200)),
    ("45deg * 2", .angle(Double.pi / 2)),
    ("360deg / 8 * 3", .angle(3 * Double.pi / 4)),
    ("pi * 1rad", .angle(Double.pi)),
    ("cos(0deg)", .number(1)),
    ("atan2(1, 1)", .angle(Double.pi / 4)),
    ("50% + 25%", .fraction(0.75)),
    ("20% + 0.085", .fraction(0.285)),
    ("50% * width", .length(100)),
    ("-(3 - 5)", .number(2)),
    ("(1, 2) + (3, 4)", .tuple([.number(4), .number(6)])),
    ("(width, height) / 2", .tuple([.length(100), .length(50)])),
    ("clamp(12, 0, 10)", .number(10)),
    ("abs(-2pt)", .length(2)),
    ("floor(2.7) + ceil(0.2) + round(2.5)", .number(6)),
    ("rgb(239, 120, 221)", .color(.bytes(239, 120, 221))),
    ("rgba(0, 0, 255, 0.5)", .color(.bytes(0, 0, 255, 0.5))),
    ("bottom", .tuple([.number(0.5), .number(1)])),
    ("fit", .keyword("fit")),
    ("pow(2, 10)", .number(1024)),
    ("exp(0) + log(1)", .number(1)),
    ("mod(7, 3) + mod(-1, 3)", .number(3)),  // 1 + 2: the remainder takes the divisor's sign
    ("mod(370deg, 360deg)", .angle(10 * Double.pi / 180)),
    ("mod(width, 30)", .length(20)),
    ("hypot(3pt, 4)", .length(5)),
    ("asin(1)", .angle(Double.pi / 2)),
    ("acos(1)", .angle(0)),
    ("atan(1)", .angle(Double.pi / 4)),
    ("sign(-3pt) + sign(0) + sign(2deg)", .number(0)),
    ("lerp(10, 20, 0.25)", .number(12.5)),
    ("lerp(0deg, 90deg, 50%)", .angle(Double.pi / 4)),
  ]

  @Test(arguments: values.indices)
  func value(_ i: Int) {
    let (text, expected) = EvaluatorTests.values[i]
    let (v, messages) = EvaluatorTests.eval(text)
    #expect(messages.isEmpty, "\(text)")
    switch (v, expected) {
    case (.angle(let a), .angle(let b)): #expect(abs(a - b) < 1e-12, "\(text)")
    case (.scalar(let a, let p), .scalar(let b, let q)): #expect(abs(a - b) < 1e-12 && p == q, "\(text): \(v)")
    case (.fraction(let a), .fraction(let b)): #expect(abs(a - b) < 1e-12, "\(text)")
    default: #expect(v == expected, "\(text)")
    }
  }

  static let errors: [(String, String)] = [
    ("width + 1deg", "expected a length, found an angle"),
    (
      "sin(45)",
      "expected an angle such as 45deg (radians as a number x are x * 1rad: sin(pi / 4 * 1rad)), found a number"
    ),
    ("1 / (2 - 2)", "division by zero"),
    ("sqrt(0 - 4)", "square root of a negative number"),
    ("sqrt(width)", "expected a number or an area, found a length"),
    ("50% + width", "cannot combine a fraction of the container with a length"),
    ("nope * 2", "unknown name 'nope'"),
    ("frob(1)", "unknown function 'frob'"),
    ("min(1)", "missing argument '#2' of 'min'"),
    ("rgb(1, 2)", "missing argument '#3' of 'rgb'"),
    ("cos(1deg, 2deg)", "too many arguments for 'cos'; it takes at most 1"),
    ("linear(red)", "a gradient needs two or more colours"),
    ("linear(red, blue, from: top)", "'linear' has no argument 'from'"),
    ("\"a\" * 2", "expected a number, found a string"),
    ("1e300 * 1e300", "the result is not a finite number"),
    ("red + 1", "expected a colour, found a number"),
    ("log(0)", "expected a number above 0, found a number"),
    ("asin(2)", "expected a number from −1 to 1, found a number"),
    ("mod(5, 0)", "division by zero"),
    ("hypot(3pt, 4deg)", "expected a length, found an angle"),
    ("pow(10, 400)", "the result is not a finite number"),
    ("pow(2deg, 2)", "expected a number, found an angle"),
  ]

  @Test(arguments: errors.indices)
  func error(_ i: Int) {
    let (text, message) = EvaluatorTests.errors[i]
    let (v, messages) = EvaluatorTests.eval(text)
    #expect(v == .invalid, "\(text)")
    #expect(messages == [message], "\(text)")
  }

  @Test func oneMistakeOneMessage() {
    // The invalid value passes through later operations silently.
    let (_, messages) = EvaluatorTests.eval("(nope + 1) * 2 - 3deg")
    #expect(messages == ["unknown name 'nope'"])
  }

  @Test func gradientStops() {
    let (v, messages) = EvaluatorTests.eval("linear(red, stop(blue, 0.25), green, start: leading, end: trailing)")
    #expect(messages.isEmpty)
    guard case .gradient(let g) = v else {
      Issue.record("expected a gradient")
      return
    }
    #expect(g.stops.map(\.location) == [0, 0.25, 1])
    #expect(g.shape == .linear(start: Point(0, 0.5), end: Point(1, 0.5)))
  }

  /// Radial and angular gradients: their geometry as written, and the
  /// defaults (radial: from the centre to half the shorter side; angular:
  /// a full turn from 0°, or from `angle:`).
  @Test(arguments: [
    (
      "radial(red, blue, center: top, startRadius: 5, endRadius: 50%)",
      GradientShape.radial(center: Point(0.5, 0), startRadius: .points(5), endRadius: .fraction(0.5), focus: nil)
    ),
    (
      "radial(red, blue)",
      .radial(center: Point(0.5, 0.5), startRadius: .points(0), endRadius: .fraction(0.5), focus: nil)
    ),
    (
      "angular(red, blue, startAngle: 90deg, endAngle: 180deg)",
      .angular(center: Point(0.5, 0.5), startAngle: Double.pi / 2, endAngle: Double.pi)
    ),
    (
      "angular(red, blue, angle: 90deg)",
      .angular(center: Point(0.5, 0.5), startAngle: Double.pi / 2, endAngle: 2.5 * Double.pi)
    ),
    (
      "angular(red, blue, center: (0.25, 0.75))",
      .angular(center: Point(0.25, 0.75), startAngle: 0, endAngle: 2 * Double.pi)
    ),
  ])
  func gradientShapes(_ text: String, _ shape: GradientShape) {
    let (v, messages) = EvaluatorTests.eval(text)
    #expect(messages.isEmpty)
    guard case .gradient(let g) = v else {
      Issue.record("expected a gradient")
      return
    }
    #expect(g.shape == shape)
  }

  /// `.opacity(x)` on colours and gradients multiplies alpha, clamped
  /// (with a warning).
  @Test(arguments: [
    ("black.opacity(0.33)", 0.33), ("rgba(0, 0, 0, 0.5).opacity(50%)", 0.25), ("red.opacity(2)", 1.0),
    ("red.opacity(0.5).opacity(0.5)", 0.25),
  ])
  func colorOpacity(_ text: String, _ alpha: Double) {
    let (v, messages) = EvaluatorTests.eval(text)
    #expect(messages == (text.hasSuffix("(2)") ? ["opacity 2 is outside 0 to 1; clamped to 1"] : []))
    guard case .color(let c) = v else {
      Issue.record("expected a colour")
      return
    }
    #expect(abs(c.a - alpha) < 1e-12)
  }

  @Test(arguments: [
    ("5.opacity(0.5)", "expected a colour or a gradient before '.opacity', found a number"),
    ("red.opacity(45deg)", "expected a number, found an angle"),
    ("red.opacity()", "missing argument '#1' of 'opacity'"),
    ("radial(red, blue, endRadius: 10deg)", "expected a length, found an angle"),
    ("radial(red, blue, endRadius: -4)", "expected a radius that is not negative, found a number"),
    ("angular(red, blue, startAngle: 0.5)", "expected an angle, found a number"),
    (
      "angular(red, blue, angle: 0deg, endAngle: 90deg)",
      "expected either 'angle:' or 'startAngle:'/'endAngle:', found both"
    ),
    ("radial(red)", "a gradient needs two or more colours"),
  ])
  func gradientErrors(_ text: String, _ message: String) {
    let (_, messages) = EvaluatorTests.eval(text)
    #expect(messages == [message])
  }

  @Test func valuesAreWrittenAsTheLanguageWritesThem() {
    #expect(Value.number(4).written == "4")
    #expect(Value.length(1.0 / 3).written == "0.333")
    #expect(Value.angle(Double.pi / 4).written == "45deg")
    #expect(Value.fraction(0.5).written == "50%")
    #expect(Value.tuple([.number(0.5), .number(0)]).written == "(0.5, 0)")
    #expect(Value.color(RGBA(r: 1, g: 0.5, b: 0)).written == "#ff8000")
    #expect(Value.color(RGBA(r: 0, g: 0, b: 0, a: 0.5)).written == "#00000080")
    #expect(Value.string("a \"b\"\n").written == #""a \"b\"\n""#)
    #expect(Value.keyword("fit").written == "fit")
    #expect(Value.bool(true).written == "true")
  }

  @Test func valuesAreRecordedOnlyWhenAsked() {
    let text = "let n = 3\nbadge B size 100 {\n  repeat n as i { rect().frame(width: i + 1) }\n}\n"
    var options = CompileOptions()
    #expect(BadgeKit.compile(SourceFile(name: "t", text: text), options: options).values.isEmpty)
    options.recordValues = true
    let values = BadgeKit.compile(SourceFile(name: "t", text: text), options: options).values
    // `n` declared (4..<5) and read (38..<39); `i` read at 67..<68.
    #expect(values[SourceRange(file: 0, start: 4, end: 5)] == [.number(3)])
    #expect(values[SourceRange(file: 0, start: 38, end: 39)] == [.number(3)])
    #expect(values[SourceRange(file: 0, start: 67, end: 68)] == [.number(0), .number(1), .number(2)])
  }
}
