// badgec's files: reading the input, deciding where the output goes, and
// writing it so that a failed or interrupted run never leaves a
// half-written file and no run damages its input. Regular files are
// replaced whole through a temporary file and a rename (a PPM written by
// the drawing threads at offsets, into space reserved first); devices and
// pipes are written to directly, and standard output and error through the
// descriptors badgec was given. Nothing here waits for the other end of a
// named pipe.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// A file that cannot be read or written, with the message to show.
struct FileError: Error {
  var message: String
}

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

/// The most an input may hold, in bytes: far more than any badge, and a
/// device such as /dev/zero would otherwise be read until memory ran out.
let inputLimit = 64 << 20

/// Reads what `fd` holds onto the end of `out`: to the end of the file, or,
/// if `fd` does not block, until it has nothing more for now. Returns 0 at
/// the end, EAGAIN when nothing more is there for now, else the error
/// (EFBIG: more than `inputLimit` bytes).
func readAll(_ fd: Int32, into out: inout [UInt8]) -> Int32 {
  // Read through a buffer on the stack: one zeroed on the heap cost more
  // than reading a small badge.
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { buffer in
    while true {
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if n == 0 { return 0 }
      guard out.count + n <= inputLimit else { return EFBIG }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
    }
  }
}

/// The text of `code`, by default the current `errno`.
func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Reading `path` ("-": standard input) failed with `code`.
func cannotRead(_ path: String, _ code: Int32 = errno) -> FileError {
  let name = path == "-" ? "standard input" : "'\(path)'"
  let why = code == EFBIG ? "it holds more than \(inputLimit >> 20) MiB" : errorText(code)
  return FileError(message: "cannot read \(name): \(why)")
}

/// Writing `path` failed with `errno`.
func cannotWrite(_ path: String, _ code: Int32 = errno) -> FileError {
  FileError(message: "cannot write '\(path)': \(errorText(code))")
}

// MARK: Identity

/// A file as the system knows it, whichever name or descriptor reaches it.
struct FileIdentity: Equatable {
  /// The device that holds the file (`st_dev`).
  var device: UInt64
  /// The file's number on that device (`st_ino`).
  var inode: UInt64
  /// The file's type (`st_mode & S_IFMT`).
  var type: mode_t

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    type = info.st_mode & S_IFMT
  }

  /// The file open as `fd`; nil if `fd` is not open.
  init?(descriptor fd: Int32) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    self.init(info)
  }
}

// MARK: Reading

/// The input: its bytes and the file they were read from (nil when that
/// cannot be told).
struct Input {
  var bytes: [UInt8]
  var file: FileIdentity?
}

/// Reads the input file `path`, or standard input for "-". A directory is
/// an error, and so is a named pipe with nothing in it and nothing writing
/// to it: it is opened without waiting for a writer, and reported instead
/// of waited on.
func readInput(_ path: String) throws(FileError) -> Input {
  var bytes: [UInt8] = []
  if path == "-" {
    let file = FileIdentity(descriptor: 0)
    let end = readAll(0, into: &bytes)
    guard end == 0 else { throw cannotRead(path, end) }
    return Input(bytes: bytes, file: file)
  }
  let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
  guard fd >= 0 else { throw cannotRead(path) }
  defer { close(fd) }
  guard let file = FileIdentity(descriptor: fd) else { throw cannotRead(path) }
  if file.type == S_IFDIR { throw cannotRead(path, EISDIR) }
  if file.type == S_IFIFO {
    // Not blocking, this returns at once: with what the pipe holds, and
    // EAGAIN if a writer is there, else the end.
    let end = readAll(fd, into: &bytes)
    guard end == 0 || end == EAGAIN else { throw cannotRead(path, end) }
    if end == 0 && bytes.isEmpty {
      throw FileError(message: "cannot read '\(path)': it is a pipe with nothing in it and nothing writing to it")
    }
  }
  // The rest is waited for.
  _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
  let end = readAll(fd, into: &bytes)
  guard end == 0 else { throw cannotRead(path, end) }
  return Input(bytes: bytes, file: file)
}

// MARK: Where the output goes

/// Where the output goes, decided before anything is written.
enum Destination {
  /// A descriptor badgec was given (standard output or error), written
  /// where it stands and never reopened: a file appended to stays
  /// appended to.
  case descriptor(Int32)
  /// A regular file to replace whole, or to create (links followed).
  /// `mode`: the permissions of the file replaced, nil for a new file.
  case file(String, mode: mode_t?)
  /// A device or a named pipe, opened and written directly.
  case device(String, FileIdentity)
}

