// `badgec fmt` as a user runs it (the built badgec): files rewritten in
// place only when they change (permissions kept, through a link to its
// target), `-` and `--stdout` to standard output, `--check` naming the
// files that would change, a file with syntax errors left alone with its
// errors printed, and the options of other commands refused.
import Foundation
import Testing

@Suite struct FormatCommandTests {
  static let messy = "badge B size 100 {\nrect( ).fill(red)\n}\n"
  static let tidy = "badge B size 100 {\n  rect().fill(red)\n}\n"
  static let broken = "badge B size 100 {\n  rect(\n}\n"

  /// A folder holding `files` (name: text).
  static func folder(_ files: [String: String]) throws -> URL {
    let dir = try Support.temporaryFolder()
    for (name, text) in files {
      try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    return dir
  }

  static func text(_ dir: URL, _ name: String) throws -> String {
    try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
  }

  static func inode(_ dir: URL, _ name: String) throws -> Int {
    try
      (FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.systemFileNumber]
      as? Int) ?? -1
  }

  @Test func rewritesOnlyWhatChanges() throws {
    let dir = try FormatCommandTests.folder(["a.badge": FormatCommandTests.messy, "b.badge": FormatCommandTests.tidy])
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: dir.appendingPathComponent("a.badge").path)
    let before = try FormatCommandTests.inode(dir, "b.badge")
    let run = try Support.badgec(["fmt", "a.badge", "b.badge"], cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty && run.stderr.isEmpty)
    #expect(try FormatCommandTests.text(dir, "a.badge") == FormatCommandTests.tidy)
    #expect(try FormatCommandTests.text(dir, "b.badge") == FormatCommandTests.tidy)
    // The formatted file is not written again; the rewritten keeps its mode.
    #expect(try FormatCommandTests.inode(dir, "b.badge") == before)
    let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("a.badge").path)[
      .posixPermissions]
    #expect(mode as? Int == 0o640)
    // No temporary file is left.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.badge", "b.badge"])
  }

  @Test func checkNamesTheFilesThatWouldChange() throws {
    let dir = try FormatCommandTests.folder(["a.badge": FormatCommandTests.messy, "b.badge": FormatCommandTests.tidy])
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec(["fmt", "--check", "a.badge", "b.badge"], cwd: dir)
    #expect(run.status == 1)
    #expect(String(decoding: run.stdout, as: UTF8.self) == "a.badge\n")
    #expect(try FormatCommandTests.text(dir, "a.badge") == FormatCommandTests.messy)
    let clean = try Support.badgec(["fmt", "--check", "b.badge"], cwd: dir)
    #expect(clean.status == 0 && clean.stdout.isEmpty)
  }

  @Test func standardInputAndOutput() throws {
    let piped = try Support.badgec(["fmt", "-"], stdin: Data(FormatCommandTests.messy.utf8))
    #expect(piped.status == 0)
    #expect(String(decoding: piped.stdout, as: UTF8.self) == FormatCommandTests.tidy)
    let dir = try FormatCommandTests.folder(["a.badge": FormatCommandTests.messy])
    defer { try? FileManager.default.removeItem(at: dir) }
    let shown = try Support.badgec(["fmt", "--stdout", "a.badge"], cwd: dir)
    #expect(shown.status == 0)
    #expect(String(decoding: shown.stdout, as: UTF8.self) == FormatCommandTests.tidy)
    #expect(try FormatCommandTests.text(dir, "a.badge") == FormatCommandTests.messy)
  }

  @Test func aLinkedFileIsRewrittenWhereItIs() throws {
    let dir = try FormatCommandTests.folder(["real.badge": FormatCommandTests.messy])
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("link.badge").path, withDestinationPath: "real.badge")
    let run = try Support.badgec(["fmt", "link.badge"], cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try FormatCommandTests.text(dir, "real.badge") == FormatCommandTests.tidy)
    let kind = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("link.badge").path)[.type]
    #expect(kind as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func syntaxErrorsLeaveTheFileAsItIs() throws {
    let dir = try FormatCommandTests.folder([
      "bad.badge": FormatCommandTests.broken, "a.badge": FormatCommandTests.messy,
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec(["fmt", "bad.badge", "a.badge"], cwd: dir)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("bad.badge:2:8: error: "), "\(run.stderr)")
    #expect(run.stderr.contains("\n2 |   rect(\n"), "\(run.stderr)")
    #expect(try FormatCommandTests.text(dir, "bad.badge") == FormatCommandTests.broken)
    // The other file is still formatted.
    #expect(try FormatCommandTests.text(dir, "a.badge") == FormatCommandTests.tidy)
    let missing = try Support.badgec(["fmt", "none.badge"], cwd: dir)
    #expect(
      missing.status == 1 && missing.stderr.hasPrefix("badgec: error: cannot read 'none.badge'"), "\(missing.stderr)")
  }

  @Test func otherCommandsOptionsAreUsageErrors() throws {
    for args in [
      ["fmt", "-o", "x.svg", "a.badge"], ["fmt", "--check", "--stdout", "a.badge"], ["fmt"],
      ["fmt", "-D", "a=1", "a.badge"],
    ] {
      let run = try Support.badgec(args)
      #expect(run.status == 2, "\(args): \(run.stderr)")
      #expect(run.stderr.hasPrefix("badgec: error: "), "\(args): \(run.stderr)")
    }
    let help = try Support.badgec(["fmt", "--help"])
    #expect(help.status == 0 && String(decoding: help.stdout, as: UTF8.self).hasPrefix("usage: badgec fmt FILE…"))
  }
}
