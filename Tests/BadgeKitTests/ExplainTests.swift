// `badgec explain` and the layout record behind it, against figures worked
// out by hand from SwiftUI's rules (README, "Layout: SwiftUI's rules").
import Foundation
import Testing

@testable import BadgeKit

@Suite struct ExplainTests {
  func recorded(_ relative: String, size: Size? = nil) throws -> LayoutRecord {
    var options = CompileOptions()
    options.recordLayout = true
    options.canvasSize = size
    let r = try Support.compileFile(relative, options)
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    return try #require(r.layout)
  }

  func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

  /// The landmark at 300 points: RotatedBadgeSymbol's body proposes the
  /// symbol 300 + 2 · 60 = 420 points and places it 60 up and left; the
  /// copy's `.scale(1/4, anchor: top)` about (150, 0) and `.position(150,
  /// 225)` put the 300-point frame's origin at (112.5, 75), so copy 0's
  /// 420-point frame lands at (112.5 − 15, 75 − 15) = (97.5, 60), 105 wide.
  @Test func landmarkSymbolIsProposed420AndPlacedAtMinus60() throws {
    let record = try recorded("samples/landmark.badge")
    #expect(record.nodes[0].kind == .badge && record.nodes[0].size == Size(300, 300))
    let symbols = record.nodes.indices.filter { record.nodes[$0].label == "BadgeSymbol()" }
    #expect(symbols.count == 8)
    let first = record.nodes[symbols[0]]
    #expect(first.proposedWidth == 300 && first.proposedHeight == 300)
    #expect(first.contentProposedWidth == 420 && first.contentProposedHeight == 420)
    #expect(first.contentSize == Size(420, 420))
    let inner = try #require(first.transform.inverted) * first.contentTransform
    #expect(near(inner.tx, -60) && near(inner.ty, -60) && near(inner.a, 1) && near(inner.b, 0))
    #expect(first.anchor == Point(0.5, 1))
    #expect(first.modifiers == [".padding(-60)", ".rotate(angle, anchor: bottom)"])
    #expect(first.line == 47 && first.column == 3)
    let path = record.nodes[first.children[0]]
    #expect(path.kind == .path && path.line == 29)
    let origin = path.transform.apply(Point(0, 0))
    #expect(near(origin.x, 97.5) && near(origin.y, 60) && near(path.transform.a, 0.25))
    // The README's point: (210, 12.6) of the symbol lands at (150, 63.15).
    let p = path.transform.apply(Point(210, 12.6))
    #expect(near(p.x, 150) && near(p.y, 63.15))
    #expect(record.componentChain(of: first.children[0]).first == "Badge()")
    #expect(record.componentChain(of: first.children[0]).last == "BadgeSymbol()")
    // Copy 1 turns 45° about the bottom of its 300-point frame.
    let turned = record.nodes[symbols[1]]
    let r = try #require(turned.transform.inverted) * turned.contentTransform
    #expect(near(r.rotationDegrees, 45))
    #expect(record.nodes[turned.parent!].label.hasSuffix("[i = 1]"))
  }

  /// The HikeBadge: the vstack is 100 + 8 + one caption line tall (DejaVu
  /// Sans at 12 points: (1901 + 483) / 2048 · 12 = 13.969) and centred in
  /// the 122-point canvas; the text sits 8 below the 100-point badge and is
  /// centred across the 100-point stack.
  @Test func hikeBadgeStackPlacements() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") || Support.isCI
    else { return }
    let record = try recorded("samples/hikebadge.badge")
    let stack = try #require(record.nodes.first { $0.kind == .stack })
    let line = (1901.0 + 483) / 2048 * 12
    #expect(near(stack.size.height, 108 + line, 1e-3) && stack.size.width == 100)
    #expect(near(stack.transform.ty, (122 - (108 + line)) / 2, 1e-3))
    let badge = record.nodes[stack.children[0]]
    let text = record.nodes[stack.children[1]]
    #expect(badge.label == "Badge()" && badge.size == Size(100, 100))
    #expect(near(badge.transform.tx, 0) && near(badge.transform.ty, stack.transform.ty))
    #expect(text.kind == .text && near(text.transform.ty - stack.transform.ty, 108, 1e-9))
    #expect(near(text.transform.tx, (100 - text.size.width) / 2, 1e-9))
    // Badge's content: the 300-point frame scaled by a third about its
    // centre fills the 100-point one.
    let content = try #require(badge.transform.inverted) * badge.contentTransform
    #expect(near(content.a, 1.0 / 3) && near(content.tx, 0) && near(content.ty, 0))
  }

  @Test func explainPrintsTheTreeAndJSON() throws {
    let text = try Support.badgec(["explain", "samples/landmark.badge"], cwd: Support.root)
    #expect(text.status == 0, "\(text.stderr)")
    let out = String(decoding: text.stdout, as: UTF8.self)
    #expect(out.hasPrefix("badge Landmark  samples/landmark.badge:68:1\n"))
    #expect(out.contains("content proposed 420 × 420 → 420 × 420, at (-60, -60)\n"))
    #expect(out.contains("frame (97.5, 60) 105 × 105 on the canvas"))
    let json = try Support.badgec(["explain", "samples/landmark.badge", "--json", "--size", "600"], cwd: Support.root)
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
    let nodes = try #require(object?["nodes"] as? [[String: Any]])
    #expect((nodes[0]["size"] as? [String: Double]) == ["width": 600, "height": 600])
    let symbol = try #require(nodes.first { $0["label"] as? String == "BadgeSymbol()" })
    #expect(((symbol["content"] as? [String: Any])?["proposed"] as? [String: Double]) == ["width": 720, "height": 720])
    let bad = try Support.badgec(["explain", "-"], stdin: Data("badge B { circle(.frame(".utf8))
    #expect(bad.status == 1 && bad.stderr.contains("error:") && bad.stdout.isEmpty)
  }

  /// Recording changes nothing drawn, and without `--source-map` the SVG
  /// has no `data-` attributes.
  @Test func recordingChangesNothing() throws {
    for sample in ["landmark", "medal", "outlined", "progress", "shield", "stripes", "sunburst"] {
      let plain = try Support.compileFile("samples/\(sample).badge")
      var options = CompileOptions()
      options.recordLayout = true
      let recorded = try Support.compileFile("samples/\(sample).badge", options)
      #expect(plain.output == recorded.output, "\(sample)")
      #expect(plain.scene == recorded.scene, "\(sample)")
      #expect(!String(decoding: plain.output ?? [], as: UTF8.self).contains("data-"))
      options.sourceMap = true
      let mapped = String(
        decoding: try Support.compileFile("samples/\(sample).badge", options).output ?? [], as: UTF8.self)
      #expect(mapped.contains("data-node=\"") && mapped.contains("data-source=\"samples/\(sample).badge:"), "\(sample)")
    }
  }
}
