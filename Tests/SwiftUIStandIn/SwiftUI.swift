// A stand-in for SwiftUI on Linux, for the tests of `badgec --format swift`:
// the declarations of SwiftUI's API that badgec's SwiftUI code uses, with
// Apple's names, labels, parameter types and defaults (from Apple's
// documentation of SwiftUI). A generated file that type-checks against it
// uses SwiftUI's API as SwiftUI declares it. The bodies do not draw: they
// record what each view is made of (`_Node`: stacks, readers, shapes with
// their paints, modifiers), which Renderer.swift lays out by SwiftUI's
// rules and writes as SVG, so that the tests can draw generated code.
// Like SwiftUI, it re-exports Foundation, whose CGFloat, CGPoint, CGSize
// and CGRect are those of CoreGraphics (and whose CGFloat converts to and
// from Double implicitly, as on Apple's systems).
@_exported import Foundation

// MARK: Views and their builder

public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

// MARK: What views are made of (for the tests' renderer; not SwiftUI's)

/// A paint as the renderer draws it: colours in sRGB, 0…1.
public enum _Paint {
  case color(r: Double, g: Double, b: Double, a: Double)
  case linear(stops: [(color: Color, location: Double)], start: UnitPoint, end: UnitPoint)
  case radial(stops: [(color: Color, location: Double)], center: UnitPoint, startRadius: Double, endRadius: Double)
  /// Radii as fractions of the unit square stretched over the frame.
  case elliptical(stops: [(color: Color, location: Double)], center: UnitPoint, start: Double, end: Double)
  /// The foreground style where the view is (black unless set).
  case foreground
  case other(String)
}

/// A modifier as the renderer lays it out.
public enum _Modifier {
  case padding(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat)
  case frame(width: CGFloat?, height: CGFloat?, alignment: Alignment)
  /// `.frame(minWidth:idealWidth:maxWidth:…)`: per axis, min, ideal, max.
  case flexibleFrame(width: [CGFloat?], height: [CGFloat?], alignment: Alignment)
  case aspectRatio(CGFloat?, ContentMode)
  case rotation(Angle, anchor: UnitPoint)
  case scale(x: CGFloat, y: CGFloat, anchor: UnitPoint)
  /// `transformEffect`: SwiftUI maps the view's own coordinates, its
  /// origin at the top-left.
  case transform(CGAffineTransform)
  case opacity(Double)
  case position(x: CGFloat, y: CGFloat)
  case offset(x: CGFloat, y: CGFloat)
  case clip(path: (CGRect) -> Path, evenOdd: Bool)
  case overlay(_Node, Alignment)
  case background(_Node, Alignment)
  /// The view's alpha multiplied by the mask's.
  case mask(_Node, Alignment)
  case shadow(Color, radius: CGFloat, x: CGFloat, y: CGFloat)
  case blur(radius: CGFloat)
  /// The paint of the shapes inside that have none of their own.
  case foreground(_Paint)
  /// The view drawn as one layer, which an opacity or a shadow outside
  /// then applies to whole.
  case compositingGroup
  /// The view blended onto what is behind it: CSS's mode name.
  case blend(String)
  /// One the renderer does not draw (its name).
  case other(String)
}

/// A view's structure.
public indirect enum _Node {
  case empty
  /// Views side by side in whatever holds them (a TupleView, a ForEach): a
  /// modifier of the group modifies each.
  case group([_Node])
  case zstack(Alignment, [_Node])
  case vstack(HorizontalAlignment, CGFloat?, [_Node])
  case hstack(VerticalAlignment, CGFloat?, [_Node])
  case reader((CGSize) -> _Node)
  /// A shape filled (or stroked, with a style) with a paint.
  case shape((CGRect) -> Path, _Paint, stroke: StrokeStyle?, evenOdd: Bool)
  /// A paint as a view: it fills the room offered.
  case paint(_Paint)
  case text(String)
  case modified(_Node, _Modifier)
  /// A view the renderer does not draw (its type).
  case unsupported(String)
}

/// A view whose structure is its own (not its body's).
public protocol _Recorded {
  var _node: _Node { get }
}

