// The temporary files badgec writes a regular output through: a folder in,
// a new file beside the output out, and the ones earlier runs left behind
// in that folder (killed by SIGKILL, or crashed: nothing can clean up
// then) removed first. Each run holds an exclusive `flock` on its own
// temporary file from just after making it until it is renamed into
// place, so a temporary file that no one holds is one left behind, and is
// removed by the next run writing into its folder; one being written is
// never touched.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The letters and digits of a temporary file's random part.
let temporaryLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
/// What every temporary file's name starts with.
let temporaryPrefix = Array(".badgec-".utf8)

/// A new, empty file in the folder of `path`, named `.badgec-` and six
/// random letters and digits: short whatever the length of `path`'s own
/// name. Created only if no file or link has that name, with permissions
/// 0666 less the umask, and locked (`flock`) for as long as a descriptor
/// of it is open. Those that earlier runs left in the folder are removed
/// first. Nil on error, with `errno` set.
func temporaryFile(beside path: String) -> (fd: Int32, path: String)? {
  let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
  removeLeftTemporaries(in: folder)
  var random = SystemRandomNumberGenerator()
  for _ in 0..<100 {
    let name = String(decoding: (0..<6).map { _ in temporaryLetters.randomElement(using: &random)! }, as: UTF8.self)
    let temp = folder + ".badgec-" + name
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

/// Removes the temporary files of badgec's that earlier runs left in
/// `folder` ("" for the current one): named as `temporaryFile` names
/// them, regular, this user's, and locked by no running badgec. Whatever
/// cannot be opened, locked or removed is left as it is.
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
