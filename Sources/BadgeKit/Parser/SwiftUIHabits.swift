// SwiftUI's spellings the parser meets: containers with a trailing block
// (`VStack { … }`, `GeometryReader { g in … }`, `Path { p in … }`),
// `ForEach(0..<n) { i in … }`, `Color.red`, and lists in brackets. Each is
// read as badgec's own construct, so that nothing after it cascades, and
// reported once with badgec's spelling and a fix-it.

extension Parser {
  /// `Name(args) { … }`: a SwiftUI container read as the stack or
  /// geometry it is here (one error, with a fix-it); `Path { … }` skipped
  /// whole (its Swift drawing calls are not badgec's); any other name's
  /// block is read as content and the call left for the name check.
  func swiftUIContainer(_ name: String, _ nameRange: SourceRange, _ args: [Argument]) throws(ParseError)
    -> Primary
  {
    let ours = SwiftUINames.views[name]?.badgec
    if name == "Path" {
      let start = peek.range
      try skipBlock()
      report(
        Diagnostic(
          .swiftUIName(name, badgec: "path", hint: "path { move (x, y) line (x, y) … } or path(\"M…\")"),
          at: nameRange, fixIts: [FixIt(nameRange, "path")]))
      return .path(PathBody(items: [], range: start.union(previous.range)))
    }
    skipsClosureParameters = true
    skippedClosureParameters = nil
    let body = try block(of: "'\(name)'")
    guard let ours, ["vstack", "hstack", "zstack", "geometry"].contains(ours) else {
      return .call(name: name, nameRange: nameRange, arguments: args)
    }
    // The fix-it also removes the closure's parameters (`g in`).
    let removals = skippedClosureParameters.map { [FixIt($0, "")] } ?? []
    report(
      Diagnostic(
        .swiftUIName(name, badgec: ours, hint: ours == "geometry" ? "its size is width and height inside" : nil),
        at: nameRange, fixIts: [FixIt(nameRange, ours)] + removals))
    switch ours {
    case "vstack": return .stack(StackView(axis: .v, keywordRange: nameRange, arguments: args, body: body))
    case "hstack": return .stack(StackView(axis: .h, keywordRange: nameRange, arguments: args, body: body))
    case "zstack": return .stack(StackView(axis: .z, keywordRange: nameRange, arguments: args, body: body))
    default: return .geometry(body)
    }
  }

  /// `ForEach(a..<b) { i in … }` read as `repeat b - a as i { … }`, with
  /// one error whose fix-it writes that.
  func forEachView(_ nameRange: SourceRange) throws(ParseError) -> Primary {
    var count: Expr?
    var countText = "N"
    if check(.leftParen) {
      advance()
      if let lower = try? expression() {
        if match(.halfOpenRange) || match(.closedRange) {
          let closed = previous.tag == .closedRange
          if let upper = try? expression() {
            let zero: Bool = {
              if case .number(0, .none) = lower.kind { return true } else { return false }
            }()
            var n = zero ? upper : Expr(.binary(.subtract, upper, lower), lower.range.union(upper.range))
            if closed { n = Expr(.binary(.add, n, Expr(.number(1, .none), n.range)), n.range) }
            count = n
            countText =
              zero && !closed
              ? source.text(upper.range.start..<upper.range.end)
              : source.text(lower.range.start..<upper.range.end)
          }
        }
      }
      // The rest of the parentheses, whatever they hold (`id: \.self`).
      var depth = 1
      while !isAtEnd && depth > 0 {
        if check(.leftParen) { depth += 1 }
        if check(.rightParen) { depth -= 1 }
        advance()
      }
    }
    var index: String?
    var headerEnd = previous.range
    if check(.leftBrace), let i = name(peek(1)), isIdentifier(peek(2), "in") {
      index = i
      headerEnd = peek(2).range
    } else if check(.leftBrace) {
      headerEnd = peek.range
    }
    let header = nameRange.union(headerEnd)
    let fix = "repeat \(countText)" + (index.map { " as \($0)" } ?? "") + " {"
    report(
      Diagnostic(
        .swiftUIName("ForEach", badgec: nil, hint: "write '\(fix) … }'"), at: nameRange,
        fixIts: check(.leftBrace) ? [FixIt(header, fix)] : []))
    skipsClosureParameters = true
    let body = try block(of: "'ForEach'")
    return .repeat(
      count: count ?? Expr(.number(1, .none), nameRange), index: index, indexRange: nil, body: body)
  }