/// What `view` is made of.
public func _nodeOf<V: View>(_ view: V) -> _Node {
  if let r = view as? _Recorded { return r._node }
  if let s = view as? any Shape { return _shapeNode(s, paint: .foreground, stroke: nil, eo: false) }
  if V.Body.self == Never.self { return .unsupported("\(V.self)") }
  return _nodeOf(view.body)
}

func _shapeNode(_ s: any Shape, paint: _Paint, stroke: StrokeStyle?, eo: Bool) -> _Node {
  .shape({ s.path(in: $0) }, paint, stroke: stroke, evenOdd: eo)
}

/// The paint of a style.
func _paintOf<S: ShapeStyle>(_ style: S) -> _Paint {
  (style as? _Painted)?._paint ?? .other("\(S.self)")
}

/// A style the renderer can paint with.
protocol _Painted {
  var _paint: _Paint { get }
}

extension Never: View {
  public var body: Never { fatalError() }
}

/// Primitive views: no body of their own.
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
  public var body: Never { fatalError() }
}

public struct EmptyView: PrimitiveView, _Recorded {
  public init() {}
  public var _node: _Node { .empty }
}
public struct TupleView<T>: PrimitiveView, _Recorded {
  let nodes: [_Node]
  public init(_ value: T) { nodes = [] }
  init(_ value: T, nodes: [_Node]) { self.nodes = nodes }
  public var _node: _Node { .group(nodes) }
}
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView, _Recorded {
  let chosen: _Node
  public var _node: _Node { chosen }
}
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}
extension Optional: _Recorded where Wrapped: View {
  public var _node: _Node { self.map { _nodeOf($0) } ?? .empty }
}

@resultBuilder public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    var nodes: [_Node] = []
    for view in repeat each content { nodes.append(_nodeOf(view)) }
    return TupleView((repeat each content), nodes: nodes)
  }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
    _ConditionalContent(chosen: _nodeOf(first))
  }
  public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
    _ConditionalContent(chosen: _nodeOf(second))
  }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// What a modifier returns: a view wrapping another.
public struct ModifiedContent<Content, Modifier>: PrimitiveView, _Recorded {
  public let _node: _Node
  public init(content: Content, modifier: Modifier) {
    _node = .modified((content as? any View).map { _nodeOf($0) } ?? .empty, .other("\(Modifier.self)"))
  }
  init(_ content: Content, _ modifier: _Modifier) where Content: View, Modifier == _Modifier {
    // A modifier of several views modifies each (as of a ForEach).
    func modified(_ n: _Node) -> _Node {
      if case .group(let views) = n { return .group(views.map(modified)) }
      return .modified(n, modifier)
    }
    switch modifier {
    case .opacity, .shadow, .blend:
      // Applied to each drawn view inside, unless they are composited
      // into one layer first (SwiftUI's `compositingGroup()`).
      _node = _ModifiedContentLeaves.distribute(_nodeOf(content), modifier)
    default:
      _node = modified(_nodeOf(content))
    }
  }
}

/// Where an opacity or a shadow of a view applies: to each shape, paint
/// and text it draws, or to a composited group whole.
enum _ModifiedContentLeaves {
  static func distribute(_ n: _Node, _ m: _Modifier) -> _Node {
    func all(_ views: [_Node]) -> [_Node] { views.map { distribute($0, m) } }
    switch n {
    case .group(let views): return .group(all(views))
    case .zstack(let a, let views): return .zstack(a, all(views))
    case .vstack(let a, let s, let views): return .vstack(a, s, all(views))
    case .hstack(let a, let s, let views): return .hstack(a, s, all(views))
    case .reader(let content): return .reader { distribute(content($0), m) }
    case .modified(_, .compositingGroup): return .modified(n, m)
    case .modified(let child, .overlay(let over, let a)):
      return .modified(distribute(child, m), .overlay(distribute(over, m), a))
    case .modified(let child, .background(let under, let a)):
      return .modified(distribute(child, m), .background(distribute(under, m), a))
    case .modified(let child, let other): return .modified(distribute(child, m), other)
    case .empty, .shape, .paint, .text, .unsupported: return .modified(n, m)
    }
  }
}

/// A shape with its paint, or its outline's.
public struct _ShapeView: PrimitiveView, _Recorded {
  public let _node: _Node
}

// MARK: Geometry

public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat
  public init() { (x, y) = (0, 0) }
  public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// CoreGraphics' affine transform (Foundation on Linux has none).
