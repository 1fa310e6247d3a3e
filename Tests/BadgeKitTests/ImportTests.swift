// Imports: the import declaration as parsed; where imported files are
// found (beside the importing file, then -I folders in order); each file
// read once; what a file may use; and the exact text of every import error,
// with the chain of imports. Each test writes its files to a folder of
// its own.
import Foundation
import Testing

@testable import BadgeKit

/// A folder of badge files written for one test.
struct BadgeTree {
  let dir: URL

  /// Writes `files` (relative path: text) into a new temporary folder.
  init(_ files: [String: String]) throws {
    dir = try Support.temporaryFolder()
    for (path, text) in files { try write(path, text) }
  }

  func write(_ path: String, _ text: String) throws {
    let url = dir.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }

  /// Compiles `relative` under its full path, with `-I` folders given
  /// relative to the tree.
  func compile(_ relative: String, includes: [String] = [], _ options: CompileOptions = CompileOptions())
    -> CompileResult
  {
    var options = options
    options.importPaths = includes.map(path)
    let text = (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
    return BadgeKit.compile(SourceFile(name: path(relative), text: text), options: options)
  }

  /// The diagnostics with the tree's folder left out of the paths.
  func rendered(_ result: CompileResult) -> String {
    result.renderedDiagnostics.replacingOccurrences(of: dir.path + "/", with: "")
  }

  /// The names of the compilation's files, relative to the tree.
  func files(_ result: CompileResult) -> [String] {
    result.files.map { $0.name.replacingOccurrences(of: dir.path + "/", with: "") }
  }

  func remove() { try? FileManager.default.removeItem(at: dir) }
}

struct ImportTests {
  // MARK: The declaration

  /// Sources and the paths their imports name, or their first error.
  static let declarations: [(String, [String], String?)] = [
    ("import \"a.badge\"\nbadge B { }", ["a.badge"], nil),
    ("import \"a.badge\" import \"lib/b.badge\"\nbadge B { }", ["a.badge", "lib/b.badge"], nil),
    ("import \"d\\u{E9}j\\u{E0}.badge\"\nbadge B { }", ["déjà.badge"], nil),
    ("badge B { }\nimport \"late.badge\"", ["late.badge"], nil),
    ("import \"\"\nbadge B { }", [""], nil),
    ("import a\nbadge B { }", [], "expected the path of the file to import, in quotes, found 'a'"),
    ("import", [], "expected the path of the file to import, in quotes, found the end of the file"),
    (
      "let import = 1\nbadge B { }", [],
      "expected a name after 'let' ('import' is a keyword; call it something else), found 'import'"
    ),
    (
      "badge B { import \"x.badge\" }", [],
      "expected an element (a path, stack, geometry, repeat or a component), found 'import'"
    ),
    ("import (\"x\")\nbadge B { }", [], "expected the path of the file to import, in quotes, found '('"),
  ]

  @Test(arguments: declarations.indices)
  func parsesImportDeclarations(_ i: Int) {
    let (text, paths, error) = ImportTests.declarations[i]
    let parsed = Parser.parse(SourceFile(name: "t.badge", text: text))
    #expect(parsed.file.imports.map(\.path) == paths, "\(text)")
    #expect(parsed.diagnostics.first?.message.text == error, "\(text)")
  }

  @Test func importRangesCoverTheDeclarationAndItsString() throws {
    let parsed = Parser.parse(SourceFile(name: "t.badge", text: "  import \"a.badge\"\nbadge B { }"))
    let decl = try #require(parsed.file.imports.first)
    #expect((decl.range.start, decl.range.end) == (2, 18))
    #expect((decl.pathRange.start, decl.pathRange.end) == (9, 18))
  }

  @Test func anImportedFileNeedsNoBadge() {
    let parsed = Parser.parse(SourceFile(name: "t.badge", text: "let a = 1"), requiresBadge: false)
    #expect(parsed.diagnostics.isEmpty)
  }

  // MARK: Finding and reading

