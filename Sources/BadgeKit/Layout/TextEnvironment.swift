// The text environment: what `.font`, `.fontWeight`, `.bold()`,
// `.italic()`, `.tracking` and `.kerning` set for every `text` inside the
// view they modify, as SwiftUI's environment values flow down. Takes a
// view's modifiers; hands on the environment its own text and its
// children see (an inner modifier wins).

/// The font and spacing text is drawn with: sizes in points.
struct TextEnvironment: Hashable {
  /// A family name or a font file's path; nil: the default families.
  var family: String?
  /// Where the family was named (for a family that is not found).
  var familyRange: SourceRange?
  /// The font size in points (SwiftUI's `body`, 17, by default).
  var size = 17.0
  /// The weight a text style gives (`headline`: semibold), 100
  /// (ultraLight) to 900 (black).
  var styleWeight = 400
  /// The weight set by `.bold()`, `.fontWeight` or `weight:`, which
  /// wins over the style's whichever is written first (SwiftUI's
  /// `Text("…").font(.title).bold()` is bold).
  var explicitWeight: Int?
  /// The weight text is set in.
  var weight: Int { explicitWeight ?? styleWeight }
  var italic = false
  /// Points added after every character (`.tracking` and `.kerning`
  /// together; the font's own kerning is applied as well).
  var spacing = 0.0
  /// `.lineLimit(n)`: at most n lines (nil: as many as the text needs).
  var lineLimit: Int?
  /// `.multilineTextAlignment`: where shorter lines sit across the text's
  /// width, 0 leading (SwiftUI's default), 0.5 centre, 1 trailing.
  var alignment = 0.0
  /// `.lineSpacing(x)`: points added between lines.
  var lineSpacing = 0.0
  /// `.minimumScaleFactor(f)`: how far the font may shrink (0 to 1) for
  /// the text to fit its lines before it is truncated.
  var minimumScale = 1.0
  /// `.truncationMode`: where a text cut at its last line shows `…`.
  var truncation = Truncation.tail
}

/// SwiftUI's `Text.TruncationMode`.
enum Truncation: String, Hashable {
  case head, middle, tail
}

extension LayoutEngine {
  /// SwiftUI's text styles (iOS, large type size): point size and weight.
  static let textStyles: [String: (size: Double, weight: Int)] = [
    "largeTitle": (34, 400), "title": (28, 400), "title2": (22, 400), "title3": (20, 400),
    "headline": (17, 600), "body": (17, 400), "callout": (16, 400), "subheadline": (15, 400),
    "footnote": (13, 400), "caption": (12, 400), "caption2": (11, 400),
  ]

  /// SwiftUI's font weights (`black` is also a colour: as a weight it is 900).
  static let fontWeights: [String: Int] = [
    "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
    "bold": 700, "heavy": 800, "black": 900,
  ]

  /// SwiftUI's font values `.font` takes, with their parameters:
  /// `.system(size:, weight:, design:)` and `.custom(name, size:)`
  /// (`design` is read and has no effect: the family decides).
  static let fontValues: [String: [String]] = [
    "system": ["size", "weight", "design"],
    "custom": ["family", "size"],
  ]

  /// The modifiers that set the text environment, with their parameters.
  static let textModifiers: [String: [String]] = [
    "font": ["style", "size", "weight", "family", "italic"],
    "fontWeight": ["weight"],
    "bold": [],
    "italic": [],
    "tracking": ["amount"],
    "kerning": ["amount"],
    "lineLimit": ["count"],
    "multilineTextAlignment": ["alignment"],
    "lineSpacing": ["amount"],
    "minimumScaleFactor": ["factor"],
    "truncationMode": ["mode"],
  ]

  /// Whether `name` is one of `textModifiers`: asked for every modifier
  /// of every view several times a layout, so by comparing the name with
  /// each (a few bytes each) rather than hashing it.
  static func isTextModifier(_ name: String) -> Bool {
    switch name {
    case "font", "fontWeight", "bold", "italic", "tracking", "kerning", "lineLimit", "multilineTextAlignment",
      "lineSpacing", "minimumScaleFactor", "truncationMode":
      return true
    default: return false
    }
  }

  /// The environment `view`'s own text and its children see: the one it
  /// was made in, with its text modifiers applied from the outermost in
  /// (memoised; errors reported once).
  func textEnvironment(_ view: ViewInstance) -> TextEnvironment {
    // A view without text modifiers has the environment it was made in,
    // not memoised (a scene of many shapes kept one for each: a quarter
    // of a kilobyte a shape).
    let isText = LayoutEngine.isTextModifier
    guard
      view.element.modifiers.contains(where: { isText($0.name) })
        || view.inherited.contains(where: { isText($0.modifier.name) })
    else { return view.environment }
    if let known = environments[reportingKey(view)] { return known }
    var env = view.environment
    for scoped in view.modifiers.reversed() where isText(scoped.modifier.name) {
      apply(scoped, to: &env)
    }
    environments[reportingKey(view)] = env
    return env
  }