public struct CGAffineTransform: Hashable, Sendable {
  public var a, b, c, d, tx, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
}

public struct Angle: Hashable, Comparable, Sendable {
  public var radians: Double
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }
  public init() { radians = 0 }
  public init(radians: Double) { self.radians = radians }
  public init(degrees: Double) { radians = degrees * .pi / 180 }
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  public static let zero = Angle()
  public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
  public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
  public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

public struct Alignment: Equatable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    (self.horizontal, self.vertical) = (horizontal, vertical)
  }
  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public struct HorizontalAlignment: Equatable, Sendable {
  let id: Int
  public static let leading = HorizontalAlignment(id: 0)
  public static let center = HorizontalAlignment(id: 1)
  public static let trailing = HorizontalAlignment(id: 2)
}

public struct VerticalAlignment: Equatable, Sendable {
  let id: Int
  public static let top = VerticalAlignment(id: 0)
  public static let center = VerticalAlignment(id: 1)
  public static let bottom = VerticalAlignment(id: 2)
}

public enum ContentMode: Hashable, Sendable { case fit, fill }

public enum Edge: Int8, Sendable {
  case top, leading, bottom, trailing
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
    public static let all: Set = [.top, .leading, .bottom, .trailing]
  }
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

// MARK: Paints

public protocol ShapeStyle {}

/// The foreground style, as a paint.
struct _ForegroundStyle: ShapeStyle, _Painted {
  var _paint: _Paint { .foreground }
}

public struct AnyShapeStyle: ShapeStyle, _Painted {
  let _paint: _Paint
  public init<S: ShapeStyle>(_ style: S) { _paint = _paintOf(style) }
}

public struct Color: ShapeStyle, PrimitiveView, Hashable, Sendable, _Painted, _Recorded {
  let id: [Double]
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { id = [red, green, blue, opacity] }
  public init(white: Double, opacity: Double = 1) { id = [white, white, white, opacity] }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    id = [hue, saturation, brightness, opacity, 1]
  }
  public func opacity(_ opacity: Double) -> Color {
    let c = rgba
    return Color(red: c.r, green: c.g, blue: c.b, opacity: c.a * opacity)
  }
  /// The colour's red, green, blue and opacity, 0…1 (a hue made so).
  var rgba: (r: Double, g: Double, b: Double, a: Double) {
    guard id.count == 5 else { return (id[0], id[1], id[2], id[3]) }
    let (h, s, v) = ((id[0] - id[0].rounded(.down)) * 6, id[1], id[2])
    let i = Int(h) % 6
    let f = h - Double(Int(h))
    let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
    let rgb = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (rgb.0, rgb.1, rgb.2, id[3])
  }
  var _paint: _Paint {
    let c = rgba
    return .color(r: c.r, g: c.g, b: c.b, a: c.a)
  }
  public var _node: _Node { .paint(_paint) }
  public static let black = Color(white: 0)
  public static let white = Color(white: 1)
  public static let clear = Color(white: 0, opacity: 0)
  public static let gray = Color(white: 0.56)
  public static let red = Color(red: 1, green: 0.23, blue: 0.19)
  public static let orange = Color(red: 1, green: 0.58, blue: 0)
  public static let yellow = Color(red: 1, green: 0.8, blue: 0)
  public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
  public static let mint = Color(red: 0, green: 0.78, blue: 0.75)
  public static let teal = Color(red: 0.19, green: 0.69, blue: 0.78)
  public static let cyan = Color(red: 0.2, green: 0.68, blue: 0.9)
  public static let blue = Color(red: 0, green: 0.48, blue: 1)
  public static let indigo = Color(red: 0.35, green: 0.34, blue: 0.84)
  public static let purple = Color(red: 0.69, green: 0.32, blue: 0.87)
  public static let pink = Color(red: 1, green: 0.18, blue: 0.33)
  public static let brown = Color(red: 0.64, green: 0.52, blue: 0.37)
}

