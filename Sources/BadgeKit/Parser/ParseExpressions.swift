// Grammar rules for expressions: expression (the conditional),
// disjunction, conjunction, comparison, sum and term (one loop: `binary`),
// unary, postfix, primary.

extension Parser {
  /// expression = disjunction [ "?" expression ":" expression ] ;
  func expression() throws(ParseError) -> Expr {
    try nested { (p: Parser) throws(ParseError) in
      let condition = try p.binary(.disjunction)
      guard p.check(.question) else { return condition }
      let question = p.advance().range
      try p.spendExpression()
      let conditionHeight = p.height
      let yes = try p.expression()
      let yesHeight = p.height
      try p.consume(.colon, "':' and the value when the condition is false")
      let no = try p.expression()
      try p.setHeight(max(conditionHeight, yesHeight, p.height) + 1, at: question)
      return Expr(.conditional(condition, yes, no), condition.range.union(no.range))
    }
  }

  /// disjunction = conjunction { "||" conjunction } ;
  /// conjunction = comparison { "&&" comparison } ;
  /// comparison  = sum [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum ] ;
  /// sum         = term { ( "+" | "-" ) term } ;
  /// term        = unary { ( "*" | "/" ) unary } ;
  /// The five rules of binary operators, read in one loop by precedence
  /// climbing: `binary(.disjunction)` reads a disjunction, and the
  /// right operand of an operator is read at the level above it. The
  /// tree, the order in which its nodes are counted and measured, and the
  /// errors are those of one function per rule, without five calls for
  /// every operand.
  func binary(_ level: BinaryLevel) throws(ParseError) -> Expr {
    var left = try unary()
    while let op = currentOperator(), op.level >= level {
      let operatorRange = advance().range
      try spendExpression()
      let leftHeight = height
      let right = op.level == .term ? try unary() : try binary(op.level.above)
      try setHeight(max(leftHeight, height) + 1, at: operatorRange)
      left = Expr(.binary(op, left, right), left.range.union(right.range))
      // `a < b < c` is not a chain of comparisons (as in Swift).
      if op.level == .comparison, currentOperator()?.level == .comparison {
        throw unexpected("the end of the comparison (compare two values at a time, joined by && or ||)")
      }
    }
    return left
  }

  /// The binary operator at the current token, if it is one (none once
  /// the parser has stopped reading).
  private func currentOperator() -> BinaryOperator? {
    if halted { return nil }
    switch stream.tag(index) {
    case .or: return .or
    case .and: return .and
    case .equalEqual: return .equal
    case .notEqual: return .notEqual
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    case .plus: return .add
    case .minus: return .subtract
    case .star: return .multiply
    case .slash: return .divide
    default: return nil
    }
  }

  /// unary = ( "-" | "!" ) unary | postfix ;
  func unary() throws(ParseError) -> Expr {
    if check(.bang) {
      let start = advance().range
      try spendExpression()
      let operand = try nested { (p: Parser) throws(ParseError) in try p.unary() }
      try setHeight(height + 1, at: start)
      return Expr(.not(operand), start.union(operand.range))
    }
    if check(.minus) {
      let start = advance().range
      try spendExpression()
      let operand = try nested { (p: Parser) throws(ParseError) in try p.unary() }
      try setHeight(height + 1, at: start)
      return Expr(.negate(operand), start.union(operand.range))
    }
    return try postfix()
  }

