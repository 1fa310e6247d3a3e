// The catalog of every message badgec reports, alphabetised. Messages are
// lowercase, have no final period, and say what was expected and what was
// found.

/// A diagnostic message; `text` is what is printed.
public enum Message: Equatable, Sendable {
  case appIconNotSquare(String, String)
  case appIconTransparent(Int, x: Int, y: Int)
  case argumentRepeated(String, of: String)
  case badColorLiteral(String)
  case badFont(String, String)
  case fontNotFound(String)
  case missingGlyphs(String, [String])
  case fontScanCut([FontScanCut])
  case badUnicodeEscape
  case badRepeatCount(String)
  case canvasTooLarge(String)
  case componentRecursion(String)
  case componentsTooDeep(Int)
  case controlInString(String)
  case coordinateOutOfRange(String)
  case divisionByZero
  case duplicateBadge
  case duplicateName(String)
  case emptyMask
  case tooManyDashes(Int)
  case strokeTooComplex(Int)
  case angleOutOfRange
  case effectsTooLarge(Int)
  case effectsTooDeep(Int)
  case effectImagesTooCostly(Double)
  case pdfGroupsTooDeep(Int)
  case emptyClipShape
  /// A mask whose content draws nothing for the values it was given (a
  /// repeat of 0, an `if` not taken, a frame of no height): a warning, and
  /// the view is hidden, as SVG hides it.
  case maskHidesView
  /// The same of a clip shape.
  case clipHidesView
  case expected(String, found: String)
  case badLength(String)
  case gradientNeedsStops
  case imageTooLarge(Int, Int, Int)
  case imagePixelsTooLarge(Int)
  case importCycle([String])
  case importNeeded(String, file: String, hidesBuiltin: Bool)
  case importNotFound(String, folders: [String])
  case importUnreadable(String, reason: String)
  case importsTooDeep(Int)
  case importsTooLarge(Int)
  case importsTooMany(Int)
  case invalidUTF8
  case layoutTooDeep(Int)
  case missingArgument(String, of: String)
  case missingBadge
  case nestingTooDeep(Int)
  case mixedFraction(String)
  case notAScalar(String)
  case notFinite
  case numberOutOfRange(String)
  case outputTooLarge(Int)
  case overrideUnknown(String, lets: [String] = [], suggestion: String? = nil)
  case sqrtOfNegative
  case tooManyArguments(String, max: Int)
  case tooManyEdges(Int)
  case swiftUICannot(String)
  /// What an SF Symbols template cannot hold.
  case symbolCannot(String)
  /// Where a symbol's weights differ so that they cannot be interpolated.
  case symbolWeightsDiffer(String)
  case vectorDrawableCannot(String)
  case tooManyShapes(Int)
  case tooManySegments(Int)
  case tooManyViews(Int)
  case tooManyItems(Int)
  case tooManyExpressions(Int)
  case tooMuchArea(Int)
  case tooManyEdgeRows(Int)
  case tooManySteps(Int)
  case tooManyCopiedShapes(Int)
  case groupsTooDeep(Int, width: Int)
  case typeMismatch(expected: String, found: String)
  case unexpectedContent(String)
  case strokeBorderNeedsShape
  case notAShape(String)
  case badDash
  case badPathData(expected: String, found: String)
  case unexpectedCharacter(String)
  case unknownArgumentLabel(String, of: String, suggestion: String? = nil)
  case unknownComponent(String, suggestion: String? = nil)
  case unknownEscape(String)
  case unknownFunction(String, suggestion: String? = nil)
  case unknownModifier(String, suggestion: String? = nil)
  case unknownMethod(String, suggestion: String? = nil)
  case unknownName(String, suggestion: String? = nil)
  /// SwiftUI's spelling of something badgec spells otherwise (or lacks).
  case swiftUIName(String, badgec: String?, hint: String?)
  /// A `{` whose block runs into the next declaration or the end.
  case blockNotClosed(String)
  /// A component's name where a value is expected.
  case componentAsValue(String)
  case unknownPathCommand(String)
  case unknownUnit(String)
  case unterminatedComment
  case unterminatedString
  /// A string built by interpolation longer than the limit (bytes).
  case stringTooLong(Int)
  /// `list[i]` past the list's end: the index and the count.
  case indexOutOfRange(String, count: Int)
  /// A `specifier:` badgec does not write.
  case badFormatSpecifier(String)
  case pathNeedsMove(String)

