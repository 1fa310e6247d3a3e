// The parser's cursor and error recovery. Tokens in, `BadgeFile` out (plus
// diagnostics). One function per rule of grammar/badge.ebnf, with the rule's
// name, lives in the files beside this one, grouped by grammar category.
//
// On a syntax error the rule throws `ParseError`; the enclosing list rule
// (file, block, path body) catches it, skips to the next line that can start
// an item (`synchronize`) and goes on, so one run reports every error it can.

/// Thrown by a rule after it reported a syntax error; caught by list rules.
struct ParseError: Error {}

/// A recursive-descent parser over one file's tokens. A class: as a
/// struct, a rule calling one of its helpers (`check`, `peek`) was handed
/// a copy of the whole parser, 169 bytes and a retain of each reference
/// in it, several times a token.
public final class Parser {
  /// The file's tokens, read as the parser asks for them.
  let stream: TokenStream
  var index = 0
  var diagnostics: [Diagnostic] = []
  /// Errors past `Diagnostic.keptLimit`, counted only.
  var unlisted = 0
  /// How deeply blocks, brackets and modifier chains are nested right now.
  var depth = 0
  /// The height of the expression tree the last expression rule returned
  /// (a name or number is 1; each operator, call or pair adds 1): a chain
  /// `1+1+…+1` is as tall as it has operators, though it is read in a loop.
  var height = 0
  /// Whether the parser stopped reading at a limit.
  var halted = false
  /// Whether a file without a `badge` declaration is an error (an
  /// imported file needs none).
  var requiresBadge = true
  /// How much more the file may hold (what the files read before it left).
  var budget = Budget()
  /// The most elements and path commands one file may hold: none could be
  /// drawn past the shape budget, so reading further only spends memory.
  static let maximumItems = 500_000
  /// The most expression nodes (numbers, strings, colours, names, calls,
  /// operators, method calls, parentheses) the files may hold in all: half
  /// of what evaluating may visit (`Evaluator.maximumSteps`), and a bound
  /// on the syntax tree's memory (some 80 bytes a node) that is reached
  /// long before a 64 MiB file is read whole.
  static let maximumExpressions = 1_000_000

  /// What the files of one compilation may still hold, in all.
  struct Budget {
    /// Elements and path commands.
    var items = Parser.maximumItems
    /// Expression nodes.
    var expressions = Parser.maximumExpressions
  }
  /// Deeper nesting, and taller expressions, are an error rather than a
  /// stack overflow in the stages that walk the tree.
  static let maximumDepth = 200

  init(_ source: SourceFile, fileIndex: Int, watching names: Set<String> = []) {
    self.stream = TokenStream(Lexer(source, fileIndex: fileIndex), watching: names)
    self.source = source
  }

  /// The text read (for fix-its that quote it).
  let source: SourceFile
  /// Set just before a SwiftUI container's block: a closure's parameters
  /// (`{ i in`, `{ geometry in`) are skipped at its start.
  var skipsClosureParameters = false
  /// The closure parameters last skipped (`g in`), for a fix-it.
  var skippedClosureParameters: SourceRange?
  /// Whether a Swift `#Preview` was skipped (it stands for the badge).
  var sawPreview = false
  /// The first block of the current declaration whose `}` seemed to be an
  /// outer block's (see `closesAnOuterBlock`).
  var suspectedOpenBlock: (range: SourceRange, owner: String)?
  /// Whether a block left open has been reported (once: the blocks around
  /// it are left open by the same mistake).
  var reportedOpenBlock = false

  /// The lexer's and the parser's diagnostics, in that order.
  var allDiagnostics: [Diagnostic] { stream.diagnostics + diagnostics }
  /// Errors of both past `Diagnostic.keptLimit`.
  var allUnlisted: Int { stream.unlisted + unlisted }

