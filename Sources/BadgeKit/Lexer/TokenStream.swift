// Tokens on demand: the lexer reads the source only as far as the parser
// has asked, so a parser that stops early (at a limit) leaves the rest of a
// huge file unread, and holds no tokens for it.

/// The tokens of one source, read from the lexer as they are first asked
/// for; token `i` is the `i`-th token of the file (the last is
/// `.endOfFile`, returned again for every index past it).
final class TokenStream {
  private var lexer: Lexer
  /// The tokens read so far.
  private(set) var tokens: [Token] = []
  private var ended = false

  init(_ lexer: Lexer) { self.lexer = lexer }

  /// Token `i`, reading up to it.
  func token(_ i: Int) -> Token {
    while i >= tokens.count && !ended {
      let t = lexer.next()
      tokens.append(t)
      if t.kind == .endOfFile { ended = true }
    }
    return tokens[min(i, tokens.count - 1)]
  }

  /// The lexer's diagnostics for what it has read.
  var diagnostics: [Diagnostic] { lexer.diagnostics }
  /// The lexer's errors past `Diagnostic.keptLimit`.
  var unlisted: Int { lexer.unlisted }
}
