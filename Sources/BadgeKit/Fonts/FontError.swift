// Why a font file cannot be read: every message the font reader reports,
// alphabetised. Messages are lowercase, have no final period, and name the
// table and glyph where the file went wrong; the caller turns them into
// diagnostics.

/// A font file that cannot be read (or a part of one: a glyph's outline),
/// with what went wrong as a lowercase sentence without a final period,
/// e.g. "the 'glyf' table ends inside glyph 42".
public struct FontError: Error, Equatable, Sendable {
  public var message: String

  public init(message: String) { self.message = message }

  static func badCFF(_ what: String) -> FontError {
    FontError(message: "the 'CFF ' table is damaged: \(what)")
  }

  static func badCharString(_ glyph: Int, _ what: String) -> FontError {
    FontError(message: "the outline of glyph \(glyph) is damaged: \(what)")
  }

  static func badTable(_ tag: String, _ what: String) -> FontError {
    FontError(message: "the '\(tag)' table is damaged: \(what)")
  }

  static func componentCycle(_ glyph: Int) -> FontError {
    FontError(message: "glyph \(glyph) is made of components that contain it")
  }

  static func componentsTooDeep(_ glyph: Int, limit: Int) -> FontError {
    FontError(message: "glyph \(glyph) nests components more than \(limit) deep")
  }

  static func faceOutOfRange(_ index: Int, count: Int) -> FontError {
    FontError(message: "the collection holds \(count) faces; there is no face \(index)")
  }

  static func glyphEnds(_ tag: String, _ glyph: Int) -> FontError {
    FontError(message: "the '\(tag)' table ends inside glyph \(glyph)")
  }

  static func glyphOutOfRange(_ glyph: Int, count: Int) -> FontError {
    FontError(message: "the font has \(count) glyphs; there is no glyph \(glyph)")
  }

  static func glyphTooComplex(_ glyph: Int, limit: Int) -> FontError {
    FontError(message: "glyph \(glyph) takes more than \(limit) steps to draw")
  }

  static let noOutlines = FontError(message: "the font has no outlines (neither a 'glyf' nor a 'CFF ' table)")

  static let notAFont = FontError(message: "not a font file (no sfnt header)")

  static func tableMissing(_ tag: String) -> FontError {
    FontError(message: "the font has no '\(tag)' table")
  }

  static func tableOutside(_ tag: String) -> FontError {
    FontError(message: "the '\(tag)' table lies outside the file")
  }

  static func truncated(_ tag: String) -> FontError {
    FontError(message: "the '\(tag)' table is cut short")
  }

  static func unsupportedCFF(_ what: String) -> FontError {
    FontError(message: "the 'CFF ' table uses \(what), which is not supported")
  }
}
