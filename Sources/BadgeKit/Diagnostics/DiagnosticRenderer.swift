// Renders diagnostics as text: `file:line:col: error: message`, then the
// source line under a line-number gutter, then carets as wide as the range.
// Whatever the input, the text is bounded and inert: at most `maxErrors`
// errors and warnings are shown (then "and N more errors", or warnings),
// a long line is shown as a window around the range with `…`, and
// control characters, invisible format characters and malformed UTF-8
// are written as escapes (`\u{1B}`, `\xFF`), so that printing a
// diagnostic never moves the reader's cursor.
// With `colour`, the renderer's own escapes (and only those) colour it as
// a terminal shows it: the header bold, `error:` red, `warning:` magenta,
// `note:` cyan, the carets and fix-its green.

/// Turns `Diagnostic` values into the text printed on standard error.
public struct DiagnosticRenderer: Sendable {
  /// The files of the compilation, indexed by `SourceRange.file`.
  public var files: [SourceFile]
  /// The most errors and warnings shown; the rest are counted in one last
  /// line. Zero or less shows them all.
  public var maxErrors: Int
  /// Whether to colour the text with ANSI escapes (for a terminal).
  public var colour: Bool

  /// Columns of source shown before the start of a range on a long line.
  static let columnsBefore = 40
  /// The most columns of source shown on one line.
  static let maxColumns = 120
  /// The most notes shown under one diagnostic.
  static let maxNotes = 5

  public init(files: [SourceFile], maxErrors: Int = 20, colour: Bool = false) {
    self.files = files
    self.maxErrors = maxErrors
    self.colour = colour
  }

