// The SwiftUI code drawn: each sample's generated file is compiled with
// the stand-in SwiftUI (whose views record what they are made of) and its
// renderer (Tests/SwiftUIStandIn/Renderer.swift: SwiftUI's layout rules,
// out as SVG), run, and what it draws is compared with badgec's own SVG of
// the badge, both drawn by resvg over white. The landmark's code drawn
// with one anchor changed is shown to differ, so that the comparison
// cannot pass for want of sensitivity.
import Foundation
import Testing

@testable import BadgeKit

enum SwiftUIDrawing {
  /// `code` (a generated file) compiled with the stand-in and its
  /// renderer and run: the SVG its `#Preview` draws on `size`, or the
  /// renderer's error. Nil when the tools are missing (a failure under
  /// CI=true).
  static func drawn(_ code: String, size: Size, in dir: URL) throws -> String? {
    guard let swiftc = Support.tool("swiftc") else { return nil }
    // One module: the stand-in, its renderer, the file (its import and
    // `#Preview`, a macro of Apple's SDK, left out) and a main.
    let body = code.split(separator: "\n", omittingEmptySubsequences: false)
      .map {
        $0 == "import SwiftUI" ? "" : $0 == "#Preview {" ? "@MainActor func preview() -> some View {" : String($0)
      }
      .joined(separator: "\n")
    let main = """
      MainActor.assumeIsolated {
        do { print(try _renderSVG(preview(), width: \(size.width), height: \(size.height)), terminator: "") }
        catch { print("error: \\(error)", terminator: "") }
      }

      """
    let files = [("code.swift", body), ("main.swift", main)]
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    let exe = dir.appendingPathComponent("draw")
    let build = try Support.run(
      swiftc,
      ["-module-name", "SwiftUI"]
        + ["Tests/SwiftUIStandIn/SwiftUI.swift", "Tests/SwiftUIStandIn/Renderer.swift"].map { Support.url($0).path }
        + files.map { dir.appendingPathComponent($0.0).path } + ["-o", exe.path])
    guard build.status == 0 else { return "error: \(build.stderr)" }
    return String(decoding: try Support.run(exe, []).stdout, as: UTF8.self)
  }

  /// Compiles `source`'s SwiftUI code, draws it with the stand-in's
  /// renderer and resvg, and expects it close to badgec's own SVG of
  /// `source` drawn by resvg: within `mean`/255 on average, `fraction` of
  /// the pixels within 16. The code, for further checks.
  static func expectDrawnAlike(
    _ source: String, _ options: CompileOptions = CompileOptions(), name: String, mean: Double, fraction: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let code = try #require(SwiftUISupport.code(source, options), sourceLocation: sourceLocation)
    let svg = try #require(
      Support.output(source, as: .svg, options).map { String(decoding: $0, as: UTF8.self) },
      sourceLocation: sourceLocation)
    let size = try #require(Support.compile(source, options).scene?.size, sourceLocation: sourceLocation)
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    guard let drawn = try drawn(code, size: size, in: dir) else { return code }
    try #require(!drawn.hasPrefix("error:"), "\(drawn)", sourceLocation: sourceLocation)
    guard let theirs = try image(drawn, in: dir, name: "swiftui"), let ours = try image(svg, in: dir, name: "badgec")
    else { return code }
    try RasterSupport.expectClose(
      "swiftui-\(name)", ours: ours, theirs: theirs, by: "swiftui-stand-in", mean: mean, fraction: fraction,
      keeping: [("swiftui-\(name).swift", Array(code.utf8)), ("swiftui-\(name).drawn.svg", Array(drawn.utf8))],
      sourceLocation: sourceLocation)
    return code
  }

  /// How far `code`, SwiftUI's code changed on purpose, draws from
  /// `source`'s own SVG (mean difference /255, both drawn by resvg); nil
  /// without the tools.
  static func difference(of code: String, from source: String, size: Size) throws -> Double? {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    guard let drawn = try drawn(code, size: size, in: dir),
      let theirs = try image(drawn, in: dir, name: "changed"),
      let svg = Support.output(source, as: .svg, CompileOptions()).map({ String(decoding: $0, as: UTF8.self) }),
      let ours = try image(svg, in: dir, name: "badgec")
    else { return nil }
    return ours.compare(theirs, within: 16).mean
  }

  /// `svg` drawn by resvg over white.
  static func image(_ svg: String, in dir: URL, name: String) throws -> RGBImage? {
    guard let resvg = Support.tool("resvg"), let pngtopnm = Support.tool("pngtopnm") else { return nil }
    let (file, png) = (dir.appendingPathComponent("\(name).svg"), dir.appendingPathComponent("\(name).png"))
    try Data(svg.utf8).write(to: file)
    let draw = try Support.run(resvg, ["--background", "white", file.path, png.path])
    #expect(draw.status == 0, "resvg: \(draw.stderr)")
    return RGBImage(ppm: Array(try Support.run(pngtopnm, [png.path]).stdout))
  }
}

