// The name check: the syntax tree in, diagnostics out. Before any value is
// computed, every name, function, component, shape, modifier, path command
// and argument label in the whole file is checked, including components
// that the badge never uses, with a suggestion for near misses. With
// imports, each file is checked with the names it sees: its own, and
// those of the files it imports (ImportGraph).

/// Walks the tree with the names visible at each point (a `NameTable`:
/// declaring, looking up and leaving a scope take constant time, so the
/// check is linear in the size of the file).
struct Resolver {
  private let file: BadgeFile
  private var diagnostics = DiagnosticBag()
  /// The parameters of each component, by name (the first declaration wins).
  private let componentParameters: [String: [String]]
  /// Who imports whom, when the tree holds several files.
  private let imports: ImportGraph?
  /// The file declaring each top-level let and component, by name.
  private let letFile: [String: Int]
  private let componentFile: [String: Int]
  /// For each file, some of the top-level lets it imports, for
  /// suggestions (made when first needed).
  private var importedCandidates: [Int: [String]] = [:]
  /// Component and shape names, for suggestions: at most
  /// `NameTable.suggestionReach` of them.
  private let calleeCandidates: [String]
  private var names = NameTable(permanent: Resolver.builtinNames)
  /// Suggestions already found, by misspelt name and kind of name.
  private var suggested: [String: String?] = [:]
  /// How many more names may be compared with candidates for suggestions;
  /// past it, errors come without a suggestion (a file of thousands of
  /// unknown names costs no more than a few hundred).
  private var suggestionBudget = 300_000
  /// Whether the names being checked are a text modifier's arguments,
  /// where a misspelt name may be meant as a text style or weight.
  private var offersTextNames = false
  /// The error SwiftUI's labels are folded into (`folding`), by its place
  /// in `diagnostics`.
  private var foldTarget: Int?

  init(file: BadgeFile, imports: ImportGraph? = nil) {
    self.file = file
    self.imports = imports
    var table: [String: [String]] = [:]
    var callees: [String] = []
    var componentFile: [String: Int] = [:]
    for c in file.components where table[c.name] == nil {
      table[c.name] = c.parameters.map(\.name)
      componentFile[c.name] = c.nameRange.file
      if callees.count < NameTable.suggestionReach { callees.append(c.name) }
    }
    self.componentParameters = table
    self.calleeCandidates = callees + BuiltinShape.allCases.map(\.rawValue) + BuiltinView.allCases.map(\.rawValue)
    self.componentFile = componentFile
    var letFile: [String: Int] = [:]
    for decl in file.lets where letFile[decl.name] == nil { letFile[decl.name] = decl.nameRange.file }
    self.letFile = letFile
  }

  /// Every problem with names in `file`; `imports` tells which of its
  /// files sees which.
  static func check(_ file: BadgeFile, imports: ImportGraph? = nil) -> DiagnosticBag {
    var r = Resolver(file: file, imports: imports)
    r.run()
    return r.diagnostics
  }

  /// Problems with names in `-D` values, which may use the built-in names
  /// and the file's top-level lets.
  static func check(_ values: [Expr], in file: BadgeFile) -> DiagnosticBag {
    guard !values.isEmpty else { return DiagnosticBag() }
    var r = Resolver(file: file)
    for decl in file.lets { r.names.insert(decl.name) }
    for value in values { r.expression(value) }
    return r.diagnostics
  }

  static let builtinNames: Set<String> = {
    // Made in place: each `union` copied the set made so far.
    var names = Set<String>(minimumCapacity: 96)
    names.formUnion(Builtins.colors.keys)
    names.formUnion(Builtins.anchors.keys)
    names.formUnion(Builtins.keywordSet)
    names.formUnion(Builtins.constantNames)
    return names
  }()

