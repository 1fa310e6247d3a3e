// Booleans, comparisons, the conditional, `if` among elements, string
// interpolation and number formatting: values worked out by hand, and the
// exact errors.
import Testing

@testable import BadgeKit

struct ConditionTests {
  static let values: [(String, Value)] = [
    ("1 < 2", .bool(true)),
    ("width > 150 && height > 150", .bool(false)),
    ("width > 150 || height > 150", .bool(true)),
    ("!(width == 200)", .bool(false)),
    ("2pt <= 2", .bool(true)),
    ("45deg < 90deg", .bool(true)),
    ("50% != 0.5 * 100%", .bool(false)),
    ("\"apple\" < \"banana\"", .bool(true)),
    ("red == #ff3b30", .bool(true)),
    ("(1, 2) == (1, 2)", .bool(true)),
    ("true != false", .bool(true)),
    ("width > 100 ? 1 : 2", .number(1)),
    ("false ? 1 : true ? 2 : 3", .number(3 - 1)),
    // The side not chosen is not evaluated: no division by zero.
    ("width > 0 ? 1 : 1 / 0", .number(1)),
    ("false && 1 / 0 > 0", .bool(false)),
    ("true || 1 / 0 > 0", .bool(true)),
    ("\"\\(12) hikes\"", .string("12 hikes")),
    ("\"\\(1) hike\\(1 == 1 ? \"\" : \"s\")\"", .string("1 hike")),
    ("\"\\(2.5)·\\(-0.25)·\\(1e20)·\\(1/3)\"", .string("2.5·-0.25·1e+20·0.333333")),
    ("\"\\(45deg) \\(50%) \\(width) \\(true)\"", .string("45° 50% 200 true")),
    ("\"\\(#ff0000) \\((1, 2pt)) \\(fit)\"", .string("#ff0000 (1, 2) fit")),
    ("\"\\(2.0 / 3, specifier: \"%.2f\") km\"", .string("0.67 km")),
    ("\"\\(7.5, specifier: \"%d%%\")\"", .string("8%")),
    ("\"\\(2.5, specifier: \"[%f]\")\"", .string("[2.500000]")),
    ("\"\\(\"a\\(\"b\")c\")\"", .string("abc")),
    ("1234567.891.formatted()", .string("1,234,567.891")),
    ("1234567.891.formatted(decimals: 1, grouping: false)", .string("1234567.9")),
    ("0.425.formatted(.percent)", .string("42.5%")),
    ("0.4251.formatted(.percent, decimals: 1)", .string("42.5%")),
    ("(-1234.5).formatted(decimals: 0)", .string("-1,235")),
    ("999.995.formatted(decimals: 2)", .string("1,000.00")),
  ]

  @Test(arguments: values.indices)
  func value(_ i: Int) {
    let (text, expected) = ConditionTests.values[i]
    let (v, errors) = EvaluatorTests.eval(text)
    #expect(errors.isEmpty, "\(text): \(errors)")
    #expect(v == expected, "\(text)")
  }

  static let errors: [(String, String)] = [
    ("1 ? 2 : 3", "expected a Boolean (a comparison, true or false), found a number"),
    ("!red", "expected a Boolean (a comparison, true or false), found a colour"),
    ("width < 45deg", "expected a length, found an angle"),
    ("red < blue", "expected numbers or strings to order, found a colour"),
    ("\"\\(linear(red, blue))\"", "expected a value that can be written as text, found a gradient"),
    ("\"\\(1, specifier: \"%s\")\"", "the format \"%s\" is not one badgec writes"),
    ("\"\\(1, specifier: \"%d %d\")\"", "the format \"%d %d\" is not one badgec writes"),
    ("1.formatted(decimals: 40)", "expected a whole number of decimals from 0 to 15, found 40"),
    ("red.formatted()", "expected a number, found a colour"),
  ]

  @Test(arguments: errors.indices)
  func error(_ i: Int) {
    let (text, message) = ConditionTests.errors[i]
    let (v, errors) = EvaluatorTests.eval(text)
    #expect(v == .invalid, "\(text)")
    #expect(errors.count == 1 && errors[0].hasPrefix(message), "\(text): \(errors)")
  }

  @Test func parseErrorsSayWhatIsExpected() {
    Support.expectError("circle().fill(1 < 2 < 3 ? red : blue)", "compare two values at a time, joined by && or ||")
    Support.expectError("circle().fill(true ? red)", "expected ':' and the value when the condition is false")
    Support.expectError("text(\"\\(1, format: 2)\")", "expected 'specifier:' and a format such as \"%.1f\"")
  }

