// Command-line file safety, second round: no file the compilation read (an
// imported file, a font named by its path) is ever the output, whatever
// name reaches it; a chain of as many symbolic links as the kernel follows
// stays a chain; a killed run leaves no temporary file, or (writing
// through named ones) the one it left is removed by the next run writing
// into its folder, and one being written is never touched.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct CLIFilesReadTests {
  /// A folder with `lib.badge` (a component) and `main.badge` importing it.
  func folderWithImport() throws -> URL {
    let dir = try Support.temporaryFolder()
    try "component C() { rect().fill(red) }\n".write(
      to: dir.appendingPathComponent("lib.badge"), atomically: true, encoding: .utf8)
    try "import \"lib.badge\"\nbadge B size 10 { C() }\n".write(
      to: dir.appendingPathComponent("main.badge"), atomically: true, encoding: .utf8)
    return dir
  }

  // MARK: Files read are never the output

  @Test(arguments: ["lib.badge", "link.badge", "./sub/../lib.badge"])
  func anImportedFileIsNeverTheOutput(output: String) throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("link.badge").path,
      withDestinationPath: "lib.badge")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let before = try Data(contentsOf: dir.appendingPathComponent("lib.badge"))
    let run = try Support.badgec(["main.badge", "--format", "svg", "-o", output], cwd: dir)
    #expect(run.status == 1)
    #expect(
      run.stderr == "badgec: error: the output '\(output)' is the imported file 'lib.badge'; choose another output\n")
    #expect(try Data(contentsOf: dir.appendingPathComponent("lib.badge")) == before)
  }

  @Test func standardOutputAppendedToAnImportedFileIsRefused() throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    let before = try Data(contentsOf: dir.appendingPathComponent("lib.badge"))
    let run = try Support.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" main.badge >> lib.badge", Support.badgec.path], cwd: dir)
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: standard output is the imported file 'lib.badge'; choose another output\n")
    #expect(try Data(contentsOf: dir.appendingPathComponent("lib.badge")) == before)
  }

  @Test func aFontFileNamedByPathIsNeverTheOutput() throws {
    guard let font = FontFiles.bytes(FontCatalogTests.dejaVu + "DejaVuSans.ttf") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let copy = dir.appendingPathComponent("face.ttf")
    try Data(font).write(to: copy)
    try "badge B size 100 { text(\"hi\").font(family: \"\(copy.path)\") }\n".write(
      to: dir.appendingPathComponent("in.badge"), atomically: true, encoding: .utf8)
    let run = try Support.badgec(["in.badge", "--format", "svg", "-o", "face.ttf"], cwd: dir)
    #expect(run.status == 1)
    #expect(
      run.stderr == "badgec: error: the output 'face.ttf' is the font file '\(copy.path)'; choose another output\n")
    #expect(try Data(contentsOf: copy) == Data(font))
  }

  // MARK: Links

  /// A chain of 40 links (as many as the kernel follows) to a file not
  /// there yet was replaced by a regular file, where 39 worked.
  @Test(arguments: [39, 40])
  func aChainOfLinksStaysAChain(length: Int) throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    var previous = "target.svg"
    for k in 1...length {
      try FileManager.default.createSymbolicLink(
        atPath: dir.appendingPathComponent("l\(k)").path, withDestinationPath: previous)
      previous = "l\(k)"
    }
    let run = try Support.badgec(["main.badge", "--format", "svg", "-o", previous], cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent(previous).path)
        == "l\(length - 1)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("target.svg").path))
  }

  /// One link more than the kernel follows is an error, and the link is
  /// left as it was.
  @Test func aChainTooLongIsAnError() throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    var previous = "target.svg"
    for k in 1...41 {
      try FileManager.default.createSymbolicLink(
        atPath: dir.appendingPathComponent("l\(k)").path, withDestinationPath: previous)
      previous = "l\(k)"
    }
    let run = try Support.badgec(["main.badge", "-o", "l41"], cwd: dir)
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write 'l41': Too many levels of symbolic links\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("l41").path) == "l40")
  }

  // MARK: Temporary files left behind

  /// The environment that makes badgec write through named temporary
  /// files, as on a file system that cannot make unnamed ones.
  static let named = ["BADGEC_NAMED_TEMPORARIES": "1"]

  /// Writing through named temporary files, a temporary file that no
  /// running badgec holds is removed by the next run writing into its
  /// folder; one held (being written) is not, nor a file that only looks
  /// like one. Writing through unnamed files, the folder is not read at
  /// all (so a build writing thousands of files into one folder does not
  /// list it at every one), and nothing in it is touched but the output.
  @Test(arguments: [true, false])
  func temporariesLeftBehindAreRemoved(named: Bool) throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    func make(_ name: String) throws -> String {
      let path = dir.appendingPathComponent(name).path
      #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 4096)))
      return path
    }
    _ = try make(".badgec-Left01")
    let held = try make(".badgec-Held02")
    _ = try make(".badgec-long003")
    _ = try make(".badgec-a.b-c")
    let fd = open(held, O_RDONLY)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    for _ in 0..<2 {  // a new output, then one replaced
      let run = try Support.run(
        Support.badgec, ["main.badge", "-o", "out.svg"], cwd: dir, environment: named ? Self.named : [:])
      #expect(run.status == 0, "\(run.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      let left = [".badgec-Held02", ".badgec-a.b-c", ".badgec-long003", "lib.badge", "main.badge", "out.svg"]
      #expect(names == (named ? left : [".badgec-Held02", ".badgec-Left01"] + left.dropFirst()))
    }
  }

  /// After SIGKILL in the middle of a large PPM (its space reserved
  /// whole), nothing is left when the file had no name; a named one is
  /// removed by the next run writing the same output. Either way the next
  /// run writes its output.
  @Test(arguments: [true, false])
  func aKilledRunsTemporaryIsRemovedByTheNext(named: Bool) throws {
    let dir = try folderWithImport()
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Process()
    p.executableURL = Support.badgec
    p.currentDirectoryURL = dir
    p.arguments = ["main.badge", "--size", "12000", "--max-output", "1G", "-o", "big.ppm"]
    if named { p.environment = ProcessInfo.processInfo.environment.merging(Self.named) { $1 } }
    p.standardError = FileHandle.nullDevice
    try p.run()
    func temporaries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".badgec-") }
    }
    let open = Support.filesOpened(by: p, in: dir, seconds: 10)
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    #expect(open.count == 1 && open[0].hasSuffix(named ? "" : " (deleted)"), "\(open)")
    #expect(try temporaries().count == (named ? 1 : 0))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("big.ppm").path))
    let run = try Support.run(
      Support.badgec, ["main.badge", "--size", "10", "-o", "big.ppm"], cwd: dir, environment: named ? Self.named : [:])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try temporaries().isEmpty)
    let image = try Data(contentsOf: dir.appendingPathComponent("big.ppm"))
    #expect(image.starts(with: Array("P6\n10 10\n255\n".utf8)) && image.count == 13 + 10 * 10 * 3)
  }
}
