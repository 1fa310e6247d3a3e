// Path geometry: evaluates the commands of a `path { … }` in the frame the
// layout gave it, and draws the built-in shapes. Hands on a `ScenePath` in
// that frame's coordinates (points).

/// Builds one path from path commands, tracking the current point.
struct PathBuilder {
  let evaluator: Evaluator
  private(set) var path = ScenePath()
  var current: Point?
  private var subpathStart: Point?
  /// Set once a command could not be evaluated (its error reported): the
  /// current point is then unknown, so a later command without one is not
  /// reported again as missing a `move`.
  var broken = false
  /// The most elements the path may have (what is left of the layout's
  /// segment budget): past it building stops, so that a `repeat` of long
  /// path data never holds more than the budget in memory.
  let limit: Int
  /// Whether building stopped at `limit` (the caller reports it).
  private(set) var overflowed = false

  init(evaluator: Evaluator, limit: Int = .max) {
    self.evaluator = evaluator
    self.limit = limit
  }

  /// Appends `e`, unless the path already has `limit` elements.
  mutating func append(_ e: PathElement) {
    guard path.elements.count < limit else {
      overflowed = true
      return
    }
    path.elements.append(e)
  }

  /// How written coordinates become frame coordinates: in the frame itself
  /// (lengths, fractions of the frame), or inside a `within` rectangle
  /// (numbers: fractions of that rectangle).
  enum Space {
    case frame(Size)
    case unit(origin: Point, size: Size)
  }

  /// The parameters of path command `name`, without hashing it.
  static func parameters(of name: String) -> [String] {
    switch name {
    case "move", "line": return ["to"]
    case "quad": return ["to", "control"]
    case "cubic": return ["to", "control1", "control2"]
    default: return []
    }
  }

  /// The parameters of each path command, in order.
  static let parameters: [String: [String]] = [
    "move": ["to"], "line": ["to"], "quad": ["to", "control"],
    "cubic": ["to", "control1", "control2"], "close": [], "data": ["svg"],
    "arc": PathBuilder.arcParameters,
  ]

  mutating func build(_ body: PathBody, _ scope: Scope, frame: Size) {
    build(body, scope, .frame(frame))
  }

  private mutating func build(_ body: PathBody, _ scope: Scope, _ space: Space) {
    var scope = scope
    for item in body.items {
      if overflowed { return }
      switch item {
      case .let(let decl):
        scope = scope.afterLet(decl.name, evaluator.evalLet(decl, scope))
      case .within(let rect, let inner, _):
        guard let r = rectangle(rect, scope, space) else {
          broken = true
          continue
        }
        build(inner, scope, .unit(origin: r.0, size: r.1))
      case .command(let command):
        run(command, scope, space)
      case .repeat(let countExpr, let index, let inner, _, let item):
        // As a view's repeat: a whole number of copies from 0 to 10,000,
        // or a copy per item of a list.
        guard let copies = evaluator.copies(countExpr, index: index, item: item, scope) else {
          broken = true
          continue
        }
        for i in 0..<copies.count {
          build(inner, copies.scope(i, in: scope), space)
          // The evaluation budget bounds the work; once it is spent every
          // value is invalid, so stop.
          if overflowed || !evaluator.spend(1, at: countExpr.range) { break }
        }
      }
    }
  }

  /// The `within` rectangle in frame coordinates.
  private func rectangle(_ exprs: [Expr], _ scope: Scope, _ space: Space) -> (Point, Size)? {
    let v = exprs.map { evaluator.eval($0, scope) }
    guard let o = point(.tuple([v[0], v[1]]), exprs[0].range.union(exprs[1].range), space),
      let far = point(.tuple([v[2], v[3]]), exprs[2].range.union(exprs[3].range), space, isExtent: true)
    else { return nil }
    return (o, Size(far.x, far.y))
  }