  /// Checks each file in turn with its own top-level lets in the table as
  /// they are declared; the names it imports are looked up when used
  /// (`imported`).
  private mutating func run() {
    var order: [Int] = []
    var lets: [Int: [Int]] = [:]
    var components: [Int: [Int]] = [:]
    for (i, decl) in file.lets.enumerated() {
      if lets[decl.nameRange.file] == nil { order.append(decl.nameRange.file) }
      lets[decl.nameRange.file, default: []].append(i)
    }
    for (i, c) in file.components.enumerated() {
      if lets[c.nameRange.file] == nil && components[c.nameRange.file] == nil { order.append(c.nameRange.file) }
      components[c.nameRange.file, default: []].append(i)
    }
    let start = names.mark
    for f in order {
      names.restore(to: start)
      topLevel(lets: lets[f] ?? [], components: components[f] ?? [], badge: file.badge?.range.file == f)
    }
    if let badge = file.badge, lets[badge.range.file] == nil && components[badge.range.file] == nil {
      names.restore(to: start)
      topLevel(lets: [], components: [], badge: true)
    }
  }

  /// One file's top-level lets (by index in `file.lets`), components and,
  /// if `badge`, the badge.
  private mutating func topLevel(lets: [Int], components: [Int], badge hasBadge: Bool) {
    for i in lets {
      let decl = file.lets[i]
      expression(decl.value)
      names.insert(decl.name)
    }
    let globals = names.mark
    for i in components {
      let c = file.components[i]
      var seen: Set<String> = []
      for p in c.parameters {
        if !seen.insert(p.name).inserted { report(.duplicateName(p.name), p.range) }
        if let d = p.defaultValue { expression(d) }
      }
      names.insert("width")
      names.insert("height")
      for p in c.parameters { names.insert(p.name) }
      block(c.body)
      names.restore(to: globals)
    }
    if hasBadge, let badge = file.badge {
      for e in badge.size { expression(e) }
      names.insert("width")
      names.insert("height")
      block(badge.body)
      names.restore(to: globals)
    }
  }

  /// A block's items; its `let`s are visible below them, up to its end.
  private mutating func block(_ b: Block) {
    let mark = names.mark
    for item in b.items {
      switch item {
      case .let(let decl): declare(decl)
      case .element(let e): element(e)
      case .conditional(let c):
        expression(c.condition)
        block(c.then)
        if let other = c.otherwise { block(other) }
      }
    }
    names.restore(to: mark)
  }