/// Where to write the output `path` ("-": standard output). An output that
/// is the input file (the same file whatever the name: a link, a hard
/// link, /dev/stdin) is an error, unless it is a character device such as
/// a terminal, which writing does not change. An output that is standard
/// output or error (`standardOutput`, `standardError`: their files as
/// badgec started), such as /dev/stdout or /proc/self/fd/1, is written
/// through that descriptor. A directory, and a file the user may not
/// write, are errors.
func destination(
  of path: String, inputs: [FileIdentity?], standardOutput: FileIdentity?, standardError: FileIdentity?
) throws(FileError) -> Destination {
  func isInput(_ file: FileIdentity?) -> Bool { file != nil && inputs.contains(file) && file!.type != S_IFCHR }
  if path == "-" {
    if isInput(standardOutput) { throw FileError(message: "standard output is the input file; choose another output") }
    return .descriptor(1)
  }
  var info = stat()
  guard stat(path, &info) == 0 else {
    guard errno == ENOENT else { throw cannotWrite(path) }
    // A new file; where `path` is a link to a file not there yet, that file.
    return .file(try linkTarget(path) ?? path, mode: nil)
  }
  let file = FileIdentity(info)
  if isInput(file) { throw FileError(message: "the output '\(path)' is the input file; choose another output") }
  if file == standardOutput { return .descriptor(1) }
  if file == standardError { return .descriptor(2) }
  switch file.type {
  case S_IFREG:
    // Replacing a file needs only its folder to be writable; a file the
    // user may not write is left alone, as a shell's `>` leaves it.
    guard faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 else { throw cannotWrite(path) }
    guard let real = realpath(path, nil) else { throw cannotWrite(path) }
    defer { free(real) }
    return .file(String(cString: real), mode: info.st_mode & 0o7777)
  case S_IFDIR:
    throw FileError(message: "cannot write '\(path)': \(errorText(EISDIR))")
  default:
    return .device(path, file)
  }
}

/// An output that is a file the compilation read (an imported file, a
/// font file), whatever the name, is an error, as the input is: checked
/// once the compilation has said which files it read, before anything is
/// written. `standardOutput`, `standardError`: their files as badgec
/// started.
func checkNotRead(
  _ destination: Destination, _ read: [FileRead], shownAs shown: String, standardOutput: FileIdentity?,
  standardError: FileIdentity?
) throws(FileError) {
  let target: FileIdentity?
  let name: String
  switch destination {
  case .descriptor(let fd):
    target = fd == 1 ? standardOutput : standardError
    name = shown == "-" ? "standard output" : "the output '\(shown)'"
  case .file(let path, _):
    var info = stat()
    target = stat(path, &info) == 0 ? FileIdentity(info) : nil
    name = "the output '\(shown)'"
  case .device:
    return  // Only regular files are read.
  }
  guard let target, target.type == S_IFREG else { return }
  for file in read {
    var info = stat()
    guard stat(file.path, &info) == 0, FileIdentity(info) == target else { continue }
    let what = file.role == .imported ? "the imported file" : "the font file"
    throw FileError(message: "\(name) is \(what) '\(file.path)'; choose another output")
  }
}

