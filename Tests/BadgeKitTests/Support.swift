// Test support: paths into the package, compiling text, running the built
// badgec, and finding outside tools (required under CI=true).
import Foundation
import Testing

@testable import BadgeKit

enum Support {
  /// The package's root folder.
  static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: url(relative), encoding: .utf8)
  }

  /// Expects `body`, as the body of a 100-point badge, to be an error
  /// whose text holds `message`.
  static func expectError(
    _ body: String, _ message: String, _ options: CompileOptions = CompileOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let r = compile("badge B size 100 {\n\(body)\n}", options)
    #expect(r.hasErrors, sourceLocation: sourceLocation)
    #expect(r.renderedDiagnostics.contains(message), "\(r.renderedDiagnostics)", sourceLocation: sourceLocation)
  }

  /// The canvas box (left, top, right, bottom) of `f`'s points, control
  /// points included.
  static func canvasBox(_ f: Fill) -> [Double] {
    var xs: [Double] = []
    var ys: [Double] = []
    f.path.forEachPoint { p in
      let q = f.transform.apply(p)
      xs.append(q.x)
      ys.append(q.y)
    }
    return [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
  }

  /// Compiles `text` as a file named `name`.
  static func compile(_ text: String, name: String = "test.badge", _ options: CompileOptions = CompileOptions())
    -> CompileResult
  {
    BadgeKit.compile(SourceFile(name: name, text: text), options: options)
  }

  /// How the package's root folder is named from the current folder, with
  /// a final slash: "" when the tests run there (as `swift test` does).
  static let rootFromHere: String = {
    let here = FileManager.default.currentDirectoryPath
    if here == root.path { return "" }
    if root.path.hasPrefix(here + "/") { return String(root.path.dropFirst(here.count + 1)) + "/" }
    return root.path + "/"
  }()

  /// Compiles the package's file `relative` (a sample, a golden input)
  /// under a path that reaches it from the current folder, so that its
  /// imports are found beside it.
  static func compileFile(_ relative: String, _ options: CompileOptions = CompileOptions()) throws -> CompileResult {
    BadgeKit.compile(SourceFile(name: rootFromHere + relative, text: try read(relative)), options: options)
  }

  /// `text` with the paths it names made relative to the package's root,
  /// as in diagnostics of `compileFile`.
  static func relativePaths(_ text: String) -> String {
    rootFromHere.isEmpty ? text : text.replacingOccurrences(of: rootFromHere, with: "")
  }

  /// The scene of `text`, recording a test failure (with the diagnostics)
  /// when it does not compile.
  static func scene(
    _ text: String, _ options: CompileOptions = CompileOptions(), sourceLocation: SourceLocation = #_sourceLocation
  ) -> Scene? {
    let r = compile(text, options)
    if r.hasErrors {
      Issue.record("unexpected errors:\n\(r.renderedDiagnostics)", sourceLocation: sourceLocation)
    }
    return r.scene
  }

  /// Whether to rewrite golden files instead of comparing with them.
  static var updateGoldens: Bool { ProcessInfo.processInfo.environment["BADGEC_UPDATE_GOLDENS"] == "1" }

  /// Compares `actual`, made from `input`, with the golden file at `path`
  /// (relative to the package): rewrites it under BADGEC_UPDATE_GOLDENS=1,
  /// else records a difference and writes `path.actual` beside it.
  static func checkGolden(
    _ actual: String, at path: String, madeFrom input: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    if updateGoldens {
      try actual.write(to: url(path), atomically: true, encoding: .utf8)
      return
    }
    let expected = try? read(path)
    #expect(
      expected != nil, "no golden file \(path); run with BADGEC_UPDATE_GOLDENS=1 and review it",
      sourceLocation: sourceLocation)
    if let expected, expected != actual {
      try actual.write(to: url(path + ".actual"), atomically: true, encoding: .utf8)
      Issue.record("\(input) differs from \(path); wrote \(path).actual", sourceLocation: sourceLocation)
    }
  }

  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// The badgec executable built beside the test bundle.
  static var badgec: URL {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent().appendingPathComponent("badgec")
  }

  struct Run {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  /// Runs `executable` with `arguments`, feeding `stdin`, with `environment`
  /// added to the current one.
  static func run(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, cwd: URL? = nil, environment: [String: String] = [:]
  ) throws -> Run {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    if let cwd { p.currentDirectoryURL = cwd }
    if !environment.isEmpty {
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    let inp = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = inp
    // A child that exits before reading its input (a usage error) closes
    // the pipe: the write then fails with EPIPE instead of the signal
    // ending the tests.
    _ = Support.ignoreBrokenPipes
    try p.run()
    if let stdin { try? inp.fileHandleForWriting.write(contentsOf: stdin) }
    try? inp.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
  }

  /// SIGPIPE ignored in the test process, once.
  static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Runs the built badgec.
  static func badgec(_ arguments: [String], stdin: Data? = nil, cwd: URL? = nil) throws -> Run {
    try run(badgec, arguments, stdin: stdin, cwd: cwd)
  }

  /// `source` compiled to `format` with `options`, expected without
  /// errors: its output.
  static func output(
    _ source: String, as format: OutputFormat, _ options: CompileOptions,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [UInt8]? {
    var options = options
    options.format = format
    let result = compile(source, options)
    #expect(!result.hasErrors, "\(result.renderedDiagnostics)", sourceLocation: sourceLocation)
    return result.output
  }

  /// A red circle with `modifiers` written after its fill (line 2 of a
  /// badge): exactly one error, on that line, saying `message`.
  static func expectOneError(
    after modifiers: String, saying message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = compile("badge B size 40 {\n  circle().fill(red)\(modifiers)\n}\n")
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(result.renderedDiagnostics)", sourceLocation: sourceLocation)
    #expect(
      result.renderedDiagnostics.hasPrefix("test.badge:2:"), "\(result.renderedDiagnostics)",
      sourceLocation: sourceLocation)
    #expect(
      errors.first?.message.text.contains(message) == true, "\(result.renderedDiagnostics)",
      sourceLocation: sourceLocation)
  }

  /// Expects the built badgec to refuse `body` (the body of a 100-point
  /// badge, written to a file) for the output `output` (a name in a
  /// folder of its own): exit 1, one error, at line `line` of the body,
  /// holding `message`, and no output file.
  static func expectRefused(
    _ body: String, writing output: String, line: Int, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("b.badge")
    try Data("badge B size 100 {\n\(body)\n}\n".utf8).write(to: input)
    let out = dir.appendingPathComponent(output)
    let run = try badgec([input.path, "-o", out.path])
    #expect(run.status == 1, sourceLocation: sourceLocation)
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(
      errors.first?.hasPrefix("\(input.path):\(line + 1):") == true, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: out.path), sourceLocation: sourceLocation)
  }

  /// The path of an outside tool, or nil. Under CI=true a missing tool is a
  /// failure (CI installs it), elsewhere the caller skips its check.
  static func tool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    if isCI { Issue.record("\(name) is missing; .ci/run should install it", sourceLocation: sourceLocation) }
    return nil
  }

  /// Waits while `process` runs and `condition` holds, for at most
  /// `seconds`, looking every 10 ms.
  static func wait(while process: Process, seconds: Double = 5, _ condition: () -> Bool) {
    var waited = 0.0
    while condition() && process.isRunning && waited < seconds {
      usleep(10_000)
      waited += 0.01
    }
  }

  /// The files under `dir` that `process` has open, each once however
  /// many descriptors it has (an unnamed one shows as `dir/#inode
  /// (deleted)`), once it has one open (or has ended, or `seconds` passed).
  static func filesOpened(by process: Process, in dir: URL, seconds: Double = 5) -> [String] {
    func open() -> [String] {
      let fds = "/proc/\(process.processIdentifier)/fd"
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
      return entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + $0) }
        .filter { $0.hasPrefix(dir.path + "/") }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }
    wait(while: process, seconds: seconds) { open().isEmpty }
    return open()
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("badgec-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }
}