  private mutating func element(_ e: Element) {
    let mark = names.mark
    switch e.primary {
    case .path(let body): pathBody(body)
    case .pathData(let args, _): arguments(args, labels: ["data", "viewBox"], callee: "path")
    case .stack(let stack):
      arguments(
        stack.arguments, labels: stack.axis == .z ? ["alignment"] : ["spacing", "alignment"],
        callee: stack.axis.rawValue)
      block(stack.body)
    case .geometry(let b): block(b)
    case .repeat(let count, let index, _, let body, let item):
      expression(count)
      // The index is visible in the body and in the repeat's modifiers.
      for n in Resolver.repeatNames(index, item) { names.insert(n) }
      block(body)
    case .call(let name, let range, let args):
      let labels: [String]?
      if let view = BuiltinView(rawValue: name) {
        labels = view.parameters
      } else if let parameters = componentParameters[name] {
        labels = parameters
        if let declaredIn = componentFile[name], declaredIn != range.file, let imports,
          !imports.sees(range.file, declaredIn)
        {
          let hides = BuiltinShape(rawValue: name) != nil
          report(.importNeeded(name, file: imports.name(of: declaredIn), hidesBuiltin: hides), range)
        }
      } else if let shape = BuiltinShape(rawValue: name) {
        labels = shape.parameters
      } else {
        // One mistake, one error: the arguments of an unknown callee are
        // not checked.
        if file.skippedNames.contains(name) {
          labels = nil  // a skipped Swift view: reported where it was declared
        } else if !swiftUI(name, SwiftUINames.views, at: range) {
          let near = suggest(name, "component", calleeCandidates)
          report(.unknownComponent(name, suggestion: near), range, near: near)
          // A misspelt callee's arguments are checked as the one meant.
          labels = near.flatMap { parameters(ofCallee: $0) }
        } else if let ours = SwiftUINames.views[name]?.badgec, let shape = BuiltinShape(rawValue: ours) {
          // RoundedRectangle(cornerRadius: 8): its arguments are checked
          // as roundedRect's, so that the labels' habits show at once.
          folding { $0.arguments(args, labels: shape.parameters, callee: ours) }
          labels = nil
        } else {
          labels = nil
        }
      }
      if labels != nil { arguments(args, labels: labels, callee: name) }
    }
    for m in e.modifiers {
      guard let labels = LayoutEngine.modifierParameters[m.name] else {
        // (Its arguments and content are not checked: one error.)
        // .rotationEffect(.degrees(45)): one error, its fix-its writing
        // .rotate(45deg).
        let angles = m.arguments.compactMap { Resolver.angleFixIt($0.value) }
        if !swiftUI(m.name, SwiftUINames.modifiers, at: m.nameRange, also: angles) {
          let candidates = LayoutEngine.modifierParameters.keys
          let near = suggest(m.name, "modifier", candidates)
          report(.unknownModifier(m.name, suggestion: near), m.nameRange, near: near)
          // A misspelt modifier's arguments are checked as the one meant
          // (one mistake, one error: nothing else when none is near).
          if let near, let parameters = LayoutEngine.modifierParameters[near] {
            arguments(m.arguments, labels: parameters, callee: near)
          }
        } else if let ours = SwiftUINames.modifiers[m.name]?.badgec,
          let parameters = LayoutEngine.modifierParameters[ours]
        {
          // .rotationEffect(.degrees(45)): checked as .rotate's (the
          // angle written SwiftUI's way is part of the error above).
          let rest = m.arguments.filter { Resolver.angleFixIt($0.value) == nil }
          folding { $0.arguments(rest, labels: parameters, callee: ours) }
        }
        continue
      }
      let viewLabel = LayoutEngine.viewParameters[m.name]
      if let content = m.content {
        if viewLabel == nil { report(.unexpectedContent(m.name), content.range) }
        block(content)
      }
      for (i, a) in m.arguments.enumerated() {
        // A shape or content argument: `.clipShape(Hexagon())`.
        if let viewLabel, a.label == viewLabel || (a.label == nil && i == 0), let view = viewElement(a.value) {
          element(view)
          continue
        }
        if let label = a.label, !labels.contains(label) { unknownLabel(a, label, labels, callee: m.name) }
        // Text styles and weights are offered as names only where text is set.
        let outer = offersTextNames
        offersTextNames = LayoutEngine.textModifiers[m.name] != nil
        // SwiftUI's font values: .font(.system(size: 20, weight: .bold)),
        // .font(.custom("DejaVu Serif", size: 20)).
        if m.name == "font", case .call(let f, let args) = a.value.kind, let labels = LayoutEngine.fontValues[f] {
          arguments(args, labels: labels, callee: f)
        } else {
          expression(a.value)
        }
        offersTextNames = outer
      }
    }
    names.restore(to: mark)
  }

  private mutating func pathBody(_ body: PathBody) {
    let mark = names.mark
    for item in body.items {
      switch item {
      case .let(let decl): declare(decl)
      case .within(let rect, let inner, _):
        for e in rect { expression(e) }
        pathBody(inner)
      case .repeat(let count, let index, let inner, _, let item):
        expression(count)
        let mark = names.mark
        for n in Resolver.repeatNames(index, item) { names.insert(n) }
        pathBody(inner)
        names.restore(to: mark)
      case .command(let c):
        if c.name == "lines" {
          for a in c.arguments { expression(a.value) }
        } else {
          arguments(c.arguments, labels: PathBuilder.parameters[c.name] ?? [], callee: c.name)
        }
      }
    }
    names.restore(to: mark)
  }

