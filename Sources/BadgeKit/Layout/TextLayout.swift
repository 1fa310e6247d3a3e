// Text: `text("…")` set in one line from a font file's glyphs (advances,
// the font's kerning, tracking), straight or along a circle. Takes the
// string, the text environment and the fonts; hands on the text's size
// and its glyph outlines as one path in the text's frame (points, y down),
// which every backend draws like any other shape.

/// A string set in a font: its glyphs with their pen positions, in points
/// from the start of the baseline.
struct TextRun {
  /// The text as written.
  var string: String
  var font: LoadedFont
  /// Points per font unit.
  var scale: Double
  var glyphs: [(glyph: Int, x: Double, advance: Double)]
  /// The text's characters, and the index among them of each glyph's
  /// (for breaking the run into lines).
  var scalars: [Unicode.Scalar] = []
  var indices: [Int] = []
  /// The advance of the whole run in points (tracking included).
  var width: Double
  /// The tracking: points added after every glyph (in `width` and in each
  /// glyph's advance).
  var spacing: Double
  /// Above and below the baseline, and the gap between lines, in points
  /// (descent positive).
  var ascent: Double
  var descent: Double
  var lineGap: Double
  /// The line's height: ascent, descent and line gap.
  var lineHeight: Double { ascent + descent + lineGap }
  /// From the top of the line to the baseline (half the line gap above).
  var baseline: Double { lineGap / 2 + ascent }
}

/// How `text(…, radius:, angle:, side:)` sets a run along a circle.
struct TextCurve {
  /// The baseline's radius in points; nil: the default for the frame.
  var radius: Extent?
  /// Where the middle of the text sits, in radians (0 trailing, clockwise).
  var angle: Double
  /// `inside`: the glyphs' tops point to the centre and the text runs
  /// anticlockwise (reading left to right along the bottom).
  var inside: Bool
}

extension LayoutEngine {
  /// `text`'s parameters.
  static let textParameters = ["content", "radius", "angle", "side"]

  /// The run of the text view `view` (memoised; nil after an error).
  func textRun(_ view: ViewInstance, _ args: [Argument], at range: SourceRange) -> TextRun? {
    if let known = textRuns[reportingKey(view)] { return known }
    let run = makeRun(view, args, at: range)
    textRuns[reportingKey(view)] = run
    return run
  }

  private func makeRun(_ view: ViewInstance, _ args: [Argument], at range: SourceRange) -> TextRun? {
    let bound = evaluator.bind(
      args, to: LayoutEngine.textParameters, required: ["content"], callee: "text", at: range)
    guard bound.ok, let content = bound["content"] else { return nil }
    let string: String
    switch evaluator.eval(content.value, view.scope) {
    case .string(let s): string = s
    case .scalar(let x, 0): string = formatForMessage(x)
    case let v:
      _ = evaluator.mismatch("a string in quotes", v, content.value.range)
      return nil
    }
    let env = textEnvironment(view)
    guard let font = fonts.font(for: env, at: env.familyRange ?? range, evaluator) else { return nil }
    // A glyph's work is about that of an expression's step.
    guard evaluator.spend(string.unicodeScalars.count, at: range) else { return nil }
    let scalars = Array(string.unicodeScalars)
    let key = SetLineKey(string: string, font: ObjectIdentifier(font), size: env.size, spacing: env.spacing)
    let line: SetLine
    if let known = setLines[key] {
      line = known
    } else {
      line = LayoutEngine.setLine(scalars, in: font.font, size: env.size, spacing: env.spacing)
      setLines[key] = line
    }
    let missing = line.missing
    if !missing.isEmpty {
      evaluator.warn(.missingGlyphs(font.font.familyName, missing.map { String($0) }), content.value.range)
    }
    let scale = line.scale
    return TextRun(
      string: string, font: font, scale: scale, glyphs: line.glyphs, scalars: scalars, indices: line.indices,
      width: line.width, spacing: env.spacing, ascent: Double(font.font.ascender) * scale,
      descent: Double(-font.font.descender) * scale, lineGap: Double(max(0, font.font.lineGap)) * scale)
  }

  /// `string` set in one line of `font` at `size` points: each glyph's
  /// pen position and advance in points (the font's kerning between
  /// pairs, `spacing` added after every character), the line's advance,
  /// points per font unit, and the first few characters the font has no
  /// glyph for. Control characters (line breaks, tabs) and invisible ones
  /// are left out (see `isLeftOut`).
  static func setLine(_ string: String, in font: Font, size: Double, spacing: Double) -> (
    glyphs: [(glyph: Int, x: Double, advance: Double)], width: Double, scale: Double, missing: [Character]
  ) {
    let set = setLine(Array(string.unicodeScalars), in: font, size: size, spacing: spacing)
    return (set.glyphs, set.width, set.scale, set.missing)
  }