public enum BlendMode: Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
  case exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker
  case plusLighter
  /// CSS's mix-blend-mode name (the last five have none).
  var css: String {
    switch self {
    case .normal: return "normal"
    case .multiply: return "multiply"
    case .screen: return "screen"
    case .overlay: return "overlay"
    case .darken: return "darken"
    case .lighten: return "lighten"
    case .colorDodge: return "color-dodge"
    case .colorBurn: return "color-burn"
    case .softLight: return "soft-light"
    case .hardLight: return "hard-light"
    case .difference: return "difference"
    case .exclusion: return "exclusion"
    case .hue: return "hue"
    case .saturation: return "saturation"
    case .color: return "color"
    case .luminosity: return "luminosity"
    default: return "unsupported"
    }
  }
}

public struct Gradient: Hashable, Sendable {
  public struct Stop: Hashable, Sendable {
    public var color: Color
    public var location: CGFloat
    public init(color: Color, location: CGFloat) { (self.color, self.location) = (color, location) }
  }
  public var stops: [Stop]
  public init(stops: [Stop]) { self.stops = stops }
  public init(colors: [Color]) { stops = colors.map { Stop(color: $0, location: 0) } }
}

/// Colours spread evenly, as `Gradient(colors:)` spreads them.
func _spread(_ colors: [Color]) -> [(color: Color, location: Double)] {
  colors.enumerated().map { ($1, colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0) }
}

public struct LinearGradient: ShapeStyle, PrimitiveView, _Painted {
  let _paint: _Paint
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    _paint = .linear(stops: gradient.stops.map { ($0.color, Double($0.location)) }, start: startPoint, end: endPoint)
  }
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    _paint = .linear(stops: _spread(colors), start: startPoint, end: endPoint)
  }
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    _paint = .linear(stops: stops.map { ($0.color, Double($0.location)) }, start: startPoint, end: endPoint)
  }
}

public struct RadialGradient: ShapeStyle, PrimitiveView, _Painted {
  let _paint: _Paint
  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(stops: gradient.stops, center: center, startRadius: startRadius, endRadius: endRadius)
  }
  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    _paint = .radial(
      stops: _spread(colors), center: center, startRadius: Double(startRadius), endRadius: Double(endRadius))
  }
  public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    _paint = .radial(
      stops: stops.map { ($0.color, Double($0.location)) }, center: center, startRadius: Double(startRadius),
      endRadius: Double(endRadius))
  }
}

public struct EllipticalGradient: ShapeStyle, PrimitiveView, _Painted {
  let _paint: _Paint
  public init(
    gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
  ) {
    self.init(
      stops: gradient.stops, center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }
  public init(
    colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
  ) {
    _paint = .elliptical(
      stops: _spread(colors), center: center, start: Double(startRadiusFraction), end: Double(endRadiusFraction))
  }
  public init(
    stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) {
    _paint = .elliptical(
      stops: stops.map { ($0.color, Double($0.location)) }, center: center, start: Double(startRadiusFraction),
      end: Double(endRadiusFraction))
  }
}

public struct AngularGradient: ShapeStyle, PrimitiveView {
  public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {}
  public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {}
  public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {}
  public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {}
  public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {}
}

// MARK: Shapes

public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

public struct StrokeStyle: Equatable, Sendable {
  public var lineWidth: CGFloat
  public var lineCap: CGLineCap
  public var lineJoin: CGLineJoin
  public var miterLimit: CGFloat
  public var dash: [CGFloat]
  public var dashPhase: CGFloat
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
    dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {
    (self.lineWidth, self.lineCap, self.lineJoin, self.miterLimit) = (lineWidth, lineCap, lineJoin, miterLimit)
    (self.dash, self.dashPhase) = (dash, dashPhase)
  }
}

public struct FillStyle: Equatable, Sendable {
  public var isEOFilled: Bool
  public var isAntialiased: Bool
  public init(eoFill: Bool = false, antialiased: Bool = true) { (isEOFilled, isAntialiased) = (eoFill, antialiased) }
}

public protocol Shape: View {
  func path(in rect: CGRect) -> Path
}

extension Shape {
  public var body: some View { EmptyView() }
  public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
    _ShapeView(_node: _shapeNode(self, paint: _paintOf(content), stroke: nil, eo: style.isEOFilled))
  }
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
    _ShapeView(_node: _shapeNode(self, paint: _paintOf(content), stroke: StrokeStyle(lineWidth: lineWidth), eo: false))
  }
  public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    _ShapeView(_node: _shapeNode(self, paint: _paintOf(content), stroke: style, eo: false))
  }
  /// The outline in the foreground style.
  public func stroke(lineWidth: CGFloat = 1) -> some Shape {
    _StrokedShape(base: self, style: StrokeStyle(lineWidth: lineWidth))
  }
  public func stroke(style: StrokeStyle) -> some Shape { _StrokedShape(base: self, style: style) }
  public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
    TrimmedShape(base: self, from: startFraction, to: endFraction)
  }
}