  /// Parses a whole file. Also hands on how many errors were counted but
  /// not kept, and where the `watched` names are used (for notes on
  /// errors about values set with `-D`). `requiresBadge`: false for an
  /// imported file.
  public static func parse(
    _ source: SourceFile, fileIndex: Int = 0, watching names: Set<String> = [], requiresBadge: Bool = true
  ) -> (file: BadgeFile, diagnostics: [Diagnostic], unlisted: Int, uses: [String: [SourceRange]]) {
    let parser = Parser(source, fileIndex: fileIndex, watching: names)
    parser.requiresBadge = requiresBadge
    let file = parser.file()
    return (file, parser.allDiagnostics, parser.allUnlisted, parser.stream.uses)
  }

  /// Keeps `d`, or only counts it past `Diagnostic.keptLimit`; nothing
  /// after the parser stopped reading (the rest of the file is not read,
  /// so what it lacks is no error).
  func report(_ d: Diagnostic) {
    if halted { return }
    if diagnostics.count >= Diagnostic.keptLimit {
      unlisted += 1
    } else {
      diagnostics.append(d)
    }
  }

  /// Parses a `-D` override, `name=value`, which must fill the whole source.
  public static func parseOverride(_ source: SourceFile, fileIndex: Int)
    -> (override: (name: String, range: SourceRange, value: Expr)?, diagnostics: [Diagnostic], unlisted: Int)
  {
    let parser = Parser(source, fileIndex: fileIndex)
    let result = try? parser.override()
    return (result, parser.allDiagnostics, parser.allUnlisted)
  }

  /// Parses one expression that fills the whole source.
  static func parseExpression(_ source: SourceFile) -> (Expr, [Diagnostic]) {
    let parser = Parser(source, fileIndex: 0)
    var expr = Expr(.invalid, parser.peek.range)
    do {
      expr = try parser.expression()
      if !parser.isAtEnd { throw parser.unexpected("the end of the expression") }
    } catch {}
    return (expr, parser.allDiagnostics)
  }

  /// override = IDENT "=" expression EOF ;
  func override() throws(ParseError) -> (name: String, range: SourceRange, value: Expr) {
    let (name, range) = try consumeIdentifier("-D name=value")
    try consume(.equals, "'=' after the name")
    let value = try expression()
    if !isAtEnd { throw unexpected("the end of the value") }
    return (name, range, value)
  }

  // MARK: Cursor vocabulary

  /// The current token; the end of the file once the parser has stopped
  /// reading at a limit.
  @inline(__always) var peek: Token {
    let t = stream.token(index)
    if halted { return Token(kind: .endOfFile, range: t.range, spaceBefore: true, lineBefore: true) }
    return t
  }
  var previous: Token { stream.token(max(0, index - 1)) }
  @inline(__always) var isAtEnd: Bool { check(.endOfFile) }

  /// The name the current token spells, if it is an identifier.
  var peekName: String? { name(peek) }
  /// The name token `t` spells, if it is an identifier.
  func name(_ t: Token) -> String? {
    if t.tag == .identifier { return stream.name(t) }
    return nil
  }
  /// Whether token `t` is the identifier `word`.
  func isIdentifier(_ t: Token, _ word: StaticString) -> Bool { stream.isIdentifier(t, word) }
  /// The text of a string token's piece.
  func text(_ t: TokenText) -> String { stream.text(t) }
  /// How token `t` is named in "expected …, found …": a name by its text.
  func describe(_ t: Token) -> String {
    if t.tag == .identifier { return "'\(stream.name(t))'" }
    return t.kind.description
  }

  func peek(_ ahead: Int) -> Token { halted ? peek : stream.token(index + ahead) }

  @discardableResult
  func advance() -> Token {
    let t = peek
    if t.tag != .endOfFile {
      index += 1
      stream.discard(before: index - 1)
    }
    return t
  }

  @inline(__always) func check(_ kind: TokenKind) -> Bool {
    halted ? kind.tag == .endOfFile : stream.isKind(index, kind)
  }
  func check(_ keyword: Keyword) -> Bool { check(.keyword(keyword)) }

