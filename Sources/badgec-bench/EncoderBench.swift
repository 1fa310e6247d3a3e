// badgec-bench --png: the PNG encoder alone on every sample (or the files
// given), at 64, 256, 512 and 1024 pixels: megabytes of RGBA a second on
// one thread and on every core beside the goal (1 GB/s), and the file's
// size. The image is drawn once; only the encoding is timed (medians).
//   swift run -c release badgec-bench --png [RUNS] [FILE...] [--sizes 64,256]
import BadgeKit

#if canImport(Glibc)
  import Glibc
#endif

/// The encoder's goal: bytes of RGBA a second.
let encoderGoal = 1e9

func runEncoderBench(_ args: [String]) -> Int32 {
  var runs = 15
  var files: [String] = []
  var sides = [64.0, 256, 512, 1024]
  var k = 0
  while k < args.count {
    if args[k] == "--sizes", k + 1 < args.count {
      sides = args[k + 1].split(separator: ",").compactMap { Double($0) }
      k += 2
      continue
    }
    if let n = Int(args[k]) { runs = n } else { files.append(args[k]) }
    k += 1
  }
  if files.isEmpty { files = sampleFiles() }
  print("badgec-bench --png: encoding alone, median of \(runs) runs; goal \(Int(encoderGoal / 1e6)) MB/s of RGBA")
  print(
    pad("badge", 16) + pad("side", 6, right: true) + pad("1 thread", 12, right: true)
      + pad("all", 12, right: true) + pad("bytes", 10, right: true) + "  goal")
  var worst = Double.infinity
  for file in files {
    guard let bytes = readFile(file) else {
      print("badgec-bench: cannot read \(file)")
      return 1
    }
    for side in sides {
      let result = compile(SourceFile(name: file, bytes: bytes), options: CompileOptions(canvasSize: Size(side, side)))
      guard let scene = result.scene, let f = RasterBenchmark.measureEncoder(scene, scale: 1, runs: runs) else {
        print("badgec-bench: \(file) does not draw")
        return 1
      }
      let (one, all) = f.rate
      worst = min(worst, all)
      let name = String(file.split(separator: "/").last ?? "")
      print(
        pad(name, 16) + pad(String(Int(side)), 6, right: true) + pad(mbs(one), 12, right: true)
          + pad(mbs(all), 12, right: true) + pad(String(f.bytes), 10, right: true)
          + (all >= encoderGoal ? "  met" : "  under"))
    }
  }
  print("slowest on every core: \(mbs(worst)) (goal \(mbs(encoderGoal)))")
  return 0
}

func mbs(_ rate: Double) -> String { String(Int((rate / 1e6).rounded())) + " MB/s" }

/// The samples' files, in order.
func sampleFiles() -> [String] {
  let entries = (try? FileSystem.typedEntries(of: "samples")) ?? []
  return entries.map(\.name).filter { $0.hasSuffix(".badge") }.map { "samples/" + $0 }
}
