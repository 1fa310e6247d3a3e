// The text between two tokens, read into pieces: the bytes the lexer
// skipped (spaces, tabs, line breaks and comments, nothing else in a file
// without errors) in, the formatter's view of them out: line breaks,
// comments, and the spaces before each.

/// One piece of the text between two tokens.
enum TriviaPiece: Equatable {
  /// A line break (`\n`, or `\r\n`).
  case lineBreak
  /// A comment, its bytes as written (`// …` to the end of its line, or
  /// `/* … */` with what it nests), and the spaces and tabs just before
  /// it, as written.
  case comment(text: ArraySlice<UInt8>, spacesBefore: ArraySlice<UInt8>)
}

/// The pieces of a gap, and the spaces at its end (before the token).
struct Trivia {
  var pieces: [TriviaPiece] = []
  /// The spaces and tabs after the last piece, as written.
  var trailingSpaces: ArraySlice<UInt8> = []

  /// Line breaks after the last comment (or in the whole gap when it has
  /// none): how the next token stands to what came before it.
  var lineBreaksAtEnd: Int {
    var n = 0
    for piece in pieces.reversed() {
      guard piece == .lineBreak else { break }
      n += 1
    }
    return n
  }

  var hasComment: Bool {
    pieces.contains { if case .comment = $0 { return true } else { return false } }
  }

  /// Reads `bytes[range]`, which holds only what the lexer skips.
  init(_ bytes: [UInt8], _ range: Range<Int>) {
    var i = range.lowerBound
    var spaceStart = i
    while i < range.upperBound {
      let b = bytes[i]
      if b == 0x20 || b == 0x09 || b == 0x0D && (i + 1 >= range.upperBound || bytes[i + 1] != 0x0A) {
        i += 1
      } else if b == 0x0D || b == 0x0A {
        i += b == 0x0D ? 2 : 1
        pieces.append(.lineBreak)
        spaceStart = i
      } else if b == UInt8(ascii: "/") && i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "/") {
        let start = i
        while i < range.upperBound && bytes[i] != 0x0A
          && !(bytes[i] == 0x0D && i + 1 < range.upperBound && bytes[i + 1] == 0x0A)
        {
          i += 1
        }
        pieces.append(.comment(text: bytes[start..<i], spacesBefore: bytes[spaceStart..<start]))
        spaceStart = i
      } else if b == UInt8(ascii: "/") && i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "*") {
        let start = i
        i += 2
        var depth = 1
        while i < range.upperBound && depth > 0 {
          if bytes[i] == UInt8(ascii: "*") && i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "/") {
            depth -= 1
            i += 2
          } else if bytes[i] == UInt8(ascii: "/") && i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "*") {
            depth += 1
            i += 2
          } else {
            i += 1
          }
        }
        pieces.append(.comment(text: bytes[start..<i], spacesBefore: bytes[spaceStart..<start]))
        spaceStart = i
      } else {
        // Not trivia (a file with errors is never formatted): kept as a
        // comment would be, so that nothing is lost.
        let start = i
        i += 1
        pieces.append(.comment(text: bytes[start..<i], spacesBefore: bytes[spaceStart..<start]))
        spaceStart = i
      }
    }
    trailingSpaces = bytes[spaceStart..<range.upperBound]
  }
}
