// The libFuzzer target for the font reader, built by fuzz/fonts.sh (not by
// `swift build`): the input bytes are a font file, read as face 0 and 1,
// and asked everything: glyphs of a sample text, advances, kerning of
// every pair of them, and the outlines of the first 64 glyphs. A FontError
// is a fine answer; a trap, a hang or a memory error is a finding, and so
// is a coordinate that is not finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  for face in 0..<2 {
    guard let font = try? Font(bytes: bytes, faceIndex: face) else { continue }
    let glyphs = "AVTo Wé Ä fi%&g 09".unicodeScalars.map { font.glyph(for: $0) }
    for l in glyphs {
      _ = font.advance(of: l)
      for r in glyphs { _ = font.kerning(l, r) }
    }
    for g in Set(glyphs).union(0..<min(font.glyphCount, 64)) {
      guard let outline = try? font.outline(of: g) else { continue }
      for c in outline.commands {
        switch c {
        case .move(let x, let y), .line(let x, let y):
          if !x.isFinite || !y.isFinite { fatalError("glyph \(g): a point is not finite") }
        case .quad(let a, let b, let x, let y):
          if !(a + b + x + y).isFinite { fatalError("glyph \(g): a point is not finite") }
        case .cubic(let a, let b, let c, let d, let x, let y):
          if !(a + b + c + d + x + y).isFinite { fatalError("glyph \(g): a point is not finite") }
        case .close: break
        }
      }
    }
  }
  return 0
}
