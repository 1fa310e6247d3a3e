// The scaling benchmark (`badgec-bench --scaling [MB...]`): for each
// construct of the language, sources of about 0.1, 1 and 10 MB are generated
// and compiled to SVG, or drawn to PNG for the strokes (the output encoded
// too, the diagnostics rendered for the error cases). Prints the median time, the time per megabyte and the
// exponent of time against size (the slope of log time over log size),
// flagging exponents above 1.1. Each construct runs in a child process, so
// that the peak memory printed is its own.
import BadgeKit

#if canImport(Glibc)
  import Glibc
#endif

/// One kind of input, grown to any size.
struct Construct: Sendable {
  /// A short name, also the name of its file with `--write`.
  var name: String
  /// Whether the source is meant to have errors (then rendered as the
  /// command line renders them).
  var expectsErrors = false
  /// `-D` overrides to compile with.
  var overrides: [String] = []
  /// The output: PNG and PPM are drawn too, and the drawing is timed with
  /// the compilation.
  var format: OutputFormat = .svg
  /// A source of about `bytes` bytes.
  var generate: @Sendable (_ bytes: Int) -> String
}

/// `header`, then `item(0)`, `item(1)`, … until the text reaches `bytes`
/// less the footer, then `footer(count)`.
func grown(_ bytes: Int, header: String = "", footer: (Int) -> String, item: (Int) -> String) -> String {
  var out = header
  var n = 0
  let budget = bytes - footer(0).utf8.count
  while out.utf8.count < budget {
    out += item(n)
    n += 1
  }
  return out + footer(n)
}

/// A small number from `i`, for coordinates and sizes that vary.
func wobble(_ i: Int, _ m: Int) -> Int { (i &* 7919 &+ 13) % m }

/// The deepest `zstack` nesting that keeps its innermost expression under
/// the parser's limit of 200 levels (the badge's block is one, the
/// modifier's argument another).
let zstackDepth = 190
/// How many levels of parentheses one generated sum has.
let parenthesisDepth = 150
/// How many operators one generated `let` chains.
let chainLength = 100

