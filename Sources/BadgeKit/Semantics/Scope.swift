// Scopes: the names visible where an expression is evaluated. A chain of
// small frames, innermost first; globals (built-in constants and top-level
// lets) sit at the root. Frames are tiny (usually one name), so each is a
// pair of arrays searched in order: no hashing on the hot path.

/// A frame of names and their values, with a link to the enclosing frame.
final class Scope {
  let parent: Scope?
  private var names: [String]
  private var values: [Value]

  init(parent: Scope?, names: [String: Value] = [:]) {
    self.parent = parent
    let sorted = names.sorted { $0.key < $1.key }
    self.names = sorted.map(\.key)
    self.values = sorted.map(\.value)
  }

  private init(parent: Scope, name: String, value: Value) {
    self.parent = parent
    self.names = [name]
    self.values = [value]
  }

  /// A new innermost frame holding `names`.
  func child(_ names: [String: Value]) -> Scope { Scope(parent: self, names: names) }

  /// A new innermost frame holding one name.
  func child(_ name: String, _ value: Value) -> Scope { Scope(parent: self, name: name, value: value) }

  /// Binds `name` in this frame (replacing an earlier binding here).
  func define(_ name: String, _ value: Value) {
    if let i = names.firstIndex(of: name) {
      values[i] = value
    } else {
      names.append(name)
      values.append(value)
    }
  }

  func lookup(_ name: String) -> Value? {
    var s: Scope? = self
    while let scope = s {
      // Later bindings in a frame win.
      var i = scope.names.count - 1
      while i >= 0 {
        if scope.names[i] == name { return scope.values[i] }
        i -= 1
      }
      s = scope.parent
    }
    return nil
  }

  /// A frame where `width` and `height` are `size` (the GeometryReader
  /// size of what is being evaluated).
  func withGeometry(_ size: Size) -> Scope {
    let s = Scope(parent: self, name: "width", value: .length(size.width))
    s.names.append("height")
    s.values.append(.length(size.height))
    return s
  }
}
