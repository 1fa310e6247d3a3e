// Unused declarations: the checked syntax tree in, warnings out. A
// top-level `let` or component of the input file is used when the badge
// uses it, directly or through the lets and components it uses (a `-D`
// value counts as used too; overriding a let with `-D` is not a use). One
// used by nothing, or only by other unused ones, is a warning at its name.
// Imported files' declarations never warn: they are what those files
// offer. A library file compiled on its own (for its preview) is an input
// like any other, so its preview should show what it offers.

/// Finds the input file's top-level lets and components that the badge
/// never reaches.
struct Usage {
  /// Each top-level let and component of the compilation, by name.
  private let lets: [String: LetDecl]
  private let components: [String: ComponentDecl]
  /// What has been reached so far.
  private var usedLets: Set<String> = []
  private var usedComponents: Set<String> = []
  /// Lets in blocks and paths named as a built-in value is.
  private var hiding: [LetDecl] = []
  /// Reached declarations not yet walked.
  private var pendingLets: [LetDecl] = []
  private var pendingComponents: [ComponentDecl] = []
  /// Local names visible at the current point of the walk (parameters,
  /// lets of blocks, repeat indices), each with how many bindings it has:
  /// a local hides the top-level name.
  private var locals: [String: Int] = [:]
  /// Local names declared, in order, undone when a scope ends.
  private var log: [String] = []

  private init(_ file: BadgeFile) {
    var lets: [String: LetDecl] = [:]
    for decl in file.lets where lets[decl.name] == nil { lets[decl.name] = decl }
    var components: [String: ComponentDecl] = [:]
    for c in file.components where components[c.name] == nil { components[c.name] = c }
    self.lets = lets
    self.components = components
  }

  /// Warnings for the top-level lets and components of file `input` in
  /// `file` that its badge and the `-D` values `overrides` never reach.
  static func warnings(_ file: BadgeFile, input: Int, overrides: [Expr]) -> [Diagnostic] {
    var usage = Usage(file)
    if let badge = file.badge {
      for e in badge.size { usage.expression(e) }
      usage.scope(["width", "height"]) { $0.block(badge.body) }
    }
    for e in overrides { usage.expression(e) }
    usage.drain()
    var warnings: [Diagnostic] = []
    for decl in file.lets where decl.nameRange.file == input && !usage.usedLets.contains(decl.name) {
      warnings.append(Diagnostic(.unusedLet(decl.name), at: decl.nameRange, severity: .warning))
    }
    for c in file.components where c.nameRange.file == input && !usage.usedComponents.contains(c.name) {
      warnings.append(Diagnostic(.unusedComponent(c.name), at: c.nameRange, severity: .warning))
    }
    // A let named as a built-in value hides it from the code after it.
    var seen: Set<SourceRange> = []
    // (Top-level lets first, then those of blocks: asking of each let
    // whether it is top-level by searching the file's lets was quadratic.)
    let declared = file.lets.map { ($0, false) } + usage.hiding.map { ($0, true) }
    for (decl, inBlock) in declared where decl.nameRange.file == input && seen.insert(decl.nameRange).inserted {
      if let what = Usage.builtinKind(decl.name, block: inBlock) {
        warnings.append(Diagnostic(.letHidesBuiltin(decl.name, what), at: decl.nameRange, severity: .warning))
      }
    }
    return warnings
  }

  /// What built-in value `name` is, if it is one a let can hide: a colour,
  /// a unit point, a constant, or (in a block or path) the proposed width
  /// or height. Options such as `middle` or `title` are left alone: they
  /// are meant after a dot (`.middle`).
  static func builtinKind(_ name: String, block: Bool) -> String? {
    if Builtins.colors[name] != nil { return "the colour '\(name)'" }
    if Builtins.anchors[name] != nil { return "the unit point '\(name)'" }
    if ["pi", "infinity", "true", "false", "colorScheme"].contains(name) { return "the constant '\(name)'" }
    if block && (name == "width" || name == "height") {
      return "the proposed \(name), which modifiers and elements below still see"
    }
    return nil
  }

  private mutating func noteHiding(_ decl: LetDecl) {
    if Usage.builtinKind(decl.name, block: true) != nil { hiding.append(decl) }
  }

