// SwiftUI's gradient types as the parser meets them:
// `LinearGradient(gradient: Gradient(colors: [.red, .blue]), startPoint:
// .top, endPoint: .bottom)`, `RadialGradient(colors:, center:,
// startRadius:, endRadius:)`, `AngularGradient(stops: [.init(color:,
// location:)], center:, startAngle: .degrees(0), …)`. Takes the call's
// arguments as parsed; hands on badgec's gradient call (`linear(red,
// blue, start: top, end: bottom)`) and one error whose fix-it writes the
// whole of it, in place of an error for each habit inside.

extension Parser {
  /// SwiftUI's gradient type `name` called with `args` (parsed since the
  /// parser's diagnostics numbered `mark`), read as badgec's gradient
  /// with one error and a fix-it for the whole call. Nil, leaving the call
  /// for the name check, when an argument is not one SwiftUI's initialisers
  /// take or something inside is another kind of mistake.
  func swiftUIGradient(_ name: String, _ args: [Argument], at call: SourceRange, since mark: Int) -> Expr? {
    let ours: String
    switch name {
    case "LinearGradient": ours = "linear"
    case "RadialGradient": ours = "radial"
    case "EllipticalGradient": ours = "elliptical"
    case "AngularGradient": ours = "angular"
    default: return nil
    }
    // Only SwiftUI's spellings inside, each with its fix-it, within the call.
    let inner = diagnostics.count >= mark ? Array(diagnostics[mark...]) : []
    for d in inner {
      guard case .swiftUIName = d.message, !d.fixIts.isEmpty,
        d.fixIts.allSatisfy({ $0.range.start >= call.start && $0.range.end <= call.end })
      else { return nil }
    }
    let fixes = inner.flatMap(\.fixIts)
    func text(_ e: Expr) -> String { fixedText(e.range, fixes) }

    var items: [Argument] = []
    var itemTexts: [String] = []
    var labelled: [Argument] = []
    var labelledTexts: [String] = []
    /// The colours or stops of `[…]` (a tuple once parsed, or one item).
    func addItems(_ list: Expr, stops: Bool) -> Bool {
      let values: [Expr]
      // One item in brackets is that item, its range the brackets'.
      let bracketed = !source.text(list.range.start..<list.range.start + 1).hasPrefix("(")
      if case .tuple(let xs) = list.kind { values = xs } else { values = [list] }
      for v in values {
        if stops {
          // `.init(color: c, location: l)` or `Gradient.Stop(color:, location:)`.
          let parts: [Argument]
          switch v.kind {
          case .call("init", let p), .call("Stop", let p): parts = p
          case .member(let type, "Stop", _, let p) where type.kind == .name("Gradient"): parts = p
          default: return false
          }
          guard parts.count == 2, parts[0].label == "color", parts[1].label == "location" else { return false }
          let stop = Expr(
            .call(
              "stop",
              [
                Argument(label: nil, labelRange: parts[0].value.range, value: parts[0].value),
                Argument(label: nil, labelRange: parts[1].value.range, value: parts[1].value),
              ]), v.range)
          items.append(Argument(label: nil, labelRange: v.range, value: stop))
          itemTexts.append("stop(\(text(parts[0].value)), \(text(parts[1].value)))")
        } else {
          items.append(Argument(label: nil, labelRange: v.range, value: v))
          var written = text(v)
          if values.count == 1 && bracketed && written.hasPrefix("(") && written.hasSuffix(")") {
            written = String(written.dropFirst().dropLast())
          }
          itemTexts.append(written)
        }
      }
      return true
    }
    let renamed = ["startPoint": "start", "endPoint": "end"]
    let kept: Set<String> =
      switch ours {
      case "linear": ["start", "end"]
      case "radial": ["center", "startRadius", "endRadius"]
      case "elliptical": ["center", "startRadiusFraction", "endRadiusFraction"]
      default: ["center", "startAngle", "endAngle", "angle"]
      }
    for a in args {
      switch a.label {
      case "colors", "stops":
        guard addItems(a.value, stops: a.label == "stops") else { return nil }
      case "gradient":
        guard case .call("Gradient", let g) = a.value.kind, g.count == 1, let inside = g[0].label,
          inside == "colors" || inside == "stops", addItems(g[0].value, stops: inside == "stops")
        else { return nil }
      case let label?:
        let ourLabel = renamed[label] ?? label
        guard kept.contains(ourLabel) else { return nil }
        var value = a.value
        var written = text(a.value)
        if let angle = Parser.angleValue(a.value) {
          value = Expr(.number(angle.value, angle.unit), a.value.range)
          written = Resolver.angleFixIt(a.value)!.replacement
        } else if case .call("UnitPoint", let xy) = a.value.kind, let fix = Resolver.unitPointFixIt(a.value) {
          value = Expr(.tuple([xy[0].value, xy[1].value]), a.value.range)
          written = fix.replacement
        }
        labelled.append(Argument(label: ourLabel, labelRange: a.labelRange, value: value))
        labelledTexts.append("\(ourLabel): \(written)")
      case nil:
        return nil
      }
    }
    guard !items.isEmpty else { return nil }
    diagnostics.removeSubrange(mark...)
    let nameRange = SourceRange(file: call.file, start: call.start, end: call.start + name.utf8.count)
    let whole = "\(ours)(" + (itemTexts + labelledTexts).joined(separator: ", ") + ")"
    report(
      Diagnostic(
        .swiftUIName(name, badgec: ours, hint: SwiftUINames.calls[name]?.hint), at: nameRange,
        fixIts: [FixIt(call, whole)]))
    return Expr(.call(ours, items + labelled), call)
  }

  /// The source text of `range` with the fix-its inside it applied (in
  /// order; one overlapping an earlier one is left out).
  func fixedText(_ range: SourceRange, _ fixIts: [FixIt]) -> String {
    var out = ""
    var at = range.start
    for f in fixIts.sorted(by: { $0.range.start < $1.range.start })
    where f.range.start >= at && f.range.end <= range.end {
      out += source.text(at..<f.range.start) + f.replacement
      at = f.range.end
    }
    return out + source.text(at..<range.end)
  }
}
