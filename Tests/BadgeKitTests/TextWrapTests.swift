// Text that fits: wrapping at spaces, line breaks, line limits, shrinking,
// truncation and alignment, worked out from the widths of the words
// themselves (DejaVu Sans), as SwiftUI sets a Text.
import Foundation
import Testing

@testable import BadgeKit

struct TextWrapTests {
  static let font = ".font(family: \"DejaVu Sans\", size: 10)"

  /// The width of `words` on one line, and a line's height, as badgec sets them.
  func measure(_ words: String) throws -> Size {
    try node("badge B size 1000 { text(\"\(words)\")\(TextWrapTests.font) }").size
  }

  /// The first text node of `text`'s layout: the size of the text inside
  /// its modifiers, and the lines it was set in, as drawn.
  func node(_ text: String) throws -> (size: Size, label: String?, lines: [String]) {
    var options = CompileOptions()
    options.recordLayout = true
    options.fonts.directories = ["/usr/share/fonts/truetype/dejavu"]
    let r = Support.compile(text, options)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    let n = try #require(r.layout?.nodes.first { $0.kind == .text })
    return (n.contentSize, n.lines.joined(separator: "\n"), n.lines)
  }

  @Test func wrapsAtSpacesWithinTheProposedWidth() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let two = try measure("ab cd")
    let one = try measure("ab")
    let all = try measure("ab cd ab")
    // Proposed a little more than "ab cd": two lines, the first as wide as it.
    let w = two.width + 0.5
    let wrapped = try node("badge B size 200 { text(\"ab cd ab\")\(TextWrapTests.font).frame(width: \(w)) }")
    #expect(abs(wrapped.size.width - two.width) < 1e-6)
    #expect(abs(wrapped.size.height - 2 * one.height) < 1e-6)
    #expect(wrapped.lines == ["ab cd", "ab"])
    // Unwrapped with room, or without a proposal (.fixedSize()).
    #expect(try node("badge B size 200 { text(\"ab cd ab\")\(TextWrapTests.font) }").size == all)
    let ideal = try node("badge B size 10 { text(\"ab cd ab\")\(TextWrapTests.font).fixedSize() }")
    #expect(ideal.size == all)
    // A line break starts a line; .lineSpacing goes between lines.
    let broken = try node("badge B size 200 { text(\"ab\\ncd\")\(TextWrapTests.font).lineSpacing(4) }")
    #expect(abs(broken.size.height - (2 * one.height + 4)) < 1e-6)
    // A word wider than the width breaks between characters.
    let narrow = try node(
      "badge B size 200 { text(\"abababab\")\(TextWrapTests.font).frame(width: \(one.width + 0.1)) }")
    #expect(abs(narrow.size.height - 4 * one.height) < 1e-6)
  }

  @Test func limitsShrinkAndTruncate() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let all = try measure("ab cd ab cd")
    let half = all.width / 2
    // One line allowed: cut at its end with an ellipsis, as wide as allowed at most.
    let cut = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).lineLimit(1).frame(width: \(half)) }")
    #expect(cut.label?.hasSuffix("…") == true && cut.label!.hasPrefix("ab"))
    #expect(cut.size.width <= half + 1e-6 && abs(cut.size.height - all.height) < 1e-6)
    // Allowed to shrink to 40 %: the largest scale that fits one line, about a half.
    let shrunk = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).lineLimit(1).minimumScaleFactor(0.4).frame(width: \(half)) }"
    )
    #expect(shrunk.lines == ["ab cd ab cd"])
    #expect(shrunk.size.width <= half + 1e-6 && shrunk.size.width > half * 0.98)
    #expect(shrunk.size.height < all.height * 0.52)
    // The head and the middle cut out instead.
    let head = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).lineLimit(1).truncationMode(.head).frame(width: \(half)) }"
    )
    #expect(head.label?.hasPrefix("…") == true && head.label!.hasSuffix("cd"))
    let middle = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).lineLimit(1).truncationMode(.middle).frame(width: \(half)) }"
    )
    // The room, less the ellipsis, shared: "a…d" at this width.
    #expect(middle.label?.contains("…") == true && middle.label!.hasPrefix("a") && middle.label!.hasSuffix("d"))
    // A proposed height keeps the lines that fit: one.
    let low = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).frame(width: \(half), height: \(all.height * 1.5)) }"
    )
    #expect(abs(low.size.height - all.height) < 1e-6 && low.label?.hasSuffix("…") == true)
    // A smaller font fits more lines in that height: two lines of "ab cd"
    // at s of the size need 2·s·h ≤ 1.5·h, so s = 0.75, the largest that
    // fits (each line, 0.75 of its width, is within the half).
    let two = try node(
      "badge B size 200 { text(\"ab cd ab cd\")\(TextWrapTests.font).minimumScaleFactor(0.5).frame(width: \(half), height: \(all.height * 1.5)) }"
    )
    #expect(two.lines == ["ab cd", "ab cd"])
    #expect(two.size.height <= all.height * 1.5 + 1e-6 && two.size.height > all.height * 1.5 * 0.999)
  }

  /// 100,000 words wrapped: a result within the limits, quickly.
  @Test func aHundredThousandWords() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let words = String(repeating: "word ", count: 100_000)
    var options = CompileOptions()
    options.fonts.directories = ["/usr/share/fonts/truetype/dejavu"]
    let start = Date()
    let r = Support.compile("badge B size 300 { text(\"\(words)\").font(family: \"DejaVu Sans\") }", options)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics.prefix(300))")
    #expect(Date().timeIntervalSince(start) < 20)
  }
}
