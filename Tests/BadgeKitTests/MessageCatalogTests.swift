// The message catalog's golden cases: every case of `Message` has an input
// `Golden/catalog/CASE.badge` whose rendered diagnostics are exactly its
// `CASE.err` and include that message, unless no input can produce it (the
// `unreachable` table, with the reason). The case names are read from
// Messages.swift, so a message added without a case fails here.
//
// A case's input may hold these comment lines, read by the test:
//
//   // options: FLAGS
//     Compile options written as badgec's flags, separated by spaces:
//     --format svg|png|ppm, --size W or WxH, --scale K, --max-output SIZE
//     (K, M or G), -D name=value, -I DIR and --font-dir DIR (folders from
//     the package's root; `<generated>` for the folder of the generated
//     files), --werror.
//   // generate: N lines: TEXT
//     Replaced by N lines of TEXT (indented as the comment is), where `{i}`
//     is the line's number from 0 and `{i+1}` the next. For the limits on
//     what the files themselves hold (500,000 elements, components 257
//     deep, 2,000 levels of layout), which no repeat or component can
//     multiply a small input into.
//   // generate: N files NAME: TEXT
//     N files of one line each, NAME and TEXT with `{i}` and `{i+1}` as
//     above, in a temporary folder that is added to the import paths (a
//     NAME with slashes is made in folders of its own).
//   // generate: file NAME of N bytes
//     An empty file of N bytes (sparse: nothing is written) in that folder.
//
// The lines and columns in the `.err` of a case with generated lines are
// those of the input once generated. Paths in the temporary folder are
// shown as `<generated>/NAME`. Fonts are looked for only in the folders a
// case names (the fixtures of FontFiles/), never in the machine's own, so
// that every case reads the same on every machine.
import Foundation
import Testing

@testable import BadgeKit

struct MessageCatalogTests {
  static let folder = "Tests/BadgeKitTests/Golden/catalog"

  /// Messages that no input can produce, with the reason.
  /// (None now: a message nothing reports is removed from the catalog.)
  static let unreachable: [String: String] = [:]

