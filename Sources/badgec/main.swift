// badgec: the command line. Reads the flags (Flags.swift), the inputs,
// decides where each output goes (never onto an input or a file the
// compilation read), calls BadgeKit's `compile`, prints diagnostics and
// writes the outputs (Files.swift, Outputs.swift): a failed run never
// creates, truncates or half-writes an output file. `badgec explain`
// prints the layout tree; `badgec preview` serves a page that follows the
// file (BadgeTools).
// Exit codes: 0 success, 1 an input has errors (or cannot be read, or an
// output cannot be written), 2 usage errors.
import BadgeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How diagnostics are written (`--diagnostics`), and whether in colour.
nonisolated(unsafe) var jsonDiagnostics = false
nonisolated(unsafe) var colourWhen = "auto"

func fail(_ message: String, code: Int32) -> Never {
  report(message)
  exit(code)
}

/// Writes an error that belongs to no place in a file.
func report(_ message: String) {
  if jsonDiagnostics {
    writeAll(2, Array(DiagnosticJSON.unplaced(message, severity: .error).utf8))
  } else {
    writeAll(2, Array("badgec: error: \(printable(message))\n".utf8))
  }
}

/// Writes a warning that belongs to no place in a file.
func reportWarning(_ message: String) {
  if jsonDiagnostics {
    writeAll(2, Array(DiagnosticJSON.unplaced(message, severity: .warning).utf8))
  } else {
    writeAll(2, Array("badgec: warning: \(printable(message))\n".utf8))
  }
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

/// Writes `result`'s diagnostics to standard error; with `skipping`, only
/// those not written before (the same input compiled at several sizes).
func printDiagnostics(_ result: CompileResult, _ inv: Invocation, skipping seen: inout Set<String>) {
  let sink: (String) -> Void = { text in
    if seen.insert(text).inserted { writeAll(2, Array(text.utf8)) }
  }
  if jsonDiagnostics {
    result.writeJSONDiagnostics(maxErrors: inv.maxErrors, to: sink)
  } else {
    result.writeDiagnostics(maxErrors: inv.maxErrors, colour: colourDiagnostics(colourWhen), to: sink)
  }
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

// CommandLine.arguments repairs malformed UTF-8, which would make badgec
// open a different path than the one given: such an argument is refused.
for k in 1..<Int(CommandLine.argc) {
  guard let raw = CommandLine.unsafeArgv[k] else { continue }
  let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
  if String(validating: bytes, as: UTF8.self) == nil {
    usageError(
      "argument \(k) is not valid UTF-8 ('\(CommandLine.arguments[k])'); badgec takes UTF-8 paths and values")
  }
}
var invocation = parseInvocation(Array(CommandLine.arguments.dropFirst()))
jsonDiagnostics = invocation.jsonDiagnostics
colourWhen = invocation.colourWhen
// This is the main thread, near the top of its stack: the library may run
// on it when the stack limit allows (saving a thread's start-up).
var stackLimit = rlimit()
if getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &stackLimit) == 0 {
  let bytes = stackLimit.rlim_cur  // RLIM_INFINITY is the largest value
  invocation.options.callerStack = bytes >= rlim_t(Int.max) ? Int.max : Int(bytes) - (256 << 10)
}

switch invocation.command {
case .lsp:
  exit(runLanguageServer(invocation))
case .fmt:
  handleInterruptions()
  exit(runFormat(invocation))
case .preview:
  exit(runPreview(invocation))
case .explain:
  handleInterruptions()
  invocation.options.keepsMemoryUntilExit = true  // one compilation, then exit
  exit(runExplain(invocation))
case .compile:
  handleInterruptions()
  // One compilation, then exit: what it made is not freed piece by piece
  // (many are, or a run of thousands of inputs would keep them all).
  invocation.options.keepsMemoryUntilExit = invocation.inputs.count * max(1, invocation.sizes.count) == 1
  exit(runCompile(invocation))
}
