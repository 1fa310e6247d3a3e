// The layout tree, recorded while the layout draws when a caller asks for
// it (`CompileOptions.recordLayout`): every element with the size proposed
// to it, the size it chose and where its frame landed. `badgec explain`
// prints it (Explain.swift), `--debug-frames` draws it (DebugFrames.swift),
// `--source-map` and the preview link the SVG's shapes to it. Recording
// changes nothing that is drawn.

/// One element as the layout placed it. Sizes are in points of the
/// element's own frame; transforms map that frame onto the canvas
/// (points, y down).
public struct LayoutNode: Equatable, Sendable {
  /// What kind of element it is.
  public enum Kind: String, Sendable {
    case badge, component, stack, geometry, shape, path, text, spacer
  }
  /// Why the element is drawn where it is: as content of its parent, or as
  /// the shape or content of one of the parent's modifiers.
  public enum Role: String, Sendable {
    case content, clipShape, mask, overlay, background
  }
  public var kind: Kind
  /// The element as written, without its modifiers or block, whitespace
  /// collapsed and cut at 60 characters: `RotatedBadgeSymbol(angle: …)`.
  public var label: String
  /// Where it is written (the whole element, modifiers included).
  public var range: SourceRange
  /// The name of the file it is written in, and the line and column
  /// (1-based, columns in characters) where it starts.
  public var file = ""
  public var line = 0
  public var column = 0
  /// `file:line:col`.
  public var location: String { "\(file):\(line):\(column)" }
  /// The node it is drawn inside (nil for the badge, node 0).
  public var parent: Int?
  public var children: [Int] = []
  public var role: Role = .content
  /// The proposal its parent made (nil: unspecified, SwiftUI's nil).
  public var proposedWidth: Double?
  public var proposedHeight: Double?
  /// The size it chose for that proposal, modifiers included.
  public var size: Size
  /// Maps its frame (origin at the top-left of `size`) onto the canvas.
  public var transform: Transform
  /// Its modifiers as written, innermost first (those a `repeat` hands
  /// its copies last).
  public var modifiers: [String] = []
  /// The view inside its modifiers: what it was proposed, the size it
  /// chose and the map of that frame onto the canvas (the same as the
  /// outer ones without modifiers that move, resize or turn it).
  public var contentProposedWidth: Double?
  public var contentProposedHeight: Double?
  public var contentSize: Size
  public var contentTransform: Transform
  /// The unit point of the content frame that `.rotate` or `.scale` turn
  /// or scale about (the outermost one), if it has any.
  public var anchor: Point?
  /// For a straight text, the lines it was set in, as drawn (wrapped,
  /// shrunk or cut with `…`).
  public var lines: [String] = []

  public init(kind: Kind, label: String, range: SourceRange, size: Size, transform: Transform) {
    self.kind = kind
    self.label = label
    self.range = range
    self.size = size
    self.transform = transform
    self.contentSize = size
    self.contentTransform = transform
  }
}

/// The layout tree of one badge: node 0 is the badge (its size the
/// canvas), every other node's parent comes before it.
public struct LayoutRecord: Equatable, Sendable {
  public var nodes: [LayoutNode]

  /// The names of the components `node` is drawn inside, outermost first.
  public func componentChain(of node: Int) -> [String] {
    var chain: [String] = []
    var at = nodes[node].parent
    while let i = at {
      if nodes[i].kind == .component { chain.append(nodes[i].label) }
      at = nodes[i].parent
    }
    return chain.reversed()
  }
}

/// Collects nodes while the layout draws. Transforms inside a component's
/// body are recorded as drawn, in the component's own frame, and mapped
/// onto the canvas once the layout is done (`finished`).
final class LayoutRecorder {
  /// The compilation's files, for the labels.
  let files: [SourceFile]
  var nodes: [LayoutNode] = []
  /// The node being drawn now: new nodes are its children, fills its.
  var current: Int?
  /// The role of the nodes made directly under `parent` now (a
  /// modifier's content).
  var role: (parent: Int?, role: LayoutNode.Role)?
  /// The most nodes kept (the view budget bounds them too).
  static let maximumNodes = 100_000

  init(files: [SourceFile]) { self.files = files }

  /// The source text of `range`, whitespace collapsed, cut at `cut`
  /// characters with `…`; a block from `block` on is shown as `{ … }`.
  func text(_ range: SourceRange, block: Int? = nil, cut: Int = 60) -> String {
    guard range.file < files.count else { return "" }
    let file = files[range.file]
    let end = min(range.end, block ?? range.end, range.start + 4 * cut, file.bytes.count)
    guard range.start < end else { return "" }
    var out = ""
    var space = false
    for c in file.text(range.start..<end).unicodeScalars {
      if c == " " || c == "\n" || c == "\t" || c == "\r" {
        space = !out.isEmpty
        continue
      }
      if space { out += " " }
      space = false
      out.unicodeScalars.append(c)
    }
    if block != nil && block! < range.end { out += out.isEmpty ? "{ … }" : " { … }" }
    if out.unicodeScalars.count > cut {
      out = String(String.UnicodeScalarView(out.unicodeScalars.prefix(cut - 1))) + "…"
    }
    return out
  }