let constructs: [Construct] = [
  Construct(name: "lets") { bytes in
    grown(bytes, header: "let v0 = 1\n") { n in
      "badge B size 100 {\n  rect().frame(width: 10 + v\(n) - v\(n))\n}\n"
    } item: { i in
      "let v\(i + 1) = v\(i) + 1\n"
    }
  },
  Construct(name: "components-unused") { bytes in
    grown(bytes) { _ in
      "badge B size 100 {\n  C0(a: 3)\n}\n"
    } item: { i in
      "component C\(i)(a, b = 2) {\n  rect().frame(width: a * b, height: b + \(wobble(i, 50)))\n}\n"
    }
  },
  Construct(name: "components-used") { bytes in
    // Each component declared and then called once from the badge.
    var calls = ""
    let declarations = grown(bytes * 3 / 4) { _ in
      ""
    } item: { i in
      calls += "  C\(i)(a: \(wobble(i, 9) + 1))\n"
      return "component C\(i)(a, b = 2) {\n  circle().frame(width: a * b, height: b + \(wobble(i, 50)))\n}\n"
    }
    return declarations + "badge B size 100 {\n" + calls + "}\n"
  },
  Construct(name: "path-commands") { bytes in
    grown(bytes, header: "badge B size 100 {\n  path {\n    move (0, 0)\n") { _ in
      "    close\n  }\n}\n"
    } item: { i in
      "    line (\(wobble(i, 100)), \(wobble(i + 1, 100)).5)\n"
    }
  },
  Construct(name: "path-lets") { bytes in
    grown(bytes, header: "badge B size 100 {\n  path {\n    move (0, 0)\n") { _ in
      "    close\n  }\n}\n"
    } item: { i in
      let l = "    let p\(i) = width * 0.\(wobble(i, 1000))\n"
      return i % 4 == 3 ? l + "    line (p\(i), p\(i - 1))\n" : l
    }
  },
  Construct(name: "lines-points") { bytes in
    grown(bytes, header: "badge B size 100 {\n  path {\n    lines (0, 0)") { _ in
      "\n  }\n}\n"
    } item: { i in
      (i % 8 == 0 ? ",\n      " : ", ") + "(\(wobble(i, 100)), \(wobble(i + 3, 100)))"
    }
  },
  Construct(name: "zstack-siblings") { bytes in
    grown(bytes, header: "badge B size 100 {\n  zstack {\n") { _ in
      "  }\n}\n"
    } item: { i in
      "    rect().frame(width: \(wobble(i, 50) + 1), height: 10).offset(x: \(wobble(i, 13)))\n"
    }
  },
  Construct(name: "nested-zstacks") { bytes in
    let group =
      "  " + String(repeating: "zstack { ", count: zstackDepth) + "circle().frame(width: 5)"
      + String(repeating: " }", count: zstackDepth) + "\n"
    return grown(bytes, header: "badge B size 100 {\n") { _ in
      "}\n"
    } item: { _ in
      group
    }
  },
  Construct(name: "operator-chains") { bytes in
    // Chains of `chainLength` operators, one a line, each line using the
    // last; in a block, so that the top level's lets are not what is timed.
    let tail = String(repeating: " + 1 - 2 * 3 / 4", count: chainLength / 4)
    return grown(bytes, header: "badge B size 100 {\n  geometry {\n    let e0 = 1\n") { n in
      "    rect().frame(width: 10 + e\(n) * 0)\n  }\n}\n"
    } item: { i in
      "    let e\(i + 1) = e\(i) * 0.5\(tail)\n"
    }
  },
  Construct(name: "parenthesised-sums") { bytes in
    var sum = String(repeating: "(", count: parenthesisDepth) + "1"
    for k in 0..<parenthesisDepth { sum += " + \(k % 10))" }
    return grown(bytes, header: "badge B size 100 {\n  geometry {\n") { n in
      "    rect().frame(width: q\(max(0, n - 1)) / 100)\n  }\n}\n"
    } item: { i in
      "    let q\(i) = \(sum)\n"
    }
  },
  Construct(name: "repeats") { bytes in
    // Half the repeats make no copy and half make one: about 250 bytes a
    // copy keeps 10 MB under the 50,000 copies allowed in all.
    grown(bytes, header: "badge B size 100 {\n") { _ in
      "}\n"
    } item: { i in
      """
        repeat \(i % 2) as k\(i) {
          let a = k\(i) * 2 + \(wobble(i, 20) + 1)
          rect()
            .frame(width: a, height: 4)
            .offset(x: k\(i) * 3 - \(wobble(i, 40)), y: \(wobble(i, 50)))
            .fill(rgb(\(wobble(i, 256)), 128, \(wobble(i + 1, 256))))
        }

      """
    }
  },
  Construct(name: "trim-subpath") { bytes in
    // One subpath of lines as long as the file, trimmed and stroked.
    oneSubpath(bytes, modifiers: ".trim(from: 0.1, to: 0.9).stroke(red)")
  },
  Construct(name: "stroke-subpath", format: .png) { bytes in
    oneSubpath(bytes, modifiers: ".stroke(red, width: 2, join: round)")
  },
  Construct(name: "dash-subpath", format: .png) { bytes in
    oneSubpath(bytes, modifiers: ".stroke(red, width: 2, dash: (30, 20))")
  },
  Construct(name: "long-text") { bytes in
    // One line of text as long as the file (in the first default family
    // installed).
    grown(bytes, header: "badge B size 300 {\n  text(\"") { _ in
      "\")\n}\n"
    } item: { i in
      ["The quick ", "brown fox ", "jumps over ", "the lazy ", "dog. "][i % 5]
    }
  },
  Construct(name: "nested-calls") { bytes in
    // Calls nested as deep as the parser allows, one a line.
    let nested =
      String(repeating: "min(1, ", count: parenthesisDepth) + "2" + String(repeating: ")", count: parenthesisDepth)
    return grown(bytes, header: "badge B size 100 {\n  geometry {\n") { n in
      "    rect().frame(width: c\(max(0, n - 1)))\n  }\n}\n"
    } item: { i in
      "    let c\(i) = \(nested)\n"
    }
  },
  Construct(name: "argument-list") { bytes in
    // One argument list as long as the file.
    grown(bytes, header: "badge B size 100 {\n  rect().frame(width: min(") { _ in
      "1))\n}\n"
    } item: { i in
      "\(wobble(i, 90) + 10), "
    }
  },
  Construct(name: "line-breaks") { bytes in
    // A file of line breaks, and a badge at its end.
    String(repeating: "\n", count: max(0, bytes - 30)) + "badge B size 100 { rect() }\n"
  },
  Construct(name: "unknown-names", expectsErrors: true) { bytes in
    // One let in ten uses a name that is not there: near misses (with a
    // suggestion) and names far from any.
    grown(bytes, header: "let a0 = 1\n") { _ in
      "badge B size 100 {\n  rect()\n}\n"
    } item: { i in
      switch i % 20 {
      case 0: return "let a\(i + 1) = a\(i)x + 1\n"
      case 10: return "let a\(i + 1) = b\(i)x + 1\n"
      default: return "let a\(i + 1) = a\(i) + 1\n"
      }
    }
  },
  Construct(name: "type-errors", expectsErrors: true) { bytes in typeErrors(bytes) },
  Construct(name: "type-errors-D", expectsErrors: true, overrides: ["t0=2"]) { bytes in typeErrors(bytes) },
]