  /// Walks every declaration reached, until none is left.
  private mutating func drain() {
    while true {
      if let decl = pendingLets.popLast() {
        expression(decl.value)
      } else if let c = pendingComponents.popLast() {
        // Defaults are evaluated at the top level; the body sees the
        // parameters and the component's size.
        for p in c.parameters { if let d = p.defaultValue { expression(d) } }
        scope(c.parameters.map(\.name) + ["width", "height"]) { $0.block(c.body) }
      } else {
        return
      }
    }
  }

  /// `body` with `names` declared, and then forgotten.
  private mutating func scope(_ names: [String] = [], _ body: (inout Usage) -> Void) {
    let mark = log.count
    for n in names { declare(n) }
    body(&self)
    while log.count > mark {
      let n = log.removeLast()
      locals[n]! -= 1
    }
  }

  private mutating func declare(_ name: String) {
    locals[name, default: 0] += 1
    log.append(name)
  }

  private mutating func useName(_ name: String) {
    guard locals[name, default: 0] == 0, let decl = lets[name], usedLets.insert(name).inserted else { return }
    pendingLets.append(decl)
  }

  private mutating func useComponent(_ name: String) {
    guard let c = components[name], usedComponents.insert(name).inserted else { return }
    pendingComponents.append(c)
  }

  private mutating func block(_ b: Block) {
    scope { u in
      for item in b.items {
        switch item {
        case .let(let decl):
          u.expression(decl.value)
          u.declare(decl.name)
          u.noteHiding(decl)
        case .element(let e):
          u.element(e)
        case .conditional(let c):
          u.expression(c.condition)
          u.block(c.then)
          if let other = c.otherwise { u.block(other) }
        }
      }
    }
  }

  private mutating func element(_ e: Element) {
    scope { u in
      switch e.primary {
      case .path(let body): u.pathBody(body)
      case .pathData(let args, _): u.arguments(args)
      case .stack(let stack):
        u.arguments(stack.arguments)
        u.block(stack.body)
      case .geometry(let b): u.block(b)
      case .repeat(let count, let index, _, let body, let item):
        u.expression(count)
        // The index is visible in the body and in the repeat's modifiers.
        for n in Resolver.repeatNames(index, item) { u.declare(n) }
        u.block(body)
      case .call(let name, _, let args):
        u.useComponent(name)
        u.arguments(args)
      }
      for m in e.modifiers {
        u.arguments(m.arguments)
        if let content = m.content { u.block(content) }
      }
    }
  }

  private mutating func pathBody(_ body: PathBody) {
    scope { u in
      for item in body.items {
        switch item {
        case .let(let decl):
          u.expression(decl.value)
          u.declare(decl.name)
          u.noteHiding(decl)
        case .within(let rect, let inner, _):
          for e in rect { u.expression(e) }
          u.pathBody(inner)
        case .repeat(let count, let index, let inner, _, let item):
          u.expression(count)
          u.scope(Resolver.repeatNames(index, item)) { $0.pathBody(inner) }
        case .command(let c):
          u.arguments(c.arguments)
        }
      }
    }
  }

  private mutating func arguments(_ args: [Argument]) {
    for a in args { expression(a.value) }
  }

  private mutating func expression(_ e: Expr) {
    switch e.kind {
    case .name(let n): useName(n)
    case .call(let n, let args):
      // A call in an argument may be a view: `.clipShape(Hexagon())`.
      useComponent(n)
      arguments(args)
    case .member(let base, _, _, let args):
      expression(base)
      arguments(args)
    case .view(let element): self.element(element)
    case .tuple(let items): for i in items { expression(i) }
    case .repeatList(let count, let index, let items, let item):
      expression(count)
      scope(Resolver.repeatNames(index, item)) { u in for i in items { u.expression(i) } }
    case .negate(let x), .not(let x): expression(x)
    case .binary(_, let l, let r):
      expression(l)
      expression(r)
    case .conditional(let c, let a, let b):
      expression(c)
      expression(a)
      expression(b)
    case .interpolation(let parts):
      for case .value(let v, _, _) in parts { expression(v) }
    case .index(let list, let i):
      expression(list)
      expression(i)
    case .number, .string, .color, .invalid: break
    }
  }
}
