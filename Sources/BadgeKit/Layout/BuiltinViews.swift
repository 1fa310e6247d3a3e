// Built-in views that are not shapes: `spacer(minLength:)` (and, with its
// own file, `text`). Takes a call's arguments; hands on what the view
// needs to size itself.

/// A built-in view other than a shape.
enum BuiltinView: String, CaseIterable {
  /// `spacer(minLength:)`: room that grows along its stack.
  case spacer
  /// `text("…", radius:, angle:, side:)`: a line of text.
  case text

  /// The view's argument labels, in order.
  var parameters: [String] {
    switch self {
    case .spacer: return ["minLength"]
    case .text: return LayoutEngine.textParameters
    }
  }
}

extension LayoutEngine {
  /// A spacer's least length in points: `minLength:` (default SwiftUI's
  /// spacing, 8). Errors are reported; they give the default.
  func spacerLength(_ args: [Argument], _ scope: Scope, at range: SourceRange) -> Double {
    let bound = evaluator.bind(args, to: BuiltinView.spacer.parameters, callee: "spacer", at: range)
    guard bound.ok, let a = bound["minLength"] else { return LayoutEngine.defaultSpacing }
    guard let x = evaluator.length(evaluator.eval(a.value, scope), axis: nil, a.value.range) else {
      return LayoutEngine.defaultSpacing
    }
    guard x >= 0 else {
      evaluator.report(.badLength("'minLength:' is negative; expected a length of 0 or more"), a.value.range)
      return LayoutEngine.defaultSpacing
    }
    guard x <= LayoutEngine.maximumCoordinate else {
      evaluator.report(.coordinateOutOfRange(LayoutEngine.magnitude(x)), a.value.range)
      return LayoutEngine.defaultSpacing
    }
    return x
  }
}
