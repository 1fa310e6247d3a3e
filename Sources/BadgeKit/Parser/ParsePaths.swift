// Grammar rules for path bodies: pathBody, pathItem, withinBlock,
// repeatPath, pathCommand.

extension Parser {
  /// How many arguments the path command `name` takes at least (nil: no
  /// such command).
  static func minimumArguments(ofPathCommand name: String) -> Int? {
    switch name {
    case "move", "line", "lines", "quad", "cubic", "data", "arc": return 1
    case "close": return 0
    default: return nil
    }
  }

  /// pathBody = "{" { pathItem } "}" ;
  func pathBody() throws(ParseError) -> PathBody {
    let (items, range) = try braced("the path", of: "'path'") { (p: Parser) throws(ParseError) in try p.pathItem()
    }
    return PathBody(items: items, range: range)
  }

  /// pathItem = letDecl | withinBlock | repeatPath | pathCommand ;
  func pathItem() throws(ParseError) -> PathItem {
    if check(.let) { return .let(try letDecl()) }
    if check(.within) { return try withinBlock() }
    if check(.repeat) { return try repeatPath() }
    return .command(try pathCommand())
  }

  /// repeatPath = "repeat" expression [ "as" IDENT [ "," IDENT ] ] pathBody ;
  func repeatPath() throws(ParseError) -> PathItem {
    let start = try consume(.repeat).range
    let count = try expression()
    var index: String?
    var item: String?
    if match(.keyword(.as)) {
      index = try consumeIdentifier("a name for the repeat index after 'as'").0
      if match(.comma) { item = try consumeIdentifier("a name for the list's item after ','").0 }
    }
    let body = try pathBody()
    return .repeat(count: count, index: index, body: body, range: range(from: start), item: item)
  }

  /// withinBlock = "within" expression "," expression "," expression "," expression pathBody ;
  func withinBlock() throws(ParseError) -> PathItem {
    let start = try consume(.within).range
    var rect = [try expression()]
    for _ in 0..<3 {
      try consume(.comma, "',' between the rectangle's x, y, width and height")
      rect.append(try expression())
    }
    let body = try pathBody()
    return .within(rect: rect, body: body, range: range(from: start))
  }

  /// pathCommand = IDENT [ argument { "," argument } ] ;
  func pathCommand() throws(ParseError) -> PathCommand {
    try spendItem()
    if let swift = try swiftPathCall() { return swift }
    guard let name = peekName else {
      throw unexpected("a path command (move, line, lines, quad, cubic, arc, close or data)")
    }
    let nameRange = advance().range
    guard let minimum = Parser.minimumArguments(ofPathCommand: name) else {
      report(Diagnostic(.unknownPathCommand(name), at: nameRange))
      throw ParseError()
    }
    var args: [Argument] = []
    if minimum > 0 {
      repeat {
        // Each point of `lines` is a segment: an item of its own.
        if !args.isEmpty { try spendItem() }
        args.append(try argument())
      } while match(.comma)
    }
    return PathCommand(name: name, nameRange: nameRange, arguments: args, range: range(from: nameRange))
  }
}
