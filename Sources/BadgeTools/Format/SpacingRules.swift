// The spaces within a line: a file's tokens and their roles in, for each
// two tokens side by side, one space or none. Where a space changes what
// the file means (a call's `(` right after its name, `f(x)` against a path
// command's point, `line (x, y)`; a dot and the name after it) the space
// stays as written. Also which lines of a path keep the author's spacing:
// those spaced out as columns lined up by hand are (two spaces or more
// between tokens, a tab, or one space after a `(`).
import BadgeKit

/// Decides the spaces between tokens on one line.
struct SpacingRules {
  let bytes: [UInt8]
  let tokens: [Token]
  let roles: SyntaxRoles
  /// The token starting at each byte offset.
  let tokenAt: [Int: Int]
  /// The chain (index in `roles.chains`) of each modifier's dot, by token.
  let chainOfDot: [Int: Int]
  /// Whether each `:` is the conditional's (`c ? a : b`), by token.
  private var conditionalColon: Set<Int> = []
  /// The source line (from 0) each token starts on.
  private var sourceLine: [Int] = []
  /// The path body (index in `roles.pathBodies`) each token is in, if any.
  private var pathBody: [Int?] = []
  /// Source lines of path bodies whose spacing is kept as written.
  private var keptLines: Set<Int> = []

  init(bytes: [UInt8], tokens: [Token], roles: SyntaxRoles) {
    self.bytes = bytes
    self.tokens = tokens
    self.roles = roles
    var at: [Int: Int] = [:]
    for (i, t) in tokens.enumerated() { at[t.range.start] = i }
    tokenAt = at
    var dots: [Int: Int] = [:]
    for (c, chain) in roles.chains.enumerated() {
      for name in chain.names { if let i = at[name], i > 0 { dots[i - 1] = c } }
    }
    chainOfDot = dots
    findConditionalColons()
    findLines()
  }

  /// Whether a line break closes what `tag` closes (or continues a string
  /// after an interpolation).
  func isCloser(_ tag: TokenTag) -> Bool {
    switch tag {
    case .rightBrace, .rightParen, .rightBracket, .interpolationMiddle, .interpolationEnd: return true
    default: return false
    }
  }

  /// Whether token `tag` ends an operand: what may be called, indexed or
  /// have a method.
  static func endsOperand(_ tag: TokenTag) -> Bool {
    switch tag {
    case .identifier, .keyword, .number, .string, .color, .interpolationEnd, .rightParen, .rightBracket, .rightBrace:
      return true
    default: return false
    }
  }

  /// Whether one space goes between tokens `p` and `t` (`t = p + 1`) on a
  /// line.
  func space(between p: Int, and t: Int) -> Bool {
    let left = tokens[p].tag
    let right = tokens[t].tag
    let written = tokens[t].spaceBefore
    if left == .dot { return written }
    if (right == .leftParen || right == .leftBracket) && SpacingRules.endsOperand(left) { return written }
    if right == .dot {
      // A modifier, a method or `.count` is joined to what it follows; a
      // leading-dot name after a path command is that command's point.
      if roles.pathCommands.contains(tokens[p].range.start) { return true }
      if SpacingRules.endsOperand(left) { return false }
    }
    switch right {
    case .comma, .rightParen, .rightBracket, .interpolationMiddle, .interpolationEnd: return false
    case .colon: return conditionalColon.contains(t)
    case .rightBrace where left == .leftBrace: return false
    default: break
    }
    switch left {
    case .leftParen, .leftBracket, .bang, .interpolationStart, .interpolationMiddle: return false
    case .minus: return !isUnary(p)
    default: return true
    }
  }

  /// Whether the `-` at token `p` is a negation: the tree says so, or it
  /// follows no operand (`(-1`, `* -x`), or a path command's name.
  func isUnary(_ p: Int) -> Bool {
    if roles.unary.contains(tokens[p].range.start) || p == 0 { return true }
    let before = tokens[p - 1]
    return !SpacingRules.endsOperand(before.tag) || roles.pathCommands.contains(before.range.start)
  }

  /// Whether the text between `p` and `t` is kept as written: both on one
  /// line of a path body that the author spaced out.
  func keepsSpacing(between p: Int, and t: Int) -> Bool {
    guard p >= 0, let body = pathBody[t], pathBody[p] == body, sourceLine[p] == sourceLine[t] else { return false }
    return keptLines.contains(sourceLine[t])
  }

  // MARK: Precomputed

  /// Marks each `:` that closes a `?` at its own level of brackets.
  private mutating func findConditionalColons() {
    var pending: [Int] = [0]
    for (i, t) in tokens.enumerated() {
      switch t.tag {
      case .leftParen, .leftBracket, .leftBrace, .interpolationStart: pending.append(0)
      case .rightParen, .rightBracket, .rightBrace, .interpolationEnd: if pending.count > 1 { pending.removeLast() }
      case .interpolationMiddle: pending[pending.count - 1] = 0
      case .question: pending[pending.count - 1] += 1
      case .colon where pending[pending.count - 1] > 0:
        pending[pending.count - 1] -= 1
        conditionalColon.insert(i)
      default: break
      }
    }
  }

  /// Each token's source line and path body, and the path lines whose
  /// spacing is kept: one with two spaces or more between two of its
  /// tokens, a tab, or one space after a `(` (no comment between them).
  private mutating func findLines() {
    sourceLine = Array(repeating: 0, count: tokens.count)
    pathBody = Array(repeating: nil, count: tokens.count)
    var line = 0
    var offset = 0
    var body = 0
    let bodies = roles.pathBodies.sorted { $0.lowerBound < $1.lowerBound }
    for (i, t) in tokens.enumerated() {
      while offset < t.range.start {
        if bytes[offset] == 0x0A { line += 1 }
        offset += 1
      }
      sourceLine[i] = line
      // The innermost body holding the token (bodies nest only through
      // views written inside paths, which have none).
      while body < bodies.count && bodies[body].upperBound <= t.range.start { body += 1 }
      var k = body
      while k < bodies.count && bodies[k].lowerBound <= t.range.start {
        if bodies[k].contains(t.range.start) { pathBody[i] = k }
        k += 1
      }
    }
    for t in tokens.indices.dropFirst() where pathBody[t] != nil && pathBody[t] == pathBody[t - 1] {
      guard sourceLine[t] == sourceLine[t - 1] else { continue }
      let gap = bytes[tokens[t - 1].range.end..<tokens[t].range.start]
      guard !gap.contains(UInt8(ascii: "/")) else { continue }
      // Columns: two or more spaces, or one after a `(` (`( 0.5, 0)`
      // over `(10.5, 0)`); one before a comma is only a slip.
      if gap.count >= 2 || gap.contains(0x09)
        || gap.count == 1 && tokens[t - 1].tag == .leftParen && !space(between: t - 1, and: t)
      {
        keptLines.insert(sourceLine[t])
      }
    }
  }
}