/// A shape's outline as a shape (drawn in the foreground style).
public struct _StrokedShape: Shape, _Recorded {
  let base: any Shape
  let style: StrokeStyle
  public func path(in rect: CGRect) -> Path { base.path(in: rect) }
  public var _node: _Node { _shapeNode(base, paint: .foreground, stroke: style, eo: false) }
}

/// A shape that can be inset by an amount (SwiftUI's built-in shapes), and
/// so stroked inside its border.
public protocol InsettableShape: Shape {}

extension InsettableShape {
  public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
    -> some View
  { strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased) }
  public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
    strokeBorder(_ForegroundStyle(), style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
  }
  public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> some View {
    strokeBorder(_ForegroundStyle(), style: style, antialiased: antialiased)
  }
  public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
    // (The stroke follows the shape inset by half its width.)
    let half = style.lineWidth / 2
    return _ShapeView(
      _node: .shape({ self.path(in: $0.insetBy(dx: half, dy: half)) }, _paintOf(content), stroke: style, evenOdd: false)
    )
  }
}

extension Rectangle: InsettableShape {}
extension Circle: InsettableShape {}
extension Ellipse: InsettableShape {}
extension Capsule: InsettableShape {}
extension RoundedRectangle: InsettableShape {}
extension UnevenRoundedRectangle: InsettableShape {}

/// A shape's outline from a fraction of its length to another, as
/// SwiftUI's `trim` (curves followed closely by short lines).
public struct TrimmedShape: Shape {
  let base: any Shape
  let from: CGFloat
  let to: CGFloat
  public func path(in rect: CGRect) -> Path {
    // The outline as polylines, a subpath each.
    var lines: [[CGPoint]] = []
    var current = CGPoint.zero
    var start = CGPoint.zero
    for e in base.path(in: rect).elements {
      switch e {
      case .move(let p):
        lines.append([p])
        (current, start) = (p, p)
      case .line(let p):
        lines[lines.count - 1].append(p)
        current = p
      case .quadCurve(let p, let c):
        let a = current
        for k in 1...32 {
          let t = CGFloat(k) / 32
          let u = 1 - t
          lines[lines.count - 1].append(
            CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * p.x, y: u * u * a.y + 2 * u * t * c.y + t * t * p.y))
        }
        current = p
      case .curve(let p, let c1, let c2):
        let a = current
        for k in 1...32 {
          let t = CGFloat(k) / 32
          let u = 1 - t
          let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          lines[lines.count - 1].append(
            CGPoint(
              x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * p.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * p.y))
        }
        current = p
      case .closeSubpath:
        lines[lines.count - 1].append(start)
        current = start
      }
    }
    func length(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
      ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
    let total = lines.reduce(0) { sum, line in sum + zip(line, line.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) } }
    let (lo, hi) = (max(0, min(from, to)) * total, min(1, max(from, to)) * total)
    var out = Path()
    var walked: CGFloat = 0
    for line in lines {
      var drawing = false
      for (a, b) in zip(line, line.dropFirst()) {
        let d = length(a, b)
        defer { walked += d }
        guard d > 0, walked + d > lo, walked < hi else { continue }
        func at(_ x: CGFloat) -> CGPoint {
          let t = max(0, min(1, (x - walked) / d))
          return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        if !drawing {
          out.move(to: at(lo))
          drawing = true
        }
        out.addLine(to: at(hi))
      }
    }
    return out
  }
}