  /// Starts a node under `current` and makes it current; nil when the
  /// record is full.
  func begin(_ node: LayoutNode) -> Int? {
    guard nodes.count < LayoutRecorder.maximumNodes else { return nil }
    var node = node
    node.parent = current
    if let role, role.parent == current { node.role = role.role }
    let index = nodes.count
    nodes.append(node)
    if let parent = current { nodes[parent].children.append(index) }
    return index
  }

  /// The record with every transform on the canvas: a component's children
  /// were drawn in its content frame, so that frame's map is applied to
  /// them and everything inside them.
  func finished(_ files: [SourceFile]) -> LayoutRecord {
    var out = nodes
    // The map onto the canvas of the frame each node was drawn in.
    var base = [Transform](repeating: .identity, count: out.count)
    for i in out.indices {
      if let p = out[i].parent {
        base[i] = out[p].kind == .component ? out[p].contentTransform : base[p]
      }
      out[i].transform = base[i] * out[i].transform
      out[i].contentTransform = base[i] * out[i].contentTransform
      let r = out[i].range
      if r.file < files.count {
        let at = files[r.file].location(of: r.start)
        out[i].file = files[r.file].name
        out[i].line = at.line
        out[i].column = at.column
      }
    }
    return LayoutRecord(nodes: out)
  }
}

extension LayoutEngine {
  /// Records `view` about to be drawn for `proposal` through `t`, and makes
  /// it the current node for what `body` draws.
  func recording(_ view: ViewInstance, _ proposal: ProposedSize, _ t: Transform, _ body: () -> Void) {
    guard let recorder, view.element.primary.isDrawn else { return body() }
    var (kind, label) = describe(view)
    if !view.copies.isEmpty {
      label += " [" + view.copies.map { "\($0.name) = \($0.index)" }.joined(separator: ", ") + "]"
    }
    var node = LayoutNode(kind: kind, label: label, range: view.element.range, size: size(view, proposal), transform: t)
    node.proposedWidth = proposal.width
    node.proposedHeight = proposal.height
    node.contentProposedWidth = proposal.width
    node.contentProposedHeight = proposal.height
    node.modifiers = view.modifiers.map { recorder.text($0.modifier.range, block: $0.modifier.content?.range.start) }
    guard let index = recorder.begin(node) else { return body() }
    let outer = recorder.current
    recorder.current = index
    body()
    recorder.current = outer
  }

  /// Records the content frame of the current node: the view inside its
  /// modifiers, proposed `p`, of `size`, mapped by `t`.
  func recordContent(_ p: ProposedSize, _ size: Size, _ t: Transform) {
    guard let recorder, let i = recorder.current else { return }
    recorder.nodes[i].contentProposedWidth = p.width
    recorder.nodes[i].contentProposedHeight = p.height
    recorder.nodes[i].contentSize = size
    recorder.nodes[i].contentTransform = t
  }

  /// Records the lines a text was set in, on the current node.
  func recordLines(_ lines: [String]) {
    guard let recorder, let i = recorder.current else { return }
    recorder.nodes[i].lines = lines
  }

  /// Records the anchor of a `.rotate` or `.scale` of the current node:
  /// the outermost one is drawn last, so the first recorded stays.
  func recordAnchor(_ anchor: Point) {
    guard let recorder, let i = recorder.current, recorder.nodes[i].anchor == nil else { return }
    recorder.nodes[i].anchor = anchor
  }

  /// `body` drawn with the nodes it makes recorded in `role`.
  func recording(role: LayoutNode.Role, _ body: () -> Void) {
    guard let recorder else { return body() }
    let outer = recorder.role
    recorder.role = (recorder.current, role)
    body()
    recorder.role = outer
  }

  /// The kind of `view` and its label: the element as written, up to its
  /// first modifier or block.
  private func describe(_ view: ViewInstance) -> (LayoutNode.Kind, String) {
    let e = view.element
    var end = e.modifiers.first?.range.start ?? e.range.end
    let kind: LayoutNode.Kind
    switch e.primary {
    case .path(let body):
      kind = .path
      end = min(end, body.range.start)
    case .pathData: kind = .path
    case .stack(let s):
      kind = .stack
      end = min(end, s.body.range.start)
    case .geometry(let block):
      kind = .geometry
      end = min(end, block.range.start)
    case .repeat: kind = .geometry
    case .call(let name, _, _):
      if components[name] != nil {
        kind = .component
      } else if name == BuiltinView.text.rawValue {
        kind = .text
      } else if name == BuiltinView.spacer.rawValue {
        kind = .spacer
      } else {
        kind = .shape
      }
    }
    var range = e.range
    range.end = max(range.start, min(range.end, end))
    return (kind, recorder?.text(range) ?? "")
  }
}

extension Primary {
  /// Whether it is laid out as a view of its own (a `repeat` is expanded
  /// into its copies first).
  var isDrawn: Bool {
    if case .repeat = self { return false }
    return true
  }
}
