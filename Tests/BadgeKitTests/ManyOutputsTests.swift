// Many outputs in one run: lists of sizes and scales, several inputs and
// `-o` patterns. Each file must be the one a separate run writes; two
// outputs on one path are a usage error before anything is written; a
// failed output loses none of the others.
import Foundation
import Testing

@Suite struct ManyOutputsTests {
  let sizes = ["16", "32", "64", "128", "256", "512", "1024"]
  let scales = ["1", "2", "3"]

  @Test func iconSetIsOneCommandAndEachFileIsASeparateRunsFile() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let landmark = Support.url("samples/landmark.badge").path
    let run = try Support.badgec(
      [landmark, "--size", sizes.joined(separator: ","), "--scale", "1,2,3", "-o", "icons/{size}@{scale}x.png"],
      cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("icons").path)
    #expect(written.count == 21)
    // Every file is the one a separate run writes (a few checked whole).
    for (size, scale) in [("16", "1"), ("32", "2"), ("1024", "3"), ("128", "1")] {
      let alone = try Support.badgec([landmark, "--size", size, "--scale", scale, "-o", "alone.png"], cwd: dir)
      #expect(alone.status == 0)
      let a = try Data(contentsOf: dir.appendingPathComponent("alone.png"))
      let b = try Data(contentsOf: dir.appendingPathComponent("icons/\(size)@\(scale)x.png"))
      #expect(a == b, "\(size)@\(scale)x")
      let pixels = Int(size)! * Int(scale)!
      #expect(
        Array(b[16..<20]) == [
          UInt8(pixels >> 24), UInt8(pixels >> 16 & 255), UInt8(pixels >> 8 & 255), UInt8(pixels & 255),
        ])
    }
  }

  @Test func placeholdersNameEachOutput() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec(
      [
        Support.url("samples/landmark.badge").path, Support.url("samples/medal.badge").path, "--scale", "1,2",
        "-o", "{name}-{badge}-{width}x{height}.png", "-o", "{name}.svg",
      ], cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(
      names == [
        "landmark-Landmark-300x300.png", "landmark-Landmark-600x600.png", "landmark.svg", "medal-Medal-300x300.png",
        "medal-Medal-600x600.png", "medal.svg",
      ])
    let svg = try String(contentsOf: dir.appendingPathComponent("landmark.svg"), encoding: .utf8)
    let png = try Data(contentsOf: dir.appendingPathComponent("landmark-Landmark-600x600.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(svg == String(decoding: try Support.compileFile("samples/landmark.badge").output!, as: UTF8.self))
  }

  @Test func twoOutputsOnOnePathAreAUsageErrorBeforeAnythingIsWritten() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let landmark = Support.url("samples/landmark.badge").path
    for arguments in [
      [landmark, "--size", "16,32", "-o", "x.png"], [landmark, "--scale", "1,2", "-o", "{size}.png"],
      [landmark, landmark, "-o", "{name}.svg"], [landmark, "--size", "16,32"],
      [landmark, "--size", "16,32", "-o", "a/{size}.png", "-o", "./a/16.png"],
    ] {
      let run = try Support.badgec(arguments, cwd: dir)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains("two outputs would be written to"), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
      let left = (try? FileManager.default.subpathsOfDirectory(atPath: dir.path)) ?? []
      #expect(left.isEmpty, "\(arguments): \(left)")
    }
  }

  @Test func aFailedOutputLosesNoOther() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.badge")
    try "badge Good size 10 { circle() }".write(to: good, atomically: true, encoding: .utf8)
    let bad = dir.appendingPathComponent("bad.badge")
    try "badge Bad size 10 { circle(.frame( }".write(to: bad, atomically: true, encoding: .utf8)
    // A folder where one output should go: that write fails.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("good-2.png"), withIntermediateDirectories: true)
    let run = try Support.badgec(
      [bad.path, good.path, "--scale", "1,2,3", "-o", "{name}-{scale}.png"], cwd: dir)
    #expect(run.status == 1)
    #expect(run.stderr.contains("bad.badge:1:"), "\(run.stderr)")
    #expect(run.stderr.contains("cannot write 'good-2.png'"), "\(run.stderr)")
    for name in ["good-1.png", "good-3.png"] {
      #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad-1.png").path))
    // An output too large at one scale is an error of that output alone.
    let big = try Support.badgec([good.path, "--scale", "1,1000", "-o", "big-{scale}.png"], cwd: dir)
    #expect(big.status == 1 && big.stderr.contains("'big-1000.png' was not written"), "\(big.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("big-1.png").path))
  }

  /// `--debug-frames` draws frames over the badge in both backends: the
  /// SVG gains stroked outlines in the frame colours and the PNG pixels of
  /// them, where the frame's edge is.
  @Test func debugFramesAreDrawnInBothBackends() throws {
    let landmark = Support.url("samples/landmark.badge").path
    let plain = try Support.badgec([landmark])
    let framed = try Support.badgec([landmark, "--debug-frames"])
    #expect(framed.status == 0)
    let svg = String(decoding: framed.stdout, as: UTF8.self)
    #expect(svg.count > plain.stdout.count)
    #expect(svg.contains("stroke=\"#f0f\"") || svg.contains("stroke=\"#ff00ff\""))
    #expect(svg.contains("stroke-dasharray"))
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let ppm = try Support.badgec([landmark, "--debug-frames", "-o", "f.ppm"], cwd: dir)
    #expect(ppm.status == 0)
    let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent("f.ppm")))
    // P6 300 300 255: the badge's own frame (the outline of the canvas,
    // magenta, dashed) colours the top-left pixel's row.
    let header = "P6\n300 300\n255\n".utf8.count
    let row = (0..<40).map { x in Array(bytes[(header + x * 3)..<(header + x * 3 + 3)]) }
    #expect(row.contains { $0[0] > 200 && $0[1] < 160 && $0[2] > 200 }, "\(row.prefix(8))")
  }
}
