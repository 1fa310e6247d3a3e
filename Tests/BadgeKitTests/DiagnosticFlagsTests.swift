// End-to-end tests of the diagnostics' flags: --werror, --diagnostics json
// (read back line by line with JSONSerialization and with python3's json),
// and colour: never in a pipe or under NO_COLOR, always with --color
// always, and on a terminal (a pseudo-terminal made by util-linux's
// `script`, where it is installed).
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct DiagnosticFlagsTests {
  let landmark = Support.url("samples/landmark.badge").path

  /// A folder holding `warned.badge`, which compiles with one warning.
  static func warnedInput() throws -> URL {
    let dir = try Support.temporaryFolder()
    try "let spare = 1\nbadge B size 100 {\n  rect().fill(rgb(300, 0, 0))\n}\n".write(
      to: dir.appendingPathComponent("warned.badge"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test func warningsDoNotStopTheOutput() throws {
    let dir = try DiagnosticFlagsTests.warnedInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out.svg")
    let run = try Support.badgec(["warned.badge", "-o", out.path], cwd: dir)
    #expect(run.status == 0)
    #expect(FileManager.default.fileExists(atPath: out.path))
    #expect(
      run.stderr == """
        warned.badge:1:5: warning: let 'spare' is never used
          |
        1 | let spare = 1
          |     ^^^^^
        warned.badge:3:19: warning: colour channel 300 is outside 0 to 255; clamped to 255
          |
        3 |   rect().fill(rgb(300, 0, 0))
          |                   ^^^

        """)
  }

  @Test func werrorExitsOneAndWritesNothing() throws {
    let dir = try DiagnosticFlagsTests.warnedInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out.svg")
    let run = try Support.badgec(["warned.badge", "--werror", "-o", out.path], cwd: dir)
    #expect(run.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("warned.badge:1:5: error: let 'spare' is never used [--werror]\n"))
    // An output already there is left alone, and standard output gets nothing.
    try "previous".write(to: out, atomically: true, encoding: .utf8)
    #expect(try Support.badgec(["warned.badge", "--werror", "-o", out.path], cwd: dir).status == 1)
    #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
    let toStdout = try Support.badgec(["warned.badge", "--werror"], cwd: dir)
    #expect(toStdout.status == 1 && toStdout.stdout.isEmpty)
    // A clean input is unaffected.
    #expect(try Support.badgec([landmark, "--werror", "-o", "-"]).status == 0)
  }

  /// An error with a note (the component it is in, the -D it comes from)
  /// and an error with a fix-it (the nearest let), as JSON lines.
  @Test func jsonLinesReadBack() throws {
    let run = try Support.badgec([landmark, "-D", "rotations=6deg", "-D", "rotatoins=3", "--diagnostics", "json"])
    #expect(run.status == 1)
    #expect(run.stderr.hasSuffix("\n"))
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let objects = try lines.map { line -> [String: Any] in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == 2)
    let keys = [
      "file", "line", "column", "endLine", "endColumn", "severity", "message", "notes", "fixIts",
    ]
    for (line, object) in zip(lines, objects) {
      #expect(Set(object.keys) == Set(keys))
      // In that order.
      let positions = keys.map { line.range(of: "\"\($0)\":")!.lowerBound }
      #expect(positions == positions.sorted())
    }
    let unknown = try #require(objects.first { ($0["fixIts"] as? [Any])?.isEmpty == false })
    #expect(unknown["file"] as? String == "<command line>")
    #expect(unknown["line"] as? Int == 1 && unknown["column"] as? Int == 1 && unknown["endColumn"] as? Int == 10)
    let fix = try #require((unknown["fixIts"] as? [[String: Any]])?.first)
    #expect(fix["replacement"] as? String == "rotations")
    #expect(fix["column"] as? Int == 1 && fix["endColumn"] as? Int == 10)
    let mismatch = try #require(objects.first { ($0["notes"] as? [Any])?.isEmpty == false })
    #expect(mismatch["file"] as? String == landmark)
    #expect(mismatch["severity"] as? String == "error")
    #expect(mismatch["message"] as? String == "expected a number, found an angle")
    #expect(mismatch["line"] as? Int == 56 && mismatch["column"] as? Int == 14)
    #expect(mismatch["endLine"] as? Int == 56 && mismatch["endColumn"] as? Int == 23)
    let notes = try #require(mismatch["notes"] as? [[String: Any]])
    #expect(
      notes.map { $0["message"] as? String } == ["in component 'Badge', used here", "'rotations' is given by -D here"])
    #expect(notes.map { $0["file"] as? String } == [landmark, "<command line>"])
    #expect(notes.map { $0["line"] as? Int } == [69, 1])
    #expect(notes.map { $0["column"] as? Int } == [3, 11])

    // python3's json reads every line too.
    if let python = Support.tool("python3") {
      let check = try Support.run(
        python, ["-c", "import json,sys; [json.loads(l) for l in sys.stdin]; print('ok')"],
        stdin: Data(run.stderr.utf8))
      #expect(check.status == 0 && String(decoding: check.stdout, as: UTF8.self) == "ok\n", "\(check.stderr)")
    }
  }

  /// Warnings and a file that cannot be read are JSON too.
  @Test func jsonWarningsAndUnreadableFiles() throws {
    let dir = try DiagnosticFlagsTests.warnedInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec(["warned.badge", "--diagnostics=json", "-o", "out.svg"], cwd: dir)
    #expect(run.status == 0)
    #expect(
      run.stderr == """
        {"file":"warned.badge","line":1,"column":5,"endLine":1,"endColumn":10,"severity":"warning","message":"let 'spare' is never used","notes":[],"fixIts":[]}
        {"file":"warned.badge","line":3,"column":19,"endLine":3,"endColumn":22,"severity":"warning","message":"colour channel 300 is outside 0 to 255; clamped to 255","notes":[],"fixIts":[]}

        """)
    let missing = try Support.badgec(["/nonexistent/x.badge", "--diagnostics", "json"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == #"{"file":null,"line":null,"column":null,"endLine":null,"endColumn":null,"severity":"error","message":"cannot read '/nonexistent/x.badge': No such file or directory","notes":[],"fixIts":[]}"#
        + "\n")
    #expect(try Support.badgec(["x.badge", "--diagnostics", "xml"]).status == 2)
    #expect(try Support.badgec(["x.badge", "--color", "sometimes"]).status == 2)
  }

  @Test func colourOnlyWhenAskedOrOnATerminal() throws {
    let dir = try DiagnosticFlagsTests.warnedInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let args = ["warned.badge", "-o", "out.svg"]
    // A pipe: no escapes, whatever NO_COLOR says.
    #expect(!(try Support.badgec(args, cwd: dir)).stderr.contains("\u{1B}"))
    let noColour = try Support.run(Support.badgec, args, cwd: dir, environment: ["NO_COLOR": "1"])
    #expect(!noColour.stderr.contains("\u{1B}"))
    #expect(!(try Support.badgec(args + ["--color", "never"], cwd: dir)).stderr.contains("\u{1B}"))
    // Forced, even under NO_COLOR.
    let forced = try Support.run(Support.badgec, args + ["--color=always"], cwd: dir, environment: ["NO_COLOR": "1"])
    #expect(forced.stderr.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
    // JSON is never coloured.
    #expect(
      !(try Support.badgec(args + ["--color", "always", "--diagnostics", "json"], cwd: dir)).stderr.contains("\u{1B}"))

    // On a terminal: coloured, unless NO_COLOR is set (to anything but
    // the empty string) or TERM is dumb.
    guard let script = Support.tool("script") else { return }
    func onTerminal(_ environment: [String: String]) throws -> String {
      let command = "'\(Support.badgec.path)' warned.badge -o out.svg"
      let run = try Support.run(script, ["-qec", command, "/dev/null"], cwd: dir, environment: environment)
      return String(decoding: run.stdout, as: UTF8.self)
    }
    #expect(try onTerminal(["TERM": "xterm", "NO_COLOR": ""]).contains("\u{1B}[1;35mwarning:"))
    #expect(!(try onTerminal(["TERM": "xterm", "NO_COLOR": "1"])).contains("\u{1B}"))
    #expect(!(try onTerminal(["TERM": "dumb", "NO_COLOR": ""])).contains("\u{1B}"))
  }
}
