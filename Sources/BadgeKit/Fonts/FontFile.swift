// A font file read in parts: an open file in; its header and table
// directory, each table the font keeps, and the bytes of one glyph at a
// time out, each read when asked for (`pread`). A face drawing a few words
// reads the tables it needs and the glyphs it draws, not the whole file:
// most of a TrueType font is its 'glyf' table. A file that ends before
// what its directory says is an error where that part is read, never a
// fault (the file is read, not mapped, so a file cut short while in use
// cannot stop the process).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open font file, read by byte ranges. Shared by the threads that
/// draw with its font: `pread` keeps no position.
final class FontFile: Sendable {
  private let fd: Int32
  /// The file's size in bytes when it was opened.
  let size: Int

  /// Opens `path`: a regular file of at most `limit` bytes.
  init(_ path: String, limit: Int) throws(FileReadError) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
    var info = stat()
    var problem: String?
    if fstat(fd, &info) != 0 {
      problem = String(cString: strerror(errno))
    } else if info.st_mode & S_IFMT == S_IFDIR {
      problem = "it is a directory"
    } else if info.st_mode & S_IFMT != S_IFREG {
      problem = "it is not a regular file"
    } else if Int(info.st_size) > limit {
      problem = "it holds more than \(limit >> 20) MiB"
    }
    if let problem {
      close(fd)
      throw FileReadError(reason: problem)
    }
    self.fd = fd
    self.size = Int(info.st_size)
  }

  deinit { close(fd) }

  /// The `count` bytes at `offset`, nil when the file does not hold them
  /// all (it ends first, or cannot be read).
  func bytes(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        done += n
      }
      failed = done < count
      initialized = done
    }
    return failed ? nil : bytes
  }
}

/// The 'glyf' table of a face: bytes in memory, or a range of a font file
/// whose glyphs are read one at a time.
enum GlyphTable: Sendable {
  case bytes(FontBytes)
  case file(FontFile, offset: Int, count: Int)

  /// The `length` bytes at `offset` in the table, nil when they are not
  /// all inside (or the file no longer holds them).
  func range(_ offset: Int, _ length: Int) -> FontBytes? {
    switch self {
    case .bytes(let b): return b.range(offset, length)
    case .file(let file, let start, let count):
      guard offset >= 0, length >= 0, offset <= count, length <= count - offset,
        let bytes = file.bytes(at: start + offset, count: length)
      else { return nil }
      return FontBytes(bytes)
    }
  }
}
