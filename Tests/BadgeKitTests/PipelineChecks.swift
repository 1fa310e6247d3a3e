// Test support: what every input must keep through the whole pipeline, for
// the fuzz target (fuzz/FuzzTarget.swift, which compiles this file in) and
// for the regression tests of its findings. Plain Swift; the fuzz target
// is the BadgeKit module itself (fuzz/build.sh sets BADGEC_FUZZ).
#if !BADGEC_FUZZ
  @testable import BadgeKit
#endif

/// The pipeline's properties for one input: a compilation gives a scene or
/// an error; the rendered diagnostics are printable text; the SVG is inert
/// (`SVGInertness`); the raster formats at a small canvas give an image of
/// the size their format says, or an error.
enum PipelineChecks {
  /// The raster canvas, in points: small, so that drawing is quick.
  static let rasterCanvas = Size(48, 48)

  /// Which characters the rendered diagnostics may not hold.
  enum Printable {
    /// Controls other than newline and tab, format characters, line and
    /// paragraph separators.
    case strict
    /// The same, except format characters.
    case allowingFormatCharacters
    /// Anything: the check is skipped.
    case unchecked
  }

  /// What is wrong with compiling `bytes` as a badge file: empty when
  /// nothing is.
  static func problems(
    _ bytes: [UInt8], name: String = "fuzz.badge", rasterFormats: [OutputFormat] = [.ppm, .png, .pdf],
    printable: Printable = .strict
  ) -> [String] {
    let source = SourceFile(name: name, bytes: bytes)
    var problems: [String] = []
    let result = compile(source, options: CompileOptions(format: .svg))
    if let p = unprintable(result.renderedDiagnostics, printable) { problems.append(p) }
    guard result.scene != nil else {
      if !result.hasErrors { problems.append("no scene and no error") }
      return problems
    }
    guard let svg = result.output else { return problems + ["a scene without errors gave no SVG"] }
    problems += SVGInertness.problems(in: svg).prefix(5).map { "the SVG is not inert: " + $0 }

    for format in rasterFormats {
      let raster = compile(source, options: CompileOptions(canvasSize: rasterCanvas, format: format))
      if let p = unprintable(raster.renderedDiagnostics, printable) { problems.append(p) }
      guard raster.scene != nil else {
        if !raster.hasErrors { problems.append("no \(format) scene and no error") }
        continue
      }
      guard let image = raster.output else {
        problems.append("a scene without errors gave no \(format)")
        continue
      }
      switch format {
      case .ppm:
        if image.count != raster.knownSize {
          problems.append("PPM of \(image.count) bytes, not \(raster.knownSize ?? -1)")
        }
        if !image.starts(with: Array("P6\n".utf8)) { problems.append("PPM without its P6 header") }
      case .png:
        if !image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
          problems.append("PNG without its signature")
        }
      case .pdf:
        if !image.starts(with: Array("%PDF-1.4\n".utf8)) || !image.suffix(6).elementsEqual(Array("%%EOF\n".utf8)) {
          problems.append("PDF without its header or end")
        }
      case .vectordrawable:
        if !image.starts(with: Array("<?xml".utf8)) { problems.append("VectorDrawable without its XML declaration") }
      case .svg, .swift, .imageset, .appiconset, .symbol, .symbolset:
        break
      }
    }
    return problems
  }

  /// The first character of `text` that is not printable, a newline or a
  /// tab, described with its place, or nil. Not printable: the other
  /// control characters (C0, DEL, C1), format characters (bidirectional
  /// controls, zero-width characters) and line or paragraph separators.
  static func unprintable(_ text: String, _ printable: Printable = .strict) -> String? {
    guard printable != .unchecked else { return nil }
    for (i, c) in text.unicodeScalars.enumerated() {
      if c == "\n" || c == "\t" || (c.value >= 0x20 && c.value < 0x7F) { continue }
      switch c.properties.generalCategory {
      case .format where printable == .allowingFormatCharacters:
        continue
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
        let code = String(c.value, radix: 16, uppercase: true)
        return "the rendered diagnostics hold U+\(code) at character \(i):\n\(text)"
      default:
        continue
      }
    }
    return nil
  }
}
