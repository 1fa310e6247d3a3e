// Scopes: the names visible where an expression is evaluated. A chain of
// frames, innermost first; globals (built-in constants and top-level lets)
// sit at the root. Every look-up costs time in the number of frames (the
// nesting of the source), never in the number of names:
// - a frame of one name (a repeat's index) holds it directly; a small
//   frame (`width` and `height`) is a pair of arrays searched in order,
//   with a hash index once it grows past a few names (the globals);
// - a run of `let`s in one block or path shares one `LetRun`: each `let`
//   makes a new scope that sees the run up to itself, without adding a
//   frame, so ten thousand lets in a path are one frame deep.

/// A frame of names and their values, with a link to the enclosing frame.
final class Scope {
  let parent: Scope?
  private var names: [String]
  private var values: [Value]
  /// A frame of one binding (a repeat's copy) holds it here, without the
  /// two arrays (made for every copy of a large repeat).
  private var sole: (name: String, value: Value)? = nil
  /// Positions in `names` by name, once the frame has more than a few.
  private var index: [String: Int]?
  /// The run of lets this scope belongs to, and how many of its bindings
  /// it sees.
  private let run: LetRun?
  private let version: Int
  /// For the global scope: the appearance whose built-in names it sees
  /// below its own (`Builtins.value(named:colorScheme:)`).
  private var builtins: ColorScheme? = nil

  /// Frames with more names than this get a hash index.
  private static let linearLimit = 8

  init(parent: Scope?, names: [String: Value] = [:]) {
    self.parent = parent
    let sorted = names.sorted { $0.key < $1.key }
    self.names = sorted.map(\.key)
    self.values = sorted.map(\.value)
    self.run = nil
    self.version = 0
    if self.names.count > Scope.linearLimit { buildIndex() }
  }

  /// The global scope: no names of its own yet (the top-level lets are
  /// defined in it), and the built-ins of `colorScheme` below them.
  init(builtinsFor colorScheme: ColorScheme) {
    self.parent = nil
    self.names = []
    self.values = []
    self.run = nil
    self.version = 0
    self.builtins = colorScheme
  }

  private init(parent: Scope?, name: String, value: Value) {
    self.parent = parent
    self.names = []
    self.values = []
    self.sole = (name, value)
    self.run = nil
    self.version = 0
  }

  /// `width` and `height`, their arrays made at their size.
  private init(parent: Scope, geometry size: Size) {
    self.parent = parent
    self.names = ["width", "height"]
    self.values = [.length(size.width), .length(size.height)]
    self.run = nil
    self.version = 0
  }

  private init(parent: Scope?, run: LetRun, version: Int) {
    self.parent = parent
    self.names = []
    self.values = []
    self.run = run
    self.version = version
  }

  private func buildIndex() {
    var table: [String: Int] = [:]
    for (i, n) in names.enumerated() { table[n] = i }
    index = table
  }

  /// A new innermost frame holding `names`.
  func child(_ names: [String: Value]) -> Scope { Scope(parent: self, names: names) }

  /// A new innermost frame holding one name.
  func child(_ name: String, _ value: Value) -> Scope { Scope(parent: self, name: name, value: value) }

  /// The scope after `let name = value` in a block or path: when `self`
  /// is the newest scope of a run of lets, the run grows by one binding
  /// (no new frame); otherwise a new run starts here.
  func afterLet(_ name: String, _ value: Value) -> Scope {
    if let run, version == run.count {
      run.append(name, value)
      return Scope(parent: parent, run: run, version: run.count)
    }
    let run = LetRun()
    run.append(name, value)
    return Scope(parent: self, run: run, version: 1)
  }

  /// Binds `name` in this frame (replacing an earlier binding here).
  func define(_ name: String, _ value: Value) {
    precondition(run == nil, "a let run is extended with afterLet")
    if let sole {
      self.sole = nil
      names = [sole.name]
      values = [sole.value]
    }
    if let i = position(of: name) {
      values[i] = value
      return
    }
    names.append(name)
    values.append(value)
    if index != nil {
      index![name] = names.count - 1
    } else if names.count > Scope.linearLimit {
      buildIndex()
    }
  }

  /// Where `name` is bound in this frame's arrays.
  private func position(of name: String) -> Int? {
    if let index { return index[name] }
    // Later bindings in a frame win.
    var i = names.count - 1
    while i >= 0 {
      if names[i] == name { return i }
      i -= 1
    }
    return nil
  }

  func lookup(_ name: String) -> Value? { binding(of: name)?.value }

  /// Whether `name` here has one value for the whole compilation: a
  /// top-level let (bound in the global frame, before layout) or a
  /// built-in, not bound in any frame inside. Which frames bind which
  /// names depends only on where the code is written, so the answer is
  /// the same at every evaluation of one place.
  func isFixed(_ name: String) -> Bool { binding(of: name)?.global ?? false }

  /// The value `name` is bound to here, and whether the global frame (a
  /// top-level let or a built-in) binds it.
  @inline(__always) private func binding(of name: String) -> (value: Value, global: Bool)? {
    var s: Scope? = self
    while let scope = s {
      if let run = scope.run {
        if let v = run.lookup(name, before: scope.version) { return (v, false) }
      } else if let sole = scope.sole {
        if sole.name == name { return (sole.value, scope.builtins != nil) }
      } else if let i = scope.position(of: name) {
        return (scope.values[i], scope.builtins != nil)
      }
      if let colorScheme = scope.builtins {
        return Builtins.value(named: name, colorScheme: colorScheme).map { ($0, true) }
      }
      s = scope.parent
    }
    return nil
  }

  /// A frame where `width` and `height` are `size` (the GeometryReader
  /// size of what is being evaluated).
  func withGeometry(_ size: Size) -> Scope {
    Scope(parent: self, geometry: size)
  }
}

/// The lets of one block or path, in order, shared by the scopes after
/// each of them: the scope after the n-th let sees the first n bindings.
final class LetRun {
  /// Each name's bindings: (position in the run, value), in order.
  private var bindings: [String: [(Int, Value)]] = [:]
  /// How many lets the run holds.
  private(set) var count = 0

  func append(_ name: String, _ value: Value) {
    bindings[name, default: []].append((count, value))
    count += 1
  }

  /// The value of the last binding of `name` among the first `version`.
  func lookup(_ name: String, before version: Int) -> Value? {
    guard let list = bindings[name] else { return nil }
    if list[list.count - 1].0 < version { return list[list.count - 1].1 }
    // Binary search for the last binding at a position below `version`.
    var lo = 0
    var hi = list.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if list[mid].0 < version { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 ? list[lo - 1].1 : nil
  }
}
