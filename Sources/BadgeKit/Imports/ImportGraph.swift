// The import graph: which badge files a compilation read, which import
// first brought each one in, and whose top-level names each file sees.
// Made by the import stage (ImportLoader.swift); read by the name check
// (a file may use only the names of the files it imports) and by the
// driver (the chain of imports under a diagnostic in an imported file).

/// The badge files of a compilation and the imports between them, each
/// file named by its index in `CompileResult.files`.
public struct ImportGraph: Sendable {
  /// Each badge file's name as diagnostics show it.
  var names: [Int: String] = [:]
  /// Where each imported file was first imported: the path's string
  /// literal in the importing file.
  var importedAt: [Int: SourceRange] = [:]
  /// For each badge file, the files whose top-level lets and components
  /// it sees: itself and every file it imports, directly or through
  /// others.
  var visible: [Int: Set<Int>] = [:]

  /// Whether `file` sees the top-level names declared in `declaredIn`.
  /// A file the graph does not know (a `-D` value) sees every file.
  func sees(_ file: Int, _ declaredIn: Int) -> Bool {
    guard let set = visible[file] else { return true }
    return set.contains(declaredIn)
  }

  /// The shown name of `file`.
  func name(of file: Int) -> String { names[file] ?? "?" }

  /// Notes showing how `file` came into the compilation: the import that
  /// brought it in, then the one that brought in that file, and so on up
  /// to the input. None for the input itself.
  func chain(of file: Int) -> [Note] {
    var notes: [Note] = []
    var current = file
    while let site = importedAt[current], notes.count <= ImportLoader.maximumDepth {
      notes.append(Note("'\(printable(name(of: current), limit: 200))' is imported here", at: site))
      current = site.file
    }
    return notes
  }

  /// `diagnostics` (in order by file) with the chain of imports under the
  /// first one in each imported file, as a C compiler says "in file
  /// included from" when the file changes.
  func noting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard !importedAt.isEmpty else { return diagnostics }
    var previous: Int?
    return diagnostics.map { d in
      defer { previous = d.range.file }
      guard d.range.file != previous, importedAt[d.range.file] != nil else { return d }
      var d = d
      d.notes += chain(of: d.range.file)
      return d
    }
  }
}