  /// A `let` in a block or a path: its value sees the names before it;
  /// the names after it see it.
  private mutating func declare(_ decl: LetDecl) {
    expression(decl.value)
    names.insert(decl.name)
  }

  /// Checks labels (unless `labels` is nil) and the values.
  private mutating func arguments(_ args: [Argument], labels: [String]?, callee: String) {
    // Many parameters (a component may have thousands) are looked up by
    // hashing.
    let known: Set<String>? = labels.flatMap { $0.count > 16 ? Set($0) : nil }
    for a in args {
      if let labels, let label = a.label, !(known?.contains(label) ?? labels.contains(label)) {
        unknownLabel(a, label, labels, callee: callee)
      }
      expression(a.value)
    }
  }

  /// The view an argument holds, if it is one: `path { … }`, or a call
  /// of a component or a built-in shape, with modifiers
  /// (`Hexagon().padding(4)`).
  /// (Any call stands for a view here: an unknown one is reported as an
  /// unknown component or shape.)
  private func viewElement(_ e: Expr) -> Element? {
    Element(viewExpression: e) { _ in true }
  }

  private mutating func expression(_ e: Expr) {
    switch e.kind {
    case .member(let base, let name, let nameRange, let args):
      expression(base)
      if !Builtins.methods.contains(name) && !swiftUI(name, SwiftUINames.methods, at: nameRange) {
        report(.unknownMethod(name, suggestion: Resolver.suggest(name, Array(Builtins.methods))), nameRange)
      }
      arguments(args, labels: Builtins.labels[name] ?? [], callee: name)
    case .view(let element):
      self.element(element)
    case .name(let n):
      if names.contains(n) {
        // Only the built-in is in the table, but a top-level let of that
        // name, which hides it, is in a file this one does not import.
        if names.count(of: n) == 1, Resolver.builtinNames.contains(n), let imports, let declaredIn = letFile[n],
          declaredIn != e.range.file, !imports.sees(e.range.file, declaredIn)
        {
          report(.importNeeded(n, file: imports.name(of: declaredIn), hidesBuiltin: true), e.range)
        }
      } else if componentParameters[n] != nil {
        report(.componentAsValue(n), e.range)  // .fill(Dot): a component's name
      } else if !imported(n, at: e.range) {
        let candidates = names.candidates + importedNames(e.range.file)
        let near = suggest(n, "name", candidates).flatMap {
          !offersTextNames && Builtins.textKeywords.contains($0) ? nil : $0
        }
        report(.unknownName(n, suggestion: near), e.range, near: near)
      }
    case .call(let n, let args):
      guard Builtins.functions.contains(n) else {
        // One mistake, one error: the arguments are not checked.
        let nameRange = SourceRange(file: e.range.file, start: e.range.start, end: e.range.start + n.utf8.count)
        if componentParameters[n] != nil || BuiltinShape(rawValue: n) != nil || BuiltinView(rawValue: n) != nil {
          report(.componentAsValue(n), e.range)
        } else if let ours = SwiftUINames.calls[n]?.badgec, Builtins.functions.contains(ours) {
          // LinearGradient(colors: …, startPoint: .top): one error for the
          // name, and its arguments checked as linear's (labels' habits
          // at once).
          _ = swiftUI(n, SwiftUINames.calls, at: nameRange)
          folding { $0.arguments(args, labels: Builtins.labels[ours] ?? [], callee: ours) }
        } else if !swiftUI(
          n, SwiftUINames.calls, at: SwiftUINames.calls[n]?.badgec == nil ? e.range : nameRange,
          fixing: nameRange, also: (Resolver.angleFixIt(e) ?? Resolver.unitPointFixIt(e)).map { [$0] } ?? [])
        {
          let near = suggest(n, "function", Builtins.functions)
          report(.unknownFunction(n, suggestion: near), e.range, near: near, fixing: nameRange)
          if let near { arguments(args, labels: Builtins.labels[near] ?? [], callee: near) }
        }
        return
      }
      arguments(args, labels: Builtins.labels[n] ?? [], callee: n)
    case .tuple(let items): for i in items { expression(i) }
    case .repeatList(let count, let index, let items, let item):
      expression(count)
      let mark = names.mark
      for n in Resolver.repeatNames(index, item) { names.insert(n) }
      for i in items { expression(i) }
      names.restore(to: mark)
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

  /// The names a repeat's copies see: those after `as`, or `index` (and,
  /// over a list, `item`).
  static func repeatNames(_ index: String?, _ item: String?) -> [String] {
    if let index { return [index] + (item.map { [$0] } ?? []) }
    return ["index", "item"]
  }

  /// Whether `name`, used at `range`, is a top-level let of another file
  /// (one in the table is the using file's own); reports the use when
  /// that file is not imported by the using one.
  private mutating func imported(_ name: String, at range: SourceRange) -> Bool {
    guard let imports, let declaredIn = letFile[name], declaredIn != range.file else { return false }
    if !imports.sees(range.file, declaredIn) {
      report(.importNeeded(name, file: imports.name(of: declaredIn), hidesBuiltin: false), range)
    }
    return true
  }

  /// Top-level lets of the files `file` imports, at most half the
  /// suggestions' reach, for did-you-mean.
  private mutating func importedNames(_ file: Int) -> [String] {
    guard let imports else { return [] }
    if let known = importedCandidates[file] { return known }
    var found: [String] = []
    for decl in self.file.lets where decl.nameRange.file != file && imports.sees(file, decl.nameRange.file) {
      found.append(decl.name)
      if found.count >= NameTable.suggestionReach / 2 { break }
    }
    importedCandidates[file] = found
    return found
  }

  private mutating func report(_ m: Message, _ range: SourceRange) { diagnostics.report(m, at: range) }
  private mutating func report(_ d: Diagnostic) { diagnostics.append(d) }

  /// Reports `m` at `range` with the fix-it writing `near` (the name it
  /// suggests) at `fixing` (default `range`), when there is one.
  private mutating func report(_ m: Message, _ range: SourceRange, near: String?, fixing: SourceRange? = nil) {
    report(Diagnostic(m, at: range, fixIts: near.map { [FixIt(fixing ?? range, $0)] } ?? []))
  }

  /// Reports argument `a`'s `label`, which `callee` does not take: SwiftUI's
  /// label for one of badgec's with a fix-it (`cornerRadius:` is
  /// `radius:`), nothing when the value is itself a SwiftUI spelling that
  /// reports the habit (`style: StrokeStyle(…)`), else the unknown label.
  private mutating func unknownLabel(_ a: Argument, _ label: String, _ labels: [String], callee: String) {
    if SwiftUINames.labels[callee]?[label] == "" {
      // LinearGradient(colors: [.red, .blue]): the colours take no label.
      let written = SourceRange(file: a.labelRange.file, start: a.labelRange.start, end: a.value.range.start)
      if let target = foldTarget {
        diagnostics.addFixIts([FixIt(written, "")], to: target)
        return
      }
      report(
        Diagnostic(
          .swiftUIName(label + ":", badgec: nil, hint: "the values go without a label: \(callee)(red, blue)"),
          at: a.labelRange, fixIts: [FixIt(written, "")]))
    } else if let ours = SwiftUINames.labels[callee]?[label] {
      if let target = foldTarget {
        diagnostics.addFixIts([FixIt(a.labelRange, ours)], to: target)
        return
      }
      report(
        Diagnostic(
          .swiftUIName(label + ":", badgec: ours + ":", hint: nil), at: a.labelRange,
          fixIts: [FixIt(a.labelRange, ours)]))
    } else if case .call(let n, _) = a.value.kind, SwiftUINames.calls[n] != nil {
      return
    } else {
      let near = Resolver.suggest(label, labels)
      report(.unknownArgumentLabel(label, of: callee, suggestion: near), a.labelRange, near: near)
    }
  }

  /// `body` run with SwiftUI's labels (`cornerRadius:`, `startPoint:`)
  /// folded into the error just reported for their callee, as its
  /// fix-its: `RoundedRectangle(cornerRadius: 8)` is one habit, one error.
  private mutating func folding(_ body: (inout Resolver) -> Void) {
    let outer = foldTarget
    foldTarget = diagnostics.all.count - 1
    body(&self)
    foldTarget = outer
  }

  /// The parameters of a component, built-in view or shape named `name`.
  private func parameters(ofCallee name: String) -> [String]? {
    BuiltinView(rawValue: name)?.parameters ?? componentParameters[name] ?? BuiltinShape(rawValue: name)?.parameters
  }

  /// Reports SwiftUI's `name` as badgec spells it, with a fix-it at
  /// `range` where badgec has a name for it; false when `table` does not
  /// hold `name`.
  /// (`fixing`: the name's own range, when `range` is wider.)
  private mutating func swiftUI(
    _ name: String, _ table: [String: SwiftUIName], at range: SourceRange, fixing: SourceRange? = nil,
    also: [FixIt] = []
  ) -> Bool {
    guard let s = table[name] else { return false }
    report(
      Diagnostic(
        .swiftUIName(name, badgec: s.badgec, hint: s.hint), at: range,
        fixIts: (s.badgec.map { [FixIt(fixing ?? range, $0)] } ?? []) + also))
    return true
  }

  /// SwiftUI's angle `.degrees(45)` or `.radians(0.5)` of a number written
  /// out, as the fix-it writing `45deg` or `0.5rad`.
  /// SwiftUI's `UnitPoint(x: 0.5, y: 0)` written as badgec's pair,
  /// `(0.5, 0)`, when both are numbers.
  static func unitPointFixIt(_ e: Expr) -> FixIt? {
    guard case .call("UnitPoint", let args) = e.kind, args.count == 2, args[0].label == "x", args[1].label == "y"
    else { return nil }
    func number(_ x: Expr) -> String? {
      switch x.kind {
      case .number(let v, .none): return formatForMessage(v)
      case .negate(let inner):
        guard case .number(let v, .none) = inner.kind else { return nil }
        return "-" + formatForMessage(v)
      default: return nil
      }
    }
    guard let x = number(args[0].value), let y = number(args[1].value) else { return nil }
    return FixIt(e.range, "(\(x), \(y))")
  }

  static func angleFixIt(_ e: Expr) -> FixIt? {
    guard let (v, unit) = Parser.angleValue(e) else { return nil }
    let number = v.sign == .minus ? "-" + formatForMessage(-v) : formatForMessage(v)
    return FixIt(e.range, number + unit.rawValue)
  }

  /// A suggestion for the unknown `name` of a `kind` of thing, remembered
  /// for the next time the same name is unknown; none once the budget of
  /// comparisons is spent.
  private mutating func suggest<S: Collection<String>>(_ name: String, _ kind: String, _ candidates: S) -> String? {
    let key = kind + ":" + name
    if let known = suggested[key] { return known }
    guard suggestionBudget > 0 else { return nil }
    suggestionBudget -= candidates.count
    let found = Suggestions.closest(to: name, in: candidates)
    if suggested.count < 10_000 { suggested[key] = found }
    return found
  }

  /// The candidate closest to `name` by edit distance, if close enough to
  /// be a likely typo (see `Suggestions.closest`).
  static func suggest(_ name: String, _ candidates: [String]) -> String? {
    Suggestions.label(for: name, in: candidates)
  }
}
