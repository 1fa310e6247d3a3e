// Renders diagnostics as JSON lines, for editors and build tools: one
// object a diagnostic, on one line, its keys always in the same order:
//
//   {"file":"a.badge","line":3,"column":17,"endLine":3,"endColumn":19,
//    "severity":"error","message":"…","notes":[{"file":…,"line":…,
//    "column":…,"message":…}],"fixIts":[{"file":…,"line":…,"column":…,
//    "endLine":…,"endColumn":…,"replacement":"…"}]}
//
// Lines and columns are 1-based, columns counted in characters as the
// text renderer counts them; the end is the column just after the range
// (a range of one character ends one column after it starts). A
// diagnostic with no place in a file has `null` for its file, lines and
// columns. Strings are escaped so that a line is inert on a terminal and
// exact for a program: quotes, backslashes, controls, invisible format
// characters and non-characters as `\uXXXX` (a surrogate pair past
// U+FFFF), other characters as UTF-8 (never invalid: only Swift strings
// are written, never the sources' bytes, and a message quotes malformed
// bytes as escapes); file names and fix-its are never cut, messages at
// 1,000 characters.

/// Turns `Diagnostic` values into JSON lines.
public struct DiagnosticJSON: Sendable {
  /// The files of the compilation, indexed by `SourceRange.file`.
  public var files: [SourceFile]
  /// The most errors and warnings written; the rest are counted in one
  /// last object with no place. Zero or less writes them all.
  public var maxErrors: Int

  /// The most characters of a message or note written.
  static let maxMessage = 1_000

  public init(files: [SourceFile], maxErrors: Int = 20) {
    self.files = files
    self.maxErrors = maxErrors
  }

  /// The object for `diagnostic`, ending with a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = "{" + place(diagnostic.range, end: true)
    out += ",\"severity\":" + DiagnosticJSON.string(diagnostic.severity.rawValue)
    out += ",\"message\":" + DiagnosticJSON.string(DiagnosticJSON.cut(diagnostic.text))
    out += ",\"notes\":["
    out += diagnostic.notes.map { note in
      "{" + place(note.range, end: false) + ",\"message\":" + DiagnosticJSON.string(DiagnosticJSON.cut(note.text)) + "}"
    }.joined(separator: ",")
    out += "],\"fixIts\":["
    out += diagnostic.fixIts.map { fix in
      "{" + place(fix.range, end: true) + ",\"replacement\":" + DiagnosticJSON.string(fix.replacement) + "}"
    }.joined(separator: ",")
    return out + "]}\n"
  }

  /// The diagnostics, in order, at most `maxErrors` errors and warnings
  /// (notes are not counted), each handed to `sink` as soon as it is
  /// rendered; then, if some were left out (or `unlisted` errors were
  /// counted but not kept), an object with no place saying how many.
  public func render(_ diagnostics: [Diagnostic], unlisted: Int = 0, to sink: (String) -> Void) {
    let hidden = DiagnosticRenderer.shown(diagnostics, maxErrors: maxErrors, unlisted: unlisted) { sink(render($0)) }
    if let rest = DiagnosticRenderer.rest(hidden) { sink(DiagnosticJSON.unplaced(rest, severity: .note)) }
  }

  /// All diagnostics as JSON lines (at most `maxErrors` of them).
  public func render(_ diagnostics: [Diagnostic], unlisted: Int = 0) -> String {
    var out = ""
    render(diagnostics, unlisted: unlisted) { out += $0 }
    return out
  }

  /// The object for a message with no place in a file (a file that cannot
  /// be read or written), ending with a newline.
  public static func unplaced(_ message: String, severity: Severity) -> String {
    "{\"file\":null,\"line\":null,\"column\":null,\"endLine\":null,\"endColumn\":null,\"severity\":"
      + string(severity.rawValue) + ",\"message\":" + string(cut(message)) + ",\"notes\":[],\"fixIts\":[]}\n"
  }

  /// The `file`, `line` and `column` keys of `range` (and `endLine` and
  /// `endColumn` with `end`), or nulls when it is in no file.
  private func place(_ range: SourceRange, end: Bool) -> String {
    guard range.file >= 0, range.file < files.count else {
      return "\"file\":null,\"line\":null,\"column\":null" + (end ? ",\"endLine\":null,\"endColumn\":null" : "")
    }
    let file = files[range.file]
    let start = file.location(of: range.start)
    var out = "\"file\":\(DiagnosticJSON.string(file.name)),\"line\":\(start.line),\"column\":\(start.column)"
    if end {
      let stop = file.location(of: max(range.start, range.end))
      out += ",\"endLine\":\(stop.line),\"endColumn\":\(stop.column)"
    }
    return out
  }

  /// `text` cut to `maxMessage` characters, with `…`.
  private static func cut(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > maxMessage else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(maxMessage - 1))) + "…"
  }

  /// `text` as a JSON string, quotes included.
  public static func string(_ text: String) -> String {
    var out = "\""
    for c in text.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if c.value >= 0x20 && c.value < 0x7F || c.value >= 0x80 && Lexer.isIdentifierScalar(c) {
          out.unicodeScalars.append(c)
        } else if c.value > 0xFFFF {
          let v = c.value - 0x10000
          out += escape(0xD800 + (v >> 10)) + escape(0xDC00 + (v & 0x3FF))
        } else {
          out += escape(c.value)
        }
      }
    }
    return out + "\""
  }

  /// `\uXXXX` for a UTF-16 code unit.
  private static func escape(_ unit: UInt32) -> String {
    let hex = String(unit, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
