// The language's built-in names, for tools over the compiler (an editor's
// completions and hovers): the tables the resolver and the layout check
// names against, handed on read-only.

/// The built-in names of the language and the argument labels each takes.
public enum LanguageNames {
  /// Each modifier and its argument labels (positional ones included by
  /// the names the README gives them).
  public static var modifiers: [String: [String]] { LayoutEngine.modifierParameters }
  /// Each built-in function and its labels (none for most).
  public static var functions: [String: [String]] {
    Dictionary(uniqueKeysWithValues: Builtins.functions.map { ($0, Builtins.labels[$0] ?? []) })
  }
  /// The methods of values (`black.opacity(0.5)`, `values.count`).
  public static var methods: [String] { Builtins.methods.sorted() }
  /// The built-in shapes and views and their labels.
  public static var views: [String: [String]] {
    var out: [String: [String]] = [:]
    for s in BuiltinShape.allCases { out[s.rawValue] = s.parameters }
    for v in BuiltinView.allCases { out[v.rawValue] = v.parameters }
    return out
  }
  /// The named colours (light appearance).
  public static var colors: [String] { Builtins.colors.keys.sorted() }
  /// The anchors (UnitPoint names).
  public static var anchors: [String] { Builtins.anchors.keys.sorted() }
  /// The named options of modifiers and text.
  public static var options: [String] { Builtins.keywords.sorted() }
  /// The constants: `pi`, `infinity`, `true`, `false`, `colorScheme`.
  public static var constants: [String] { Builtins.constantNames }
}
