// The libFuzzer target for the font reader, built by fuzz/fonts.sh (not by
// `swift build`): the input bytes are a font file, read as face 0 and 1,
// and asked everything: glyphs of a sample text, advances, kerning of
// every pair of them, and the outlines of the first 64 glyphs. A FontError
// is a fine answer; a trap, a hang or a memory error is a finding, and so
// is a coordinate that is not finite. The same bytes are also written to a
// file and read in parts (`Font(file:)`): where that reading gives a font,
// it must answer as the font read whole does.
#if canImport(Glibc)
  import Glibc
#endif

/// The file the input is written to, to be read in parts; removed when
/// the fuzzer ends.
let fuzzFile = "/tmp/badgec-font-fuzz-\(getpid()).ttf"
let removeFuzzFile: Void = { atexit { unlink(fuzzFile) } }()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = removeFuzzFile
  let fd = open(fuzzFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  if fd >= 0 {
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }
  let file = try? FontFile(fuzzFile, limit: 64 << 20)
  for face in 0..<2 {
    let whole = try? Font(bytes: bytes, faceIndex: face)
    if let file, let parts = try? Font(file: file, faceIndex: face) {
      guard let whole else { fatalError("face \(face) reads in parts but not whole") }
      compare(parts, whole)
    }
    guard let font = whole else { continue }
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

/// Stops the fuzzer where two readings of one face answer differently.
func compare(_ a: Font, _ b: Font) {
  guard a.unitsPerEm == b.unitsPerEm, a.ascender == b.ascender, a.glyphCount == b.glyphCount,
    a.familyName == b.familyName
  else { fatalError("the face's metrics differ read in parts") }
  for s in "AVTo Wé Ä fi%&g 09".unicodeScalars {
    let g = a.glyph(for: s)
    guard g == b.glyph(for: s), a.advance(of: g) == b.advance(of: g) else { fatalError("glyph of \(s) differs") }
  }
  for g in 0..<min(a.glyphCount, 64) {
    let x = Result { () throws(FontError) in try a.outline(of: g) }
    let y = Result { () throws(FontError) in try b.outline(of: g) }
    guard x == y else { fatalError("the outline of glyph \(g) differs read in parts") }
  }
}
