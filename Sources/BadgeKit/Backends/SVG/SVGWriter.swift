// The SVG backend: a `Scene` in, SVG 1.1 text out. Paths are written in
// canvas coordinates; a path drawn several times with the same scale (the
// repeated symbol) is defined once and placed with `<use>` when that is
// shorter. Gradients, clips, masks and filters are in `userSpaceOnUse`,
// defined once in `<defs>` however often they are used; a lone fill's
// opacity becomes `fill-opacity` (no layer), a group's `<g opacity>`.
// Strokes and paints are in SVGPaint.swift, conic gradients in
// SVGConic*.swift, clips, masks, shadows and blurs in SVGEffects.swift.

/// Writes one scene as an SVG document.
public struct SVGWriter {
  /// The layout record whose nodes the shapes name (`--source-map`), if
  /// asked for.
  public var sourceMap: LayoutRecord?
  public init(sourceMap: LayoutRecord? = nil) { self.sourceMap = sourceMap }

  public func write(_ scene: Scene) -> String { write(scene, limit: .max)! }

  /// The SVG of `scene`, or nil when it would be longer than `limit` bytes:
  /// known at once when its paths alone must take more (at least four
  /// bytes a segment), else as soon as the text written passes the limit.
  public func write(_ scene: Scene, limit: Int) -> String? {
    let plan = ReusePlan(scene)
    var least = 0
    // Only fills drawn in the body count here: a mask's content, and the
    // shape of a conic gradient's fill, are definitions, which identical
    // ones share.
    func leastOf(_ nodes: [SceneNode]) -> Bool {
      for node in nodes {
        switch node {
        case .fill(let f):
          if f.path.elements.isEmpty {
            continue
          } else if case .conic = f.paint {
            least += 20
          } else {
            let shared = plan.sharedIndex(f) != nil
            least += shared ? 30 : 20 + 4 * f.path.elements.count
          }
          if least > limit { return false }
        case .mask(_, let children):
          if !leastOf(children) { return false }
        default:
          if !leastOf(node.children) { return false }
        }
      }
      return true
    }
    if !leastOf(scene.nodes) { return nil }
    var state = State(plan: plan, limit: limit, scene: scene)
    state.sourceMap = sourceMap
    var body = ""
    state.write(scene.nodes, indent: "  ", into: &body)
    if state.overflowed { return nil }

    let w = SVGText.number(scene.size.width)
    let h = SVGText.number(scene.size.height)
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\""
    if !state.plan.shared.isEmpty { out += " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" }
    out += " width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
    out += "  <title>\(SVGText.escaped(scene.name))</title>\n"
    if !state.defs.isEmpty || !state.plan.shared.isEmpty {
      out += "  <defs>\n"
      for (i, s) in state.plan.shared.enumerated() {
        out += "    <path id=\"p\(i)\" d=\"\(s.path.svgData(.scale(s.scale, s.scale)))\"/>\n"
      }
      out += state.defs
      out += "  </defs>\n"
    }
    out += body
    out += "</svg>\n"
    return out.utf8.count <= limit ? out : nil
  }

  /// Which (path, scale) pairs are defined once and reused.
  struct ReusePlan {
    struct Shared: Hashable {
      var path: ScenePath
      /// Scale key: the similarity scale in billionths.
      var key: Int64
      /// The scale itself, baked into the shared definition (not part of
      /// the identity: copies differing in the last bits share).
      var scale: Double
      /// The path's hash, taken once: a text's path has thousands of
      /// segments, and a dictionary hashes its key at every lookup.
      var digest: Int

      init(path: ScenePath, key: Int64, scale: Double, digest: Int) {
        self.path = path
        self.key = key
        self.scale = scale
        self.digest = digest
      }

      static func == (l: Shared, r: Shared) -> Bool { l.key == r.key && l.digest == r.digest && l.path == r.path }
      func hash(into h: inout Hasher) {
        h.combine(key)
        h.combine(digest)
      }
    }
    var shared: [Shared] = []
    var index: [Shared: Int] = [:]
    /// The paths' hashes by their storage: the fills that share one path
    /// (a shape made once for its size) hash it once, not at every look-up
    /// (it was a tenth of writing a grid of small shapes). The scene holds
    /// every path while it is written, so no storage is reused meanwhile.
    private let digests = PathDigests()

    /// Each path's hash, by the address of its elements' storage.
    final class PathDigests {
      private var known: [UnsafeRawPointer: Int] = [:]
      func of(_ path: ScenePath) -> Int {
        guard let key = path.storage else { return path.hashValue }
        if let d = known[key] { return d }
        let d = path.hashValue
        known[key] = d
        return d
      }
    }