@Suite(.serialized)
struct SwiftUIDrawingTests {
  /// The samples whose views the renderer lays out (text, VStack and
  /// HStack, angular gradients and canvases it does not).
  static let drawable = ["landmark", "shield", "outlined", "stripes", "sunburst", "medal", "symbol"]

  @Test(arguments: drawable)
  func generatedCodeDrawsTheBadge(_ name: String) throws {
    var options = CompileOptions()
    options.importPaths = [Support.url("samples").path]
    // (Shadows differ a little: the stand-in's are feDropShadow filters.)
    _ = try SwiftUIDrawing.expectDrawnAlike(
      try Support.read("samples/\(name).badge"), options, name: name, mean: 1.5, fraction: 0.99)
  }

  /// Components take the whole frame they are offered, their content at
  /// its top-left, in SwiftUI's code too: a small shape in a larger
  /// frame, and one over a fill.
  @Test(arguments: [
    "component Dot() { circle().fill(red).frame(width: 10, height: 10) }\n"
      + "badge D size 100 { Dot().frame(width: 50, height: 50).background { rect().fill(gray) } }",
    "component Two() {\n  rect().fill(gray)\n  circle().fill(red).frame(width: 10, height: 10)\n}\n"
      + "badge D size 100 { Two().frame(width: 50, height: 60).offset(x: 10) }",
    "component Hexagon() {\n  path { move (0.5 * width, 0) line (width, 0.3 * height) line (width, 0.7 * height)\n"
      + "    line (0.5 * width, height) line (0, 0.7 * height) line (0, 0.3 * height) close }.aspect(1, fit)\n}\n"
      + "badge W size 300, 150 { Hexagon().fill(teal) }",
  ])
  func componentsTakeTheirFrameFromTheTopLeft(_ source: String) throws {
    let code = try SwiftUIDrawing.expectDrawnAlike(source, name: "component", mean: 1, fraction: 0.999)
    #expect(
      code.contains(".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)")
        || code.contains(".offsetBy(dx: rect.minX, dy: rect.minY)"), "\(code)")
  }

  /// Group opacity and shadows (composited first, as badgec draws them),
  /// fill-then-stroke of trimmed and insettable shapes, a stroke in the
  /// foreground colour, masks, a clip that is not a shape (drawn as a
  /// mask), an even-odd clip, a component used only as a clip.
  static let effects = """
    component Pair() {
      circle().fill(red).frame(width: 40, height: 40)
      circle().fill(blue).frame(width: 40, height: 40).offset(x: 20)
    }
    component Hex() { path { move (0.5 * width, 0) line (width, 0.5 * height) line (0.5 * width, height) line (0, 0.5 * height) close } }
    component Ring() { path { move (0, 0) line (40, 0) line (40, 40) line (0, 40) close move (10, 10) line (30, 10) line (30, 30) line (10, 30) close } }
    badge G size 160 {
      zstack {
        zstack { circle().fill(red).frame(width: 40, height: 40) circle().fill(blue).frame(width: 40, height: 40).offset(x: 20) }
          .opacity(0.5).offset(x: -40, y: -50)
        Pair().shadow(radius: 4).offset(y: 40)
        roundedRect(radius: 20).fill(yellow).strokeBorder(red, width: 10).frame(width: 30, height: 30).opacity(0.7)
        circle().trim(from: 0, to: 0.6).fill(yellow).stroke(blue, width: 6).frame(width: 30, height: 30).offset(x: -50)
        rect().fill(red).mask(circle()).frame(width: 30, height: 30).offset(x: 50, y: -50)
        rect().fill(blue).clipShape(Hex().padding(4)).frame(width: 40, height: 40).offset(x: 50)
        rect().fill(green).clipShape(Ring(), rule: evenodd).frame(width: 40, height: 40).offset(x: 50, y: 50)
        circle().stroke(width: 6).fill(red).frame(width: 30, height: 30).offset(x: -50, y: 50)
      }
    }
    """

  @Test func effectsDrawAsTheBadge() throws {
    let effects = SwiftUIDrawingTests.effects
    let code = try SwiftUIDrawing.expectDrawnAlike(effects, name: "effects", mean: 1, fraction: 0.995)
    for part in [
      ".compositingGroup()\n      .opacity(0.5)", "Pair()\n        .compositingGroup()\n        .shadow(radius: 4)",
      ".strokeBorder(Color.red, lineWidth: 10)", "Circle().trim(from: 0, to: 0.6)\n", ".mask {\n          Circle()",
      ".mask {\n          Hex()\n            .fill(Color.black)\n            .padding(4)",
      ".clipShape(Ring(), style: FillStyle(eoFill: true))",
      ".stroke(lineWidth: 6)\n        .foregroundStyle(Color.red)",
    ] {
      #expect(code.contains(part), "missing: \(part)\n\(code)")
    }
    // Without the compositing groups, SwiftUI's opacity and shadow apply
    // shape by shape: the overlap shows, and the comparison sees it.
    let ungrouped = code.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.drop { $0 == " " } != ".compositingGroup()" }.joined(separator: "\n")
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = try #require(
      Support.output(effects, as: .svg, CompileOptions()).map { String(decoding: $0, as: UTF8.self) })
    guard let ours = try SwiftUIDrawing.image(svg, in: dir, name: "badgec"),
      let plain = try SwiftUIDrawing.drawn(ungrouped, size: Size(160, 160), in: dir),
      let apart = try SwiftUIDrawing.image(plain, in: dir, name: "ungrouped")
    else { return }
    let (mean, fraction) = ours.compare(apart, within: 16)
    #expect(fraction < 0.99, "drawn without compositing groups: \(mean)/255, \(fraction * 100)% within 16")
  }

  /// SwiftUI's transformEffect maps the view about its top-left corner, as
  /// badgec's does: a skewed stroked star and a sheared, moved square
  /// draw alike, and moving the square by 20 points more in the code is
  /// seen.
  @Test func transformsDrawAsTheBadge() throws {
    let source = """
      badge T size 200 {
        zstack {
          star(points: 5).fill(orange).stroke(red, width: 4, join: round).frame(width: 80, height: 80)
            .transformEffect(c: 0.4).offset(x: -40, y: -40)
          roundedRect(radius: 12).fill(teal).frame(width: 60, height: 60)
            .transformEffect(a: 1.2, b: 0.3, c: -0.2, d: 0.8, tx: 10, ty: -5).offset(x: 40, y: 40)
        }
      }
      """
    let code = try SwiftUIDrawing.expectDrawnAlike(source, name: "transforms", mean: 1, fraction: 0.995)
    let moved = code.replacingOccurrences(of: "tx: 10, ty: -5", with: "tx: 30, ty: -5")
    try #require(moved != code)
    guard let mean = try SwiftUIDrawing.difference(of: moved, from: source, size: Size(200, 200)) else { return }
    #expect(mean > 1, "the moved square drew within \(mean)/255 of the badge")
  }

  /// The comparison notices a change of one anchor: the symbols turned
  /// about their top instead of their bottom.
  @Test func aWrongAnchorIsSeen() throws {
    let source = try Support.read("samples/landmark.badge")
    let code = try #require(SwiftUISupport.code(source))
    let anchor = ".rotationEffect(angle, anchor: .bottom)"
    try #require(code.contains(anchor))
    let wrong = code.replacingOccurrences(of: anchor, with: ".rotationEffect(angle, anchor: .top)")
    guard let mean = try SwiftUIDrawing.difference(of: wrong, from: source, size: Size(300, 300)) else { return }
    #expect(mean > 5, "the wrong anchor drew within \(mean)/255 of the badge")
  }

  /// What the renderer cannot lay out is an error naming it, not a
  /// drawing without it.
  @Test func undrawableViewsAreNamed() throws {
    let code = try #require(SwiftUISupport.code("badge T size 50 { vstack { circle() circle() } }"))
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    guard let drawn = try SwiftUIDrawing.drawn(code, size: Size(50, 50), in: dir) else { return }
    #expect(drawn == "error: cannot draw a VStack", "\(drawn)")
  }
}
