// Flexible frames: `.frame(minWidth:, idealWidth:, maxWidth:, minHeight:,
// idealHeight:, maxHeight:, alignment:)` as SwiftUI lays them out. Takes
// the modifier's evaluated arguments; hands on the proposal for the child
// and the frame's own size.

/// A flexible frame's bounds in points (nil: not given), per axis, and
/// where the child sits in it (a unit point).
struct FlexibleFrame: Hashable {
  /// The bounds of one axis.
  struct Bounds: Hashable {
    var least: Double?
    var ideal: Double?
    var most: Double?

    /// What the child is proposed: the frame's proposal (the ideal when
    /// there is none) limited to the bounds.
    func proposal(_ p: Double?) -> Double? {
      guard var x = p ?? ideal else { return nil }
      if let least { x = max(least, x) }
      if let most { x = min(most, x) }
      return x
    }

    /// The frame's extent for a child of extent `child` when the frame
    /// was proposed `p`: without bounds, the child's; with a least bound,
    /// the proposal (the child when it is smaller) but no less than the
    /// bound; with a most bound, the proposal (the child when it is
    /// larger) but no more than the bound.
    func extent(child: Double, _ p: Double?) -> Double {
      guard least != nil || most != nil else { return child }
      let offered = p ?? ideal ?? child
      var x = child
      if let least { x = max(least, min(x, offered)) }
      if let most { x = min(most, max(x, offered)) }
      return x
    }
  }

  var width: Bounds
  var height: Bounds
  var alignment: Point

  /// The modifier's labels for the bounds.
  static let parameters = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]

  func proposal(_ p: ProposedSize) -> ProposedSize {
    ProposedSize(width.proposal(p.width), height.proposal(p.height))
  }

  func size(child: Size, _ p: ProposedSize) -> Size {
    Size(width.extent(child: child.width, p.width), height.extent(child: child.height, p.height))
  }
}

extension LayoutEngine {
  /// A `.frame` with any of the flexible bounds. A fixed `width:` or
  /// `height:` beside them, a negative bound and a least bound above a most
  /// one are errors; only a most bound may be `infinity`.
  func resolveFlexibleFrame(_ m: Modifier, _ value: (String) -> (Value, SourceRange)?) -> ResolvedModifier? {
    let ev = evaluator
    for fixed in ["width", "height"] {
      if let (_, r) = value(fixed) {
        ev.report(
          .badLength(
            "'\(fixed):' cannot be given with the flexible bounds; expected 'min\(fixed.prefix(1).uppercased() + fixed.dropFirst()):' and 'max…:' only"
          ), r)
        return nil
      }
    }
    func bound(_ name: String) -> (Double?, ok: Bool) {
      guard let (v, r) = value(name) else { return (nil, true) }
      guard let x = ev.length(v, axis: nil, r) else { return (nil, false) }
      if x.isNaN || x < 0 {
        ev.report(.badLength("'\(name):' is negative; expected a length of 0 or more"), r)
        return (nil, false)
      }
      if !name.hasPrefix("max") && !x.isFinite {
        ev.report(.badLength("'\(name):' is infinite; only 'maxWidth:' and 'maxHeight:' may be 'infinity'"), r)
        return (nil, false)
      }
      return (x, true)
    }
    var axes: [FlexibleFrame.Bounds] = []
    for axis in ["Width", "Height"] {
      let (least, a) = bound("min" + axis)
      let (ideal, b) = bound("ideal" + axis)
      let (most, c) = bound("max" + axis)
      guard a, b, c else { return nil }
      if let least, let most, least > most, let (_, r) = value("min" + axis) {
        ev.report(.badLength("'min\(axis):' is larger than 'max\(axis):'"), r)
        return nil
      }
      axes.append(FlexibleFrame.Bounds(least: least, ideal: ideal, most: most))
    }
    var alignment = Point(0.5, 0.5)
    if let (v, r) = value("alignment") {
      guard let p = ev.unitPoint(v, r) else { return nil }
      alignment = p
    }
    return .flexibleFrame(FlexibleFrame(width: axes[0], height: axes[1], alignment: alignment))
  }
}
