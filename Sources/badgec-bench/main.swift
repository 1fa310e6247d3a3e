// badgec-bench: prints the raster pipeline's stage timings (medians) and
// peak memory for a badge at several sizes. Run it beside the peers'
// benchmark (shared/bench/anchors.py) in the same session and compare ratios.
// With --scaling, times the compiler on generated sources of growing size
// instead (Scaling.swift).
//   swift run -c release badgec-bench [FILE] [RUNS] [--only SIDE]
//   swift run -c release badgec-bench --scaling [MB...] [CONSTRUCT...] [--limit S] [--write DIR]
//   swift run -c release badgec-bench --text [CHARS] [RUNS] [--fonts DIR...]   (TextBench.swift)
//   swift run -c release badgec-bench --png [RUNS] [FILE...] [--sizes 64,256]  (EncoderBench.swift)
//   swift run -c release badgec-bench --fonts-start [RUNS] [--many N] [DIR...] (FontBench.swift)
//   swift run -c release badgec-bench --compile FILE [SIDE] [RUNS] [--png]      (CompileBench.swift)
//   swift run -c release badgec-bench --shapes [N] [--png]                      (ShapesBench.swift)
//   swift run -c release badgec-bench --front-end [MB] [RUNS] [CONSTRUCT...]   (FrontEndBench.swift)
import BadgeKit

#if canImport(Glibc)
  import Glibc
#endif

let args = CommandLine.arguments
if args.count > 1 && args[1] == "--scaling" { exit(runScaling(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--text" { exit(runTextBench(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--png" { exit(runEncoderBench(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--compile" { exit(runCompileBench(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--shapes" { exit(runShapesBench(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--front-end" { exit(runFrontEndBench(Array(args.dropFirst(2)))) }
if args.count > 1 && args[1] == "--fonts-start" { exit(runFontStartBench(Array(args.dropFirst(2)))) }
if args.count > 2 && args[1] == "--scaling-construct" {
  exit(measureConstruct(args[2], ScalingOptions(Array(args.dropFirst(3)))))
}
var sides = [512.0, 1024.0, 4096.0]
var positional: [String] = []
var k = 1
while k < args.count {
  if args[k] == "--only", k + 1 < args.count, let side = Double(args[k + 1]) {
    sides = [side]
    k += 2
  } else {
    positional.append(args[k])
    k += 1
  }
}
let path = positional.first ?? "samples/landmark.badge"
let runs = positional.count > 1 ? Int(positional[1]) ?? 9 : 9

func readFile(_ path: String) -> [UInt8]? {
  guard let f = fopen(path, "rb") else { return nil }
  defer { fclose(f) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = fread(&buffer, 1, buffer.count, f)
    if n <= 0 { break }
    bytes += buffer[0..<n]
  }
  return bytes
}

guard let bytes = readFile(path) else {
  print("badgec-bench: cannot read \(path)")
  exit(1)
}

func ms(_ s: Double) -> String {
  let v = (s * 100_000).rounded() / 100
  return String(v) + " ms"
}

print("badgec-bench: \(path), median of \(runs) runs")
for side in sides {
  let result = compile(SourceFile(name: path, bytes: bytes), options: CompileOptions(canvasSize: Size(side, side)))
  guard let scene = result.scene else {
    print(result.renderedDiagnostics)
    exit(1)
  }
  guard let f = RasterBenchmark.measure(scene, scale: 1, runs: runs) else {
    print("badgec-bench: the scene is too large to rasterize")
    exit(1)
  }
  print("\(f.pixels.0)×\(f.pixels.1):")
  print("  flatten         \(ms(f.flatten))")
  print("  coverage        \(ms(f.coverage))  (one thread)")
  print("  compositing     \(ms(max(0, f.drawOneThread - f.coverage)))  (one thread: drawing − coverage)")
  print("  drawing         \(ms(f.drawOneThread)) on 1 thread, \(ms(f.draw)) on \(f.threads)")
  print("  + PPM encoding  \(ms(max(0, f.drawAndPPM - f.draw)))  (to memory)")
  print("  + PNG encoding  \(ms(max(0, f.drawAndPNG - f.draw)))  (to memory)")
  print("  peak memory     \(RasterBenchmark.peakMemory() / 1_048_576) MiB (this process so far)")
}
