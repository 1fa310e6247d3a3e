// `--debug-frames`: the layout record drawn over the badge as scene nodes,
// so that every backend draws it alike. Each element's frame is outlined
// (components dashed in magenta, stacks and geometry readers in blue,
// shapes, paths and text in orange); where its modifiers move, resize or
// turn what they wrap, that inner frame is outlined too, fainter; and a dot
// marks its anchor (the `.rotate`/`.scale` anchor, else the centre,
// SwiftUI's default).

enum DebugFrames {
  /// The line width, dash lengths and anchor dot radius, in canvas points.
  static let lineWidth = 1.0
  static let dash = [4.0, 2.0]
  static let dotRadius = 1.5

  /// The colour of a node's outlines.
  static func colour(_ kind: LayoutNode.Kind) -> RGBA {
    switch kind {
    case .component, .badge: return RGBA(r: 1, g: 0, b: 1)
    case .stack, .geometry: return RGBA(r: 0, g: 0.45, b: 1)
    case .shape, .path, .text, .spacer: return RGBA(r: 1, g: 0.45, b: 0)
    }
  }

  /// The outlines and dots of every node but the badge, in record order
  /// (parents under their children).
  static func nodes(_ record: LayoutRecord) -> [SceneNode] {
    var out: [SceneNode] = []
    for node in record.nodes.dropFirst() {
      let colour = colour(node.kind)
      let dashed = node.kind == .component
      outline(node.size, node.transform, colour, opacity: 1, dashed: dashed, into: &out)
      if node.contentSize != node.size || node.contentTransform != node.transform {
        outline(node.contentSize, node.contentTransform, colour, opacity: 0.5, dashed: true, into: &out)
      }
      let anchor = node.anchor ?? Point(0.5, 0.5)
      let centre = node.transform.apply(Point(anchor.x * node.size.width, anchor.y * node.size.height))
      out.append(
        .fill(
          Fill(
            path: BuiltinShape.ellipse(
              Point(centre.x - dotRadius, centre.y - dotRadius), Size(2 * dotRadius, 2 * dotRadius)),
            transform: .identity, paint: .solid(colour), opacity: 1, rule: .nonZero)))
    }
    return out
  }

  /// The outline of a frame of `size` drawn through `t`, one canvas
  /// point wide whatever `t` scales it by; nothing for a frame `t`
  /// flattens.
  private static func outline(
    _ size: Size, _ t: Transform, _ colour: RGBA, opacity: Double, dashed: Bool, into out: inout [SceneNode]
  ) {
    let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
    guard scale > 1e-9, scale.isFinite, size.width.isFinite, size.height.isFinite else { return }
    let style = StrokeStyle(width: lineWidth / scale, dash: dashed ? dash.map { $0 / scale } : [])
    out.append(
      .fill(
        Fill(
          path: LayoutEngine.rectangle(size), transform: t, paint: .solid(colour), opacity: opacity, rule: .nonZero,
          stroke: style)))
  }
}