    init(_ scene: Scene) {
      var counts: [Shared: Int] = [:]
      var order: [Shared] = []
      scene.forEachFill { f in
        guard let s = candidate(f) else { return }
        if counts[s] == nil { order.append(s) }
        counts[s, default: 0] += 1
      }
      for s in order where counts[s]! > 1 {
        // Reuse only where it makes the file smaller.
        let n = counts[s]!
        let inline = s.path.svgData(.identity).utf8.count + 12
        let defined = inline + n * 60
        if defined < n * inline {
          index[s] = shared.count
          shared.append(s)
        }
      }
    }

    /// A solid fill or stroke under a rotation-and-scale map can be a
    /// `<use>`: the shared path holds the geometry (the scale baked in),
    /// the `<use>` its paint and stroke style (in the same units). A
    /// mask's content may share it too: whitening changes the paint only.
    func candidate(_ f: Fill) -> Shared? {
      // (The layout keeps scales far below 9e9, where the key would
      // overflow; a scale past that is simply not shared.)
      guard case .solid = f.paint, let s = f.transform.similarityScale, s < 9e9 else { return nil }
      return Shared(path: f.path, key: Int64((s * 1e9).rounded()), scale: s, digest: digests.of(f.path))
    }

    /// The index of `f`'s shared definition, if it has one (nothing is
    /// hashed when nothing is shared).
    func sharedIndex(_ f: Fill) -> Int? {
      guard !index.isEmpty, let key = candidate(f) else { return nil }
      return index[key]
    }
  }

  /// Writing state: the reuse plan, the definitions so far and where the
  /// writer is in the scene's groups.
  struct State {
    let plan: ReusePlan
    /// The most bytes the document may take.
    let limit: Int
    /// The canvas, in points.
    let canvas: Size
    /// Each group's box (`SVGGroupBoxes`), in the order they are met.
    let boxes: [SVGBox?]
    /// The next group's place in `boxes`.
    var nextGroup = 0
    /// The `<defs>` content so far (shared paths aside).
    var defs = ""
    /// Each definition's text (without its id) and its id.
    var definitions: [String: String] = [:]
    /// How many definitions have each id prefix.
    var counts: [String: Int] = [:]
    /// Bytes written into the buffers of enclosing definitions (a mask's
    /// content), not yet in `defs`.
    var pending = 0
    /// Whether the body and definitions passed `limit` (writing stopped).
    var overflowed = false
    /// The layout record for `data-` attributes, if asked for.
    var sourceMap: LayoutRecord?

    init(plan: ReusePlan, limit: Int, scene: Scene) {
      self.plan = plan
      self.limit = limit
      canvas = scene.size
      boxes = SVGGroupBoxes(scene.nodes).inner
    }

    /// Writes `nodes` at `indent`; in a mask's content (`whiten`) with
    /// every colour white.
    mutating func write(_ nodes: [SceneNode], indent: String, whiten: Bool = false, into out: inout String) {
      for node in nodes {
        if pending + out.utf8.count + defs.utf8.count > limit { overflowed = true }
        if overflowed { return }
        switch node {
        case .fill(let f):
          // An empty path draws nothing (and `d` may not be empty).
          if f.path.elements.isEmpty { continue }
          if case .conic(let g) = f.paint {
            out += conic(f, g, indent: indent, whiten: whiten)
          } else {
            out += indent + element(f, whiten: whiten) + "\n"
          }
        default:
          group(node, indent: indent, whiten: whiten, into: &out)
        }
      }
    }

    /// The indentation of a group's children. It stops growing past 32
    /// levels: deep groups stay readable without making the file
    /// quadratic in their depth.
    static func deeper(_ indent: String) -> String { indent.count < 66 ? indent + "  " : indent }

    /// Adds the definition `<element id="…"` + `rest` to `<defs>` unless
    /// an identical one is there, and returns its id: the `prefix` and a
    /// number. `rest` holds the other attributes, the content and the end
    /// tag, with its line break.
    mutating func define(_ prefix: String, _ element: String, _ rest: String) -> String {
      let key = element + rest
      if let id = definitions[key] { return id }
      let n = counts[prefix, default: 0]
      counts[prefix] = n + 1
      let id = prefix + String(n)
      defs += "    <\(element) id=\"\(id)\"" + rest
      definitions[key] = id
      return id
    }
  }
}
