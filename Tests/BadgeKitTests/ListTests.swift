// Lists: items by index, count, sum, min, max, prefix, and repeats over a
// list's items; values worked out by hand, and the exact errors.
import Testing

@testable import BadgeKit

struct ListTests {
  static let values: [(String, Value)] = [
    ("(40, 25, 20, 15)[2]", .number(20)),
    ("(40, 25, 20, 15).count", .number(4)),
    ("count((1, 2, 3))", .number(3)),
    ("(40, 25, 20, 15).sum()", .number(100)),
    ("sum((10pt, 5))", .length(15)),
    ("sum((30deg, 60deg))", .angle(Double.pi / 2)),
    ("(40, 25, 20, 15).prefix(2).sum()", .number(65)),
    ("(40, 25).prefix(0).sum()", .number(0)),
    ("(3, 9, 1).max() - (3, 9, 1).min()", .number(8)),
    ("min((3pt, 1, 2))", .number(1)),
    ("max((\"pear\", \"apple\"))", .string("pear")),
    ("(red, blue)[1]", .color(Builtins.colors["blue"]!)),
    ("((1, 2), (3, 4))[1][0]", .number(3)),
    ("(1, 2, 3)[width / width * 2]", .number(3)),
  ]

  @Test(arguments: values.indices)
  func value(_ i: Int) {
    let (text, expected) = ListTests.values[i]
    let (v, errors) = EvaluatorTests.eval(text)
    #expect(errors.isEmpty, "\(text): \(errors)")
    #expect(v == expected, "\(text)")
  }

  static let errors: [(String, String)] = [
    ("(1, 2)[2]", "index 2 is out of range; the list has 2 items, at 0 to 1"),
    ("(1, 2)[-1]", "index -1 is out of range; the list has 2 items, at 0 to 1"),
    ("(1, 2)[0.5]", "index 0.5 is out of range"),
    ("red[0]", "expected a list before '[…]', such as (40, 25, 20), found a colour"),
    ("(1, 2)[red]", "expected a number, found a colour"),
    ("(1, 45deg).sum()", "expected a number, found an angle"),
    ("(red, blue).max()", "expected numbers or strings to order, found a colour"),
    ("(1, 2).prefix(-1)", "expected a whole number of items, 0 or more, found -1"),
    ("(1, 2).count(1)", "too many arguments for 'count'; it takes at most 0"),
    ("5.sum()", "expected a list such as (40, 25, 20) before '.sum', found a number"),
  ]

  @Test(arguments: errors.indices)
  func error(_ i: Int) {
    let (text, message) = ListTests.errors[i]
    let (v, errors) = EvaluatorTests.eval(text)
    #expect(v == .invalid, "\(text)")
    #expect(errors.count == 1 && errors[0].hasPrefix(message), "\(text): \(errors)")
  }

  /// A repeat over a list makes a copy per item: `as i, v` names the
  /// index and the item, `as v` the item, and no `as` gives `index` and
  /// `item`; in paths and in lists of arguments too.
  @Test func repeatOverAList() throws {
    let text = """
      let widths = (10, 30, 20)
      badge B size 100 {
        hstack(spacing: 0) {
          repeat widths as i, w { rect().frame(width: w, height: 10 + i) }
        }
        repeat widths as w { rect().frame(width: w / 10, height: 1) }
        repeat (red, blue) { rect().fill(item).frame(width: 1 + index, height: 1) }
        path { move (0, 0) repeat ((10, 0), (10, 10)) as p { line p } }
        rect().fill(linear(repeat (red, white) as c { c }))
      }
      """
    let r = Support.compile(text)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    let fills = try #require(r.scene).fills
    #expect(fills.count == 3 + 3 + 2 + 1 + 1)
    // The hstack is 60 wide, centred: x from 20; the rectangles at 20, 30 and 60.
    #expect(fills[0...2].map { Support.canvasBox($0)[0] } == [20, 30, 60])
    #expect(fills[0...2].map { Support.canvasBox($0)[3] - Support.canvasBox($0)[1] } == [10, 11, 12])
    #expect(fills[3...5].map { Support.canvasBox($0)[2] - Support.canvasBox($0)[0] } == [1, 3, 2])
    #expect(fills[6].paint == .solid(Builtins.colors["red"]!) && fills[7].paint == .solid(Builtins.colors["blue"]!))
    Support.expectError(
      "repeat 3 as i, v { circle() }", "expected a list for 'as i, v' (a number of copies takes one name)")
  }
}
