// `badgec explain`: the layout record (LayoutRecord.swift) as text for a
// person, indented like the source, or as JSON for tools. Lengths are
// points; "at (x, y)" is where a frame's top-left corner sits in its
// parent's frame (the frame its parent's content took); "frame" is on the
// canvas.

extension LayoutRecord {
  /// The tree as text: a header line per element (its label and where it
  /// is written), then what it was proposed and chose, where it sits, its
  /// modifiers and, when they move, resize or turn it, its content frame.
  public func explained() -> String {
    var out = ""
    func walk(_ i: Int, _ depth: Int) {
      let n = nodes[i]
      let pad = String(repeating: "  ", count: depth)
      out += pad + n.label + "  " + n.location + "\n"
      let more = pad + "    "
      var line = "proposed " + Explain.proposal(n.proposedWidth, n.proposedHeight) + " → " + Explain.size(n.size)
      if let p = n.parent {
        line += ", " + Explain.placement(nodes[p].contentTransform, n.transform)
        if nodes[p].kind != .badge { line += " in " + nodes[p].label }
      }
      out += more + line + "\n"
      out += more + "frame " + Explain.frame(n.size, n.transform) + " on the canvas\n"
      if !n.modifiers.isEmpty { out += more + "modifiers " + n.modifiers.joined(separator: " ") + "\n" }
      if n.contentSize != n.size || n.contentTransform != n.transform
        || n.contentProposedWidth != n.proposedWidth || n.contentProposedHeight != n.proposedHeight
      {
        out +=
          more + "content proposed " + Explain.proposal(n.contentProposedWidth, n.contentProposedHeight) + " → "
          + Explain.size(n.contentSize) + ", " + Explain.placement(n.transform, n.contentTransform) + "\n"
      }
      if n.role != .content { out += more + "drawn as the " + Explain.role(n.role) + "\n" }
      if n.lines.count > 1 || n.lines.first.map({ $0.hasSuffix("…") || $0.hasPrefix("…") || $0.contains("…") }) == true
      {
        out += more + "lines " + n.lines.map { "\"\(printable($0))\"" }.joined(separator: " ") + "\n"
      }
      for c in n.children { walk(c, depth + 1) }
    }
    if !nodes.isEmpty { walk(0, 0) }
    return out
  }

  /// The tree as one JSON object: `{"nodes": [...]}`, each node with its
  /// `id`, `parent` (null for the badge) and `children` (ids), `kind`,
  /// `label`, `file`, `line`, `column`, `role`, `components` (the chain it
  /// is inside, outermost first), `proposed` (`width`/`height`, null when
  /// unspecified), `size`, `frame` (its bounds on the canvas), `transform`
  /// (`[a, b, c, d, tx, ty]`, frame → canvas), `modifiers`, `content` (the
  /// same for the view inside its modifiers) and `anchor` (a unit point,
  /// or null).
  public func json() -> String {
    var out = "{\"nodes\":["
    for (i, n) in nodes.enumerated() {
      if i > 0 { out += "," }
      out += "\n{\"id\":\(i),\"parent\":\(n.parent.map(String.init) ?? "null")"
      out += ",\"children\":[" + n.children.map(String.init).joined(separator: ",") + "]"
      out += ",\"kind\":\"\(n.kind.rawValue)\",\"label\":" + DiagnosticJSON.string(n.label)
      out += ",\"file\":" + DiagnosticJSON.string(n.file) + ",\"line\":\(n.line),\"column\":\(n.column)"
      out += ",\"role\":\"\(n.role.rawValue)\""
      out += ",\"components\":[" + componentChain(of: i).map(DiagnosticJSON.string).joined(separator: ",") + "]"
      out += ",\"proposed\":" + Explain.jsonProposal(n.proposedWidth, n.proposedHeight)
      out += ",\"size\":" + Explain.jsonSize(n.size)
      out += ",\"frame\":" + Explain.jsonFrame(n.size, n.transform)
      out += ",\"transform\":" + Explain.jsonTransform(n.transform)
      out += ",\"modifiers\":[" + n.modifiers.map(DiagnosticJSON.string).joined(separator: ",") + "]"
      out += ",\"content\":{\"proposed\":" + Explain.jsonProposal(n.contentProposedWidth, n.contentProposedHeight)
      out +=
        ",\"size\":" + Explain.jsonSize(n.contentSize) + ",\"frame\":"
        + Explain.jsonFrame(n.contentSize, n.contentTransform)
      out += ",\"transform\":" + Explain.jsonTransform(n.contentTransform) + "}"
      out += ",\"anchor\":" + (n.anchor.map { "[\(Explain.number($0.x)),\(Explain.number($0.y))]" } ?? "null")
      out += ",\"lines\":[" + n.lines.map(DiagnosticJSON.string).joined(separator: ",") + "]}"
    }
    return out + "\n]}\n"
  }
}