  /// postfix = primary { "." IDENT arguments | "." "count" | "[" expression "]" } ;
  /// A method, `black.opacity(0.33)`; a list's `.count`; an item, `values[i]`
  /// (the `[` right after what it indexes).
  func postfix() throws(ParseError) -> Expr {
    var e = try primary()
    if let member = try swiftUITypeMember(e) { e = member }
    while true {
      if check(.dot), let name = name(peek(1)), peek(2).tag == .leftParen {
        advance()
        let nameRange = advance().range
        try spendExpression()
        let receiverHeight = height
        let args = try arguments()
        try setHeight(max(receiverHeight, height) + 1, at: nameRange)
        e = Expr(.member(e, name, nameRange, args), range(from: e.range))
      } else if check(.dot), isIdentifier(peek(1), "count"), !peek(1).spaceBefore {
        advance()
        let nameRange = advance().range
        try spendExpression()
        try setHeight(height + 1, at: nameRange)
        e = Expr(.member(e, "count", nameRange, []), range(from: e.range))
      } else if check(.leftBracket), !peek.spaceBefore {
        let open = advance().range
        try spendExpression()
        let receiverHeight = height
        let i = try expression()
        try consume(.rightBracket, "']' after the index")
        try setHeight(max(receiverHeight, height) + 1, at: open)
        e = Expr(.index(e, i), range(from: e.range))
      } else {
        return e
      }
    }
  }

  /// interpolation = interpolationStart interpolated
  ///   { interpolationMiddle interpolated } interpolationEnd ;
  /// `"\(hikes) hikes"`: the lexer reads the string in pieces around the
  /// tokens of each interpolated expression.
  func interpolation() throws(ParseError) -> Expr {
    let start = peek.range
    var parts: [InterpolationPart] = []
    var tallest = 1
    if case .interpolationStart(let s) = advance().kind, case let t = text(s), !t.isEmpty { parts.append(.text(t)) }
    while true {
      parts.append(try interpolated())
      tallest = max(tallest, height)
      if case .interpolationMiddle(let piece) = peek.kind {
        advance()
        let text = self.text(piece)
        if !text.isEmpty { parts.append(.text(text)) }
        try spendExpression()
        continue
      }
      guard case .interpolationEnd(let piece) = peek.kind else { throw unexpected("')' to end the interpolation") }
      advance()
      let text = self.text(piece)
      if !text.isEmpty { parts.append(.text(text)) }
      break
    }
    try setHeight(tallest + 1, at: start)
    return Expr(.interpolation(parts), range(from: start))
  }

  /// interpolated = expression [ "," "specifier" ":" STRING ] ;
  /// SwiftUI's `Text("\(value, specifier: "%.1f")")`.
  func interpolated() throws(ParseError) -> InterpolationPart {
    let value = try expression()
    guard match(.comma) else { return .value(value, specifier: nil, specifierRange: nil) }
    guard isIdentifier(peek, "specifier"), peek(1).tag == .colon else {
      throw unexpected("'specifier:' and a format such as \"%.1f\"")
    }
    advance()
    advance()
    guard case .string(let format) = peek.kind else { throw unexpected("a format in quotes, such as \"%.1f\"") }
    return .value(value, specifier: text(format), specifierRange: advance().range)
  }

  /// primary = NUMBER | STRING | COLOR | [ "." ] IDENT [ arguments ]
  ///         | "(" expression { "," expression } ")" ;
  /// A call's "(" must follow the name directly: `min(a, b)`. A name may
  /// be written with SwiftUI's leading dot (`.center`, `.round`, `.red`).
  func primary() throws(ParseError) -> Expr {
    if check(.dot), peek(1).tag == .identifier, !peek(1).spaceBefore {
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
      return Expr(.string(text(s)), t.range)
    case .interpolationStart:
      return try interpolation()
    case .color(let c):
      advance()
      height = 1
      return Expr(.color(c.rgba), t.range)
    case .identifier:
      let name = stream.name(t)
      advance()
      if check(.leftParen) && !peek.spaceBefore {
        let mark = diagnostics.count
        let args = try arguments()
        try setHeight(height + 1, at: t.range)
        if let gradient = swiftUIGradient(name, args, at: range(from: t.range), since: mark) { return gradient }
        return Expr(.call(name, args), range(from: t.range))
      }
      height = 1
      return Expr(.name(name), t.range)
    case .leftBracket:
      return try bracketList()
    case .keyword(let k) where peek(1).tag == .dot && peek(2).kind == .keyword(.size):
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
