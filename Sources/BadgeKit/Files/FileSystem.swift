// Files the library reads itself: imported badge files and font files. It
// takes a path and hands on bytes (a whole file, or ranges of an open
// one), or the names in a directory; nothing here writes. Only regular
// files are read (a named pipe, a device or a directory is an error, never
// waited on), and never more than a limit.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or directory that could not be read, with the reason as a
/// sentence fragment ("No such file or directory", "it is a directory").
public struct FileReadError: Error, Equatable, Sendable {
  public var reason: String

  public init(reason: String) { self.reason = reason }
}

/// What a path names.
public enum FileKind: Equatable, Sendable {
  case regular
  case directory
  /// A device, pipe or socket: never read.
  case other
}

/// What tells files apart whatever the path taken to them: the device and
/// the inode (links followed). Two paths with the same identity name the
/// same file or directory.
public struct FileIdentity: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64
}

/// What a path names, as `stat` tells it (links followed).
public struct FileInfo: Equatable, Sendable {
  public var kind: FileKind
  /// The size in bytes.
  public var size: Int
  /// The device holding the file and the file's number on it: together
  /// they name one file, whichever path reaches it.
  public var device: UInt64
  public var inode: UInt64
}

/// A regular file open for reading ranges of its bytes (a font's header
/// and a few of its tables, without reading the rest); closed when it
/// goes out of scope.
public struct OpenFile: ~Copyable {
  private let fd: Int32
  /// The file's size in bytes when it was opened.
  public let size: Int

  public init(_ path: String) throws(FileReadError) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw FileReadError(reason: reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw FileReadError(reason: info.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a regular file")
    }
    self.fd = fd
    self.size = Int(info.st_size)
  }

  deinit { close(fd) }

  /// The `count` bytes at byte `offset`, fewer where the file ends first.
  public func bytes(at offset: Int, count: Int) throws(FileReadError) -> [UInt8] {
    guard offset >= 0, count >= 0, offset <= size else { return [] }
    let wanted = min(count, size - offset)
    var bytes = [UInt8](repeating: 0, count: wanted)
    var done = 0
    while done < wanted {
      let n = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return pread(fd, base + done, wanted - done, off_t(offset + done))
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileReadError(reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }  // the file shrank while being read
      done += n
    }
    if done < wanted { bytes.removeLast(wanted - done) }
    return bytes
  }
}

/// Reading files and directories through the C library.
public enum FileSystem {
  /// What `path` names: its kind, size and identity; nil when it names
  /// nothing that can be reached.
  public static func info(of path: String) -> FileInfo? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind: FileKind
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    default: kind = .other
    }
    return FileInfo(kind: kind, size: Int(info.st_size), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// What `path` names (links followed), or nil when it names nothing
  /// that can be reached.
  public static func kind(of path: String) -> FileKind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The identity of what `path` names (links followed), or nil when it
  /// names nothing that can be reached.
  public static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// What tells one version of the file at `path` from another (links
  /// followed): its device, inode, size and time of last change, in
  /// nanoseconds. A file replaced, even by one reusing the inode, has
  /// another version. Nil when `path` names nothing.
  public static func version(of path: String) -> [UInt64]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let v = version(info)
    return [v.0, v.1, v.2, v.3, v.4]
  }

  /// Whether `path` has version `version` (`[]`: names nothing), without
  /// making an array of its version.
  public static func has(_ path: String, version: [UInt64]) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return version.isEmpty }
    let v = FileSystem.version(info)
    return version.count == 5 && version[0] == v.0 && version[1] == v.1 && version[2] == v.2
      && version[3] == v.3 && version[4] == v.4
  }

  /// The version in `info`: device, inode, size, and modification time in
  /// seconds and nanoseconds.
  private static func version(_ info: stat) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
    #if canImport(Glibc)
      let changed = info.st_mtim
    #else
      let changed = info.st_mtimespec
    #endif
    return (
      UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size), UInt64(bitPattern: Int64(changed.tv_sec)),
      UInt64(changed.tv_nsec)
    )
  }

  /// The whole of the regular file `path`, at most `limit` bytes.
  public static func contents(of path: String, limit: Int) throws(FileReadError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw FileReadError(reason: errorText(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileReadError(reason: errorText(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileReadError(reason: "it is a directory")
    default: throw FileReadError(reason: "it is not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= limit else { throw FileReadError(reason: "it holds more than \(limit >> 20) MiB") }
    // Read straight into the array's storage (not zeroed first: a font is
    // most of a megabyte, read at every start).
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      var done = 0
      while done < size {
        let n = read(fd, buffer.baseAddress! + done, size - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 { break }  // the file shrank while being read
        done += n
      }
      count = done
    }
    if failure != 0 { throw FileReadError(reason: errorText(failure)) }
    return bytes
  }

  /// The names in directory `path` (without "." and ".."), sorted by
  /// their bytes so that every walk sees them in the same order.
  public static func entries(of path: String) throws(FileReadError) -> [String] {
    try typedEntries(of: path).map(\.name)
  }

  /// The names in directory `path` as `entries(of:)` gives them, each with
  /// its kind when the listing tells it without a look at the entry (a
  /// regular file, a directory or something else); nil for a link (which
  /// may lead anywhere) or when the file system does not say.
  public static func typedEntries(of path: String) throws(FileReadError) -> [(name: String, kind: FileKind?)] {
    guard let dir = opendir(path) else { throw FileReadError(reason: errorText(errno)) }
    defer { closedir(dir) }
    var found: [(name: String, kind: FileKind?)] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      // d_type: 4 a directory, 8 a regular file, 10 a link, 0 not known.
      let kind: FileKind?
      switch entry.pointee.d_type {
      case 4: kind = .directory
      case 8: kind = .regular
      case 0, 10: kind = nil
      default: kind = .other
      }
      found.append((name, kind))
    }
    return found.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
  }

  /// Makes the folder `path` and those above it that are missing, with
  /// `mode` (less the umask); true when it is a folder afterwards.
  public static func makeFolders(_ path: String, mode: mode_t) -> Bool {
    if kind(of: path) == .directory { return true }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if kind(of: prefix) != .directory && mkdir(prefix, mode) != 0 && errno != EEXIST { return false }
      prefix += "/"
    }
    return kind(of: path) == .directory
  }

  /// The value of environment variable `name`, if set.
  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// `path` joined onto directory `directory` ("" or "." stand for the
  /// current directory; an absolute `path` stays as it is).
  public static func join(_ directory: String, _ path: String) -> String {
    if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  /// The directory part of `path` ("." when it has none).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