  func match(_ kind: TokenKind) -> Bool {
    if check(kind) {
      advance()
      return true
    }
    return false
  }

  /// Consumes a token of `kind` or reports "expected …, found …".
  @discardableResult
  func consume(_ kind: TokenKind, _ what: String) throws(ParseError) -> Token {
    if check(kind) { return advance() }
    throw unexpected(what, unfinished: kind == .rightParen || kind == .rightBracket)
  }

  @discardableResult
  func consume(_ keyword: Keyword) throws(ParseError) -> Token {
    try consume(.keyword(keyword), "'\(keyword.rawValue)'")
  }

  /// Consumes an identifier and returns its name and range.
  func consumeIdentifier(_ what: String) throws(ParseError) -> (String, SourceRange) {
    if let name = peekName {
      let t = advance()
      return (name, t.range)
    }
    throw unexpected(what)
  }

  /// Reports "expected `what`, found <the current token>" and returns the
  /// error to throw.
  /// `unfinished`: what is expected finishes something begun (a closing
  /// bracket, the operand after an operator or comma); when the token is
  /// then on a later line than the one before it, the error is at the end
  /// of that line, where the missing piece belongs (`rect().fill(red` then
  /// a new line: the ')' is missing after `red`). Otherwise a line that
  /// starts with a wrong token is itself the mistake.
  func unexpected(_ what: String, unfinished: Bool = false) -> ParseError {
    // The token before was itself malformed (an unterminated string ran
    // to the end of its line): the lexer's error stands for this one.
    if index > 0, let last = stream.diagnostics.last, last.range.file == previous.range.file,
      last.range.start >= previous.range.start && last.range.start < previous.range.end
    {
      return ParseError()
    }
    if unfinished && peek.lineBefore && index > 0 && !isAtEnd && previous.tag != .leftBrace {
      let end = previous.range.end
      report(
        Diagnostic(
          .expected(what, found: "the end of the line"),
          at: SourceRange(file: previous.range.file, start: end, end: end)))
    } else {
      report(Diagnostic(.expected(what, found: describe(peek)), at: peek.range))
    }
    return ParseError()
  }

  func range(from start: SourceRange) -> SourceRange { start.union(previous.range) }

  /// Runs `rule` one level deeper, or reports that nesting is too deep.
  func nested<T>(_ rule: (Parser) throws(ParseError) -> T) throws(ParseError) -> T {
    if depth >= Parser.maximumDepth {
      report(Diagnostic(.nestingTooDeep(Parser.maximumDepth), at: peek.range))
      throw ParseError()
    }
    depth += 1
    defer { depth -= 1 }
    return try rule(self)
  }

  /// Sets `height` to `h`, the height of an expression just built at
  /// `range`, or reports that it is too tall.
  func setHeight(_ h: Int, at range: SourceRange) throws(ParseError) {
    if h > Parser.maximumDepth {
      report(Diagnostic(.nestingTooDeep(Parser.maximumDepth), at: range))
      throw ParseError()
    }
    height = h
  }

  /// Counts one element or path command; past `maximumItems`, reports
  /// once and skips the rest of the file.
  func spendItem() throws(ParseError) {
    budget.items -= 1
    if budget.items < 0 { try stop(.tooManyItems(Parser.maximumItems)) }
  }

  /// Counts one expression node; past `maximumExpressions`, reports once
  /// and skips the rest of the file, so that the tree never grows past
  /// the budget whatever one expression or argument list holds.
  func spendExpression() throws(ParseError) {
    budget.expressions -= 1
    if budget.expressions < 0 { try stop(.tooManyExpressions(Parser.maximumExpressions)) }
  }

  /// Reports the limit `message` at the current token and stops reading:
  /// the rest of the file is skipped.
  private func stop(_ message: Message) throws(ParseError) {
    report(Diagnostic(message, at: peek.range))
    halted = true
    throw ParseError()
  }