  /// A point value in frame coordinates. With `isExtent`, a width and
  /// height rather than a position.
  func point(_ v: Value, _ range: SourceRange, _ space: Space, isExtent: Bool = false) -> Point? {
    switch space {
    case .frame(let size):
      return evaluator.point(v, container: size, range)
    case .unit(let origin, let size):
      guard case .tuple(let items) = v, items.count == 2 else {
        _ = evaluator.mismatch("a point (x, y)", v, range)
        return nil
      }
      guard let u = unitCoordinate(items[0], range), let w = unitCoordinate(items[1], range) else { return nil }
      if isExtent { return Point(u * size.width, w * size.height) }
      return Point(origin.x + u * size.width, origin.y + w * size.height)
    }
  }

  private func unitCoordinate(_ v: Value, _ range: SourceRange) -> Double? {
    switch v {
    case .scalar(let x, 0), .fraction(let x): return x
    default: return evaluator.mismatch("a fraction of the 'within' rectangle (a plain number)", v, range)
    }
  }

  private mutating func run(_ command: PathCommand, _ scope: Scope, _ space: Space) {
    if command.name == "data" {
      data(command, scope, space)
      return
    }
    if command.name == "arc" {
      arc(command, scope, space)
      return
    }
    if command.name == "lines" {
      // As SwiftUI's addLines: a new subpath from the first point.
      var first = true
      for arg in command.arguments {
        if let label = arg.label {
          evaluator.report(.unknownArgumentLabel(label, of: "lines"), arg.labelRange)
          continue
        }
        guard let p = point(evaluator.eval(arg.value, scope), arg.value.range, space) else {
          broken = true
          continue
        }
        first ? moveTo(p) : lineTo(p)
        first = false
      }
      return
    }
    let names = PathBuilder.parameters(of: command.name)
    let args = evaluator.bind(command.arguments, to: names, required: names, callee: command.name, at: command.range)
    // The points in parameter order: `to`, then the controls.
    // Each argument is read (and reports its errors) before any failure
    // stops the command.
    var points: [Point] = []
    points.reserveCapacity(names.count)
    for i in names.indices {
      if let a = args[position: i], let p = point(evaluator.eval(a.value, scope), a.value.range, space) {
        points.append(p)
      }
    }
    guard points.count == names.count else {
      broken = true
      return
    }
    guard args.ok else {
      broken = true
      return
    }
    if command.name != "move" && command.name != "close" && current == nil {
      if broken { return }
      evaluator.report(.pathNeedsMove(command.name), command.nameRange)
      // One missing `move`, one error: the commands after it are not
      // reported again.
      broken = true
      return
    }
    switch command.name {
    case "move": moveTo(points[0])
    case "line": lineTo(points[0])
    case "quad":
      append(.quad(control: points[1], to: points[0]))
      current = points[0]
    case "cubic":
      append(.cubic(c1: points[1], c2: points[2], to: points[0]))
      current = points[0]
    case "close":
      if current != nil {
        append(.close)
        current = subpathStart
      }
    default: break
    }
  }

  /// `data "M…"`: SVG path data inside a path, its coordinates in the
  /// current space (points of the frame, or fractions of a `within`
  /// rectangle); it starts with its own move.
  private mutating func data(_ command: PathCommand, _ scope: Scope, _ space: Space) {
    let args = evaluator.bind(command.arguments, to: ["svg"], required: ["svg"], callee: "data", at: command.range)
    guard args.ok, let a = args["svg"], let elements = evaluator.pathData(a.value, scope) else {
      broken = true
      return
    }
    let map: Transform
    switch space {
    case .frame: map = .identity
    case .unit(let origin, let size): map = .translation(origin.x, origin.y) * .scale(size.width, size.height)
    }
    for e in elements {
      if overflowed { return }
      let m = LayoutEngine.mapped(e, map)
      switch m {
      case .move(let p): moveTo(p)
      case .line(let p): lineTo(p)
      case .quad(_, let p), .cubic(_, _, let p):
        append(m)
        current = p
      case .close:
        append(.close)
        current = subpathStart
      }
    }
  }

  mutating func moveTo(_ p: Point) {
    append(.move(p))
    current = p
    subpathStart = p
  }

  mutating func lineTo(_ p: Point) {
    append(.line(p))
    current = p
  }
}
