// `badgec fmt`: files in, each rewritten in the canonical style (in place,
// through a temporary file and a rename, only when it changes), or written
// to standard output (`-`, `--stdout`), or only checked (`--check`: the
// names of the files that would change, exit 1). A file with syntax errors
// is left as it is and its errors are printed. The style is BadgeTools'
// (BadgeFormatter).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit
import BadgeTools

let formatUsage = """
  usage: badgec fmt FILE… [--check | --stdout] [options]

  Rewrites each FILE (- for standard input, written to standard output) in
  badgec's one style: two spaces a level, one space around operators and
  after commas, one modifier a line once a chain passes 100 columns, at
  most one blank line; comments, line breaks and the columns of a path's
  point table stay where they are written. A file is only rewritten when
  it changes, through a temporary file, so it is never half-written. A
  file with syntax errors is left alone: its errors are printed.

  options:
    --check             change nothing: print the name of each file that is
                        not formatted, and exit 1 if there is one (for CI)
    --stdout            write the formatted text to standard output instead
    --max-errors, --diagnostics, --color: as when compiling

  exit codes: 0 formatted (or, with --check, already formatted), 1 a file
  has syntax errors, cannot be read or written, or (--check) is not
  formatted, 2 usage errors

  """

/// `badgec fmt`: formats every input; the exit code.
func runFormat(_ inv: Invocation) -> Int32 {
  var failed = false
  var unformatted: [String] = []
  for path in inv.inputs {
    let input: Input
    do throws(FileError) { input = try readInput(path) } catch {
      report(error.message)
      failed = true
      continue
    }
    let name = path == "-" ? "<stdin>" : path
    let source = SourceFile(name: name, bytes: input.bytes)
    switch BadgeFormatter.format(source) {
    case .refused(let diagnostics, let unlisted):
      let sink: (String) -> Void = { writeAll(2, Array($0.utf8)) }
      if jsonDiagnostics {
        DiagnosticJSON(files: [source], maxErrors: inv.maxErrors).render(diagnostics, unlisted: unlisted, to: sink)
      } else {
        DiagnosticRenderer(files: [source], maxErrors: inv.maxErrors, colour: colourDiagnostics(colourWhen))
          .render(diagnostics, unlisted: unlisted, to: sink)
      }
      failed = true
    case .failed(let why):
      report("cannot format '\(name)' without changing what it means (\(why)); it is left as it is")
      failed = true
    case .formatted(let text):
      if inv.formatCheck {
        if text != input.bytes { unformatted.append(name) }
      } else if path == "-" || inv.formatToStandardOutput {
        guard writeAll(1, text) else { fail("cannot write standard output: \(writeFailure())", code: 1) }
      } else if text != input.bytes {
        do throws(FileError) { try rewrite(path, input, with: text) } catch {
          report(error.message)
          failed = true
        }
      }
    }
  }
  for name in unformatted {
    guard writeAll(1, Array("\(printable(name))\n".utf8)) else {
      fail("cannot write standard output: \(writeFailure())", code: 1)
    }
  }
  return failed || !unformatted.isEmpty ? 1 : 0
}

/// Replaces the regular file `path` (read as `input`) with `text`, keeping
/// its permissions; anything else (a device, a pipe) is not rewritten.
func rewrite(_ path: String, _ input: Input, with text: [UInt8]) throws(FileError) {
  guard input.file?.type == S_IFREG else {
    throw FileError(message: "cannot rewrite '\(path)' in place: it is not a regular file (use --stdout)")
  }
  let target = try destination(of: path, inputs: [], standardOutput: nil, standardError: nil)
  try write(.bytes(text), to: target, shownAs: path)
}