  // MARK: Recovery

  /// `"{" { item } "}"`, one nesting level deeper: the items, and the range
  /// from brace to brace. An item with a syntax error is skipped to the next
  /// line that may start one; every turn of the loop consumes a token.
  func braced<T>(
    _ what: String, of owner: String, _ item: (Parser) throws(ParseError) -> T
  ) throws(ParseError) -> ([T], SourceRange) {
    try nested { (p: Parser) throws(ParseError) in
      let open = try p.consume(.leftBrace, "'{' to open \(what)").range
      p.skipClosureParameters()
      var items: [T] = []
      while !p.check(.rightBrace) && !p.isAtEnd && !p.startsDeclaration {
        let start = p.index
        do {
          items.append(try item(p))
        } catch {
          p.synchronize(startIndex: start)
        }
        if p.index == start { p.advance() }  // progress guarantee
      }
      if p.check(.rightBrace) {
        // A `}` indented less than the line that opened this block may be
        // an outer block's, this one's left out: remembered, and used only
        // if a block is found left open later.
        if p.suspectedOpenBlock == nil && p.closesAnOuterBlock(openedAt: open) {
          p.suspectedOpenBlock = (open, owner)
        }
        p.advance()
      } else {
        // Left open: reported once, at the block whose `}` the indentation
        // says is missing, else at the innermost open brace; the blocks
        // around it end here too, and the declaration that follows is read
        // as one.
        if !p.reportedOpenBlock {
          let (at, whose) = p.suspectedOpenBlock ?? (open, owner)
          p.report(Diagnostic(.blockNotClosed(whose), at: at))
          p.reportedOpenBlock = true
        }
      }
      return (items, p.range(from: open))
    }
  }

  /// Whether the `}` ahead, alone at the start of its line and indented
  /// less than the line that opened the block at `open`, closes a block
  /// around it: the block's own `}` was left out (reported at `open`).
  func closesAnOuterBlock(openedAt open: SourceRange) -> Bool {
    guard peek.lineBefore, open.file == peek.range.file else { return false }
    let bytes = source.bytes
    func indentation(ofLineAt offset: Int) -> Int {
      var start = min(offset, bytes.count)
      while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
      var n = 0
      while start + n < bytes.count && (bytes[start + n] == UInt8(ascii: " ") || bytes[start + n] == UInt8(ascii: "\t"))
      {
        n += 1
      }
      return n
    }
    let opener = indentation(ofLineAt: open.start)
    let closer = indentation(ofLineAt: peek.range.start)
    // Only when the brace is the first thing on its line.
    return peek.range.start - closer >= 0 && closer < opener
  }

  /// Whether the next token starts a top-level declaration that cannot be
  /// inside a block (`component`, `badge`, `import` at the start of a line):
  /// the block before it was left open.
  var startsDeclaration: Bool {
    guard peek.lineBefore else { return false }
    switch peek.kind {
    case .keyword(.component), .keyword(.badge), .keyword(.import): return true
    case .identifier: return isIdentifier(peek, "struct") || isIdentifier(peek, "#Preview")  // Swift's, reported as such
    default: return false
    }
  }

  /// Skips tokens until the start of a line that may begin a new item, a
  /// closing brace of the enclosing block, or the end of the file. Always
  /// consumes at least one token unless already at such a place.
  func synchronize(startIndex: Int) {
    if index == startIndex && !isAtEnd && !check(.rightBrace) { advance() }
    var depth = 0
    while !isAtEnd {
      let t = peek
      // A declaration ends whatever was left open before it.
      if startsDeclaration && index > startIndex { return }
      if depth == 0 {
        if t.tag == .rightBrace { return }
        if t.lineBefore && t.tag != .dot && index > startIndex { return }
      }
      switch t.kind {
      case .leftBrace, .leftParen: depth += 1
      case .rightBrace, .rightParen: depth = max(0, depth - 1)
      default: break
      }
      advance()
    }
  }
}
