// The language server's JSON: what RFC 8259 allows is read (and written
// back as compact text), what it does not is refused with where and why,
// nesting is bounded, and the framing's Content-Length is read strictly.
import Testing

@testable import BadgeTools

@Suite struct JSONTests {
  static func parse(_ text: String) -> JSON? { try? JSON.parse(Array(text.utf8)) }

  @Test func readsAndWritesBack() throws {
    let cases: [(String, String)] = [
      (
        #" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}} "#,
        #"{"a":[1,-2.5,300,true,false,null],"b":{"c":"d"}}"#
      ),
      (#""tab\tquote\"slash\/u\u00e9 pair\ud83d\ude00""#, #""tab\tquote\"slash/ué pair😀""#),
      (#""\u0001\u2028""#, #""\u0001\u2028""#),
      ("[]", "[]"), ("{}", "{}"), ("0", "0"), ("-0.5", "-0.5"), ("1E-2", "0.01"),
    ]
    for (input, output) in cases {
      let value = try JSON.parse(Array(input.utf8))
      #expect(value.text == output, "\(input)")
      #expect(try JSON.parse(Array(value.text.utf8)) == value)
    }
    let object = try #require(JSONTests.parse(#"{"id": 7, "id": 8, "s": "x"}"#))
    #expect(object["id"]?.integer == 8)
    #expect(object["s"]?.string == "x")
    #expect(object["none"] == nil)
  }

  @Test func refusesWhatTheRFCDoesNot() {
    let bad = [
      "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "-", "1e", "nul", "tru", "'a'", "\"a", "\"\\x\"",
      "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\u{1}b\"", "[1 2]", "{\"a\" 1}", "{1: 2}", "1 2",
      "// c\n1", "[1] x", "NaN", "Infinity", "1e400", "-1e999",
    ]
    for text in bad { #expect(JSONTests.parse(text) == nil, "\(text)") }
    // Invalid UTF-8 in a string.
    #expect((try? JSON.parse([0x22, 0xFF, 0x22])) == nil)
  }

  @Test func nestingIsBounded() {
    let ok = String(repeating: "[", count: JSON.maximumDepth) + String(repeating: "]", count: JSON.maximumDepth)
    #expect(JSONTests.parse(ok) != nil)
    let deep =
      String(repeating: "[", count: JSON.maximumDepth + 1) + String(repeating: "]", count: JSON.maximumDepth + 1)
    #expect(JSONTests.parse(deep) == nil)
    let huge = String(repeating: "{\"a\":", count: 1_000_000)
    do throws(JSON.ParseError) {
      _ = try JSON.parse(Array(huge.utf8))
      Issue.record("deep JSON was read")
    } catch {
      #expect(error.message.contains("levels of nesting"))
    }
  }

  /// Random changes to a valid message never crash the reader: a value
  /// comes back, written as text that reads back the same, or an error.
  @Test func mangledMessagesAreReadOrRefused() {
    let message = Array(
      #"{"jsonrpc":"2.0","id":12,"method":"textDocument/didChange","params":{"contentChanges":[{"text":"a\n\u00e9\"b","range":{"start":{"line":0,"character":1e1}}}],"x":[true,false,null,-0.5]}}"#
        .utf8)
    var random = RasterCoverageTests.Random(state: 42)
    let bytes: [UInt8] = Array(#"{}[]",:\u0123456789.eE+-tfn "#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]
    var read = 0
    for _ in 0..<3000 {
      var m = message
      for _ in 0..<1 + Int(random.next() * 4) {
        let at = Int(random.next() * Double(m.count))
        let b = bytes[Int(random.next() * Double(bytes.count))]
        switch Int(random.next() * 3) {
        case 0: m.insert(b, at: at)
        case 1: m.remove(at: min(at, m.count - 1))
        default: m[min(at, m.count - 1)] = b
        }
      }
      guard let value = try? JSON.parse(m) else { continue }
      read += 1
      #expect((try? JSON.parse(Array(value.text.utf8))) == value, "\(String(decoding: m, as: UTF8.self))")
    }
    #expect(read > 0)
  }

  @Test func contentLengthIsReadStrictly() {
    func length(_ header: String) -> Int? {
      if case .success(let n) = MessageReader.contentLength(ArraySlice(header.utf8)) { return n }
      return nil
    }
    #expect(length("Content-Length: 12") == 12)
    #expect(length("content-length:12\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8") == 12)
    #expect(length("Content-Type: x") == nil)
    #expect(length("Content-Length: -1") == nil)
    #expect(length("Content-Length: 1x") == nil)
    #expect(length("Content-Length: 99999999999999999999") == nil)
    #expect(length("no colon") == nil)
  }
}
