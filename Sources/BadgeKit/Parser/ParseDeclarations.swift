// Grammar rules for declarations: file, declaration, importDecl, letDecl,
// componentDecl, parameter, badgeDecl, block, blockItem.

extension Parser {
  /// file = { declaration } EOF ;
  mutating func file() -> BadgeFile {
    var result = BadgeFile()
    while !isAtEnd {
      let start = index
      do {
        try declaration(into: &result)
      } catch {
        synchronize(startIndex: start)
        if check(.rightBrace) && index == start { advance() }
      }
      if index == start { advance() }  // progress guarantee
    }
    if result.badge == nil && requiresBadge {
      report(Diagnostic(.missingBadge, at: peek.range))
    }
    return result
  }

  /// declaration = importDecl | letDecl | componentDecl | badgeDecl ;
  mutating func declaration(into result: inout BadgeFile) throws(ParseError) {
    switch peek.kind {
    case .keyword(.import):
      result.imports.append(try importDecl())
    case .keyword(.let):
      result.lets.append(try letDecl())
    case .keyword(.component):
      result.components.append(try componentDecl())
    case .keyword(.badge):
      let badge = try badgeDecl()
      if result.badge != nil {
        report(Diagnostic(.duplicateBadge, at: badge.nameRange))
      } else {
        result.badge = badge
      }
    default:
      throw unexpected("'badge', 'component', 'import' or 'let'")
    }
  }

  /// importDecl = "import" STRING ;
  mutating func importDecl() throws(ParseError) -> ImportDecl {
    let start = try consume(.import).range
    guard case .string(let path) = peek.kind else { throw unexpected("the path of the file to import, in quotes") }
    let pathRange = advance().range
    return ImportDecl(path: path, pathRange: pathRange, range: range(from: start))
  }

  /// letDecl = "let" IDENT "=" expression ;
  mutating func letDecl() throws(ParseError) -> LetDecl {
    let start = try consume(.let).range
    let (name, nameRange) = try consumeIdentifier("a name after 'let'")
    try consume(.equals, "'=' after the name")
    let value = try expression()
    return LetDecl(name: name, nameRange: nameRange, value: value, range: range(from: start))
  }

  /// componentDecl = "component" IDENT "(" [ parameter { "," parameter } ] ")" block ;
  mutating func componentDecl() throws(ParseError) -> ComponentDecl {
    let start = try consume(.component).range
    let (name, nameRange) = try consumeIdentifier("a component name")
    var parameters: [Parameter] = []
    try consume(.leftParen, "'(' after the component name")
    if !check(.rightParen) {
      repeat {
        parameters.append(try parameter())
      } while match(.comma)
    }
    try consume(.rightParen, "')' after the parameters")
    let body = try block(of: "'\(name)'")
    return ComponentDecl(
      name: name, nameRange: nameRange, parameters: parameters, body: body, range: range(from: start))
  }

  /// parameter = IDENT [ "=" expression ] ;
  mutating func parameter() throws(ParseError) -> Parameter {
    let (name, nameRange) = try consumeIdentifier("a parameter name")
    var defaultValue: Expr?
    if match(.equals) { defaultValue = try expression() }
    return Parameter(name: name, range: nameRange, defaultValue: defaultValue)
  }

  /// badgeDecl = "badge" ( IDENT | STRING ) [ "size" expression [ "," expression ] ] block ;
  mutating func badgeDecl() throws(ParseError) -> BadgeDecl {
    let start = try consume(.badge).range
    let name: String
    switch peek.kind {
    case .identifier(let n), .string(let n): name = n
    default: throw unexpected("the badge's name")
    }
    let nameRange = advance().range
    var size: [Expr] = []
    if match(.keyword(.size)) {
      size.append(try expression())
      if match(.comma) { size.append(try expression()) }
    }
    let body = try block(of: "'\(name)'")
    return BadgeDecl(name: name, nameRange: nameRange, size: size, body: body, range: range(from: start))
  }

  /// block = "{" { blockItem } "}" ;
  /// `owner` names what the block belongs to, for a block left open.
  mutating func block(of owner: String = "this element") throws(ParseError) -> Block {
    let (items, range) = try braced("the block", of: owner) { (p: inout Parser) throws(ParseError) in
      try p.blockItem()
    }
    return Block(items: items, range: range)
  }

  /// blockItem = letDecl | element ;
  mutating func blockItem() throws(ParseError) -> BlockItem {
    if check(.let) { return .let(try letDecl()) }
    return .element(try element())
  }
}
