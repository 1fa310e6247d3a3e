// Grammar rules for declarations: file, declaration, importDecl, letDecl,
// componentDecl, parameter, badgeDecl, block, blockItem.

extension Parser {
  /// file = { declaration } EOF ;
  func file() -> BadgeFile {
    var result = BadgeFile()
    while !isAtEnd {
      let start = index
      suspectedOpenBlock = nil
      do {
        try declaration(into: &result)
      } catch {
        synchronize(startIndex: start)
        if check(.rightBrace) && index == start { advance() }
      }
      if index == start { advance() }  // progress guarantee
    }
    // (A #Preview in its place was reported as one.)
    if result.badge == nil && requiresBadge && !sawPreview {
      report(Diagnostic(.missingBadge, at: peek.range))
    }
    return result
  }

  /// declaration = importDecl | letDecl | componentDecl | badgeDecl ;
  func declaration(into result: inout BadgeFile) throws(ParseError) {
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
    case .identifier where ["struct", "var", "func", "#Preview", "@main"].contains(stream.name(peek)):
      let word = stream.name(peek)
      if let skipped = try swiftDeclaration(word) { result.skippedNames.insert(skipped) }
      if word == "#Preview" { sawPreview = true }
    default:
      throw unexpected("'badge', 'component', 'import' or 'let'")
    }
  }

  /// importDecl = "import" STRING ;
  func importDecl() throws(ParseError) -> ImportDecl {
    let start = try consume(.import).range
    if let module = peekName, ["SwiftUI", "Foundation", "UIKit", "AppKit"].contains(module) {
      // `import SwiftUI`: nothing to import here.
      let r = advance().range
      report(
        Diagnostic(
          .swiftUIName("import \(module)", badgec: nil, hint: "badgec needs no import of it; delete the line"),
          at: start.union(r), fixIts: [FixIt(start.union(r), "")]))
      throw ParseError()  // (reported: nothing to import)
    }
    guard case .string(let text) = peek.kind else { throw unexpected("the path of the file to import, in quotes") }
    let path = self.text(text)
    let pathRange = advance().range
    return ImportDecl(path: path, pathRange: pathRange, range: range(from: start))
  }

  /// letDecl = "let" IDENT "=" expression ;
  func letDecl() throws(ParseError) -> LetDecl {
    let start = try consume(.let).range
    let name: String
    let nameRange: SourceRange
    if case .keyword(let k) = peek.kind, peek(1).tag == .equals {
      // `let size = 3`: one error, and the let still read (its uses are
      // errors of their own only where the keyword cannot stand).
      nameRange = advance().range
      name = k.rawValue
      report(
        Diagnostic(
          .expected(
            "a name after 'let' ('\(k.rawValue)' is a keyword; call it something else)", found: "'\(k.rawValue)'"),
          at: nameRange))
    } else {
      (name, nameRange) = try consumeIdentifier("a name after 'let'")
    }
    if check(.colon) {
      // Swift's `let size: CGFloat = 3`: values have no written type here.
      let colon = advance().range
      var typeEnd = colon
      while !isAtEnd && !check(.equals) && !peek.lineBefore { typeEnd = advance().range }
      report(
        Diagnostic(
          .swiftUIName(": Type", badgec: nil, hint: "a let takes no type here: let \(name) = …"),
          at: colon.union(typeEnd), fixIts: [FixIt(colon.union(typeEnd), "")]))
    }
    try consume(.equals, "'=' after the name")
    let value = try expression()
    return LetDecl(name: name, nameRange: nameRange, value: value, range: range(from: start))
  }

  /// componentDecl = "component" IDENT "(" [ parameter { "," parameter } ] ")" block ;
  func componentDecl() throws(ParseError) -> ComponentDecl {
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
    // `: View`: sized to its content, as a SwiftUI View.
    var sized = false
    if match(.colon) {
      guard isIdentifier(peek, "View") else {
        throw unexpected("'View' (a component written ': View' is sized to its content, as a SwiftUI View)")
      }
      advance()
      sized = true
    }
    let body = try block(of: "'\(name)'")
    var decl = ComponentDecl(
      name: name, nameRange: nameRange, parameters: parameters, body: body, range: range(from: start))
    decl.sizedToContent = sized
    return decl
  }

  /// parameter = IDENT [ "=" expression ] ;
  func parameter() throws(ParseError) -> Parameter {
    if case .keyword(let k) = peek.kind {
      // `component Ring(size)`: one error, and the component still
      // declared (its uses are not errors again).
      let r = advance().range
      report(
        Diagnostic(
          .expected(
            "a parameter name ('\(k.rawValue)' is a keyword; call it something else)", found: "'\(k.rawValue)'"),
          at: r))
      var defaultValue: Expr?
      if match(.equals) { defaultValue = try expression() }
      return Parameter(name: k.rawValue, range: r, defaultValue: defaultValue)
    }
    let (name, nameRange) = try consumeIdentifier("a parameter name")
    var defaultValue: Expr?
    if match(.equals) { defaultValue = try expression() }
    return Parameter(name: name, range: nameRange, defaultValue: defaultValue)
  }

  /// badgeDecl = "badge" ( IDENT | STRING ) [ "size" expression [ "," expression ] ] block ;
  func badgeDecl() throws(ParseError) -> BadgeDecl {
    let start = try consume(.badge).range
    let name: String
    switch peek.kind {
    case .identifier: name = stream.name(peek)
    case .string(let text): name = self.text(text)
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
  func block(of owner: String) throws(ParseError) -> Block {
    let (items, range) = try braced("the block", of: owner) { (p: Parser) throws(ParseError) in
      try p.blockItem()
    }
    return Block(items: items, range: range)
  }

  /// blockItem = letDecl | ifItem | element ;
  func blockItem() throws(ParseError) -> BlockItem {
    if check(.let) { return .let(try letDecl()) }
    if check(.if) { return .conditional(try ifItem()) }
    return .element(try element())
  }

  /// ifItem = "if" expression block [ "else" ( ifItem | block ) ] ;
  func ifItem() throws(ParseError) -> IfItem {
    let start = advance().range
    let condition = try expression()
    let then = try block(of: "if")
    var otherwise: Block?
    if match(.keyword(.else)) {
      if check(.if) {
        let inner = try nested { (p: Parser) throws(ParseError) in try p.ifItem() }
        otherwise = Block(items: [.conditional(inner)], range: inner.range)
      } else {
        otherwise = try block(of: "else")
      }
    }
    return IfItem(condition: condition, then: then, otherwise: otherwise, range: range(from: start))
  }

  /// Swift's `struct Name: View { … }`, `var`, `func`: skipped to the end
  /// of their braces with one error naming badgec's declarations.
  /// Returns the declared name, if it has one.
  func swiftDeclaration(_ word: String) throws(ParseError) -> String? {
    let start = advance().range
    var name = word
    if let n = peekName { name = n }
    // To the declaration's block, then past it, braces balanced.
    while !isAtEnd && !check(.leftBrace) && !startsDeclaration { advance() }
    if check(.leftBrace) { try skipBlock() }
    let hint: String
    switch word {
    case "struct": hint = "write 'component \(name)(parameters) { … }', and the badge as 'badge Name size W { … }'"
    case "#Preview": hint = "the badge is its own preview: write 'badge Name size W { … }'"
    case "var": hint = "write 'let \(name) = value'"
    default: hint = "write 'component \(name)(parameters) { … }'"
    }
    report(Diagnostic(.swiftUIName(word == name ? word : "\(word) \(name)", badgec: nil, hint: hint), at: start))
    return word == name ? nil : name
  }
}
