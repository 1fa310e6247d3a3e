// Effects nested in effects: 32 blurs and 24 shadows, each inside the one
// before and each over a translucent square of its own, are drawn (resvg
// draws them in about half a second), as resvg draws badgec's SVG of them;
// each is prepared once, whatever its depth; past 64 they are refused.
import Foundation
import Testing

@testable import BadgeKit

struct NestedEffectTests {
  /// `depth` effects `modifier`, each around the last and a square.
  static func nested(_ depth: Int, _ modifier: String, size: Int = 256) -> String {
    var body = "circle().fill(red).frame(width: 100, height: 100)"
    for i in 0..<depth {
      body =
        "zstack {\n  \(body)\n  rect().fill(blue.opacity(0.1)).frame(width: 20, height: 20).offset(x: \(i))\n}\(modifier)"
    }
    return "badge N size \(size) {\n\(body)\n}\n"
  }

  @Test(arguments: [(32, ".blur(radius: 2)"), (24, ".shadow(radius: 3)")])
  func deepNestsAreDrawnAsResvgDrawsThem(_ depth: Int, _ modifier: String) throws {
    let source = NestedEffectTests.nested(depth, modifier)
    var options = CompileOptions()
    options.format = .png
    let result = Support.compile(source, options)
    #expect(!result.hasErrors, "\(result.renderedDiagnostics)")
    try RasterSupport.check(
      "nested-\(depth)", source, within: 16, fraction: 0.99, mean: 1.5, renderer: "resvg")
  }

  /// A nest of blurs costs what its windows draw: each level's window is
  /// its parent's and two margins, so twice the depth is about four times
  /// the area (not the square of it, as when each level drew its children
  /// again for every band of its parent's).
  @Test func eachLevelIsPreparedOnce() throws {
    func area(_ depth: Int) throws -> Int {
      let scene = try #require(Support.compile(NestedEffectTests.nested(depth, ".blur(radius: 2)")).scene)
      var costs = PreparationCosts(edgesLeft: .max)
      _ = RasterRenderer(scene.nodes, width: 256, height: 256, toPixels: .identity, background: nil, &costs)
      return costs.area
    }
    let (a8, a16, a32) = (try area(8), try area(16), try area(32))
    #expect(Double(a16) < 6 * Double(a8) && Double(a32) < 6 * Double(a16), "\(a8) \(a16) \(a32)")
  }

  @Test func pastSixtyFourTheyAreRefused() {
    var options = CompileOptions()
    options.format = .png
    let result = Support.compile(NestedEffectTests.nested(65, ".blur(radius: 1)"), options)
    #expect(result.output == nil)
    #expect(result.renderedDiagnostics.contains("nested more than 64 deep"), "\(result.renderedDiagnostics)")
  }
}