  /// The case names of `enum Message`, in the order Messages.swift
  /// declares them.
  static var messageNames: [String] {
    guard let text = try? Support.read("Sources/BadgeKit/Diagnostics/Messages.swift") else { return [] }
    var names: [String] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("public enum Message") {
        inside = true
      } else if inside && trimmed.hasPrefix("public var text") {
        break
      } else if inside && trimmed.hasPrefix("case ") {
        let name = trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { names.append(String(name)) }
      }
    }
    return names
  }

  /// The cases kept in the folder, by name.
  static var cases: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Support.url(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".badge") }.map { String($0.dropLast(".badge".count)) }.sorted()
  }

  /// The name of `message`'s case: `unknownName` for
  /// `.unknownName("x", suggestion: nil)`.
  static func caseName(_ message: Message) -> String {
    String(String(describing: message).prefix { $0 != "(" })
  }

  @Test func everyMessageHasACase() {
    let names = MessageCatalogTests.messageNames
    #expect(names.count > 80, "the case names of Messages.swift were not read")
    let cases = Set(MessageCatalogTests.cases)
    let missing = names.filter { !cases.contains($0) && MessageCatalogTests.unreachable[$0] == nil }
    #expect(
      missing.isEmpty,
      "messages without a case in \(MessageCatalogTests.folder) (add CASE.badge, then run with BADGEC_UPDATE_GOLDENS=1 and review CASE.err): \(missing.joined(separator: ", "))"
    )
    let both = names.filter { cases.contains($0) && MessageCatalogTests.unreachable[$0] != nil }
    #expect(both.isEmpty, "cases of messages said to be unreachable: \(both.joined(separator: ", "))")
    let unknown =
      cases.filter { !names.contains($0) } + MessageCatalogTests.unreachable.keys.filter { !names.contains($0) }
    #expect(
      unknown.isEmpty, "cases and table entries that name no message: \(unknown.sorted().joined(separator: ", "))")
  }

  @Test(arguments: cases)
  func catalogCase(_ name: String) throws {
    let input = "\(MessageCatalogTests.folder)/\(name).badge"
    let generated = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: generated) }
    let bytes = [UInt8](try Data(contentsOf: Support.url(input)))
    var source = SourceFile(name: Support.rootFromHere + input, bytes: bytes)
    var options = CompileOptions()
    options.fonts.standardDirectories = false
    if let text = String(validating: bytes, as: UTF8.self) {
      // (An input that is not UTF-8 holds no directives.)
      (source, options) = try MessageCatalogTests.prepare(text, named: source.name, generated: generated)
    }
    let result = BadgeKit.compile(source, options: options)
    let actual = Support.relativePaths(result.renderedDiagnostics)
      .replacingOccurrences(of: generated.path + "/", with: "<generated>/")
      .replacingOccurrences(of: generated.path, with: "<generated>")

    #expect(
      result.diagnostics.contains { MessageCatalogTests.caseName($0.message) == name },
      "\(input) does not report '\(name)':\n\(actual)")
    try Support.checkGolden(actual, at: "\(MessageCatalogTests.folder)/\(name).err", madeFrom: input)
  }

  /// A case's source, named `name`, with its lines generated, and its
  /// options; files it asks for are made in `generated`.
  static func prepare(_ source: String, named name: String, generated: URL) throws -> (SourceFile, CompileOptions) {
    var options = CompileOptions()
    options.fonts.standardDirectories = false
    var lines: [String] = []
    var madeFiles = false
    for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let flags = trimmed.removingPrefix("// options:") {
        try setOptions(flags, &options, generated: generated)
        lines.append(line)
      } else if let what = trimmed.removingPrefix("// generate:") {
        let indent = String(line.prefix { $0 == " " })
        if let made = generateLines(what) {
          lines += made.map { indent + $0 }
        } else {
          try generateFiles(what, in: generated)
          madeFiles = true
          lines.append(line)
        }
      } else {
        lines.append(line)
      }
    }
    if madeFiles { options.importPaths.append(generated.path) }
    return (SourceFile(name: name, text: lines.joined(separator: "\n")), options)
  }

  /// Sets the options `flags` names (badgec's spelling).
  static func setOptions(_ flags: String, _ options: inout CompileOptions, generated: URL) throws {
    var words = flags.split(separator: " ").map(String.init)[...]
    func value(_ flag: String) throws -> String {
      guard let v = words.popFirst() else { throw CatalogError("\(flag) needs a value") }
      return v
    }
    while let flag = words.popFirst() {
      switch flag {
      case "--format":
        let v = try value(flag)
        guard let format = OutputFormat(rawValue: v) else { throw CatalogError("unknown format '\(v)'") }
        options.format = format
      case "--size":
        let sides = try value(flag).split(separator: "x").compactMap { Double($0) }
        guard let w = sides.first, sides.count <= 2 else { throw CatalogError("expected --size W or WxH") }
        options.canvasSize = Size(w, sides.count == 2 ? sides[1] : w)
      case "--scale":
        guard let k = Double(try value(flag)) else { throw CatalogError("expected --scale K") }
        options.raster.scale = k
      case "--max-output":
        let v = try value(flag)
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = v.last.flatMap { units[$0] } ?? 1
        guard let n = Int(unit == 1 ? v : String(v.dropLast())) else { throw CatalogError("expected --max-output N") }
        options.maxOutputBytes = n * unit
      case "-D": options.overrides.append(try value(flag))
      case "-I": options.importPaths.append(Support.rootFromHere + (try value(flag)))
      case "--font-dir":
        let dir = try value(flag)
        options.fonts.directories.append(dir == "<generated>" ? generated.path : Support.rootFromHere + dir)
      case "--werror": options.warningsAsErrors = true
      default: throw CatalogError("unknown option '\(flag)'")
      }
    }
  }

  /// The lines `// generate: N lines: TEXT` asks for; nil for another
  /// kind of generation.
  static func generateLines(_ what: String) -> [String]? {
    guard let (count, rest) = counted(what, "lines: ") else { return nil }
    return (0..<count).map { numbered(rest, $0) }
  }

  /// Makes the files `// generate: N files NAME: TEXT` or
  /// `// generate: file NAME of N bytes` asks for in `folder`.
  static func generateFiles(_ what: String, in folder: URL) throws {
    if let (count, rest) = counted(what, "files "), let colon = rest.range(of: ": ") {
      for i in 0..<count {
        let name = numbered(String(rest[..<colon.lowerBound]), i)
        let text = numbered(String(rest[colon.upperBound...]), i) + "\n"
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
    } else if let file = what.removingPrefix("file "), let of = file.range(of: " of "),
      let size = UInt64(file[of.upperBound...].dropLast(" bytes".count)), file.hasSuffix(" bytes")
    {
      let url = folder.appendingPathComponent(String(file[..<of.lowerBound]))
      #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: size)
      try handle.close()
    } else {
      throw CatalogError("cannot read '// generate: \(what)'")
    }
  }

  /// `N KIND…` split into N and what follows `kind`.
  static func counted(_ what: String, _ kind: String) -> (Int, String)? {
    let parts = what.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2, let n = Int(parts[0]), let rest = parts[1].removingPrefix(kind) else { return nil }
    return (n, rest)
  }

  /// `template` with `{i}` as `i` and `{i+1}` as the next number.
  static func numbered(_ template: String, _ i: Int) -> String {
    template.replacingOccurrences(of: "{i+1}", with: "\(i + 1)").replacingOccurrences(of: "{i}", with: "\(i)")
  }
}

/// A case whose directives cannot be read.
struct CatalogError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension String {
  /// The rest of the string after `prefix`, trimmed; nil when it does not
  /// start so.
  fileprivate func removingPrefix(_ prefix: String) -> String? {
    hasPrefix(prefix) ? dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) : nil
  }
}
