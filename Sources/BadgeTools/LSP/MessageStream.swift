// The Language Server Protocol's framing: bytes from a file descriptor in
// (`Content-Length: N`, other headers, a blank line, N bytes of JSON), each
// message's body out; and bodies back out with their header. Bounded: a
// header section longer than `maximumHeader`, or a body longer than
// `maximumBody`, ends the stream (nothing could be read after it).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads framed messages from a descriptor.
struct MessageReader {
  /// What reading gave.
  enum Next: Equatable {
    /// One message's body.
    case message([UInt8])
    /// The input ended between messages.
    case end
    /// The input cannot be read as messages any further: why.
    case broken(String)
  }

  /// The largest header section, in bytes.
  static let maximumHeader = 8192
  /// The largest body, in bytes (a 64 MiB badge file, written as JSON).
  static let maximumBody = 80 << 20

  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Reads more bytes into the buffer; false at the end of the input.
  private mutating func fill() -> Bool {
    if start > 0 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n > 0 {
        buffer += chunk[0..<n]
        return true
      }
      if n < 0 && errno == EINTR { continue }
      return false
    }
  }

  /// Whether more input is already there: a message (or the start of
  /// one) read but not handed on, or bytes waiting on the descriptor.
  var hasMore: Bool {
    if buffer.count > start { return true }
    var p = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&p, 1, 0) > 0 && p.revents & Int16(POLLIN) != 0
  }

  /// The next message.
  mutating func next() -> Next {
    // The header section, up to its blank line.
    var length: Int?
    while true {
      if let end = headerEnd() {
        let header = buffer[start..<end]
        start = end + 4
        switch MessageReader.contentLength(header) {
        case .success(let n): length = n
        case .failure(let error): return .broken(error.why)
        }
        break
      }
      if buffer.count - start > MessageReader.maximumHeader {
        return .broken("a header section of more than \(MessageReader.maximumHeader) bytes")
      }
      let had = buffer.count - start
      guard fill() else { return had == 0 ? .end : .broken("the input ended inside a header") }
    }
    guard let length else { return .broken("a message without Content-Length") }
    guard length <= MessageReader.maximumBody else {
      return .broken("a message of \(length) bytes (at most \(MessageReader.maximumBody))")
    }
    while buffer.count - start < length {
      guard fill() else { return .broken("the input ended inside a message") }
    }
    let body = Array(buffer[start..<start + length])
    start += length
    return .message(body)
  }

  /// Where the header section's blank line (`\r\n\r\n`) starts, if read.
  private func headerEnd() -> Int? {
    var i = start
    while i + 3 < buffer.count {
      if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A { return i }
      i += 1
    }
    return nil
  }

  /// Why a header section is wrong.
  struct HeaderError: Error {
    var why: String
  }

  /// The Content-Length a header section gives (names compared without
  /// case; other headers, such as Content-Type, ignored).
  static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderError> {
    var length: Int?
    for line in header.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let text = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":") else {
        return .failure(HeaderError(why: "a header line without ':' (\(text.prefix(40)))"))
      }
      let name = text[..<colon].lowercased()
      let value = text[text.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard value.count <= 12, let n = Int(value), n >= 0 else {
          return .failure(HeaderError(why: "a Content-Length that is not a length (\(value.prefix(40)))"))
        }
        length = n
      }
    }
    guard let length else { return .failure(HeaderError(why: "a message without Content-Length")) }
    return .success(length)
  }
}

/// Writes framed messages to a descriptor.
struct MessageWriter {
  let descriptor: Int32

  /// Writes `body` with its header; false when the output is gone.
  @discardableResult
  func send(_ body: JSON) -> Bool {
    let bytes = Array(body.text.utf8)
    let message = Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    var sent = 0
    while sent < message.count {
      let n = message[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      sent += n
    }
    return true
  }
}
