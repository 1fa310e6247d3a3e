// The formatter's printer: a file's tokens (with their source), their roles
// (SyntaxRoles) and the tokens that must start a line in, the formatted
// text out. Every token is written as it stands in the source; only the
// text between tokens changes:
// - line breaks stay where they are written (a run of blank lines becomes
//   one; none at the start of a block or parentheses, nor before their
//   end), and lines begin
//   where `forcedBreaks` asks (a long modifier chain, split);
// - each line is indented two spaces a level: a block's items one level in
//   from the line that opens it, a line that continues an item one level
//   further, a line inside parentheses one level in from the line that
//   opened them, a closing `}` or `)` as its opening line; a modifier one
//   level in from its view, or level with the view's closing `}`;
// - within a line, one space or none between tokens by the kinds on either
//   side (`SpacingRules.swift`), except in a path's lines that the author
//   spaced out (a point table's columns), which are kept as written;
// - comments stay where they are: on their own line (indented as the line
//   they come before) or after a token (with the spaces before them; a
//   column of trailing comments stays a column: CommentColumns.swift).

import BadgeKit

/// Writes one formatted text; `print()` is the whole pass.
struct FormatPrinter {
  /// What an open `{`, `(`, `[` or `\(` keeps for the lines inside it.
  struct Opener {
    var isBrace: Bool
    /// The indentation of the line it is on (the file's level: -2).
    var lineIndent: Int
    /// In a block: the indentation of the line its current item began on.
    var itemIndent: Int?
    /// Token index of the opener.
    var token: Int
  }

  let bytes: [UInt8]
  /// The file's tokens, the end of the file last.
  let tokens: [Token]
  let roles: SyntaxRoles
  let spacing: SpacingRules
  /// Tokens that must start a line.
  var forcedBreaks: Set<Int> = []

  /// A `//` comment after code on its line.
  struct TrailingComment {
    /// Where in `out` the spaces before it and it begin.
    var spaces: Int, comment: Int
    /// Where in the source it begins, and where the code before it ends.
    var source: Int, sourceCodeEnd: Int
  }

  /// The text so far.
  private(set) var out: [UInt8] = []
  /// The trailing comments written, in order.
  private(set) var trailingComments: [TrailingComment] = []
  /// Where in `out` each token was written.
  private(set) var written: [Int] = []
  /// Whether each token began its line.
  private(set) var firstOnLine: [Bool] = []
  /// The indentation of the line each token is on.
  private var lineIndent: [Int] = []
  private var openers: [Opener] = []
  private var indent = 0
  /// The token whose chain of modifiers each modifier's dot is in.
  private let chainStartToken: [Int]

  init(bytes: [UInt8], tokens: [Token], roles: SyntaxRoles, spacing: SpacingRules) {
    self.bytes = bytes
    self.tokens = tokens
    self.roles = roles
    self.spacing = spacing
    chainStartToken = roles.chains.map { spacing.tokenAt[$0.start] ?? 0 }
  }

  /// Formats the whole file into `out`.
  mutating func print() {
    out = []
    trailingComments = []
    written = Array(repeating: 0, count: tokens.count)
    firstOnLine = Array(repeating: false, count: tokens.count)
    lineIndent = Array(repeating: 0, count: tokens.count)
    openers = [Opener(isBrace: true, lineIndent: -2, itemIndent: nil, token: -1)]
    indent = 0
    for t in tokens.indices {
      let start = t == 0 ? 0 : tokens[t - 1].range.end
      let trivia = Trivia(bytes, start..<tokens[t].range.start)
      let isEnd = tokens[t].tag == .endOfFile
      writeTrivia(trivia, before: t, last: isEnd)
      if isEnd { break }
      write(token: t, trivia: trivia)
    }
    trimLineEnd()
    if !out.isEmpty { out.append(0x0A) }
  }

  // MARK: Between tokens

