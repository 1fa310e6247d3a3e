// The rasterizer's radial and conic gradients, masks, clips, shadows and
// blurs, checked against numbers computed here independently (colours at
// known radii and angles, areas, conserved alpha), and for independence
// from banding and threads.
import Testing

@testable import BadgeKit

struct RasterEffectTests {
  /// The premultiplied pixels of `scene` at `scale`, drawn on `threads`.
  static func pixels(_ scene: Scene, scale: Double = 1, threads: Int = 1) -> (Int, Int, [Pixel])? {
    guard let r = RasterRenderer(scene, scale: scale, background: nil) else { return nil }
    let count = r.width * r.height
    let buffer = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
    defer { buffer.deallocate() }
    _ = r.drawBands(
      threads: threads, chunkRows: 64,
      perBand: { y0, rows, band in (buffer + y0 * r.width).update(from: band, count: rows * r.width) },
      afterChunk: { _, _ in true })
    return (r.width, r.height, Array(UnsafeBufferPointer(start: buffer, count: count)))
  }

  static func scene(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Scene? {
    Support.scene(text, sourceLocation: sourceLocation)
  }

  static func channels(_ p: Pixel) -> [Int] { [Int(p & 255), Int(p >> 8 & 255), Int(p >> 16 & 255), Int(p >> 24)] }

  /// A square filled with `radial(black, white, endRadius: 40)`: the grey
  /// at distance d from the centre is 255 · d / 40 (the grey level at
  /// pixel centres, within one level), and 255 beyond 40.
  /// An effect's canvas covers what it blurs, not the image: twenty small
  /// blurs on an image 32,768 pixels wide, and a thousand small shadows
  /// on 1024 × 1024, are drawn (both were refused for their buffers).
  @Test func effectsCostTheirBounds() {
    let banner =
      "badge Banner size 32768, 64 { repeat 20 as i { circle().frame(width: 40, height: 40).offset(x: i * 50).blur(radius: 10) } }"
    let r = Support.compile(banner, CompileOptions(format: .png))
    #expect(!r.hasErrors, "\(r.renderedDiagnostics)")
    #expect(r.output != nil)
    let grid = """
      badge G size 1024 {
        repeat 1000 as i {
          circle().fill(red).frame(width: 20, height: 20).shadow(color: black.opacity(0.4), radius: 2, y: 1)
            .position(x: 16 + mod(i, 40) * 25, y: 16 + (i - mod(i, 40)) / 40 * 25)
        }
      }
      """
    let g = Support.compile(grid, CompileOptions(format: .png))
    #expect(!g.hasErrors, "\(g.renderedDiagnostics)")
    #expect(g.output != nil)
  }

  @Test func radialGreyIsTheDistance() throws {
    let scene = try #require(
      RasterEffectTests.scene("badge R size 100 { rect().fill(radial(black, white, endRadius: 40)) }"))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    for (x, y) in [(50, 50), (60, 50), (70, 73), (20, 30), (50, 89), (5, 5)] {
      let (dx, dy) = (Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
      let d = (dx * dx + dy * dy).squareRoot()
      let expected = min(255, 255 * d / 40)
      let got = Double(RasterEffectTests.channels(px[y * w + x])[0])
      #expect(abs(got - expected) <= 1.01, "(\(x), \(y)): \(got), expected \(expected)")
    }
  }

  /// `angular(black, white)` around the centre, a full turn from trailing,
  /// clockwise: the grey is 255 · angle / 360°.
  @Test func conicGreyIsTheAngle() throws {
    let scene = try #require(RasterEffectTests.scene("badge A size 100 { rect().fill(angular(black, white)) }"))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    for (x, y) in [(80, 60), (50, 90), (10, 50), (50, 10), (80, 20), (30, 70)] {
      let dy: Double = Double(y) + 0.5 - 50
      let dx: Double = Double(x) + 0.5 - 50
      var a: Double = atan2Of(dy, dx) * 180 / Double.pi
      if a < 0 { a += 360 }
      let expected = 255 * a / 360
      let got = Double(RasterEffectTests.channels(px[y * w + x])[0])
      #expect(abs(got - expected) <= 1.01, "(\(x), \(y)): \(got), expected \(expected)")
    }
  }

