// The README tour's examples of 0.4 (values, conditions, lists, badges
// that size themselves), read out of the README and compiled as a file of
// `samples/` would be, so that what a reader copies compiles.
import Foundation
import Testing

@testable import BadgeKit

@Suite struct READMEExampleTests {
  /// The fenced blocks between the headings `from` and `to`.
  func blocks(from: String, to: String) throws -> [String] {
    let readme = try String(contentsOf: Support.url("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: from))
    let end = try #require(readme.range(of: to, range: start.upperBound..<readme.endIndex))
    let parts = readme[start.upperBound..<end.lowerBound].components(separatedBy: "```")
    // Odd parts are inside fences; a fence's first line is its info string.
    return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0].drop(while: { $0 != "\n" })) }
  }

  @Test func tourExamplesCompile() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let examples = try blocks(from: "### Values, conditions and lists", to: "### Coming from SwiftUI")
    #expect(examples.count == 3)
    for text in examples {
      let r = Support.compile(text, name: Support.rootFromHere + "samples/readme-example.badge")
      #expect(!r.hasErrors, "\(text.prefix(80)): \(r.renderedDiagnostics)")
      #expect(r.diagnostics.isEmpty, "\(r.renderedDiagnostics)")
      #expect(r.output?.isEmpty == false)
    }
  }
}
