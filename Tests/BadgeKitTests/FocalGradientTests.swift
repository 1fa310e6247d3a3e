// Focal and elliptical gradients: `radial(…, focus:)` (SVG's fx/fy and fr,
// the canvas's two-point cone) and `elliptical(…)` (SwiftUI's
// EllipticalGradient). The cone's colours at points whose t is known
// without its equation, the settled scene (the cone's apex, the stops),
// the SVG's attributes (drawn beside resvg, rsvg-convert and Chromium in
// EffectSceneComparisonTests), the PDF drawn by MuPDF and Poppler, the
// VectorDrawable converted back, SwiftUI's code, and the formats that
// refuse a focus (mistakes: EffectMistakeTests).
import Foundation
import Testing

@testable import BadgeKit

struct FocalGradientTests {
  /// Every kind in cells of 100 points: a focus inside the end circle,
  /// with a start radius, outside it (a cone; nothing drawn beside it),
  /// outside with a start radius, a start circle larger than the end's,
  /// ellipses in frames of two shapes, a focus under a rotation, an
  /// ellipse under a skew, and a stroke.
  static let scene = """
    badge Focal size 500, 200 {
      vstack(spacing: 0) {
        hstack(spacing: 0) {
          rect().fill(radial(red, rgb(0, 255, 0), blue, focus: (0.3, 0.35), endRadius: 40)).frame(width: 100, height: 100)
          rect().fill(radial(red, yellow, blue, focus: (0.35, 0.4), startRadius: 10, endRadius: 40)).frame(width: 100, height: 100)
          rect().fill(radial(red, rgb(0, 255, 0), blue, focus: (0.15, 0.15), endRadius: 30)).frame(width: 100, height: 100)
          rect().fill(radial(red, rgb(0, 255, 0), blue, center: (0.6, 0.6), focus: (0.25, 0.25), startRadius: 10, endRadius: 25)).frame(width: 100, height: 100)
          rect().fill(radial(red, rgb(0, 255, 0), blue, startRadius: 35, endRadius: 20)).frame(width: 100, height: 100)
        }
        hstack(spacing: 0) {
          rect().fill(elliptical(red, rgb(0, 255, 0), blue)).frame(width: 90, height: 45).frame(width: 100, height: 100)
          rect().fill(elliptical(red, yellow, blue, center: topLeading, startRadiusFraction: 0.2, endRadiusFraction: 1)).frame(width: 50, height: 95).frame(width: 100, height: 100)
          rect().fill(radial(red, rgb(0, 255, 0), blue, focus: (0.2, 0.3), endRadius: 25)).frame(width: 60, height: 40).rotate(30deg).frame(width: 100, height: 100)
          rect().fill(elliptical(red, rgb(0, 255, 0), blue, center: (0.4, 0.5))).frame(width: 60, height: 40).transformEffect(a: 1, b: 0.2, c: 0.5, d: 1, tx: 10, ty: 20).frame(width: 100, height: 100)
          circle().stroke(radial(red, rgb(0, 255, 0), blue, focus: (0.2, 0.2), startRadius: 3, endRadius: 45), width: 15).padding(10).frame(width: 100, height: 100)
        }
      }
    }
    """

  /// The first fill's radial gradient of `source`.
  static func gradient(_ source: String) throws -> (RadialGradient, Fill) {
    let fill = try #require(Support.compile(source).scene?.fills.first)
    guard case .radial(let g) = fill.paint else {
      Issue.record("not a radial gradient: \(fill.paint)")
      throw CancellationError()
    }
    return (g, fill)
  }

  /// A cone from a focus of radius 0 at (0, 0) to radius 10 about (20, 0):
  /// circle s is about (20s, 0) of radius 10s. A point in the cone is on
  /// two circles, and takes the larger s: (10, −5) on s = 1/2 and 5/6
  /// (300s² − 400s + 125 = 0), (20, 10) on 1 and 5/3, (30, 0) on 1 and 3,
  /// (40, 0) on 4/3 and 4. Points behind the focus, or beside the cone,
  /// are on none.
  @Test func theConesRootsAreTheLargest() {
    let g = RadialGradient(
      stops: [], center: Point(20, 0), startRadius: 0, endRadius: 10, focus: Point(0, 0))
    func near(_ t: Double?, _ x: Double) -> Bool { t.map { abs($0 - x) < 1e-9 } ?? false }
    #expect(near(g.t(atFocal: Point(10, -5)), 5.0 / 6))
    #expect(near(g.t(atFocal: Point(20, 10)), 5.0 / 3))
    #expect(near(g.t(atFocal: Point(30, 0)), 3))
    #expect(near(g.t(atFocal: Point(40, 0)), 4))
    #expect(g.t(atFocal: Point(-5, 0)) == nil)
    #expect(g.t(atFocal: Point(5, 10)) == nil)
    // A focus inside its circle: every point is on one.
    let inside = RadialGradient(stops: [], center: Point(0, 0), startRadius: 0, endRadius: 10, focus: Point(4, 0))
    #expect(near(inside.t(atFocal: Point(-10, 0)), 1))
    #expect(near(inside.t(atFocal: Point(4, 0)), 0))
    #expect(inside.t(atFocal: Point(-300, 170)) != nil)
  }

