// badgec: the command line. Parses flags, reads the input, decides where
// the output goes (never onto the input), calls BadgeKit's `compile`,
// prints diagnostics and writes the output (Files.swift): a failed run
// never creates, truncates or half-writes an output file.
// Exit codes: 0 success, 1 the input has errors (or cannot be read or
// written), 2 usage errors.
import BadgeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: badgec INPUT [-o OUTPUT] [options]

  Compiles a badge description (INPUT, or - for standard input) to SVG,
  PNG or PPM.

  options:
    -o, --output FILE   where to write (- for standard output, the default)
    --format FORMAT     svg, png or ppm (default: from the output's extension;
                        svg for standard output and a name without one)
    --size W | WxH      the canvas in points (default: the size the badge declares)
    --scale K           pixels per point for PNG and PPM (default 1)
    --background COLOR  what PNG and PPM are drawn over (#rrggbb, #rrggbbaa, a
                        colour name; default: transparent for PNG, white for
                        PPM, which lays a translucent background over white)
    -D name=value       override a top-level let, e.g. -D rotations=6 (an
                        imported file's too)
    -I DIR              look for imported files in DIR too, after the
                        importing file's own folder (repeatable: in order)
    --font-dir DIR      look for fonts in DIR first (repeatable); then in
                        BADGEC_FONT_PATH (DIR:DIR…) and the system's font
                        directories
    --max-errors N      show at most N errors and warnings (default 20; 0
                        shows all)
    --werror            treat warnings as errors: exit 1 and write nothing
    --diagnostics FMT   text (the default) or json: one JSON object per
                        diagnostic per line on standard error
    --color WHEN        colour diagnostics: auto (the default: when standard
                        error is a terminal and NO_COLOR is not set), always
                        or never
    --max-output SIZE   refuse an output larger than SIZE bytes (K, M, G
                        suffixes; default 64M); for PNG, its pixels at four
                        bytes each (64M: 4096 × 4096)
    --help              show this help
    --version           show the version

  exit codes: 0 success, 1 the input has errors, 2 usage errors

  """

/// How diagnostics are written (`--diagnostics`), and whether in colour.
var jsonDiagnostics = false
var colourWhen = "auto"

@MainActor func fail(_ message: String, code: Int32) -> Never {
  if jsonDiagnostics {
    writeAll(2, Array(DiagnosticJSON.unplaced(message, severity: .error).utf8))
  } else {
    writeAll(2, Array("badgec: error: \(printable(message))\n".utf8))
  }
  exit(code)
}

/// Whether to colour diagnostics: `--color always` or `never`, or, for
/// `auto`, when standard error is a terminal, `NO_COLOR` is not set (to
/// anything but the empty string, as no-color.org asks) and `TERM` is not
/// `dumb`.
func colourDiagnostics(_ when: String) -> Bool {
  switch when {
  case "always": return true
  case "never": return false
  default:
    if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return isatty(2) == 1
  }
}

func usageError(_ message: String) -> Never {
  writeAll(
    2,
    Array("badgec: error: \(printable(message))\nusage: badgec INPUT [-o OUTPUT] [options]; see badgec --help\n".utf8))
  exit(2)
}

/// `--max-output`: bytes, or with a K, M or G suffix (powers of 1024).
func parseByteCount(_ text: String) -> Int? {
  var digits = Substring(text)
  var unit = 1
  switch text.last {
  case "K", "k": unit = 1 << 10
  case "M", "m": unit = 1 << 20
  case "G", "g": unit = 1 << 30
  default: break
  }
  if unit > 1 { digits = digits.dropLast() }
  guard let n = Int(digits), n > 0, n <= (1 << 40) / unit else { return nil }
  return n * unit
}

func parseSize(_ text: String) -> Size? {
  let parts = text.split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 1 || parts.count == 2 else { return nil }
  let values = parts.compactMap { Double($0) }
  guard values.count == parts.count, values.allSatisfy({ $0 >= 1 && $0 <= 100_000 }) else { return nil }
  return Size(values[0], values.count == 2 ? values[1] : values[0])
}

/// The extension of the file name at the end of `path`: what follows its
/// last dot; nil if there is none (a name's leading dot, as in `.hidden`,
/// starts no extension).
func fileExtension(_ path: String) -> Substring? {
  let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
  guard let dot = name.lastIndex(of: "."), dot != name.startIndex, dot != name.index(before: name.endIndex) else {
    return nil
  }
  return name[name.index(after: dot)...]
}

// The files of standard output and error as badgec starts, before a file
// it opens can take the number of a closed one.
let standardOutput = FileIdentity(descriptor: 1)
let standardError = FileIdentity(descriptor: 2)

// A file size limit (ulimit -f) makes writes past it fail with EFBIG,
// reported like any other write error, instead of killing badgec.
signal(SIGXFSZ, SIG_IGN)
handleInterruptions()

// MARK: Flags

var input: String?
var output = "-"
var format: OutputFormat?
var options = CompileOptions()
var maxErrors = 20
var args = Array(CommandLine.arguments.dropFirst())
// CommandLine.arguments repairs malformed UTF-8, which would make badgec
// open a different path than the one given: such an argument is refused.
for k in 1..<Int(CommandLine.argc) {
  guard let raw = CommandLine.unsafeArgv[k] else { continue }
  let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
  if String(validating: bytes, as: UTF8.self) == nil {
    usageError("argument \(k) is not valid UTF-8 ('\(args[k - 1])'); badgec takes UTF-8 paths and values")
  }
}
var i = 0
@MainActor func setDiagnostics(_ format: String) {
  guard format == "text" || format == "json" else {
    usageError("unknown diagnostics format '\(format)'; expected text or json")
  }
  jsonDiagnostics = format == "json"
}
@MainActor func setColour(_ when: String) {
  guard ["auto", "always", "never"].contains(when) else {
    usageError("expected --color auto, always or never, found '\(when)'")
  }
  colourWhen = when
}
@MainActor func value(_ flag: String) -> String {
  i += 1
  guard i < args.count else { usageError("\(flag) needs a value") }
  return args[i]
}
while i < args.count {
  let arg = args[i]
  switch arg {
  case "--help", "-h":
    writeAll(1, Array(usage.utf8))
    exit(0)
  case "--version":
    writeAll(1, Array("badgec \(BadgeKit.version)\n".utf8))
    exit(0)
  case "-o", "--output": output = value(arg)
  case "--format":
    let f = value(arg)
    guard let parsed = OutputFormat(rawValue: f) else { usageError("unknown format '\(f)'; expected svg, png or ppm") }
    format = parsed
  case "--size":
    let s = value(arg)
    guard let size = parseSize(s) else { usageError("expected --size W or WxH (1 to 100000 points), found '\(s)'") }
    options.canvasSize = size
  case "--scale":
    let k = value(arg)
    guard let scale = Double(k), scale > 0, scale <= 1000 else {
      usageError("expected --scale K with K from 0 to 1000 pixels per point, found '\(k)'")
    }
    options.raster.scale = scale
  case "--background":
    let c = value(arg)
    guard let color = parseColor(c) else {
      let hint = colorNameSuggestion(c).map { "; did you mean '\($0)'?" } ?? ""
      usageError("expected --background #rrggbb, #rrggbbaa or a colour name, found '\(c)'\(hint)")
    }
    options.raster.background = color
  case "-D": options.overrides.append(value(arg))
  case "--font-dir": options.fonts.directories.append(value(arg))
  case "-I": options.importPaths.append(value(arg))
  case "--max-errors":
    let n = value(arg)
    guard let count = Int(n), count >= 0 else { usageError("expected --max-errors N (0 shows all), found '\(n)'") }
    maxErrors = count
  case "--werror": options.warningsAsErrors = true
  case "--diagnostics": setDiagnostics(value(arg))
  case "--color": setColour(value(arg))
  case "--max-output":
    let n = value(arg)
    guard let bytes = parseByteCount(n) else {
      usageError("expected --max-output SIZE in bytes (or with K, M or G), found '\(n)'")
    }
    options.maxOutputBytes = bytes
  default:
    if arg.hasPrefix("-D") && arg.count > 2 {
      options.overrides.append(String(arg.dropFirst(2)))
    } else if arg.hasPrefix("-I") && arg.count > 2 {
      options.importPaths.append(String(arg.dropFirst(2)))
    } else if arg.hasPrefix("--output=") {
      output = String(arg.dropFirst(9))
    } else if arg.hasPrefix("--diagnostics=") {
      setDiagnostics(String(arg.dropFirst(14)))
    } else if arg.hasPrefix("--color=") {
      setColour(String(arg.dropFirst(8)))
    } else if arg.hasPrefix("-") && arg != "-" {
      usageError("unknown option '\(arg)'")
    } else if input == nil {
      input = arg
    } else {
      usageError("more than one input: '\(input!)' and '\(arg)'")
    }
  }
  i += 1
}

guard let input else { usageError("no input file") }
// Font directories from the environment, searched after --font-dir.
if let path = getenv("BADGEC_FONT_PATH") {
  options.fonts.searchPath = String(cString: path).split(separator: ":").map(String.init)
}
if format == nil, output != "-", let ext = fileExtension(output) {
  guard let f = OutputFormat(rawValue: ext.lowercased()) else {
    usageError("cannot tell the format of '\(output)' from its extension; use --format svg, png or ppm")
  }
  format = f
}
options.format = format ?? .svg
// This is the main thread, near the top of its stack: the library may run
// on it when the stack limit allows (saving a thread's start-up).
var stackLimit = rlimit()
if getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &stackLimit) == 0 {
  let bytes = stackLimit.rlim_cur  // RLIM_INFINITY is the largest value
  options.callerStack = bytes >= rlim_t(Int.max) ? Int.max : Int(bytes) - (256 << 10)
}

// MARK: Compile

let source: Input
let target: Destination
do {
  source = try readInput(input)
  target = try destination(
    of: output, input: source.file, standardOutput: standardOutput, standardError: standardError)
} catch {
  fail(error.message, code: 1)
}

let result = compile(SourceFile(name: input == "-" ? "<stdin>" : input, bytes: source.bytes), options: options)
// Each diagnostic is written as soon as it is rendered.
if jsonDiagnostics {
  result.writeJSONDiagnostics(maxErrors: maxErrors) { writeAll(2, Array($0.utf8)) }
} else {
  result.writeDiagnostics(maxErrors: maxErrors, colour: colourDiagnostics(colourWhen)) { writeAll(2, Array($0.utf8)) }
}
guard !result.hasErrors else { exit(1) }
do {
  try checkNotRead(
    target, result.filesRead, shownAs: output, standardOutput: standardOutput, standardError: standardError)
  try write(result, to: target, shownAs: output)
} catch {
  fail(error.message, code: 1)
}
exit(0)
