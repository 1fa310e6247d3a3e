// The layout pass: the checked syntax tree and a canvas size in, a `Scene`
// out. SwiftUI's rules: the parent proposes a size, the child chooses its
// own, the parent places it. Sizing lives in Sizing.swift, placement and
// drawing in Drawing.swift, path geometry in PathBuilder.swift.

/// A component drawn once in its own frame (identity transform), reused
/// for every later instance with the same arguments, size and paint.
struct ComponentDrawing {
  struct Key: Hashable {
    var name: String
    var arguments: [Value]
    var size: Size
    var context: DrawContext
    var environment: TextEnvironment
    /// For a `: View` component, the proposal its children are proposed.
    var proposedWidth: Double?
    var proposedHeight: Double?
  }
  var nodes: [SceneNode]
  /// How many fills `nodes` hold.
  var fillCount: Int

  /// The most values (list items at any depth) the arguments of a cached
  /// drawing hold: hashing them costs as much at every use.
  static let maximumKeyWeight = 10_000

  /// Whether a drawing with these arguments is cached.
  static func cacheable(_ arguments: [Value]) -> Bool {
    var left = maximumKeyWeight
    for a in arguments {
      left -= a.weight(upTo: left + 1)
      if left < 0 { return false }
    }
    return true
  }
}

/// What is left of a limit on the layout's work, and whether running out
/// was reported (once).
struct Budget {
  var left: Int
  var reported = false
  init(_ limit: Int) { left = limit }
}

/// Lays out one badge. Holds the component table and the evaluator (with
/// the diagnostics and the components being drawn).
final class LayoutEngine {
  let evaluator: Evaluator
  let components: [String: ComponentDecl]
  /// Built-in constants and the top-level `let`s: what component bodies see.
  let globals: Scope
  /// How many more repeat copies may be made (see `maximumCopies`).
  var copyBudget = LayoutEngine.maximumCopies
  /// The most repeat copies one layout makes, counting every expansion.
  static let maximumCopies = 50_000
  /// How many more views may be laid out (see `maximumViews`).
  var viewBudget = LayoutEngine.maximumViews
  var viewBudgetReported = false
  /// The most views one layout makes: every element of every copy of
  /// every block expanded, each taken from the budget before it is made.
  /// Views in stacks are measured and memoised at several proposals:
  /// about 9 µs and 2 KB each, so the budget is about half a second and
  /// 100 MB at most.
  static let maximumViews = 50_000
  /// How deeply components may be used inside one another.
  static let maximumComponentDepth = 256
  /// How many more shapes may be drawn (see `maximumFills`).
  var fillBudget = Budget(LayoutEngine.maximumFills)
  /// The most shapes one badge draws.
  static let maximumFills = 100_000
  /// How many more shapes may be copied into callers of components (see
  /// `maximumCopiedShapes`).
  var copiedBudget = Budget(LayoutEngine.maximumCopiedShapes)
  /// The most shapes copied from component drawings into their callers, a
  /// copy at every level of components: bounds the scene's memory (about
  /// 240 bytes a shape) when components nest deep.
  static let maximumCopiedShapes = 400_000
  /// How many more path segments may be built (see `maximumSegments`).
  var segmentBudget = LayoutEngine.maximumSegments
  /// The most path segments one layout builds (a component drawn again
  /// with the same arguments reuses its paths and builds none): bounds the
  /// scene's memory, about 60 bytes a segment.
  static let maximumSegments = 500_000
  /// How many levels of views and modifiers the layout is inside right now
  /// (components, containers and modifier chains together).
  var nesting = 0
  var nestingReported = false
  /// The deepest the layout recurses: beyond it, an error instead of a
  /// stack overflow (components nest 256 deep, each body may nest blocks
  /// and modifiers 200 deep, and repeats hand their modifiers to copies).
  static let maximumNesting = 2_000
  /// Memoised expansions of blocks (see `expand`).
  var expansions: [ExpansionKey: (scope: Scope, instances: [ViewInstance])] = [:]
  /// Memoised sizes of instances, by instance and proposal.
  var sizes: [SizeKey: Size] = [:]
  /// Memoised resolved modifiers of instances, by instance and proposal.
  var resolvedModifiers: [SizeKey: ResolvedModifiers] = [:]
  /// Modifiers whose arguments have one value for the compilation,
  /// resolved once for each size (see FixedModifiers.swift).
  var fixedModifiers: [FixedModifierKey: (modifier: ResolvedModifier, steps: Int)] = [:]
  /// Whether each modifier's arguments are fixed, by its place.
  var modifierIsFixed: [SourceRange: Bool] = [:]
  private var instanceCount = 0

  struct SizeKey: Hashable {
    var id: Int
    var width: Double?
    var height: Double?
    /// Whether it was made while measuring (see `Evaluator.muted`): what
    /// reports errors is not shared with what was made silently.
    var probing = false
  }
  /// The fonts text is drawn with.
  let fonts: FontLibrary
  /// The key of a memo of `view`'s that reports errors as it is made: what
  /// is made while measuring (errors muted, see `Evaluator.muted`) is kept
  /// apart from what reports them.
  func reportingKey(_ view: ViewInstance) -> Int { view.id * 2 + (evaluator.muted > 0 ? 1 : 0) }

