// `badgec preview` as its users and its attackers meet it: the real
// command started as a process, driven over its socket, stopped with a
// signal. And the page in a real browser (Browser/preview_session.py, in
// headless Chromium through Selenium).
import Foundation
import Testing

@testable import BadgeTools

#if canImport(Glibc)
  import Glibc
#endif

/// A running `badgec preview`.
final class PreviewProcess {
  let process = Process()
  let port: Int
  let folder: URL
  let badge: URL

  init(_ text: String) throws {
    folder = try Support.temporaryFolder()
    badge = folder.appendingPathComponent("b.badge")
    try text.write(to: badge, atomically: true, encoding: .utf8)
    process.executableURL = Support.badgec
    process.arguments = ["preview", badge.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(10) {
      let byte = out.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { break }
      line += byte
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let colon = text.range(of: "127.0.0.1:"), let end = text[colon.upperBound...].firstIndex(of: "/"),
      let port = Int(text[colon.upperBound..<end])
    else { throw PreviewFailure(text) }
    self.port = port
  }

  deinit {
    if process.isRunning {
      process.terminate()
      // A server stopped in the middle of a long compilation is killed.
      for _ in 0..<100 where process.isRunning { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Sends `bytes` and reads until the server closes (or `limit` bytes, or
  /// 5 s).
  func exchange(_ bytes: [UInt8], limit: Int = 1 << 22) -> [UInt8] {
    let fd = connectTo(port)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while out.count < limit {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n <= 0 { break }
      out += buffer[..<n]
    }
    return out
  }

  func get(_ path: String, host: String? = nil, extra: String = "") -> String {
    let h = host ?? "127.0.0.1:\(port)"
    return String(decoding: exchange(Array("GET \(path) HTTP/1.1\r\nHost: \(h)\r\n\(extra)\r\n".utf8)), as: UTF8.self)
  }

  /// The state's JSON.
  func state() throws -> [String: Any] {
    let response = get("/state")
    guard let body = response.range(of: "\r\n\r\n") else { throw PreviewFailure(response) }
    return try JSONSerialization.jsonObject(with: Data(response[body.upperBound...].utf8)) as? [String: Any] ?? [:]
  }

  /// Waits up to 5 s for the state to satisfy `condition`.
  func waitFor(_ condition: ([String: Any]) -> Bool) throws -> Bool {
    for _ in 0..<250 {
      if condition(try state()) { return true }
      usleep(20_000)
    }
    return false
  }
}

struct PreviewFailure: Error {
  var text: String
  init(_ text: String) { self.text = text }
}

/// A socket connected to 127.0.0.1:`port` (with a 5 s receive timeout), or -1.
func connectTo(_ port: Int) -> Int32 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  let ok = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  guard ok == 0 else {
    close(fd)
    return -1
  }
  var timeout = timeval(tv_sec: 5, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  return fd
}

/// Whether 127.0.0.1:`port` can be bound (nothing listens there).
func portIsFree(_ port: Int) -> Bool {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(fd) }
  var yes: Int32 = 1
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  } == 0
}

@Suite(.serialized) struct PreviewServerTests {
  static let badge = "badge B size 40 { circle().fill(red) }\n"

  @Test func requestHeadsAreReadStrictly() throws {
    let ok = try HTTP.parse(ArraySlice("GET /png?i=2&v=7 HTTP/1.1\r\nHost: LocalHost:80\r\n\r\n".utf8))
    #expect(ok.path == "/png" && ok.parameter("i") == "2" && ok.host == "localhost:80")
    for bad in [
      "GET / HTTP/1.1\r\n\r\n", "GET /\r\nHost: x\r\n\r\n", "get / HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET http://evil/ HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/2\r\nHost: x\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET / HTTP/1.1\r\nHost x\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    ] {
      #expect(throws: HTTPRefusal.self, "\(bad)") { try HTTP.parse(ArraySlice(bad.utf8)) }
    }
    #expect(HTTP.isLoopback("127.0.0.1:8080", port: 8080) && HTTP.isLoopback("localhost", port: 1))
    #expect(HTTP.isLoopback("[::1]:9", port: 9))
    for foreign in ["evil.example", "127.0.0.1.nip.io:80", "localhost:81", "127.0.0.2:80", "localhost.evil:80"] {
      #expect(!HTTP.isLoopback(foreign, port: 80), "\(foreign)")
    }
  }

  @Test func servesOnlyItsOwnRoutes() throws {
    let server = try PreviewProcess(PreviewServerTests.badge)
    let page = server.get("/")
    #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n") && page.contains("EventSource"))
    for path in [
      "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/b.badge", "//etc/passwd", "/png?i=../../etc/passwd",
      "/state/../../etc/passwd", "/png?i=99",
    ] {
      let r = server.get(path)
      #expect(r.hasPrefix("HTTP/1.1 404 "), "\(path): \(r.prefix(40))")
      #expect(!r.contains("root:") && !r.contains("circle()"), "\(path)")
    }
    #expect(server.get("/", host: "evil.example").hasPrefix("HTTP/1.1 403 "))
    #expect(server.get("/", host: "127.0.0.1.nip.io:\(server.port)").hasPrefix("HTTP/1.1 403 "))
    #expect(server.get("/", host: "localhost:\(server.port)").hasPrefix("HTTP/1.1 200 "))
    let post = String(
      decoding: server.exchange(Array("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc".utf8)),
      as: UTF8.self)
    #expect(post.hasPrefix("HTTP/1.1 405 "))
    let huge = server.get("/", extra: "X-Junk: " + String(repeating: "a", count: 40_000) + "\r\n")
    #expect(huge.hasPrefix("HTTP/1.1 431 "), "\(huge.prefix(40))")
    let junk = String(
      decoding: server.exchange((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 37) } + [13, 10, 13, 10]),
      as: UTF8.self)
    #expect(junk.hasPrefix("HTTP/1.1 400 "))
    let png = server.exchange(Array("GET /png?i=0 HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
    #expect(String(decoding: png.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
    // 100 connections opened and dropped, some half way through a request.
    for k in 0..<100 {
      let fd = connectTo(server.port)
      if k % 2 == 0 { _ = send(fd, "GET /sta", 8, Int32(MSG_NOSIGNAL)) }
      close(fd)
    }
    #expect(server.get("/").hasPrefix("HTTP/1.1 200 "))
    #expect(server.process.isRunning)
  }

  @Test func followsTheFileAndStopsOnSignals() throws {
    let server = try PreviewProcess(PreviewServerTests.badge)
    #expect(try server.state()["ok"] as? Bool == true)
    // An open event stream receives the first state at once.
    let stream = connectTo(server.port)
    defer { close(stream) }
    let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    _ = send(stream, request, request.utf8.count, Int32(MSG_NOSIGNAL))
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var seen = ""
    while !seen.contains("\"version\":0") {
      let n = recv(stream, &buffer, buffer.count, 0)
      guard n > 0 else { break }
      seen += String(decoding: buffer[..<n], as: UTF8.self)
    }
    #expect(seen.contains("text/event-stream") && seen.contains("event: update"))
    // Broken: the diagnostics, and the last good picture kept.
    try "badge B size 40 { circle(.fill(red) }\n".write(to: server.badge, atomically: false, encoding: .utf8)
    #expect(try server.waitFor { $0["ok"] as? Bool == false && $0["last"] != nil })
    let broken = try server.state()
    #expect((broken["diagnostics"] as? String)?.contains("b.badge:1:") == true)
    // Deleted, then re-created by a rename.
    try FileManager.default.removeItem(at: server.badge)
    #expect(try server.waitFor { ($0["diagnostics"] as? String)?.contains("cannot read") == true })
    let temp = server.folder.appendingPathComponent("b.badge~")
    try "badge B size 50 { rect().fill(blue) }\n".write(to: temp, atomically: false, encoding: .utf8)
    rename(temp.path, server.badge.path)
    #expect(try server.waitFor { $0["ok"] as? Bool == true && ($0["width"] as? Double) == 50 })
    // The stream got every update, one line of data each.
    var more = ""
    var t = timeval(tv_sec: 0, tv_usec: 300_000)
    setsockopt(stream, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
    while true {
      let n = recv(stream, &buffer, buffer.count, 0)
      guard n > 0 else { break }
      more += String(decoding: buffer[..<n], as: UTF8.self)
    }
    #expect(more.contains("\"ok\":false") && more.contains("\"ok\":true"))
    #expect(
      more.split(separator: "\n").allSatisfy { $0.hasPrefix("data: {") || $0.hasPrefix("event: ") || $0.hasPrefix(":") }
    )
    // A compile that hits a limit leaves the server running.
    try "badge B { repeat 10000 { repeat 10000 { circle() } } }\n".write(
      to: server.badge, atomically: false, encoding: .utf8)
    #expect(try server.waitFor { $0["ok"] as? Bool == false })
    #expect(server.process.isRunning)
    // SIGTERM while a stream is open and a save is being pushed.
    try "badge B size 60 { circle() }\n".write(to: server.badge, atomically: false, encoding: .utf8)
    server.process.terminate()
    for _ in 0..<250 where server.process.isRunning { usleep(20_000) }
    #expect(!server.process.isRunning)
    #expect(server.process.terminationStatus == 0)
    #expect(portIsFree(server.port))
  }

  /// The page in headless Chromium: a new user's loop (see the script).
  @Test(.timeLimit(.minutes(2))) func aUsersLoopInARealBrowser() throws {
    guard let python = Support.tool("python3"), let _ = Support.tool("chromium"), let _ = Support.tool("chromedriver")
    else { return }
    let check = try Support.run(python, ["-c", "import selenium"])
    if check.status != 0 {
      if Support.isCI { Issue.record("selenium is missing; .ci/run should install it") }
      return
    }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(contentsOf: Support.url("samples/landmark.badge")).write(to: dir.appendingPathComponent("landmark.badge"))
    let run = try Support.run(
      python, [Support.url("Tests/BadgeKitTests/Browser/preview_session.py").path, Support.badgec.path, dir.path])
    let out = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.status == 0, "\(out)\n\(run.stderr)")
    #expect(out.contains("ok: SIGTERM stops the server"), "\(out)")
    print(out.split(separator: "\n").last ?? "")
  }
}
