// badgec-bench --fonts-start: how long a start takes to find its fonts,
// scanning the font directories and from the index kept between runs,
// beside the goal (0.3 ms). Extra font directories may be given (as
// --font-dir takes them), and `--many N` adds a folder of N links to the
// fonts installed, as on a machine with many fonts (the goal is for one).
//   swift run -c release badgec-bench --fonts-start [RUNS] [--many N] [DIR...]
import BadgeKit

#if canImport(Glibc)
  import Glibc
#endif

/// The goal for finding the fonts at a start, in seconds.
let fontStartGoal = 0.0003

func runFontStartBench(_ args: [String]) -> Int32 {
  var runs = 21
  var many = 0
  var dirs: [String] = []
  var k = 0
  while k < args.count {
    if args[k] == "--many", k + 1 < args.count, let n = Int(args[k + 1]), n >= 0 {
      many = n
      k += 2
      continue
    }
    if let n = Int(args[k]) { runs = n } else { dirs.append(args[k]) }
    k += 1
  }
  var template = Array("/tmp/badgec-bench-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else {
    print("badgec-bench: cannot make a temporary folder")
    return 1
  }
  let folder = String(cString: made)
  let linked = folder + "/many"
  defer {
    for entry in (try? FileSystem.typedEntries(of: linked)) ?? [] { unlink(linked + "/" + entry.name) }
    rmdir(linked)
    for entry in (try? FileSystem.typedEntries(of: folder)) ?? [] { unlink(folder + "/" + entry.name) }
    rmdir(folder)
  }
  if many > 0 {
    // Links (hard, else symbolic) to the installed font files, in turn.
    let files = Array(Set(FontCatalog.shared(directories: []).faces.map(\.path))).sorted()
    guard !files.isEmpty, mkdir(linked, 0o700) == 0 else {
      print("badgec-bench: no fonts installed to link to")
      return 1
    }
    for i in 0..<many {
      let file = files[i % files.count]
      let name = linked + "/font-\(i)." + (file.split(separator: ".").last.map(String.init) ?? "ttf")
      guard link(file, name) == 0 || symlink(file, name) == 0 else {
        print("badgec-bench: cannot link \(name) to \(file)")
        return 1
      }
    }
    dirs.append(linked)
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
