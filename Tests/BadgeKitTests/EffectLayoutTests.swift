// Layout tests for strokes, trims, clips, masks, shadows and blurs: which
// scene nodes each modifier makes, with numbers worked out by hand, and the
// errors each one reports at its own range.
import Testing

@testable import BadgeKit

struct EffectLayoutTests {
  /// The scene of a 100 × 100 badge whose body is `body`.
  static func scene(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) -> Scene? {
    Support.scene("badge T size 100 { \(body) }", sourceLocation: sourceLocation)
  }

  static func errors(_ text: String) -> [String] {
    Support.compile(text).diagnostics.map(\.message.text)
  }

  /// What each shape draws: (stroke width or nil for a fill, its paint).
  static func painted(_ scene: Scene) -> [(Double?, Paint)] { scene.fills.map { ($0.stroke?.width, $0.paint) } }

  static let red = Paint.solid(Builtins.colors["red"]!)
  static let blue = Paint.solid(Builtins.colors["blue"]!)
  static let black = Paint.solid(RGBA(r: 0, g: 0, b: 0))

  /// SwiftUI: `Circle().stroke(.red)` draws only the outline; with a
  /// `.fill` written before the stroke both; a stroke without a paint takes
  /// the enclosing fill's (`.stroke(lineWidth:)` then `.foregroundStyle`);
  /// a fill outside a stroke does not fill the stroked shape.
  static let strokeCases: [(String, [(Double?, Paint)])] = [
    ("circle().stroke(red, width: 4)", [(4, red)]),
    ("circle().fill(blue).stroke(red, width: 4)", [(nil, blue), (4, red)]),
    ("circle().stroke(width: 4).fill(red)", [(4, red)]),
    ("circle().stroke()", [(1, black)]),
    ("zstack { circle().stroke(blue, width: 2) }.fill(red)", [(2, blue)]),
    ("zstack { circle().fill(blue) rect() }.stroke(red, width: 3)", [(nil, blue), (3, red), (3, red)]),
    ("circle().stroke(red, width: 0)", []),
    ("circle().stroke(red, lineWidth: 6, lineCap: round)", [(6, red)]),
  ]

  @Test(arguments: strokeCases.indices)
  func strokeAndFill(_ i: Int) throws {
    let (body, expected) = EffectLayoutTests.strokeCases[i]
    let scene = try #require(EffectLayoutTests.scene(body))
    let got = EffectLayoutTests.painted(scene)
    #expect(got.count == expected.count)
    for (g, e) in zip(got, expected) {
      #expect(g.0 == e.0)
      #expect(g.1 == e.1)
    }
  }

