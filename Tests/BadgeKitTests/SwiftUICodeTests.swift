// `--format swift`: the SwiftUI code of a badge. The landmark's reads as
// the tutorial's (Badge, BadgeBackground, BadgeSymbol, RotatedBadgeSymbol,
// with its numbers); the samples that SwiftUI can say and a scene of every
// construct the writer handles type-check with swiftc against a stand-in
// SwiftUI module (Tests/SwiftUIStandIn/SwiftUI.swift: SwiftUI's
// declarations as Apple documents them, and Foundation's CGFloat and
// CGPoint, as SwiftUI re-exports them); what SwiftUI has no counterpart for
// is one located error each and no file.
import Foundation
import Testing

@testable import BadgeKit

enum SwiftUISupport {
  static func code(_ source: String, _ options: CompileOptions = CompileOptions()) -> String? {
    Support.output(source, as: .swift, options).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The folder holding the stand-in's compiled module, made once.
  static let module: URL? = {
    guard let swiftc = Support.tool("swiftc") else { return nil }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("badgec-swiftui-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let run = try? Support.run(
      swiftc,
      [
        "-parse-as-library", "-emit-module", "-module-name", "SwiftUI", "-emit-module-path",
        dir.appendingPathComponent("SwiftUI.swiftmodule").path, Support.url("Tests/SwiftUIStandIn/SwiftUI.swift").path,
      ])
    #expect(run?.status == 0, "the stand-in SwiftUI module: \(run?.stderr ?? "")")
    return run?.status == 0 ? dir : nil
  }()

  /// swiftc's errors type-checking `code` against the stand-in, or nil.
  /// (`#Preview` is a macro of Apple's SDK, which the stand-in cannot
  /// expand: its block is checked apart, as a view builder's body.)
  static func typeCheckErrors(_ code: String, name: String) throws -> String? {
    guard let swiftc = Support.tool("swiftc"), let module else {
      // Without a compiler nothing is checked: a failure under CI.
      if Support.isCI { Issue.record("swiftc or the stand-in SwiftUI module is missing") }
      return nil
    }
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let start = lines.firstIndex(of: "#Preview {") {
      lines[start] = "@ViewBuilder @MainActor func preview() -> some View {"
    }
    let file = module.appendingPathComponent("\(name).swift")
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    let run = try Support.run(swiftc, ["-typecheck", "-I", module.path, file.path])
    return run.status == 0 ? nil : run.stderr
  }
}

@Suite(.serialized)
struct SwiftUICodeTests {
  /// The tutorial's structure and numbers (its `Badge`, `BadgeBackground`,
  /// `BadgeSymbol` and `RotatedBadgeSymbol`, `HexagonParameters`' 0.085, the
  /// hexagon's 0.832, the symbol's 0.030, 0.226 and 0.488, the gradient's
  /// and the symbol's colours, the rotations about `.bottom`, the scale of
  /// 1/4 about `.top`).
  @Test func landmarkReadsLikeTheTutorial() throws {
    let code = try #require(SwiftUISupport.code(try Support.read("samples/landmark.badge")))
    for part in [
      "import SwiftUI", "struct BadgeBackground: View {", "struct BadgeSymbol: View {",
      "struct RotatedBadgeSymbol: View {\n  var angle: Angle\n", "struct Badge: View {", "struct LandmarkBadge: View {",
      "GeometryReader { geometry in\n      Path { path in", "let adjustment: Double = 0.085",
      "let xScale: Double = 0.832",
      "let spacing = side * 0.03", "let topWidth = side * 0.226", "let topHeight = h * 0.488",
      "Color(red: 239 / 255, green: 120 / 255, blue: 221 / 255)",
      "Color(red: 79 / 255, green: 79 / 255, blue: 191 / 255)",
      "BadgeSymbol()\n      .padding(-60)\n      .rotationEffect(angle, anchor: .bottom)",
      "ForEach(0..<Int(rotations), id: \\.self) { i in",
      "RotatedBadgeSymbol(angle: .degrees(Double(i) * 360 / rotations))",
      ".opacity(0.5)", ".scaleEffect(1 / 4, anchor: .top)", ".position(x: width / 2, y: 3 / 4 * height)",
      ".aspectRatio(1, contentMode: .fit)", "#Preview {\n  LandmarkBadge()\n}",
    ] {
      #expect(code.contains(part), "missing: \(part)\n\(code)")
    }
    #expect(try SwiftUISupport.typeCheckErrors(code, name: "Landmark") == nil)
  }