  // Warnings: the compilation goes on, with the value settled as said.
  /// A value written outside its range, and the end of it that is used.
  case clamped(String, found: String, range: String, to: String)
  /// A let named as a built-in value: the name and what it hides.
  case letHidesBuiltin(String, String)
  /// Text the canvas cuts: its words, its box and the canvas.
  case textCut(String, x: String, y: String, canvas: String)
  /// What the SwiftUI code draws otherwise than badgec does.
  case swiftUIApproximates(String)
  /// A symbol of a badge without `let weight`: every weight the same.
  case symbolWithoutWeight
  /// A symbol whose three weights draw the same, though the badge has a
  /// `weight`.
  case symbolWeightsAlike
  /// A repeat whose count is 0.
  case emptyRepeat
  /// `.opacity(0)`: the element draws nothing.
  case invisible(found: String)
  /// A length that may not be negative, drawn as 0.
  case negativeClamped(String, found: String)
  /// A shape whose bounds on the canvas (`x0 … x1`, `y0 … y1`) miss it.
  case outsideCanvas(x: String, y: String, canvas: String)
  /// A gradient stop before the one written ahead of it, moved up to it.
  case stopOutOfOrder(found: String, to: String)
  /// A component of the input file that the badge never draws.
  case unusedComponent(String)
  /// A top-level let of the input file that nothing the badge draws uses.
  case unusedLet(String)

