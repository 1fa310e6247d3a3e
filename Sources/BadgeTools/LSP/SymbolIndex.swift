// Where each name of a document is declared and used, for the language
// server's definitions, references, renames, hovers and completions: the
// document's text (file 0) and the files it imports (found as the compiler
// finds them: beside the importing file, then in the import paths; an
// open document's text read instead of its file) in; every
// declaration (top-level lets and components, parameters, lets of blocks and
// paths, repeat indices) and every use of one (names in expressions,
// component calls, argument labels naming a component's parameters) out,
// with byte ranges. Scopes follow the language: a block's `let` is seen
// after it in its block, a component's parameters in its body, top-level
// declarations of every file everywhere.
import BadgeKit

/// Declarations and uses of the names of a document and its imports.
struct SymbolIndex {
  /// What a declared name is: a top-level `let` or component, a
  /// component's parameter, a `let` of a block or path, a repeat's index
  /// or item.
  enum Kind: Equatable {
    case topLevelLet, component, parameter, blockLet, repeatIndex, repeatItem
  }

  /// One declared name.
  struct Definition {
    var name: String
    var kind: Kind
    /// The file (index in `files`) and the bytes of its name.
    var file: Int
    var nameRange: Range<Int>
    /// The bytes of the whole declaration.
    var declaration: Range<Int>
    /// The bytes of a let's value or a parameter's default.
    var value: Range<Int>?
    /// A component's parameters (with their defaults' text), in order.
    var parameters: [(name: String, defaultText: String?)] = []
    /// For a parameter, its component (index in `definitions`).
    var owner: Int?
  }

  /// One use of a declared name.
  struct Use {
    var file: Int
    var range: Range<Int>
    var definition: Int
  }

  /// The document (0) and the files it imports, as read.
  private(set) var files: [SourceFile] = []
  private(set) var parsed: [BadgeFile] = []
  private(set) var definitions: [Definition] = []
  private(set) var uses: [Use] = []
  /// Top-level declarations by name (the last file's wins, as imports do).
  private var globals: [String: Int] = [:]
  /// The names in scope while walking, innermost last.
  private var scopes: [[String: Int]] = []
  private var file = 0

  /// Indexes `document` (named by its path, for its imports) and every
  /// file it imports, searched in `importPaths` after its own folder.
  init(document: SourceFile, importPaths: [String] = [], unsaved: [FileIdentity: [UInt8]] = [:]) {
    load(document, importPaths: importPaths, unsaved: unsaved)
    for (f, tree) in parsed.enumerated() { declareTopLevel(tree, in: f) }
    for (f, tree) in parsed.enumerated() {
      file = f
      walk(tree)
    }
  }

  // MARK: Questions

  /// The definition at byte `offset` of file 0: a use there, or a
  /// declaration's name.
  func definition(at offset: Int) -> Int? {
    if let u = uses.first(where: {
      $0.file == 0 && $0.range.contains(offset) || $0.file == 0 && $0.range.upperBound == offset
    }) {
      return u.definition
    }
    return definitions.firstIndex {
      $0.file == 0 && !$0.nameRange.isEmpty && ($0.nameRange.contains(offset) || $0.nameRange.upperBound == offset)
    }
  }

  /// Every use of definition `d`.
  func uses(of d: Int) -> [Use] { uses.filter { $0.definition == d } }

  /// The names in scope at byte `offset` of file 0 (innermost first, each
  /// name once).
  func names(at offset: Int) -> [Int] {
    var seen: Set<String> = []
    var out: [Int] = []
    // Declarations of file 0 whose scope holds the offset: a block's let
    // after it within its block; parameters within their component.
    for (i, d) in definitions.enumerated().reversed()
    where d.file == 0 && d.kind != .topLevelLet && d.kind != .component {
      guard let scope = scopeOf[i], scope.contains(offset), d.nameRange.upperBound <= offset || d.kind == .parameter
      else { continue }
      if seen.insert(d.name).inserted { out.append(i) }
    }
    for (name, i) in globals.sorted(by: { $0.key < $1.key }) where seen.insert(name).inserted { out.append(i) }
    return out
  }