  /// The stand-in refuses what SwiftUI refuses (so that the checks here
  /// cannot pass for want of a compiler): an angle given as a number, a
  /// fill of a view, a CGPoint without its labels.
  @Test func standInCatchesMistakes() throws {
    for wrong in [
      "struct A: View { var body: some View { Circle().rotationEffect(45) } }",
      "struct B: View { var body: some View { Text(\"x\").fill(Color.red) } }",
      "let p = CGPoint(1, 2)",
    ] {
      let errors = try SwiftUISupport.typeCheckErrors("import SwiftUI\n" + wrong, name: "Wrong")
      #expect(errors?.contains("error:") == true, "\(wrong) type-checked")
    }
  }

  /// The samples SwiftUI can say type-check against SwiftUI's API.
  @Test(arguments: [
    "landmark", "shield", "hikebadge", "outlined", "stripes", "build-status", "streak", "donut", "medal", "progress",
    "sunburst", "summit", "achievement",
  ])
  func sampleTypeChecks(_ name: String) throws {
    var options = CompileOptions()
    options.importPaths = [Support.url("samples").path]
    let code = try #require(SwiftUISupport.code(try Support.read("samples/\(name).badge"), options))
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: name) { Issue.record("\(errors)\n\(code)") }
  }

  /// Every construct the writer handles, in one badge.
  static let constructs = """
    let tint = rgb(30, 90, 200)
    let turn = 15deg
    let count = 6
    let title = "Summit"
    let big = true
    component Ring(width = 4, color = orange) {
      circle().trim(from: 0.1, to: 0.9).stroke(color, width: width, cap: round, join: bevel, dash: (6, 3))
    }
    component Wedge(angle) {
      path {
        let r = min(width, height) / 2
        move (r, r)
        arc (r, r), radius: r, startAngle: 0deg, endAngle: angle, clockwise: false
        cubic (0, r), control1: (r, 2 * r), control2: (0, 2 * r)
        within 0, 0, width, height { line (0.5, 0) quad (1, 0.5), control: (1, 0) }
        repeat 3 as k { line (r + k, r) }
        close
      }
      .fill(angular(red, yellow, green, center: (0.5, 0.5), startAngle: 0deg, endAngle: 270deg), rule: evenodd)
    }
    component Drop(tip = 0.3) {
      path { move (width / 2, 0) quad (width / 2, height), control: (width * (1 + tip), height) close }
        .aspect(0.7, fit)
    }
    badge Constructs size 200 {
      zstack(alignment: topLeading) {
        rect().fill(linear(tint, tint.opacity(0.5), start: top, end: bottom))
        vstack(spacing: 4, alignment: leading) {
          text(title).font(size: 18, weight: bold).fill(white)
          text("\\(count) peaks").font(caption).italic()
          spacer(minLength: 2)
          hstack(spacing: 2) {
            repeat count as i { circle().fill(hsb(i * 60deg, 0.8, 0.9)).frame(width: 10, height: 10) }
          }
        }
        .padding(12)
        Ring(color: tint).frame(width: 60, height: 60).offset(x: 100, y: 20).rotate(turn + 5deg)
        Wedge(angle: 120deg).frame(width: 50, height: 50).position(x: 150, y: 150).shadow(radius: 4, y: 2)
        geometry {
          capsule(style: continuous).fill(radial(white, clear, center: center, endRadius: 30))
            .frame(width: width / 4, height: 20).scale(x: 1.5, y: 1, anchor: center)
        }
        roundedRect(radius: 8).fill(green).frame(width: 40, height: 40).clipShape(circle()).blur(radius: 1)
          .position(x: 40, y: 160)
        if big {
          ellipse().fill(red.opacity(0.3)).frame(minWidth: 10, maxWidth: 80, maxHeight: 30).aspect(2, fit)
        } else {
          rect().fill(gray)
        }
        Drop().fill(teal).stroke(white, width: 2).frame(width: 30, height: 40).position(x: 20, y: 20)
        star(points: 5, innerRadius: 0.4).fill(yellow).clipShape(Drop(tip: 0.2)).frame(width: 24, height: 24)
        polygon(sides: 6).stroke(black, width: 1).frame(width: 20, height: 20).offset(x: 5 * cos(turn))
        text(title).tracking(2)
        text(big ? title.uppercased() : "none").font(.system(size: 12, weight: .bold)).padding(.horizontal, 10)
        circle().stroke(colorScheme == .dark ? white : black, lineWidth: 2, lineCap: .round).frame(width: 9)
        unevenRoundedRect(topLeading: 4, bottomTrailing: 6).fill(pink).frame(width: 20, height: 12)
        rect().fill(blue).mask { circle().padding(4) }.frame(width: 30, height: 30).opacity(0.8)
          .overlay(alignment: center) { text("A").bold() }.scaledToFit()
      }
    }
    """

