// End-to-end tests: run the built badgec as a person would and check exit
// codes, files, standard output and standard error.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct EndToEndTests {
  let landmark = Support.url("samples/landmark.badge").path

  @Test func writesTheOutputFile() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out.svg")
    let run = try Support.badgec([landmark, "-o", out.path])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let svg = try String(contentsOf: out, encoding: .utf8)
    #expect(svg.hasPrefix("<svg "))
    // Nothing else is left in the folder (no temporary file).
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.svg"])
    #expect(svg == String(decoding: Support.compile(try Support.read("samples/landmark.badge")).output!, as: UTF8.self))
  }

  @Test func stdoutAndStdin() throws {
    let toStdout = try Support.badgec([landmark, "-o", "-"])
    #expect(toStdout.status == 0)
    #expect(String(decoding: toStdout.stdout, as: UTF8.self).hasPrefix("<svg "))
    let fromStdin = try Support.badgec(["-", "-o", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: landmark)))
    #expect(fromStdin.status == 0)
    #expect(fromStdin.stdout == toStdout.stdout)
  }

  @Test func overrideAndSize() throws {
    let run = try Support.badgec([landmark, "-D", "rotations=6", "--size", "640x400"])
    #expect(run.status == 0)
    let svg = String(decoding: run.stdout, as: UTF8.self)
    #expect(svg.components(separatedBy: "<use ").count - 1 == 6)
    #expect(svg.contains("width=\"640\" height=\"400\" viewBox=\"0 0 640 400\""))
    let joined = try Support.badgec([landmark, "-Drotations=3", "--size", "512"])
    #expect(String(decoding: joined.stdout, as: UTF8.self).components(separatedBy: "<use ").count - 1 == 3)
    #expect(String(decoding: joined.stdout, as: UTF8.self).contains("width=\"512\" height=\"512\""))
  }

  @Test func errorLeavesTheOutputAlone() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.badge")
    try "badge B size 100 {\n  rect().rotate(45)\n}\n".write(to: bad, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.svg")
    try "previous".write(to: out, atomically: true, encoding: .utf8)
    let run = try Support.badgec([bad.path, "-o", out.path])
    #expect(run.status == 1)
    #expect(
      run.stderr == """
        \(bad.path):2:17: error: expected an angle such as 45deg, found a number
          |
        2 |   rect().rotate(45)
          |                 ^^
          fix-it: replace '45' with '45deg'

        """)
    #expect(try String(contentsOf: out, encoding: .utf8) == "previous")
    // And a new output is not created.
    let fresh = dir.appendingPathComponent("new.svg")
    #expect(try Support.badgec([bad.path, "-o", fresh.path]).status == 1)
    #expect(!FileManager.default.fileExists(atPath: fresh.path))
  }

  @Test func badOverrideIsLocated() throws {
    let run = try Support.badgec([landmark, "-D", "rotations=6deg"])
    #expect(run.status == 1)
    // The value is checked where it is used, with a note at the -D.
    #expect(
      run.stderr == """
        \(landmark):56:14: error: expected a number, found an angle
           |
        56 |       repeat rotations as i { RotatedBadgeSymbol(angle: i * 360deg / rotations) }
           |              ^^^^^^^^^
        \(landmark):69:3: note: in component 'Badge', used here
           |
        69 |   Badge().scaledToFit()
           |   ^^^^^
        <command line>:1:11: note: 'rotations' is given by -D here
          |
        1 | rotations=6deg
          |           ^^^^

        """)
    let unknown = try Support.badgec([landmark, "-D", "rotation=6"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.hasPrefix("<command line>:1:1: error: -D rotation: there is no top-level let named 'rotation'"))
  }

  static let usageErrors: [[String]] = [
    [], ["--frobnicate"], ["x.badge", "--size", "0"], ["x.badge", "--size", "10xq"],
    ["x.badge", "-o"], ["x.badge", "--format", "gif"], ["x.badge", "-o", "out.gif"], ["x.badge", "--scale", "1,0"],
    ["x.badge", "--size", "16,"], ["x.badge", "-o", "{nmae}.svg"], ["x.badge", "-o", "{name.svg"],
    ["explain", "a.badge", "b.badge"], ["explain", "x.badge", "-o", "x.svg"],
    ["preview", "x.badge", "--port", "70000"],
  ]

  @Test(arguments: usageErrors)
  func usageErrorsExitTwo(_ arguments: [String]) throws {
    let run = try Support.badgec(arguments)
    #expect(run.status == 2, "\(arguments)")
    #expect(run.stderr.hasPrefix("badgec: error: "), "\(arguments): \(run.stderr)")
  }

  @Test(arguments: [("transparent", "clear"), ("purpel", "purple"), ("#12", nil), ("rgb(1, 2)", nil)])
  func badBackgroundSuggestsAColourName(_ text: String, _ suggestion: String?) throws {
    let run = try Support.badgec([landmark, "--background", text, "-o", "x.png"])
    #expect(run.status == 2)
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    #expect(
      run.stderr.hasPrefix(
        "badgec: error: expected --background #rrggbb, #rrggbbaa or a colour name, found '\(text)'\(hint)\n"))
  }

  @Test func missingInputFile() throws {
    let run = try Support.badgec(["/nonexistent/x.badge"])
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot read '/nonexistent/x.badge': No such file or directory\n")
  }

  @Test func helpAndVersion() throws {
    let help = try Support.badgec(["--help"])
    #expect(help.status == 0)
    #expect(String(decoding: help.stdout, as: UTF8.self).contains("usage: badgec INPUT"))
    let version = try Support.badgec(["--version"])
    #expect(version.status == 0)
    #expect(String(decoding: version.stdout, as: UTF8.self) == "badgec \(BadgeKit.version)\n")
  }

  @Test(arguments: ["big.ppm", "big.png"])
  func aFileSizeLimitIsAnErrorNotASignal(name: String) throws {
    // Regression: past `ulimit -f` badgec was killed by SIGXFSZ and left
    // its temporary file behind.
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent(name)
    // env resets SIGXFSZ, which a test runner may ignore (and an ignored
    // signal stays ignored across exec).
    let command = "ulimit -f 40; exec \"$0\" \"$1\" --size 1024 -o \"$2\""
    let run = try Support.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["--default-signal=XFSZ", "/bin/sh", "-c", command, Support.badgec.path, landmark, out.path])
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write '\(out.path)': File too large\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func outputThroughALinkReplacesTheTargetAndKeepsItsMode() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("target.svg")
    try "previous".write(to: target, atomically: false, encoding: .utf8)
    #expect(chmod(target.path, 0o600) == 0)
    let link = dir.appendingPathComponent("link.svg")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(try Support.badgec([landmark, "-o", link.path]).status == 0)
    // The link is still a link, to a file holding the new output.
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<svg "))
    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.svg", "target.svg"])
    // A link to a file not there yet: the file is created, the link stays.
    let later = dir.appendingPathComponent("later.svg")
    let dangling = dir.appendingPathComponent("dangling.svg")
    try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "later.svg")
    #expect(try Support.badgec([landmark, "-o", dangling.path]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling.path) == "later.svg")
    #expect(try String(contentsOf: later, encoding: .utf8).hasPrefix("<svg "))
  }

  @Test(arguments: ["svg", "ppm"])
  func outputToAPipeIsWrittenNotReplaced(format: String) throws {
    // Devices (/dev/null, /dev/stdout) and named pipes are written to, never
    // replaced by a regular file.
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe.\(format)")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    // This test reads the pipe on another thread while badgec writes, and
    // holds a writing end of its own until badgec is done, so that the
    // reader sees the end of the data only then (or at once, if badgec never
    // opened the pipe).
    let readEnd = open(fifo.path, O_RDONLY | O_NONBLOCK)
    try #require(readEnd >= 0)
    defer { close(readEnd) }
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
    let heldEnd = open(fifo.path, O_WRONLY | O_NONBLOCK)
    try #require(heldEnd >= 0)
    let received = Received()
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      received.bytes = (try? FileHandle(fileDescriptor: readEnd).readToEnd()) ?? Data()
      finished.signal()
    }
    let run = try Support.badgec([landmark, "--size", "1100", "-o", fifo.path])
    close(heldEnd)
    finished.wait()
    #expect(run.status == 0, "\(run.stderr)")
    let expected = try Support.badgec([landmark, "--size", "1100", "--format", format, "-o", "-"]).stdout
    #expect(received.bytes == expected)
    var info = stat()
    #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// Whatever the input holds, standard error gets printable text, line
  /// feeds and tabs only, and at most `--max-errors` errors.
  @Test func standardErrorIsPrintableAndBounded() throws {
    var bytes = Array("badge B {\n".utf8)
    for b in UInt8(0)..<0x20 where b != 0x0A && b != 0x09 && b != 0x0D { bytes += [b, 0x20] }
    bytes += Array("\u{1B}]0;owned\u{7}\u{1B}[2J \u{202E} ".utf8) + [0xFF, 0xC3, 0x28, 0x20]
    bytes += Array(String(repeating: "@", count: 20_000).utf8) + Array(" }\n".utf8)
    let run = try Support.badgec(["-", "-o", "-"], stdin: Data(bytes))
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(HostileInputTests.isPrintable(Array(run.stderr.utf8)), "\(run.stderr.prefix(400))")
    #expect(run.stderr.utf8.count < 100_000)
    #expect(run.stderr.components(separatedBy: ": error: ").count == 21)
    #expect(run.stderr.hasSuffix(" more errors\n"))
    let two = try Support.badgec(["-", "--max-errors", "2"], stdin: Data(bytes))
    #expect(two.stderr.components(separatedBy: ": error: ").count == 3)
    let path = try Support.badgec(["missing\u{1B}[2J.badge"])
    #expect(path.status == 1)
    #expect(path.stderr.contains("missing\\u{1B}[2J.badge"), "\(path.stderr)")
  }

  @Test func maxOutput() throws {
    let small = try Support.badgec([landmark, "--max-output", "1K", "-o", "-"])
    #expect(small.status == 1)
    #expect(small.stdout.isEmpty)
    #expect(small.stderr.contains("the output would be larger than 1024 bytes"))
    #expect(try Support.badgec([landmark, "--max-output", "1M", "-o", "-"]).status == 0)
    #expect(try Support.badgec([landmark, "--max-output", "lots"]).status == 2)
  }
}

/// Bytes read on another thread, looked at after it signalled.
private final class Received: @unchecked Sendable {
  var bytes = Data()
}
