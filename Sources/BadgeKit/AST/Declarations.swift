// Declaration, element and path nodes of the syntax tree: what the parser
// hands the semantic checker and the layout pass.

/// A whole `.badge` file.
public struct BadgeFile: Equatable, Sendable {
  /// `import "…"` declarations, in source order.
  public var imports: [ImportDecl] = []
  /// Top-level `let`s, in source order (later ones may use earlier ones).
  public var lets: [LetDecl] = []
  /// Components, in source order.
  public var components: [ComponentDecl] = []
  /// The `badge` declaration (one per file).
  public var badge: BadgeDecl?
  /// Names of Swift declarations skipped with an error (`struct Tile:
  /// View { … }`): their uses are not errors again.
  public var skippedNames: Set<String> = []

  public init() {}
}

/// `import "shapes.badge"`: brings in the top-level lets and components of
/// another file (see `Imports/`).
public struct ImportDecl: Equatable, Sendable {
  /// The path as written, escapes read.
  public var path: String
  /// The string literal's range.
  public var pathRange: SourceRange
  public var range: SourceRange
}

/// `let name = value`.
public struct LetDecl: Equatable, Sendable {
  public var name: String
  public var nameRange: SourceRange
  public var value: Expr
  public var range: SourceRange
}

/// `component Name(param, param = default) { … }`: a reusable view that,
/// like a GeometryReader, takes the whole size proposed to it; or, written
/// `component Name(…): View { … }`, one sized to its content as a SwiftUI
/// `View` is (its body's elements proposed what it is proposed, centred in
/// the largest).
public struct ComponentDecl: Equatable, Sendable {
  public var name: String
  public var nameRange: SourceRange
  public var parameters: [Parameter]
  public var body: Block
  public var range: SourceRange
  /// Written `: View`: sized to its content.
  public var sizedToContent = false
}

/// A component parameter with its optional default value.
public struct Parameter: Equatable, Sendable {
  public var name: String
  public var range: SourceRange
  public var defaultValue: Expr?
}

/// `badge Name size W[, H] { … }`: the badge and its default canvas size.
public struct BadgeDecl: Equatable, Sendable {
  public var name: String
  public var nameRange: SourceRange
  /// The canvas width and optional height in points (one value: a square).
  public var size: [Expr]
  public var body: Block
  public var range: SourceRange
}

/// The items between `{` and `}` of a badge, component, `zstack`, `geometry`
/// or `repeat`: local constants and elements, elements later in the list
/// drawn on top.
public struct Block: Equatable, Sendable {
  public var items: [BlockItem]
  public var range: SourceRange
}

/// One item of a block.
public enum BlockItem: Equatable, Sendable {
  case `let`(LetDecl)
  case element(Element)
  /// `if condition { … } else { … }`: the elements of one branch or the
  /// other, as SwiftUI's `if` in a view builder.
  case conditional(IfItem)
}

/// `if condition { … }` with an optional `else { … }` or `else if …`
/// (held as an `else` block of that one item).
public struct IfItem: Equatable, Sendable {
  public var condition: Expr
  public var then: Block
  public var otherwise: Block?
  public var range: SourceRange
}

/// An element: a view and the modifiers that wrap it, innermost first.
public struct Element: Equatable, Sendable {
  public var primary: Primary
  public var modifiers: [Modifier]
  public var range: SourceRange
}

/// The view an element starts from (`repeat`, the largest case, boxed:
/// every element and every view made of it holds one).
public enum Primary: Equatable, Sendable {
  /// `path { … }`: a shape drawn in its own frame.
  case path(PathBody)
  /// `path("M0 0 L10 10", viewBox: (0, 0, 24, 24))`: a shape from SVG path
  /// data, with the range of `path`.
  case pathData(arguments: [Argument], range: SourceRange)
  /// `zstack { … }`, `vstack(spacing:, alignment:) { … }` or `hstack { … }`.
  case stack(StackView)
  /// `geometry { … }`: takes the whole proposal; children at its top-left.
  case geometry(Block)
  /// `repeat N as i { … }`: N copies of the block's elements.
  /// `repeat N as i` or, over a list, `repeat values as v` (each item) or
  /// `as i, v` (the index and the item): `item` is the second name.
  indirect case `repeat`(count: Expr, index: String?, indexRange: SourceRange?, body: Block, item: String? = nil)
  /// `Name(args)`: a component or a built-in shape.
  case call(name: String, nameRange: SourceRange, arguments: [Argument])
}

