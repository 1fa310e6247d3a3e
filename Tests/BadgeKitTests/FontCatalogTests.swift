// Font discovery on folders made for each test from copies of the pinned
// font files (DejaVu Sans from fonts-dejavu-core and fonts-dejavu-extra,
// Nimbus Sans from fonts-urw-base35): faces found by the family their
// files name, whatever the files are called; a face chosen by slant, width
// and weight as CSS does; errors for a family that is not there and for a
// directory that does not exist.
import Foundation
import Testing

@testable import BadgeKit

struct FontCatalogTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
  /// The DejaVu Sans faces copied into the test folders.
  static let dejaVuFiles = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
    "DejaVuSans-ExtraLight.ttf", "DejaVuSansCondensed.ttf",
  ]

  /// A fresh folder holding copies of `files` under new names
  /// ("face-0.ttf", …), or nil when one of them is not installed.
  static func folder(_ files: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> URL? {
    let dir = try Support.temporaryFolder()
    for (i, file) in files.enumerated() {
      guard let bytes = FontFiles.bytes(file, sourceLocation: sourceLocation) else {
        try? FileManager.default.removeItem(at: dir)
        return nil
      }
      let ext = file.hasSuffix(".otf") ? "OTF" : "TTF"
      try Data(bytes).write(to: dir.appendingPathComponent("face-\(i).\(ext)"))
    }
    return dir
  }

  static func dejaVuFolder() throws -> URL? {
    try folder(dejaVuFiles.map { dejaVu + $0 } + [FontFiles.nimbusSans])
  }

  /// The original name of the file a face was copied from.
  static func original(_ face: FontFace) -> String {
    let name = URL(fileURLWithPath: face.path).deletingPathExtension().lastPathComponent
    let i = Int(name.dropFirst("face-".count))!
    return i < dejaVuFiles.count ? dejaVuFiles[i] : "NimbusSans-Regular.otf"
  }

  @Test func copyFoundByItsFamily() throws {
    guard let dir = try FontCatalogTests.folder([FontFiles.dejaVuSans]) else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    #expect(catalog.problems == [])
    #expect(catalog.families == ["DejaVu Sans"])
    for name in ["DejaVu Sans", "dejavu sans", "DejaVu-Sans", "DEJAVUSANS"] {
      let face = try catalog.face(for: FontRequest(family: name)).get()
      #expect(face.path == dir.appendingPathComponent("face-0.TTF").path)
      #expect(face.style == "Book" && face.weight == 400 && !face.isItalic)
    }
    let font = try catalog.load(try catalog.face(for: FontRequest(family: "DejaVu Sans")).get())
    #expect(font.familyName == "DejaVu Sans" && font.glyph(for: "A") == 36)
  }

  @Test(arguments: [
    (400, false, "DejaVuSans.ttf"),
    (700, false, "DejaVuSans-Bold.ttf"),
    (200, false, "DejaVuSans-ExtraLight.ttf"),
    (300, false, "DejaVuSans-ExtraLight.ttf"),  // lighter first below 400
    (100, false, "DejaVuSans-ExtraLight.ttf"),  // nothing lighter: the next heavier
    (500, false, "DejaVuSans.ttf"),  // nothing from 500 up to 500: lighter
    (450, false, "DejaVuSans.ttf"),
    (600, false, "DejaVuSans-Bold.ttf"),  // heavier first above 500
    (900, false, "DejaVuSans-Bold.ttf"),  // nothing heavier: the next lighter
    (400, true, "DejaVuSans-Oblique.ttf"),
    (700, true, "DejaVuSans-BoldOblique.ttf"),
    (200, true, "DejaVuSans-Oblique.ttf"),  // slant before weight
  ])
  func weightAndSlantChooseTheFace(_ weight: Int, _ italic: Bool, _ expected: String) throws {
    guard let dir = try FontCatalogTests.dejaVuFolder() else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    let face = try catalog.face(for: FontRequest(family: "DejaVu Sans", weight: weight, italic: italic)).get()
    #expect(FontCatalogTests.original(face) == expected)
  }

  /// DejaVu Sans Condensed's typographic family is DejaVu Sans: asked for
  /// by that name, the normal width wins; by its own name, it is found.
  @Test func widthAndFourStyleFamilies() throws {
    guard let dir = try FontCatalogTests.dejaVuFolder() else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    let condensed = try catalog.face(for: FontRequest(family: "DejaVu Sans Condensed")).get()
    #expect(FontCatalogTests.original(condensed) == "DejaVuSansCondensed.ttf" && condensed.width == 4)
    let light = try catalog.face(for: FontRequest(family: "DejaVu Sans Light", weight: 400)).get()
    #expect(FontCatalogTests.original(light) == "DejaVuSans-ExtraLight.ttf")
    #expect(catalog.families == ["DejaVu Sans", "Nimbus Sans"])
  }

  @Test func missingFamilyListsFamiliesAndSuggests() throws {
    guard let dir = try FontCatalogTests.dejaVuFolder() else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    let result = catalog.face(for: FontRequest(family: "DejaVu Sanz"))
    let expected = FontLookupError.unknownFamily(
      "DejaVu Sanz", suggestion: "DejaVu Sans", families: ["DejaVu Sans", "Nimbus Sans"])
    #expect(result == .failure(expected))
    #expect(
      expected.message
        == "no font family 'DejaVu Sanz' is installed; did you mean 'DejaVu Sans'? (found: DejaVu Sans, Nimbus Sans)")
    // A prefix suggests the family it starts; nothing near suggests nothing.
    #expect(catalog.suggestion(for: "nimbus") == "Nimbus Sans")
    #expect(catalog.suggestion(for: "Helvetica") == nil)
    // Of several a prefix starts, a default family (else the shortest).
    #expect(catalog.suggestion(for: "DejaVu") == "DejaVu Sans")
  }

  @Test func defaultFamilies() throws {
    guard let dir = try FontCatalogTests.dejaVuFolder(),
      let nimbus = try FontCatalogTests.folder([FontFiles.nimbusSans])
    else { return }
    defer {
      try? FileManager.default.removeItem(at: dir)
      try? FileManager.default.removeItem(at: nimbus)
    }
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    #expect(FontCatalogTests.original(try catalog.face(for: FontRequest(weight: 700)).get()) == "DejaVuSans-Bold.ttf")
    let without = FontCatalog(scanning: [nimbus.path], standard: [])
    #expect(
      without.face(for: FontRequest())
        == .failure(.noDefaultFamily(tried: FontCatalog.defaultFamilies, families: ["Nimbus Sans"])))
  }

  @Test func nonexistentDirectoryIsReported() throws {
    let catalog = FontCatalog(scanning: ["/nonexistent/fonts"], standard: ["/also/nonexistent"])
    #expect(catalog.problems == [.missingDirectory("/nonexistent/fonts")])
    #expect(catalog.problems.first?.message == "font directory '/nonexistent/fonts' does not exist")
    #expect(catalog.faces.isEmpty)
    #expect(
      FontCatalog.callerDirectories(fontDirs: ["a", "b"], environment: "c::/d/e:") == ["a", "b", "c", "/d/e"])
  }

  @Test func fontFileGivenByPath() throws {
    guard let dir = try FontCatalogTests.folder([FontFiles.nimbusSans]) else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let catalog = FontCatalog(scanning: [], standard: [])
    let path = dir.appendingPathComponent("face-0.OTF").path
    let face = try catalog.face(for: FontRequest(family: path)).get()
    #expect(face.path == path && face.family == "Nimbus Sans")
    #expect(try catalog.load(face).unitsPerEm == 1000)
    let missing = dir.appendingPathComponent("nothing.ttf").path
    #expect(
      catalog.face(for: FontRequest(family: missing))
        == .failure(.unreadableFontFile(missing, reason: "No such file or directory")))
    guard case .failure(let error) = catalog.face(for: FontRequest(family: "fonts/nothing.otf")) else {
      Issue.record("a missing font file was found")
      return
    }
    #expect(error.message == "cannot use font file 'fonts/nothing.otf': No such file or directory")
  }

  /// A link back up the tree and a link to a file: the walk ends, each
  /// face once per path, in sorted order; other files are passed over.
  @Test func walkSurvivesLinkLoopsAndOddFiles() throws {
    guard let dir = try FontCatalogTests.folder([FontFiles.dejaVuSans]) else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    let sub = dir.appendingPathComponent("sub/deeper")
    try fm.createDirectory(at: sub, withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: dir.path)
    try fm.createSymbolicLink(
      atPath: sub.appendingPathComponent("b.otf").path,
      withDestinationPath: dir.appendingPathComponent("face-0.TTF").path)
    try Data("not a font".utf8).write(to: dir.appendingPathComponent("broken.ttf"))
    try fm.createDirectory(at: dir.appendingPathComponent("dir.ttf"), withIntermediateDirectories: true)
    let files = FontScan.fontFiles(in: [dir.path]).files
    #expect(
      files.map { $0.dropFirst(dir.path.count) } == ["/broken.ttf", "/dir.ttf", "/face-0.TTF", "/sub/deeper/b.otf"])
    let catalog = FontCatalog(scanning: [dir.path], standard: [])
    #expect(catalog.faces.map(\.family) == ["DejaVu Sans", "DejaVu Sans"])
  }

  @Test func scansAndFontsAreSharedInTheProcess() throws {
    guard let dir = try FontCatalogTests.folder([FontFiles.dejaVuSans]) else { return }
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = FontCatalog.shared(directories: [dir.path])
    // A file added later is not seen: the scan is not repeated.
    try Data(try Data(contentsOf: URL(fileURLWithPath: FontFiles.dejaVuSans))).write(
      to: dir.appendingPathComponent("later.ttf"))
    let second = FontCatalog.shared(directories: [dir.path])
    #expect(first.faces == second.faces)
    #expect(first.faces.filter { $0.path.hasPrefix(dir.path) }.count == 1)
    let face = try first.face(for: FontRequest(family: "DejaVu Sans")).get()
    #expect(try first.load(face).glyphCount == second.load(face).glyphCount)
  }

  /// A folder of 20,001 junk font files used up a scan limit shared by
  /// every folder, so that the fonts of the folders after it were never
  /// found (and nothing said so). Each folder has its own share now, and
  /// one cut short is named.
  @Test func aFolderOfJunkDoesNotHideTheNext() throws {
    guard let fonts = try FontCatalogTests.folder([FontFiles.dejaVuSans]) else { return }
    defer { try? FileManager.default.removeItem(at: fonts) }
    let junk = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: junk) }
    for i in 0...FontScan.maxFiles {
      #expect(FileManager.default.createFile(atPath: junk.appendingPathComponent("j\(i).ttf").path, contents: nil))
    }
    let catalog = FontCatalog(scanning: [junk.path, fonts.path], standard: [])
    #expect(catalog.faces.map(\.family) == ["DejaVu Sans"])
    #expect(catalog.cuts == [FontScanCut(directory: junk.path, tooManyFiles: true)])
    #expect(
      Message.fontScanCut(catalog.cuts).text
        == "the search for fonts stopped early in '\(junk.path)' (more than 20000 font files); a font there may have been missed"
    )
  }
}