  /// From 0° to 90° only: the gap of 270° is split in the middle, so 180°
  /// (leading) and 200° are white (nearer the end), 300° black.
  @Test func conicPadsEachSideOfTheGap() throws {
    let scene = try #require(
      RasterEffectTests.scene(
        "badge A size 100 { rect().fill(angular(black, white, startAngle: 0deg, endAngle: 90deg)) }"))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    #expect(RasterEffectTests.channels(px[50 * w + 10])[0] == 255)  // 180°
    #expect(RasterEffectTests.channels(px[36 * w + 12])[0] == 255)  // 200°
    #expect(RasterEffectTests.channels(px[15 * w + 70])[0] == 0)  // about 300°
    // 45°: halfway.
    #expect(abs(RasterEffectTests.channels(px[80 * w + 80])[0] - 128) <= 1)
  }

  /// A 40 × 40 square masked by a circle of diameter 40 keeps the circle's
  /// area (π · 20² = 1256.6 pixels of alpha); clipped the same.
  @Test(arguments: [".mask { circle() }", ".clipShape(circle())"])
  func maskAndClipKeepTheShapesArea(_ modifier: String) throws {
    let scene = try #require(
      RasterEffectTests.scene("badge M size 60 { rect().fill(red).frame(width: 40, height: 40)\(modifier) }"))
    let (_, _, px) = try #require(RasterEffectTests.pixels(scene))
    let alpha = px.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    #expect(abs(alpha - Double.pi * 400) < 2, "\(alpha)")
    // Corners are empty, the centre opaque red.
    #expect(px[11 * 60 + 11] == 0)
    #expect(px[30 * 60 + 30] == Pixels.pack(Builtins.colors["red"]!))
  }

  /// A mask's alpha multiplies: a linear mask from opaque to clear leaves
  /// half the square's alpha; clips nest as intersections.
  @Test func masksMultiplyAndClipsIntersect() throws {
    let scene = try #require(
      RasterEffectTests.scene("badge M size 40 { rect().fill(blue).mask { rect().fill(linear(black, clear)) } }"))
    let (_, _, px) = try #require(RasterEffectTests.pixels(scene))
    let alpha = px.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    #expect(abs(alpha - 800) < 4, "\(alpha)")
    let nested = try #require(
      RasterEffectTests.scene(
        "badge C size 40 { rect().fill(blue).clipShape(rect().frame(width: 20).position(x: 10, y: 20)).clipShape(rect().frame(height: 20).position(x: 20, y: 10)) }"
      ))
    let (_, _, q) = try #require(RasterEffectTests.pixels(nested))
    let area = q.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    #expect(abs(area - 400) < 1, "\(area)")  // the 20 × 20 top-left quarter
  }

  /// A blur moves alpha but keeps all of it (far from the canvas edges),
  /// leaves the inside of a large shape alone and reaches out about 3σ.
  @Test func blurKeepsAlphaAndReachesThreeSigma() throws {
    let scene = try #require(
      RasterEffectTests.scene("badge B size 120 { rect().fill(black).frame(width: 60, height: 60).blur(radius: 8) }"))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    let alpha = px.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    #expect(abs(alpha - 3600) < 36, "\(alpha)")  // within 1%
    #expect(px[60 * w + 60] >> 24 == 255)
    // σ = 4: at the edge about half, 3σ out nearly nothing, 5σ out nothing.
    let edge = Int(px[60 * w + 30] >> 24)
    #expect(abs(edge - 128) < 20, "\(edge)")
    #expect(px[60 * w + 18] >> 24 < 4)
    #expect(px[60 * w + 9] >> 24 == 0)
  }

  /// A shadow is the shape's alpha, offset and tinted, beneath it: right
  /// of and below the shape it shows; its alpha totals the shape's area
  /// times the colour's alpha.
  @Test func shadowIsOffsetTintedAlpha() throws {
    let scene = try #require(
      RasterEffectTests.scene(
        "badge S size 100 { rect().fill(white).frame(width: 40, height: 40).shadow(color: black.opacity(0.5), radius: 2, x: 10, y: 10) }"
      ))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    // The square covers 30…70; its shadow 40…80.
    #expect(px[50 * w + 50] == Pixels.pack(RGBA(r: 1, g: 1, b: 1)))
    let shade = px[75 * w + 75]
    #expect(abs(Int(shade >> 24) - 128) <= 2 && shade & 0xFF_FFFF == 0)
    #expect(px[25 * w + 25] == 0)
    // Only the shadow's part outside the square shows: 40 × 40 − 30 × 30
    // = 700 pixels at alpha 0.5 (the square covers the rest).
    var shadowAlpha = 0.0
    for y in 0..<100 {
      for x in 0..<100 where !(x >= 30 && x < 70 && y >= 30 && y < 70) {
        shadowAlpha += Double(px[y * w + x] >> 24) / 255
      }
    }
    #expect(abs(shadowAlpha - 350) < 5, "\(shadowAlpha)")
  }

  /// Content beyond the canvas blurs into it: a square half outside the
  /// top-left corner gives the same pixels as the whole square drawn on a
  /// larger canvas, shifted.
  @Test func blurSeesBeyondTheCanvas() throws {
    let small = try #require(
      RasterEffectTests.scene(
        "badge E size 60 { rect().fill(black).frame(width: 40, height: 40).position(x: 0, y: 0).blur(radius: 10) }"))
    let large = try #require(
      RasterEffectTests.scene(
        "badge E size 100 { rect().fill(black).frame(width: 40, height: 40).position(x: 40, y: 40).blur(radius: 10) }"))
    let (w1, h1, a) = try #require(RasterEffectTests.pixels(small))
    let (w2, _, b) = try #require(RasterEffectTests.pixels(large))
    var worst = 0
    for y in 0..<h1 {
      for x in 0..<w1 { worst = max(worst, abs(Int(a[y * w1 + x] >> 24) - Int(b[(y + 40) * w2 + x + 40] >> 24))) }
    }
    #expect(worst <= 1)
  }

  /// Bands and threads do not change an effect's pixels: a tall image (many
  /// bands, the last one short) drawn on one thread and on three.
  @Test func effectsAreTheSameInEveryBand() throws {
    let scene = try #require(
      RasterEffectTests.scene(
        """
        badge T size 90, 300 {
          zstack {
            star(points: 7).fill(angular(red, blue, red)).shadow(color: black.opacity(0.6), radius: 9, x: 3, y: 17)
            circle().stroke(radial(white, green), width: 9).blur(radius: 5).mask { rect().fill(linear(black, clear)) }
          }
        }
        """))
    let one = try #require(RasterEffectTests.pixels(scene, scale: 1.7, threads: 1))
    let three = try #require(RasterEffectTests.pixels(scene, scale: 1.7, threads: 3))
    #expect(one.2 == three.2)
    #expect(one.1 % RasterRenderer.bandHeight != 0)
  }
}

