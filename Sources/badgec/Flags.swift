// The command line's flags, read into one `Invocation` for every command:
// compiling (the default), `explain` and `preview`. A mistake is a usage
// error (exit 2) naming the flag and what it takes.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// What badgec was asked to do, as the flags say.
struct Invocation {
  enum Command: String {
    case compile, explain, preview, fmt, lsp
  }
  var command = Command.compile
  /// The input files ("-": standard input), in order.
  var inputs: [String] = []
  /// The `-o` patterns, in order (none: standard output).
  var outputs: [String] = []
  var format: OutputFormat?
  /// `--size` values, in order (none: the size each badge declares).
  var sizes: [Size] = []
  /// `--size` values as written, for `{size}`.
  var sizeTexts: [String] = []
  /// `--scale` values (none: 1).
  var scales: [Double] = []
  var options = CompileOptions()
  var maxErrors = 20
  var jsonDiagnostics = false
  var colourWhen = "auto"
  /// `explain --json`.
  var json = false
  /// `preview --port` (nil: a free one).
  var port: Int?
  /// `fmt --check`: only say which files would change.
  var formatCheck = false
  /// `fmt --stdout`: the formatted text to standard output.
  var formatToStandardOutput = false
}

/// The options of `badgec fmt` (the others are the compiler's).
let formatOptions: Set<String> = [
  "--check", "--stdout", "--help", "-h", "--version", "--max-errors", "--diagnostics", "--color",
]