/// How explain writes numbers, sizes, frames and placements.
public enum Explain {
  /// At most three decimals, no trailing zeros, `-` for negatives.
  public static func number(_ x: Double) -> String {
    if x == .infinity { return "infinity" }
    if x == -.infinity { return "-infinity" }
    return SVGText.number(x)
  }

  /// `W × H`.
  public static func size(_ s: Size) -> String { number(s.width) + " × " + number(s.height) }

  /// A proposal; an unspecified side is `nil`, as SwiftUI writes it.
  static func proposal(_ w: Double?, _ h: Double?) -> String {
    (w.map(number) ?? "nil") + " × " + (h.map(number) ?? "nil")
  }

  /// The bounds of a frame of `size` drawn through `t`: `(x, y) w × h`,
  /// exact when `t` keeps it upright.
  static func frame(_ size: Size, _ t: Transform) -> String {
    let b = bounds(size, t)
    let turned = abs(t.b) > 1e-12 || abs(t.c) > 1e-12
    return "(\(number(b.x)), \(number(b.y))) " + number(b.width) + " × " + number(b.height)
      + (turned ? " (bounds of a turned frame)" : "")
  }

  /// Where a frame drawn through `child` sits in the frame drawn through
  /// `parent`: `at (x, y)`, with its turn and scale when it has them.
  static func placement(_ parent: Transform, _ child: Transform) -> String {
    guard let inverse = parent.inverted else { return "in a flattened frame" }
    let r = inverse * child
    var out = "at (\(number(r.tx)), \(number(r.ty)))"
    if let s = r.similarityScale {
      let angle = r.rotationDegrees
      if abs(angle) > 1e-9 { out += ", turned \(number(angle))°" }
      if abs(s - 1) > 1e-12 { out += ", scaled \(number(s))" }
    } else {
      out += ", transform [\(number(r.a)) \(number(r.b)) \(number(r.c)) \(number(r.d))]"
    }
    return out
  }

  static func role(_ r: LayoutNode.Role) -> String {
    switch r {
    case .content: return "content"
    case .clipShape: return "clip shape"
    case .mask: return "mask"
    case .overlay: return "overlay"
    case .background: return "background"
    }
  }

  /// The canvas box covering the frame's four corners.
  static func bounds(_ size: Size, _ t: Transform) -> (x: Double, y: Double, width: Double, height: Double) {
    let corners = [
      t.apply(Point(0, 0)), t.apply(Point(size.width, 0)), t.apply(Point(0, size.height)),
      t.apply(Point(size.width, size.height)),
    ]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let (x0, y0) = (xs.min()!, ys.min()!)
    return (x0, y0, xs.max()! - x0, ys.max()! - y0)
  }

  static func jsonNumber(_ x: Double) -> String { x.isFinite ? number(x) : "null" }

  static func jsonProposal(_ w: Double?, _ h: Double?) -> String {
    "{\"width\":\(w.map(jsonNumber) ?? "null"),\"height\":\(h.map(jsonNumber) ?? "null")}"
  }

  static func jsonSize(_ s: Size) -> String {
    "{\"width\":\(jsonNumber(s.width)),\"height\":\(jsonNumber(s.height))}"
  }

  static func jsonFrame(_ size: Size, _ t: Transform) -> String {
    let b = bounds(size, t)
    return
      "{\"x\":\(jsonNumber(b.x)),\"y\":\(jsonNumber(b.y)),\"width\":\(jsonNumber(b.width)),\"height\":\(jsonNumber(b.height))}"
  }

  /// Six decimals: a transform's parts are small numbers whose last digits
  /// matter once multiplied.
  static func jsonTransform(_ t: Transform) -> String {
    "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map { sixDecimals($0) }.joined(separator: ",") + "]"
  }

  /// `x` with at most six decimals, no trailing zeros (null when not finite).
  static func sixDecimals(_ x: Double) -> String {
    guard x.isFinite, abs(x) < 1e12 else { return "null" }
    return Formatting.fixed(x, decimals: 6, trimmed: true, grouping: false)
  }

}
