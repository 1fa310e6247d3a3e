// `badgec preview`: one page on 127.0.0.1 that follows a badge file. One
// thread runs a poll(2) loop over the listening socket, the connections and
// a pipe that signals write to. Every 25 ms it looks at the files the badge
// read (their device, inode, size and modification time, and a small
// file's bytes), so a save in
// place, by renaming a temporary file over it or by deleting and
// re-creating it is seen alike; it then compiles again and pushes the new
// state to every open page as a server-sent event. Requests are bounded in
// size and time, only the page's own routes are served, a Host that is not
// the loopback is refused, and SIGINT or SIGTERM close every socket.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

/// Why the server could not start.
public struct PreviewError: Error {
  public var message: String
}

/// The preview server: the settings, the state last compiled and the open
/// connections.
public final class PreviewServer {
  let settings: PreviewSettings
  /// The listening socket and the port it is bound to.
  let listener: Int32
  public let port: Int
  var snapshot: PreviewSnapshot
  /// The last snapshot that compiled (its images stay on the page, dimmed,
  /// while the file has errors).
  var lastGood: PreviewSnapshot?
  var connections: [Int32: Connection] = [:]
  /// The versions of the watched files when last compiled.
  var versions: [String: [UInt64]?] = [:]
  var nextVersion = 1

  /// The most connections open at once; more are closed as they come.
  static let maximumConnections = 64
  /// How long a request may take to arrive, in milliseconds.
  static let requestTimeout = 5_000
  /// How often an idle event stream is sent a comment, in milliseconds.
  static let pingInterval = 15_000
  /// How often the files are looked at, in milliseconds.
  static let watchInterval: Int32 = 25
  /// The most bytes waiting to be sent to one connection (a page that
  /// reads nothing is dropped past it).
  static let maximumPending = 32 << 20

  /// One open connection: what it sent so far, what waits to be sent, and
  /// whether it is an event stream (kept open) or closes once sent.
  struct Connection {
    var input: [UInt8] = []
    var output: [UInt8] = []
    var sent = 0
    var stream = false
    var responded = false
    /// When it was accepted (ms, monotonic).
    var opened: Int
  }

