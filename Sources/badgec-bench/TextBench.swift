// badgec-bench --text: how long text takes. Prints the median time to
// compile a badge of N characters of text (lines of 50 in a vstack, DejaVu
// Sans or the first default family) to SVG in this process, and the median
// time to scan font folders for their faces (what the first text of a run
// pays; later lookups in the process are cached).
//   swift run -c release badgec-bench --text [CHARS] [RUNS] [--fonts DIR...]
import BadgeKit

/// Runs the text benchmark with `args` (after `--text`); the exit status.
func runTextBench(_ args: [String]) -> Int32 {
  var numbers: [Int] = []
  var dirs: [String] = []
  var k = 0
  while k < args.count {
    if args[k] == "--fonts" {
      dirs = Array(args[(k + 1)...])
      break
    }
    if let n = Int(args[k]) { numbers.append(n) }
    k += 1
  }
  let count = numbers.first ?? 2000
  let runs = numbers.count > 1 ? numbers[1] : 21
  let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Landmarks", "Hiking", "Trail", "AV"]
  var text = ""
  var i = 0
  while text.count < count {
    text += words[i % words.count] + " "
    i += 7
  }
  text = String(text.prefix(count))
  var lines: [String] = []
  var rest = Substring(text)
  while !rest.isEmpty {
    lines.append(String(rest.prefix(50)))
    rest = rest.dropFirst(50)
  }
  let body = lines.map { "    text(\"\($0)\").font(size: 12)" }.joined(separator: "\n")
  let source = "badge T size 400, \(lines.count * 16 + 20) {\n  vstack(spacing: 2) {\n\(body)\n  }\n}\n"
  let file = SourceFile(name: "text.badge", text: source)

  // The first compile scans the font folders and reads the font; the
  // runs after it measure the compile itself.
  let first = RasterBenchmark.now()
  guard let svg = compile(file).output else {
    print(compile(file).renderedDiagnostics)
    return 1
  }
  let firstTime = RasterBenchmark.now() - first
  var times: [Double] = []
  for _ in 0..<runs {
    let start = RasterBenchmark.now()
    _ = compile(file).output
    times.append(RasterBenchmark.now() - start)
  }
  times.sort()
  print("badgec-bench --text: \(count) characters in \(lines.count) lines, \(svg.count) bytes of SVG")
  print("  compile to SVG    \(ms(times[times.count / 2])) median of \(runs) (fonts cached)")
  print("  first compile     \(ms(firstTime)) (scanning the font folders and reading the font)")

  var scans: [Double] = []
  var faces = 0
  for _ in 0..<max(3, runs / 3) {
    let start = RasterBenchmark.now()
    let catalog = FontCatalog(scanning: dirs, standard: dirs.isEmpty ? FontCatalog.standardDirectories : [])
    scans.append(RasterBenchmark.now() - start)
    faces = catalog.faces.count
  }
  scans.sort()
  let scanned = dirs.isEmpty ? "the standard font folders" : dirs.joined(separator: ", ")
  print("  font scan         \(ms(scans[scans.count / 2])) median, \(faces) faces in \(scanned)")
  return 0
}
