// Grammar rules for expressions: expression, term, unary, primary.

extension Parser {
  /// expression = term { ( "+" | "-" ) term } ;
  mutating func expression() throws(ParseError) -> Expr {
    try nested { (p: inout Parser) throws(ParseError) in try p.additive() }
  }

  private mutating func additive() throws(ParseError) -> Expr {
    var left = try term()
    while true {
      let op: BinaryOperator
      if check(.plus) { op = .add } else if check(.minus) { op = .subtract } else { break }
      let operatorRange = advance().range
      try spendExpression()
      let leftHeight = height
      let right = try term()
      try setHeight(max(leftHeight, height) + 1, at: operatorRange)
      left = Expr(.binary(op, left, right), left.range.union(right.range))
    }
    return left
  }

  /// term = unary { ( "*" | "/" ) unary } ;
  mutating func term() throws(ParseError) -> Expr {
    var left = try unary()
    while true {
      let op: BinaryOperator
      if check(.star) { op = .multiply } else if check(.slash) { op = .divide } else { break }
      let operatorRange = advance().range
      try spendExpression()
      let leftHeight = height
      let right = try unary()
      try setHeight(max(leftHeight, height) + 1, at: operatorRange)
      left = Expr(.binary(op, left, right), left.range.union(right.range))
    }
    return left
  }

  /// unary = "-" unary | postfix ;
  mutating func unary() throws(ParseError) -> Expr {
    if check(.minus) {
      let start = advance().range
      try spendExpression()
      let operand = try nested { (p: inout Parser) throws(ParseError) in try p.unary() }
      try setHeight(height + 1, at: start)
      return Expr(.negate(operand), start.union(operand.range))
    }
    return try postfix()
  }

  /// postfix = primary { "." IDENT arguments } ;  e.g. `black.opacity(0.33)`
  mutating func postfix() throws(ParseError) -> Expr {
    var e = try primary()
    if let member = try swiftUITypeMember(e) { e = member }
    while check(.dot), case .identifier(let name) = peek(1).kind, peek(2).kind == .leftParen {
      advance()
      let nameRange = advance().range
      try spendExpression()
      let receiverHeight = height
      let args = try arguments()
      try setHeight(max(receiverHeight, height) + 1, at: nameRange)
      e = Expr(.member(e, name, nameRange, args), range(from: e.range))
    }
    return e
  }

  /// primary = NUMBER | STRING | COLOR | [ "." ] IDENT [ arguments ]
  ///         | "(" expression { "," expression } ")" ;
  /// A call's "(" must follow the name directly: `min(a, b)`. A name may
  /// be written with SwiftUI's leading dot (`.center`, `.round`, `.red`).
  mutating func primary() throws(ParseError) -> Expr {
    if check(.dot), case .identifier = peek(1).kind, !peek(1).spaceBefore {
      let dot = advance().range
      var e = try primary()
      e.range = dot.union(e.range)
      return e
    }
    let t = peek
    try spendExpression()
    switch t.kind {
    case .number(let value, let unit):
      advance()
      height = 1
      return Expr(.number(value, unit), t.range)
    case .string(let s):
      advance()
      height = 1
      return Expr(.string(s), t.range)
    case .color(let c):
      advance()
      height = 1
      return Expr(.color(c), t.range)
    case .identifier(let name):
      advance()
      if check(.leftParen) && !peek.spaceBefore {
        let args = try arguments()
        try setHeight(height + 1, at: t.range)
        return Expr(.call(name, args), range(from: t.range))
      }
      height = 1
      return Expr(.name(name), t.range)
    case .leftBracket:
      return try bracketList()
    case .keyword(let k) where peek(1).kind == .dot && peek(2).kind == .keyword(.size):
      // SwiftUI's `geometry.size.width` (read by swiftUITypeMember).
      advance()
      height = 1
      return Expr(.name(k.rawValue), t.range)
    case .leftParen:
      advance()
      var items = [try expression()]
      var tallest = height
      while match(.comma) {
        items.append(try expression())
        tallest = max(tallest, height)
      }
      try consume(.rightParen, "')'")
      let r = range(from: t.range)
      if items.count == 1 { return Expr(items[0].kind, r) }
      try setHeight(tallest + 1, at: t.range)
      return Expr(.tuple(items), r)
    default:
      throw unexpected("an expression", unfinished: true)
    }
  }
}
