// Layout tests: frames, anchors, padding, position and fitting, checked
// against numbers worked out by hand from the tutorial's formulas (in the
// comments), not read off the code.
import Testing

@testable import BadgeKit

struct LayoutTests {
  static let landmark = (try? Support.read("samples/landmark.badge")) ?? ""

  static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  /// Canvas coordinates of the first point of fill `i`.
  static func firstPoint(_ scene: Scene, _ i: Int) -> Point? {
    let f = scene.fills[i]
    guard case .move(let p)? = f.path.elements.first else { return nil }
    return f.transform.apply(p)
  }

  @Test func landmarkHasTheBackgroundAndEightSymbols() throws {
    let scene = try #require(Support.scene(LayoutTests.landmark))
    #expect(scene.size == Size(300, 300))
    #expect(scene.fills.count == 9)
    #expect(scene.fills.dropFirst().allSatisfy { $0.opacity == 0.5 && $0.paint == .solid(.bytes(79, 79, 191)) })
  }

  @Test func hexagonAt300() throws {
    // side 300, xScale 0.832: xOffset = 300 * 0.168 / 2 = 25.2, width 249.6.
    // move(0.95, 0.20 + 0.085): x = 25.2 + 0.95 * 249.6 = 262.32, y = 85.5.
    let scene = try #require(Support.scene(LayoutTests.landmark))
    #expect(LayoutTests.near(try #require(LayoutTests.firstPoint(scene, 0)), Point(262.32, 85.5), 1e-9))
    // The first quad: to (0.40, 0.05), control (0.50, 0.00).
    let f = scene.fills[0]
    guard case .quad(let c, let to) = f.path.elements[2] else {
      Issue.record("expected a quad")
      return
    }
    #expect(LayoutTests.near(f.transform.apply(to), Point(25.2 + 0.40 * 249.6, 15)))
    #expect(LayoutTests.near(f.transform.apply(c), Point(150, 0)))
  }