  /// Skips a `{ … }` whole, braces balanced.
  func skipBlock() throws(ParseError) {
    try consume(.leftBrace, "'{'")
    var depth = 1
    while !isAtEnd && depth > 0 {
      if check(.leftBrace) { depth += 1 }
      if check(.rightBrace) { depth -= 1 }
      advance()
    }
  }

  /// At a block's start, after a SwiftUI container's `{`: skips a
  /// closure's parameters (`i in`, `geometry in`, `a, b in`).
  func skipClosureParameters() {
    guard skipsClosureParameters else { return }
    skipsClosureParameters = false
    var ahead = 0
    while true {
      switch peek(ahead).kind {
      case .identifier, .keyword: break
      default: return
      }
      if isIdentifier(peek(ahead + 1), "in") {
        let first = peek.range
        for _ in 0...(ahead + 1) { advance() }
        skippedClosureParameters = first.union(previous.range)
        return
      }
      guard peek(ahead + 1).tag == .comma else { return }
      ahead += 2
    }
  }

  /// `Color.red`, `Font.title`, `UnitPoint.top`: the member alone, with
  /// one error and a fix-it; `Font.system(size: 20)` the call alone.
  func swiftUITypeMember(_ e: Expr) throws(ParseError) -> Expr? {
    // A GeometryReader's `g.size.width`: `width` here.
    if case .name(let proxy) = e.kind, check(.dot), peek(1).kind == .keyword(.size), peek(2).tag == .dot,
      let side = name(peek(3)), side == "width" || side == "height"
    {
      for _ in 0..<4 { advance() }
      let written = e.range.union(previous.range)
      report(
        Diagnostic(
          .swiftUIName("\(proxy).size.\(side)", badgec: side, hint: nil), at: written, fixIts: [FixIt(written, side)]))
      return Expr(.name(side), written)
    }
    guard case .name(let type) = e.kind, SwiftUINames.typeNames.contains(type), check(.dot),
      let member = name(peek(1)), !peek(1).spaceBefore
    else { return nil }
    advance()
    let memberRange = advance().range
    var result = Expr(.name(member), e.range.union(memberRange))
    if check(.leftParen) && !peek.spaceBefore {
      let args = try arguments()
      result = Expr(.call(member, args), range(from: e.range))
    }
    let written = e.range.union(memberRange)
    report(
      Diagnostic(
        .swiftUIName("\(type).\(member)", badgec: member, hint: nil), at: written,
        fixIts: [FixIt(written, member)]))
    return result
  }

  /// `[a, b]`: a list, written `(a, b)` here; read as that, with one error
  /// whose fix-its change the brackets.
  func bracketList() throws(ParseError) -> Expr {
    let open = advance().range
    var items: [Expr] = []
    var tallest = 0
    if !check(.rightBracket) {
      repeat {
        items.append(try expression())
        tallest = max(tallest, height)
      } while match(.comma)
    }
    let close = try consume(.rightBracket, "']' to close the list").range
    let whole = open.union(close)
    report(
      Diagnostic(
        .swiftUIName("[…]", badgec: "(…)", hint: "a list is written in parentheses"), at: whole,
        fixIts: [FixIt(open, "("), FixIt(close, ")")]))
    try setHeight(tallest + 1, at: open)
    if items.count == 1 { return Expr(items[0].kind, whole) }
    return Expr(.tuple(items), whole)
  }