  /// The full text for `diagnostic` and its notes, ending with a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = render(diagnostic.text, diagnostic.severity.rawValue, diagnostic.range)
    for fix in diagnostic.fixIts.prefix(DiagnosticRenderer.maxNotes) {
      let new = printable(fix.replacement, limit: 100)
      let label = "  " + paint("fix-it:", .caret)
      if fix.range.start == fix.range.end || fix.range.file < 0 || fix.range.file >= files.count {
        out += label + " insert '\(new)'\n"
      } else {
        let old = printable(files[fix.range.file].text(fix.range.start..<fix.range.end), limit: 100)
        out += new.isEmpty ? label + " remove '\(old)'\n" : label + " replace '\(old)' with '\(new)'\n"
      }
    }
    for note in diagnostic.notes.prefix(DiagnosticRenderer.maxNotes) { out += render(note.text, "note", note.range) }
    if diagnostic.notes.count > DiagnosticRenderer.maxNotes {
      out += paint("note:", .note) + " and \(diagnostic.notes.count - DiagnosticRenderer.maxNotes) more notes\n"
    }
    return out
  }

  /// The diagnostics, in order, at most `maxErrors` of them, each handed
  /// to `sink` as soon as it is rendered; `unlisted` errors that were
  /// counted but not kept are added to the closing count.
  public func render(_ diagnostics: [Diagnostic], unlisted: Int = 0, to sink: (String) -> Void) {
    let hidden = DiagnosticRenderer.shown(diagnostics, maxErrors: maxErrors, unlisted: unlisted) { sink(render($0)) }
    if let rest = DiagnosticRenderer.rest(hidden) { sink(rest + "\n") }
  }

  /// Hands `show` the diagnostics to show, in order: at most `maxErrors`
  /// errors and warnings (zero or less: all; notes are not counted),
  /// errors before warnings when not all fit.
  /// Returns how many errors (`unlisted` included) and warnings were left
  /// out. (The text and the JSON renderers show the same ones.)
  static func shown(
    _ diagnostics: [Diagnostic], maxErrors: Int, unlisted: Int, _ show: (Diagnostic) -> Void
  ) -> (errors: Int, warnings: Int) {
    var shown = 0
    var hidden = (errors: unlisted, warnings: 0)
    // Errors come first for the places: a warning is left out when the
    // errors after it would not fit otherwise.
    var errorsAhead = diagnostics.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) }
    for d in diagnostics {
      if d.severity == .error { errorsAhead -= 1 }
      let full = maxErrors > 0 && shown >= maxErrors
      let crowded = maxErrors > 0 && d.severity == .warning && shown + errorsAhead >= maxErrors
      if full || crowded {
        if d.severity == .error { hidden.errors += 1 }
        if d.severity == .warning { hidden.warnings += 1 }
        continue
      }
      if d.severity != .note { shown += 1 }
      show(d)
    }
    return hidden
  }

  /// "and 3 more errors", "and 1 more warning", "and 2 more errors and 1
  /// more warning": what was left out; nil for nothing.
  static func rest(_ hidden: (errors: Int, warnings: Int)) -> String? {
    var parts: [String] = []
    if hidden.errors > 0 { parts.append("\(hidden.errors) more error\(hidden.errors == 1 ? "" : "s")") }
    if hidden.warnings > 0 { parts.append("\(hidden.warnings) more warning\(hidden.warnings == 1 ? "" : "s")") }
    return parts.isEmpty ? nil : "and " + parts.joined(separator: " and ")
  }

  /// All diagnostics, in order, as one text (at most `maxErrors` of them).
  public func render(_ diagnostics: [Diagnostic], unlisted: Int = 0) -> String {
    var out = ""
    render(diagnostics, unlisted: unlisted) { out += $0 }
    return out
  }

  /// One located message: the header line, the source line, the carets.
  private func render(_ text: String, _ severity: String, _ range: SourceRange) -> String {
    // Messages and notes quote names, and headers a path: each is cut, so
    // that no input makes a diagnostic longer than a few lines.
    let text = printable(text, limit: 300)
    let label = paint(severity + ":", Ink(severity))
    guard range.file >= 0, range.file < files.count else {
      return paint("badgec:", .bold) + " \(label) " + paint(text, .bold) + "\n"
    }
    let file = files[range.file]
    let start = min(max(0, range.start), file.bytes.count)
    let loc = file.location(of: start)
    var out = paint("\(printable(file.name, limit: 200)):\(loc.line):\(loc.column):", .bold) + " \(label) "
    out += paint(text, .bold) + "\n"

    let line = file.lineRange(containing: start)
    let end = min(max(range.end, start), line.upperBound)
    let excerpt = Excerpt(file.bytes, line: line, start: start, end: end)
    let gutter = String(loc.line)
    let pad = String(repeating: " ", count: gutter.count)
    out += "\(pad) |\n"
    out += "\(gutter) | \(excerpt.text)\n"
    out += "\(pad) | " + String(repeating: " ", count: excerpt.lead)
    out += paint(String(repeating: "^", count: excerpt.width), .caret) + "\n"
    return out
  }

  /// The colours of the text on a terminal.
  enum Ink {
    case bold, error, warning, note, caret

    init(_ severity: String) {
      switch severity {
      case "error": self = .error
      case "warning": self = .warning
      default: self = .note
      }
    }

    /// The ANSI escape that starts it (SGR: bold, with a colour).
    var escape: String {
      switch self {
      case .bold: return "\u{1B}[1m"
      case .error: return "\u{1B}[1;31m"
      case .warning: return "\u{1B}[1;35m"
      case .note: return "\u{1B}[1;36m"
      case .caret: return "\u{1B}[1;32m"
      }
    }
  }

  /// `text` in `ink` when colouring, else as it is.
  private func paint(_ text: String, _ ink: Ink) -> String {
    colour ? ink.escape + text + "\u{1B}[0m" : text
  }
}

/// The part of a source line shown under a diagnostic, with where its
/// carets go: the whole line when it is short, else a window of at most
/// `DiagnosticRenderer.maxColumns` columns around the range, cut with `…`.
struct Excerpt {
  /// The text shown, escapes and `…` included.
  var text = ""
  /// Columns before the first caret.
  var lead = 0
  /// How many carets (at least one).
  var width = 1

  /// One shown piece of the line: the bytes it stands for and its text.
  private struct Piece {
    var start: Int
    var text: String
    var columns: Int
  }