  /// The bytes over which each local definition is seen.
  private var scopeOf: [Int: Range<Int>] = [:]

  // MARK: Reading the files

  private mutating func load(_ document: SourceFile, importPaths: [String], unsaved: [FileIdentity: [UInt8]]) {
    var queue = [document]
    var seen: Set<String> = [document.name]
    while !queue.isEmpty, files.count < 256 {
      let source = queue.removeFirst()
      let tree = Parser.parse(source, fileIndex: files.count, requiresBadge: false).file
      files.append(source)
      parsed.append(tree)
      let folder = source.name.lastIndex(of: "/").map { String(source.name[..<$0]) } ?? "."
      for i in tree.imports {
        for base in [folder] + importPaths {
          let path = i.path.hasPrefix("/") ? i.path : base + "/" + i.path
          guard FileSystem.kind(of: path) == .regular,
            let bytes = FileSystem.identity(of: path).flatMap({ unsaved[$0] }) ?? (try? SymbolIndex.read(path))
          else { continue }
          if seen.insert(path).inserted { queue.append(SourceFile(name: path, bytes: bytes)) }
          break
        }
      }
    }
  }

  /// The bytes of file `path` (at most 64 MiB, as the compiler reads).
  static func read(_ path: String) throws(FileReadError) -> [UInt8] {
    let f = try OpenFile(path)
    return try f.bytes(at: 0, count: min(f.size, 64 << 20))
  }

  private mutating func declareTopLevel(_ tree: BadgeFile, in f: Int) {
    for l in tree.lets {
      globals[l.name] = define(
        l.name, .topLevelLet, f, l.nameRange, l.range, value: l.value.range.start..<l.value.range.end)
    }
    for c in tree.components {
      var d = Definition(
        name: c.name, kind: .component, file: f, nameRange: c.nameRange.start..<c.nameRange.end,
        declaration: c.range.start..<c.range.end)
      d.parameters = c.parameters.map { p in
        (p.name, p.defaultValue.map { String(decoding: files[f].bytes[$0.range.start..<$0.range.end], as: UTF8.self) })
      }
      definitions.append(d)
      let component = definitions.count - 1
      globals[c.name] = component
      for p in c.parameters {
        let i = define(
          p.name, .parameter, f, p.range, p.range, value: p.defaultValue.map { $0.range.start..<$0.range.end },
          owner: component)
        scopeOf[i] = c.range.start..<c.range.end
      }
    }
  }

  @discardableResult
  private mutating func define(
    _ name: String, _ kind: Kind, _ f: Int, _ nameRange: SourceRange, _ declaration: SourceRange,
    value: Range<Int>? = nil, owner: Int? = nil
  ) -> Int {
    definitions.append(
      Definition(
        name: name, kind: kind, file: f, nameRange: nameRange.start..<nameRange.end,
        declaration: declaration.start..<declaration.end, value: value, owner: owner))
    return definitions.count - 1
  }

  // MARK: Walking

  private mutating func walk(_ tree: BadgeFile) {
    for l in tree.lets { expression(l.value) }
    for c in tree.components {
      guard let component = globals[c.name], definitions[component].file == file else { continue }
      var scope: [String: Int] = [:]
      for p in c.parameters {
        if let d = p.defaultValue { expression(d) }
        scope[p.name] = definitions.firstIndex { $0.owner == component && $0.name == p.name }
      }
      scopes.append(scope)
      block(c.body)
      scopes.removeLast()
    }
    if let b = tree.badge {
      for e in b.size { expression(e) }
      block(b.body)
    }
  }

  private func lookup(_ name: String) -> Int? {
    for scope in scopes.reversed() { if let i = scope[name] { return i } }
    return globals[name]
  }

  private mutating func use(_ name: String, _ start: Int) {
    guard let d = lookup(name) else { return }
    uses.append(Use(file: file, range: start..<start + name.utf8.count, definition: d))
  }

  private mutating func block(_ b: Block) {
    scopes.append([:])
    for item in b.items {
      switch item {
      case .let(let l): blockLet(l, until: b.range.end)
      case .element(let e): element(e)
      case .conditional(let c): conditional(c)
      }
    }
    scopes.removeLast()
  }