/// A badge of one path of one subpath of lines, as long as `bytes`, with
/// `modifiers`.
func oneSubpath(_ bytes: Int, modifiers: String) -> String {
  grown(bytes, header: "badge B size 100 {\n  path(\"M0 0") { _ in
    "\")\n    \(modifiers)\n}\n"
  } item: { i in
    " L\(wobble(i, 97)) \(wobble(i + 1, 89))"
  }
}

/// Type errors in the badge: shapes rotated by a plain number, framed by
/// an angle, offset by a colour. Only one top-level `let`, which `-D` sets.
func typeErrors(_ bytes: Int) -> String {
  grown(bytes, header: "let t0 = 1\nbadge B size 100 {\n") { _ in
    "}\n"
  } item: { i in
    switch i % 3 {
    case 0: return "  rect().rotate(t0 + \(wobble(i, 90))).frame(width: \(wobble(i, 50) + 1))\n"
    case 1: return "  circle().frame(width: \(wobble(i, 90))deg * t0)\n"
    default: return "  rect().offset(x: red, y: t0).frame(width: \(wobble(i, 50) + 1))\n"
    }
  }
}

/// One measured size of one construct.
struct Sample {
  /// The source's size in bytes.
  var bytes: Int
  /// The median time in seconds.
  var seconds: Double
  var runs: Int
}

/// Options of the scaling mode.
struct ScalingOptions {
  /// The sizes to try, in megabytes.
  var sizes: [Double] = [0.1, 1, 10]
  /// The constructs to run (all when empty).
  var only: [String] = []
  /// Where to write the sources instead of timing them.
  var writeTo: String?
  /// Longest single run to start, by the previous sizes' growth: a larger
  /// size is measured at a smaller one that should fit.
  var limit = 60.0

  init(_ args: [String]) {
    var sizes: [Double] = []
    var i = 0
    while i < args.count {
      let a = args[i]
      if a == "--write", i + 1 < args.count {
        writeTo = args[i + 1]
        i += 1
      } else if a == "--limit", i + 1 < args.count, let s = Double(args[i + 1]) {
        limit = s
        i += 1
      } else if let mb = Double(a) {
        sizes.append(mb)
      } else {
        only.append(a)
      }
      i += 1
    }
    if !sizes.isEmpty { self.sizes = sizes }
  }
}