  @Test func strokeStyleArguments() throws {
    let scene = try #require(
      EffectLayoutTests.scene(
        "rect().stroke(red, width: 10%, cap: square, join: bevel, miterLimit: 3, dash: (5, 2, 1), dashPhase: 4)"))
    let style = try #require(scene.fills.first?.stroke)
    // 10% of the frame's shorter side, 100 points.
    #expect(style == StrokeStyle(width: 10, cap: .square, join: .bevel, miterLimit: 3, dash: [5, 2, 1], dashPhase: 4))
    // SwiftUI's defaults: width 1, butt caps, miter joins, limit 10.
    let plain = try #require(EffectLayoutTests.scene("rect().stroke(red)").flatMap(\.fills.first?.stroke))
    #expect(plain == StrokeStyle(width: 1, cap: .butt, join: .miter, miterLimit: 10, dash: [], dashPhase: 0))
  }

  /// `.strokeBorder` insets the shape by half the width: a circle in a
  /// 100-point frame stroked 10 wide has its stroke's centre line at radius
  /// 45, so the stroke's outer edge touches the frame.
  @Test func strokeBorderInsetsBuiltInShapes() throws {
    let scene = try #require(EffectLayoutTests.scene("circle().strokeBorder(red, width: 10)"))
    let f = try #require(scene.fills.first)
    guard case .move(let p)? = f.path.elements.first else {
      Issue.record("expected a move")
      return
    }
    // The circle starts at its trailing point: (50 + 45, 50).
    #expect(f.transform.apply(p) == Point(95, 50))
    // With a fill before it, the fill keeps the whole circle.
    let both = try #require(EffectLayoutTests.scene("circle().fill(blue).strokeBorder(red, width: 10)"))
    guard case .move(let q)? = both.fills[0].path.elements.first else { return }
    #expect(both.fills[0].transform.apply(q) == Point(100, 50))
  }

  /// Polygons and stars sit in the circle of the frame's shorter side,
  /// the first corner straight up.
  @Test func polygonAndStarPointUp() throws {
    let scene = try #require(
      EffectLayoutTests.scene(
        "zstack { polygon(sides: 6) star(points: 5, innerRadius: 0.5) }.frame(width: 80, height: 60)"))
    // Frame 80 × 60 at (10, 20) on the canvas; radius 30; centre (50, 50).
    let hexagon = scene.fills[0]
    guard case .move(let top) = hexagon.path.elements[0], case .line(let next) = hexagon.path.elements[1] else {
      Issue.record("expected move, line")
      return
    }
    #expect(LayoutTests.near(hexagon.transform.apply(top), Point(50, 20)))
    // 60° clockwise from up: (50 + 30 sin 60°, 50 − 30 cos 60°).
    #expect(LayoutTests.near(hexagon.transform.apply(next), Point(50 + 30 * 0.8660254037844386, 35), 1e-9))
    #expect(hexagon.path.elements.count == 7)
    let star = scene.fills[1]
    #expect(star.path.elements.count == 11)
    guard case .line(let inner) = star.path.elements[1] else { return }
    // The first inner corner, 36° clockwise from up at radius 15.
    #expect(
      LayoutTests.near(
        star.transform.apply(inner), Point(50 + 15 * 0.5877852522924731, 50 - 15 * 0.8090169943749475), 1e-9))
  }

  @Test func clipShapeAndClipped() throws {
    let scene = try #require(
      EffectLayoutTests.scene("rect().fill(red).frame(width: 40, height: 40).clipShape(circle(), rule: evenodd)"))
    guard case .clip(let shapes, let children) = try #require(scene.nodes.first) else {
      Issue.record("expected a clip")
      return
    }
    #expect(shapes.count == 1 && shapes[0].rule == .evenOdd)
    // The clip circle fills the 40-point frame at (30, 30): it starts at
    // its trailing point (70, 50).
    guard case .move(let p) = shapes[0].path.elements[0] else { return }
    #expect(shapes[0].transform.apply(p) == Point(70, 50))
    #expect(children.count == 1)
    let clipped = try #require(EffectLayoutTests.scene("circle().frame(width: 20, height: 30).clipped()"))
    guard case .clip(let frame, _) = try #require(clipped.nodes.first) else {
      Issue.record("expected a clip")
      return
    }
    #expect(frame[0].path == LayoutEngine.rectangle(Size(20, 30)))
    #expect(frame[0].transform.apply(Point(0, 0)) == Point(40, 35))
  }

  @Test func clipShapeTakesComponentsAndPaths() throws {
    let text = """
      component Half() { rect().frame(width: 50%).position(x: 25%, y: 50%) }
      badge T size 100 {
        zstack { circle().clipShape(Half().padding(10)) circle().clipShape(path { move (0, 0) line (1, 0) line (0, 1) }) }
      }
      """
    let scene = try #require(Support.scene(text))
    guard case .clip(let half, _) = scene.nodes[0], case .clip(let triangle, _) = scene.nodes[1] else {
      Issue.record("expected two clips")
      return
    }
    // Half of the frame inset by 10: 40 × 80 at (10, 10).
    guard case .move(let p) = half[0].path.elements[0] else { return }
    #expect(half[0].transform.apply(p) == Point(10, 10))
    #expect(triangle[0].path.elements.count == 3)
  }

  @Test func maskLaysItsContentOutInTheFrame() throws {
    let scene = try #require(
      EffectLayoutTests.scene(
        "rect().fill(red).frame(width: 60, height: 40).mask { circle().fill(linear(black, clear)) }"))
    guard case .mask(let mask, let children) = try #require(scene.nodes.first) else {
      Issue.record("expected a mask")
      return
    }
    #expect(children.count == 1)
    // The circle is proposed the 60 × 40 frame at (20, 30): diameter 40,
    // centred, trailing point at (20 + 30 + 20, 50).
    guard case .fill(let circle) = try #require(mask.first), case .move(let p) = circle.path.elements[0] else {
      Issue.record("expected a fill")
      return
    }
    #expect(circle.transform.apply(p) == Point(70, 50))
  }

  /// σ = radius / 2, in canvas points: a scale of 2 around the shadow
  /// doubles σ and the offset.
  @Test func shadowAndBlurInCanvasPoints() throws {
    let scene = try #require(
      EffectLayoutTests.scene("circle().frame(width: 20, height: 20).shadow(radius: 10, x: 3, y: 4).scale(2)"))
    guard case .shadow(let s, let children) = try #require(scene.nodes.first) else {
      Issue.record("expected a shadow")
      return
    }
    #expect(s == Shadow(color: RGBA(r: 0, g: 0, b: 0, a: 0.33), sigma: Point(10, 10), offset: Point(6, 8)))
    #expect(children.count == 1)
    let blurred = try #require(EffectLayoutTests.scene("circle().blur(radius: 6).rotate(90deg)"))
    guard case .blur(let sigma, _) = try #require(blurred.nodes.first) else {
      Issue.record("expected a blur")
      return
    }
    #expect(LayoutTests.near(sigma, Point(3, 3), 1e-12))
    let tinted = try #require(EffectLayoutTests.scene("circle().shadow(color: red.opacity(0.5), radius: 0)"))
    guard case .shadow(let t, _) = try #require(tinted.nodes.first) else { return }
    #expect(t.color == RGBA(r: 1, g: 59.0 / 255, b: 48.0 / 255, a: 0.5) && t.sigma == Point(0, 0))
  }

  @Test func radialAndAngularGradientsInTheFrame() throws {
    let scene = try #require(
      EffectLayoutTests.scene(
        """
        zstack {
          rect().fill(radial(red, blue, center: top, startRadius: 50%, endRadius: 4))
          rect().fill(angular(red, blue, startAngle: 90deg, endAngle: 0deg))
        }.frame(width: 40, height: 20)
        """))
    // Radii: 50% of the shorter side is 10, from 10 in to 4: the circles
    // from 4 to 10 with the stops reversed (blue at 4, red at 10), and the
    // start radius folded into the offsets: blue at 0.4, red at 1.
    guard case .radial(let r) = scene.fills[0].paint else {
      Issue.record("expected a radial gradient")
      return
    }
    #expect(r.startRadius == 0 && r.endRadius == 10)
    #expect(r.stops.map(\.location) == [0.4, 1])
    #expect(r.stops.map(\.color) == [Builtins.colors["blue"]!, Builtins.colors["red"]!])
    #expect(r.center == Point(20, 0))
    guard case .conic(let c) = scene.fills[1].paint else {
      Issue.record("expected a conic gradient")
      return
    }
    // Angles given backwards: the same gradient turning the other way.
    #expect(c.startAngle == 0 && c.endAngle == Double.pi / 2)
    #expect(c.stops.map(\.color) == [Builtins.colors["blue"]!, Builtins.colors["red"]!])
    #expect(c.center == Point(20, 10))
  }

  /// A start radius is folded into the stop offsets, as the SVG writes it:
  /// radii 10 → 40: offsets 0.25 and 1.
  @Test func radialStartRadiusBecomesOffsets() throws {
    let scene = try #require(
      EffectLayoutTests.scene("circle().fill(radial(red, blue, startRadius: 10, endRadius: 40))"))
    guard case .radial(let g) = scene.fills[0].paint else {
      Issue.record("expected a radial gradient")
      return
    }
    #expect(g.startRadius == 0 && g.endRadius == 40)
    #expect(g.stops.map(\.location) == [0.25, 1])
    #expect(g.center == Point(50, 50))
  }

  @Test(arguments: [
    ("circle().stroke(red, width: 45deg)", "expected a length, found an angle"),
    ("circle().stroke(red, width: -2)", "expected a line width that is not negative, found a number"),
    ("circle().stroke(red, dash: (5, -1))", "expected dash lengths that are not negative and not all zero"),
    ("circle().stroke(red, dash: 0)", "expected dash lengths that are not negative and not all zero"),
    ("circle().stroke(red, cap: bevel)", "expected 'butt' or 'round' or 'square', found 'bevel'"),
    ("circle().stroke(red, miterLimit: 0.5)", "expected a miter limit of at least 1, found a number"),
    (
      "circle().clipShape(5)",
      "expected a shape (a built-in shape such as circle(), a component or path { … }), found a number"
    ),
    (
      "circle().clipShape(red)",
      "expected a shape (a built-in shape such as circle(), a component or path { … }), found a colour"
    ),
    ("circle().clipShape(Hexagon())", "unknown component or shape 'Hexagon'"),
    ("circle().mask { }", "the mask draws nothing, so it would hide everything; expected shapes in its content"),
    ("circle().mask()", "missing argument '{ … }' of 'mask'"),
    ("circle().shadow(radius: red)", "expected a length, found a colour"),
    ("circle().shadow(5, red)", "expected the colour first (.shadow(color, radius: r)), found a number"),
    ("circle().shadow(color: red)", "missing argument 'radius' of 'shadow'"),
    ("circle().blur(radius: -1)", "expected a radius that is not negative, found a number"),
    (
      "path { move (0, 0) line (1, 1) }.strokeBorder(red)",
      "'.strokeBorder' insets built-in shapes only; use '.stroke' for a path or a component's own shapes"
    ),
    (
      "circle().opacity(0.5) { rect() }",
      "'.opacity' takes no '{ … }' content; only '.mask', '.overlay' and '.background' do"
    ),
    (
      "circle().fill(red.opacty(0.5))",
      "unknown method '.opacty'; a colour or gradient has '.opacity(x)'; did you mean '.opacity'?"
    ),
    ("polygon(sides: 2)", "expected a whole number of sides from 3 to 1000, found a number"),
    (
      "star(points: 5, innerRadius: 2)",
      "expected an inner radius from 0 to 1 (a fraction of the outer), found a number"
    ),
    ("polygon()", "missing argument 'sides' of 'polygon'"),
  ])
  func errors(_ body: String, _ message: String) {
    #expect(EffectLayoutTests.errors("badge T size 100 { \(body) }") == [message])
  }

  /// A mask or clip that draws nothing is reported once, not once a copy.
  @Test func emptyMaskOnRepeatReportsOnce() {
    #expect(EffectLayoutTests.errors("badge T { repeat 5 { circle() }.mask { } }").count == 1)
  }
}

