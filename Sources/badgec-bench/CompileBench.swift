// A whole compilation in process (`badgec-bench --compile FILE [SIDE]
// [RUNS] [--png]`): the first compilation of the process (which pays for
// what every start pays: the runtime's first use of each generic type,
// the font index, pages first touched) beside the median of the ones
// after it (the work the badge itself asks for), with the output encoded.
// The difference is what a start costs beyond the badge.
import BadgeKit

func runCompileBench(_ args: [String]) -> Int32 {
  let png = args.contains("--png")
  let rest = args.filter { $0 != "--png" }
  guard let path = rest.first, let bytes = readFile(path) else {
    print("badgec-bench --compile: cannot read \(rest.first ?? "(no file)")")
    return 1
  }
  let side = rest.count > 1 ? Double(rest[1]) : nil
  let runs = rest.count > 2 ? max(1, Int(rest[2]) ?? 9) : 9
  var options = CompileOptions(canvasSize: side.map { Size($0, $0) }, format: png ? .png : .svg)
  options.fonts.cacheFolder = FontCache.defaultFolder()
  let source = SourceFile(name: path, bytes: bytes)
  var written = 0
  func once() {
    let result = compile(source, options: options)
    written = result.output?.count ?? -1
  }
  let first = RasterBenchmark.median(1) { once() }
  let after = RasterBenchmark.median(runs) { once() }
  guard written >= 0 else {
    print("badgec-bench --compile: \(path) has errors")
    return 1
  }
  print("badgec-bench --compile: \(path), \(png ? "PNG" : "SVG") of \(written) bytes")
  print("  first compilation   \(ms(first))")
  print("  later ones          \(ms(after))  (median of \(runs))")
  print("  the first one's extra \(ms(max(0, first - after)))")
  return 0
}