  /// The same for `scalars`, with the index in `scalars` of each glyph's
  /// character (for breaking a set line into lines).
  static func setLine(_ scalars: [Unicode.Scalar], in font: Font, size: Double, spacing: Double) -> SetLine {
    let scale = size / Double(font.unitsPerEm)
    var glyphs: [(glyph: Int, x: Double, advance: Double)] = []
    var indices: [Int] = []
    glyphs.reserveCapacity(scalars.count)
    indices.reserveCapacity(scalars.count)
    var pen = 0.0
    var previous: Int?
    var missing: [Character] = []
    for (index, scalar) in scalars.enumerated() {
      if isLeftOut(scalar) { continue }
      indices.append(index)
      let g = font.glyph(for: scalar)
      if g == 0 && missing.count < 5 && !missing.contains(Character(scalar)) { missing.append(Character(scalar)) }
      if let previous { pen += Double(font.kerning(previous, g)) * scale }
      let advance = Double(font.advance(of: g)) * scale + spacing
      glyphs.append((g, pen, advance))
      pen += advance
      previous = g
    }
    return (glyphs, indices, max(0, pen), scale, missing)
  }

  /// Whether `scalar` is set as nothing, its neighbours kerned as if it
  /// were not there: a control character, or a default-ignorable one (a
  /// soft hyphen, zero-width spaces and joiners, direction marks, variation
  /// selectors, tags), which HarfBuzz, and so rsvg-convert and resvg, hides
  /// that way. The Hangul fillers, default-ignorable too, keep their
  /// glyphs, as in HarfBuzz (fonts draw them as spaces).
  static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: return true
    case 0x115F, 0x1160, 0x3164, 0xFFA0: return false
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
  }

  /// A curved text's radius, angle and side, if `radius:`, `angle:` or
  /// `side:` is given (nil: a straight line; `ok` false after an error).
  func textCurve(_ args: [Argument], _ scope: Scope, at range: SourceRange) -> (curve: TextCurve?, ok: Bool) {
    let bound = evaluator.bind(
      args, to: LayoutEngine.textParameters, required: ["content"], callee: "text", at: range)
    guard bound.ok else { return (nil, false) }
    guard bound["radius"] != nil || bound["angle"] != nil || bound["side"] != nil else { return (nil, true) }
    var curve = TextCurve(radius: nil, angle: -Double.pi / 2, inside: false)
    if let a = bound["radius"] {
      switch evaluator.eval(a.value, scope) {
      case .fraction(let f): curve.radius = .fraction(f)
      case let v:
        guard let r = evaluator.length(v, axis: nil, a.value.range) else { return (nil, false) }
        guard r > 0 && r <= LayoutEngine.maximumCoordinate else {
          evaluator.report(.badLength("a radius of \(formatForMessage(r)) points; expected more than 0"), a.value.range)
          return (nil, false)
        }
        curve.radius = .points(r)
      }
    }
    if let a = bound["angle"] {
      guard let x = evaluator.angle(evaluator.eval(a.value, scope), a.value.range) else { return (nil, false) }
      guard abs(x) <= 1e6 else {
        evaluator.report(.angleOutOfRange, a.value.range)
        return (nil, false)
      }
      curve.angle = x
      // Below the centre the text reads left to right from inside.
      curve.inside = sinOf(x) > 1e-9
    }
    if let a = bound["side"] {
      guard let k = evaluator.keyword(evaluator.eval(a.value, scope), ["inside", "outside"], a.value.range) else {
        return (nil, false)
      }
      curve.inside = k == "inside"
    }
    return (curve, true)
  }

  /// The run's glyph outlines as one path in a frame of `size`: straight,
  /// from the frame's top-left with the baseline `run.baseline` below it;
  /// or along a circle centred in the frame.
  func textPath(_ run: TextRun, curve: TextCurve?, in size: Size, at range: SourceRange) -> ScenePath? {
    var elements: [PathElement] = []
    let s = run.scale
    for g in run.glyphs {
      guard let outline = run.font.outline(g.glyph, evaluator, at: range) else { return nil }
      if outline.commands.isEmpty { continue }
      // The budget is charged glyph by glyph: a long text, or a font's
      // glyph of many points set many times, stops at it.
      guard elements.count + outline.commands.count <= segmentBudget else {
        segmentsExhausted(at: range)
        return nil
      }
      // A glyph's transform: font units (y up) to the frame (y down).
      let t: Transform
      if let curve {
        let side = min(size.width, size.height)
        let radius =
          curve.radius?.points(side: side)
          ?? max(1, side / 2 - (curve.inside ? run.descent : run.ascent))
        // The middle of the glyph's own advance at its arc length from the
        // middle of the run (tracking only between glyphs, not after the
        // last one).
        let own = g.advance - run.spacing
        let along = g.x + own / 2 - (run.width - run.spacing) / 2
        let theta = curve.angle + (curve.inside ? -along : along) / radius
        let centre = Point(size.width / 2 + radius * cosOf(theta), size.height / 2 + radius * sinOf(theta))
        // Outside: the glyph's up points away from the centre; inside, to it.
        let turn = curve.inside ? theta - Double.pi / 2 : theta + Double.pi / 2
        t = .translation(centre.x, centre.y) * .rotation(turn) * .translation(-own / 2, 0) * .scale(s, -s)
      } else {
        t = .translation(g.x, run.baseline) * .scale(s, -s)
      }
      for c in outline.commands {
        switch c {
        case .move(let x, let y): elements.append(.move(t.apply(Point(x, y))))
        case .line(let x, let y): elements.append(.line(t.apply(Point(x, y))))
        case .quad(let cx, let cy, let x, let y):
          elements.append(.quad(control: t.apply(Point(cx, cy)), to: t.apply(Point(x, y))))
        case .cubic(let ax, let ay, let bx, let by, let x, let y):
          elements.append(.cubic(c1: t.apply(Point(ax, ay)), c2: t.apply(Point(bx, by)), to: t.apply(Point(x, y))))
        case .close: elements.append(.close)
        }
      }
    }
    return ScenePath(elements)
  }
}