  @Test func looksBesideTheImporterThenInEachFolderInOrder() throws {
    let tree = try BadgeTree([
      "main/m.badge": "import \"s.badge\"\nbadge M size 10 { rect().frame(width: which) }",
      "main/s.badge": "let which = 1",
      "one/s.badge": "let which = 2",
      "two/s.badge": "let which = 3",
    ])
    defer { tree.remove() }
    #expect(tree.files(tree.compile("main/m.badge", includes: ["one", "two"])).last == "main/s.badge")
    try FileManager.default.removeItem(atPath: tree.path("main/s.badge"))
    let first = tree.compile("main/m.badge", includes: ["one", "two"])
    #expect(tree.files(first).last == "one/s.badge")
    #expect(first.diagnostics.isEmpty)
    #expect(tree.files(tree.compile("main/m.badge", includes: ["two", "one"])).last == "two/s.badge")
    // A folder named twice is looked in once.
    let missing = tree.compile("main/m.badge", includes: ["three", "three"])
    #expect(
      missing.diagnostics.map(\.message.text) == [
        "cannot find 's.badge' to import; looked in '\(tree.path("main"))', '\(tree.path("three"))'"
      ])
  }

  @Test func importsFollowImportsAndSeeWhatTheyImport() throws {
    let tree = try BadgeTree([
      "a.badge": "import \"lib/b.badge\"\nlet total = fromB + fromC\nbadge A size 10 { Dot().frame(width: total) }",
      "lib/b.badge": "import \"deeper/c.badge\"\nlet fromB = 1\ncomponent Dot() { Disc().fill(tint) }",
      "lib/deeper/c.badge": "let fromC = 2\nlet tint = rgb(1, 2, 3)\ncomponent Disc() { circle() }",
    ])
    defer { tree.remove() }
    let result = tree.compile("a.badge")
    #expect(tree.rendered(result) == "")
    #expect(tree.files(result) == ["a.badge", "lib/b.badge", "lib/deeper/c.badge"])
    #expect(String(decoding: result.output ?? [], as: UTF8.self).contains("fill=\"#010203\""))
  }

  @Test func aFileImportedTwiceByTwoRoutesIsReadOnce() throws {
    let tree = try BadgeTree([
      "m.badge": """
      import "lib/shapes.badge"
      import "other.badge"
      import "./lib/../lib/shapes.badge"
      badge M { Square() }
      """,
      "other.badge": "import \"link.badge\"\nimport \"lib/shapes.badge\"",
      "lib/shapes.badge": "component Square() { rect() }",
    ])
    defer { tree.remove() }
    try FileManager.default.createSymbolicLink(atPath: tree.path("link.badge"), withDestinationPath: "lib/shapes.badge")
    let result = tree.compile("m.badge")
    #expect(tree.rendered(result) == "")
    #expect(tree.files(result) == ["m.badge", "lib/shapes.badge", "other.badge"])
  }

