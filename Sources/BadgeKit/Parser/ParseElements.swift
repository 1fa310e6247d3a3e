// Grammar rules for elements: element, view, pathView, stackView,
// geometryView, repeatView, callView, modifier, arguments, argument.

extension Parser {
  /// element = view { modifier } ;
  func element() throws(ParseError) -> Element {
    try spendItem()
    let start = peek.range
    let primary = try view()
    var modifiers: [Modifier] = []
    // Each modifier wraps the ones before it, so a chain nests like brackets.
    let outer = depth
    defer { depth = outer }
    while check(.dot) {
      if depth >= Parser.maximumDepth {
        report(Diagnostic(.nestingTooDeep(Parser.maximumDepth), at: peek.range))
        throw ParseError()
      }
      depth += 1
      modifiers.append(try modifier())
    }
    return Element(primary: primary, modifiers: modifiers, range: range(from: start))
  }

  /// view = pathView | stackView | geometryView | repeatView | callView ;
  func view() throws(ParseError) -> Primary {
    switch peek.kind {
    case .keyword(.path): return try pathView()
    case .keyword(.zstack), .keyword(.vstack), .keyword(.hstack): return try stackView()
    case .keyword(.geometry): return try geometryView()
    case .keyword(.repeat): return try repeatView()
    case .identifier: return try callView()
    default: throw unexpected("an element (a path, stack, geometry, repeat or a component)")
    }
  }

  /// pathView = "path" ( pathBody | arguments ) ;
  func pathView() throws(ParseError) -> Primary {
    let keyword = try consume(.path).range
    if check(.leftParen) { return .pathData(arguments: try arguments(), range: keyword) }
    return .path(try pathBody())
  }

  /// stackView = ( "zstack" | "vstack" | "hstack" ) [ arguments ] block ;
  func stackView() throws(ParseError) -> Primary {
    let keyword = advance()
    guard case .keyword(let k) = keyword.kind, let axis = StackAxis(rawValue: k.rawValue) else {
      throw unexpected("'zstack', 'vstack' or 'hstack'")
    }
    var args: [Argument] = []
    if check(.leftParen) { args = try arguments() }
    let body = try block(of: "'\(axis.rawValue)'")
    return .stack(StackView(axis: axis, keywordRange: keyword.range, arguments: args, body: body))
  }

  /// geometryView = "geometry" block ;
  func geometryView() throws(ParseError) -> Primary {
    try consume(.geometry)
    return .geometry(try block(of: "'geometry'"))
  }

  /// repeatView = "repeat" expression [ "as" IDENT [ "," IDENT ] ] block ;
  /// Over a list, `as v` names each item, `as i, v` the index and the item.
  func repeatView() throws(ParseError) -> Primary {
    try consume(.repeat)
    let count = try expression()
    var index: String?
    var indexRange: SourceRange?
    var item: String?
    if match(.keyword(.as)) {
      let (name, r) = try consumeIdentifier("a name for the repeat index after 'as'")
      index = name
      indexRange = r
      if match(.comma) { item = try consumeIdentifier("a name for the list's item after ','").0 }
    }
    let body = try block(of: "'repeat'")
    return .repeat(count: count, index: index, indexRange: indexRange, body: body, item: item)
  }

  /// callView = IDENT [ arguments ] ;
  /// (SwiftUI's containers with a trailing block, `VStack(spacing: 4) { … }`,
  /// `GeometryReader { g in … }`, `ForEach(0..<n) { i in … }`, are read as
  /// badgec's, with one error naming badgec's spelling: see
  /// SwiftUIHabits.swift.)
  func callView() throws(ParseError) -> Primary {
    let (name, nameRange) = try consumeIdentifier("a component name")
    if name == "ForEach" { return try forEachView(nameRange) }
    var args: [Argument] = []
    if check(.leftParen) { args = try arguments() }
    if check(.leftBrace) { return try swiftUIContainer(name, nameRange, args) }
    return .call(name: name, nameRange: nameRange, arguments: args)
  }