/// A path. Unlike SwiftUI's, its elements can be read (`elements`), so
/// that the tests can compare the paths generated code makes with
/// badgec's own.
public struct Path: Shape {
  public enum Element: Equatable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case closeSubpath
  }
  public private(set) var elements: [Element] = []

  public init() {}
  public init(_ callback: (inout Path) -> Void) { callback(&self) }
  public func path(in rect: CGRect) -> Path { self }
  public mutating func move(to end: CGPoint) { elements.append(.move(to: end)) }
  public mutating func addLine(to end: CGPoint) { elements.append(.line(to: end)) }
  public mutating func addLines(_ lines: [CGPoint]) {
    for (i, p) in lines.enumerated() { elements.append(i == 0 ? .move(to: p) : .line(to: p)) }
  }
  public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
    elements.append(.quadCurve(to: end, control: control))
  }
  public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    elements.append(.curve(to: end, control1: control1, control2: control2))
  }
  public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {}
  public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {}
  public mutating func closeSubpath() { elements.append(.closeSubpath) }
  public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
    func moved(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + dx, y: p.y + dy) }
    var out = Path()
    out.elements = elements.map {
      switch $0 {
      case .move(let p): return .move(to: moved(p))
      case .line(let p): return .line(to: moved(p))
      case .quadCurve(let p, let c): return .quadCurve(to: moved(p), control: moved(c))
      case .curve(let p, let c1, let c2): return .curve(to: moved(p), control1: moved(c1), control2: moved(c2))
      case .closeSubpath: return .closeSubpath
      }
    }
    return out
  }
}

/// A rectangle with circular corners of radius `r` (clamped to half the
/// shorter side), each a quarter of an ellipse as four cubics make one.
func _roundedPath(_ rect: CGRect, _ r: CGFloat) -> Path {
  let r = max(0, min(r, min(rect.width, rect.height) / 2))
  let k = 0.5522847498 * r
  let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
  var p = Path()
  p.move(to: CGPoint(x: x0 + r, y: y0))
  p.addLine(to: CGPoint(x: x1 - r, y: y0))
  if r > 0 {
    p.addCurve(
      to: CGPoint(x: x1, y: y0 + r), control1: CGPoint(x: x1 - r + k, y: y0), control2: CGPoint(x: x1, y: y0 + r - k))
  }
  p.addLine(to: CGPoint(x: x1, y: y1 - r))
  if r > 0 {
    p.addCurve(
      to: CGPoint(x: x1 - r, y: y1), control1: CGPoint(x: x1, y: y1 - r + k), control2: CGPoint(x: x1 - r + k, y: y1))
  }
  p.addLine(to: CGPoint(x: x0 + r, y: y1))
  if r > 0 {
    p.addCurve(
      to: CGPoint(x: x0, y: y1 - r), control1: CGPoint(x: x0 + r - k, y: y1), control2: CGPoint(x: x0, y: y1 - r + k))
  }
  p.addLine(to: CGPoint(x: x0, y: y0 + r))
  if r > 0 {
    p.addCurve(
      to: CGPoint(x: x0 + r, y: y0), control1: CGPoint(x: x0, y: y0 + r - k), control2: CGPoint(x: x0 + r - k, y: y0))
  }
  p.closeSubpath()
  return p
}

/// The ellipse inscribed in `rect`, as four cubics.
func _ellipsePath(_ rect: CGRect) -> Path {
  let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
  let (kx, ky) = (0.5522847498 * rx, 0.5522847498 * ry)
  var p = Path()
  p.move(to: CGPoint(x: cx + rx, y: cy))
  p.addCurve(
    to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry)
  )
  p.addCurve(
    to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky)
  )
  p.addCurve(
    to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry)
  )
  p.addCurve(
    to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky)
  )
  p.closeSubpath()
  return p
}

