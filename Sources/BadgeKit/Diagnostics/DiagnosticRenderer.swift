// Renders diagnostics as text: `file:line:col: error: message`, then the
// source line under a line-number gutter, then carets as wide as the range.

/// Turns `Diagnostic` values into the text printed on standard error.
public struct DiagnosticRenderer: Sendable {
  /// The files of the compilation, indexed by `SourceRange.file`.
  public var files: [SourceFile]

  public init(files: [SourceFile]) { self.files = files }

  /// The full text for `diagnostic` and its notes, ending with a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = render(diagnostic.message.text, diagnostic.severity.rawValue, diagnostic.range)
    for note in diagnostic.notes { out += render(note.text, "note", note.range) }
    return out
  }

  /// One located message: the header line, the source line, the carets.
  private func render(_ text: String, _ severity: String, _ range: SourceRange) -> String {
    guard range.file >= 0, range.file < files.count else { return "badgec: \(severity): \(text)\n" }
    let file = files[range.file]
    let start = min(range.start, file.bytes.count)
    let loc = file.location(of: start)
    var out = "\(file.name):\(loc.line):\(loc.column): \(severity): \(text)\n"

    let lineIndex = file.lineIndex(of: start)
    let line = file.lineRange(lineIndex)
    let gutter = String(loc.line)
    let pad = String(repeating: " ", count: gutter.count)
    let text = expandTabs(file.text(line))
    out += "\(pad) |\n"
    out += "\(gutter) | \(text)\n"
    // Carets under the part of the range on this line, at least one wide.
    let end = min(max(range.end, start), line.upperBound)
    let lead = displayWidth(file, from: line.lowerBound, to: start)
    let width = max(1, displayWidth(file, from: start, to: end))
    out += "\(pad) | " + String(repeating: " ", count: lead) + String(repeating: "^", count: width)
    out += "\n"
    return out
  }

  /// All diagnostics, in order.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// Columns taken by bytes `from..<to`: one per character, four per tab.
  private func displayWidth(_ file: SourceFile, from: Int, to: Int) -> Int {
    var n = 0
    var i = from
    while i < to && i < file.bytes.count {
      let b = file.bytes[i]
      if b == UInt8(ascii: "\t") { n += 4 } else if b & 0xC0 != 0x80 { n += 1 }
      i += 1
    }
    return n
  }

  private func expandTabs(_ s: String) -> String {
    s.contains("\t") ? s.split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ") : s
  }
}