extension LayoutEngine {
  /// The curve of text view `view`, memoised (`ok` false after an error).
  private func curve(_ view: ViewInstance, _ args: [Argument], at range: SourceRange) -> (
    curve: TextCurve?, ok: Bool
  ) {
    if let known = textCurves[reportingKey(view)] { return known }
    let result = textCurve(args, view.scope, at: range)
    textCurves[reportingKey(view)] = result
    return result
  }

  /// A text view's size for proposal `p`: a straight line is as large as
  /// its glyphs' advance and its line height, whatever the proposal; text
  /// on a circle takes the whole proposal, like a shape (with no proposal,
  /// the circle's box with the glyphs around it).
  func textFrame(_ view: ViewInstance, _ args: [Argument], _ p: ProposedSize, at range: SourceRange) -> Size {
    let (curve, ok) = curve(view, args, at: range)
    guard ok, let run = textRun(view, args, at: range) else { return Size(0, 0) }
    guard let curve else { return textBlock(view, run, width: p.width, height: p.height).size }
    if case .points(let r)? = curve.radius, p.width == nil || p.height == nil {
      let side = 2 * (r + max(run.ascent, run.descent))
      return Size(p.width ?? side, p.height ?? side)
    }
    return p.filled
  }

  /// Draws text view `view` in a frame of `size`: its glyphs as one shape,
  /// filled and stroked as the context says, the string kept with it.
  func drawText(
    _ view: ViewInstance, _ args: [Argument], _ p: ProposedSize, _ size: Size, _ t: Transform,
    _ context: DrawContext, _ nodes: inout [SceneNode], at range: SourceRange
  ) {
    let (curve, ok) = curve(view, args, at: range)
    guard ok, segmentBudget >= 0, let run = textRun(view, args, at: range) else { return }
    var path = ScenePath()
    if curve != nil {
      guard let p = textPath(run, curve: curve, in: size, at: range) else { return }
      path = p
    } else {
      // Each line's glyphs, moved to its place in the text's frame.
      let block = textBlock(view, run, width: p.width, height: p.height)
      recordLines(block.lines.map(\.run.string))
      for line in block.lines {
        guard let lp = textPath(line.run, curve: nil, in: size, at: range) else { return }
        let move = Transform.translation(line.origin.x, line.origin.y)
        path.elements += lp.elements.map { LayoutEngine.mapped($0, move) }
        guard path.elements.count <= segmentBudget else { return segmentsExhausted(at: range) }
      }
    }
    guard spend(1, at: range) else { return }
    emit(path, size, t, context, &nodes, at: range, label: run.string)
  }
}