  /// `if` among elements: one branch's elements, as SwiftUI's view
  /// builder; `else if` chains; lets in a branch stay in it; in a repeat,
  /// each copy chooses.
  @Test func ifChoosesABranch() throws {
    let text = """
      let hikes = 3
      badge B size 100 {
        if hikes > 5 {
          circle()
        } else if hikes > 1 {
          let side = 10 * hikes
          rect().frame(width: side, height: side)
        } else {
          capsule()
        }
        repeat 4 as i {
          if i == 1 || i == 3 { circle().frame(width: 4, height: 4).offset(x: i * 10) }
        }
      }
      """
    let r = Support.compile(text)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    let fills = try #require(r.scene).fills
    #expect(fills.count == 3)
    // The rectangle is 30 × 30, centred: (35, 35) to (65, 65).
    #expect(Support.canvasBox(fills[0]) == [35, 35, 65, 65])
    // The copies i = 1 and 3, offset by 10 and 30 from the centred 4-point circle.
    #expect(Support.canvasBox(fills[1])[0] == 58 && Support.canvasBox(fills[2])[0] == 78)
    let none = Support.compile(text.replacingOccurrences(of: "let hikes = 3", with: "let hikes = 1"))
    #expect(try #require(none.scene).fills.count == 3)
    Support.expectError("if 1 { circle() }", "expected a Boolean (a comparison, true or false), found a number")
    Support.expectError("if true { let s = 1 }\ncircle().frame(width: s)", "unknown name 's'")
  }

  /// `-D name=Ada`: the error says that a string needs quotes, and its
  /// fix-it adds them.
  @Test func bareTextGivenWithDIsShownHowToQuote() throws {
    var options = CompileOptions()
    options.overrides = ["name=Ada"]
    let r = Support.compile("let name = \"Preview\"\nbadge B size 100 { text(name) }", options)
    let text = r.renderedDiagnostics
    #expect(text.contains("unknown name 'Ada'"))
    #expect(text.contains("fix-it: replace 'Ada' with '\"Ada\"'"))
    #expect(text.contains("a string needs quotes, inside the shell's: -D 'name=\"Ada\"'"))
  }
}

/// Diagnostics met on the way to 0.4, as SwiftUI users meet them.
struct HabitDiagnosticTests {
  @Test func keywordsAnglesAndUnitPoints() {
    let size = Support.compile("let size = 3\nbadge B { circle() }")
    #expect(size.diagnostics.count == 1)
    #expect(size.renderedDiagnostics.contains("('size' is a keyword; call it something else)"))
    let rotate = Support.compile("badge B { rect().rotate(45) }")
    #expect(rotate.renderedDiagnostics.contains("expected an angle such as 45deg, found a number"))
    #expect(rotate.diagnostics.first?.fixIts.map(\.replacement) == ["45deg"])
    let point = Support.compile("badge B { rect().scale(2, anchor: UnitPoint(x: 0.5, y: 0)) }")
    #expect(point.diagnostics.count == 1 && point.diagnostics[0].fixIts.map(\.replacement) == ["(0.5, 0)"])
  }

  /// SwiftUI's gradient initialisers, each one error whose one fix-it
  /// writes the whole call as badgec's; applied, it draws what badgec's
  /// own spelling (written by hand here) draws.
  @Test func swiftUIGradientsAreOneErrorWithOneFixIt() throws {
    let cases = [
      (
        "LinearGradient(gradient: Gradient(colors: [.red, .blue]), startPoint: .top, endPoint: .bottom)",
        "linear(red, blue, start: top, end: bottom)"
      ),
      (
        "LinearGradient(colors: [Color.red, .blue], startPoint: .leading, endPoint: .trailing)",
        "linear(red, blue, start: leading, end: trailing)"
      ),
      (
        "LinearGradient(stops: [.init(color: .red, location: 0.2), Gradient.Stop(color: .blue, location: 0.9)], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: .bottom)",
        "linear(stop(red, 0.2), stop(blue, 0.9), start: (0.5, 0), end: bottom)"
      ),
      (
        "RadialGradient(gradient: Gradient(colors: [.yellow, .orange]), center: .center, startRadius: 5, endRadius: 40)",
        "radial(yellow, orange, startRadius: 5, endRadius: 40)"
      ),
      (
        "AngularGradient(colors: [.green, .mint], center: .top, startAngle: .degrees(-90), endAngle: .radians(1))",
        "angular(green, mint, center: top, startAngle: -90deg, endAngle: 1rad)"
      ),
    ]
    for (swiftUI, ours) in cases {
      let written = "badge B size 50 { rect().fill(\(swiftUI)) }"
      let r = Support.compile(written)
      #expect(r.diagnostics.count == 1, "\(swiftUI): \(r.renderedDiagnostics)")
      guard r.diagnostics.count == 1, r.diagnostics[0].fixIts.count == 1 else {
        Issue.record("\(swiftUI): not one fix-it")
        continue
      }
      let fix = r.diagnostics[0].fixIts[0]
      var bytes = Array(written.utf8)
      bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
      let fixed = Support.compile(String(decoding: bytes, as: UTF8.self))
      let expected = Support.compile("badge B size 50 { rect().fill(\(ours)) }")
      #expect(!fixed.hasErrors, "\(fix.replacement): \(fixed.renderedDiagnostics)")
      #expect(fixed.output != nil && fixed.output == expected.output, "\(fix.replacement) is not \(ours)")
    }
  }

  @Test func letsThatHideBuiltins() {
    let r = Support.compile(
      "let top = 3\nlet middle = 2\nbadge B { let height = 5\n rect().frame(width: top + middle, height: height) }")
    let warnings = r.diagnostics.filter { $0.severity == .warning }.map(\.message.text)
    #expect(warnings.count == 2, "\(warnings)")
    #expect(warnings.contains("let 'top' hides the unit point 'top'; call it something else"))
    #expect(warnings.contains { $0.hasPrefix("let 'height' hides the proposed height") })
  }
}
