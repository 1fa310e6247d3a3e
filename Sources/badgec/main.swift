// badgec: the command line. Parses flags, reads the input, calls BadgeKit's
// `compile`, prints diagnostics and writes the output atomically (a failed
// run never creates, truncates or half-writes the output file; devices and
// pipes, which cannot be replaced, are written to directly).
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
    --format FORMAT     svg, png or ppm (default: from the output's extension)
    --size W | WxH      the canvas in points (default: the size the badge declares)
    --scale K           pixels per point for PNG and PPM (default 1)
    --background COLOR  what PNG and PPM are drawn over (#rrggbb, #rrggbbaa, a
                        colour name; default: transparent for PNG, white for
                        PPM, which lays a translucent background over white)
    -D name=value       override a top-level let, e.g. -D rotations=6
    --help              show this help
    --version           show the version

  exit codes: 0 success, 1 the input has errors, 2 usage errors

  """

func fail(_ message: String, code: Int32) -> Never {
  writeAll(2, Array("badgec: error: \(message)\n".utf8))
  exit(code)
}

func usageError(_ message: String) -> Never {
  writeAll(2, Array("badgec: error: \(message)\nusage: badgec INPUT [-o OUTPUT] [options]; see badgec --help\n".utf8))
  exit(2)
}

@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { writeAll(fd, $0) }
}

func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
  var offset = 0
  while offset < bytes.count {
    let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if n < 0 {
      if errno == EINTR { continue }
      return false
    }
    offset += n
  }
  return true
}

func readAll(_ fd: Int32) -> [UInt8]? {
  var out: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n < 0 {
      if errno == EINTR { continue }
      return nil
    }
    if n == 0 { return out }
    out.append(contentsOf: buffer[0..<n])
  }
}

func errorText() -> String { String(cString: strerror(errno)) }

/// Writes the result to `path`. A regular file (or a link to one, which is
/// followed) is replaced whole, keeping its permissions; a new file is
/// created the same way. Anything else (a device such as /dev/null, a
/// pipe) is written to directly, never replaced.
func writeOutput(_ result: CompileResult, to path: String) -> String? {
  var info = stat()
  guard stat(path, &info) == 0 else {
    if errno == ELOOP { return "cannot write '\(path)': \(errorText())" }
    // A new file; where `path` is a link to a file not there yet, that file.
    return writeAtomically(result, to: linkTarget(path) ?? path, keeping: nil, shownAs: path)
  }
  guard info.st_mode & S_IFMT == S_IFREG else {
    let fd = open(path, O_WRONLY | O_TRUNC)
    guard fd >= 0 else { return "cannot write '\(path)': \(errorText())" }
    let ok = result.write { writeAll(fd, $0) }
    let why = errorText()
    return close(fd) == 0 && ok ? nil : "cannot write '\(path)': \(why)"
  }
  guard let real = realpath(path, nil) else { return "cannot write '\(path)': \(errorText())" }
  defer { free(real) }
  return writeAtomically(result, to: String(cString: real), keeping: info.st_mode & 0o7777, shownAs: path)
}

/// Where the symbolic link `path` finally points (links followed, at
/// most 40), when that is a name that does not exist yet; nil when `path`
/// is not a link.
func linkTarget(_ path: String) -> String? {
  var current = path
  for _ in 0..<40 {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink(current, &buffer, buffer.count - 1)
    guard n >= 0 else { return current == path ? nil : current }
    let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") {
      current = target
    } else if let slash = current.lastIndex(of: "/") {
      current = String(current[...slash]) + target
    } else {
      current = target
    }
  }
  return nil
}

/// The temporary file being written, removed if badgec is interrupted.
nonisolated(unsafe) var pendingTemporary: UnsafeMutablePointer<CChar>?

/// SIGINT, SIGTERM and SIGHUP remove the temporary file being written, if
/// any, then end badgec as they would have. They are unblocked too: a
/// parent may pass them on blocked (Foundation's Process does), and then
/// badgec could be neither interrupted nor stopped.
func handleInterruptions() {
  var set = sigset_t()
  sigemptyset(&set)
  for s in [SIGINT, SIGTERM, SIGHUP] {
    sigaddset(&set, s)
    signal(s) { s in
      if let path = pendingTemporary { unlink(path) }
      signal(s, SIG_DFL)
      raise(s)
    }
  }
  sigprocmask(SIG_UNBLOCK, &set, nil)
}

/// The temporary file that an interruption now removes (nil: none).
func removeOnSignal(_ path: String?) {
  let old = pendingTemporary
  pendingTemporary = path.map { strdup($0) }
  free(old)
}

/// Writes the result to `path` through a temporary file in the same folder
/// and a rename, so the file is either the old one or the whole new one.
/// `mode`: the permissions of the file replaced, nil for a new file (then
/// 0666 less the umask). `shown`: the path as the user wrote it, for errors.
func writeAtomically(_ result: CompileResult, to path: String, keeping mode: mode_t?, shownAs shown: String? = nil)
  -> String?
{
  let shown = shown ?? path
  let temp = path + ".badgec-\(getpid()).tmp"
  var fd = open(temp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666)
  if fd < 0 && errno == EEXIST {
    // Left by a run that was killed and had the same process id.
    unlink(temp)
    fd = open(temp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666)
  }
  guard fd >= 0 else { return "cannot write '\(shown)': \(errorText())" }
  removeOnSignal(temp)
  defer { removeOnSignal(nil) }
  if let mode { fchmod(fd, mode) }
  let ok = writeByOffset(result, fd) ?? result.write { writeAll(fd, $0) }
  let why = errorText()
  if close(fd) != 0 || !ok {
    unlink(temp)
    return "cannot write '\(shown)': \(why)"
  }
  if rename(temp, path) != 0 {
    let why = errorText()
    unlink(temp)
    return "cannot write '\(shown)': \(why)"
  }
  return nil
}

/// The first error of the writes made on drawing threads (errno belongs
/// to a thread).
final class FirstError: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var code: Int32 = 0

  init() { pthread_mutex_init(mutex, nil) }

  /// Keeps `code` unless an error was kept before.
  func keep(_ code: Int32) {
    pthread_mutex_lock(mutex)
    if self.code == 0 { self.code = code }
    pthread_mutex_unlock(mutex)
  }

  /// The error kept, 0 for none.
  var value: Int32 {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return code
  }
}

let writeError = FirstError()

/// Writes `bytes` at `offset` in `fd`, whole.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
  var done = 0
  while done < bytes.count {
    let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
    if n < 0 {
      if errno == EINTR { continue }
      writeError.keep(errno)
      return false
    }
    done += n
  }
  return true
}

/// Where the output's size is known (PPM): reserves the space first (a
/// full disk is found before any drawing, and the file system need not
/// allocate blocks as the data comes: on ext4 that more than halves the
/// time to write a large image), then each drawing thread writes its pieces
/// at their offsets. Nil when the size is not known; the caller then writes
/// the ordinary way.
func writeByOffset(_ result: CompileResult, _ fd: Int32) -> Bool? {
  guard let size = result.knownSize else { return nil }
  let reserved = posix_fallocate(fd, 0, off_t(size))
  if reserved == ENOSPC || reserved == EFBIG || reserved == EIO {
    errno = reserved
    return false
  }
  if result.write(at: { writeAll(fd, $0, at: $1) }) { return true }
  errno = writeError.value
  return false
}

func parseSize(_ text: String) -> Size? {
  let parts = text.split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 1 || parts.count == 2 else { return nil }
  let values = parts.compactMap { Double($0) }
  guard values.count == parts.count, values.allSatisfy({ $0 >= 1 && $0 <= 100_000 }) else { return nil }
  return Size(values[0], values.count == 2 ? values[1] : values[0])
}

// A file size limit (ulimit -f) makes writes past it fail with EFBIG,
// reported like any other write error, instead of killing badgec.
signal(SIGXFSZ, SIG_IGN)
handleInterruptions()

// MARK: Flags

var input: String?
var output = "-"
var format: OutputFormat?
var options = CompileOptions()
var args = Array(CommandLine.arguments.dropFirst())
var i = 0
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
  default:
    if arg.hasPrefix("-D") && arg.count > 2 {
      options.overrides.append(String(arg.dropFirst(2)))
    } else if arg.hasPrefix("--output=") {
      output = String(arg.dropFirst(9))
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
if format == nil {
  if output == "-" {
    format = .svg
  } else if let dot = output.lastIndex(of: "."),
    let f = OutputFormat(rawValue: output[output.index(after: dot)...].lowercased())
  {
    format = f
  } else {
    usageError("cannot tell the format of '\(output)' from its extension; use --format svg, png or ppm")
  }
}
options.format = format!

// MARK: Compile

let bytes: [UInt8]
let name: String
if input == "-" {
  guard let b = readAll(0) else { fail("cannot read standard input: \(errorText())", code: 1) }
  bytes = b
  name = "<stdin>"
} else {
  let fd = open(input, O_RDONLY)
  guard fd >= 0 else { fail("cannot read '\(input)': \(errorText())", code: 1) }
  guard let b = readAll(fd) else { fail("cannot read '\(input)': \(errorText())", code: 1) }
  close(fd)
  bytes = b
  name = input
}

let result = compile(SourceFile(name: name, bytes: bytes), options: options)
if !result.diagnostics.isEmpty { writeAll(2, Array(result.renderedDiagnostics.utf8)) }
guard !result.hasErrors else { exit(1) }
if output == "-" {
  guard result.write(to: { writeAll(1, $0) }) else { fail("cannot write standard output: \(errorText())", code: 1) }
} else if let problem = writeOutput(result, to: output) {
  fail(problem, code: 1)
}
exit(0)
