// `path("…", viewBox:)`: SVG path data as a shape. The data's coordinates
// are points of the frame, or, with a `viewBox: (x, y, width, height)`, of
// that box fitted into the frame as SVG's `xMidYMid meet` does (scaled
// uniformly to fit, centred). A malformed string is an error at the
// character where it goes wrong.

extension LayoutEngine {
  /// The path of `path(data, viewBox:)` in a frame of `size`, or nil after
  /// an error.
  func pathFromData(_ args: [Argument], in size: Size, _ scope: Scope, at range: SourceRange) -> ScenePath? {
    let ev = evaluator
    let bound = ev.bind(args, to: ["data", "viewBox"], required: ["data"], callee: "path", at: range)
    guard bound.ok, let dataArg = bound["data"], let elements = ev.pathData(dataArg.value, scope) else { return nil }
    var fit = Transform.identity
    if let box = bound["viewBox"] {
      let v = ev.eval(box.value, scope)
      guard case .tuple(let items) = v, items.count == 4 else {
        _ = ev.mismatch("a view box (x, y, width, height)", v, box.value.range)
        return nil
      }
      var n: [Double] = []
      for item in items {
        guard let x = ev.length(item, axis: nil, box.value.range) else { return nil }
        n.append(x)
      }
      guard n[2] > 0, n[3] > 0 else {
        _ = ev.mismatch("a view box of positive width and height", v, box.value.range)
        return nil
      }
      let s = min(size.width / n[2], size.height / n[3])
      fit = .translation((size.width - n[2] * s) / 2 - n[0] * s, (size.height - n[3] * s) / 2 - n[1] * s) * .scale(s, s)
    }
    return ScenePath(elements.map { LayoutEngine.mapped($0, fit) })
  }

  /// `e` with its points mapped by `t`.
  static func mapped(_ e: PathElement, _ t: Transform) -> PathElement {
    switch e {
    case .move(let p): return .move(t.apply(p))
    case .line(let p): return .line(t.apply(p))
    case .quad(let c, let p): return .quad(control: t.apply(c), to: t.apply(p))
    case .cubic(let c1, let c2, let p): return .cubic(c1: t.apply(c1), c2: t.apply(c2), to: t.apply(p))
    case .close: return .close
    }
  }
}

extension Evaluator {
  /// The elements of the SVG path data `expr` evaluates to (in the data's
  /// coordinates), or nil after reporting what is wrong: not a string, or
  /// malformed at a character (located inside the literal).
  func pathData(_ expr: Expr, _ scope: Scope) -> [PathElement]? {
    let value = eval(expr, scope)
    guard case .string(let text) = value else {
      _ = mismatch("SVG path data in a string, such as \"M0 0 L10 10\"", value, expr.range)
      return nil
    }
    let (elements, failure) = PathData.parse(text)
    if let failure {
      report(PathData.message(failure, text), PathData.range(of: failure.offset, in: text, literal: expr))
      return nil
    }
    return elements
  }
}

extension PathData {
  /// The diagnostic for `failure` in `text`.
  static func message(_ failure: Failure, _ text: String) -> Message {
    failure.tooMany
      ? .tooManySegments(LayoutEngine.maximumSegments)
      : .badPathData(expected: failure.expected, found: shown(text, at: failure.offset))
  }

  /// What a message shows at `offset` of `text`: the character there, or
  /// the end of the data.
  static func shown(_ text: String, at offset: Int) -> String {
    let bytes = Array(text.utf8)
    guard offset < bytes.count else { return "the end of the path data" }
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
  }

  /// The source range of byte `offset` of the string `text` written as the
  /// literal `expr`: the exact character when the literal holds no escapes
  /// (its bytes are the string's), else the whole literal.
  static func range(of offset: Int, in text: String, literal expr: Expr) -> SourceRange {
    let r = expr.range
    guard case .string = expr.kind, r.end - r.start == text.utf8.count + 2 else { return r }
    let bytes = Array(text.utf8)
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let start = r.start + 1 + min(offset, bytes.count)
    return SourceRange(file: r.file, start: start, end: offset < bytes.count ? r.start + 1 + end : start + 1)
  }
}
