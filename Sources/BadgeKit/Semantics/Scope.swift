// Scopes: the names visible where an expression is evaluated. A chain of
// small frames, innermost first; globals (built-in constants and top-level
// lets) sit at the root.

/// A frame of names and their values, with a link to the enclosing frame.
final class Scope {
  let parent: Scope?
  private var names: [String: Value]

  init(parent: Scope?, names: [String: Value] = [:]) {
    self.parent = parent
    self.names = names
  }

  /// A new innermost frame holding `names`.
  func child(_ names: [String: Value]) -> Scope { Scope(parent: self, names: names) }

  /// Binds `name` in this frame.
  func define(_ name: String, _ value: Value) { names[name] = value }

  func lookup(_ name: String) -> Value? {
    var s: Scope? = self
    while let scope = s {
      if let v = scope.names[name] { return v }
      s = scope.parent
    }
    return nil
  }

  /// A frame where `width` and `height` are `size` (the GeometryReader
  /// size of what is being evaluated).
  func withGeometry(_ size: Size) -> Scope {
    child(["width": .length(size.width), "height": .length(size.height)])
  }
}
