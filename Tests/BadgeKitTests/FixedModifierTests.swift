// Modifiers resolved once for every copy (FixedModifiers.swift): which
// names count as fixed, and that remembering changes nothing a user can
// see: the same scene, the same diagnostics, the same evaluation budget.
import Foundation
import Testing

@testable import BadgeKit

struct FixedModifierTests {
  /// A top-level let and a built-in are fixed; a name bound inside (a
  /// component's parameter, a repeat's index, a block's let, the
  /// geometry's width) is not, even when it hides a fixed one.
  @Test func whichNamesAreFixed() {
    let globals = Scope(builtinsFor: .light)
    globals.define("gold", .color(RGBA(r: 1, g: 0.8, b: 0)))
    #expect(globals.isFixed("gold") && globals.isFixed("red") && globals.isFixed("center") && globals.isFixed("pi"))
    #expect(!globals.isFixed("nothing"))
    let parameters = globals.child(["size": .length(4), "gold": .number(1)])
    #expect(!parameters.isFixed("size") && !parameters.isFixed("gold") && parameters.isFixed("red"))
    let index = parameters.child("i", .number(0))
    #expect(!index.isFixed("i") && !index.isFixed("size"))
    let afterLet = index.afterLet("red", .number(2))
    #expect(!afterLet.isFixed("red") && afterLet.isFixed("blue"))
    let geometry = afterLet.withGeometry(Size(10, 20))
    #expect(!geometry.isFixed("width") && !geometry.isFixed("height"))
  }

  /// Copies whose modifiers are fixed are drawn as copies whose
  /// modifiers are not (they use the index, times zero).
  @Test func rememberedModifiersDrawTheSame() throws {
    let shape = "rect().fill(rgb(10, 20, 30).opacity(0.5)).padding(2).frame(width: 50%, height: 10)"
    let varying =
      "rect().fill(rgb(10 + 0 * i, 20, 30).opacity(0.5)).padding(2 + 0 * i).frame(width: 50% + 0% * i, height: 10)"
    func svg(_ item: String) -> String? {
      let text = "let k = 3\nbadge B size 200 { vstack { repeat 6 as i { hstack { \(item) \(item).offset(x: k) } } } }"
      let result = Support.compile(text)
      #expect(!result.hasErrors, "\(result.renderedDiagnostics)")
      return result.svg
    }
    let fixed = try #require(svg(shape))
    #expect(fixed == svg(varying))
    // Twelve rectangles, the two of a row of different widths (half of
    // different proposals: a remembered modifier is remembered by size).
    #expect(fixed.components(separatedBy: "fill=\"#0a141e\" fill-opacity=\"0.5\"").count - 1 == 12)
    #expect(fixed.contains("M38 52L58 52") && fixed.contains("M97 52L129 52"), "\(fixed.prefix(400))")
  }

  /// A warning or an error in a fixed modifier is reported as before: a
  /// warning once at its place; an error once, with the note of the use
  /// it was found in (the first), and every use still an error (none is
  /// remembered after reporting).
  @Test func diagnosticsOfFixedModifiersAreKept() {
    let warned = Support.compile("badge B size 100 { repeat 3 as i { circle().fill(rgb(300, 0, 0)).offset(x: i) } }")
    #expect(warned.diagnostics.count == 1 && warned.diagnostics[0].severity == .warning)
    let text = "component C(k = 1) { circle().fill(rgb(1, 2)) }\nbadge B size 100 { zstack { C() C(k: 2) } }"
    let failed = Support.compile(text)
    #expect(failed.diagnostics.count == 1 && failed.hasErrors && failed.scene == nil, "\(failed.renderedDiagnostics)")
    // The capital Cs: the declaration, the first use, the second.
    let bytes = Array(text.utf8)
    let cs = bytes.indices.filter { bytes[$0] == UInt8(ascii: "C") }
    #expect(failed.diagnostics.first?.notes.map(\.range.start) == [cs[1]], "\(cs)")
  }

  /// A remembered modifier spends the steps its resolving took, so the
  /// evaluation budget still runs out on a badge that spends it (without
  /// them, this one stays under it).
  @Test func theBudgetStillRunsOut() {
    let text =
      "badge B size 100 { repeat 1200 as j { repeat 40 as i { rect().fill(rgb(1, 2, 3)).opacity(0.5 * 3 / 3)"
      + ".offset(x: i + j) } } }"
    let result = Support.compile(text)
    let limit = result.diagnostics.filter { $0.message.text.contains("2000000 steps") }
    #expect(limit.count == 1, "\(result.renderedDiagnostics)")
  }
}
