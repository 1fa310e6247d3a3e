// Command-line file safety: hostile inputs and outputs (links, devices,
// pipes, folders, long names) end in a clear error or a correct write,
// never in a damaged input, a truncated file or a wait.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct CLIFileSafetyTests {
  /// landmark.badge compiled to SVG, as badgec writes it.
  let svg = Data(Support.compile(try! Support.read("samples/landmark.badge")).output!)

  /// A fresh folder holding a copy of landmark.badge, and that copy.
  func folderWithInput() throws -> (dir: URL, input: URL) {
    let dir = try Support.temporaryFolder()
    let input = dir.appendingPathComponent("in.badge")
    try FileManager.default.copyItem(at: Support.url("samples/landmark.badge"), to: input)
    return (dir, input)
  }

  /// Runs `script` with /bin/sh, as `sh -c script badgec arguments…`: `$0`
  /// is the built badgec.
  func shell(_ script: String, _ arguments: [String]) throws -> Support.Run {
    try Support.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, Support.badgec.path] + arguments)
  }

  // MARK: The input is never the output

  /// Expects `run` to have refused `output` as the input file, which is
  /// left as it was.
  func expectRefused(
    _ run: Support.Run, output: String, input: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(run.status == 1, sourceLocation: sourceLocation)
    #expect(
      run.stderr == "badgec: error: the output '\(output)' is the input file; choose another output\n",
      sourceLocation: sourceLocation)
    let original = try Data(contentsOf: Support.url("samples/landmark.badge"))
    #expect(try Data(contentsOf: input) == original, sourceLocation: sourceLocation)
  }

  @Test func theInputsOwnPathIsRefused() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec([input.path, "--format", "svg", "-o", input.path])
    try expectRefused(run, output: input.path, input: input)
  }

  @Test func aSymbolicLinkToTheInputIsRefused() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let link = dir.appendingPathComponent("link.svg")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "in.badge")
    try expectRefused(try Support.badgec([input.path, "-o", link.path]), output: link.path, input: input)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "in.badge")
  }

  @Test func aHardLinkToTheInputIsRefused() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let hard = dir.appendingPathComponent("hard.svg")
    #expect(link(input.path, hard.path) == 0)
    try expectRefused(try Support.badgec([input.path, "-o", hard.path]), output: hard.path, input: input)
    // Still the same file under both names.
    var a = stat()
    var b = stat()
    #expect(stat(input.path, &a) == 0 && stat(hard.path, &b) == 0 && a.st_ino == b.st_ino)
  }

  @Test(arguments: ["/dev/stdin", "/proc/self/fd/0"])
  func standardInputNamedAsTheOutputIsRefused(output: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try shell("exec \"$0\" - -o \"$1\" < \"$2\"", [output, input.path])
    try expectRefused(run, output: output, input: input)
  }

  @Test func standardOutputAppendedToTheInputIsRefused() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try shell("exec \"$0\" \"$1\" >> \"$1\"", [input.path])
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: standard output is the input file; choose another output\n")
    #expect(try Data(contentsOf: input) == Data(contentsOf: Support.url("samples/landmark.badge")))
  }

  // MARK: Standard output and error are written, not reopened

  @Test(arguments: [
    ("/dev/stdout", ">>"), ("/proc/self/fd/1", ">>"), ("/dev/fd/1", ">>"), ("/dev/stderr", "2>>"),
  ])
  func aStreamAppendedToKeepsWhatItHeld(output: String, redirection: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("log.svg")
    try Data("previous\n".utf8).write(to: log)
    let run = try shell("exec \"$0\" \"$1\" -o \"$2\" \(redirection) \"$3\"", [input.path, output, log.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: log) == Data("previous\n".utf8) + svg)
  }

  // MARK: Names

  @Test func aLongOutputNameIsWritten() throws {
    // Regression: the temporary name beside it (the output's name and a
    // suffix) passed the limit of 255 bytes.
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let name = String(repeating: "a", count: 246) + ".svg"
    let run = try Support.badgec([input.path, "-o", dir.appendingPathComponent(name).path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: dir.appendingPathComponent(name)) == svg)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [name, "in.badge"])
  }

  @Test(arguments: ["out", "build.d/out", ".hidden", "/dev/null"])
  func anOutputWithoutExtensionIsSVG(output: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("build.d"), withIntermediateDirectories: true)
    let run = try Support.badgec([input.path, "-o", output], cwd: dir)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    if output != "/dev/null" { #expect(try Data(contentsOf: dir.appendingPathComponent(output)) == svg) }
  }

  @Test func formatOverridesAMissingExtension() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("image")
    #expect(try Support.badgec([input.path, "--format", "png", "-o", out.path]).status == 0)
    #expect(try Data(contentsOf: out).prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  // MARK: Inputs and outputs are not waited on forever

  @Test func anOutputPipeWithNoReaderIsAnError() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe.svg")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let start = ContinuousClock.now
    // `timeout` ends a badgec that waits (status 124) instead of this test.
    let run = try shell("exec timeout 10 \"$0\" \"$1\" -o \"$2\"", [input.path, fifo.path])
    #expect(ContinuousClock.now - start < .seconds(2))
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write '\(fifo.path)': it is a named pipe with nothing reading it\n")
  }

  @Test func anInputPipeWithNoWriterIsAnError() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe.badge")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let start = ContinuousClock.now
    let run = try shell("exec timeout 10 \"$0\" \"$1\"", [fifo.path])
    #expect(ContinuousClock.now - start < .seconds(2))
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "badgec: error: cannot read '\(fifo.path)': it is a pipe with nothing in it and nothing writing to it\n"
    )
  }

  @Test func anInputPipeWithAWriterIsRead() throws {
    // Process substitution: the input is a pipe, named /dev/fd/N.
    guard let bash = Support.tool("bash") else { return }
    let landmark = Support.url("samples/landmark.badge").path
    let run = try Support.run(bash, ["-c", "exec \"$0\" <(cat \"$1\")", Support.badgec.path, landmark])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == svg)
  }

  @Test(arguments: ["/dev/zero", "-"])
  func anEndlessInputIsAnError(input: String) throws {
    // Read into memory until it ran out (here, at the 1 GB limit).
    let run = try shell("ulimit -v 1000000; exec timeout 10 \"$0\" \"$1\" < /dev/zero", [input])
    #expect(run.status == 1)
    let name = input == "-" ? "standard input" : "'\(input)'"
    #expect(run.stderr == "badgec: error: cannot read \(name): it holds more than 64 MiB\n")
  }

  // MARK: Files badgec may not write

  @Test(arguments: ["folder", "folder.svg"])
  func aFolderAsTheOutputIsAnError(name: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let run = try Support.badgec([input.path, "-o", folder.path])
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write '\(folder.path)': Is a directory\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.badge", name].sorted())
  }

  @Test func aReadOnlyOutputIsLeftAlone() throws {
    // Replacing a file needs only its folder to be writable; badgec leaves
    // a file the user may not write, as a shell's `>` would. Root may write
    // any file, so as root a copy of badgec in the folder (which nobody can
    // reach, wherever the package is) is run as nobody.
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(chmod(dir.path, 0o777) == 0)
    let out = dir.appendingPathComponent("locked.svg")
    try Data("previous".utf8).write(to: out)
    #expect(chmod(out.path, 0o444) == 0)
    let run: Support.Run
    if geteuid() == 0 {
      guard let setpriv = Support.tool("setpriv") else { return }
      let copy = dir.appendingPathComponent("badgec")
      try FileManager.default.copyItem(at: Support.badgec, to: copy)
      run = try Support.run(
        setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path, input.path, "-o", out.path])
    } else {
      run = try Support.badgec([input.path, "-o", out.path])
    }
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write '\(out.path)': Permission denied\n")
    #expect(try Data(contentsOf: out) == Data("previous".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "badgec" }
    #expect(left.sorted() == ["in.badge", "locked.svg"])
  }

  // MARK: Signals

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
  func aSignalRemovesTheTemporaryFile(_ s: Int32) throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("huge.png")
    // Solid shapes on a 20000-pixel canvas: seconds of drawing, within the
    // limit on the pixels fills may cover.
    let sources = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: sources) }
    let badge = sources.appendingPathComponent("solid.badge")
    try "badge S size 20000 { rect().fill(red) circle().fill(blue) }".write(
      to: badge, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // The signal's default action, even if this test runs where it is
    // ignored (as in a shell's background job); no core file for SIGQUIT;
    // `exec` keeps the process id.
    p.arguments = [
      "--default-signal=INT,TERM,HUP,QUIT", "/bin/sh", "-c",
      "ulimit -c 0; exec \"$0\" \"$1\" --max-output 2G -o \"$2\"",
      Support.badgec.path, badge.path, out.path,
    ]
    try p.run()
    // The temporary file, once open (the image takes seconds).
    let during = Support.filesOpened(by: p, in: dir)
    kill(p.processIdentifier, s)
    p.waitUntilExit()
    #expect(during.count == 1 && during[0].hasSuffix(" (deleted)"), "\(during)")
    #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == s)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  /// Writing through named temporary files, an interruption removes the
  /// one being written.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalRemovesTheNamedTemporaryFile(_ s: Int32) throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Process()
    p.executableURL = Support.badgec
    p.arguments = [
      Support.url("samples/landmark.badge").path, "--size", "12000", "--max-output", "1G", "-o",
      dir.appendingPathComponent("big.ppm").path,
    ]
    p.environment = ProcessInfo.processInfo.environment.merging(CLIFilesReadTests.named) { $1 }
    p.standardError = FileHandle.nullDevice
    try p.run()
    Support.wait(while: p) { (try? FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty) ?? true }
    let during = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    kill(p.processIdentifier, s)
    p.waitUntilExit()
    #expect(during.count == 1 && during[0].hasPrefix(".badgec-"), "\(during)")
    #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == s)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func anIgnoredHangupStaysIgnored() throws {
    // nohup ignores SIGHUP for badgec, which then finishes its output.
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("big.png")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [
      "--ignore-signal=HUP", Support.badgec.path, Support.url("samples/landmark.badge").path, "--size", "4000",
      "-o", out.path,
    ]
    try p.run()
    let during = Support.filesOpened(by: p, in: dir)
    kill(p.processIdentifier, SIGHUP)
    p.waitUntilExit()
    #expect(during.count == 1, "\(during)")
    #expect(p.terminationReason == .exit && p.terminationStatus == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.png"])
  }
}