  @Test func gradientUsesTheShapesFrame() throws {
    // UnitPoint (0.5, 0) → (0.5, 0.6) of the 300-point square frame.
    let scene = try #require(Support.scene(LayoutTests.landmark))
    guard case .linear(let g) = scene.fills[0].paint else {
      Issue.record("expected a gradient")
      return
    }
    #expect(g.start == Point(150, 0))
    #expect(LayoutTests.near(g.end, Point(150, 180)))
    #expect(
      g.stops == [
        GradientStop(color: .bytes(239, 120, 221), location: 0),
        GradientStop(color: .bytes(239, 172, 120), location: 1),
      ])
  }

  /// Where the symbol's point (x, y) of its own frame lands for copy `i` of
  /// `n` on a badge of side `s` placed at `origin`, by the tutorial's chain:
  /// padding(-60) → rotationEffect about bottom → scaleEffect(1/4) about
  /// top → position(s/2, 3s/4).
  static func expected(_ x: Double, _ y: Double, copy i: Int, of n: Int, side s: Double, origin: Point) -> Point {
    var (px, py) = (x - 60, y - 60)  // the padded frame is s × s; the symbol sits 60 up-left
    let a = Double(i) / Double(n) * 2 * Double.pi
    let (ax, ay) = (s / 2, s)  // .bottom of the s × s frame
    let (dx, dy) = (px - ax, py - ay)
    px = ax + dx * cosOf(a) - dy * sinOf(a)
    py = ay + dx * sinOf(a) + dy * cosOf(a)
    px = s / 2 + (px - s / 2) / 4  // .top anchor (s/2, 0)
    py = py / 4
    // position centres the s × s frame at (s/2, 3s/4): it moves down s/4.
    return Point(origin.x + px, origin.y + py + s / 4)
  }

  @Test(arguments: [0, 1, 2, 5])
  func symbolCopiesAt300(_ i: Int) throws {
    // The symbol is proposed 300 + 120 = 420: spacing 12.6, middle 210.
    let scene = try #require(Support.scene(LayoutTests.landmark))
    let got = try #require(LayoutTests.firstPoint(scene, 1 + i))
    #expect(
      LayoutTests.near(got, LayoutTests.expected(210, 12.6, copy: i, of: 8, side: 300, origin: Point(0, 0)), 1e-9))
  }

  @Test func copyZeroByHand() throws {
    // (210, 12.6) → padded (150, -47.4) → scaled about (150, 0): (150, -11.85)
    // → positioned down 75: (150, 63.15).
    let scene = try #require(Support.scene(LayoutTests.landmark))
    #expect(LayoutTests.near(try #require(LayoutTests.firstPoint(scene, 1)), Point(150, 63.15), 1e-9))
    // Copy 2, 90° about (150, 300): (150, -47.4) → (497.4, 300) → (236.85, 75) → (236.85, 150).
    #expect(LayoutTests.near(try #require(LayoutTests.firstPoint(scene, 3)), Point(236.85, 150), 1e-9))
  }

  @Test func paddingProposesMore() throws {
    // BadgeSymbol is proposed 420 × 420: its point (side - spacing, h - spacing)
    // = (420 - 12.6, 315 - 12.6) in its own frame.
    let scene = try #require(Support.scene(LayoutTests.landmark))
    let points = scene.fills[1].path.elements.compactMap { e -> Point? in
      if case .line(let p) = e { return p }
      return nil
    }
    #expect(points.contains(Point(407.4, 302.4)))
  }

  @Test func fitsAndCentresInAWideCanvas() throws {
    // 640 × 400: the badge is 400 × 400 at x = 120.
    let options = CompileOptions(canvasSize: Size(640, 400))
    let scene = try #require(Support.scene(LayoutTests.landmark, options))
    #expect(scene.size == Size(640, 400))
    #expect(scene.fills[0].transform == .translation(120, 0))
    // xOffset = 400 * 0.168 / 2 = 33.6, width 332.8: 120 + 33.6 + 0.95 * 332.8.
    #expect(LayoutTests.near(try #require(LayoutTests.firstPoint(scene, 0)), Point(469.76, 114), 1e-9))
    // The symbol is proposed 400 + 120 = 520: spacing 15.6, middle 260.
    let got = try #require(LayoutTests.firstPoint(scene, 4))
    #expect(
      LayoutTests.near(got, LayoutTests.expected(260, 15.6, copy: 3, of: 8, side: 400, origin: Point(120, 0)), 1e-9))
  }

  @Test func fitsAndCentresInATallCanvas() throws {
    let scene = try #require(Support.scene(LayoutTests.landmark, CompileOptions(canvasSize: Size(200, 500))))
    #expect(scene.fills[0].transform == .translation(0, 150))
  }

  @Test func overrideChangesTheCopies() throws {
    let scene = try #require(Support.scene(LayoutTests.landmark, CompileOptions(overrides: ["rotations=6"])))
    #expect(scene.fills.count == 7)
    let got = try #require(LayoutTests.firstPoint(scene, 2))
    #expect(
      LayoutTests.near(got, LayoutTests.expected(210, 12.6, copy: 1, of: 6, side: 300, origin: Point(0, 0)), 1e-9))
  }

  // MARK: The modifiers one by one, on a 100 × 100 canvas.

  static func fill(_ element: String, canvas: String = "100") throws -> Fill {
    let scene = try #require(Support.scene("badge T size \(canvas) { \(element) }"))
    return try #require(scene.fills.first)
  }

  /// The canvas position of the frame's top-left corner and its size,
  /// from a rect() shape (its path is its frame).
  static func frame(_ element: String, canvas: String = "100") throws -> (Point, Size) {
    let f = try fill(element, canvas: canvas)
    let xs = f.path.elements.compactMap { e -> Double? in
      if case .line(let p) = e { return p.x }
      return nil
    }
    let ys = f.path.elements.compactMap { e -> Double? in
      if case .line(let p) = e { return p.y }
      return nil
    }
    return (f.transform.apply(Point(0, 0)), Size(xs.max()!, ys.max()!))
  }

  @Test func shapeTakesTheWholeProposal() throws {
    let (o, s) = try LayoutTests.frame("rect()", canvas: "100, 60")
    #expect(o == Point(0, 0))
    #expect(s == Size(100, 60))
  }

  @Test func frameIsCentredByTheRoot() throws {
    let (o, s) = try LayoutTests.frame("rect().frame(width: 40, height: 20)")
    #expect(o == Point(30, 40))
    #expect(s == Size(40, 20))
  }

  @Test func frameAlignment() throws {
    // A 10 × 10 rect in a 40 × 20 frame aligned bottomTrailing: (30, 10) inside it.
    let (o, _) = try LayoutTests.frame(
      "rect().frame(width: 10, height: 10).frame(width: 40, height: 20, alignment: bottomTrailing)")
    #expect(o == Point(30 + 30, 40 + 10))
  }

  @Test func aspectFitAndFill() throws {
    let (o, s) = try LayoutTests.frame("rect().aspect(2, fit)", canvas: "100")
    #expect(s == Size(100, 50))
    #expect(o == Point(0, 25))
    let (o2, s2) = try LayoutTests.frame("rect().aspect(2, fill)", canvas: "100")
    #expect(s2 == Size(200, 100))
    #expect(o2 == Point(-50, 0))
  }

  @Test func paddingWithoutALengthIsSixteen() throws {
    // SwiftUI's .padding() with no length: 16 points on every edge here.
    let (o, s) = try LayoutTests.frame("rect().padding()")
    #expect(o == Point(16, 16))
    #expect(s == Size(68, 68))
  }

  @Test func aPaintAsBackgroundFillsTheFrame() throws {
    // SwiftUI's .background(Color.red): a rectangle of the view's size,
    // under it; .overlay(text(…)) takes a text as its content.
    let scene = try #require(
      Support.scene("badge B size 100 { rect().fill(blue).frame(width: 40, height: 20).background(red) }"))
    #expect(scene.fills.count == 2)
    #expect(scene.fills[0].paint == .solid(.bytes(255, 59, 48)))
    #expect(Support.canvasBox(scene.fills[0]) == [30, 40, 70, 60])
  }

  @Test func swiftUIsPaddingOfEdges() throws {
    // .padding(.horizontal, 10): 10 on the leading and trailing edges only;
    // .padding(.top): 16 on the top.
    let (o, s) = try LayoutTests.frame("rect().padding(.horizontal, 10)")
    #expect(o == Point(10, 0) && s == Size(80, 100))
    let (o2, s2) = try LayoutTests.frame("rect().padding(.top)")
    #expect(o2 == Point(0, 16) && s2 == Size(100, 84))
  }

  @Test func paddingInsetsTheChild() throws {
    let (o, s) = try LayoutTests.frame("rect().padding(10)")
    #expect(o == Point(10, 10))
    #expect(s == Size(80, 80))
    let (o2, s2) = try LayoutTests.frame("rect().padding(top: 5, leading: 20)")
    #expect(o2 == Point(20, 5))
    #expect(s2 == Size(80, 95))
  }

  @Test func negativePaddingProposesMore() throws {
    // padding(-60) on 100: the child is proposed 220 and sits 60 up and left.
    let (o, s) = try LayoutTests.frame("rect().padding(-60)")
    #expect(o == Point(-60, -60))
    #expect(s == Size(220, 220))
  }

  @Test func positionCentresTheFrame() throws {
    let (o, _) = try LayoutTests.frame("rect().frame(width: 4, height: 6).position(x: 10, y: 20)")
    #expect(o == Point(8, 17))
    let (o2, _) = try LayoutTests.frame("rect().frame(width: 10, height: 10).position(x: 50%, y: 25%)")
    #expect(o2 == Point(45, 20))
  }

  @Test func offsetMovesWithoutLayout() throws {
    let (o, _) = try LayoutTests.frame("rect().frame(width: 10, height: 10).offset(x: 5, y: -5)")
    #expect(o == Point(50, 40))
  }

  @Test func rotateAboutAnAnchor() throws {
    // A 100 × 100 rect rotated 90° about its bottom (50, 100): the top-left
    // corner (0, 0) goes to (150, 50).
    let f = try LayoutTests.fill("rect().rotate(90deg, anchor: bottom)")
    #expect(LayoutTests.near(f.transform.apply(Point(0, 0)), Point(150, 50), 1e-12))
  }

  @Test func scaleAboutAnAnchor() throws {
    let f = try LayoutTests.fill("rect().scale(1 / 4, anchor: top)")
    #expect(LayoutTests.near(f.transform.apply(Point(0, 0)), Point(37.5, 0)))
    #expect(LayoutTests.near(f.transform.apply(Point(100, 100)), Point(62.5, 25)))
    let g = try LayoutTests.fill("rect().scale(x: 2, y: 0.5)")
    #expect(LayoutTests.near(g.transform.apply(Point(0, 0)), Point(-50, 25)))
  }

  @Test func opacityOnARepeatAppliesToEachCopy() throws {
    let scene = try #require(Support.scene("badge T size 10 { repeat 3 { rect() }.opacity(0.5) }"))
    #expect(scene.nodes.count == 3)
    #expect(scene.fills.allSatisfy { $0.opacity == 0.5 })
  }

  @Test func opacityOnAGroupIsALayer() throws {
    let scene = try #require(Support.scene("badge T size 10 { zstack { rect() circle() }.opacity(0.5) }"))
    guard case .layer(let opacity, let children) = try #require(scene.nodes.first) else {
      Issue.record("expected a layer")
      return
    }
    #expect(opacity == 0.5)
    #expect(children.count == 2)
  }

  @Test func geometryPlacesChildrenTopLeftAndZstackCentres() throws {
    let (o, _) = try LayoutTests.frame("geometry { rect().frame(width: 10, height: 10) }")
    #expect(o == Point(0, 0))
    let (o2, _) = try LayoutTests.frame("zstack { rect().frame(width: 10, height: 10) }")
    #expect(o2 == Point(45, 45))
  }

  @Test func widthAndHeightAreTheProposal() throws {
    // Inside a component proposed 60 × 30 (by the frame), width is 60.
    let scene = try #require(
      Support.scene(
        "component C() { path { move (0, 0) line (width, height) } }\nbadge T size 100 { C().frame(width: 60, height: 30) }"
      ))
    guard case .line(let p) = scene.fills[0].path.elements[1] else { return }
    #expect(p == Point(60, 30))
  }

  @Test func innerFillWins() throws {
    let scene = try #require(Support.scene("badge T size 10 { zstack { rect().fill(red) circle() }.fill(blue) }"))
    #expect(scene.fills.map(\.paint) == [.solid(.bytes(255, 59, 48)), .solid(.bytes(0, 122, 255))])
  }

  @Test func defaultPaintIsBlack() throws {
    #expect(try LayoutTests.fill("rect()").paint == .solid(RGBA(r: 0, g: 0, b: 0)))
  }

  @Test func runawayRepeatsAreBounded() {
    let nested = Support.compile("badge B { repeat 10000 { repeat 10000 { repeat 10000 { rect() } } } }")
    #expect(nested.diagnostics.map(\.message) == [.tooManyShapes(LayoutEngine.maximumCopies)])
    let cached = Support.compile("component C() { repeat 5000 { rect() } }\nbadge B { repeat 5000 { C() } }")
    #expect(cached.diagnostics.map(\.message) == [.tooManyShapes(LayoutEngine.maximumFills)])
    // Views are taken from their budget before a repeat makes its copies:
    // the error is at the repeat that would pass it.
    let eight = String(repeating: "rect() ", count: 8)
    let source =
      "badge B {\n  repeat 5000 { \(eight)}\n  repeat 1000 { zstack { rect() ellipse() } }\n  repeat 3000 { \(eight)}\n}"
    let views = Support.compile(source)
    #expect(views.diagnostics.map(\.message) == [.tooManyViews(LayoutEngine.maximumViews)])
    let third = source.range(of: "3000").map { source.utf8.distance(from: source.startIndex, to: $0.lowerBound) }
    #expect(views.diagnostics.first?.range.start == third)
    // Just within the budget of 50,000: 40,000 + 1,000 + 2,000 + 8 × 875
    // views.
    #expect(!Support.compile(source.replacingOccurrences(of: "3000", with: "875")).hasErrors)
    #expect(Support.compile(source.replacingOccurrences(of: "3000", with: "876")).hasErrors)
  }

  @Test func deepComponentChainsAreAnErrorNotACrash() {
    // 30,000 components each using the next once overflowed the stack.
    var text = ""
    for i in 0..<30_000 { text += "component C\(i)() { C\(i + 1)() }\n" }
    text += "component C30000() { rect() }\nbadge D { C0() }\n"
    let result = Support.compile(text)
    #expect(result.diagnostics.map(\.message) == [.componentsTooDeep(LayoutEngine.maximumComponentDepth)])
    #expect(result.diagnostics.first?.notes.count == 4)
  }

  @Test func nestedIdealSizesAreMemoised() {
    // Each .scaledToFit() asks its child twice (ideal size, then the fitted
    // proposal): 60 levels deep that was 2^60 layouts before sizes were
    // remembered.
    let depth = 60
    let text =
      "badge H { " + String(repeating: "zstack { ", count: depth) + "rect()"
      + String(repeating: " }.scaledToFit()", count: depth) + " }"
    let scene = Support.scene(text)
    #expect(scene?.fills.count == 1)
    // The same on one element: 60 modifiers each asking twice.
    let modifiers = "badge H { rect()" + String(repeating: ".scaledToFit()", count: depth) + " }"
    #expect(Support.scene(modifiers)?.fills.count == 1)
  }

  @Test func manyDistinctComponentCalls() {
    // 10,000 uses with different arguments: each drawn once, found by hash
    // (a linear search of the drawings made 40,000 calls take minutes).
    let text =
      "component C(k) { rect().frame(width: 1, height: 1).offset(x: k) }\n"
      + "badge B { repeat 100 as j { repeat 100 as i { C(k: i + j * 100) } } }"
    #expect(Support.scene(text)?.fills.count == 10_000)
  }

  /// The quick tests of a modifier's name (a text modifier, one that
  /// takes a view) name exactly those of their tables.
  @Test func modifierNameTestsMatchTheirTables() {
    for name in LayoutEngine.textModifiers.keys { #expect(LayoutEngine.isTextModifier(name), "\(name)") }
    for name in LayoutEngine.modifierParameters.keys where LayoutEngine.textModifiers[name] == nil {
      #expect(!LayoutEngine.isTextModifier(name), "\(name)")
    }
    #expect(!LayoutEngine.isTextModifier("Font") && !LayoutEngine.isTextModifier(""))
    for name in LayoutEngine.modifierParameters.keys {
      #expect(LayoutEngine.takesView(name) == (LayoutEngine.viewParameters[name] != nil), "\(name)")
    }
  }
}
