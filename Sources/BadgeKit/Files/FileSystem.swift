// Files the library reads itself: imported badge files and font files. It
// takes a path and hands on bytes, or the names in a directory; nothing
// here writes. Only regular files are read (a named pipe, a device or a
// directory is an error, never waited on), and never more than a limit.
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
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileReadError(reason: errorText(errno))
      }
      if n == 0 { break }  // the file shrank while being read
      done += n
    }
    if done < size { bytes.removeLast(size - done) }
    return bytes
  }

  /// The names in directory `path` (without "." and ".."), sorted by
  /// their bytes so that every walk sees them in the same order.
  public static func entries(of path: String) throws(FileReadError) -> [String] {
    guard let dir = opendir(path) else { throw FileReadError(reason: errorText(errno)) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
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
