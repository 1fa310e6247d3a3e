// Trailing comments lined up in a column stay lined up: the formatted text,
// the trailing comments the printer wrote and the source in; the text with
// each column of them moved together out. Comments on consecutive lines
// that started at one column of the source form a column; it is put as far
// past the longest line's code as it was in the source (at least one
// space), so a line whose code got shorter or longer keeps its comment in
// the column.

/// Keeps columns of trailing comments.
enum CommentColumns {
  /// The column (in Unicode scalars) of byte `offset` of `bytes`.
  static func column(_ bytes: [UInt8], _ offset: Int) -> Int {
    var start = offset
    while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
    return bytes[start..<offset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
  }

  /// `out` with each column of `comments` (written by the printer from
  /// `source`) aligned.
  static func aligned(_ out: [UInt8], _ comments: [FormatPrinter.TrailingComment], source: [UInt8]) -> [UInt8] {
    guard comments.count >= 2 else { return out }
    // Groups: consecutive comments on consecutive lines, in both texts,
    // at one column of the source.
    var groups: [[Int]] = []
    var previous: (outLine: Int, sourceLine: Int, column: Int)?
    var outLine = 0
    var scanned = 0
    var sourceLine = 0
    var sourceScanned = 0
    for (k, c) in comments.enumerated() {
      while scanned < c.comment {
        if out[scanned] == 0x0A { outLine += 1 }
        scanned += 1
      }
      while sourceScanned < c.source {
        if source[sourceScanned] == 0x0A { sourceLine += 1 }
        sourceScanned += 1
      }
      let col = column(source, c.source)
      if let p = previous, p.outLine + 1 == outLine, p.sourceLine + 1 == sourceLine, p.column == col {
        groups[groups.count - 1].append(k)
      } else {
        groups.append([k])
      }
      previous = (outLine, sourceLine, col)
    }
    // The spaces each comment gets.
    var spaces = comments.map { $0.comment - $0.spaces }
    for group in groups where group.count >= 2 {
      let codeEnds = group.map { column(out, comments[$0].spaces) }
      let sourceCodeEnds = group.map { column(source, comments[$0].sourceCodeEnd) }
      let gap = max(1, column(source, comments[group[0]].source) - sourceCodeEnds.max()!)
      let target = codeEnds.max()! + gap
      for (k, end) in zip(group, codeEnds) { spaces[k] = target - end }
    }
    var result: [UInt8] = []
    result.reserveCapacity(out.count)
    var at = 0
    for (k, c) in comments.enumerated() {
      result += out[at..<c.spaces]
      let written = out[c.spaces..<c.comment]
      // Spaces as written when the comment is alone (tabs kept); else spaces.
      if spaces[k] == written.count { result += written } else { result += repeatElement(0x20, count: spaces[k]) }
      at = c.comment
    }
    result += out[at...]
    return result
  }
}