  /// Binds 127.0.0.1:`port` (0: a free port) and compiles the file once.
  public init(_ settings: PreviewSettings, port: Int) throws(PreviewError) {
    self.settings = settings
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw PreviewError(message: "cannot open a socket: \(errorText())") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let why = errorText()
      close(fd)
      throw PreviewError(message: "cannot listen on 127.0.0.1:\(port): \(why)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    var actual = sockaddr_in()
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.listener = fd
    self.port = Int(UInt16(bigEndian: actual.sin_port))
    setNonBlocking(fd)
    snapshot = PreviewState.make(settings, version: 0)
    remember([settings.path])
    nextVersion = 0
    compile()
  }

  /// The page's address.
  public var url: String { "http://127.0.0.1:\(port)/" }

  /// Serves until SIGINT or SIGTERM, then closes every socket.
  public func run() {
    installStopHandlers()
    var lastWatch = now()
    var lastPing = lastWatch
    while stopRequested == 0 {
      var fds = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.0, events: Int16(POLLIN), revents: 0),
      ]
      for (fd, c) in connections {
        var events = Int16(POLLIN)
        if c.sent < c.output.count { events |= Int16(POLLOUT) }
        fds.append(pollfd(fd: fd, events: events, revents: 0))
      }
      _ = poll(&fds, nfds_t(fds.count), PreviewServer.watchInterval)
      if stopRequested != 0 { break }
      if fds[0].revents & Int16(POLLIN) != 0 { acceptAll() }
      for p in fds.dropFirst(2) where p.revents != 0 {
        if p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { readFrom(p.fd) }
        if connections[p.fd] != nil && p.revents & Int16(POLLOUT) != 0 { flush(p.fd) }
      }
      let t = now()
      expireSlowRequests(t)
      if t - lastPing >= PreviewServer.pingInterval {
        // A comment line keeps idle streams open through proxies and finds
        // pages that went away.
        lastPing = t
        for (fd, c) in connections where c.stream { send(Array(": ping\n\n".utf8), to: fd) }
      }
      if t - lastWatch >= Int(PreviewServer.watchInterval) {
        lastWatch = t
        if changed() { reload() }
      }
    }
    for fd in connections.keys { close(fd) }
    connections = [:]
    close(listener)
  }

  // MARK: Files

  /// Keeps the versions of `paths` as they are now.
  func remember(_ paths: [String]) {
    versions = [:]
    for p in paths { versions[p] = PreviewServer.version(of: p) }
  }

  /// Whether any watched file changed (or appeared, or went) since.
  func changed() -> Bool {
    versions.contains { path, version in PreviewServer.version(of: path) != version }
  }

  /// The files smaller than this are looked at whole (badge files), the
  /// others (fonts) by their metadata only.
  static let hashedSize = 1 << 20

  /// What tells a file's versions apart: its device, inode, size and
  /// modification time, and for a small file a hash of its bytes too (two
  /// saves of one size within one tick of the file system's clock keep
  /// the same time).
  static func version(of path: String) -> [UInt64]? {
    guard var v = FileSystem.version(of: path) else { return nil }
    if v.count > 2 && v[2] < UInt64(hashedSize), let bytes = try? FileSystem.contents(of: path, limit: hashedSize) {
      var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
      for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
      v.append(h)
    }
    return v
  }

  /// Compiles again and pushes the new state to every page.
  func reload() {
    // An editor may write a file in several steps: wait until it has
    // stood still for a moment.
    var before = versions.keys.map { PreviewServer.version(of: $0) }
    for _ in 0..<10 {
      usleep(5_000)
      let after = versions.keys.map { PreviewServer.version(of: $0) }
      if after == before { break }
      before = after
    }
    compile()
    let event = Array("event: update\ndata: \(snapshot.json)\n\n".utf8)
    for (fd, c) in connections where c.stream { send(event, to: fd) }
  }

  /// Compiles the file, and keeps the versions of the files it read as
  /// they were before they were read: a save while it compiles is seen
  /// next time. A file it read for the first time (a new import) is
  /// compiled again once its version is known, so that a save of it just
  /// after it was first read is not lost.
  func compile() {
    for _ in 0..<3 {
      var before: [String: [UInt64]?] = [:]
      for p in versions.keys { before[p] = PreviewServer.version(of: p) }
      snapshot = PreviewState.make(settings, version: nextVersion)
      // While it has errors, what it imported is still watched.
      let watched = snapshot.ok ? snapshot.watched : Array(Set(snapshot.watched + versions.keys))
      let new = watched.filter { before[$0] == nil }
      versions = [:]
      for p in watched { versions[p] = before[p] ?? PreviewServer.version(of: p) }
      if new.isEmpty { break }
    }
    nextVersion += 1
    if snapshot.ok { lastGood = snapshot }
  }

  // MARK: Connections

  func acceptAll() {
    while true {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else { return }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      setNonBlocking(fd)
      if connections.count >= PreviewServer.maximumConnections {
        // Full: the oldest connection still sending its request makes
        // room (many opened and left idle cannot lock the page out).
        let waiting = connections.filter { !$0.value.responded }.min { $0.value.opened < $1.value.opened }
        guard let oldest = waiting?.key else {
          close(fd)
          continue
        }
        drop(oldest)
      }
      var yes: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      connections[fd] = Connection(opened: now())
    }
  }

  func readFrom(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let n = recv(fd, &buffer, buffer.count, 0)
    guard n > 0 else {
      if n == 0 || (errno != EAGAIN && errno != EINTR) { drop(fd) }
      return
    }
    guard var c = connections[fd] else { return }
    // After its request, a connection has nothing more to say.
    if c.responded { return }
    c.input += buffer[..<n]
    connections[fd] = c
    if let end = HTTP.headEnd(c.input) {
      respond(fd, c.input[..<end])
    } else if c.input.count > HTTP.maximumHead {
      finish(fd, HTTP.error(431, "the request head is larger than \(HTTP.maximumHead >> 10) KiB"))
    }
  }

  /// Closes requests that have not arrived in time.
  func expireSlowRequests(_ t: Int) {
    for (fd, c) in connections where !c.responded && t - c.opened > PreviewServer.requestTimeout {
      finish(fd, HTTP.error(408, "the request took too long"))
    }
  }

  /// Queues `bytes` for `fd` and sends what the socket takes now.
  func send(_ bytes: [UInt8], to fd: Int32) {
    guard var c = connections[fd] else { return }
    if c.sent > 0 {
      c.output.removeFirst(c.sent)
      c.sent = 0
    }
    guard c.output.count + bytes.count <= PreviewServer.maximumPending else { return drop(fd) }
    c.output += bytes
    connections[fd] = c
    flush(fd)
  }

  /// Sends the last response and closes once it is sent.
  func finish(_ fd: Int32, _ response: [UInt8]) {
    guard var c = connections[fd] else { return }
    c.responded = true
    c.stream = false
    connections[fd] = c
    send(response, to: fd)
  }

  func flush(_ fd: Int32) {
    guard var c = connections[fd] else { return }
    while c.sent < c.output.count {
      let n = c.output.withUnsafeBytes { raw in
        Glibc.send(fd, raw.baseAddress! + c.sent, c.output.count - c.sent, Int32(MSG_NOSIGNAL))
      }
      if n < 0 {
        if errno == EAGAIN || errno == EINTR { break }
        return drop(fd)
      }
      c.sent += n
    }
    connections[fd] = c
    if c.sent == c.output.count && c.responded && !c.stream { drop(fd) }
  }

  func drop(_ fd: Int32) {
    guard connections.removeValue(forKey: fd) != nil else { return }
    close(fd)
  }

  // MARK: Routes

  /// Answers one request head.
  func respond(_ fd: Int32, _ head: ArraySlice<UInt8>) {
    let request: HTTPRequest
    do throws(HTTPRefusal) { request = try HTTP.parse(head) } catch {
      return finish(fd, HTTP.error(error.status, error.reason))
    }
    guard HTTP.isLoopback(request.host, port: port) else {
      return finish(fd, HTTP.error(403, "this preview answers only to 127.0.0.1 and localhost"))
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return finish(fd, HTTP.error(405, "only GET and HEAD", extra: [("Allow", "GET, HEAD")]))
    }
    guard request.contentLength == 0 && !request.chunked else {
      return finish(fd, HTTP.error(413, "requests have no body here"))
    }
    let head = request.method == "HEAD"
    switch request.path {
    case "/":
      finish(fd, HTTP.response(200, type: "text/html; charset=utf-8", body: Array(previewPage.utf8), head: head))
    case "/state":
      finish(fd, HTTP.response(200, type: "application/json", body: Array(stateJSON.utf8), head: head))
    case "/events":
      var c = connections[fd]!
      c.responded = true
      c.stream = !head
      connections[fd] = c
      var text = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      text += "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
      if head { return finish(fd, Array(text.utf8)) }
      text += "retry: 500\n\nevent: update\ndata: \(stateJSON)\n\n"
      send(Array(text.utf8), to: fd)
    case "/png":
      let good = lastGood
      guard let i = request.parameter("i").flatMap({ Int($0) }), let good, i >= 0, i < good.pngs.count else {
        return finish(fd, HTTP.error(404, "no such image"))
      }
      finish(fd, HTTP.response(200, type: "image/png", body: good.pngs[i], head: head))
    case "/favicon.ico":
      finish(fd, HTTP.response(204, type: "image/x-icon", body: [], head: head))
    default:
      finish(fd, HTTP.error(404, "the preview serves /, /state, /events and /png only"))
    }
  }

  /// The state for the page: the current snapshot, or, while the file has
  /// errors, the diagnostics with the last good picture's state beside
  /// them (`last`).
  var stateJSON: String {
    guard !snapshot.ok, let good = lastGood else { return snapshot.json }
    return String(snapshot.json.dropLast()) + ",\"last\":" + good.json + "}"
  }
}

// MARK: Signals

/// Set by SIGINT or SIGTERM; the loop ends when it sees it.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0
/// Written by the signal handler, so that poll wakes at once.
nonisolated(unsafe) private var stopPipe: (Int32, Int32) = (-1, -1)

private func installStopHandlers() {
  var fds: [Int32] = [0, 0]
  if pipe(&fds) == 0 {
    for fd in fds {
      setNonBlocking(fd)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    stopPipe = (fds[0], fds[1])
  }
  signal(SIGPIPE, SIG_IGN)
  // A parent may start the server with these blocked (Foundation's
  // Process does): unblocked, or nothing could stop it.
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, SIGINT)
  sigaddset(&set, SIGTERM)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  for s in [SIGINT, SIGTERM] {
    signal(s) { _ in
      stopRequested = 1
      var byte: UInt8 = 1
      _ = write(stopPipe.1, &byte, 1)
    }
  }
}

private func setNonBlocking(_ fd: Int32) { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

private func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Milliseconds of a monotonic clock.
private func now() -> Int {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
}
