// Blurs along one axis (`.blur(horizontal:, vertical:)`, SVG's
// `stdDeviation="x y"`): the deviations the scene holds (a radius's half
// along each axis, turned and stretched with the frame), badgec's raster
// beside MuPDF and Poppler drawing the PDF (and beside the SVG renderers in
// EffectSceneComparisonTests), and SwiftUI's refusal (mistakes:
// EffectMistakeTests).
import Foundation
import Testing

@testable import BadgeKit

struct AxisBlurTests {
  static let scene = """
    badge Axis size 300, 200 {
      vstack(spacing: 10) {
        hstack(spacing: 20) {
          star(points: 5).fill(red).frame(width: 60, height: 60).blur(horizontal: 12)
          star(points: 5).fill(blue).frame(width: 60, height: 60).blur(vertical: 12)
          star(points: 5).fill(green).frame(width: 60, height: 60).blur(radius: 4, horizontal: 16)
        }
        hstack(spacing: 20) {
          rect().fill(orange).frame(width: 60, height: 20).blur(horizontal: 10).rotate(90deg)
          rect().fill(purple).frame(width: 60, height: 20).blur(horizontal: 100)
          circle().fill(teal).frame(width: 50, height: 50).blur(vertical: 6).scale(x: 2, y: 1)
        }
      }
    }
    """

  /// σ = radius / 2 along each axis of the frame: a rotated frame's
  /// horizontal blur is vertical on the canvas, a stretched one's grows.
  @Test func deviationsFollowTheFrame() throws {
    let scene = try #require(Support.compile(AxisBlurTests.scene).scene)
    var sigmas: [Point] = []
    func walk(_ nodes: [SceneNode]) {
      for n in nodes {
        if case .blur(let s, _) = n { sigmas.append(s) }
        walk(n.children)
      }
    }
    walk(scene.nodes)
    let expected = [Point(6, 0), Point(0, 6), Point(8, 2), Point(0, 5), Point(50, 0), Point(0, 3)]
    #expect(sigmas.count == expected.count)
    for (s, e) in zip(sigmas, expected) {
      #expect(abs(s.x - e.x) < 1e-9 && abs(s.y - e.y) < 1e-9, "\(s) is not \(e)")
    }
    let svg = String(decoding: try #require(Support.compile(AxisBlurTests.scene).output), as: UTF8.self)
    #expect(svg.contains("stdDeviation=\"6 0\"") && svg.contains("stdDeviation=\"0 5\""))
  }

  @Test func drawnInThePDF() throws {
    try PDFSupport.checkAtTwice("axis-blur", AxisBlurTests.scene)
  }

  @Test func swiftUIHasOneRadius() throws {
    try Support.expectRefused(
      "  circle().blur(horizontal: 4)", writing: "B.swift", line: 1, message: "a blur along each axis")
  }

}