extension RasterEffectTests {
  /// A huge blur is drawn on a coarse canvas: a faint haze, quickly, in
  /// bounded memory (σ 2,000 pixels: the circle's 7,854 pixels of alpha
  /// spread over a Gaussian of 2.5 · 10⁷ pixels²).
  @Test func hugeBlurIsDrawnCoarse() throws {
    let scene = try #require(RasterEffectTests.scene("badge H size 100 { circle().fill(black).blur(radius: 8000) }"))
    let (_, _, px) = try #require(RasterEffectTests.pixels(scene))
    #expect(px.allSatisfy { $0 >> 24 <= 1 })
  }

  /// A wide blur drawn coarser is the same blur: a 40-pixel square blurred
  /// by σ 30 (drawn at a step of 2) against the exact Gaussian computed
  /// here, at the centre and 30 and 60 pixels out.
  @Test func wideBlurMatchesTheGaussian() throws {
    let scene = try #require(
      RasterEffectTests.scene("badge W size 300 { rect().fill(black).frame(width: 40, height: 40).blur(radius: 60) }"))
    let (w, _, px) = try #require(RasterEffectTests.pixels(scene))
    // The blurred alpha of a square [−20, 20]² at (x, 0):
    // Φ-differences along each axis (erf), times 255.
    func phi(_ z: Double) -> Double { 0.5 * (1 + erfOf(z / 2.0.squareRoot())) }
    func expected(_ x: Double) -> Double {
      let sigma = 30.0
      let along = phi((x + 20) / sigma) - phi((x - 20) / sigma)
      let across = phi(20 / sigma) - phi(-20 / sigma)
      return 255 * along * across
    }
    for dx in [0, 30, 60] {
      let got = Double(px[150 * w + 150 + dx] >> 24)
      #expect(abs(got - expected(Double(dx) + 0.5)) <= 3, "at +\(dx): \(got) against \(expected(Double(dx) + 0.5))")
    }
  }
}

extension RasterEffectTests {
  /// A clip shape that is clipped itself clips to the intersection: the
  /// same pixels as the two clips nested.
  @Test func clippedClipShapeIsTheIntersection() throws {
    let onSelf = try #require(
      RasterEffectTests.scene(
        "badge C size 100 { rect().fill(green).clipShape(star(points: 5).clipShape(circle().padding(15))) }"))
    let nested = try #require(
      RasterEffectTests.scene(
        "badge C size 100 { rect().fill(green).clipShape(star(points: 5)).clipShape(circle().padding(15)) }"))
    guard case .mask = try #require(onSelf.nodes.first) else {
      Issue.record("expected the clipped clip shape as a mask")
      return
    }
    let (_, _, a) = try #require(RasterEffectTests.pixels(onSelf))
    let (_, _, b) = try #require(RasterEffectTests.pixels(nested))
    let worst = zip(a, b).map { abs(Int($0 >> 24) - Int($1 >> 24)) }.max() ?? 0
    #expect(worst <= 1)
    // The star's tips beyond the circle are cut.
    #expect(a[2 * 100 + 50] == 0)
  }
}

