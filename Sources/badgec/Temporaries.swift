// The temporary files badgec writes a regular output through: a folder in,
// a file to write out, and at the end that file put in the output's place.
// On Linux the file has no name while it is written (`O_TMPFILE`): a run
// killed by SIGKILL, or crashed, leaves nothing, and its space is freed at
// once. It is linked into place through /proc when done: directly when the
// output does not exist yet, else under a temporary name renamed over the
// output. Where the file system cannot make such files (or /proc is not
// there), the file is named beside the output from the start, and the ones
// earlier runs left behind in that folder are removed first: each run holds
// an exclusive `flock` on its temporary file from just after making it
// until it is renamed into place, so a temporary file that no one holds is
// one left behind; one being written is never touched.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The letters and digits of a temporary file's random part.
let temporaryLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
/// What every temporary file's name starts with.
let temporaryPrefix = Array(".badgec-".utf8)

/// A temporary file open for writing: `fd`, and `path` when it has a name
/// (nil: a file with no name yet, in `folder`).
struct Temporary {
  /// The descriptor the output is written through, locked (`flock`).
  let fd: Int32
  /// The file's name, nil while it has none.
  let path: String?
  /// The output's folder, with its final "/" ("" for the current one).
  let folder: String
}

/// A new, empty file in the folder of `path`, with permissions 0666 less
/// the umask, locked (`flock`) for as long as a descriptor of it is open:
/// one with no name where the system can make it, else one named
/// `.badgec-` and six random letters and digits (short whatever the length
/// of `path`'s own name), made only if nothing has that name, after
/// removing those that earlier runs left in the folder. Nil on error, with
/// `errno` set.
func temporaryFile(beside path: String) -> Temporary? {
  let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
  if let fd = unnamedFile(in: folder) { return Temporary(fd: fd, path: nil, folder: folder) }
  removeLeftTemporaries(in: folder)
  guard let (fd, name) = namedFile(in: folder) else { return nil }
  return Temporary(fd: fd, path: name, folder: folder)
}

/// A locked file with no name in `folder`, that `/proc` can link into
/// place; nil where the system makes none (another system, a file system
/// without `O_TMPFILE`, no /proc) or `BADGEC_NAMED_TEMPORARIES` is set.
func unnamedFile(in folder: String) -> Int32? {
  #if os(Linux)
    guard getenv("BADGEC_NAMED_TEMPORARIES") == nil else { return nil }
    // Glibc's O_TMPFILE is a macro of macros, which Swift does not import.
    let fd = open(folder.isEmpty ? "." : folder, 0o20000000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return nil }
    guard access(procPath(fd), F_OK) == 0 else {
      close(fd)
      return nil
    }
    // Locked, so that a run writing through named files never takes it
    // for one left behind in the moment it has a temporary name.
    flock(fd, LOCK_EX)
    return fd
  #else
    return nil
  #endif
}

/// The path in /proc through which the file open as `fd` can be linked.
func procPath(_ fd: Int32) -> String { "/proc/self/fd/\(fd)" }

/// A new file in `folder` named `.badgec-` and six random letters and
/// digits, made only if no file or link has that name, with permissions
/// 0666 less the umask, and locked. Nil on error, with `errno` set.
func namedFile(in folder: String) -> (fd: Int32, path: String)? {
  for _ in 0..<100 {
    let temp = randomName(in: folder)
    let fd = open(temp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
      if errno != EEXIST { return nil }
      continue
    }
    // Where the file system has no locks, no other run can take the file
    // either.
    guard flock(fd, LOCK_EX) == 0 else { return (fd, temp) }
    // Another run may have taken the file for one left behind in the
    // moment before it was locked: then it is gone, and another is made.
    var info = stat()
    if fstat(fd, &info) == 0, info.st_nlink > 0 { return (fd, temp) }
    close(fd)
  }
  errno = EEXIST
  return nil
}

/// `folder` followed by `.badgec-` and six random letters and digits.
func randomName(in folder: String) -> String {
  var random = SystemRandomNumberGenerator()
  let name = String(decoding: (0..<6).map { _ in temporaryLetters.randomElement(using: &random)! }, as: UTF8.self)
  return folder + ".badgec-" + name
}

/// Puts the unnamed file open as `fd` (written, and locked) in `folder`
/// at `path`: linked there when nothing has that name, else linked under
/// a temporary name and renamed over `path`. Called with the handled
/// signals blocked, so that none can find the temporary name made and
/// not yet renamed. 0, or the error.
func linkIntoPlace(_ fd: Int32, folder: String, at path: String) -> Int32 {
  let source = procPath(fd)
  if linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 { return 0 }
  guard errno == EEXIST else { return errno }
  for _ in 0..<100 {
    let temp = randomName(in: folder)
    guard linkat(AT_FDCWD, source, AT_FDCWD, temp, AT_SYMLINK_FOLLOW) == 0 else {
      if errno != EEXIST { return errno }
      continue
    }
    guard rename(temp, path) == 0 else {
      let code = errno
      unlink(temp)
      return code
    }
    return 0
  }
  return EEXIST
}

/// Removes the temporary files of badgec's that earlier runs left in
/// `folder` ("" for the current one): named as `namedFile` names them,
/// regular, this user's, and locked by no running badgec. Whatever cannot
/// be opened, locked or removed is left as it is.
func removeLeftTemporaries(in folder: String) {
  guard let dir = opendir(folder.isEmpty ? "." : folder) else { return }
  defer { closedir(dir) }
  let me = geteuid()
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      Array(raw.prefix { $0 != 0 })
    }
    guard isTemporaryName(name) else { continue }
    let path = folder + String(decoding: name, as: UTF8.self)
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { continue }
    defer { close(fd) }
    var held = stat()
    var named = stat()
    guard fstat(fd, &held) == 0, held.st_mode & S_IFMT == S_IFREG, held.st_uid == me,
      flock(fd, LOCK_EX | LOCK_NB) == 0,
      // Still the file of that name (not one made since under it).
      lstat(path, &named) == 0, named.st_dev == held.st_dev, named.st_ino == held.st_ino
    else { continue }
    unlink(path)
  }
}

/// Whether `name` is `.badgec-` and six letters and digits.
func isTemporaryName(_ name: [UInt8]) -> Bool {
  name.count == temporaryPrefix.count + 6 && name.starts(with: temporaryPrefix)
    && name.dropFirst(temporaryPrefix.count).allSatisfy { temporaryLetters.contains($0) }
}