  init(_ bytes: [UInt8], line: Range<Int>, start: Int, end: Int) {
    // Only bytes near the range are decoded, however long the line: a
    // window wide enough for the columns shown, even if every byte of it
    // became a six-column escape.
    let reach = DiagnosticRenderer.maxColumns * 4
    var lo = max(line.lowerBound, start - reach)
    while lo > line.lowerBound && bytes[lo] & 0xC0 == 0x80 { lo -= 1 }
    // Past `reach` after the start nothing is shown (a range longer
    // than the window has its carets cut with the text).
    let hi = min(line.upperBound, start + reach)
    var pieces: [Piece] = []
    var i = lo
    while i < hi {
      let (piece, next) = Excerpt.piece(bytes, at: i, limit: line.upperBound)
      pieces.append(Piece(start: i, text: piece, columns: piece.unicodeScalars.count))
      i = next
    }
    // The first piece at or after the range's start, and after its end.
    let first = pieces.firstIndex { $0.start >= start } ?? pieces.count
    let last = pieces.firstIndex { $0.start >= end } ?? pieces.count
    // Columns before the range: at most `columnsBefore` on a long line.
    let total = pieces.reduce(0) { $0 + $1.columns }
    let cutLeft = lo > line.lowerBound || total > DiagnosticRenderer.maxColumns
    var from = first
    if cutLeft {
      var columns = 0
      while from > 0 && columns + pieces[from - 1].columns <= DiagnosticRenderer.columnsBefore {
        from -= 1
        columns += pieces[from].columns
      }
    } else {
      from = 0
    }
    if from > 0 || lo > line.lowerBound { text = "…" }
    var columns = text.isEmpty ? 0 : 1
    var k = from
    var caretStart: Int?
    var caretEnd: Int?
    while k < pieces.count && columns + pieces[k].columns <= DiagnosticRenderer.maxColumns - 1 {
      if k == first { caretStart = columns }
      text += pieces[k].text
      columns += pieces[k].columns
      k += 1
      if k == last { caretEnd = columns }
    }
    if k < pieces.count || hi < line.upperBound {
      text += "…"
    }
    if caretStart == nil { caretStart = k == first ? columns : min(columns, DiagnosticRenderer.maxColumns) }
    lead = caretStart!
    width = max(1, (caretEnd ?? columns) - lead)
    if last <= first { width = 1 }
  }

  /// The text shown for the scalar at byte `i`, and the byte after it.
  /// Tabs become four spaces; controls, invisible characters and
  /// malformed UTF-8 become escapes.
  private static func piece(_ bytes: [UInt8], at i: Int, limit: Int) -> (String, Int) {
    let b = bytes[i]
    if b == 0x09 { return ("    ", i + 1) }
    if b >= 0x20 && b < 0x7F { return (String(Unicode.Scalar(b)), i + 1) }
    if b < 0x80 { return ("\\u{" + String(b, radix: 16, uppercase: true) + "}", i + 1) }
    var n = 1
    while n < 4 && i + n < limit && bytes[i + n] & 0xC0 == 0x80 { n += 1 }
    let decoded = String(validating: bytes[i..<(i + n)], as: UTF8.self)
    if let decoded, decoded.unicodeScalars.count == 1 {
      return (Lexer.visible(decoded), i + n)
    }
    return ("\\x" + String(b, radix: 16, uppercase: true), i + 1)
  }
}

/// `text` as it may be printed on a terminal: controls, invisible format
/// characters and non-characters written as `\u{…}`, and cut to `limit`
/// characters with `…` (for messages that quote a path or a flag).
public func printable(_ text: String, limit: Int = 1_000) -> String {
  // Only as far as the limit is counted, however long the text.
  let scalars = text.unicodeScalars
  guard let cut = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
    cut != scalars.endIndex
  else { return Lexer.visible(text) }
  return Lexer.visible(String(String.UnicodeScalarView(scalars.prefix(limit - 1)))) + "…"
}
