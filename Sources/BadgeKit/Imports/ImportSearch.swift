// Finding an imported file: the path as written is looked for in the
// importing file's folder, then in each `-I` folder in order. Takes the
// path, the importing file's name and the search folders; hands on the
// first path that names something (file, folder or device), or the
// folders tried.

/// Where an `import "…"` path is looked for.
enum ImportSearch {
  /// Whether `name` is a placeholder rather than a path: `<stdin>`,
  /// `<command line>`.
  static func isPlaceholder(_ name: String) -> Bool {
    name.hasPrefix("<") && name.hasSuffix(">") && !name.utf8.contains(UInt8(ascii: "/"))
  }

  /// The folder the imports of the file named `name` are looked for in
  /// first: the folder of its path, or the current folder for an input
  /// with no path (standard input).
  static func folder(of name: String) -> String {
    isPlaceholder(name) ? "." : FileSystem.directory(of: name)
  }

  /// The folders `path` is looked for in, in order: the importing file's
  /// own, then `searchPaths`; only the path itself when it is absolute.
  static func folders(for path: String, importer: String, searchPaths: [String]) -> [String] {
    if path.hasPrefix("/") { return ["/"] }
    var folders = [folder(of: importer)]
    var seen = Set(folders)
    for p in searchPaths where seen.insert(p).inserted { folders.append(p) }
    return folders
  }

  /// The first of `folders` that holds `path`, joined onto it, with what
  /// it names; nil when none does.
  static func find(_ path: String, in folders: [String]) -> (path: String, info: FileInfo)? {
    for folder in folders {
      let candidate = path.hasPrefix("/") ? path : FileSystem.join(folder, path)
      if let info = FileSystem.info(of: candidate) { return (candidate, info) }
    }
    return nil
  }
}
