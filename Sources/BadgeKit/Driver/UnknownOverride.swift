// A `-D name=value` whose name is no top-level let: an error at the name
// on the command line that lists the lets there are, nearest first, with
// a did-you-mean and its fix-it when one is close.

/// The error for `-D` names that no top-level let has.
enum UnknownOverride {
  /// How far apart (in edits) two names may be and still be ordered by
  /// how near they are; farther ones follow in the order declared. Keeps
  /// the work a few dozen steps a let, however many there are.
  static let orderedReach = 4

  /// The error for the `-D` of `name` at `range`, given every top-level
  /// let of the compilation in the order declared.
  static func diagnostic(_ name: String, at range: SourceRange, lets: [String]) -> Diagnostic {
    let suggestion = Suggestions.closest(to: name, in: lets)
    let key = Array(name.utf8.prefix(64))
    let ordered = lets.enumerated().map { i, let_ in
      let d = Suggestions.distance(key, Array(let_.utf8.prefix(64)), limit: orderedReach) ?? orderedReach + 1
      return (d, i, let_)
    }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    let fixIts = suggestion.map { [FixIt(range, $0)] } ?? []
    return Diagnostic(.overrideUnknown(name, lets: ordered, suggestion: suggestion), at: range, fixIts: fixIts)
  }
}