/// Runs the scaling mode with the arguments after `--scaling`.
func runScaling(_ args: [String]) -> Int32 {
  let options = ScalingOptions(args)
  let unknown = options.only.filter { name in !constructs.contains { $0.name == name } }
  if !unknown.isEmpty {
    print("badgec-bench: no construct \(unknown.joined(separator: ", ")); the constructs are:")
    for c in constructs { print("  \(c.name)") }
    return 2
  }
  let chosen = constructs.filter { options.only.isEmpty || options.only.contains($0.name) }
  if let dir = options.writeTo { return writeSources(chosen, options.sizes, to: dir) }

  print(
    "badgec-bench --scaling: compile to SVG, or PNG where named (or render the errors); the median of up to 5 runs, fewer when long"
  )
  print("exponent: slope of log time over log size; ! above 1.1")
  print(
    pad("construct", 20) + pad("size", 10, right: true) + pad("time", 12, right: true) + pad("per MB", 14, right: true)
      + "   exponent")
  var status: Int32 = 0
  for c in chosen {
    fflush(nil)
    let code = runInChild(c.name, options)
    if code != 0 {
      print(pad(c.name, 20) + "   failed: \(code < 0 ? "killed by signal \(-code)" : "exit status \(code)")")
      status = 1
    }
  }
  return status
}

/// Measures one construct at every size and prints its rows.
func measureConstruct(_ name: String, _ options: ScalingOptions) -> Int32 {
  guard let c = constructs.first(where: { $0.name == name }) else { return 2 }
  var samples: [Sample] = []
  var ok = true
  for (k, mb) in options.sizes.enumerated() {
    var bytes = Int(mb * 1_048_576)
    if let last = samples.last {
      // Predict this size's time from the growth so far (at least linear).
      let e = max(1, samples.count > 1 ? exponent(samples[samples.count - 2], last) : 1)
      let predicted = last.seconds * pow(Double(bytes) / Double(last.bytes), e)
      if predicted > options.limit {
        let fitting = Int(Double(last.bytes) * pow(options.limit / 2 / last.seconds, 1 / e))
        guard fitting > last.bytes * 3 / 2 else {
          print(pad("", 20) + pad(megabytes(bytes), 10, right: true) + "   skipped: about \(seconds(predicted))")
          continue
        }
        print(pad("", 20) + pad(megabytes(bytes), 10, right: true) + "   would take about \(seconds(predicted)); at:")
        bytes = fitting
      }
    }
    let source = SourceFile(name: "\(c.name).badge", bytes: Array(c.generate(bytes).utf8))
    let options = CompileOptions(overrides: c.overrides, format: c.format)
    var times: [Double] = []
    var outcome = ""
    var total = 0.0
    repeat {
      let t0 = RasterBenchmark.now()
      let result = compile(source, options: options)
      if c.expectsErrors {
        let text = result.renderedDiagnostics
        outcome =
          result.hasErrors ? "\(result.diagnostics.count) diagnostics" : "NO ERRORS: the error case compiled"
        if text.isEmpty { outcome += " (none rendered)" }
        ok = ok && result.hasErrors
      } else if let output = result.output {
        let size = output.count >= 1_048_576 ? megabytes(output.count) : format2(Double(output.count) / 1024) + " KB"
        outcome = "\(c.format.rawValue.uppercased()) of \(size)"
      } else if case let errors = result.diagnostics.filter({ $0.severity == .error }), let limit = errors.first,
        errors.allSatisfy({ isLimit($0.message) })
      {
        // Large enough to pass one of the documented limits: failing fast
        // is the behaviour measured.
        outcome = "stopped by a limit: \(limit.message.text)"
      } else {
        outcome = "ERRORS in a valid construct:\n" + String(result.renderedDiagnostics.prefix(600))
        ok = false
      }
      let t = RasterBenchmark.now() - t0
      times.append(t)
      total += t
      // Up to five runs in about three seconds, and two unless one is long:
      // the first run of a size pays for fresh memory, which the lower
      // median of two leaves out as it does for the smaller sizes.
    } while times.count < 5 && (total + times.last! < 3 || times.count < 2 && total < 20)
    times.sort()
    let sample = Sample(bytes: source.bytes.count, seconds: times[(times.count - 1) / 2], runs: times.count)
    var row =
      pad(k == 0 ? c.name : "", 20) + pad(megabytes(sample.bytes), 10, right: true)
      + pad(seconds(sample.seconds), 12, right: true)
      + pad(seconds(sample.seconds / (Double(sample.bytes) / 1_048_576)) + "/MB", 14, right: true)
    if let last = samples.last { row += "   " + flagged(exponent(last, sample)) }
    print(row + "   (\(sample.runs) run\(sample.runs == 1 ? "" : "s"); \(outcome))")
    fflush(nil)
    samples.append(sample)
  }
  if samples.count > 2, let first = samples.first, let last = samples.last {
    print(
      pad("", 20) + "overall \(megabytes(first.bytes)) to \(megabytes(last.bytes)): " + flagged(exponent(first, last)))
  }
  print(pad("", 20) + "peak memory \(RasterBenchmark.peakMemory() / 1_048_576) MiB")
  return ok ? 0 : 1
}

