// The language server's one-line references (BadgeTools' ReferenceTable)
// are the README's tables of elements and modifiers, row by row: the test
// reads the tables from the README and compares; BADGEC_UPDATE_GOLDENS=1
// writes ReferenceTable.swift again from them.
import Foundation
import Testing

@testable import BadgeTools

@Suite struct ReferenceTableTests {
  /// The views whose rows the table keeps (modifiers are kept whole).
  static let views: Set<String> = ["path", "zstack", "vstack", "hstack", "spacer", "text", "geometry", "repeat", "if"]

  /// The entries the README's "The language" section gives: key (a view,
  /// or `.modifier`) to its spellings and description, Markdown links
  /// reduced to their text.
  static func fromREADME() throws -> [(String, String)] {
    let readme = try Support.read("README.md")
    guard let start = readme.range(of: "\n## The language\n") else { return [] }
    let section = readme[start.upperBound...].prefix { _ in true }
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    var out: [(String, String)] = []
    for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
      // Cells split at unescaped bars.
      var cells: [String] = []
      var cell = ""
      var previous: Character = " "
      for c in line.dropFirst(2) {
        if c == "|" && previous != "\\" {
          cells.append(cell.trimmingCharacters(in: .whitespaces))
          cell = ""
        } else {
          cell.append(c)
        }
        previous = c
      }
      guard cells.count >= 2 else { continue }
      let spellings = cells[0].replacingOccurrences(of: "\\|", with: "|")
      var description = cells[1].replacingOccurrences(of: "\\|", with: "|")
      // [text](#anchor) → text
      while let open = description.range(of: "]("), let close = description[open.upperBound...].firstIndex(of: ")"),
        let bracket = description[..<open.lowerBound].lastIndex(of: "[")
      {
        let text = description[description.index(after: bracket)..<open.lowerBound]
        description.replaceSubrange(bracket...close, with: text)
      }
      var keys: [String] = []
      for piece in spellings.components(separatedBy: "`").enumerated() where piece.offset % 2 == 1 {
        let name = piece.element.prefix { $0 != "(" && $0 != " " && $0 != "{" }
        let key = String(name)
        if key.hasPrefix(".") || views.contains(key) { keys.append(key) }
      }
      for key in keys where !out.contains(where: { $0.0 == key }) {
        let rows = "\(spellings): \(description)"
        out.append((key, rows))
      }
      // A key given by two rows (the fixed and the flexible frame) gets both.
      for key in keys {
        if let k = out.firstIndex(where: { $0.0 == key }), !out[k].1.contains(description) {
          out[k].1 += "\n\n\(spellings): \(description)"
        }
      }
    }
    return out.sorted { $0.0 < $1.0 }
  }

  /// The Swift source of ReferenceTable.swift for `entries`.
  static func source(_ entries: [(String, String)]) -> String {
    func literal(_ s: String) -> String {
      "\""
        + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
    var out = """
      // The README's tables of elements and modifiers, row by row, for the
      // language server's hovers: a view's or modifier's name in (`.fill`,
      // `zstack`), its spellings and one-line reference out. Written from the
      // README by ReferenceTableTests (BADGEC_UPDATE_GOLDENS=1); that test
      // fails when the two differ.

      /// What the README says of each view and modifier.
      enum ReferenceTable {
        static let entries: [String: String] = [

      """
    for (key, value) in entries { out += "    \(literal(key)):\n      \(literal(value)),\n" }
    out += "  ]\n}\n"
    return out
  }

  @Test func theTableIsTheREADMEs() throws {
    let entries = try ReferenceTableTests.fromREADME()
    #expect(entries.count > 30)
    #expect(entries.contains { $0.0 == ".fill" } && entries.contains { $0.0 == "zstack" })
    let path = "Sources/BadgeTools/LSP/ReferenceTable.swift"
    if Support.updateGoldens {
      try ReferenceTableTests.source(entries).write(to: Support.url(path), atomically: true, encoding: .utf8)
      return
    }
    for (key, value) in entries {
      #expect(
        ReferenceTable.entries[key] == value, "\(key): run BADGEC_UPDATE_GOLDENS=1 swift test --filter ReferenceTable")
    }
    #expect(ReferenceTable.entries.count == entries.count)
  }
}