  /// A start radius is folded into the stops, the focus moved to the
  /// cone's apex, so that the SVG needs no `fr`: from radius 10 about
  /// (30, 50) to 40 about (50, 50), the apex is 1/3 of the way back.
  @Test func theStartCircleIsFoldedIntoTheApex() throws {
    let (g, _) = try FocalGradientTests.gradient(
      "badge B size 100 {\n  rect().fill(radial(red, blue, focus: (0.3, 0.5), startRadius: 10, endRadius: 40))\n}\n")
    #expect(g.startRadius == 0 && g.endRadius == 40)
    #expect(abs(g.focus.x - (30 - 20.0 / 3)) < 1e-3 && g.focus.y == 50, "\(g.focus)")
    #expect(g.stops.map(\.location) == [0.25, 1])
    let svg = try #require(
      Support.output(
        "badge B size 100 {\n  rect().fill(radial(red, blue, focus: (0.3, 0.5), startRadius: 10, endRadius: 40))\n}\n",
        as: .svg, CompileOptions()))
    let text = String(decoding: svg, as: UTF8.self)
    #expect(text.contains("cx=\"50\" cy=\"50\" r=\"40\" fx=\"23.333\" fy=\"50\""), "\(text)")
    #expect(!text.contains("fr="))
  }

  /// A focus where the centre is writes no fx/fy; radii the wrong way
  /// round swap the circles (and the focus with the centre).
  @Test func theFocusIsWrittenOnlyWhereItIsNotTheCentre() throws {
    let same = try #require(
      Support.output(
        "badge B size 100 {\n  rect().fill(radial(red, blue, focus: center))\n}\n", as: .svg, CompileOptions()))
    #expect(!String(decoding: same, as: UTF8.self).contains("fx="))
    let (g, _) = try FocalGradientTests.gradient(
      "badge B size 100 {\n  rect().fill(radial(red, blue, focus: (0.2, 0.5), startRadius: 60, endRadius: 10))\n}\n")
    // From 10 about (20, 50) to 60 about (50, 50): the apex 6 back.
    #expect(g.endRadius == 60 && g.center == Point(20, 50), "\(g)")
    #expect(abs(g.focus.x - 56) < 1e-9, "\(g.focus)")
    #expect(g.stops.first?.color == RGBA(r: 0, g: 122 / 255, b: 1), "\(g.stops)")
  }

  /// An elliptical gradient's plane is the frame's unit square: its
  /// circles' radii are fractions, its ellipse touches a 180 × 90 frame.
  @Test func anEllipseFillsItsFrame() throws {
    let source = "badge B size 200 {\n  rect().frame(width: 180, height: 90).fill(elliptical(red, blue))\n}\n"
    let (g, fill) = try FocalGradientTests.gradient(source)
    #expect(g.space == .scale(180, 90) && g.center == Point(0.5, 0.5) && g.endRadius == 0.5, "\(g)")
    #expect(fill.transform == .translation(10, 55))
    let svg = String(decoding: try #require(Support.output(source, as: .svg, CompileOptions())), as: UTF8.self)
    #expect(svg.contains("cx=\"90\" cy=\"90\" r=\"90\" gradientTransform=\"matrix(1 0 0 0.5 10 55)\""), "\(svg)")
    // The raster: red at the centre, blue at the ellipse's ends, half
    // way along each semi-axis the middle of the two.
    var options = CompileOptions()
    options.format = .ppm
    let image = try #require(RasterSupport.badgec(source, options))
    func at(_ x: Int, _ y: Int) -> [Int] { FocalGradientTests.pixel(image, x, y) }
    #expect(FocalGradientTests.near(at(100, 100), [255, 59, 48], 3), "\(at(100, 100))")
    #expect(FocalGradientTests.near(at(145, 100), at(100, 122), 3), "\(at(145, 100)) \(at(100, 122))")
    #expect(FocalGradientTests.near(at(189, 100), [0, 122, 255], 4), "\(at(189, 100))")
  }

  /// The red, green and blue of pixel (x, y).
  static func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [Int] {
    (0..<3).map { Int(image.bytes[3 * (y * image.width + x) + $0]) }
  }

  static func near(_ a: [Int], _ b: [Int], _ within: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= within }
  }

  /// An ellipse stretched past what the SVG's matrix can hold (a frame a
  /// hundred thousand times wider than tall) paints the gradient's last
  /// colour in every backend, as the SVG does.
  @Test func aFlattenedEllipseIsItsLastColour() throws {
    let source = """
      badge B size 200 {
        rect().fill(elliptical(red, blue, center: bottom, startRadiusFraction: 40, endRadiusFraction: 1))
          .frame(width: 1e6, height: 10)
      }
      """
    let fill = try #require(Support.compile(source).scene?.fills.first)
    #expect(fill.paint == .solid(RGBA(r: 1, g: 59 / 255, b: 48 / 255)), "\(fill.paint)")
    let svg = String(decoding: try #require(Support.output(source, as: .svg, CompileOptions())), as: UTF8.self)
    #expect(svg.contains("fill=\"#ff3b30\"") && !svg.contains("radialGradient"), "\(svg)")
  }

  /// Beside the cone nothing is painted: the background shows.
  @Test func nothingIsPaintedBesideTheCone() throws {
    let source = """
      badge B size 100 {
        rect().fill(white)
        rect().fill(radial(red, blue, center: (0.7, 0.7), focus: (0.1, 0.1), endRadius: 15))
      }
      """
    var options = CompileOptions()
    options.format = .ppm
    let image = try #require(RasterSupport.badgec(source, options))
    #expect(FocalGradientTests.pixel(image, 90, 10) == [255, 255, 255], "\(FocalGradientTests.pixel(image, 90, 10))")
    #expect(FocalGradientTests.pixel(image, 70, 70) != [255, 255, 255])
  }

  @Test func drawnInThePDFAndTheVectorDrawable() throws {
    try PDFSupport.checkAtTwice("focal-gradients", FocalGradientTests.scene)
    // VectorDrawable has no focus: the ellipses alone, and one stroked.
    let ellipses = """
      badge E size 200, 100 {
        hstack(spacing: 0) {
          rect().fill(elliptical(red, rgb(0, 255, 0), blue)).frame(width: 90, height: 45).frame(width: 100, height: 100)
          rect().fill(elliptical(red, yellow, blue, center: topLeading, startRadiusFraction: 0.2, endRadiusFraction: 1)).frame(width: 50, height: 95).rotate(20deg).frame(width: 100, height: 100)
        }
      }
      """
    try VectorDrawableSupport.check("elliptical-gradients", ellipses, CompileOptions(raster: RasterOptions(scale: 2)))
  }

  @Test(arguments: [
    ("rect().fill(radial(red, blue, focus: (0.2, 0.2)))", "a radial gradient with a focus"),
    (
      "circle().stroke(elliptical(red, blue), width: 4).frame(width: 40, height: 20)",
      "an elliptical gradient on a stroke"
    ),
  ])
  func theVectorDrawableNamesWhatItCannotDraw(_ body: String, _ what: String) {
    let result = Support.compile("badge B size 40 {\n  \(body)\n}\n", CompileOptions(format: .vectordrawable))
    #expect(result.output == nil)
    #expect(result.renderedDiagnostics.contains("VectorDrawable cannot draw \(what)"), "\(result.renderedDiagnostics)")
  }

  /// SwiftUI's code: EllipticalGradient with its own labels, drawn as the
  /// badge; a changed fraction is seen; a focus is refused at its value.
  @Test func swiftUIsEllipticalGradient() throws {
    let source = """
      badge E size 200, 100 {
        rect().fill(elliptical(red, yellow, blue, center: (0.3, 0.5), startRadiusFraction: 0.1, endRadiusFraction: 0.6))
      }
      """
    let code = try SwiftUIDrawing.expectDrawnAlike(source, name: "elliptical", mean: 1, fraction: 0.995)
    #expect(
      code.contains(
        "EllipticalGradient(colors: [Color.red, Color.yellow, Color.blue], center: UnitPoint(x: 0.3, y: 0.5), startRadiusFraction: 0.1, endRadiusFraction: 0.6)"
      ), "\(code)")
    let changed = code.replacingOccurrences(of: "endRadiusFraction: 0.6", with: "endRadiusFraction: 0.3")
    try #require(changed != code)
    if let mean = try SwiftUIDrawing.difference(of: changed, from: source, size: Size(200, 100)) {
      #expect(mean > 1, "the smaller ellipse drew within \(mean)/255 of the badge")
    }
    let focal = Support.compile(
      "badge B size 40 {\n  rect().fill(radial(red, blue, focus: (0.2, 0.2)))\n}\n", CompileOptions(format: .swift))
    #expect(focal.output == nil)
    #expect(focal.renderedDiagnostics.contains("test.badge:2:40: error:"), "\(focal.renderedDiagnostics)")
    #expect(focal.renderedDiagnostics.contains("SwiftUI's RadialGradient has none"))
  }

  /// SwiftUI's spelling is read with one fix-it for the whole call.
  @Test func swiftUIsSpellingIsTaught() {
    let result = Support.compile(
      "badge B size 40 {\n  rect().fill(EllipticalGradient(colors: [.red, .blue], endRadiusFraction: 0.7))\n}\n")
    #expect(result.renderedDiagnostics.contains("SwiftUI's 'EllipticalGradient' is 'elliptical' here"))
    #expect(
      result.renderedDiagnostics.contains("with 'elliptical(.red, .blue, endRadiusFraction: 0.7)'"),
      "\(result.renderedDiagnostics)")
  }

}
