// The first stage, tokens to syntax trees, for the input and every file
// it imports. Takes the input's source; reads and parses each imported
// file once, however many files import it and whatever path reaches it
// (a file is known by its device and number), and hands on their
// declarations as one tree (TopLevel.swift), the import graph and the
// diagnostics. A missing, unreadable or cyclic import, and one past the
// limits, is an error at the import's string; each imported file's
// diagnostics point into that file.

/// Reads and parses the input and the files it imports, transitively.
struct ImportLoader {
  /// The most files a compilation imports, in all.
  static let maximumFiles = 64
  /// The most bytes the imported files may hold, in all.
  static let maximumBytes = 64 << 20
  /// The longest chain of imports from the input.
  static let maximumDepth = 32

  /// What the stage hands on.
  struct Output {
    /// The declarations of every file read (see `TopLevel.merge`).
    var file: BadgeFile
    var graph: ImportGraph
    var diagnostics: [Diagnostic]
    /// Errors counted but not kept.
    var unlisted: Int
    /// Where the watched names are used, in every file, by file and
    /// then by position.
    var uses: [String: [SourceRange]]
  }

  /// A file as the system knows it, whichever path reaches it.
  private struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// Every file of the compilation; imported files are added at the end.
  private(set) var files: [SourceFile]
  private let searchPaths: [String]
  private let watching: Set<String>
  /// The syntax tree of each badge file read, by file index.
  private var trees: [Int: BadgeFile] = [:]
  private var known: [Identity: Int] = [:]
  /// Texts read instead of files' contents.
  private var unsaved: [FileIdentity: [UInt8]] = [:]
  /// The files being visited, the input first: an import of one of them
  /// closes a cycle.
  private var visiting: [Int] = []
  /// Badge files in an order where each comes after those it imports.
  private var order: [Int] = []
  private var graph = ImportGraph()
  private var bag = DiagnosticBag()
  private var unlisted = 0
  private var uses: [String: [SourceRange]] = [:]
  private var imported = 0
  private var bytesRead = 0
  /// What the files may still hold, in all.
  private var budget = Parser.Budget()

  /// Parses `files[input]` and every file it imports, adding those to
  /// `files`. Imports are looked for beside the importing file, then in
  /// `searchPaths` in order. `watching`: names set with `-D`, whose uses
  /// are recorded.
  /// `unsaved`: texts to read instead of files' contents (an editor's
  /// unsaved documents), by the file they stand for.
  static func load(
    _ input: Int, of files: inout [SourceFile], searchPaths: [String], watching: Set<String>,
    unsaved: [FileIdentity: [UInt8]] = [:]
  ) -> Output {
    var loader = ImportLoader(files: files, searchPaths: searchPaths, watching: watching)
    loader.unsaved = unsaved
    let name = files[input].name
    if !ImportSearch.isPlaceholder(name), let info = FileSystem.info(of: name), info.kind == .regular {
      loader.known[Identity(device: info.device, inode: info.inode)] = input
    }
    loader.graph.names[input] = name
    loader.parse(input, requiresBadge: true)
    loader.visit(input)
    files = loader.files
    let trees = loader.order.compactMap { loader.trees[$0] }
    let merged = TopLevel.merge(trees, input: loader.trees[input] ?? BadgeFile(), graph: loader.graph)
    loader.bag.append(contentsOf: merged.diagnostics)
    return Output(
      file: merged.file, graph: loader.graph, diagnostics: loader.bag.all,
      unlisted: loader.unlisted + loader.bag.unlisted,
      uses: loader.uses)
  }

  private init(files: [SourceFile], searchPaths: [String], watching: Set<String>) {
    self.files = files
    self.searchPaths = searchPaths
    self.watching = watching
  }

  /// Parses `files[index]` with what is left of the budget.
  private mutating func parse(_ index: Int, requiresBadge: Bool) {
    let parser = Parser(files[index], fileIndex: index, watching: watching)
    parser.requiresBadge = requiresBadge
    parser.budget = budget
    trees[index] = parser.file()
    budget.items = max(0, parser.budget.items)
    budget.expressions = max(0, parser.budget.expressions)
    bag.append(contentsOf: parser.allDiagnostics)
    unlisted += parser.allUnlisted
    for (name, ranges) in parser.stream.uses { uses[name, default: []] += ranges }
  }

  /// Follows the imports of `index`, depth first; then records whose
  /// names it sees.
  private mutating func visit(_ index: Int) {
    visiting.append(index)
    var visible: Set<Int> = [index]
    for decl in trees[index]?.imports ?? [] {
      guard let child = resolve(decl, in: index) else { continue }
      visible.formUnion(graph.visible[child] ?? [child])
    }
    visiting.removeLast()
    graph.visible[index] = visible
    order.append(index)
  }

  /// The file `decl` (in file `importer`) names: one already read, or a
  /// new one read, parsed and visited. Nil after an error.
  private mutating func resolve(_ decl: ImportDecl, in importer: Int) -> Int? {
    let at = decl.pathRange
    guard !decl.path.isEmpty else {
      bag.report(.expected("the path of the file to import", found: "an empty string"), at: at)
      return nil
    }
    let folders = ImportSearch.folders(for: decl.path, importer: files[importer].name, searchPaths: searchPaths)
    guard let (path, info) = ImportSearch.find(decl.path, in: folders) else {
      bag.report(.importNotFound(decl.path, folders: folders), at: at)
      return nil
    }
    let identity = Identity(device: info.device, inode: info.inode)
    if let index = known[identity] {
      if let start = visiting.firstIndex(of: index) {
        let cycle = (visiting[start...] + [index]).map { graph.name(of: $0) }
        bag.report(.importCycle(cycle), at: at)
        return nil
      }
      return index
    }
    guard info.kind == .regular else {
      let reason = info.kind == .directory ? "it is a directory" : "it is not a regular file"
      bag.report(.importUnreadable(path, reason: reason), at: at)
      return nil
    }
    guard visiting.count <= ImportLoader.maximumDepth else {
      bag.report(.importsTooDeep(ImportLoader.maximumDepth), at: at)
      return nil
    }
    guard imported < ImportLoader.maximumFiles else {
      bag.report(.importsTooMany(ImportLoader.maximumFiles), at: at)
      return nil
    }
    let budget = ImportLoader.maximumBytes - bytesRead
    let held = unsaved[FileIdentity(device: info.device, inode: info.inode)]
    guard (held?.count ?? info.size) <= budget else {
      bag.report(.importsTooLarge(ImportLoader.maximumBytes >> 20), at: at)
      return nil
    }
    let bytes: [UInt8]
    if let held {
      bytes = held
    } else {
      do {
        bytes = try FileSystem.contents(of: path, limit: budget)
      } catch {
        bag.report(.importUnreadable(path, reason: error.reason), at: at)
        return nil
      }
    }
    imported += 1
    bytesRead += bytes.count
    let index = files.count
    files.append(SourceFile(name: path, bytes: bytes))
    known[identity] = index
    graph.names[index] = path
    graph.importedAt[index] = at
    parse(index, requiresBadge: false)
    visit(index)
    return index
  }
}