  /// The text printed after `error: ` (or `warning: `).
  public var text: String {
    switch self {
    case .argumentRepeated(let label, let of):
      return "argument '\(shown(label))' of '\(shown(of))' is given twice"
    case .badColorLiteral(let text):
      return "invalid colour '\(shown(text))'; expected #rgb, #rrggbb or #rrggbbaa"
    case .badRepeatCount(let found):
      return "expected a whole number of copies from 0 to 10000, found \(shown(found))"
    case .badUnicodeEscape:
      return "invalid Unicode escape; expected \\u{…} with one to eight hex digits"
    case .canvasTooLarge(let found):
      return "expected a canvas side from 1 to 100000 points, found \(shown(found))"
    case .componentRecursion(let name):
      return "component '\(shown(name))' contains itself"
    case .componentsTooDeep(let limit):
      return "components are used inside one another more than \(limit) deep"
    case .controlInString(let code):
      return "a string cannot hold the character \(code) (a control character or non-character)"
    case .coordinateOutOfRange(let reach):
      return "a shape reaches \(reach) points from the canvas' origin; expected at most 1e9"
    case .divisionByZero:
      return "division by zero"
    case .duplicateBadge:
      return "a file declares one badge; this is a second"
    case .duplicateName(let name):
      return "'\(shown(name))' is already declared"
    case .effectsTooLarge(let mib):
      return
        "the shadows and blurs would take more than \(mib) MiB of buffers a thread (each a band of what it blurs plus the blur's reach); expected smaller blur radii or a smaller image"
    case .effectImagesTooCostly(let scale):
      return
        "the shadows and blurs are too costly to draw as the PDF's images at --scale \(formatForMessage(scale)) (pixels a point); expected a smaller --scale or fewer, smaller effects"
    case .vectorDrawableCannot(let what):
      return
        "VectorDrawable cannot draw \(what); expected the badge without it for Android (or export a PNG with --format png)"
    case .appIconNotSquare(let w, let h):
      return "an app icon is square; this badge is \(w) × \(h) points (give --size with one side, e.g. --size \(w))"
    case .appIconTransparent(let count, let x, let y):
      let pixels = count == 1 ? "1 pixel that is" : "\(count) pixels that are"
      return
        "the app icon has \(pixels) not opaque (the first at x \(x), y \(y) of 1024 × 1024); an app icon must be opaque: give --background COLOR, or draw the badge to its edges"
    case .symbolCannot(let what):
      return
        "an SF Symbols template cannot hold \(what); expected filled shapes of one colour (see the README's 'SF Symbols')"
    case .symbolWeightsDiffer(let what):
      return
        "the symbol's weights cannot be interpolated: \(what); expected the same shapes, with the same segments in the same order, at every weight"
    case .swiftUICannot(let what):
      return
        "the SwiftUI code (--format swift) cannot hold \(what); expected what SwiftUI draws (see the README's 'SwiftUI code'), or another format such as an image set"
    case .effectsTooDeep(let limit):
      return
        "shadows and blurs are nested more than \(limit) deep (each inside the one before); expected fewer nested effects, or one effect over a group"
    case .pdfGroupsTooDeep(let limit):
      return
        "the PDF would nest groups (opacity, clips, masks, effects) more than \(limit) deep, past what PDF readers take (PDF 1.4's limit on nested graphics states); expected fewer groups inside one another"
    case .angleOutOfRange:
      return "an angular gradient's angles reach past a million radians; expected angles within a few turns"
    case .strokeTooComplex(let limit):
      return
        "a stroke's outline takes more than \(limit) points; expected fewer or longer dashes, a narrower stroke or a smaller image"
    case .tooManyDashes(let limit):
      return
        "the strokes' dash patterns cut more than \(limit) dashes in all; expected longer dashes and gaps, or fewer dashed shapes"
    case .emptyMask:
      return "the mask draws nothing, so it would hide everything; expected shapes in its content"
    case .emptyClipShape:
      return "the clip shape draws nothing, so it would hide everything; expected a shape"
    case .maskHidesView:
      return "the mask draws nothing with these values, so the view it masks is hidden"
    case .clipHidesView:
      return "the clip shape draws nothing with these values, so the view it clips is hidden"
    case .badPathData(let expected, let found):
      return "malformed path data: expected \(expected), found \(shown(found))"
    case .badDash:
      return "expected dash lengths that are not negative and not all zero"
    case .notAShape(let found):
      return "expected a shape (a built-in shape such as circle(), a component or path { … }), found \(shown(found))"
    case .strokeBorderNeedsShape:
      return "'.strokeBorder' insets built-in shapes only; use '.stroke' for a path or a component's own shapes"
    case .unexpectedContent(let name):
      return "'.\(shown(name))' takes no '{ … }' content; only '.mask', '.overlay' and '.background' do"
    case .unknownMethod(let name, let suggestion):
      return "unknown method '.\(shown(name))'; a colour or gradient has '.opacity(x)'"
        + didYouMean(suggestion.map { "." + $0 })
    case .expected(let what, let found):
      return "expected \(what), found \(shown(found))"
    case .gradientNeedsStops:
      return "a gradient needs two or more colours"
    case .imageTooLarge(let w, let h, let limit):
      return "the image would be \(w) × \(h) pixels; expected at most \(limit) on a side (lower --size or --scale)"
    case .layoutTooDeep(let limit):
      return "the layout nests more than \(limit) levels of views and modifiers (components and repeats included)"
    case .imagePixelsTooLarge(let limit):
      let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
      return
        "the image's pixels would take more than \(size) (four bytes each); expected a smaller image (or raise --max-output)"
    case .importCycle(let files):
      // Each name cut so that the whole cycle fits on a line or two.
      let limit = max(16, 230 / max(1, files.count))
      let names = files.map { "'\(shownPath($0, limit: limit))'" }
      if names.count == 2 { return "import cycle: \(names[0]) imports itself" }
      return "import cycle: \(names[0]) imports " + names.dropFirst().joined(separator: ", which imports ")
    case .importNeeded(let name, let file, let hidesBuiltin):
      let hint = hidesBuiltin ? "; a top-level name hides the built-in one in every file" : ""
      return "'\(shown(name))' is declared in '\(shownPath(file))', which this file does not import" + hint
    case .importNotFound(let path, let folders):
      if path.hasPrefix("/") { return "cannot find '\(shownPath(path))' to import" }
      // However many -I folders there are, the message names a few.
      let named = folders.prefix(8).map { "'\(shownPath($0))'" }.joined(separator: ", ")
      return "cannot find '\(shownPath(path))' to import; looked in " + named
        + (folders.count > 8 ? " and \(folders.count - 8) more" : "")
    case .importUnreadable(let path, let reason):
      return "cannot import '\(shownPath(path))': \(reason.prefix(1).lowercased() + reason.dropFirst())"
    case .importsTooDeep(let limit):
      return "imports nest more than \(limit) files deep"
    case .importsTooLarge(let mib):
      return "the imported files hold more than \(mib) MiB in all"
    case .importsTooMany(let limit):
      return "more than \(limit) files are imported in all; expected fewer"
    case .invalidUTF8:
      return "invalid UTF-8; the source must be UTF-8 text"
    case .missingArgument(let label, let of):
      return "missing argument '\(shown(label))' of '\(shown(of))'"
    case .missingBadge:
      return "no badge declaration; expected 'badge Name size W { … }'"
    case .mixedFraction(let found):
      return "cannot combine a fraction of the container with \(shown(found))"
    case .nestingTooDeep(let limit):
      return "nesting is too deep; at most \(limit) levels of blocks, brackets, operators and modifiers"
    case .notAScalar(let code):
      return "\\u{…} names \(code), which is not a Unicode scalar (a surrogate or past U+10FFFF)"
    case .badFont(let path, let why):
      return "cannot read the font '\(path)': \(why)"
    case .fontNotFound(let text):
      return text
    case .missingGlyphs(let family, let characters):
      let list = characters.map { "'\($0)'" }.joined(separator: ", ")
      return "the font '\(family)' has no glyph for \(list); drawn as its missing-glyph box"
    case .badLength(let text):
      return text
    case .notFinite:
      return "the result is not a finite number"
    case .numberOutOfRange(let text):
      return "number '\(shown(text))' is out of range"
    case .outputTooLarge(let limit):
      let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
      return "the output would be larger than \(size); expected a simpler badge (or raise --max-output)"
    case .overrideUnknown(let name, let lets, let suggestion):
      let head = "-D \(shown(name)): there is no top-level let named '\(shown(name))'"
      let shownLets = lets.prefix(8).map { "'\(shown($0))'" }.joined(separator: ", ")
      let more = lets.count > 8 ? " and \(lets.count - 8) more" : ""
      if lets.isEmpty { return head + "; the files declare none" }
      if suggestion != nil { return head + didYouMean(suggestion) + " (the lets: \(shownLets)\(more))" }
      return head + "; the lets are \(shownLets)\(more)"
    case .pathNeedsMove(let command):
      return "'\(shown(command))' needs a current point; start the path with 'move'"
    case .sqrtOfNegative:
      return "square root of a negative number"
    case .tooManyArguments(let of, let max):
      return "too many arguments for '\(shown(of))'; it takes at most \(max)"
    case .tooManyEdges(let limit):
      return "drawing the badge takes more than \(limit) straight edges; expected simpler paths or a smaller image"
    case .tooManyShapes(let limit):
      return "the badge makes more than \(limit) copies or shapes; expected fewer"
    case .tooManySegments(let limit):
      return "the badge builds more than \(limit) path segments; expected fewer or simpler paths"
    case .tooManyCopiedShapes(let limit):
      return
        "components hand up more than \(limit) shapes in all (a copy at every level); expected fewer shapes or shallower components"
    case .groupsTooDeep(let limit, let width):
      return
        "groups (opacity over several shapes) nest more than \(limit) deep, the most an image \(width) pixels wide allows; expected fewer nested groups or a narrower image"
    case .tooManySteps(let limit):
      return "evaluating the badge takes more than \(limit) steps; expected fewer copies or simpler expressions"
    case .tooManyEdgeRows(let limit):
      return
        "the badge's edges cross more than \(limit) pixel rows in all; expected fewer or simpler paths, or a smaller image"
    case .tooMuchArea(let limit):
      return
        "drawing the badge covers more than \(limit) pixels (every shape's bounding box, overlaps counted); expected fewer or smaller shapes, or a smaller image"
    case .tooManyItems(let limit):
      return "the file holds more than \(limit) elements and path commands; the rest is not read"
    case .fontScanCut(let cuts):
      let each = cuts.map { cut in
        "'\(shownPath(cut.directory))' ("
          + (cut.tooManyFiles
            ? "more than \(FontScan.maxFiles) font files" : "folders more than \(FontScan.maxDepth) levels deep")
          + ")"
      }
      let list = each.count == 1 ? each[0] : each.dropLast().joined(separator: ", ") + " and " + each.last!
      return "the search for fonts stopped early in \(list); a font there may have been missed"
    case .tooManyExpressions(let limit):
      return
        "the file holds more than \(limit) parts of expressions (numbers, names, operators, calls); the rest is not read"
    case .tooManyViews(let limit):
      return "the badge lays out more than \(limit) views (every element of every copy); expected fewer"
    case .typeMismatch(let expected, let found):
      return "expected \(expected), found \(shown(found))"
    case .unexpectedCharacter(let c):
      return (c.unicodeScalars.count > 1 ? "unexpected characters '" : "unexpected character '") + "\(shown(c))'"
    case .unknownArgumentLabel(let label, let of, let suggestion):
      return "'\(shown(of))' has no argument '\(shown(label))'" + didYouMean(suggestion)
    case .unknownComponent(let name, let suggestion):
      return "unknown component or shape '\(shown(name))'" + didYouMean(suggestion)
    case .unknownEscape(let e):
      return "unknown escape '\\\(shown(e))' in string"
    case .unknownFunction(let name, let suggestion):
      return "unknown function '\(shown(name))'" + didYouMean(suggestion)
    case .unknownModifier(let name, let suggestion):
      return "unknown modifier '.\(shown(name))'" + didYouMean(suggestion.map { "." + $0 })
    case .swiftUIName(let name, let badgec, let hint):
      let head =
        badgec.map { "SwiftUI's '\(shown(name))' is '\($0)' here" }
        ?? "SwiftUI's '\(shown(name))' is not written so here"
      return head + (hint.map { (badgec == nil ? "; " : ": ") + $0 } ?? "")
    case .blockNotClosed(let owner):
      return "the block of \(owner) opened here is not closed"
    case .componentAsValue(let name):
      return
        "'\(shown(name))' is a view; expected a value here (a view goes in a block, or in a modifier that takes one, such as .clipShape)"
    case .unknownName(let name, let suggestion):
      return "unknown name '\(shown(name))'" + didYouMean(suggestion)
    case .unknownPathCommand(let name):
      return "unknown path command '\(shown(name))'; expected move, line, lines, quad, cubic, arc, close or data"
    case .unknownUnit(let unit):
      return "unknown unit '\(shown(unit))'; expected deg, rad, pt or %"
    case .unterminatedComment:
      return "unterminated block comment; expected '*/'"
    case .unterminatedString:
      return "unterminated string; expected '\"'"
    case .indexOutOfRange(let index, let count):
      return "index \(index) is out of range; the list has \(count) item\(count == 1 ? "" : "s"), at 0 to \(count - 1)"
    case .letHidesBuiltin(let name, let what):
      return "let '\(shown(name))' hides \(what); call it something else"
    case .swiftUIApproximates(let what):
      return "the SwiftUI code draws \(what)"
    case .symbolWeightsAlike:
      return
        "the symbol's three weights are the same drawing: nothing the badge draws changes with 'weight', which is \"ultralight\", \"regular\" and \"black\" (compared with another string, it is never equal)"
    case .symbolWithoutWeight:
      return
        "the badge has no top-level 'let weight', so the symbol's three weights are the same drawing; declare 'let weight = \"regular\"' and draw by it (the symbol is compiled with weight \"ultralight\", \"regular\" and \"black\")"
    case .textCut(let words, let x, let y, let canvas):
      return
        "the text '\(shown(words))' is cut by the \(canvas) canvas (x \(x), y \(y)); give it room, or let it wrap or shrink (.frame(width:), .lineLimit, .minimumScaleFactor)"
    case .stringTooLong(let limit):
      return "the string is longer than \(limit >> 20) MiB"
    case .badFormatSpecifier(let spec):
      return
        "the format \"\(spec)\" is not one badgec writes; expected one of %d, %f, %.2f (two decimals), %@ (as \\(x)) and %%, "
        + "with text around it"
    // Warnings.
    case .clamped(let what, let found, let range, let to):
      return "\(what) \(found) is outside \(range); clamped to \(to)"
    case .emptyRepeat:
      return "the repeat makes no copies (its count is 0), so nothing in it is drawn"
    case .invisible(let found):
      return "opacity \(found) hides the element: nothing of it is drawn"
    case .negativeClamped(let what, let found):
      return "\(what) \(found) is negative; clamped to 0"
    case .outsideCanvas(let x, let y, let canvas):
      return "the shape lies wholly outside the \(canvas) canvas (x \(x), y \(y)); nothing of it is drawn"
    case .stopOutOfOrder(let found, let to):
      return "gradient stop location \(found) is before the stop ahead of it; moved to \(to)"
    case .unusedComponent(let name):
      return "component '\(shown(name))' is never used"
    case .unusedLet(let name):
      return "let '\(shown(name))' is never used"
    }
  }

