// `.transformEffect(a:, b:, c:, d:, tx:, ty:)`, SwiftUI's affine transform
// of a view about its frame's top-left: the scene's transform against the
// matrix written, strokes, gradients, clips and shadows under skews drawn
// by badgec's raster beside MuPDF and Poppler (the PDF) and resvg (the
// VectorDrawable converted back; the SVG in EffectSceneComparisonTests),
// SwiftUI's code of it, and SwiftUI's 3D effects' hint (mistakes:
// EffectMistakeTests).
import Foundation
import Testing

@testable import BadgeKit

struct TransformEffectTests {
  static let scene = """
    badge Skew size 300, 200 {
      hstack(spacing: 20) {
        star(points: 5)
          .fill(linear(orange, red))
          .stroke(rgb(90, 20, 40), width: 4, join: round)
          .frame(width: 80, height: 80)
          .transformEffect(c: 0.4)
        roundedRect(radius: 12)
          .fill(radial(yellow, teal, endRadius: 40))
          .frame(width: 60, height: 60)
          .clipShape(circle())
          .transformEffect(a: 1.2, b: 0.3, c: -0.2, d: 0.8, tx: 10, ty: -5)
        capsule()
          .fill(purple)
          .frame(width: 60, height: 24)
          .shadow(color: black.opacity(0.5), radius: 4, y: 3)
          .transformEffect(b: -0.3)
      }
    }
    """

  /// The fill's transform is the frame's placement times the matrix, the
  /// entries left out the identity's.
  @Test func theMatrixIsAppliedAboutTheTopLeft() throws {
    let source = """
      badge T size 40 {
        rect().frame(width: 10, height: 10).transformEffect(a: 2, c: 0.5, tx: 3, ty: 4).offset(x: -15, y: -15)
      }
      """
    let fill = try #require(Support.compile(source).scene?.fills.first)
    // The frame's top-left is at (15, 15) − (15, 15) = (0, 0).
    #expect(fill.transform == Transform(a: 2, b: 0, c: 0.5, d: 1, tx: 3, ty: 4), "\(fill.transform)")
  }

  @Test func drawnInThePDFAndTheVectorDrawable() throws {
    try PDFSupport.checkAtTwice("transform-effect", TransformEffectTests.scene)
    // (VectorDrawable has no shadow: the capsule's is left out there.)
    let android = TransformEffectTests.scene.replacingOccurrences(
      of: ".shadow(color: black.opacity(0.5), radius: 4, y: 3)", with: "")
    try VectorDrawableSupport.check("transform-effect", android, CompileOptions(raster: RasterOptions(scale: 2)))
  }

  @Test func swiftUIsTransformEffect() throws {
    let code = try #require(SwiftUISupport.code(TransformEffectTests.scene, CompileOptions()))
    #expect(code.contains(".transformEffect(CGAffineTransform(a: 1, b: 0, c: 0.4, d: 1, tx: 0, ty: 0))"), "\(code)")
    #expect(code.contains(".transformEffect(CGAffineTransform(a: 1.2, b: 0.3, c: -0.2, d: 0.8, tx: 10, ty: -5))"))
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "skew") { Issue.record("\(errors)\n\(code)") }
  }

  @Test(arguments: [".rotation3DEffect(45deg)", ".projectionEffect(p)"])
  func threeDimensionsAreNamedWithTheTwoDimensionalOne(_ modifier: String) {
    let result = Support.compile("badge B size 40 {\n  circle()\(modifier)\n}\n")
    #expect(result.hasErrors)
    #expect(result.renderedDiagnostics.contains("two dimensions only"), "\(result.renderedDiagnostics)")
    #expect(result.renderedDiagnostics.contains(".transformEffect(a:, b:, c:, d:, tx:, ty:)"))
  }

}
