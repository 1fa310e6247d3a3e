// Memory for a large scene (`badgec-bench --shapes [N] [--png]`): a badge
// of N small rectangles in a grid (200 a row, N rounded up to whole rows;
// 40,000 by default, below the 50,000 views a layout may make, each of a
// colour of its own) is compiled to SVG, or to PNG with
// the image drawn and encoded, and the peak resident memory the process
// grew by, per drawn shape, is printed beside the goal (200 bytes).
import BadgeKit

/// The goal: peak memory a drawn shape, in bytes.
let bytesPerShapeGoal = 200.0

func runShapesBench(_ args: [String]) -> Int32 {
  let png = args.contains("--png")
  let count = args.compactMap { Int($0) }.first ?? 40_000
  let rows = max(1, (count + 199) / 200)
  let source = """
    badge Grid size 1000 {
      repeat \(rows) as row {
        repeat 200 as column {
          rect().fill(rgb(column, row, 128))
            .frame(width: 4, height: 4).offset(x: column * 5 - 500, y: row * 5 - 500)
        }
      }
    }
    """
  let before = RasterBenchmark.peakMemory()
  let result = compile(SourceFile(name: "grid.badge", text: source), options: CompileOptions(format: png ? .png : .svg))
  guard let scene = result.scene, let bytes = result.output?.count else {
    print(result.renderedDiagnostics)
    return 1
  }
  let grown = RasterBenchmark.peakMemory() - before
  let shapes = scene.fills.count
  let perShape = Double(grown) / Double(max(1, shapes))
  print("badgec-bench --shapes: \(shapes) shapes drawn to \(png ? "PNG" : "SVG") (\(bytes) bytes)")
  print(
    "  peak memory grown  \(grown / 1024) KiB, \(format2(perShape)) bytes a shape"
      + " (goal \(Int(bytesPerShapeGoal)): \(perShape <= bytesPerShapeGoal ? "met" : "over"))")
  return 0
}