  /// Memoised scopes of sized-to-content components' uses, by
  /// `reportingKey` (see `measuredScope`).
  var componentScopes: [Int: Scope?] = [:]
  /// Memoised text environments and runs, by `reportingKey`.
  var environments: [Int: TextEnvironment] = [:]
  var textRuns: [Int: TextRun?] = [:]
  /// Texts set in a line, by what they depend on: a text is measured at
  /// each proposal in views made anew (a component sized to its content
  /// expands its body at each), and set once.
  var setLines: [SetLineKey: SetLine] = [:]
  /// What a line's setting depends on: the text, the font (a loaded font
  /// lives as long as the compilation), its size and the tracking added
  /// after each character, in points.
  struct SetLineKey: Hashable {
    var string: String
    var font: ObjectIdentifier
    var size: Double
    var spacing: Double
  }
  /// A set line, as `setLine` gives it: each glyph's pen position and
  /// advance in points from the line's start, the index of each glyph's
  /// character, the line's advance (points), points per font unit, and the
  /// first characters without a glyph.
  typealias SetLine = (
    glyphs: [(glyph: Int, x: Double, advance: Double)], indices: [Int], width: Double, scale: Double,
    missing: [Character]
  )
  /// Memoised lines of texts, by `reportingKey` and proposed width.
  var textBlocks: [BlockKey: TextBlock] = [:]
  var textCurves: [Int: (curve: TextCurve?, ok: Bool)] = [:]
  /// Memoised stack layouts, by instance and proposal.
  var stackPlacements: [SizeKey: StackPlacement] = [:]

  func newInstanceID() -> Int {
    instanceCount += 1
    return instanceCount
  }

  /// A built-in shape without arguments in a frame of one size.
  struct ShapeKey: Hashable {
    var shape: BuiltinShape
    var size: Size
  }
  /// Paths of built-in shapes already made (at most 10,000 kept).
  var shapePaths: [ShapeKey: ScenePath] = [:]
  /// Where a once-only error was reported (see `reportOnce`).
  var reportedOnce: Set<SourceRange> = []

  /// The layout tree being recorded, when asked for.
  var recorder: LayoutRecorder?

  /// Components already drawn, in their own frames.
  var componentDrawings: [ComponentDrawing.Key: ComponentDrawing] = [:]

  init(file: BadgeFile, evaluator: Evaluator, globals: Scope, fonts: FontOptions = FontOptions()) {
    self.evaluator = evaluator
    self.fonts = FontLibrary(options: fonts)
    self.globals = globals
    var table: [String: ComponentDecl] = [:]
    for c in file.components where table[c.name] == nil { table[c.name] = c }
    self.components = table
  }

  /// `body()` run with `view` and its modifiers counted as `nesting`
  /// levels, or `fallback` (after one report) when that is too deep.
  func nested<T>(_ view: ViewInstance, otherwise fallback: T, _ body: () -> T) -> T {
    let levels = 1 + view.element.modifiers.count + view.inherited.count
    guard nesting + levels <= LayoutEngine.maximumNesting else {
      if !nestingReported {
        evaluator.report(.layoutTooDeep(LayoutEngine.maximumNesting), view.element.range)
        nestingReported = true
      }
      return fallback
    }
    nesting += levels
    defer { nesting -= levels }
    return body()
  }

  /// The canvas of a badge declared `size fit` (or `size fit, H`): on a
  /// fitted axis, its content's ideal size (each element proposed nothing
  /// there, SwiftUI's nil, as a window sizing itself to its content),
  /// rounded up to a thousandth and at least 1 point; the declared length
  /// on the other. `width` and `height` in the body are 10 points on a
  /// fitted axis while it is measured, then the canvas.
  func fittedCanvas(_ badge: BadgeDecl, width: Double?, height: Double?) -> Size {
    let proposal = ProposedSize(width, height)
    var w = 0.0
    var h = 0.0
    for child in expand(badge.body, in: globals, geometry: proposal.filled, environment: TextEnvironment()) {
      let s = size(child, proposal)
      w = max(w, s.width)
      h = max(h, s.height)
    }
    func side(_ x: Double) -> Double { max(1, (x * 1000 - 1e-6).rounded(.up) / 1000) }
    return Size(width ?? side(w), height ?? side(h))
  }

  /// The scene of `badge` on a `canvas`-sized canvas. Each element of the badge's body is proposed the
  /// whole canvas and centred in it, as a root view is in a window.
  func layout(_ badge: BadgeDecl, canvas: Size) -> Scene {
    let proposal = ProposedSize(canvas)
    var nodes: [SceneNode] = []
    if let recorder {
      var root = LayoutNode(
        kind: .badge, label: "badge " + badge.name, range: badge.range, size: canvas, transform: .identity)
      root.proposedWidth = canvas.width
      root.proposedHeight = canvas.height
      root.contentProposedWidth = canvas.width
      root.contentProposedHeight = canvas.height
      recorder.current = recorder.begin(root)
    }
    let children = expand(badge.body, in: globals, geometry: canvas, environment: TextEnvironment())
    // A node a child at least: reserved once, so that a scene of many
    // shapes is not held twice while its list doubles.
    nodes.reserveCapacity(children.count)
    for child in children {
      let s = size(child, proposal)
      let origin = Point((canvas.width - s.width) / 2, (canvas.height - s.height) / 2)
      draw(child, proposal, .translation(origin.x, origin.y), DrawContext(), into: &nodes)
    }
    finish(&nodes, at: badge.nameRange, canvas: canvas)
    return Scene(name: badge.name, size: canvas, nodes: nodes)
  }
}