  private func apply(_ scoped: ScopedModifier, to env: inout TextEnvironment) {
    let m = scoped.modifier
    let parameters = LayoutEngine.textModifiers[m.name] ?? []
    let args = evaluator.bind(m.arguments, to: parameters, callee: m.name, at: m.range)
    guard args.ok else { return }
    let ev = evaluator
    func value(_ name: String) -> (Value, Expr)? {
      args[name].map { (ev.eval($0.value, scoped.scope), $0.value) }
    }
    switch m.name {
    case "bold":
      env.explicitWeight = 700
    case "italic":
      env.italic = true
    case "fontWeight":
      guard let (v, e) = value("weight") else {
        ev.report(.missingArgument("weight", of: m.name), m.range)
        return
      }
      if let w = fontWeight(v, e) { env.explicitWeight = w }
    case "lineLimit":
      guard let (v, e) = value("count") else { return ev.report(.missingArgument("count", of: m.name), m.range) }
      guard let x = ev.number(v, e.range) else { return }
      guard x == x.rounded(), x >= 1, x <= 10_000 else {
        return ev.report(
          .typeMismatch(expected: "a whole number of lines from 1 to 10000", found: formatForMessage(x)), e.range)
      }
      env.lineLimit = Int(x)
    case "multilineTextAlignment":
      guard let (v, e) = value("alignment") else {
        return ev.report(.missingArgument("alignment", of: m.name), m.range)
      }
      if case .tuple(let p) = v, p.count == 2, p[1] == .number(0.5), case .scalar(let x, 0) = p[0],
        [0, 0.5, 1].contains(x)
      {
        env.alignment = x
      } else {
        _ = ev.mismatch("'.leading', '.center' or '.trailing'", v, e.range)
      }
    case "lineSpacing":
      guard let (v, e) = value("amount") else { return ev.report(.missingArgument("amount", of: m.name), m.range) }
      guard let x = ev.length(v, axis: nil, e.range) else { return }
      env.lineSpacing = ev.clamped(x, 0, 10_000, "line spacing", e.range)
    case "minimumScaleFactor":
      guard let (v, e) = value("factor") else { return ev.report(.missingArgument("factor", of: m.name), m.range) }
      guard let x = ev.number(v, e.range) else { return }
      env.minimumScale = ev.clamped(x, 0.01, 1, "minimum scale factor", percent: Warnings.isPercent(v), e.range)
    case "truncationMode":
      guard let (v, e) = value("mode") else { return ev.report(.missingArgument("mode", of: m.name), m.range) }
      if let k = ev.keyword(v, ["head", "middle", "tail"], e.range) { env.truncation = Truncation(rawValue: k)! }
    case "tracking", "kerning":
      guard let (v, e) = value("amount") else {
        ev.report(.missingArgument("amount", of: m.name), m.range)
        return
      }
      guard let x = ev.length(v, axis: nil, e.range) else { return }
      guard abs(x) <= 10_000 else {
        ev.report(
          .badLength("'\(m.name)' of \(formatForMessage(x)) points; expected at most 10000 either way"), e.range)
        return
      }
      env.spacing += x
    default:  // font
      if let a = args["style"], case .call(let f, let fontArgs) = a.value.kind, let labels = LayoutEngine.fontValues[f]
      {
        // .font(.system(size: 20, weight: .bold)): as .font(size:, weight:).
        let inner = evaluator.bind(fontArgs, to: labels, callee: f, at: a.value.range)
        guard inner.ok else { return }
        for name in ["size", "weight", "family"] {
          guard let arg = inner[name] else { continue }
          let v = ev.eval(arg.value, scoped.scope)
          switch name {
          case "size": if let s = fontSize(v, arg.value) { env.size = s }
          case "weight": if let w = fontWeight(v, arg.value) { env.explicitWeight = w }
          default: family(v, arg.value, &env)
          }
        }
        if let d = inner["design"] {
          _ = ev.keyword(ev.eval(d.value, scoped.scope), ["default", "rounded", "serif", "monospaced"], d.value.range)
        }
      } else if let (v, e) = value("style") {
        if case .keyword(let k) = v, let style = LayoutEngine.textStyles[k] {
          env.size = style.size
          env.styleWeight = style.weight
        } else if case .scalar = v {
          if let s = fontSize(v, e) { env.size = s }
        } else {
          let names = LayoutEngine.textStyles.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
          _ = ev.mismatch("a text style (\(names)) or a size", v, e.range)
        }
      }
      if let (v, e) = value("size"), let s = fontSize(v, e) { env.size = s }
      if let (v, e) = value("weight"), let w = fontWeight(v, e) { env.explicitWeight = w }
      if let (v, e) = value("family") { family(v, e, &env) }
      if let (v, e) = value("italic") {
        if let k = ev.keyword(v, ["italic", "upright"], e.range) { env.italic = k == "italic" }
      }
    }
  }

  /// A family name (or a font file's path) in quotes.
  private func family(_ v: Value, _ e: Expr, _ env: inout TextEnvironment) {
    if case .string(let name) = v {
      env.family = name
      env.familyRange = e.range
    } else {
      _ = evaluator.mismatch("a family name in quotes, such as \"DejaVu Sans\"", v, e.range)
    }
  }

  /// A font size: a length from 1 to 10,000 points.
  private func fontSize(_ v: Value, _ e: Expr) -> Double? {
    guard let s = evaluator.length(v, axis: nil, e.range) else { return nil }
    guard s >= 0.01 && s <= 10_000 else {
      evaluator.report(.badLength("a font size of \(formatForMessage(s)) points; expected 0.01 to 10000"), e.range)
      return nil
    }
    return s
  }

  /// A weight by SwiftUI's name (`.bold`) or a number from 1 to 1000.
  private func fontWeight(_ v: Value, _ e: Expr) -> Int? {
    switch v {
    case .keyword(let k) where LayoutEngine.fontWeights[k] != nil:
      return LayoutEngine.fontWeights[k]
    case .color where { if case .name("black") = e.kind { return true } else { return false } }():
      return 900
    case .scalar(let x, 0) where x >= 1 && x <= 1000 && x == x.rounded():
      return Int(x)
    default:
      let names = LayoutEngine.fontWeights.sorted { $0.value < $1.value }.map { "'\($0.key)'" }
      _ = evaluator.mismatch("a weight (\(names.joined(separator: ", ")), or 1 to 1000)", v, e.range)
      return nil
    }
  }
}