/// Which way a stack lays out its children.
public enum StackAxis: String, Equatable, Sendable {
  /// `zstack`: children on top of each other, aligned in the stack.
  case z = "zstack"
  /// `vstack`: children top to bottom.
  case v = "vstack"
  /// `hstack`: children leading to trailing.
  case h = "hstack"
}

/// A stack: its axis, its arguments as written (`spacing:`, `alignment:`)
/// and its children.
public struct StackView: Equatable, Sendable {
  public var axis: StackAxis
  /// The range of the keyword.
  public var keywordRange: SourceRange
  public var arguments: [Argument]
  public var body: Block
}

/// `.name(args)` after an element, or `.name(args) { … }` / `.name { … }`
/// with a block of content (`.mask { … }`).
public struct Modifier: Equatable, Sendable {
  public var name: String
  public var nameRange: SourceRange
  public var arguments: [Argument]
  /// The trailing block, if written.
  public var content: Block?
  public var range: SourceRange

  public init(name: String, nameRange: SourceRange, arguments: [Argument], content: Block? = nil, range: SourceRange) {
    self.name = name
    self.nameRange = nameRange
    self.arguments = arguments
    self.content = content
    self.range = range
  }
}

/// The commands of a `path { … }` or of a `within` block inside it.
public struct PathBody: Equatable, Sendable {
  public var items: [PathItem]
  public var range: SourceRange
}

/// One item of a path body.
public enum PathItem: Equatable, Sendable {
  case `let`(LetDecl)
  /// `move`, `line`, `lines`, `quad`, `cubic` or `close` with its arguments.
  case command(PathCommand)
  /// `within x, y, w, h { … }`: inside, points are fractions of that
  /// rectangle (the unit square maps onto it).
  case within(rect: [Expr], body: PathBody, range: SourceRange)
  /// `repeat N [as i] { … }`: the commands N times, with the index `i`
  /// (default `index`) from 0.
  case `repeat`(count: Expr, index: String?, body: PathBody, range: SourceRange, item: String? = nil)
}

/// A path command and its arguments, e.g. `quad (0.4, 0.05), control: (0.5, 0)`.
public struct PathCommand: Equatable, Sendable {
  public var name: String
  public var nameRange: SourceRange
  public var arguments: [Argument]
  public var range: SourceRange
}

extension Element {
  /// The view an argument's expression names, if it names one: a view
  /// written with a keyword (`path { … }`), or a call of a callee
  /// (`isCallee`: a component or built-in shape) with any methods after it
  /// read as modifiers (`Hexagon().padding(4)`).
  public init?(viewExpression e: Expr, isCallee: (String) -> Bool) {
    switch e.kind {
    case .view(let element):
      self = element
    case .call(let name, let args) where isCallee(name):
      let nameEnd = SourceRange(file: e.range.file, start: e.range.start, end: e.range.start + name.utf8.count)
      self = Element(primary: .call(name: name, nameRange: nameEnd, arguments: args), modifiers: [], range: e.range)
    case .repeatList(let count, let index, let items, let item):
      // `.mask(repeat 8 as i { circle().offset(x: i * 10) })`: the views
      // of a repeat.
      var elements: [BlockItem] = []
      for item in items {
        guard let e = Element(viewExpression: item, isCallee: isCallee) else { return nil }
        elements.append(.element(e))
      }
      self = Element(
        primary: .repeat(
          count: count, index: index, indexRange: nil, body: Block(items: elements, range: e.range), item: item),
        modifiers: [], range: e.range)
    case .member(let base, let name, let nameRange, let args):
      guard var inner = Element(viewExpression: base, isCallee: isCallee) else { return nil }
      inner.modifiers.append(
        Modifier(name: name, nameRange: nameRange, arguments: args, range: nameRange.union(e.range)))
      inner.range = e.range
      self = inner
    default:
      return nil
    }
  }
}
