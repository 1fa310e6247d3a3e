// Warnings from evaluation and layout: a value as written that badgec
// settles otherwise (clamped into its range), or that draws nothing. A
// warning never stops the compilation; each place warns once (a component
// drawn again, or a repeat's copies, warn the first time), and never while
// a stack is only measuring its children.

extension Evaluator {
  /// Reports `message` as a warning at `range`, with `notes` (by default
  /// the components being drawn), unless a warning was reported there
  /// already.
  func warn(_ message: Message, _ range: SourceRange, notes: [Note]? = nil) {
    guard muted == 0, warned.insert(range).inserted else { return }
    diagnostics.append(Diagnostic(message, at: range, severity: .warning, notes: notes ?? componentNotes()))
  }

  /// `x` clamped into `lo ... hi`, with a warning at `range` when it was
  /// outside: "`what` 150% is outside 0% to 100%; clamped to 100%".
  /// `percent`: show the numbers as percentages (the value was written as
  /// one).
  func clamped(
    _ x: Double, _ lo: Double, _ hi: Double, _ what: String, percent: Bool = false, _ range: SourceRange
  ) -> Double {
    if x >= lo && x <= hi { return x }
    let to = x < lo ? lo : hi
    let shown = { (v: Double) in Warnings.number(v, percent: percent) }
    warn(.clamped(what, found: shown(x), range: "\(shown(lo)) to \(shown(hi))", to: shown(to)), range)
    return to
  }

  /// `x`, or 0 with a warning at `range` when it is negative.
  func notNegative(_ x: Double, _ what: String, _ range: SourceRange) -> Double {
    if x >= 0 { return x }
    warn(.negativeClamped(what, found: Warnings.number(x, percent: false)), range)
    return 0
  }

  /// A repeat's count, with a warning at `range` when it is 0 (the
  /// repeat draws nothing).
  func noteEmptyRepeat(_ count: Int, _ range: SourceRange) {
    if count == 0 { warn(.emptyRepeat, range) }
  }
}

/// How warnings show the numbers they quote.
enum Warnings {
  /// `x` as a message shows it: at most six decimals, an integer without a
  /// decimal point; with `percent`, multiplied by 100 and followed by `%`.
  static func number(_ x: Double, percent: Bool) -> String {
    let v = percent ? x * 100 : x
    guard v.isFinite, abs(v) < 1e9 else { return formatForMessage(v) + (percent ? "%" : "") }
    let rounded = (v * 1e6).rounded() / 1e6
    return formatForMessage(rounded == 0 ? 0 : rounded) + (percent ? "%" : "")
  }

  /// Whether `v` was written as a percentage (`150%`).
  static func isPercent(_ v: Value) -> Bool {
    if case .fraction = v { return true }
    return false
  }
}
