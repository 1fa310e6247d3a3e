// `badgec fmt`'s library: one source file in, its text in the canonical
// style out (FormatPrinter.swift says what the style is), or the file's
// syntax errors when it has any (a file that does not parse is never
// formatted). The text is checked before it is handed on: the same tokens
// in the same order, the spaces that matter where they were, and no error
// when parsed again; a text that fails the check is an error, never
// written.
import BadgeKit

/// Formats badge source files.
public enum BadgeFormatter {
  /// What formatting one file gave.
  public enum Outcome {
    /// The formatted text (UTF-8).
    case formatted([UInt8])
    /// The file's syntax errors (and warnings), in the file's index 0; the
    /// count of errors past the kept ones.
    case refused([Diagnostic], unlisted: Int)
    /// The formatter could not keep the file's meaning (a fault of the
    /// formatter): why.
    case failed(String)
  }

  /// A line is at most this many columns before a modifier chain on it is
  /// split, one modifier a line.
  public static let width = 100

  /// Formats `source` (read as file 0, an imported file or not).
  public static func format(_ source: SourceFile) -> Outcome {
    let parsed = Parser.parse(source, requiresBadge: false)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) || parsed.unlisted > 0 {
      return .refused(parsed.diagnostics, unlisted: parsed.unlisted)
    }
    let tokens = Lexer.tokenize(source).tokens
    let roles = SyntaxRoles(parsed.file)
    let spacing = SpacingRules(bytes: source.bytes, tokens: tokens, roles: roles)
    var printer = FormatPrinter(bytes: source.bytes, tokens: tokens, roles: roles, spacing: spacing)
    // Split the chains that run past the width, until none does (each pass
    // only adds line breaks; a chain is split once).
    for _ in 0..<8 {
      printer.print()
      let more = longChains(printer, roles: roles, spacing: spacing)
      if more.isSubset(of: printer.forcedBreaks) { break }
      printer.forcedBreaks.formUnion(more)
    }
    let text = CommentColumns.aligned(printer.out, printer.trailingComments, source: source.bytes)
    if let problem = check(text, against: source, tokens) { return .failed(problem) }
    return .formatted(text)
  }

  /// The line breaks that split every chain with a modifier on a line
  /// longer than `width` (a trailing comment not counted), not at its start: one before each of its
  /// modifiers; for an item of a block, one before the item too, and
  /// after the block's `{` and before its `}` when they share its line.
  static func longChains(_ p: FormatPrinter, roles: SyntaxRoles, spacing: SpacingRules) -> Set<Int> {
    // Each output line's end, and whether it is too long.
    // (A trailing comment is not counted.)
    var lineEnds: [Int] = []
    var long: [Bool] = []
    var columns = 0
    var inComment = false
    let comments = Set(p.trailingComments.map(\.spaces))
    for (i, b) in p.out.enumerated() {
      if b == 0x0A {
        lineEnds.append(i)
        long.append(columns > width)
        columns = 0
        inComment = false
      } else if comments.contains(i) {
        inComment = true
      } else if b & 0xC0 != 0x80 && !inComment {
        columns += 1
      }
    }
    lineEnds.append(p.out.count)
    long.append(columns > width)
    func line(_ token: Int) -> Int {
      let at = p.written[token]
      var lo = 0
      var hi = lineEnds.count - 1
      while lo < hi {
        let mid = (lo + hi) / 2
        if lineEnds[mid] < at { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    var breaks: Set<Int> = []
    for chain in roles.chains {
      let dots = chain.names.compactMap { spacing.tokenAt[$0].map { $0 - 1 } }
      guard dots.contains(where: { long[line($0)] && !p.firstOnLine[$0] }) else { continue }
      breaks.formUnion(dots)
      guard let block = chain.block, let start = spacing.tokenAt[chain.start],
        let open = spacing.tokenAt[block.open], let close = spacing.tokenAt[block.close]
      else { continue }
      breaks.insert(start)
      if line(open) == line(start) { breaks.insert(open + 1) }
      if line(close) == line(dots.last ?? start) { breaks.insert(close) }
    }
    return breaks
  }

  /// Why `text` does not mean what `source` means, or nil when it does:
  /// the same tokens (kinds and bytes) in the same order, the same spaces
  /// where a space matters (before a `(` or `[` after what may be called
  /// or indexed, after a dot), no error when parsed.
  static func check(_ text: [UInt8], against source: SourceFile, _ tokens: [Token]) -> String? {
    let formatted = SourceFile(name: source.name, bytes: text)
    let again = Lexer.tokenize(formatted).tokens
    guard again.count == tokens.count else {
      return "the formatted text has \(again.count) tokens, the file \(tokens.count)"
    }
    for i in tokens.indices {
      let a = tokens[i]
      let b = again[i]
      guard a.tag == b.tag, source.bytes[a.range.start..<a.range.end].elementsEqual(text[b.range.start..<b.range.end])
      else {
        let where_ = source.location(of: a.range.start)
        return "the formatted text differs at line \(where_.line), column \(where_.column)"
      }
      let matters =
        i > 0
        && (tokens[i - 1].tag == .dot
          || ((a.tag == .leftParen || a.tag == .leftBracket) && SpacingRules.endsOperand(tokens[i - 1].tag)))
      if matters && a.spaceBefore != b.spaceBefore {
        let where_ = source.location(of: a.range.start)
        return "the formatted text changes a space at line \(where_.line), column \(where_.column)"
      }
    }
    if Parser.parse(formatted, requiresBadge: false).diagnostics.contains(where: { $0.severity == .error }) {
      return "the formatted text does not parse"
    }
    return nil
  }
}