public struct Rectangle: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { _roundedPath(rect, 0) }
}
public struct Circle: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path {
    let side = min(rect.width, rect.height)
    return _ellipsePath(CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
  }
}
public struct Ellipse: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { _ellipsePath(rect) }
}
public struct Capsule: Shape {
  let style: RoundedCornerStyle
  public init(style: RoundedCornerStyle = .continuous) { self.style = style }
  public func path(in rect: CGRect) -> Path { _roundedPath(rect, min(rect.width, rect.height) / 2) }
}
public struct UnevenRoundedRectangle: Shape {
  public init(
    topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
    topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
  ) {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct RoundedRectangle: Shape {
  let cornerRadius: CGFloat
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius }
  public func path(in rect: CGRect) -> Path { _roundedPath(rect, cornerRadius) }
}

// MARK: Containers

/// The views of a container's content, one node each.
func _children(_ n: _Node) -> [_Node] {
  if case .group(let views) = n { return views.flatMap(_children) }
  if case .empty = n { return [] }
  return [n]
}

public struct ZStack<Content: View>: PrimitiveView, _Recorded {
  public let _node: _Node
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    _node = .zstack(alignment, _children(_nodeOf(content())))
  }
}
public struct VStack<Content: View>: PrimitiveView, _Recorded {
  public let _node: _Node
  public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    _node = .vstack(alignment, spacing, _children(_nodeOf(content())))
  }
}
public struct HStack<Content: View>: PrimitiveView, _Recorded {
  public let _node: _Node
  public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    _node = .hstack(alignment, spacing, _children(_nodeOf(content())))
  }
}

public struct GeometryProxy {
  public let size: CGSize
}

public struct GeometryReader<Content: View>: PrimitiveView, _Recorded {
  let content: (GeometryProxy) -> Content
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
  public var _node: _Node {
    let content = self.content
    return .reader { _nodeOf(content(GeometryProxy(size: $0))) }
  }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView, _Recorded {
  public let _node: _Node
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    _node = .group(data.map { _nodeOf(content($0)) })
  }
}

public struct Spacer: PrimitiveView, _Recorded {
  public init(minLength: CGFloat? = nil) {}
  public var _node: _Node { .unsupported("Spacer") }
}

// MARK: Environment

public enum ColorScheme: Hashable, Sendable { case light, dark }

public struct EnvironmentValues {
  public var colorScheme: ColorScheme { .light }
}

@propertyWrapper public struct Environment<Value> {
  let keyPath: KeyPath<EnvironmentValues, Value>
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
  public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

// MARK: Text

public struct Font: Hashable, Sendable {
  let id: String
  public struct Weight: Hashable, Sendable {
    let value: Double
    public static let ultraLight = Weight(value: 100)
    public static let thin = Weight(value: 200)
    public static let light = Weight(value: 300)
    public static let regular = Weight(value: 400)
    public static let medium = Weight(value: 500)
    public static let semibold = Weight(value: 600)
    public static let bold = Weight(value: 700)
    public static let heavy = Weight(value: 800)
    public static let black = Weight(value: 900)
  }
  public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
  public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font(id: "") }
  public static func custom(_ name: String, size: CGFloat) -> Font { Font(id: name) }
  public func weight(_ weight: Weight) -> Font { self }
  public static let largeTitle = Font(id: "largeTitle")
  public static let title = Font(id: "title")
  public static let title2 = Font(id: "title2")
  public static let title3 = Font(id: "title3")
  public static let headline = Font(id: "headline")
  public static let subheadline = Font(id: "subheadline")
  public static let body = Font(id: "body")
  public static let callout = Font(id: "callout")
  public static let footnote = Font(id: "footnote")
  public static let caption = Font(id: "caption")
  public static let caption2 = Font(id: "caption2")
}

