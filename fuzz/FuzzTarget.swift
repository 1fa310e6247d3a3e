// The libFuzzer target, built by fuzz/build.sh (not by `swift build`): the
// input bytes are a badge file taken through the whole pipeline, and any
// broken property of Tests/BadgeKitTests/PipelineChecks.swift traps: an SVG
// that is not inert, rendered diagnostics with a byte that is not printable
// text, a newline or a tab, a compilation with neither a scene nor an
// error, a raster image that is not what its format says. Crashes, hangs
// and memory errors in the library are found by libFuzzer and
// AddressSanitizer.
#if canImport(Glibc)
  import Glibc
#endif

/// How strictly the rendered diagnostics' characters are checked, to look
/// past a known finding: `BADGEC_FUZZ_ALLOW_UNPRINTABLE=format` lets format
/// characters (U+0600, U+E0041, …) pass, `=1` skips the check.
let fuzzPrintable: PipelineChecks.Printable = {
  switch getenv("BADGEC_FUZZ_ALLOW_UNPRINTABLE").map({ String(cString: $0) }) {
  case "1": return .unchecked
  case "format": return .allowingFormatCharacters
  default: return .strict
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  // One raster format per input (by its length), to keep each run short.
  let format: OutputFormat = bytes.count % 2 == 0 ? .png : .ppm
  let problems = PipelineChecks.problems(bytes, rasterFormats: [format], printable: fuzzPrintable)
  if let first = problems.first { fatalError(first) }
  return 0
}
