// The front end's figures (`badgec-bench --front-end [MB] [RUNS]
// [CONSTRUCT...]`): for each construct of the scaling benchmark, a source
// of MB megabytes (1 by default) is read by the lexer alone and by the
// lexer and parser; prints megabytes a second beside the goal (100 MB/s)
// and the heap the syntax tree holds per source byte beside its goal (10).
import BadgeKit

/// The front end's goals: source bytes a second, and tree bytes a source byte.
let frontEndSpeedGoal = 100e6
let frontEndMemoryGoal = 10.0

func runFrontEndBench(_ args: [String]) -> Int32 {
  var megabytes = 1.0
  var runs = 5
  var only: [String] = []
  var numbers = 0
  for a in args {
    if let x = Double(a) {
      if numbers == 0 { megabytes = x } else { runs = max(1, Int(x)) }
      numbers += 1
    } else {
      only.append(a)
    }
  }
  let chosen = constructs.filter { only.isEmpty || only.contains($0.name) }
  print(
    "badgec-bench --front-end: \(format2(megabytes)) MB of each construct, median of \(runs) runs;"
      + " goals \(Int(frontEndSpeedGoal / 1e6)) MB/s and \(Int(frontEndMemoryGoal)) tree bytes a source byte")
  print(
    pad("construct", 20) + pad("lexer", 12, right: true) + pad("parser", 12, right: true)
      + pad("B/token", 9, right: true) + pad("tree B/B", 10, right: true) + "  goals")
  var slowest = Double.infinity
  var largest = 0.0
  for c in chosen {
    let text = c.generate(Int(megabytes * 1_048_576))
    let f = FrontEndBenchmark.measure(SourceFile(name: c.name, text: text), runs: runs)
    let lexSpeed = Double(f.bytes) / f.lex
    let parseSpeed = Double(f.bytes) / f.parse
    let perByte = Double(f.treeBytes) / Double(f.bytes)
    slowest = min(slowest, parseSpeed)
    largest = max(largest, perByte)
    let met =
      (parseSpeed >= frontEndSpeedGoal ? "speed met" : "speed over") + ", "
      + (perByte <= frontEndMemoryGoal ? "memory met" : "memory over")
    print(
      pad(c.name, 20) + pad(mbPerSecond(lexSpeed), 12, right: true) + pad(mbPerSecond(parseSpeed), 12, right: true)
        + pad(format2(Double(f.bytes) / Double(max(1, f.tokens))), 9, right: true)
        + pad(format2(perByte), 10, right: true) + "  " + met)
  }
  print(
    "slowest parser \(mbPerSecond(slowest)) (goal \(mbPerSecond(frontEndSpeedGoal))),"
      + " largest tree \(format2(largest)) B/B (goal \(format2(frontEndMemoryGoal)))")
  return 0
}

func mbPerSecond(_ bytesPerSecond: Double) -> String { format2(bytesPerSecond / 1e6) + " MB/s" }