/// Reads the arguments after the program's name.
func parseInvocation(_ arguments: [String]) -> Invocation {
  var inv = Invocation()
  var args = arguments
  if let first = args.first, let command = Invocation.Command(rawValue: first), command != .compile {
    inv.command = command
    commandBeingRead = command
    args.removeFirst()
  }
  var i = 0
  func value(_ flag: String) -> String {
    i += 1
    guard i < args.count else { usageError("\(flag) needs a value") }
    return args[i]
  }
  func only(_ commands: [Invocation.Command], _ flag: String) {
    guard commands.contains(inv.command) else {
      let name = inv.command == .compile ? "compiling" : "badgec \(inv.command.rawValue)"
      usageError("\(flag) is not an option of \(name)")
    }
  }
  while i < args.count {
    let arg = args[i]
    if inv.command == .lsp {
      // VS Code's client passes --stdio for the transport this server uses.
      guard ["--stdio", "--help", "-h", "--version"].contains(arg) else {
        usageError(
          "badgec lsp takes no \(arg.hasPrefix("-") ? "option '\(arg)'" : "input ('\(arg)')"): it talks over standard input and output"
        )
      }
      if arg == "--stdio" {
        i += 1
        continue
      }
    }
    if inv.command == .fmt && arg.hasPrefix("-") && arg != "-" && !formatOptions.contains(arg)
      && !arg.hasPrefix("--diagnostics=") && !arg.hasPrefix("--color=")
    {
      usageError("\(arg) is not an option of badgec fmt")
    }
    switch arg {
    case "--check":
      only([.fmt], arg)
      inv.formatCheck = true
    case "--stdout":
      only([.fmt], arg)
      inv.formatToStandardOutput = true
    case "--help", "-h":
      writeAll(1, Array(helpText(inv.command).utf8))
      exit(0)
    case "--version":
      writeAll(1, Array("badgec \(BadgeKit.version)\n".utf8))
      exit(0)
    case "-o", "--output":
      only([.compile], arg)
      inv.outputs.append(value(arg))
    case "--format":
      only([.compile], arg)
      let f = value(arg)
      // As an extension is read: in any case, `xml` for a VectorDrawable.
      guard let parsed = OutputFormat(extension: f) else {
        let lower = f.lowercased()
        let hint =
          ["android", "vector", "avd"].contains(lower)
          ? " (Android's XML is vectordrawable)"
          : ["xcassets", "xcode", "ios", "appicon"].contains(lower)
            ? " (Xcode's are imageset, appiconset and symbolset)"
            : ["sfsymbol", "sfsymbols", "sf-symbol"].contains(lower) ? " (an SF Symbols template is symbol)" : ""
        usageError("unknown format '\(f)'; expected \(formatNames)\(hint)")
      }
      inv.format = parsed
    case "--size":
      let text = value(arg)
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let size = parseSize(String(part)) else {
          usageError("expected --size W or WxH (1 to 100000 points), or a list such as 16,32,64, found '\(text)'")
        }
        inv.sizes.append(size)
        inv.sizeTexts.append(String(part))
      }
    case "--scale":
      only([.compile], arg)
      let text = value(arg)
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let scale = Double(part), scale > 0, scale <= 1000 else {
          usageError(
            "expected --scale K with K from 0 to 1000 pixels per point, or a list such as 1,2,3, found '\(text)'")
        }
        inv.scales.append(scale)
      }
    case "--background":
      only([.compile], arg)
      let c = value(arg)
      guard let color = parseColor(c) else {
        let hint = colorNameSuggestion(c).map { "; did you mean '\($0)'?" } ?? ""
        usageError("expected --background #rrggbb, #rrggbbaa or a colour name, found '\(c)'\(hint)")
      }
      inv.options.raster.background = color
    case "-D": inv.options.overrides.append(value(arg))
    case "--font-dir": inv.options.fonts.directories.append(value(arg))
    case "-I": inv.options.importPaths.append(value(arg))
    case "--max-errors":
      let n = value(arg)
      guard let count = Int(n), count >= 0 else { usageError("expected --max-errors N (0 shows all), found '\(n)'") }
      inv.maxErrors = count
    case "--werror": inv.options.warningsAsErrors = true
    case "--appearance":
      let a = value(arg)
      guard let scheme = ColorScheme(rawValue: a) else {
        usageError("expected --appearance light or dark, found '\(a)'")
      }
      inv.options.colorScheme = scheme
    case "--imageset":
      only([.compile], arg)
      let v = value(arg)
      guard let content = ImageSetContent(rawValue: v.lowercased()) else {
        usageError("expected --imageset pdf, svg or png, found '\(v)'")
      }
      inv.options.imageSetContent = content
    case "--icon-sizes":
      only([.compile], arg)
      let v = value(arg)
      guard let sizes = AppIconSizes(rawValue: v.lowercased()) else {
        usageError("expected --icon-sizes single or all, found '\(v)'")
      }
      inv.options.appIconSizes = sizes
    case "--diagnostics": inv.jsonDiagnostics = diagnosticsFormat(value(arg))
    case "--color": inv.colourWhen = colourChoice(value(arg))
    case "--max-output":
      only([.compile], arg)
      let n = value(arg)
      guard let bytes = parseByteCount(n) else {
        usageError("expected --max-output SIZE in bytes (or with K, M or G), found '\(n)'")
      }
      inv.options.maxOutputBytes = bytes
    case "--debug-frames":
      only([.compile], arg)
      inv.options.debugFrames = true
    case "--optimize":
      only([.compile], arg)
      inv.options.raster.optimize = true
    case "--source-map":
      only([.compile], arg)
      inv.options.sourceMap = true
    case "--json":
      only([.explain], arg)
      inv.json = true
    case "--port":
      only([.preview], arg)
      let text = value(arg)
      guard let port = Int(text), port >= 0, port <= 65535 else {
        usageError("expected --port N from 0 to 65535 (0: a free one), found '\(text)'")
      }
      inv.port = port
    default:
      if arg.hasPrefix("-D") && arg.count > 2 {
        inv.options.overrides.append(String(arg.dropFirst(2)))
      } else if arg.hasPrefix("-I") && arg.count > 2 {
        inv.options.importPaths.append(String(arg.dropFirst(2)))
      } else if arg.hasPrefix("--output=") {
        only([.compile], "--output")
        inv.outputs.append(String(arg.dropFirst(9)))
      } else if arg.hasPrefix("--diagnostics=") {
        inv.jsonDiagnostics = diagnosticsFormat(String(arg.dropFirst(14)))
      } else if arg.hasPrefix("--color=") {
        inv.colourWhen = colourChoice(String(arg.dropFirst(8)))
      } else if arg.hasPrefix("-") && arg != "-" {
        usageError("unknown option '\(arg)'")
      } else {
        inv.inputs.append(arg)
      }
    }
    i += 1
  }
  guard !inv.inputs.isEmpty || inv.command == .lsp else { usageError("no input file") }
  if inv.formatCheck && inv.formatToStandardOutput { usageError("--check and --stdout cannot be given together") }
  if inv.command != .compile && inv.command != .fmt && inv.inputs.count > 1 {
    usageError("badgec \(inv.command.rawValue) takes one input, found '\(inv.inputs[0])' and '\(inv.inputs[1])'")
  }
  if inv.command == .explain && inv.sizes.count > 1 {
    usageError("badgec explain takes one --size, found \(inv.sizes.count)")
  }
  // Patterns are checked before anything is read.
  for pattern in inv.outputs {
    _ = expand(pattern, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, "") }))
    _ = outputFormat(pattern, inv.format)
  }
  // An asset catalog is a folder: it needs a name, and holds both
  // appearances itself.
  let folders = (inv.outputs.isEmpty ? ["-"] : inv.outputs).filter { outputFormat($0, inv.format).isFolder }
  if folders.contains("-") {
    usageError("an asset catalog is a folder; give -o a name such as 'Assets.xcassets/{badge}.imageset'")
  }
  for pattern in folders {
    let format = outputFormat(pattern, inv.format)
    let ext = "." + format.rawValue
    let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
    if !trimmed.lowercased().hasSuffix(ext) {
      usageError("Xcode reads an asset catalog's folder by its extension: name it '\(trimmed)\(ext)'")
    }
  }
  if !folders.isEmpty && inv.options.colorScheme == .dark {
    usageError("an asset catalog holds the light and the dark appearance itself; leave out --appearance dark")
  }
  if inv.inputs.filter({ $0 == "-" }).count > 1 { usageError("standard input ('-') is given more than once") }
  // Font directories from the environment, searched after --font-dir.
  if let path = getenv("BADGEC_FONT_PATH") {
    inv.options.fonts.searchPath = String(cString: path).split(separator: ":").map(String.init)
  }
  // The font index kept between runs, in the user's cache folder.
  inv.options.fonts.cacheFolder = FontCache.defaultFolder()
  return inv
}