/// Where the symbolic link `path` finally points, when that is a name that
/// does not exist yet; nil when `path` is not a link. Links are followed
/// as the kernel follows them, at most `maximumLinks` (Linux's limit, as
/// `stat` already checked: a longer chain fails there with ELOOP), so the
/// last link of a chain as long as that is read too; past them, an error.
func linkTarget(_ path: String) throws(FileError) -> String? {
  var current = path
  for _ in 0...maximumLinks {
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
  // Never replace the link itself.
  throw cannotWrite(path, ELOOP)
}

/// The most symbolic links the kernel follows in one path (MAXSYMLINKS).
let maximumLinks = 40

// MARK: Writing

/// What is written: a compilation's output, encoded as it is written, or
/// bytes made beforehand (one of many outputs, drawn in parallel).
enum Payload {
  case result(CompileResult)
  case bytes([UInt8])

  /// Hands the bytes to `sink` piece by piece; false when it failed.
  func write(to sink: @escaping (UnsafeRawBufferPointer) -> Bool) -> Bool {
    switch self {
    case .result(let r): return r.write(to: sink)
    case .bytes(let b): return b.withUnsafeBytes { sink($0) }
    }
  }
}

/// Writes the result to `destination`. `shown`: the output as the user
/// wrote it, for errors.
func write(_ result: CompileResult, to destination: Destination, shownAs shown: String) throws(FileError) {
  try write(.result(result), to: destination, shownAs: shown)
}

/// Writes `result` to `destination`. `shown`: the output as the user
/// wrote it, for errors.
func write(_ result: Payload, to destination: Destination, shownAs shown: String) throws(FileError) {
  switch destination {
  case .descriptor(let fd):
    guard result.write(to: { writeAll(fd, $0) }) else {
      let name = shown == "-" ? "standard output" : "'\(shown)'"
      throw FileError(message: "cannot write \(name): \(writeFailure())")
    }
  case .device(let path, let file):
    let fd = try openWithoutWaiting(path, file)
    let ok = result.write { writeAll(fd, $0) }
    let why = ok ? errorText() : writeFailure()
    guard close(fd) == 0 && ok else { throw FileError(message: "cannot write '\(shown)': \(why)") }
  case .file(let path, let mode):
    try writeAtomically(result, to: path, keeping: mode, shownAs: shown)
  }
}

/// Opens the device or named pipe `path` (which is `file`) for writing
/// without waiting: a named pipe that nothing reads is an error, not a
/// wait. The descriptor returned then blocks as usual, so that a full pipe
/// waits for its reader.
func openWithoutWaiting(_ path: String, _ file: FileIdentity) throws(FileError) -> Int32 {
  let fd = open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
  guard fd >= 0 else {
    if errno == ENXIO && file.type == S_IFIFO {
      throw FileError(message: "cannot write '\(path)': it is a named pipe with nothing reading it")
    }
    throw cannotWrite(path)
  }
  _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
  return fd
}

/// The temporary file being written, removed if badgec is interrupted.
nonisolated(unsafe) var pendingTemporary: UnsafeMutablePointer<CChar>?

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporary file being
/// written, if any, then end badgec as they would have. One ignored when
/// badgec starts stays ignored, as its parent meant (nohup ignores SIGHUP;
/// a shell, SIGINT and SIGQUIT for a job in the background). They are
/// unblocked too: a parent may pass them on blocked (Foundation's Process
/// does), and then badgec could be neither interrupted nor stopped.
func handleInterruptions() {
  var set = sigset_t()
  sigemptyset(&set)
  for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
    sigaddset(&set, s)
    guard !isIgnored(s) else { continue }
    signal(s) { s in
      if let path = pendingTemporary { unlink(path) }
      signal(s, SIG_DFL)
      raise(s)
    }
  }
  sigprocmask(SIG_UNBLOCK, &set, nil)
}

/// Whether signal `s` is ignored.
func isIgnored(_ s: Int32) -> Bool {
  var action = sigaction()
  sigaction(s, nil, &action)
  #if canImport(Glibc)
    let handler = action.__sigaction_handler.sa_handler
  #else
    let handler = action.__sigaction_u.__sa_handler
  #endif
  return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
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
func writeAtomically(_ result: Payload, to path: String, keeping mode: mode_t?, shownAs shown: String)
  throws(FileError)
{
  // The handled signals wait while a named file is made and registered,
  // or an unnamed one linked into place, so that none can find a named
  // temporary file not registered for removal.
  var handled = sigset_t()
  var previous = sigset_t()
  sigemptyset(&handled)
  for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&handled, s) }
  pthread_sigmask(SIG_BLOCK, &handled, &previous)
  let made = temporaryFile(beside: path)
  let madeError = errno
  if let temp = made?.path { removeOnSignal(temp) }
  pthread_sigmask(SIG_SETMASK, &previous, nil)
  guard let made else { throw cannotWrite(shown, madeError) }
  defer { removeOnSignal(nil) }
  let fd = made.fd
  // The lock on the temporary file (see Temporaries.swift) is held through
  // a second descriptor until it is in place, so that no other run takes
  // it for one left behind between the close and the rename; an unnamed
  // file is linked through it.
  let lock = dup(fd)
  defer { if lock >= 0 { close(lock) } }
  guard lock >= 0 || made.path != nil else {
    let why = errorText()
    close(fd)
    throw FileError(message: "cannot write '\(shown)': \(why)")
  }
  if let mode { fchmod(fd, mode) }
  var written: Bool?
  if case .result(let r) = result { written = writeByOffset(r, fd) }
  let ok = written ?? result.write { writeAll(fd, $0) }
  let why = ok ? errorText() : writeFailure()
  if close(fd) != 0 || !ok {
    if let temp = made.path { unlink(temp) }
    throw FileError(message: "cannot write '\(shown)': \(why)")
  }
  guard let temp = made.path else {
    pthread_sigmask(SIG_BLOCK, &handled, &previous)
    let code = linkIntoPlace(lock, folder: made.folder, at: path)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    if code != 0 { throw FileError(message: "cannot write '\(shown)': \(errorText(code))") }
    return
  }
  if rename(temp, path) != 0 {
    let why = errorText()
    unlink(temp)
    throw FileError(message: "cannot write '\(shown)': \(why)")
  }
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

/// Why a write through `writeAll` failed: the error it kept (the write may
/// have run on another thread, whose errno this one does not see).
func writeFailure() -> String {
  let code = writeError.value
  return errorText(code != 0 ? code : errno)
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