  private mutating func blockLet(_ l: LetDecl, until end: Int) {
    expression(l.value)
    let i = define(l.name, .blockLet, file, l.nameRange, l.range, value: l.value.range.start..<l.value.range.end)
    scopeOf[i] = l.range.start..<end
    scopes[scopes.count - 1][l.name] = i
  }

  private mutating func conditional(_ c: IfItem) {
    expression(c.condition)
    block(c.then)
    if let otherwise = c.otherwise { block(otherwise) }
  }

  private mutating func element(_ e: Element) {
    switch e.primary {
    case .path(let body): pathBody(body)
    case .pathData(let args, _): arguments(args, of: nil)
    case .stack(let s):
      arguments(s.arguments, of: nil)
      block(s.body)
    case .geometry(let b): block(b)
    case .repeat(let count, let index, let indexRange, let body, let item):
      expression(count)
      scopes.append(repeatNames(index, indexRange, item, at: e.range.start, over: e.range.start..<body.range.end))
      block(body)
      scopes.removeLast()
    case .call(let name, let nameRange, let args):
      use(name, nameRange.start)
      arguments(args, of: lookup(name))
    }
    for m in e.modifiers {
      arguments(m.arguments, of: nil)
      if let content = m.content { block(content) }
    }
  }

  /// The names a repeat's copies see (`as i`, `as i, v`, or `index` and
  /// `item`), declared where written (`indexRange`) or, unwritten, at the
  /// repeat itself (an empty range at `start`), seen over `scope`.
  private mutating func repeatNames(
    _ index: String?, _ indexRange: SourceRange?, _ item: String?, at start: Int, over scope: Range<Int>
  ) -> [String: Int] {
    let here = SourceRange(file: file, start: start, end: start)
    var names: [(String, Kind, SourceRange)] = []
    if let index {
      names.append((index, .repeatIndex, indexRange ?? here))
      if let item { names.append((item, .repeatItem, here)) }
    } else {
      names = [("index", .repeatIndex, here), ("item", .repeatItem, here)]
    }
    var out: [String: Int] = [:]
    for (name, kind, range) in names {
      let i = define(name, kind, file, range, range)
      scopeOf[i] = scope
      out[name] = i
    }
    return out
  }

  private mutating func pathBody(_ body: PathBody) {
    scopes.append([:])
    for item in body.items {
      switch item {
      case .let(let l): blockLet(l, until: body.range.end)
      case .command(let c): arguments(c.arguments, of: nil)
      case .within(let rect, let inner, _):
        for e in rect { expression(e) }
        pathBody(inner)
      case .repeat(let count, let index, let inner, let range, let item):
        expression(count)
        scopes.append(repeatNames(index, nil, item, at: range.start, over: range.start..<range.end))
        pathBody(inner)
        scopes.removeLast()
      }
    }
    scopes.removeLast()
  }

  /// Arguments; of a component call (`callee`, a definition), their labels
  /// are uses of its parameters.
  private mutating func arguments(_ args: [Argument], of callee: Int?) {
    for a in args {
      if let callee, definitions[callee].kind == .component, let label = a.label,
        let p = definitions.firstIndex(where: { $0.kind == .parameter && $0.owner == callee && $0.name == label })
      {
        uses.append(Use(file: file, range: a.labelRange.start..<a.labelRange.end, definition: p))
      }
      expression(a.value)
    }
  }

  private mutating func expression(_ e: Expr) {
    switch e.kind {
    case .name(let n): use(n, e.range.end - n.utf8.count)
    case .call(let n, let args):
      // The labels of a component's call name its parameters.
      use(n, e.range.start)
      arguments(args, of: lookup(n))
      return
    case .view(let element):
      self.element(element)
      return
    case .repeatList(let count, let index, let items, let item):
      expression(count)
      scopes.append(repeatNames(index, nil, item, at: e.range.start, over: e.range.start..<e.range.end))
      for item in items { expression(item) }
      scopes.removeLast()
      return
    default: break
    }
    for child in e.children { expression(child) }
  }

}