extension RasterEffectTests {
  /// Strokes and gradients that would take unbounded time or memory, or
  /// overflow, are located errors before anything is drawn.
  @Test(arguments: [
    ("badge B { rect().fill(radial(red, blue, endRadius: 1e19)) }", Message.coordinateOutOfRange("1e19")),
    ("badge B { rect().fill(angular(red, blue, endAngle: 1e20deg)) }", .angleOutOfRange),
    ("badge B { repeat 100 { circle().stroke(dash: (1e-9, 1e-9)) } }", .tooManyDashes(500_000)),
    (
      "badge B { circle().frame(width: 1, height: 1).stroke(width: 1e6, cap: round, dash: (0, 1e-5)) }",
      .strokeTooComplex(1_000_000)
    ),
  ])
  func unboundedStrokesAndGradientsAreErrors(_ source: String, _ message: Message) {
    let result = Support.compile(source, CompileOptions(format: .png))
    #expect(result.diagnostics.map(\.message) == [message])
  }
}

extension RasterEffectTests {
  /// The fast paths against their plain versions: the blur's columns,
  /// swept a row at a time, against the same boxes run down each column
  /// as a row (the plane transposed); a gradient's run of colours against
  /// its colour at each pixel.
  @Test func fastPathsMatchTheirPlainVersions() throws {
    var rng = RasterCoverageTests.Random(state: 77)
    let (w, h) = (37, 53)
    let plane = (0..<(w * h)).map { _ in UInt8(rng.next() * 255) }
    for sigma in [1.2, 3.0, 6.5] {
      var swept = plane
      var line: [UInt8] = []
      BoxBlur.blur(&swept, width: w, height: h, sigmaX: 0, sigmaY: sigma, line: &line)
      // Transposed, the columns are rows, blurred one at a time.
      var transposed = (0..<(w * h)).map { i in plane[(i % h) * w + i / h] }
      BoxBlur.blur(&transposed, width: h, height: w, sigmaX: sigma, sigmaY: 0, line: &line)
      let back = (0..<(w * h)).map { i in transposed[(i % w) * h + i / w] }
      #expect(swept == back, "σ \(sigma)")
    }
    let m = Transform(a: 1.3, b: 0.4, c: -0.2, d: 0.9, tx: 3, ty: -7)
    let stops = [
      GradientStop(color: .bytes(255, 0, 0), location: 0), GradientStop(color: .bytes(0, 0, 255, 0.5), location: 1),
    ]
    let paints: [Paint] = [
      .linear(LinearGradient(stops: stops, start: Point(2, 3), end: Point(40, 25))),
      .radial(RadialGradient(stops: stops, center: Point(20, 20), startRadius: 3, endRadius: 30)),
      .conic(ConicGradient(stops: stops, center: Point(15, 25), startAngle: 0.3, endAngle: 4)),
    ]
    for paint in paints {
      let shader = Shader(paint, opacity: 0.8, toPixels: m, canvas: Size(60, 60))
      for y in [0, 17, 59] {
        var run: [Pixel] = []
        shader.colors(0, 60, y) { _, p in run.append(p) }
        #expect(run == (0..<60).map { shader.color($0, y) }, "\(paint)")
      }
    }
  }
}

extension RasterEffectTests {
  /// An effect's canvas adds to what the image costs: the shapes drawn
  /// before it still count (they were once dropped from the sum).
  @Test func effectsAddToTheImagesCosts() throws {
    let plain = try #require(RasterEffectTests.scene("badge C size 200 { rect().fill(linear(red, blue)) }"))
    let both = try #require(
      RasterEffectTests.scene(
        "badge C size 200 { zstack { rect().fill(linear(red, blue)) circle().frame(width: 20, height: 20).shadow(radius: 4) } }"
      ))
    let a = try #require(RasterRenderer(plain, scale: 1, background: nil))
    let b = try #require(RasterRenderer(both, scale: 1, background: nil))
    #expect(b.coveredArea > a.coveredArea)
    #expect(b.edgeRows > a.edgeRows)
  }
}