public struct Text: PrimitiveView, Equatable, _Recorded {
  let content: String
  public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
  public var _node: _Node { .text(content) }
  public func font(_ font: Font?) -> Text { self }
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  public func italic(_ isActive: Bool) -> Text { self }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

// MARK: Canvas

/// A view that draws with a graphics context.
public struct Canvas<Symbols: View>: PrimitiveView, _Recorded {
  public init(
    opaque: Bool = false, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) where Symbols == EmptyView {}
  public var _node: _Node { .unsupported("Canvas") }
}

/// A canvas's drawing context: a value, whose copies draw into the same
/// place with transforms of their own.
public struct GraphicsContext {
  /// Text resolved in the context's environment, to measure and draw.
  public struct ResolvedText {
    public func measure(in size: CGSize) -> CGSize { size }
    public func firstBaseline(in size: CGSize) -> CGFloat { 0 }
    public func lastBaseline(in size: CGSize) -> CGFloat { 0 }
  }
  public func resolve(_ text: Text) -> ResolvedText { ResolvedText() }
  public mutating func translateBy(x: CGFloat, y: CGFloat) {}
  public mutating func rotate(by angle: Angle) {}
  public mutating func scaleBy(x: CGFloat, y: CGFloat) {}
  public func draw(_ text: ResolvedText, in rect: CGRect) {}
  public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {}
}

// MARK: Modifiers

extension View {
  public func padding(_ length: CGFloat) -> some View {
    ModifiedContent(self, .padding(top: length, leading: length, bottom: length, trailing: length))
  }
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    let l = length ?? 16
    func on(_ e: Edge.Set) -> CGFloat { edges.contains(e) ? l : 0 }
    return ModifiedContent(
      self, .padding(top: on(.top), leading: on(.leading), bottom: on(.bottom), trailing: on(.trailing)))
  }
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(self, .offset(x: x, y: y)) }
  public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(self, .position(x: x, y: y)) }
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(self, .rotation(angle, anchor: anchor))
  }
  public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(self, .scale(x: s, y: s, anchor: anchor))
  }
  public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(self, .scale(x: x, y: y, anchor: anchor))
  }
  public func opacity(_ opacity: Double) -> some View { ModifiedContent(self, .opacity(opacity)) }
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
    ModifiedContent(self, .frame(width: width, height: height, alignment: alignment))
  }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View {
    ModifiedContent(
      self,
      .flexibleFrame(
        width: [minWidth, idealWidth, maxWidth], height: [minHeight, idealHeight, maxHeight], alignment: alignment))
  }
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    ModifiedContent(self, .aspectRatio(aspectRatio, contentMode))
  }
  public func fixedSize() -> some View { ModifiedContent(content: self, modifier: true) }
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    ModifiedContent(content: self, modifier: horizontal)
  }
  public func scaledToFit() -> some View { ModifiedContent(self, .aspectRatio(nil, .fit)) }
  public func scaledToFill() -> some View { ModifiedContent(self, .aspectRatio(nil, .fill)) }
  public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
    -> some View
  { ModifiedContent(self, .shadow(color, radius: radius, x: x, y: y)) }
  public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
    ModifiedContent(self, .blur(radius: radius))
  }
  public func transformEffect(_ transform: CGAffineTransform) -> some View {
    ModifiedContent(self, .transform(transform))
  }
  // Colour effects: declared as SwiftUI's; the stand-in's renderer does
  // not draw them (they are named as what it cannot draw).
  public func grayscale(_ amount: Double) -> some View { ModifiedContent(self, .other("grayscale")) }
  public func saturation(_ amount: Double) -> some View { ModifiedContent(self, .other("saturation")) }
  public func brightness(_ amount: Double) -> some View { ModifiedContent(self, .other("brightness")) }
  public func contrast(_ amount: Double) -> some View { ModifiedContent(self, .other("contrast")) }
  public func hueRotation(_ angle: Angle) -> some View { ModifiedContent(self, .other("hueRotation")) }
  public func colorMultiply(_ color: Color) -> some View { ModifiedContent(self, .other("colorMultiply")) }
  public func colorInvert() -> some View { ModifiedContent(self, .other("colorInvert")) }
  public func luminanceToAlpha() -> some View { ModifiedContent(self, .other("luminanceToAlpha")) }
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    ModifiedContent(self, .clip(path: { shape.path(in: $0) }, evenOdd: style.isEOFilled))
  }
  public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
    ModifiedContent(self, .mask(_nodeOf(mask()), alignment))
  }
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    ModifiedContent(self, .overlay(_nodeOf(content()), alignment))
  }
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    ModifiedContent(self, .background(_nodeOf(content()), alignment))
  }
  public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
    ModifiedContent(content: self, modifier: edges)
  }
  public func compositingGroup() -> some View { ModifiedContent(self, .compositingGroup) }
  public func blendMode(_ mode: BlendMode) -> some View { ModifiedContent(self, .blend(mode.css)) }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    ModifiedContent(self, .foreground(_paintOf(style)))
  }
  public func font(_ font: Font?) -> some View { ModifiedContent(content: self, modifier: font) }
  public func fontWeight(_ weight: Font.Weight?) -> some View { ModifiedContent(content: self, modifier: weight) }
  public func bold() -> some View { ModifiedContent(content: self, modifier: 700) }
  public func italic() -> some View { ModifiedContent(content: self, modifier: 1) }
  public func tracking(_ tracking: CGFloat) -> some View { ModifiedContent(content: self, modifier: tracking) }
}
