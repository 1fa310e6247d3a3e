// The libFuzzer target, built by fuzz/build.sh (not by `swift build`): the
// input bytes are a badge file taken through the whole pipeline. It traps
// when the SVG is not inert (Tests/BadgeKitTests/SVGInertness.swift), when
// the rendered diagnostics hold a byte that is not printable text, a newline
// or a tab, when a compilation gives neither a scene nor an error, or when
// the raster output is not what its format says. Crashes, hangs and memory
// errors in the library are found by libFuzzer and AddressSanitizer.
#if canImport(Glibc)
  import Glibc
#endif

/// Whether to skip the check of the rendered diagnostics' characters
/// (`BADGEC_FUZZ_ALLOW_UNPRINTABLE=1`), to look past a known finding.
let allowUnprintable: Bool = getenv("BADGEC_FUZZ_ALLOW_UNPRINTABLE").map { String(cString: $0) == "1" } ?? false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let source = SourceFile(name: "fuzz.badge", bytes: bytes)

  let result = compile(source, options: CompileOptions(format: .svg))
  if !allowUnprintable { checkPrintable(result.renderedDiagnostics) }
  guard result.scene != nil else {
    if !result.hasErrors { fatalError("no scene and no error") }
    return 0
  }
  guard let svg = result.output else { fatalError("a scene without errors gave no SVG") }
  let problems = SVGInertness.problems(in: svg)
  if !problems.isEmpty { fatalError("the SVG is not inert: \(problems.prefix(5).joined(separator: "; "))") }

  // The raster backends at a small canvas: PNG or PPM by the input's length.
  let format: OutputFormat = bytes.count % 2 == 0 ? .png : .ppm
  let raster = compile(source, options: CompileOptions(canvasSize: Size(48, 48), format: format))
  if !allowUnprintable { checkPrintable(raster.renderedDiagnostics) }
  guard raster.scene != nil else {
    if !raster.hasErrors { fatalError("no \(format) scene and no error") }
    return 0
  }
  guard let image = raster.output else { fatalError("a scene without errors gave no \(format)") }
  switch format {
  case .ppm:
    if image.count != raster.knownSize { fatalError("PPM of \(image.count) bytes, expected \(raster.knownSize ?? -1)") }
    if !image.starts(with: Array("P6\n".utf8)) { fatalError("PPM without its P6 header") }
  case .png:
    if !image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      fatalError("PNG without its signature")
    }
  case .svg:
    break
  }
  return 0
}

/// Traps unless every character of `text` is printable, a newline or a tab:
/// no other control character (C0, DEL, C1), no format character (bidi
/// controls, zero-width characters), no line or paragraph separator.
func checkPrintable(_ text: String) {
  for (i, c) in text.unicodeScalars.enumerated() {
    if c == "\n" || c == "\t" || (c.value >= 0x20 && c.value < 0x7F) { continue }
    let printable: Bool
    switch c.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: printable = false
    default: printable = true
    }
    if !printable {
      fatalError(
        "rendered diagnostics hold U+\(String(c.value, radix: 16, uppercase: true)) at character \(i):\n\(text)")
    }
  }
}
