// Robustness: mutated samples (bytes dropped, repeated, swapped, replaced)
// must compile to a result or to diagnostics, never crash or hang; so must
// a sample and the library files it imports, mutated on disk.
import Foundation
import Testing

@testable import BadgeKit

struct FuzzTests {
  @Test(arguments: ["landmark", "sunburst", "shield"])
  func mutatedSamplesNeverCrash(_ name: String) throws {
    let original = Array(try Support.read("samples/\(name).badge").utf8)
    var r = RasterCoverageTests.Random(state: 0xBADC0DE ^ UInt64(name.count))
    let alphabet = Array("(){},.:=+-*/#%\"0123456789abcdefxyz \n\u{E9}".utf8)
    for _ in 0..<150 {
      var bytes = original
      for _ in 0..<(1 + Int(r.next() * 6)) {
        let i = Int(r.next() * Double(bytes.count))
        switch Int(r.next() * 4) {
        case 0: bytes.remove(at: i)
        case 1: bytes.insert(bytes[i], at: i)
        case 2: bytes[i] = alphabet[Int(r.next() * Double(alphabet.count))]
        default:
          let j = Int(r.next() * Double(bytes.count))
          bytes.swapAt(i, j)
        }
        if bytes.isEmpty { bytes = original }
      }
      let result = BadgeKit.compile(SourceFile(name: "fuzz.badge", bytes: bytes))
      // Either output or at least one error, and rendering the errors works.
      #expect(result.scene != nil || result.hasErrors)
      _ = result.renderedDiagnostics
      if result.scene != nil {
        var options = result.options
        options.format = .ppm
        options.canvasSize = Size(64, 64)
        _ = BadgeKit.compile(SourceFile(name: "fuzz.badge", bytes: bytes), options: options).output
      }
    }
  }

  /// samples/medal.badge and the files of samples/lib, copied to a folder
  /// and mutated there one at a time (the import lines most often: their
  /// paths become missing files, folders, devices, cycles and files
  /// imported twice); each compilation gives a result or errors.
  @Test func mutatedImportsNeverCrash() throws {
    let tree = try BadgeTree([:])
    defer { tree.remove() }
    let names = ["medal.badge"] + ["hexagon", "ribbon", "laurel", "seal"].map { "lib/\($0).badge" }
    var originals: [String: [UInt8]] = [:]
    for name in names {
      originals[name] = Array(try Support.read("samples/\(name)").utf8)
      try tree.write(name, try Support.read("samples/\(name)"))
    }
    // Paths an import may be turned into.
    let paths = [
      "lib/hexagon.badge", "medal.badge", "../medal.badge", "lib", "/dev/zero", "/dev/null", "", "lib/./seal.badge",
      "nothing.badge", "/", "lib/../lib/laurel.badge", "\\u{0}",
    ]
    var r = RasterCoverageTests.Random(state: 0x1A9057)
    let alphabet = Array("(){}.\"/=import lib badge\n".utf8)
    for round in 0..<120 {
      let name = names[Int(r.next() * Double(names.count))]
      var bytes = originals[name]!
      if round % 2 == 0 {
        // A new import line, at the start or in place of another line.
        let line = Array("import \"\(paths[Int(r.next() * Double(paths.count))])\"\n".utf8)
        bytes.insert(contentsOf: line, at: r.next() < 0.5 ? 0 : bytes.count)
      } else {
        for _ in 0..<(1 + Int(r.next() * 4)) {
          let i = Int(r.next() * Double(bytes.count))
          switch Int(r.next() * 3) {
          case 0: bytes.remove(at: i)
          case 1: bytes.insert(alphabet[Int(r.next() * Double(alphabet.count))], at: i)
          default: bytes[i] = alphabet[Int(r.next() * Double(alphabet.count))]
          }
          if bytes.isEmpty { bytes = originals[name]! }
        }
      }
      try Data(bytes).write(to: tree.dir.appendingPathComponent(name))
      let result = tree.compile("medal.badge")
      #expect(result.scene != nil || result.hasErrors)
      _ = result.renderedDiagnostics
      try Data(originals[name]!).write(to: tree.dir.appendingPathComponent(name))
    }
  }

  /// Text, stacks, spacers, flexible frames and repeated gradient stops,
  /// mutated: each compilation gives a result or errors, and a result
  /// draws.
  @Test func mutatedTextAndStacksNeverCrash() throws {
    let original = Array(
      """
      badge T size 200 {
        vstack(spacing: 4, alignment: .leading) {
          text("Hiking AV").font(.title).bold().tracking(2)
          hstack { spacer(minLength: 3)\n text("2026", radius: 40, angle: 90deg).italic() }
            .frame(minWidth: 10, maxWidth: infinity)
          text("Wa", side: .inside).font(size: 9, weight: .heavy, family: "DejaVu Sans")
            .fill(linear(repeat 3 as i { stop(red, i / 3), stop(blue, (i + 1) / 3) }))
        }.font(size: 20)
      }
      """.utf8)
    var r = RasterCoverageTests.Random(state: 0x7E47)
    let alphabet = Array("(){},.:=+-*/\"0123456789texhvsza .font radius\n\u{E9}".utf8)
    let options = TextLayoutTests.pinned
    for _ in 0..<120 {
      var bytes = original
      for _ in 0..<(1 + Int(r.next() * 5)) {
        let i = Int(r.next() * Double(bytes.count))
        switch Int(r.next() * 4) {
        case 0: bytes.remove(at: i)
        case 1: bytes.insert(bytes[i], at: i)
        case 2: bytes[i] = alphabet[Int(r.next() * Double(alphabet.count))]
        default: bytes.swapAt(i, Int(r.next() * Double(bytes.count)))
        }
        if bytes.isEmpty { bytes = original }
      }
      let result = BadgeKit.compile(SourceFile(name: "fuzz.badge", bytes: bytes), options: options)
      #expect(result.scene != nil || result.hasErrors)
      _ = result.renderedDiagnostics
      if result.scene != nil {
        var raster = options
        raster.format = .ppm
        raster.canvasSize = Size(64, 64)
        _ = BadgeKit.compile(SourceFile(name: "fuzz.badge", bytes: bytes), options: raster).output
      }
    }
  }
}