/// Every output format's name, for messages.
let formatNames = "svg, png, ppm, pdf, swift, vectordrawable, imageset, appiconset, symbolset or symbol"

func diagnosticsFormat(_ format: String) -> Bool {
  guard format == "text" || format == "json" else {
    usageError("unknown diagnostics format '\(format)'; expected text or json")
  }
  return format == "json"
}

func colourChoice(_ when: String) -> String {
  guard ["auto", "always", "never"].contains(when) else {
    usageError("expected --color auto, always or never, found '\(when)'")
  }
  return when
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

/// The command whose flags are being read (for the usage line of errors).
nonisolated(unsafe) var commandBeingRead = Invocation.Command.compile

func usageError(_ message: String) -> Never {
  let line: String
  switch commandBeingRead {
  case .compile: line = "usage: badgec INPUT [-o OUTPUT] [options]; see badgec --help"
  case .explain: line = "usage: badgec explain INPUT [--size W | WxH] [--json] [options]; see badgec explain --help"
  case .preview: line = "usage: badgec preview INPUT [--port N] [--size S,…] [options]; see badgec preview --help"
  case .fmt: line = "usage: badgec fmt FILE… [--check | --stdout]; see badgec fmt --help"
  case .lsp: line = "usage: badgec lsp; see badgec lsp --help"
  }
  writeAll(2, Array("badgec: error: \(printable(message))\n\(line)\n".utf8))
  exit(2)
}