  /// User text as a message shows it: controls and invisible characters
  /// escaped (`\u{1B}`), and cut to 60 characters with `…`, so that no
  /// input can move the reader's cursor or flood the terminal.
  private func shown(_ s: String) -> String { printable(s, limit: 60) }

  /// A path as a message shows it: escaped like `shown`, and past
  /// `limit` characters cut at its start, keeping the file's name.
  private func shownPath(_ s: String, limit: Int = 200) -> String {
    let scalars = s.unicodeScalars
    guard scalars.count > limit else { return printable(s) }
    return "…" + printable(String(String.UnicodeScalarView(scalars.suffix(limit - 1))))
  }

  private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\(shown($0))'?" } ?? ""
  }
}

extension Message {
  /// Whether the mistake stands on its own even in a file with syntax
  /// errors (a name that is unknown whatever the rest of the file holds),
  /// so that it is worth reporting in the same run.
  var standsAlone: Bool {
    switch self {
    case .swiftUIName, .unknownComponent, .unknownFunction, .unknownModifier, .unknownMethod, .componentAsValue,
      .unknownArgumentLabel:
      return true
    default:
      return false
    }
  }

  /// Whether the message says that the parser stopped at a limit (the
  /// rest of a file was not read: checking its names would only spend
  /// time on a file that cannot compile).
  var isReadingLimit: Bool {
    switch self {
    case .tooManyItems, .tooManyExpressions: return true
    default: return false
    }
  }

  /// Whether an imported file could not be read (what it declares is
  /// missing, so unknown names are no news).
  var isImportFailure: Bool {
    switch self {
    case .importCycle, .importNotFound, .importUnreadable, .importsTooDeep, .importsTooLarge, .importsTooMany:
      return true
    default:
      return false
    }
  }

  /// Whether the message says a limit on the work was reached (a budget
  /// spent once for the whole compilation).
  var isLimit: Bool {
    switch self {
    case .componentsTooDeep, .layoutTooDeep, .tooManyShapes, .tooManySegments, .tooManyViews, .tooManySteps,
      .tooManyCopiedShapes, .nestingTooDeep:
      return true
    default:
      return false
    }
  }
}
