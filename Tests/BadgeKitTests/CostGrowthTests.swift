// What hostile inputs cost: files of a few hundred bytes that were
// quadratic (trim and stroke of one long subpath), text and path data
// that built their segments before the budget was charged, big inputs
// read whole before a budget failed them, a line table as large as the
// file. Each runs the built badgec as a child process under a deadline,
// with its peak memory read from the kernel (wait4), so that a regression
// fails at the deadline instead of hanging the suite. The deadlines and
// memory bounds are far above what the linear code takes (a debug build
// included: a few seconds at most) and far below what the old code took
// (minutes, or gigabytes).
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct CostGrowthTests {
  /// How a run of badgec ended.
  struct Measured {
    /// The exit status, or nil when it was killed at the deadline (or by
    /// another signal).
    var status: Int32?
    var seconds: Double
    /// The peak resident memory, in bytes.
    var peakBytes: Int
    var stderr: String
  }

  /// Runs badgec with `arguments` in `folder`, killed after `deadline`
  /// seconds; standard output is dropped, standard error kept. Through
  /// python3, whose children's peak memory is badgec's alone (a child
  /// started straight from this process would count this process' memory
  /// too: the peak is kept across exec).
  static func measure(_ arguments: [String], in folder: URL, deadline: Double = 30) throws -> Measured {
    guard let python = Support.tool("python3") else { throw CocoaError(.executableNotLoadable) }
    let script = """
      import resource, subprocess, sys
      try:
          code = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, timeout=float(sys.argv[1])).returncode
      except subprocess.TimeoutExpired:
          code = -9
      print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let started = Date()
    let run = try Support.run(
      python, ["-c", script, String(deadline), Support.badgec.path] + arguments, cwd: folder)
    let words = String(decoding: run.stdout, as: UTF8.self).split(separator: " ")
    guard words.count == 2, let code = Int32(words[0]), let kilobytes = Int(words[1].filter(\.isNumber)) else {
      throw CocoaError(.executableNotLoadable)
    }
    return Measured(
      status: code >= 0 ? code : nil, seconds: Date().timeIntervalSince(started), peakBytes: kilobytes * 1024,
      stderr: run.stderr)
  }

  /// Writes `text` as `name` in `folder` and returns its path.
  static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url.path
  }

  /// SVG path data of one subpath of `count` segments.
  static func longSubpath(_ count: Int) -> String {
    var d = "M0 0"
    d.reserveCapacity(count * 8)
    for i in 1..<count { d += " L\(i % 97) \(i % 89)" }
    return d
  }

  static let megabyte = 1 << 20

  // MARK: One long subpath

  /// Trimming split the path into subpaths by copying the growing array of
  /// segments on every append: 40,000 segments took 6.3 s, 300,000 would
  /// take hours. Linear now, in the SVG as in the raster.
  @Test(arguments: ["svg", "png"])
  func trimOfOneLongSubpath(format: String) throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let d = CostGrowthTests.longSubpath(300_000)
    let input = try CostGrowthTests.write(
      "badge B size 100 {\n  path(\"\(d)\")\n    .trim(from: 0.1, to: 0.9)\n    .stroke(red)\n}\n", "trim.badge",
      in: dir)
    let out = dir.appendingPathComponent("out.\(format)").path
    let run = try CostGrowthTests.measure([input, "--size", "20", "-o", out], in: dir)
    #expect(run.status == 0, "\(run.seconds) s: \(run.stderr.prefix(300))")
    #expect(FileManager.default.fileExists(atPath: out))
  }

  /// The stroker walked the same copying split: a stroke of one subpath,
  /// dashed or not, was quadratic in the raster.
  @Test(arguments: ["", ", dash: (3, 2)"])
  func strokeOfOneLongSubpath(dash: String) throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let d = CostGrowthTests.longSubpath(200_000)
    let input = try CostGrowthTests.write(
      "badge B size 100 {\n  path(\"\(d)\")\n    .stroke(red, width: 2\(dash))\n}\n", "stroke.badge", in: dir)
    let out = dir.appendingPathComponent("out.png").path
    let run = try CostGrowthTests.measure([input, "--size", "20", "-o", out], in: dir)
    // Drawn, or stopped at the outline's budget: either way, in time.
    let stopped = run.status == 1 && run.stderr.contains("error: a stroke's outline takes more than 1000000 points")
    #expect(run.status == 0 || stopped, "\(run.seconds) s: \(run.stderr.prefix(300))")
    #expect(FileManager.default.fileExists(atPath: out) == !stopped)
  }

  /// Half of one subpath of 40,000 equal lines is one subpath of 20,000.
  @Test func halfOfOneLongSubpath() {
    var elements: [PathElement] = [.move(Point(0, 0))]
    for i in 1...40_000 { elements.append(.line(Point(Double(i), 0))) }
    let half = ScenePath(elements).trimmed(from: 0.25, to: 0.75)
    #expect(ScenePath(elements).subpaths.map(\.segments.count) == [40_000])
    #expect(half.subpaths.count == 1)
    #expect(half.subpaths.first?.start == Point(10_000, 0))
    #expect(half.elements.count == 20_001)
  }

  // MARK: Many declarations

  /// Whether each let hid a built-in was asked by searching the file's
  /// lets for it: quadratic, 44,000 lets took 9 s (a release build) and
  /// 100,000 would take a minute. A chain of lets, each using the one
  /// before, is linear now; the last is 100,000, the rectangle 10 wide.
  @Test func aLongChainOfLets() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let count = 100_000
    var text = "let v0 = 1\n"
    text.reserveCapacity(count * 24)
    for i in 1..<count { text += "let v\(i) = v\(i - 1) + 1\n" }
    text += "badge B size 100 {\n  rect().frame(width: v\(count - 1) - \(count - 10))\n}\n"
    let input = try CostGrowthTests.write(text, "lets.badge", in: dir)
    let out = dir.appendingPathComponent("out.svg").path
    let run = try CostGrowthTests.measure([input, "-o", out], in: dir)
    #expect(run.status == 0, "\(run.seconds) s: \(run.stderr.prefix(300))")
    let svg = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    #expect(svg.contains(#"<path d="M45 0L55 0L55 100L45 100L45 0Z""#), "\(svg.prefix(400))")
  }

  // MARK: Segments charged as they are built

  /// A text built all its glyph outlines before the segment budget was
  /// charged: 1 MB of text took 1.9 GB. Now the budget is charged glyph by
  /// glyph, and the text stops at it. (Kept on one line by `.fixedSize()`:
  /// wrapped in the canvas, it would keep the lines that fit.)
  @Test func longTextStopsAtTheSegmentBudget() throws {
    guard FontFiles.bytes(FontCatalogTests.dejaVu + "DejaVuSans.ttf") != nil else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = String(repeating: "abcdefghij", count: CostGrowthTests.megabyte / 10)
    let input = try CostGrowthTests.write(
      "badge B size 300 {\n  text(\"\(text)\").font(family: \"DejaVu Sans\").fixedSize()\n}\n", "text.badge", in: dir)
    let run = try CostGrowthTests.measure(
      [input, "--font-dir", "/usr/share/fonts/truetype/dejavu", "-o", dir.appendingPathComponent("o.svg").path],
      in: dir)
    #expect(run.status == 1)
    #expect(run.stderr.contains("error: the badge builds more than 500000 path segments"), "\(run.stderr.prefix(300))")
    #expect(run.peakBytes < 200 * CostGrowthTests.megabyte, "\(run.peakBytes >> 20) MiB")
  }

  /// A path built all its commands before the budget was charged: a
  /// repeat of path data made ten million segments (942 MB) in a 10 KB
  /// file. Now building stops at the budget.
  @Test func repeatedPathDataStopsAtTheSegmentBudget() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let d = "M0 0" + String(repeating: " L1 1 L2 0", count: 500)
    let input = try CostGrowthTests.write(
      "badge B size 100 {\n  path { repeat 10000 { data \"\(d)\" } }\n}\n", "data.badge", in: dir)
    let run = try CostGrowthTests.measure([input, "-o", dir.appendingPathComponent("o.svg").path], in: dir)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("\(input):2:3: error: the badge builds more than 500000 path segments"))
    #expect(run.peakBytes < 200 * CostGrowthTests.megabyte, "\(run.peakBytes >> 20) MiB")
  }

  // MARK: Fonts read whole

  /// Each path to a font was a reading of its own: ten links to one font
  /// file of 60 MB took 623 MB and 4.2 s. A file is read once whatever
  /// path reaches it, and the fonts a compilation reads take at most
  /// 128 MiB in all (three distinct files of 60 MB: an error at the third).
  @Test func largeFontsAreReadOncePerFileAndBoundedInAll() throws {
    guard let font = FontFiles.bytes(FontCatalogTests.dejaVu + "DejaVuSans.ttf") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    func padded(_ name: String) throws -> String {
      let url = dir.appendingPathComponent(name)
      try Data(font).write(to: url)
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: 60 << 20)
      try handle.close()
      return url.path
    }
    let big = try padded("big.ttf")
    var texts: [String] = []
    for k in 0..<10 {
      let link = dir.appendingPathComponent("link\(k).ttf").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: big)
      texts.append("text(\"a\").font(family: \"\(link)\")")
    }
    let links = try CostGrowthTests.write(
      "badge B size 300 { vstack { \(texts.joined(separator: " ")) } }\n", "links.badge", in: dir)
    let once = try CostGrowthTests.measure([links, "-o", dir.appendingPathComponent("o.svg").path], in: dir)
    #expect(once.status == 0, "\(once.stderr.prefix(300))")
    #expect(once.peakBytes < 150 * CostGrowthTests.megabyte, "\(once.peakBytes >> 20) MiB")

    let copies = try (1...3).map { try padded("copy\($0).ttf") }
    let each = copies.map { "text(\"a\").font(family: \"\($0)\")" }.joined(separator: " ")
    let three = try CostGrowthTests.write("badge B size 300 { vstack { \(each) } }\n", "copies.badge", in: dir)
    let run = try CostGrowthTests.measure([three, "-o", dir.appendingPathComponent("o.svg").path], in: dir)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "error: cannot read the font '\(copies[2])': the font files read take more than 128 MiB in all"),
      "\(run.stderr.prefix(300))")
  }

  // MARK: Big inputs

  /// An argument list of 20 million numbers (60 MB) was read whole into a
  /// tree of 3.5 GB before the evaluation's budget failed it (34 s). Now
  /// the parser stops at a million parts of expressions, a few megabytes
  /// in.
  @Test func aHugeArgumentListStopsWhileRead() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var source = "badge B size 100 {\n  rect().frame(width: min("
    source += String(repeating: "1, ", count: 20_000_000) + "1))\n}\n"
    let input = try CostGrowthTests.write(source, "args.badge", in: dir)
    source = ""
    let run = try CostGrowthTests.measure([input, "-o", dir.appendingPathComponent("o.svg").path], in: dir)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("\(input):2:3000021: error: the file holds more than 1000000 parts of expressions"))
    #expect(run.peakBytes < 200 * CostGrowthTests.megabyte, "\(run.peakBytes >> 20) MiB")
  }

  /// The line table held an offset for every line: 60 million line breaks
  /// took 480 MB more than the file. Now it holds one count a block.
  @Test func aFileOfLineBreaksTakesLittleMoreThanItself() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = try CostGrowthTests.write(
      String(repeating: "\n", count: 60_000_000) + "badge B size 10 { rect().fill(bleu) }\n", "lines.badge", in: dir)
    let run = try CostGrowthTests.measure([input, "-o", dir.appendingPathComponent("o.svg").path], in: dir)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("\(input):60000001:31: error: unknown name 'bleu'"), "\(run.stderr.prefix(200))")
    #expect(run.peakBytes < 160 * CostGrowthTests.megabyte, "\(run.peakBytes >> 20) MiB")
  }

  /// Lines, columns and line ranges from the sparse tables are those
  /// counted from the start, at block boundaries and across long lines
  /// too.
  @Test func locationsMatchACountFromTheStart() {
    var text = ""
    for i in 0..<3_000 { text += String(repeating: i % 7 == 0 ? "é" : "x", count: i % 13) + "\n" }
    // Lines longer than several blocks, so that whole blocks are stepped
    // over, the last one ending the file.
    text += String(repeating: "aé", count: 9_000) + "\r\n" + String(repeating: "b", count: 3 * SourceFile.blockSize)
    let file = SourceFile(name: "t", text: text)
    let bytes = Array(text.utf8)
    var line = 1
    var column = 1
    var lineStart = 0
    for offset in 0...bytes.count {
      if offset % 97 == 0 || offset % SourceFile.blockSize < 2 || offset == bytes.count {
        #expect(file.location(of: offset) == SourceFile.Location(line: line, column: column), "at \(offset)")
        var end = offset
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
        #expect(file.lineRange(containing: offset) == lineStart..<max(lineStart, end), "at \(offset)")
      }
      guard offset < bytes.count else { break }
      if bytes[offset] == 0x0A {
        line += 1
        column = 1
        lineStart = offset + 1
      } else if bytes[offset] & 0xC0 != 0x80 {
        column += 1
      }
    }
  }
}
