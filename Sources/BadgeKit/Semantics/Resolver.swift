// The name check: the syntax tree in, diagnostics out. Before any value is
// computed, every name, function, component, shape, modifier, path command
// and argument label in the whole file is checked, including components
// that the badge never uses, with a suggestion for near misses.

/// Walks the tree with the set of names visible at each point.
struct Resolver {
  private let file: BadgeFile
  private var diagnostics = DiagnosticBag()
  /// The parameters of each component, by name (the first declaration wins).
  private let componentParameters: [String: [String]]

  init(file: BadgeFile) {
    self.file = file
    var table: [String: [String]] = [:]
    for c in file.components where table[c.name] == nil { table[c.name] = c.parameters.map(\.name) }
    self.componentParameters = table
  }

  /// Every problem with names in `file`.
  static func check(_ file: BadgeFile) -> [Diagnostic] {
    var r = Resolver(file: file)
    r.run()
    return r.diagnostics.all
  }

  /// Problems with names in a `-D` value, which may use the built-in names
  /// and the file's top-level lets.
  static func check(_ value: Expr, in file: BadgeFile) -> [Diagnostic] {
    var r = Resolver(file: file)
    r.expression(value, Resolver.builtinNames.union(file.lets.map(\.name)))
    return r.diagnostics.all
  }

  static let builtinNames = Set(Builtins.colors.keys).union(Builtins.anchors.keys).union(Builtins.keywords)
    .union(["pi"])

  private mutating func run() {
    var globals = Resolver.builtinNames
    for decl in file.lets {
      expression(decl.value, globals)
      globals.insert(decl.name)
    }
    for c in file.components {
      var names = globals.union(["width", "height"])
      var seen: Set<String> = []
      for p in c.parameters {
        if !seen.insert(p.name).inserted { report(.duplicateName(p.name), p.range) }
        if let d = p.defaultValue { expression(d, globals) }
        names.insert(p.name)
      }
      block(c.body, names)
    }
    if let badge = file.badge {
      for e in badge.size { expression(e, globals) }
      block(badge.body, globals.union(["width", "height"]))
    }
  }

  private mutating func block(_ b: Block, _ names: Set<String>) {
    var names = names
    for item in b.items {
      switch item {
      case .let(let decl): declare(decl, in: &names)
      case .element(let e):
        element(e, names)
      }
    }
  }

  private mutating func element(_ e: Element, _ names: Set<String>) {
    var inner = names
    switch e.primary {
    case .path(let body): pathBody(body, names)
    case .zstack(let b), .geometry(let b): block(b, names)
    case .repeat(let count, let index, _, let body):
      expression(count, names)
      inner.insert(index ?? "index")
      block(body, inner)
    case .call(let name, let range, let args):
      let labels: [String]?
      if let parameters = componentParameters[name] {
        labels = parameters
      } else if let shape = BuiltinShape(rawValue: name) {
        labels = shape == .roundedRect ? ["radius"] : []
      } else {
        let candidates = Array(componentParameters.keys) + ["rect", "roundedRect", "circle", "ellipse", "capsule"]
        report(.unknownComponent(name, suggestion: Resolver.suggest(name, candidates)), range)
        labels = nil  // unknown callee: its labels are not checked
      }
      arguments(args, labels: labels, callee: name, names)
    }
    for m in e.modifiers {
      guard let labels = LayoutEngine.modifierParameters[m.name] else {
        let candidates = Array(LayoutEngine.modifierParameters.keys).sorted()
        report(.unknownModifier(m.name, suggestion: Resolver.suggest(m.name, candidates)), m.nameRange)
        for a in m.arguments { expression(a.value, inner) }
        continue
      }
      arguments(m.arguments, labels: labels, callee: m.name, inner)
    }
  }

  private mutating func pathBody(_ body: PathBody, _ names: Set<String>) {
    var names = names
    for item in body.items {
      switch item {
      case .let(let decl): declare(decl, in: &names)
      case .within(let rect, let inner, _):
        for e in rect { expression(e, names) }
        pathBody(inner, names)
      case .command(let c):
        if c.name == "lines" {
          for a in c.arguments { expression(a.value, names) }
        } else {
          arguments(c.arguments, labels: PathBuilder.parameters[c.name] ?? [], callee: c.name, names)
        }
      }
    }
  }

  /// A `let` in a block or a path: its value sees the names before it;
  /// the names after it see it.
  private mutating func declare(_ decl: LetDecl, in names: inout Set<String>) {
    expression(decl.value, names)
    names.insert(decl.name)
  }

  /// Checks labels (unless `labels` is nil) and the values.
  private mutating func arguments(_ args: [Argument], labels: [String]?, callee: String, _ names: Set<String>) {
    for a in args {
      if let labels, let label = a.label, !labels.contains(label) {
        report(.unknownArgumentLabel(label, of: callee, suggestion: Resolver.suggest(label, labels)), a.labelRange)
      }
      expression(a.value, names)
    }
  }

  private mutating func expression(_ e: Expr, _ names: Set<String>) {
    switch e.kind {
    case .name(let n):
      if !names.contains(n) { report(.unknownName(n, suggestion: Resolver.suggest(n, Array(names))), e.range) }
    case .call(let n, let args):
      if !Builtins.functions.contains(n) {
        report(.unknownFunction(n, suggestion: Resolver.suggest(n, Array(Builtins.functions))), e.range)
      }
      let labels = n == "linear" ? ["start", "end"] : []
      arguments(args, labels: labels, callee: n, names)
    case .tuple(let items): for i in items { expression(i, names) }
    case .negate(let x): expression(x, names)
    case .binary(_, let l, let r):
      expression(l, names)
      expression(r, names)
    case .number, .string, .color, .invalid: break
    }
  }

  private mutating func report(_ m: Message, _ range: SourceRange) { diagnostics.report(m, at: range) }

  /// The candidate closest to `name` by edit distance, if close enough to
  /// be a likely typo (at most a third of the name's length, and 2; never
  /// for names shorter than three characters).
  static func suggest(_ name: String, _ candidates: [String]) -> String? {
    let limit = min(2, name.count / 3)
    if limit == 0 { return nil }
    var best: (String, Int)?
    for c in candidates.sorted() {
      let d = editDistance(Array(name.lowercased().utf8), Array(c.lowercased().utf8))
      if d <= limit && (best == nil || d < best!.1) { best = (c, d) }
    }
    return best?.0
  }

  /// Levenshtein distance, with a swap of neighbours counting as one.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
