// Tokens on demand: the lexer reads the source only as far as the parser
// has asked, and the tokens the parser has passed are let go, so the
// tokens of a file are never all held at once, and a parser that stops
// early (at a limit) leaves the rest of a huge file unread.

/// The tokens of one source, read from the lexer as they are first asked
/// for; token `i` is the `i`-th token of the file (the last is
/// `.endOfFile`, returned again for every index past it). Tokens before
/// the parser's last look-back are dropped (`discard(before:)`).
final class TokenStream {
  private var lexer: Lexer
  /// The tokens kept: token `base + k` is `window[k]`.
  private var window: [Token] = []
  private var base = 0
  private var ended = false
  /// Names whose uses are recorded as the tokens are read.
  private let watched: Set<String>
  /// Where each watched name is used as an identifier, in source order.
  private(set) var uses: [String: [SourceRange]] = [:]

  init(_ lexer: Lexer, watching names: Set<String> = []) {
    self.lexer = lexer
    self.watched = names
  }

  /// Token `i` (never one already discarded), reading up to it.
  @inline(__always) func token(_ i: Int) -> Token { window[slot(i)] }

  /// Whether token `i` is of `kind`, compared where it is kept: the
  /// parser asks this several times a token, and a copy of the token each
  /// time cost a third of the parsing.
  /// Inlined, so that the case of a `kind` written in the call is known
  /// when compiling and a case without a value compares one byte.
  @inline(__always) func isKind(_ i: Int, _ kind: TokenKind) -> Bool {
    let k = slot(i)
    let wanted = kind.tag
    guard window[k].tag == wanted else { return false }
    return !wanted.hasValue || window[k].kind == kind
  }

  /// The case of token `i`, reading up to it.
  @inline(__always) func tag(_ i: Int) -> TokenTag { window[slot(i)].tag }

  /// Where token `i` is in the window (the end of the file for an index
  /// past it), reading up to it.
  @inline(__always) private func slot(_ i: Int) -> Int {
    ensure(i)
    return min(i - base, window.count - 1)
  }

  /// The name identifier token `t` spells.
  func name(_ t: Token) -> String { lexer.name(t.range) }
  /// Whether token `t` is the identifier `word`.
  func isIdentifier(_ t: Token, _ word: StaticString) -> Bool {
    if t.tag == .identifier { return lexer.spells(t.range, word) }
    return false
  }
  /// The text of a string token's piece.
  func text(_ t: TokenText) -> String { lexer.text(t) }

  /// Makes sure token `i` is in the window (or the file ended): asked
  /// several times a token, so the test is inlined and the reading is
  /// not. (A discarded token's index is out of the window's bounds.)
  @inline(__always) private func ensure(_ i: Int) {
    if i - base >= window.count && !ended { read(upTo: i) }
  }

  /// Reads tokens until token `i` is in the window (or the file ended).
  @inline(never) private func read(upTo i: Int) {
    precondition(i >= base, "token \(i) was discarded")
    while i >= base + window.count && !ended {
      let t = lexer.next()
      window.append(t)
      if t.tag == .endOfFile { ended = true }
      if !watched.isEmpty, t.tag == .identifier {
        let name = lexer.name(t.range)
        if watched.contains(name) { uses[name, default: []].append(t.range) }
      }
    }
  }

  /// Lets go of the tokens before `i` (in batches, so that each token is
  /// moved at most once more).
  func discard(before i: Int) {
    let n = min(i - base, window.count - 1)
    guard n >= 4096 && n * 2 >= window.count else { return }
    window.removeFirst(n)
    base += n
  }

  /// The lexer's diagnostics for what it has read.
  var diagnostics: [Diagnostic] { lexer.diagnostics }
  /// The lexer's errors past `Diagnostic.keptLimit`.
  var unlisted: Int { lexer.unlisted }
}