  /// Writes the comments of the gap before token `t` and the line breaks
  /// between them.
  private mutating func writeTrivia(_ trivia: Trivia, before t: Int, last: Bool) {
    var breaks = 0
    for piece in trivia.pieces {
      switch piece {
      case .lineBreak:
        breaks += 1
      case .comment(let text, let spaces):
        if breaks > 0 || out.isEmpty {
          newLine(breaks: breaks, beforeClosing: false)
          indent = last ? 0 : commentIndent(before: t)
          writeIndent()
        } else {
          if text.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            trailingComments.append(
              TrailingComment(
                spaces: out.count, comment: out.count + spaces.count, source: text.startIndex,
                sourceCodeEnd: spaces.startIndex))
          }
          out += spaces
        }
        out += text
        breaks = 0
      }
    }
  }

  /// The indentation of a comment on its own line before token `t`: that
  /// of `t`'s line, or one level in from a closing `}` or `)` (the comment
  /// is inside what it closes).
  private func commentIndent(before t: Int) -> Int {
    if spacing.isCloser(tokens[t].tag) { return openers.last!.lineIndent + 2 }
    return indentation(of: t, moving: false)
  }

  // MARK: Tokens

  private mutating func write(token t: Int, trivia: Trivia) {
    let tag = tokens[t].tag
    let breaks = trivia.lineBreaksAtEnd
    if breaks > 0 || out.isEmpty || forcedBreaks.contains(t) {
      if !out.isEmpty || breaks > 0 {
        newLine(breaks: out.isEmpty ? 0 : max(1, breaks), beforeClosing: spacing.isCloser(tag))
      }
      indent = indentation(of: t, moving: true)
      writeIndent()
      firstOnLine[t] = true
    } else if trivia.hasComment {
      out += trivia.trailingSpaces
    } else if spacing.keepsSpacing(between: t - 1, and: t) {
      out += bytes[tokens[t - 1].range.end..<tokens[t].range.start]
    } else if spacing.space(between: t - 1, and: t) {
      out.append(0x20)
    }
    if roles.itemStarts.contains(tokens[t].range.start), let b = openers.lastIndex(where: { $0.isBrace }),
      b == openers.count - 1
    {
      openers[b].itemIndent = indent
    }
    written[t] = out.count
    lineIndent[t] = indent
    out += bytes[tokens[t].range.start..<tokens[t].range.end]
    // What the token opens or closes.
    switch tag {
    case .leftBrace, .leftParen, .leftBracket, .interpolationStart:
      openers.append(Opener(isBrace: tag == .leftBrace, lineIndent: indent, itemIndent: nil, token: t))
    case .rightBrace, .rightParen, .rightBracket, .interpolationEnd:
      if openers.count > 1 { openers.removeLast() }
    case .interpolationMiddle:
      if openers.count > 1 { openers.removeLast() }
      openers.append(Opener(isBrace: false, lineIndent: indent, itemIndent: nil, token: t))
    default: break
    }
  }

  /// The indentation of token `t` when it begins a line (`moving`: the
  /// current block's item then begins on it, if `t` starts one).
  private func indentation(of t: Int, moving: Bool) -> Int {
    let tag = tokens[t].tag
    let top = openers.last!
    if spacing.isCloser(tag) { return max(0, top.lineIndent) }
    if let c = spacing.chainOfDot[t] {
      let base = lineIndent[chainStartToken[c]]
      let viewEnd = (spacing.tokenAt[roles.chains[c].names[0]] ?? 1) - 2
      let closed = viewEnd >= 0 && tokens[viewEnd].tag == .rightBrace && firstOnLine[viewEnd]
      return closed ? base : base + 2
    }
    if !top.isBrace { return top.lineIndent + 2 }
    let content = top.lineIndent + 2
    if roles.itemStarts.contains(tokens[t].range.start) || top.token == t - 1 { return content }
    // `else`, or a block's `{` on a line of its own, stand with their item.
    if tokens[t].kind == .keyword(.else) || tag == .leftBrace { return top.itemIndent ?? content }
    return (top.itemIndent ?? content) + 2
  }

  // MARK: Output

  /// Ends the line: its trailing spaces dropped, then one line break, or
  /// two for a blank line (kept once, but not at the start of the file,
  /// after an opening `{`, `(` or `[`, nor before a closing one).
  private mutating func newLine(breaks: Int, beforeClosing: Bool) {
    trimLineEnd()
    guard let last = out.last else { return }
    out.append(0x0A)
    let opens = last == UInt8(ascii: "{") || last == UInt8(ascii: "(") || last == UInt8(ascii: "[")
    if breaks >= 2 && !beforeClosing && !opens { out.append(0x0A) }
  }

  private mutating func writeIndent() {
    out += repeatElement(0x20, count: max(0, indent))
  }

  private mutating func trimLineEnd() {
    while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
  }
}
