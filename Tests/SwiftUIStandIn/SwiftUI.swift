// A stand-in for SwiftUI on Linux, for the tests of `badgec --format swift`:
// the declarations of SwiftUI's API that badgec's SwiftUI code uses, with
// Apple's names, labels, parameter types and defaults (from Apple's
// documentation of SwiftUI), and bodies that do nothing. A generated file
// that type-checks against it uses SwiftUI's API as SwiftUI declares it.
// Like SwiftUI, it re-exports Foundation, whose CGFloat, CGPoint, CGSize
// and CGRect are those of CoreGraphics (and whose CGFloat converts to and
// from Double implicitly, as on Apple's systems).
@_exported import Foundation

// MARK: Views and their builder

public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { fatalError() }
}

/// Primitive views: no body of their own.
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
  public var body: Never { fatalError() }
}

public struct EmptyView: PrimitiveView { public init() {} }
public struct TupleView<T>: PrimitiveView { public init(_ value: T) {} }
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {}
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    TupleView((repeat each content))
  }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
  public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// What a modifier returns: a view wrapping another.
public struct ModifiedContent<Content, Modifier>: PrimitiveView {
  public init(content: Content, modifier: Modifier) {}
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

public struct AnyShapeStyle: ShapeStyle {
  public init<S: ShapeStyle>(_ style: S) {}
}

public struct Color: ShapeStyle, PrimitiveView, Hashable, Sendable {
  let id: [Double]
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { id = [red, green, blue, opacity] }
  public init(white: Double, opacity: Double = 1) { id = [white, white, white, opacity] }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    id = [hue, saturation, brightness, opacity, 1]
  }
  public func opacity(_ opacity: Double) -> Color { Color(red: id[0], green: id[1], blue: id[2], opacity: opacity) }
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

public struct LinearGradient: ShapeStyle, PrimitiveView {
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

public struct RadialGradient: ShapeStyle, PrimitiveView {
  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
  public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
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
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
    dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {}
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
    ModifiedContent(content: self, modifier: content)
  }
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
    ModifiedContent(content: self, modifier: content)
  }
  public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    ModifiedContent(content: self, modifier: content)
  }
  public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
    TrimmedShape()
  }
}

/// A shape that can be inset by an amount (SwiftUI's built-in shapes), and
/// so stroked inside its border.
public protocol InsettableShape: Shape {}

extension InsettableShape {
  public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
    -> some View
  { ModifiedContent(content: self, modifier: content) }
  public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
    ModifiedContent(content: self, modifier: content)
  }
}

extension Rectangle: InsettableShape {}
extension Circle: InsettableShape {}
extension Ellipse: InsettableShape {}
extension Capsule: InsettableShape {}
extension RoundedRectangle: InsettableShape {}
extension UnevenRoundedRectangle: InsettableShape {}

public struct TrimmedShape: Shape {
  public func path(in rect: CGRect) -> Path { Path() }
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

public struct Rectangle: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct Circle: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct Ellipse: Shape {
  public init() {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct Capsule: Shape {
  public init(style: RoundedCornerStyle = .continuous) {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct UnevenRoundedRectangle: Shape {
  public init(
    topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
    topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
  ) {}
  public func path(in rect: CGRect) -> Path { Path() }
}
public struct RoundedRectangle: Shape {
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
  public func path(in rect: CGRect) -> Path { Path() }
}

// MARK: Containers

public struct ZStack<Content: View>: PrimitiveView {
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}
public struct VStack<Content: View>: PrimitiveView {
  public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct HStack<Content: View>: PrimitiveView {
  public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct GeometryProxy {
  public var size: CGSize { .zero }
}

public struct GeometryReader<Content: View>: PrimitiveView {
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct Spacer: PrimitiveView {
  public init(minLength: CGFloat? = nil) {}
}

// MARK: Environment

public enum ColorScheme: Hashable, Sendable { case light, dark }

public struct EnvironmentValues {
  public var colorScheme: ColorScheme { .light }
}

@propertyWrapper public struct Environment<Value> {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public var wrappedValue: Value { fatalError() }
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

public struct Text: PrimitiveView, Equatable {
  public init<S: StringProtocol>(_ content: S) {}
  public func font(_ font: Font?) -> Text { self }
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  public func italic(_ isActive: Bool) -> Text { self }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

// MARK: Canvas

/// A view that draws with a graphics context.
public struct Canvas<Symbols: View>: PrimitiveView {
  public init(
    opaque: Bool = false, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) where Symbols == EmptyView {}
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
  public func padding(_ length: CGFloat) -> some View { ModifiedContent(content: self, modifier: length) }
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    ModifiedContent(content: self, modifier: length)
  }
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(content: self, modifier: x) }
  public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(content: self, modifier: x) }
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(content: self, modifier: angle)
  }
  public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(content: self, modifier: s)
  }
  public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
    ModifiedContent(content: self, modifier: x)
  }
  public func opacity(_ opacity: Double) -> some View { ModifiedContent(content: self, modifier: opacity) }
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
    ModifiedContent(content: self, modifier: alignment)
  }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { ModifiedContent(content: self, modifier: alignment) }
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    ModifiedContent(content: self, modifier: contentMode)
  }
  public func fixedSize() -> some View { ModifiedContent(content: self, modifier: true) }
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    ModifiedContent(content: self, modifier: horizontal)
  }
  public func scaledToFit() -> some View { ModifiedContent(content: self, modifier: ContentMode.fit) }
  public func scaledToFill() -> some View { ModifiedContent(content: self, modifier: ContentMode.fill) }
  public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
    -> some View
  { ModifiedContent(content: self, modifier: color) }
  public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
    ModifiedContent(content: self, modifier: radius)
  }
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    ModifiedContent(content: self, modifier: style)
  }
  public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
    ModifiedContent(content: self, modifier: alignment)
  }
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    ModifiedContent(content: self, modifier: alignment)
  }
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    ModifiedContent(content: self, modifier: alignment)
  }
  public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
    ModifiedContent(content: self, modifier: edges)
  }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    ModifiedContent(content: self, modifier: 0)
  }
  public func font(_ font: Font?) -> some View { ModifiedContent(content: self, modifier: font) }
  public func fontWeight(_ weight: Font.Weight?) -> some View { ModifiedContent(content: self, modifier: weight) }
  public func bold() -> some View { ModifiedContent(content: self, modifier: 700) }
  public func italic() -> some View { ModifiedContent(content: self, modifier: 1) }
  public func tracking(_ tracking: CGFloat) -> some View { ModifiedContent(content: self, modifier: tracking) }
}
