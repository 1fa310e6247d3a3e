// SwiftUI's names that badgec spells differently: views, modifiers, types
// and functions, and argument labels. Takes a name that is not badgec's;
// hands on badgec's spelling (for "SwiftUI's `X` is `y` here" and its
// fix-it), or a hint where badgec has no counterpart.

/// How a SwiftUI name is written here.
struct SwiftUIName {
  /// badgec's name, a drop-in replacement for the SwiftUI one (the fix-it);
  /// nil when there is none.
  var badgec: String?
  /// What to write instead, when it is more than a name (or why there is
  /// nothing), shown after the message.
  var hint: String?
}

enum SwiftUINames {
  /// Views and containers, written as calls: `VStack { … }`, `Circle()`.
  static let views: [String: SwiftUIName] = [
    "VStack": .init(badgec: "vstack"), "HStack": .init(badgec: "hstack"), "ZStack": .init(badgec: "zstack"),
    "Group": .init(badgec: "zstack"), "GeometryReader": .init(badgec: "geometry"), "Text": .init(badgec: "text"),
    "Circle": .init(badgec: "circle"), "Rectangle": .init(badgec: "rect"),
    "RoundedRectangle": .init(badgec: "roundedRect", hint: "roundedRect(radius: r)"),
    "UnevenRoundedRectangle": .init(
      badgec: "unevenRoundedRect", hint: "unevenRoundedRect(topLeading:, bottomLeading:, bottomTrailing:, topTrailing:)"
    ),
    "Capsule": .init(badgec: "capsule"), "Ellipse": .init(badgec: "ellipse"), "Spacer": .init(badgec: "spacer"),
    "Path": .init(badgec: "path"),
    "ForEach": .init(badgec: nil, hint: "write 'repeat N as i { … }' for ForEach(0..<N) { i in … }"),
    "Image": .init(badgec: nil, hint: "draw an icon from its SVG path data: path(\"M…\", viewBox: (0, 0, 24, 24))"),
    "Color": .init(badgec: nil, hint: "a colour is its name (red) or rgb(r, g, b) with 0–255 channels"),
  ]

  /// Modifiers: `.scaleEffect(…)`.
  static let modifiers: [String: SwiftUIName] = [
    "scaleEffect": .init(badgec: "scale"), "rotationEffect": .init(badgec: "rotate"),
    "foregroundStyle": .init(badgec: "fill"), "foregroundColor": .init(badgec: "fill"),
    "aspectRatio": .init(badgec: "aspect", hint: ".aspect(ratio, fit) or .aspect(fill)"),
    "cornerRadius": .init(badgec: nil, hint: "write .clipShape(roundedRect(radius: r))"),
    "zIndex": .init(badgec: nil, hint: "later elements of a block are drawn on top"),
    "accessibilityLabel": .init(badgec: nil, hint: "text keeps its own words as its label in the SVG"),
    "lineWidth": .init(badgec: nil, hint: "write .stroke(width: w)"),
    "drawingGroup": .init(badgec: nil, hint: "leave it out: badgec draws every view flattened into the image already"),
    "rotation3DEffect": .init(
      badgec: nil,
      hint:
        "badgec draws in two dimensions only (SVG cannot draw a perspective exactly); a 2D one is .transformEffect(a:, b:, c:, d:, tx:, ty:)"
    ),
    "projectionEffect": .init(
      badgec: nil,
      hint:
        "badgec draws in two dimensions only (SVG cannot draw a perspective exactly); a 2D one is .transformEffect(a:, b:, c:, d:, tx:, ty:)"
    ),
  ]

  /// Types and functions used as values: `LinearGradient(…)`, `.degrees(45)`.
  static let functions: [String: SwiftUIName] = [
    "LinearGradient": .init(badgec: "linear", hint: "linear(c1, c2, start: top, end: bottom)"),
    "RadialGradient": .init(badgec: "radial", hint: "radial(c1, c2, center:, startRadius:, endRadius:)"),
    "EllipticalGradient": .init(
      badgec: "elliptical", hint: "elliptical(c1, c2, center:, startRadiusFraction:, endRadiusFraction:)"),
    "AngularGradient": .init(badgec: "angular", hint: "angular(c1, c2, center:, startAngle:, endAngle:)"),
    "Gradient": .init(badgec: nil, hint: "list the colours in the gradient itself: linear(red, blue)"),
    "Color": .init(
      badgec: nil,
      hint: "write rgb(r, g, b) with 0–255 channels: Color(red: 1, green: 0.5, blue: 0) is rgb(255, 128, 0)"),
    "UnitPoint": .init(badgec: nil, hint: "a unit point is a pair (x, y), or a name such as top"),
    "StrokeStyle": .init(badgec: nil, hint: "give the style to the stroke: .stroke(color, width:, cap:, join:, dash:)"),
    "degrees": .init(badgec: nil, hint: "an angle is written with its unit: 45deg"),
    "radians": .init(badgec: nil, hint: "an angle is written with its unit: 0.5rad"),
    "Angle": .init(badgec: nil, hint: "an angle is written with its unit: 45deg, 0.5rad"),
    "CGFloat": .init(badgec: nil, hint: "numbers need no type: write the number"),
    "Double": .init(badgec: nil, hint: "numbers need no type: write the number"),
  ]

  /// What a call in a value's place may be: a function or type, else a
  /// view written as a value (`let c = Circle()`).
  static let calls = functions.merging(views) { function, _ in function }

  /// Methods of values SwiftUI has and badgec has as modifiers:
  /// `.font(.title.bold())`.
  static let methods: [String: SwiftUIName] = [
    "bold": .init(badgec: nil, hint: "make the text bold with the modifier: .font(.title).bold()"),
    "italic": .init(badgec: nil, hint: "make the text italic with the modifier: .font(.title).italic()"),
    "weight": .init(badgec: nil, hint: "give the weight to .font: .font(.title, weight: .bold)"),
  ]

  /// Types whose members SwiftUI writes as `Type.member`: `Color.red` is
  /// `red` here.
  static let typeNames: Set<String> = [
    "Double", "CGFloat", "Float",
    "Color", "Font", "UnitPoint", "Alignment", "HorizontalAlignment", "VerticalAlignment",
  ]

  /// Argument labels, by badgec callee: `RoundedRectangle(cornerRadius:)`.
  static let labels: [String: [String: String]] = [
    "roundedRect": ["cornerRadius": "radius"],
    "unevenRoundedRect": [
      "topLeadingRadius": "topLeading", "bottomLeadingRadius": "bottomLeading",
      "bottomTrailingRadius": "bottomTrailing", "topTrailingRadius": "topTrailing",
    ],
    "linear": ["startPoint": "start", "endPoint": "end", "colors": "", "stops": ""],
    "radial": ["colors": "", "stops": ""],
    "elliptical": ["colors": "", "stops": ""],
    "angular": ["colors": "", "stops": ""],
    "rotate": ["degrees": "angle"],
    "frame": ["minimumWidth": "minWidth", "maximumWidth": "maxWidth"],
    "aspect": ["contentMode": "mode"],
    "text": ["verbatim": "content"],
  ]
}