/// Whether `m` reports one of the documented limits (README, "Limits").
func isLimit(_ m: Message) -> Bool {
  switch m {
  case .tooManyItems, .tooManyExpressions, .tooManyViews, .tooManyShapes, .tooManySegments, .outputTooLarge,
    .layoutTooDeep, .tooManySteps,
    .tooManyCopiedShapes, .tooMuchArea, .tooManyEdgeRows, .groupsTooDeep, .imagePixelsTooLarge, .effectsTooLarge,
    .tooManyDashes, .strokeTooComplex:
    return true
  default: return false
  }
}

/// The slope of log time over log size between two samples.
func exponent(_ a: Sample, _ b: Sample) -> Double {
  log(b.seconds / a.seconds) / log(Double(b.bytes) / Double(a.bytes))
}

func flagged(_ e: Double) -> String {
  let text = String(format2(e))
  return e > 1.1 ? text + " !" : text
}

/// Runs `--scaling-construct NAME` in a child process of this executable;
/// its exit status, or minus the signal that killed it.
func runInChild(_ name: String, _ options: ScalingOptions) -> Int32 {
  var argv = ["badgec-bench", "--scaling-construct", name, "--limit", String(options.limit)]
  argv += options.sizes.map { String($0) }
  let cArgs = argv.map { strdup($0) } + [nil]
  defer { for p in cArgs { free(p) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, "/proc/self/exe", nil, nil, cArgs, environ) == 0 else {
    return measureConstruct(name, options)
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  if status & 0x7f != 0 { return -(status & 0x7f) }
  return (status >> 8) & 0xff
}

/// Writes each construct's sources as `DIR/NAME-MB.badge`.
func writeSources(_ chosen: [Construct], _ sizes: [Double], to dir: String) -> Int32 {
  for c in chosen {
    for mb in sizes {
      let path = "\(dir)/\(c.name)-\(mb).badge"
      guard let f = fopen(path, "wb") else {
        print("badgec-bench: cannot write \(path)")
        return 1
      }
      let bytes = Array(c.generate(Int(mb * 1_048_576)).utf8)
      let written = fwrite(bytes, 1, bytes.count, f)
      fclose(f)
      guard written == bytes.count else {
        print("badgec-bench: cannot write \(path)")
        return 1
      }
      print(path)
    }
  }
  return 0
}

func megabytes(_ bytes: Int) -> String { format2(Double(bytes) / 1_048_576) + " MB" }

func seconds(_ s: Double) -> String {
  if s >= 1 { return format2(s) + " s" }
  if s >= 0.001 { return format2(s * 1000) + " ms" }
  return format2(s * 1_000_000) + " µs"
}

/// Two decimals (three significant digits for small numbers).
func format2(_ x: Double) -> String {
  let scaled = (x * 100).rounded()
  let whole = Int(scaled) / 100
  let cents = abs(Int(scaled)) % 100
  let sign = x < 0 && whole == 0 && cents != 0 ? "-" : ""
  return sign + "\(whole)." + (cents < 10 ? "0" : "") + "\(cents)"
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
  let n = s.count
  if n >= width { return s }
  let fill = String(repeating: " ", count: width - n)
  return right ? fill + s : s + fill
}