  /// badgec's path command for SwiftUI's `Path` method `method`, if it
  /// is one.
  static func pathCommand(forSwift method: String) -> String? {
    switch method {
    case "move": return "move"
    case "addLine": return "line"
    case "addQuadCurve": return "quad"
    case "addCurve": return "cubic"
    case "closeSubpath": return "close"
    case "addLines": return "lines"
    case "addArc": return "arc"
    default: return nil
    }
  }

  /// SwiftUI's `Path` calls in a path body, `path.move(to: CGPoint(x: 0,
  /// y: 0))`, `path.addLine(to:)`, `path.addQuadCurve(to:, control:)`,
  /// `path.addCurve(to:, control1:, control2:)`, `path.closeSubpath()`:
  /// read as badgec's command (points as pairs), with one error whose
  /// fix-it writes it (`move (0, 0)`). Nil when the item is not one.
  func swiftPathCall() throws(ParseError) -> PathCommand? {
    switch peek.tag {
    case .identifier, .keyword: break  // `path` is a keyword here
    default: return nil
    }
    guard peek(1).tag == .dot, let method = name(peek(2)), let ours = Parser.pathCommand(forSwift: method) else {
      return nil
    }
    let receiver: String
    if case .keyword(let k) = peek.kind { receiver = k.rawValue } else { receiver = stream.name(peek) }
    let start = advance().range
    advance()
    let methodRange = advance().range
    var args: [Argument] = []
    if check(.leftParen) { args = try arguments() }
    let written = start.union(previous.range)
    // CGPoint(x: a, y: b) is the pair (a, b); `to:` and `center:` are the
    // point itself; `.degrees(45)` is `45deg`; the rest is as written.
    var texts: [String] = []
    var converted: [Argument] = []
    for a in args {
      var value = a.value
      var text = source.text(a.value.range.start..<a.value.range.end)
      if case .call("CGPoint", let xy) = a.value.kind, xy.count == 2 {
        value = Expr(.tuple([xy[0].value, xy[1].value]), a.value.range)
        let x = source.text(xy[0].value.range.start..<xy[0].value.range.end)
        let y = source.text(xy[1].value.range.start..<xy[1].value.range.end)
        text = "(\(x), \(y))"
      } else if let angle = Parser.angleValue(a.value) {
        value = Expr(.number(angle.value, angle.unit), a.value.range)
        text = Resolver.angleFixIt(a.value)!.replacement
      }
      let label = a.label == "to" || a.label == "center" && converted.isEmpty ? nil : a.label
      converted.append(Argument(label: label, labelRange: a.labelRange, value: value))
      texts.append(label.map { "\($0): \(text)" } ?? text)
    }
    let fix = ours == "close" ? "close" : !args.isEmpty ? "\(ours) " + texts.joined(separator: ", ") : nil
    report(
      Diagnostic(
        .swiftUIName("\(receiver).\(method)", badgec: ours, hint: nil), at: start.union(methodRange),
        fixIts: fix.map { [FixIt(written, $0)] } ?? []))
    return PathCommand(name: ours, nameRange: methodRange, arguments: converted, range: written)
  }

  /// The angle of SwiftUI's `.degrees(45)` or `.radians(0.5)` of a number
  /// written out (negative too), with its unit.
  static func angleValue(_ e: Expr) -> (value: Double, unit: NumberUnit)? {
    guard case .call(let f, let args) = e.kind, f == "degrees" || f == "radians" || f == "Angle", args.count == 1
    else { return nil }
    let unit: NumberUnit = f == "radians" || args[0].label == "radians" ? .rad : .deg
    switch args[0].value.kind {
    case .number(let x, .none): return (x, unit)
    case .negate(let inner):
      guard case .number(let x, .none) = inner.kind else { return nil }
      return (-x, unit)
    default: return nil
    }
  }
}