  /// modifier = "." IDENT ( arguments [ block ] | block ) ;
  func modifier() throws(ParseError) -> Modifier {
    let start = try consume(.dot, "'.'").range
    let (name, nameRange) = try consumeIdentifier("a modifier name after '.'")
    var args: [Argument] = []
    if !check(.leftBrace) { args = try arguments() }
    var content: Block?
    if check(.leftBrace) { content = try block(of: "'.\(name)'") }
    return Modifier(name: name, nameRange: nameRange, arguments: args, content: content, range: range(from: start))
  }

  /// arguments = "(" [ argument { "," argument } ] ")" ;
  func arguments() throws(ParseError) -> [Argument] {
    try consume(.leftParen, "'('")
    var args: [Argument] = []
    var tallest = 0
    if !check(.rightParen) {
      repeat {
        args.append(try argument())
        tallest = max(tallest, height)
      } while match(.comma)
    }
    try consume(.rightParen, "')' after the arguments")
    height = tallest
    return args
  }

  /// argument = [ ( IDENT | keyword ) ":" ] argumentValue ;
  func argument() throws(ParseError) -> Argument {
    // A keyword is a label too: `.font(size: 20)`.
    let label: String?
    switch peek.kind {
    case .identifier: label = peek(1).tag == .colon ? stream.name(peek) : nil
    case .keyword(let k): label = k.rawValue
    default: label = nil
    }
    if let label, peek(1).tag == .colon {
      let labelRange = advance().range
      advance()
      return Argument(label: label, labelRange: labelRange, value: try argumentValue())
    }
    let value = try argumentValue()
    return Argument(label: nil, labelRange: value.range, value: value)
  }

  /// An argument's value: an expression, or a view that starts with a
  /// keyword (`path { … }`, `zstack { … }`, …), for modifiers that take
  /// a shape or content.
  func argumentValue() throws(ParseError) -> Expr {
    switch peek.kind {
    case .keyword(.geometry) where peek(1).tag == .dot:
      return try expression()  // SwiftUI's `geometry.size.width`
    case .keyword(.path), .keyword(.zstack), .keyword(.vstack), .keyword(.hstack), .keyword(.geometry):
      return try viewArgument()
    case .keyword(.repeat):
      return try repeatList()
    default:
      return try expression()
    }
  }

  /// repeatList = "repeat" expression [ "as" IDENT [ "," IDENT ] ] "{" [ argumentValue { [ "," ] argumentValue } ] "}" ;
  /// The items of each copy in order: `linear(repeat 4 as i { stop(red,
  /// i / 4), stop(white, (i + 1) / 4) })`. (A modifier that takes a view
  /// reads the items as the views of a repeat.)
  func repeatList() throws(ParseError) -> Expr {
    let start = try consume(.repeat).range
    let count = try expression()
    var index: String?
    var item: String?
    if match(.keyword(.as)) {
      index = try consumeIdentifier("a name for the repeat index after 'as'").0
      if match(.comma) { item = try consumeIdentifier("a name for the list's item after ','").0 }
    }
    var tallest = height
    let (items, _) = try braced("the repeated items", of: "'repeat'") { (p: Parser) throws(ParseError) -> Expr in
      let item = try p.argumentValue()
      tallest = max(tallest, p.height)
      _ = p.match(.comma)
      if p.check(.rightParen) { throw p.unexpected("'}' to close the repeated items") }
      return item
    }
    try setHeight(tallest + 1, at: start)
    return Expr(.repeatList(count: count, index: index, items: items, item: item), range(from: start))
  }

  /// viewArgument = element ;  (one that starts with a keyword)
  func viewArgument() throws(ParseError) -> Expr {
    let e = try nested { (p: Parser) throws(ParseError) in try p.element() }
    height = 1
    return Expr(.view(e), e.range)
  }
}