  @Test func anImportedFilesBadgeIsNotDrawn() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"lib.badge\"\nbadge M size 10 { Dot() }",
      "lib.badge": "component Dot() { circle() }\nbadge Preview size 99 { rect().fill(red) }",
    ])
    defer { tree.remove() }
    let svg = String(decoding: tree.compile("m.badge").output ?? [], as: UTF8.self)
    #expect(svg.contains("<title>M</title>") && svg.contains("width=\"10\""))
    #expect(!svg.contains("#ff3b30"))
  }

  @Test func standardInputImportsFromTheCurrentFolder() {
    #expect(ImportSearch.folder(of: "<stdin>") == ".")
    #expect(ImportSearch.folder(of: "samples/medal.badge") == "samples")
    #expect(ImportSearch.folder(of: "medal.badge") == ".")
    #expect(ImportSearch.folders(for: "/abs/x.badge", importer: "a/b.badge", searchPaths: ["inc"]) == ["/"])
  }

  // MARK: What a file may use

  @Test func aFileUsesOnlyWhatItImports() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"a.badge\"\nimport \"b.badge\"\nbadge M { Uses() }",
      "a.badge": "let red = rgb(200, 0, 0)\nlet fromA = 1\ncomponent Hex() { polygon(sides: 6) }",
      "b.badge": "let x = fromA + 1\ncomponent Uses() { Hex().fill(red) }",
    ])
    defer { tree.remove() }
    #expect(
      tree.compile("m.badge").diagnostics.map(\.message.text) == [
        "'fromA' is declared in '\(tree.path("a.badge"))', which this file does not import",
        "'Hex' is declared in '\(tree.path("a.badge"))', which this file does not import",
        "'red' is declared in '\(tree.path("a.badge"))', which this file does not import; a top-level name hides the built-in one in every file",
      ])
  }

  @Test func anImportedNameIsSuggested() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"a.badge\"\nlet x = rotatons\nbadge M { }",
      "a.badge": "let rotations = 8",
    ])
    defer { tree.remove() }
    #expect(
      tree.compile("m.badge").diagnostics.map(\.message.text) == ["unknown name 'rotatons'; did you mean 'rotations'?"])
  }

  @Test func overridesReachImportedLets() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"lib.badge\"\nbadge M size 10 { rect().fill(tint) }",
      "lib.badge": "let tint = red\ncomponent Unused() { rect().fill(tint) }",
    ])
    defer { tree.remove() }
    var options = CompileOptions()
    options.overrides = ["tint=blue"]
    #expect(String(decoding: tree.compile("m.badge", options).output ?? [], as: UTF8.self).contains("#007aff"))
    options.overrides = ["tint=3deg"]
    let wrong = tree.compile("m.badge", options)
    #expect(
      tree.rendered(wrong) == """
        m.badge:2:31: error: expected a colour or a gradient, found an angle
          |
        2 | badge M size 10 { rect().fill(tint) }
          |                               ^^^^
        <command line>:1:6: note: 'tint' is given by -D here
          |
        1 | tint=3deg
          |      ^^^^

        """)
  }

  // MARK: Errors, as rendered

  @Test func anImportCycleIsAnErrorWithItsChain() throws {
    let tree = try BadgeTree([
      "a.badge": "import \"b.badge\"\nbadge A { }",
      "b.badge": "// b\nimport \"lib/c.badge\"",
      "lib/c.badge": "import \"../a.badge\"",
    ])
    defer { tree.remove() }
    let result = tree.compile("a.badge")
    #expect(result.hasErrors && result.output == nil)
    #expect(
      result.diagnostics.map(\.message) == [
        .importCycle([tree.path("a.badge"), tree.path("b.badge"), tree.path("lib/c.badge"), tree.path("a.badge")])
      ])
    // As badgec shows it, run where the files are.
    let run = try Support.badgec(["a.badge", "-o", "out.svg"], cwd: tree.dir)
    #expect(run.status == 1)
    #expect(
      run.stderr == """
        lib/c.badge:1:8: error: import cycle: 'a.badge' imports 'b.badge', which imports 'lib/c.badge', which imports 'a.badge'
          |
        1 | import "../a.badge"
          |        ^^^^^^^^^^^^
        b.badge:2:8: note: 'lib/c.badge' is imported here
          |
        2 | import "lib/c.badge"
          |        ^^^^^^^^^^^^^
        a.badge:1:8: note: 'b.badge' is imported here
          |
        1 | import "b.badge"
          |        ^^^^^^^^^

        """)
    #expect(!FileManager.default.fileExists(atPath: tree.path("out.svg")))
    try tree.write("self.badge", "import \"self.badge\"\nbadge S { }")
    #expect(
      tree.compile("self.badge").diagnostics.map(\.message.text) == [
        "import cycle: '\(tree.path("self.badge"))' imports itself"
      ])
    // Long names are cut at their start, so that the message stays short.
    let long = Message.importCycle([String(repeating: "d/", count: 200) + "x.badge", "y.badge", "z.badge"]).text
    #expect(long.count < 300 && long.hasPrefix("import cycle: '…d/d/") && long.contains("/x.badge' imports 'y.badge'"))
  }

  @Test func aMissingFileSaysWhereItWasLookedFor() throws {
    let tree = try BadgeTree(["m.badge": "import \"lib/nothing.badge\"\nbadge M { }"])
    defer { tree.remove() }
    let result = tree.compile("m.badge", includes: ["include"])
    #expect(
      tree.rendered(result) == """
        m.badge:1:8: error: cannot find 'lib/nothing.badge' to import; looked in '\(tree.dir.path)', 'include'
          |
        1 | import "lib/nothing.badge"
          |        ^^^^^^^^^^^^^^^^^^^

        """)
  }

  @Test func aFolderOrADeviceIsNotImported() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"lib\"\nimport \"pipe\"\nimport \"/dev/null\"\nbadge M { }", "lib/x.badge": "",
    ])
    defer { tree.remove() }
    #expect(mkfifo(tree.path("pipe"), 0o600) == 0)
    #expect(
      tree.compile("m.badge").diagnostics.map(\.message.text) == [
        "cannot import '\(tree.path("lib"))': it is a directory",
        "cannot import '\(tree.path("pipe"))': it is not a regular file",
        "cannot import '/dev/null': it is not a regular file",
      ])
  }

  @Test func aNameDeclaredTwiceShowsBothPlacesAndTheChain() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"lib/shapes.badge\"\n\ncomponent Hexagon() { rect() }\nbadge M { Hexagon() }",
      "lib/shapes.badge": "// shapes\ncomponent Hexagon() { polygon(sides: 6) }",
    ])
    defer { tree.remove() }
    #expect(
      tree.rendered(tree.compile("m.badge")) == """
        m.badge:3:11: error: 'Hexagon' is already declared
          |
        3 | component Hexagon() { rect() }
          |           ^^^^^^^
        lib/shapes.badge:2:11: note: 'Hexagon' is first declared here
          |
        2 | component Hexagon() { polygon(sides: 6) }
          |           ^^^^^^^
        m.badge:1:8: note: 'lib/shapes.badge' is imported here
          |
        1 | import "lib/shapes.badge"
          |        ^^^^^^^^^^^^^^^^^^

        """)
    // In one file too, a let and a component.
    let one = Support.compile("let Dot = 1\ncomponent Dot() { circle() }\nbadge B { }")
    #expect(one.diagnostics.map(\.message.text) == ["'Dot' is already declared"])
    #expect(one.diagnostics.first?.notes.map(\.text) == ["'Dot' is first declared here"])
  }

  @Test func errorsInsideAnImportedFilePointIntoIt() throws {
    let tree = try BadgeTree([
      "m.badge": "import \"lib/broken.badge\"\nbadge M { Broken() }",
      "lib/broken.badge": "// a broken library\ncomponent Broken() {\n  rect().rotate(45)\n  circle(\n}",
    ])
    defer { tree.remove() }
    #expect(
      tree.rendered(tree.compile("m.badge")) == """
        lib/broken.badge:4:10: error: expected an expression, found the end of the line
          |
        4 |   circle(
          |          ^
        m.badge:1:8: note: 'lib/broken.badge' is imported here
          |
        1 | import "lib/broken.badge"
          |        ^^^^^^^^^^^^^^^^^^

        """)
    try tree.write("lib/broken.badge", "// a broken library\ncomponent Broken() {\n  rect().rotate(45)\n}")
    #expect(
      tree.rendered(tree.compile("m.badge")) == """
        lib/broken.badge:3:17: error: expected an angle such as 45deg, found a number
          |
        3 |   rect().rotate(45)
          |                 ^^
          fix-it: replace '45' with '45deg'
        m.badge:2:11: note: in component 'Broken', used here
          |
        2 | badge M { Broken() }
          |           ^^^^^^
        m.badge:1:8: note: 'lib/broken.badge' is imported here
          |
        1 | import "lib/broken.badge"
          |        ^^^^^^^^^^^^^^^^^^

        """)
  }

  // MARK: Limits

  @Test func tooManyFilesIsAnErrorAtTheImportPastTheLimit() throws {
    var files = ["m.badge": ""]
    var text = ""
    for i in 0...ImportLoader.maximumFiles {
      files["f\(i).badge"] = "let v\(i) = \(i)"
      text += "import \"f\(i).badge\"\n"
    }
    files["m.badge"] = text + "badge M { }"
    let tree = try BadgeTree(files)
    defer { tree.remove() }
    let result = tree.compile("m.badge")
    #expect(result.diagnostics.map(\.message.text) == ["more than 64 files are imported in all; expected fewer"])
    #expect(result.diagnostics.first?.range.start == text.utf8.count - "\"f64.badge\"\n".utf8.count)
  }

  @Test func importsNestedTooDeepAreAnError() throws {
    var files: [String: String] = ["m.badge": "import \"f0.badge\"\nbadge M { }"]
    for i in 0...ImportLoader.maximumDepth { files["f\(i).badge"] = "import \"f\(i + 1).badge\"" }
    let tree = try BadgeTree(files)
    defer { tree.remove() }
    let result = tree.compile("m.badge")
    #expect(result.diagnostics.map(\.message.text) == ["imports nest more than 32 files deep"])
    #expect(tree.files(result).count == 1 + ImportLoader.maximumDepth)
  }

  @Test func importedFilesLargerThanTheLimitAreNotRead() throws {
    let tree = try BadgeTree(["m.badge": "import \"big.badge\"\nbadge M { }", "big.badge": ""])
    defer { tree.remove() }
    #expect(truncate(tree.path("big.badge"), off_t(ImportLoader.maximumBytes + 1)) == 0)  // sparse
    #expect(
      tree.compile("m.badge").diagnostics.map(\.message.text) == ["the imported files hold more than 64 MiB in all"])
  }

  // MARK: The standard set and the command line

  @Test(arguments: ["hexagon", "ribbon", "laurel", "seal", "shields"])
  func eachLibraryFileDrawsItsPreview(_ name: String) throws {
    let result = try Support.compileFile("samples/lib/\(name).badge")
    #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics)")
    #expect(result.output != nil)
  }

  @Test func badgecFindsImportsWithDashI() throws {
    let tree = try BadgeTree([
      "work/m.badge": "import \"shapes.badge\"\nbadge M size 20 { Dot() }",
      "inc/shapes.badge": "component Dot() { circle().fill(teal) }",
    ])
    defer { tree.remove() }
    let out = tree.path("work/out.svg")
    let missing = try Support.badgec([tree.path("work/m.badge"), "-o", out])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("error: cannot find 'shapes.badge' to import"))
    #expect(!FileManager.default.fileExists(atPath: out))
    for flags in [["-I", tree.path("inc")], ["-I" + tree.path("inc")], ["-I", "nowhere", "-I", "../inc"]] {
      let run = try Support.badgec(["m.badge", "-o", "out.svg"] + flags, cwd: tree.dir.appendingPathComponent("work"))
      #expect(run.status == 0 && run.stderr.isEmpty, "\(flags): \(run.stderr)")
      #expect(try String(contentsOfFile: out, encoding: .utf8).contains("#30b0c7"))
      try FileManager.default.removeItem(atPath: out)
    }
    // Standard input imports from the current folder.
    let piped = try Support.badgec(
      ["-", "-I", "inc"], stdin: Data("import \"shapes.badge\"\nbadge M size 20 { Dot() }".utf8), cwd: tree.dir)
    #expect(piped.status == 0 && String(decoding: piped.stdout, as: UTF8.self).contains("#30b0c7"))
    let help = try Support.badgec(["--help"])
    #expect(String(decoding: help.stdout, as: UTF8.self).contains("-I DIR"))
  }

  @Test func badgecReportsACycleAndWritesNothing() throws {
    let tree = try BadgeTree(["a.badge": "import \"b.badge\"\nbadge A { }", "b.badge": "import \"a.badge\""])
    defer { tree.remove() }
    let out = tree.path("out.svg")
    let run = try Support.badgec([tree.path("a.badge"), "-o", out])
    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix(
        "\(tree.path("b.badge")):1:8: error: import cycle: '\(tree.path("a.badge"))' imports '\(tree.path("b.badge"))', which imports '\(tree.path("a.badge"))'\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// 50,000 `-I` folders took 9.5 s to look through (each compared with
  /// all before it) and made an error naming every one. Now each folder
  /// is looked in once, and the error names the first eight.
  @Test func manySearchFoldersAreLookedThroughOnce() {
    var options = CompileOptions()
    options.importPaths = (0..<50_000).map { "/nonexistent/folder\($0)" }
    let result = Support.compile("import \"zz.badge\"\nbadge B size 10 { rect() }\n", options)
    let folders = ["'.'"] + (0..<7).map { "'/nonexistent/folder\($0)'" }
    #expect(
      result.diagnostics.map(\.message.text) == [
        "cannot find 'zz.badge' to import; looked in \(folders.joined(separator: ", ")) and 49993 more"
      ])
  }
}