  @Test func everyConstructTypeChecks() throws {
    let code = try #require(SwiftUISupport.code(SwiftUICodeTests.constructs))
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "Constructs") { Issue.record("\(errors)\n\(code)") }
    for part in [
      "ZStack(alignment: .topLeading)", "VStack(alignment: .leading, spacing: 4)", "HStack(spacing: 2)",
      ".font(.system(size: 18, weight: .bold))", ".font(.caption)",
      "Text(\"\\(count.formatted(.number.grouping(.never))) peaks\")",
      "StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .bevel, dash: [6, 3])", ".trim(from: 0.1, to: 0.9)",
      "path.addArc(center:", "path.addCurve(to:", "path.addQuadCurve(to:", "for k in 0..<3 {",
      "FillStyle(eoFill: true)", "AngularGradient(colors:", "RadialGradient(colors:",
      ".rotationEffect(.degrees(turn.degrees + 5))",
      ".clipShape(Circle())", ".blur(radius: 1)", ".mask {", ".overlay(alignment: .center) {", "if big {", "} else {",
      "Capsule(style: .continuous)", "RoundedRectangle(cornerRadius: 8, style: .circular)",
      "Color(hue: (Double(i) * 60) / 360, saturation: 0.8, brightness: 0.9)",
      "struct Drop: Shape {\n  var tip: Double = 0.3\n", "let ratio: CGFloat = 0.7", ".offsetBy(dx:",

      "struct StarShape: Shape {", "StarShape(points: 5, innerRadius: 0.4)", ".clipShape(Drop(tip: 0.2))",
      "struct PolygonShape: Shape {", "PolygonShape(sides: 6)", ".offset(x: 5 * cos(turn.radians))",
      ".tracking(2)", "Text((big ? title.uppercased() : \"none\"))", ".font(.system(size: 12, weight: .bold))",
      ".padding(.horizontal, 10)", "@Environment(\\.colorScheme) var colorScheme",
      "(colorScheme == .dark ? Color.white : Color.black)", "StrokeStyle(lineWidth: 2, lineCap: .round)",
      "UnevenRoundedRectangle(topLeadingRadius: 4, bottomTrailingRadius: 6, style: .circular)",
    ] {
      #expect(code.contains(part), "missing: \(part)\n\(code)")
    }
    // A shape filled, then stroked again over its fill.
    let unindented = code.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    #expect(unindented.contains("Drop()\n.fill(Color.teal)\n.overlay {\nDrop()\n.stroke(Color.white, lineWidth: 2)\n}"))
  }

  /// Lists, percentages in a reader, radial gradients sized by their
  /// frame, components that are one shape, path data, numbers in strings,
  /// options chosen by conditions.
  static let moreConstructs = """
    let values = (3, 1, 2)
    let palette = (red, green, blue)
    let sweep = 90deg
    let kind = "wide"
    let km = 12.25
    component Seal(points = 12) { star(points: points, innerRadius: 0.8) }
    component Icon() { path("M2 2h20v20H2z", viewBox: (0, 0, 24, 24)) }
    badge More size 120 {
      zstack {
        circle().fill(radial(stop(white, 0.2), gray, black))
        geometry {
          repeat values as i, v {
            rect().fill(palette[mod(i, palette.count)])
              .frame(width: 10%, height: v * 10)
              .position(x: 20% + i * 12, y: 50%)
          }
        }
        Seal().fill(radial(red, blue, endRadius: 40%)).frame(width: 40, height: 40)
        Icon().fill(teal).clipShape(Seal(points: 8)).frame(width: 20, height: 20)
        roundedRect(radius: 4).strokeBorder(black, width: 2).opacity(50%)
        path { move (10, 10) arc tangent1End: (90, 10), tangent2End: (90, 90), radius: 20 }.stroke(black, width: 2)
        rect().fill(red).frame(width: 9, height: 9).rotate(lerp(10deg, 80deg, 0.5)).rotate(atan2(1, 1))
        text("\\(50%) done").rotate(asin(0.5))
        if kind == "wide" {
          text("\\(values.count) of \\(values.sum()): \\(km.formatted(decimals: 1)) km, \\(km, specifier: "%.2f")")
            .font(family: "DejaVu Sans", size: kind == "wide" ? 9 : 8, weight: kind == "wide" ? .bold : .regular)
            .fixedSize()
          text("ROUND", radius: 30).font(.caption).bold().tracking(1).fill(linear(red, blue)).padding(2)
          text("side", angle: 90deg, side: outside).italic()
        } else if kind == "tall" {
          circle().trim(from: 0, to: sweep / 360deg).stroke(linear(red, stop(blue, 0.8), green), width: 3)
        }
      }
    }
    """

  @Test func moreConstructsTypeCheck() throws {
    let code = try #require(SwiftUISupport.code(SwiftUICodeTests.moreConstructs))
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "More") { Issue.record("\(errors)\n\(code)") }
    for part in [
      "var values: [Double] = [3, 1, 2]", "var palette: [Color] = [Color.red, Color.green, Color.blue]",
      "ForEach(values.indices, id: \\.self) { i in", "let v = values[i]",
      ".fill(palette[i % palette.count])", ".frame(width: geometry.size.width * 0.1, height: v * 10)",
      ".position(x: geometry.size.width * 0.2 + Double(i) * 12, y: geometry.size.height * 0.5)",
      "GeometryReader { geometry in\n        Circle()\n          .fill(RadialGradient(stops: [",
      "Gradient.Stop(color: Color.gray, location: 0.5)",
      "endRadius: min(geometry.size.width, geometry.size.height) / 2))",
      "endRadius: min(geometry.size.width, geometry.size.height) * 0.4))",
      "struct Seal: Shape {", "StarShape(points: Int(points), innerRadius: 0.8).path(in: rect)",
      "struct Icon: Shape {",
      "SVGPath(\"M2 2h20v20H2z\", viewBox: CGRect(x: 0, y: 0, width: 24, height: 24)).path(in: rect)",
      ".clipShape(Seal(points: 8))", ".strokeBorder(Color.black, lineWidth: 2)", ".opacity(0.5)",
      "\\(values.count) of \\(values.reduce(0, +).formatted(.number.grouping(.never)))",
      "\\(km.formatted(.number.precision(.fractionLength(1)))) km", "\\(String(format: \"%.2f\", km))",
      ".font(.custom(\"DejaVu Sans\", size: (kind == \"wide\" ? 9 : 8)).weight((kind == \"wide\" ? .bold : .regular)))",
      ".fixedSize()", "} else if kind == \"tall\" {",
      "path.addArc(tangent1End: CGPoint(x: 90, y: 10), tangent2End: CGPoint(x: 90, y: 90), radius: 20)",
      ".rotationEffect(.degrees(10 + (80 - 10) * 0.5))", ".rotationEffect(.degrees(atan2(1, 1) * 180 / Double.pi))",
      "Text(\"50% done\")", ".rotationEffect(.degrees(asin(0.5) * 180 / Double.pi))",
      "CurvedText(\"ROUND\", radius: 30, font: .caption, weight: .bold, tracking: 1, style: AnyShapeStyle(LinearGradient(",
      "CurvedText(\"side\", angle: .degrees(90), inside: false, italic: true)", "struct CurvedText: View {",
      ".trim(from: 0, to: sweep.degrees / 360)",
    ] {
      #expect(code.contains(part), "missing: \(part)\n\(code)")
    }
  }

  /// Text along a circle is drawn in a Canvas, with a warning at the text
  /// (the letters are placed by SwiftUI's metrics); the file is written.
  @Test func curvedTextWarns() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("c.badge")
    try Data("badge C size 100 {\n  text(\"ROUND\", radius: 30)\n}\n".utf8).write(to: input)
    let out = dir.appendingPathComponent("C.swift")
    let run = try Support.badgec([input.path, "-o", out.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("\(input.path):2:3: warning: the SwiftUI code draws text along a circle in a Canvas"))
    #expect(run.stderr.components(separatedBy: "warning:").count == 2, "\(run.stderr)")
    let code = try String(contentsOf: out, encoding: .utf8)
    #expect(code.contains("CurvedText(\"ROUND\", radius: 30)"))
    // Other formats do not warn about the SwiftUI code.
    let svg = try Support.badgec([input.path, "-o", dir.appendingPathComponent("c.svg").path])
    #expect(svg.status == 0 && svg.stderr.isEmpty, "\(svg.stderr)")
  }

  /// Compiled with the dark appearance kept too (what a run that also
  /// writes an asset catalog asks), the code is still written.
  @Test func withTheDarkSceneKept() throws {
    var options = CompileOptions()
    options.keepsDarkScene = true
    let code = try #require(SwiftUISupport.code("badge D size 40 { circle().fill(blue) }", options))
    #expect(code.contains("struct DBadge: View {"))
  }

  /// What SwiftUI has no counterpart for: one error at its place each, and
  /// no file written.
  @Test(arguments: [
    ("rect().fill(linear(repeat 2 as i { red, blue }))", "a repeat among a gradient's stops", 1),
    ("rect().fill(linear(red, blue).opacity(0.5))", "a gradient's opacity", 1),
    ("rect().frame(width: 50%)", "a percentage", 1),
    ("star(points: 5).strokeBorder(red, width: 2)", "a stroke inside the border of this shape", 1),
  ])
  func refused(_ body: String, _ what: String, _ line: Int) throws {
    try Support.expectRefused(body, writing: "B.swift", line: line, message: "cannot hold \(what)")
  }

  /// A let only the badge reads is a property of its view (the tutorial's
  /// `HikeBadge(name:)`); one that a component reads stays a constant; an
  /// `if` alone in the badge is put in a stack, so that its frame has a
  /// view to modify.
  @Test func badgePropertiesAndConditionals() throws {
    var options = CompileOptions()
    options.importPaths = [Support.url("samples").path]
    let hike = try #require(SwiftUISupport.code(try Support.read("samples/hikebadge.badge"), options))
    #expect(hike.contains("struct HikeBadge: View {\n  var name: String = \"Preview Testing\"\n"), "\(hike)")
    #expect(hike.contains("let rotations: Double = 8"))
    let source = "let wide = false\nbadge D size 80 { if wide { rect().fill(red) } else { circle().fill(blue) } }"
    let code = try #require(SwiftUISupport.code(source))
    #expect(code.contains("ZStack {\n      if wide {"), "\(code)")
    // A lone ForEach too: the frame is the badge's, not each copy's.
    let lone = try #require(SwiftUISupport.code("badge R size 50 { repeat 2 as i { circle() } }"))
    #expect(lone.contains("ZStack {\n      ForEach(0..<2, id: \\.self) { i in"), "\(lone)")
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "Conditional") { Issue.record("\(errors)\n\(code)") }
  }

  /// Names that are not Swift's are mangled predictably; a `-D` value is
  /// the constant's value; the same input gives the same text.
  @Test func namesOverridesAndDeterminism() throws {
    let source = """
      let rotations = 8
      let in = 2
      component Circle(body = 3) { circle().padding(body + in) }
      badge "My badge!" size 80 { Circle() }
      """
    var options = CompileOptions()
    options.overrides = ["rotations=6"]
    let code = try #require(SwiftUISupport.code(source, options))
    #expect(code.contains("let rotations: Double = 6"))
    #expect(code.contains("let in_: Double = 2"))
    #expect(code.contains("struct CircleView: View {\n  var body_: Double = 3"))
    #expect(code.contains(".padding(body_ + in_)"))
    #expect(code.contains("struct My_badge_Badge: View {"))
    #expect(code.contains("    CircleView()"))
    #expect(SwiftUISupport.code(source, options) == code)
    #expect(try SwiftUISupport.typeCheckErrors(code, name: "Names") == nil)
    // Values named like Swift's and SwiftUI's types, `_` and `Type`; a
    // whole number in a body is a Double; a lone repeat is stacked.
    let clashing = """
      let Color = red
      let Circle = 3
      component C(Type = 2, _ = 1) {
        let k = 4
        circle().fill(Color).padding(k + Circle + Type + _)
      }
      component Body() { circle() }
      let await = 2
      badge T size 100 { repeat 3 as Double { C().offset(x: Double * 10) } Body().padding(await) }
      """
    let mangled = try #require(SwiftUISupport.code(clashing))
    for part in [
      "let Color_: Color = Color.red", "let Circle_: Double = 3", "var Type_: Double = 2", "var __: Double = 1",
      "let k: Double = 4", ".padding(k + Circle_ + Type_ + __)", "struct Body_: Shape {", "var await_: Double = 2",
      "ZStack {\n      ForEach(0..<3, id: \\.self) { Double_ in",
    ] {
      #expect(mangled.contains(part), "missing: \(part)\n\(mangled)")
    }
    if let errors = try SwiftUISupport.typeCheckErrors(mangled, name: "Clashing") {
      Issue.record("\(errors)\n\(mangled)")
    }
  }
}
