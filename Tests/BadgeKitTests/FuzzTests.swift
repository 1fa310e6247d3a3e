// Robustness: mutated samples (bytes dropped, repeated, swapped, replaced)
// must compile to a result or to diagnostics, never crash or hang.
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
}
