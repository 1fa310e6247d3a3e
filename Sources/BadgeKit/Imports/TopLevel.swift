// The top level of a compilation: the syntax trees of the input and of the
// files it imports in, one tree out. Every file's lets and components come
// after those of the files it imports, so a let may use any imported let;
// the badge is the input's (an imported file's own badge is not drawn).
// A compilation has one namespace: a name declared twice, in one file or
// in two, is an error at the second declaration, with a note at the first.

/// Merges the top-level declarations of a compilation's files.
enum TopLevel {
  /// `trees` in an order where each file comes after those it imports
  /// (the input last) merged into one tree with the input's imports and
  /// badge, and the names declared twice.
  static func merge(_ trees: [BadgeFile], input: BadgeFile, graph: ImportGraph) -> (
    file: BadgeFile, diagnostics: [Diagnostic]
  ) {
    var merged = BadgeFile()
    var first: [String: SourceRange] = [:]
    var diagnostics: [Diagnostic] = []
    for tree in trees {
      for (name, range) in declarations(tree) {
        guard let earlier = first[name] else {
          first[name] = range
          continue
        }
        var notes = [Note("'\(printable(name, limit: 60))' is first declared here", at: earlier)]
        if earlier.file != range.file { notes += graph.chain(of: earlier.file) }
        diagnostics.append(Diagnostic(.duplicateName(name), at: range, notes: notes))
      }
      merged.lets += tree.lets
      merged.components += tree.components
      merged.skippedNames.formUnion(tree.skippedNames)
    }
    merged.imports = input.imports
    merged.badge = input.badge
    return (merged, diagnostics)
  }

  /// The names a file declares at its top level, lets and components, in
  /// source order.
  static func declarations(_ tree: BadgeFile) -> [(String, SourceRange)] {
    var result: [(String, SourceRange)] = []
    result.reserveCapacity(tree.lets.count + tree.components.count)
    var l = 0
    var c = 0
    while l < tree.lets.count || c < tree.components.count {
      if c == tree.components.count
        || l < tree.lets.count && tree.lets[l].nameRange.start < tree.components[c].nameRange.start
      {
        result.append((tree.lets[l].name, tree.lets[l].nameRange))
        l += 1
      } else {
        result.append((tree.components[c].name, tree.components[c].nameRange))
        c += 1
      }
    }
    return result
  }
}
