// What the formatter needs to know of the syntax tree: a parsed file in,
// the roles of its tokens out (by byte offset in the source): where each
// item of a block, a path or a list starts, which dots begin an element's
// modifiers and which element each belongs to, which `-` and `!` are
// unary, which tokens name path commands, and the byte ranges of path
// bodies. The printer (FormatPrinter.swift) reads only these and the
// tokens.
import BadgeKit

/// The roles of a file's tokens, keyed by the byte offset at which a token
/// starts in the source.
struct SyntaxRoles {
  /// One element's chain of modifiers.
  struct Chain {
    /// Where the element starts (its view's first token).
    var start: Int
    /// Where its view ends (one past the view's last byte, before the
    /// first modifier).
    var viewEnd: Int
    /// Where each modifier's name starts (its dot is the token before).
    var names: [Int]
    /// Whether the element is an item of a block (not a view written as
    /// an argument), and then the block's braces' offsets.
    var block: (open: Int, close: Int)?
  }

  /// Offsets of tokens that begin an item: a declaration, a block's `let`,
  /// element or `if`, a path's command, `let`, `within` or `repeat`, an
  /// item of a `repeat` list.
  var itemStarts: Set<Int> = []
  /// Every element with modifiers.
  var chains: [Chain] = []
  /// The chain (index in `chains`) of each modifier name's offset.
  var chainOfModifier: [Int: Int] = [:]
  /// Offsets of unary `-` and `!`.
  var unary: Set<Int> = []
  /// Offsets of path command names (what follows one is an argument:
  /// `line -1, 0` is a negative number, not a subtraction).
  var pathCommands: Set<Int> = []
  /// Byte ranges of path bodies, `{` to `}`.
  var pathBodies: [Range<Int>] = []

  init(_ file: BadgeFile) {
    for i in file.imports { itemStarts.insert(i.range.start) }
    for l in file.lets { letDecl(l) }
    for c in file.components {
      itemStarts.insert(c.range.start)
      for p in c.parameters { if let d = p.defaultValue { expression(d) } }
      block(c.body)
    }
    if let b = file.badge {
      itemStarts.insert(b.range.start)
      for e in b.size { expression(e) }
      block(b.body)
    }
  }

  private mutating func letDecl(_ l: LetDecl) {
    itemStarts.insert(l.range.start)
    expression(l.value)
  }

  private mutating func block(_ b: Block) {
    for item in b.items {
      switch item {
      case .let(let l): letDecl(l)
      case .element(let e):
        itemStarts.insert(e.range.start)
        element(e, in: b)
      case .conditional(let c): conditional(c)
      }
    }
  }

  private mutating func conditional(_ c: IfItem) {
    itemStarts.insert(c.range.start)
    expression(c.condition)
    block(c.then)
    if let otherwise = c.otherwise { block(otherwise) }
  }

  private mutating func element(_ e: Element, in parent: Block?) {
    switch e.primary {
    case .path(let body): pathBody(body)
    case .pathData(let args, _): arguments(args)
    case .stack(let s):
      arguments(s.arguments)
      block(s.body)
    case .geometry(let b): block(b)
    case .repeat(let count, _, _, let body, _):
      expression(count)
      block(body)
    case .call(_, _, let args): arguments(args)
    }
    guard let first = e.modifiers.first else { return }
    // The view ends where the first modifier's dot begins: the last byte
    // before its name, less the dot.
    var chain = Chain(
      start: e.range.start, viewEnd: first.nameRange.start, names: [],
      block: parent.map { ($0.range.start, $0.range.end - 1) })
    for m in e.modifiers {
      chain.names.append(m.nameRange.start)
      chainOfModifier[m.nameRange.start] = chains.count
      arguments(m.arguments)
      if let content = m.content { block(content) }
    }
    chains.append(chain)
  }

  private mutating func pathBody(_ body: PathBody) {
    pathBodies.append(body.range.start..<body.range.end)
    pathItems(body)
  }

  private mutating func pathItems(_ body: PathBody) {
    for item in body.items {
      switch item {
      case .let(let l): letDecl(l)
      case .command(let c):
        itemStarts.insert(c.range.start)
        pathCommands.insert(c.nameRange.start)
        arguments(c.arguments)
      case .within(let rect, let inner, let range):
        itemStarts.insert(range.start)
        for e in rect { expression(e) }
        pathItems(inner)
      case .repeat(let count, _, let inner, let range, _):
        itemStarts.insert(range.start)
        expression(count)
        pathItems(inner)
      }
    }
  }

  private mutating func arguments(_ args: [Argument]) {
    for a in args { expression(a.value) }
  }

  private mutating func expression(_ e: Expr) {
    switch e.kind {
    case .view(let element): self.element(element, in: nil)
    case .repeatList(_, _, let items, _): for item in items { itemStarts.insert(item.range.start) }
    case .negate, .not: unary.insert(e.range.start)
    default: break
    }
    for child in e.children { expression(child) }
  }

}
