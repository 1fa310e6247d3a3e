// The JSON renderer: each diagnostic one line that Foundation's
// JSONSerialization reads back to the same fields, its keys in one order,
// strings escaped so that the line is inert and exact.
import Foundation
import Testing

@testable import BadgeKit

struct DiagnosticJSONTests {
  /// The objects of `text`, one a line.
  static func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      guard let dictionary = object as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
      return dictionary
    }
  }

  static let file = SourceFile(name: "dir/a \"b\".badge", text: "let x = 1\nbadge B size 100 {\n  VStack { }\n}\n")

  @Test func anErrorWithANoteAndAFixIt() throws {
    let d = Diagnostic(
      .unknownComponent("VStack", suggestion: "vstack"), at: SourceRange(file: 0, start: 31, end: 37),
      notes: [Note("'x' is first declared here", at: SourceRange(file: 0, start: 4, end: 5))],
      fixIts: [FixIt(SourceRange(file: 0, start: 31, end: 37), "vstack")])
    let text = DiagnosticJSON(files: [DiagnosticJSONTests.file]).render(d)
    #expect(text.hasSuffix("}\n") && text.dropLast().firstIndex(of: "\n") == nil)
    let objects = try DiagnosticJSONTests.objects(text)
    #expect(objects.count == 1)
    let o = objects[0]
    #expect(o["file"] as? String == "dir/a \"b\".badge")
    #expect(o["line"] as? Int == 3)
    #expect(o["column"] as? Int == 3)
    #expect(o["endLine"] as? Int == 3)
    #expect(o["endColumn"] as? Int == 9)
    #expect(o["severity"] as? String == "error")
    #expect(o["message"] as? String == "unknown component or shape 'VStack'; did you mean 'vstack'?")
    let notes = try #require(o["notes"] as? [[String: Any]])
    #expect(notes.count == 1)
    #expect(notes[0]["file"] as? String == "dir/a \"b\".badge")
    #expect(notes[0]["line"] as? Int == 1)
    #expect(notes[0]["column"] as? Int == 5)
    #expect(notes[0]["message"] as? String == "'x' is first declared here")
    let fixIts = try #require(o["fixIts"] as? [[String: Any]])
    #expect(fixIts.count == 1)
    #expect(fixIts[0]["line"] as? Int == 3)
    #expect(fixIts[0]["column"] as? Int == 3)
    #expect(fixIts[0]["endLine"] as? Int == 3)
    #expect(fixIts[0]["endColumn"] as? Int == 9)
    #expect(fixIts[0]["replacement"] as? String == "vstack")
    // The keys come in one order.
    #expect(
      text.hasPrefix(
        #"{"file":"dir/a \"b\".badge","line":3,"column":3,"endLine":3,"endColumn":9,"severity":"error","message":"#))
    #expect(text.contains(#""notes":[{"file":"dir/a \"b\".badge","line":1,"column":5,"message":"#))
    #expect(
      text.hasSuffix(
        #""fixIts":[{"file":"dir/a \"b\".badge","line":3,"column":3,"endLine":3,"endColumn":9,"replacement":"vstack"}]}"#
          + "\n"))
  }

  /// Columns count characters, as the text renderer's do; the end is the
  /// column after the range, on the line where it ends.
  @Test func columnsAreCharacters() throws {
    let file = SourceFile(name: "é.badge", text: "let é = \"ünï\"\nlet y = 2\n")
    let d = Diagnostic(.divisionByZero, at: SourceRange(file: 0, start: 10, end: 25), severity: .warning)
    let o = try DiagnosticJSONTests.objects(DiagnosticJSON(files: [file]).render(d))[0]
    #expect(o["line"] as? Int == 1)
    #expect(o["column"] as? Int == 10)
    #expect(o["endLine"] as? Int == 2)
    #expect(o["endColumn"] as? Int == 9)
    #expect(o["severity"] as? String == "warning")
    #expect(o["file"] as? String == "é.badge")
    let text = DiagnosticRenderer(files: [file]).render(d)
    #expect(text.hasPrefix("é.badge:1:10: warning: "))
  }

  /// Controls and invisible characters are escaped (past U+FFFF as a
  /// surrogate pair), visible ones kept, and all read back as they were.
  @Test func stringsAreEscapedAndExact() throws {
    let name = "a\u{1B}[31m\u{202E}b\t\"\\\u{7F}\u{E0001}\u{1F600}c\n"
    let line = DiagnosticJSON(files: [SourceFile(name: name, text: "x")]).render(
      Diagnostic(.fontNotFound("bad \u{0} \u{2028} ok"), at: SourceRange(file: 0, start: 0, end: 1)))
    #expect(line.utf8.dropLast().allSatisfy { $0 >= 0x20 && $0 != 0x7F })
    #expect(!line.unicodeScalars.contains { [0x202E, 0x2028, 0xE0001].contains($0.value) })
    #expect(line.contains(#"\u001B[31m\u202Eb\u0009\"\\\u007F\uDB40\uDC01\#u{1F600}c\u000A"#))
    let o = try DiagnosticJSONTests.objects(line)[0]
    #expect(o["file"] as? String == name)
    #expect(o["message"] as? String == "bad \u{0} \u{2028} ok")
  }

  /// A diagnostic in no file, and the count of those left out, have
  /// nulls for their place.
  @Test func unplacedAndLeftOut() throws {
    let renderer = DiagnosticJSON(files: [DiagnosticJSONTests.file], maxErrors: 1)
    let ds = [
      Diagnostic(.divisionByZero, at: SourceRange(file: 0, start: 0, end: 3)),
      Diagnostic(.divisionByZero, at: SourceRange(file: 0, start: 4, end: 5)),
    ]
    let objects = try DiagnosticJSONTests.objects(renderer.render(ds, unlisted: 2))
    #expect(objects.count == 2)
    #expect(objects[1]["message"] as? String == "and 3 more errors")
    #expect(objects[1]["file"] is NSNull && objects[1]["line"] is NSNull && objects[1]["endColumn"] is NSNull)
    let unplaced = try DiagnosticJSONTests.objects(DiagnosticJSON.unplaced("cannot read 'x'", severity: .error))[0]
    #expect(unplaced["severity"] as? String == "error")
    #expect(unplaced["column"] is NSNull)
    #expect((unplaced["notes"] as? [Any])?.isEmpty == true)
  }

  /// The text renderer colours only when asked, with its own escapes.
  @Test func colourOnlyWhenAsked() {
    let d = Diagnostic(
      .unusedLet("x"), at: SourceRange(file: 0, start: 4, end: 5), severity: .warning,
      notes: [Note("here", at: SourceRange(file: 0, start: 0, end: 3))])
    let plain = DiagnosticRenderer(files: [DiagnosticJSONTests.file]).render(d)
    #expect(!plain.contains("\u{1B}"))
    let coloured = DiagnosticRenderer(files: [DiagnosticJSONTests.file], colour: true).render(d)
    #expect(coloured.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[1;36mnote:\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[1;32m^\u{1B}[0m"))
    #expect(coloured.hasPrefix("\u{1B}[1mdir/a \"b\".badge:1:5:\u{1B}[0m "))
    // Without its escapes, the same text.
    let stripped = coloured.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(stripped == plain)
  }
}