extension EffectLayoutTests {
  /// SwiftUI's overlay and background: the content is proposed the view's
  /// size (60 × 40 at (20, 30) on a 100-point canvas) and aligned on it; a
  /// 10-point circle at topTrailing lies at (70, 30), so its trailing point
  /// is (80, 35). A background draws first, an overlay last; the view keeps
  /// its size.
  @Test func overlayAndBackgroundAlignOnTheView() throws {
    let scene = try #require(
      EffectLayoutTests.scene(
        """
        rect().fill(red).frame(width: 60, height: 40)
          .overlay(alignment: topTrailing) { circle().fill(blue).frame(width: 10, height: 10) }
          .background(capsule().fill(green))
        """))
    #expect(
      scene.fills.map(\.paint) == [.solid(Builtins.colors["green"]!), EffectLayoutTests.red, EffectLayoutTests.blue])
    let circle = scene.fills[2]
    guard case .move(let p) = circle.path.elements[0] else { return }
    #expect(circle.transform.apply(p) == Point(80, 35))
    // The background capsule is proposed the 60 × 40 frame: its first
    // point is the top edge after its 20-point corner, (20 + 20, 30).
    let capsule = scene.fills[0]
    guard case .move(let q) = capsule.path.elements[0] else { return }
    #expect(capsule.transform.apply(q) == Point(40, 30))
    // The view's size is the rectangle's: a frame around it centres it.
    let framed = try #require(
      EffectLayoutTests.scene(
        "rect().frame(width: 20, height: 20).overlay { circle().frame(width: 80, height: 80) }.frame(width: 50, height: 50, alignment: topLeading)"
      ))
    guard case .move(let r) = framed.fills[0].path.elements[0] else { return }
    // The 50-point frame at (25, 25); the rectangle at its top-left.
    #expect(framed.fills[0].transform.apply(r) == Point(25, 25))
  }
}
