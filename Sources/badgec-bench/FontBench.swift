// badgec-bench --fonts-start: how long a start takes to find its fonts,
// scanning the font directories and from the index kept between runs,
// beside the goal (0.3 ms). Extra font directories may be given (as
// --font-dir takes them), to try many fonts.
//   swift run -c release badgec-bench --fonts-start [RUNS] [DIR...]
import BadgeKit

#if canImport(Glibc)
  import Glibc
#endif

/// The goal for finding the fonts at a start, in seconds.
let fontStartGoal = 0.0003

func runFontStartBench(_ args: [String]) -> Int32 {
  var runs = 21
  var dirs: [String] = []
  for a in args {
    if let n = Int(a) { runs = n } else { dirs.append(a) }
  }
  var template = Array("/tmp/badgec-bench-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else {
    print("badgec-bench: cannot make a temporary folder")
    return 1
  }
  let folder = String(cString: made)
  defer {
    for entry in (try? FileSystem.typedEntries(of: folder)) ?? [] { unlink(folder + "/" + entry.name) }
    rmdir(folder)
  }
  guard let f = FontBenchmark.measure(directories: dirs, cacheFolder: folder, runs: runs) else {
    print("badgec-bench: the font index could not be written and read back")
    return 1
  }
  func ms(_ s: Double) -> String { String((s * 1e5).rounded() / 100) + " ms" }
  print("badgec-bench --fonts-start: \(f.faces) faces in \(f.directories) directories, median of \(runs) runs")
  print("  scanning the directories   \(ms(f.scan))")
  print(
    "  from the kept index        \(ms(f.index))  (goal \(ms(fontStartGoal)): \(f.index <= fontStartGoal ? "met" : "over"))"
  )
  print("    of which a stat of each directory   \(ms(f.check))")
  return 0
}
