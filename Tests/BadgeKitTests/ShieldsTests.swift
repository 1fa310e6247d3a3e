// samples/lib/shields.badge against the geometry shields.io's badge-maker
// documents for its styles: the height of each style, each part as wide
// as its words plus the padding on both sides (5, or 12 for
// for-the-badge), a logo 14 wide and 3 from the label, the corner radius.
import Foundation
import Testing

@testable import BadgeKit

struct ShieldsTests {
  func layout(_ call: String) throws -> LayoutRecord {
    var options = CompileOptions()
    options.recordLayout = true
    options.importPaths = [Support.url("samples").path]
    let r = Support.compile("import \"lib/shields.badge\"\nbadge T size fit { \(call) }", options)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    return try #require(r.layout)
  }

  @Test(arguments: [
    ("flat", 20.0, 5.0), ("flat-square", 20, 5), ("plastic", 18, 5), ("for-the-badge", 28, 12), ("social", 20, 5),
  ])
  func geometryOfEachStyle(_ style: String, _ height: Double, _ padding: Double) throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let record = try layout("Shield(label: \"build\", message: \"passing\", style: \"\(style)\")")
    let n = record.nodes
    // The canvas is the badge: as high as the style, as wide as its parts.
    #expect(n[0].size.height == height, "\(style)")
    // The label's words sit in the part that holds the logo too; the
    // message's words carry the padding and frame themselves.
    let label = try #require(n.firstIndex { $0.label == "ShieldText(words: label, style: style)" })
    let message = try #require(n.first { $0.label == "ShieldText(words: message, style: style)" })
    var total = 0.0
    for (part, words) in [(n[n[label].parent!].size, n[label].size.width), (message.size, message.contentSize.width)] {
      // Each part is its words' width plus the padding each side.
      #expect(abs(part.width - (words + 2 * padding)) < 1e-6, "\(style)")
      #expect(part.height == height)
      total += part.width
    }
    #expect(abs(n[0].size.width - total) < 2e-3, "\(style)")
  }

  @Test func aLogoSitsBeforeTheLabel() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let plain = try layout("Shield(label: \"docs\", message: \"latest\")")
    let logo = try layout("Shield(label: \"docs\", message: \"latest\", logo: \"M4 4h16v16H4z\")")
    // 14 for the logo and 3 between it and the label.
    #expect(abs(logo.nodes[0].size.width - plain.nodes[0].size.width - 17) < 2e-3)
  }

  /// The words are set from the command line, and the badge follows them.
  @Test func theSampleTakesItsWordsFromTheCommandLine() throws {
    let a = try Support.badgec(["samples/build-status.badge"], cwd: Support.root)
    let b = try Support.badgec(["samples/build-status.badge", "-D", "message=\"failing badly\""], cwd: Support.root)
    #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
    func width(_ svg: Data) -> Double {
      let s = String(decoding: svg, as: UTF8.self)
      guard let r = s.range(of: "width=\""), let e = s[r.upperBound...].firstIndex(of: "\"") else { return 0 }
      return Double(s[r.upperBound..<e]) ?? 0
    }
    #expect(width(b.stdout) > width(a.stdout) + 20)
  }
}
