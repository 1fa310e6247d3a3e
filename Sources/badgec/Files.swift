// badgec's files: reading the input, and writing the output so that a
// failed or interrupted run never leaves a half-written file. Regular files
// are replaced whole through a temporary file and a rename (a PPM written
// by the drawing threads at offsets, into space reserved first); devices
// and pipes are written to directly.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// Writes all of `bytes` to `fd` (retrying short writes); false on error.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { writeAll(fd, $0) }
}

/// Writes all of `bytes` to `fd` (retrying short writes), at `offset` in
/// it if given (then from any thread), else where `fd` stands. False on
/// error; its errno is also kept in `writeError`, since errno belongs to
/// the thread.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Bool {
  var done = 0
  while done < bytes.count {
    let start = bytes.baseAddress! + done
    let n =
      offset.map { pwrite(fd, start, bytes.count - done, off_t($0 + done)) } ?? write(fd, start, bytes.count - done)
    if n < 0 {
      if errno == EINTR { continue }
      writeError.keep(errno)
      return false
    }
    done += n
  }
  return true
}

/// Everything `fd` holds, read to its end; nil on error.
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

/// The text of the current `errno`.
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
