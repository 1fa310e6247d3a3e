// The SVG writer's constructs as renderers draw them: strokes (width, caps,
// joins, dashes, transforms), radial gradients, clips, masks, shadows and
// blurs, rendered by rsvg-convert (and resvg when present) and checked at
// known pixels. Canvas points are pixels (zoom 1).
import Foundation
import Testing

@testable import BadgeKit

struct SVGRenderTests {
  typealias S = SVGScenes

  /// `nodes` on a `size` canvas, rendered by every renderer; `check` gets
  /// a pixel reader (canvas point → channels) and the renderer's name.
  static func check(
    _ name: String, _ size: Size, _ nodes: [SceneNode], sourceLocation: SourceLocation = #_sourceLocation,
    _ check: (_ at: (Double, Double) -> [Int], _ tool: String) -> Void
  ) throws {
    let svg = S.svg(Scene(name: name, size: size, nodes: nodes))
    #expect(SVGInertness.problems(in: Array(svg.utf8)) == [], sourceLocation: sourceLocation)
    for tool in S.renderers {
      guard let image = try S.render(svg, tool: tool, sourceLocation: sourceLocation) else { continue }
      check({ image.pixel(Int($0), Int($1)) }, tool)
    }
  }

  static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 3) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  static let white = [255, 255, 255]
  static let black = [0, 0, 0]
  static let redBytes = [255, 0, 0]
  static let blueBytes = [0, 0, 255]

  /// A horizontal line on the canvas from (10, y) to (50, y), in the
  /// frame that `t` maps onto the canvas.
  static func line(y: Double = 20, _ t: Transform = .identity) -> ScenePath {
    let inverse = t.inverted!
    return ScenePath([.move(inverse.apply(Point(10, y))), .line(inverse.apply(Point(50, y)))])
  }

  @Test func strokeWidthAndCaps() throws {
    for cap in [LineCap.butt, .round, .square] {
      let stroke = StrokeStyle(width: 6, cap: cap)
      try Self.check("caps", Size(60, 40), [S.fill(Self.line(), .solid(S.black), stroke: stroke)]) { at, tool in
        #expect(at(30, 20) == Self.black && at(30, 17) == Self.black && at(30, 22) == Self.black, "\(tool)")
        #expect(at(30, 15) == Self.white && at(30, 23) == Self.white, "\(tool): outside the width")
        // Butt caps end at the ends; round and square ones go on by half
        // the width (a square's corner too, a round one's not).
        #expect((at(8, 20) == Self.black) == (cap != .butt), "\(tool) \(cap)")
        #expect(at(6, 20) == Self.white, "\(tool) \(cap)")
        #expect((at(7.5, 17.5) == Self.black) == (cap == .square), "\(tool) \(cap)")
      }
    }
  }

  @Test func joins() throws {
    // A right angle at (30, 10), its outside up, 10 wide: a miter
    // reaches 5√2 above the corner (y 2.93), a round join 5 (y 5), and a
    // bevel cuts at y 6.46. A miter limit under √2 makes it a bevel.
    let corner = ScenePath([.move(Point(10, 30)), .line(Point(30, 10)), .line(Point(50, 30))])
    let cases: [(LineJoin, Double, Bool, Bool)] = [
      (.miter, 10, true, true), (.miter, 1.2, false, false), (.bevel, 10, false, false), (.round, 10, false, true),
    ]
    for (join, limit, tip, top) in cases {
      let stroke = StrokeStyle(width: 10, join: join, miterLimit: limit)
      try Self.check("joins", Size(60, 40), [S.fill(corner, .solid(S.black), stroke: stroke)]) { at, tool in
        #expect((at(29, 4)[0] < 128) == tip, "\(tool): \(join) \(limit) at the tip: \(at(29, 4))")
        #expect((at(29, 5)[0] < 128) == top, "\(tool): \(join) \(limit) at the corner's top: \(at(29, 5))")
        #expect(at(29, 4)[0] > 240 || tip, "\(tool): \(join) \(limit) above the join: \(at(29, 4))")
        #expect(at(30, 12) == Self.black, "\(tool)")
      }
    }
  }

  @Test func dashes() throws {
    let dashed = StrokeStyle(width: 4, dash: [5, 5])
    let shifted = StrokeStyle(width: 4, dash: [5, 5], dashPhase: 5)
    try Self.check(
      "dashes", Size(60, 60),
      [
        S.fill(Self.line(), .solid(S.black), stroke: dashed),
        S.fill(Self.line(y: 40, .translation(0, 20)), .solid(S.black), .translation(0, 20), stroke: shifted),
      ]
    ) { at, tool in
      #expect(at(12.5, 20) == Self.black && at(17.5, 20) == Self.white && at(22.5, 20) == Self.black, "\(tool)")
      #expect(at(12.5, 40) == Self.white && at(17.5, 40) == Self.black && at(22.5, 40) == Self.white, "\(tool)")
    }
  }

  @Test func strokeThroughTransforms() throws {
    // A scale of 2 doubles the width and the dashes (lengths are in the
    // frame); a scale of (2, 0.5) makes a horizontal line thin and a
    // vertical one wide, as SVG's own transform would.
    let scaled = StrokeStyle(width: 3, dash: [2.5, 2.5])
    let uneven = Transform(a: 2, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
    let vertical = ScenePath([.move(Point(40, 20)), .line(Point(40, 70))])
    try Self.check(
      "stroke transforms", Size(100, 80),
      [
        S.fill(Self.line(.scale(2, 2)), .solid(S.black), .scale(2, 2), stroke: scaled),
        S.fill(Self.line(y: 50, uneven), .solid(S.black), uneven, stroke: StrokeStyle(width: 8)),
        S.fill(vertical, .solid(S.black), uneven, stroke: StrokeStyle(width: 8)),
      ]
    ) { at, tool in
      // Width 6 on the canvas, dashes of 5.
      #expect(at(12.5, 17.5) == Self.black && at(12.5, 22) == Self.black && at(12.5, 24) == Self.white, "\(tool)")
      #expect(at(17.5, 20) == Self.white && at(22.5, 20) == Self.black, "\(tool)")
      // Half-width 2 across the horizontal line at y 50, 8 across the
      // vertical one at x 80.
      #expect(at(30, 51) == Self.black && at(30, 53) == Self.white, "\(tool): \(at(30, 53))")
      #expect(at(74, 25) == Self.black && at(71, 25) == Self.white, "\(tool): \(at(71, 25))")
    }
  }

  /// Copies of one stroked path under rotations and a scale share its
  /// definition: the stroke's width is in the shared path's units (the
  /// scale baked in), so it is the width times the scale on the canvas.
  @Test func strokedCopiesShareAPath() throws {
    let ring = ScenePath(
      (0...40).map { k -> PathElement in
        let p = Point(5 * cos(Double(k) * .pi / 20), 5 * sin(Double(k) * .pi / 20))
        return k == 0 ? .move(p) : .line(p)
      } + [.close])
    let nodes = (0..<3).map { i -> SceneNode in
      let t = Transform.translation(20 + 30 * Double(i), 20) * .rotation(Double(i)) * .scale(2, 2)
      return S.fill(ring, .solid(S.black), t, stroke: StrokeStyle(width: 1.5))
    }
    let svg = S.svg(Scene(name: "rings", size: Size(100, 40), nodes: nodes))
    #expect(svg.components(separatedBy: "<use ").count - 1 == 3)
    #expect(svg.contains("stroke-width=\"3\""))
    try Self.check("rings", Size(100, 40), nodes) { at, tool in
      for i in 0..<3 {
        let x = 20 + 30 * Double(i)
        // The stroke runs 8.5 to 11.5 from the centre.
        #expect(at(x, 20) == Self.white && at(x + 10, 20)[0] < 40 && at(x - 10, 20)[0] < 40, "\(tool): \(i)")
        #expect(at(x, 13) == Self.white && at(x, 26) == Self.white && at(x + 12.5, 20) == Self.white, "\(tool): \(i)")
        #expect(at(x, 10) == Self.black || at(x, 9) == Self.black, "\(tool): \(i)")
      }
    }
  }

  @Test func strokePaintsAndOpacity() throws {
    let linear = LinearGradient(stops: S.stops([S.red, S.blue]), start: Point(10, 0), end: Point(50, 0))
    try Self.check(
      "stroke paints", Size(60, 40),
      [
        S.fill(Self.line(), .linear(linear), stroke: StrokeStyle(width: 6)),
        S.fill(
          Self.line(y: 30, .translation(0, 10)), .solid(RGBA(r: 0, g: 0, b: 0, a: 0.5)), .translation(0, 10),
          opacity: 0.5, stroke: StrokeStyle(width: 4)),
      ]
    ) { at, tool in
      #expect(Self.near(at(10, 20), [252, 0, 3], 4) && Self.near(at(49, 20), [3, 0, 252], 4), "\(tool)")
      #expect(Self.near(at(30, 30), [191, 191, 191]), "\(tool): a quarter black: \(at(30, 30))")
    }
  }

  /// `path` with its points (lines only) mapped by `t`.
  static func mapped(_ path: ScenePath, _ t: Transform) -> ScenePath {
    ScenePath(
      path.elements.map {
        switch $0 {
        case .move(let p): return .move(t.apply(p))
        case .line(let p): return .line(t.apply(p))
        default: return $0
        }
      })
  }

  /// A radial gradient's exact colour at the canvas pixel (x, y) of a
  /// fill drawn through `t`.
  static func radialColour(_ g: RadialGradient, _ t: Transform, _ x: Double, _ y: Double) -> [Int] {
    let q = t.inverted!.apply(Point(x + 0.5, y + 0.5))
    let d = ((q.x - g.center.x) * (q.x - g.center.x) + (q.y - g.center.y) * (q.y - g.center.y)).squareRoot()
    let c = GradientStop.color(at: (d - g.startRadius) / (g.endRadius - g.startRadius), g.stops)
    return [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) }
  }

  @Test func radialGradients() throws {
    let plain = RadialGradient(stops: S.stops([S.red, S.blue]), center: Point(30, 30), startRadius: 0, endRadius: 20)
    let ring = RadialGradient(stops: S.stops([S.red, S.blue]), center: Point(30, 30), startRadius: 10, endRadius: 20)
    let skew = Transform(a: 1.5, b: 0.5, c: -0.2, d: 0.8, tx: 20, ty: 60)
    let canvas = S.rect(-100, -100, 300, 300)
    try Self.check(
      "radial", Size(150, 120),
      [
        .clip(
          [ClipPath(path: S.rect(0, 0, 60, 60), transform: .identity, rule: .nonZero)],
          children: [S.fill(canvas, .radial(plain))]),
        .clip(
          [ClipPath(path: S.rect(60, 0, 60, 60), transform: .identity, rule: .nonZero)],
          children: [S.fill(canvas, .radial(ring), .translation(60, 0))]),
        .clip(
          [ClipPath(path: S.rect(0, 60, 150, 60), transform: .identity, rule: .nonZero)],
          children: [S.fill(Self.mapped(canvas, skew.inverted!), .radial(plain), skew)]),
      ]
    ) { at, tool in
      // The centre is the first colour, the edge and beyond the last.
      #expect(Self.near(at(30, 30), Self.radialColour(plain, .identity, 30, 30)), "\(tool): \(at(30, 30))")
      #expect(at(30, 5) == Self.blueBytes && at(55, 30) == Self.blueBytes, "\(tool)")
      for (x, y) in [(40.0, 30.0), (30, 45), (22, 22)] {
        let expected = Self.radialColour(plain, .identity, x, y)
        #expect(Self.near(at(x, y), expected), "\(tool) at \(x), \(y): \(at(x, y)), expected \(expected)")
      }
      // Inside the start radius, the first colour; half way from it to
      // the end, half way between the colours.
      #expect(at(90, 30) == Self.redBytes && at(98, 30) == Self.redBytes, "\(tool): \(at(98, 30))")
      #expect(Self.near(at(105, 30), Self.radialColour(ring, .translation(60, 0), 105, 30)), "\(tool)")
      // Through a skew (gradientTransform): an ellipse.
      for (x, y) in [(47.0, 84.0), (60, 90), (30, 80), (55, 100)] {
        let expected = Self.radialColour(plain, skew, x, y)
        #expect(Self.near(at(x, y), expected), "\(tool) at \(x), \(y): \(at(x, y)), expected \(expected)")
      }
    }
  }

  @Test func clipsCutAndNest() throws {
    try Self.check(
      "clips", Size(100, 100),
      [
        .clip(
          [ClipPath(path: S.circle(50, 50, 20), transform: .identity, rule: .nonZero)],
          children: [
            S.fill(S.rect(0, 0, 100, 50), .solid(S.red)),
            .clip(
              [ClipPath(path: S.rect(0, 25, 50, 50), transform: .translation(50, 25), rule: .nonZero)],
              children: [S.fill(S.rect(0, 50, 100, 50), .solid(S.blue))]),
          ])
      ]
    ) { at, tool in
      #expect(at(50, 40) == Self.redBytes && at(50, 25) == Self.white && at(20, 40) == Self.white, "\(tool)")
      // The inner clip is the circle's lower right quarter.
      #expect(at(60, 60) == Self.blueBytes && at(40, 60) == Self.white && at(75, 75) == Self.white, "\(tool)")
    }
  }

  @Test func masksTakeAlphaNotColour() throws {
    // A dark gradient from opaque to clear: the blue under it fades from
    // full to nothing (its colour does not matter, only its alpha).
    let fade = LinearGradient(
      stops: [
        GradientStop(color: RGBA(r: 0.1, g: 0, b: 0, a: 1), location: 0),
        GradientStop(color: RGBA(r: 0, g: 0.1, b: 0, a: 0), location: 1),
      ], start: Point(0, 0), end: Point(100, 0))
    try Self.check(
      "masks", Size(100, 60),
      [
        .mask(
          [
            S.fill(S.rect(0, 0, 100, 30), .linear(fade)), S.fill(S.rect(0, 30, 100, 30), .solid(S.black), opacity: 0.4),
          ],
          children: [S.fill(S.rect(0, 0, 100, 60), .solid(S.blue))])
      ]
    ) { at, tool in
      for x in [10.0, 25, 50, 75] {
        let a = 1 - (x + 0.5) / 100
        let expected = [Int((255 * (1 - a)).rounded()), Int((255 * (1 - a)).rounded()), 255]
        #expect(Self.near(at(x, 15), expected), "\(tool) at \(x): \(at(x, 15)), expected \(expected)")
      }
      #expect(Self.near(at(50, 45), [153, 153, 255]), "\(tool): \(at(50, 45))")
    }
  }

  @Test func shadowIsOffsetAndBlurred() throws {
    let shadow = Shadow(color: S.black, sigma: Point(2, 2), offset: Point(20, 10))
    let sharp = Shadow(color: S.blue, sigma: Point(0, 0), offset: Point(10, 0))
    try Self.check(
      "shadow", Size(120, 120),
      [
        .shadow(shadow, children: [S.fill(S.rect(20, 20, 20, 20), .solid(S.red))]),
        .shadow(sharp, children: [S.fill(S.rect(20, 80, 20, 20), .solid(S.red))]),
      ]
    ) { at, tool in
      #expect(at(30, 30) == Self.redBytes, "\(tool): the shape over its shadow")
      #expect(at(50, 40)[0] < 10, "\(tool): the shadow under the offset: \(at(50, 40))")
      // Blurred: past the shadow's edge it is tinted, inside the edge not
      // quite dark; far away nothing.
      let past = at(61, 40)[0]
      #expect(past < 230 && past > 60, "\(tool): just past the shadow's edge \(at(61, 40))")
      #expect(at(58, 40)[0] > 10 && at(58, 40)[0] < 120, "\(tool): just inside it \(at(58, 40))")
      #expect(at(64, 40)[0] < 255, "\(tool): 2σ past it \(at(64, 40))")
      #expect(at(100, 60) == Self.white && at(10, 10) == Self.white, "\(tool): far away")
      // Unblurred: a sharp copy.
      #expect(at(45, 90) == Self.blueBytes && at(50.5, 90) == Self.white, "\(tool): \(at(50.5, 90))")
    }
  }

  @Test func blurIsNotCut() throws {
    try Self.check(
      "blur", Size(100, 100),
      [
        .blur(sigma: Point(4, 4), children: [S.fill(S.rect(40, 40, 20, 20), .solid(S.black))]),
        .blur(sigma: Point(0, 3), children: [S.fill(S.rect(10, 10, 4, 20), .solid(S.black))]),
      ]
    ) { at, tool in
      #expect(at(50, 50)[0] < 40, "\(tool)")
      // 2σ past the square's edge: a little dark still (Φ(−2) ≈ 2.3%).
      let far = at(68, 50)[0]
      #expect(far < 254 && far > 240, "\(tool): 2σ out \(at(68, 50))")
      #expect(at(50, 68)[0] < 254 && at(32, 50)[0] < 254, "\(tool)")
      // Along y only.
      #expect(at(12, 35)[0] < 255 && at(15, 20) == Self.white && at(12, 20)[0] < 30, "\(tool)")
    }
  }
}
