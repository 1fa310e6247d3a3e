// Xcode asset catalogs, through the built badgec: image sets of a PDF, an
// SVG or PNGs at three scales, app icon sets of one 1024-pixel icon or
// every older size; each `Contents.json` checked against the keys and
// values Apple's "Asset Catalog Format Reference" documents, each image
// against what its entry says (qpdf for PDF, pngcheck and the pixel size
// for PNG); the dark appearance only where the badge has one; and the
// platform's rules (a square, opaque icon) broken on purpose: one located
// error and nothing written.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct AssetCatalogTests {
  /// The keys Apple documents for `Contents.json` and the values badgec
  /// may write; a problem for anything else, and for entries naming
  /// files the folder does not hold.
  static func problems(_ folder: URL) throws -> [String] {
    let data = try Data(contentsOf: folder.appendingPathComponent("Contents.json"))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return ["not an object"] }
    var found: [String] = []
    for key in root.keys where !["images", "info", "properties"].contains(key) { found.append("top-level \(key)") }
    let info = root["info"] as? [String: Any]
    if info?["version"] as? Int != 1 || info?["author"] as? String == nil { found.append("info: \(info ?? [:])") }
    if let properties = root["properties"] as? [String: Any] {
      for key in properties.keys where key != "preserves-vector-representation" { found.append("property \(key)") }
    }
    guard let images = root["images"] as? [[String: Any]], !images.isEmpty else { return found + ["no images"] }
    let keys: Set<String> = ["filename", "idiom", "scale", "size", "platform", "appearances"]
    for image in images {
      for key in image.keys where !keys.contains(key) { found.append("image key \(key)") }
      guard let file = image["filename"] as? String,
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path)
      else {
        found.append("missing file \(image["filename"] ?? "none")")
        continue
      }
      if !["universal", "iphone", "ipad", "ios-marketing"].contains(image["idiom"] as? String ?? "") {
        found.append("idiom \(image["idiom"] ?? "none")")
      }
      if let scale = image["scale"] as? String, !["1x", "2x", "3x"].contains(scale) { found.append("scale \(scale)") }
      if let size = image["size"] as? String, size.range(of: #"^[0-9.]+x[0-9.]+$"#, options: .regularExpression) == nil
      {
        found.append("size \(size)")
      }
      if let appearances = image["appearances"] as? [[String: String]],
        appearances != [["appearance": "luminosity", "value": "dark"]]
      {
        found.append("appearances \(appearances)")
      }
    }
    return found
  }

  static func entries(_ folder: URL) throws -> [[String: Any]] {
    let data = try Data(contentsOf: folder.appendingPathComponent("Contents.json"))
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["images"] as? [[String: Any]] ?? []
  }

  /// The width and height a PNG's header gives.
  static func pngSize(_ url: URL) throws -> (Int, Int) {
    let b = [UInt8](try Data(contentsOf: url))
    func int(_ at: Int) -> Int { b[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
  }

  static func badge(_ text: String, in dir: URL) throws -> String {
    let file = dir.appendingPathComponent("b.badge")
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// One vector PDF, single scale, its vector data preserved.
  @Test func pdfImageSet() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec([
      Support.url("samples/landmark.badge").path, "-o", dir.path + "/Assets.xcassets/{badge}.imageset",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let set = dir.appendingPathComponent("Assets.xcassets/Landmark.imageset")
    #expect(try AssetCatalogTests.problems(set) == [])
    let images = try AssetCatalogTests.entries(set)
    #expect(images.count == 1)  // the landmark is drawn in explicit colours: no dark appearance
    #expect(images.first?["filename"] as? String == "Landmark.pdf")
    #expect(images.first?["scale"] == nil)
    let pdf = [UInt8](try Data(contentsOf: set.appendingPathComponent("Landmark.pdf")))
    #expect(try PDFSupport.qpdfProblems(pdf) == nil)
    let json = try String(contentsOf: set.appendingPathComponent("Contents.json"), encoding: .utf8)
    #expect(json.contains("\"preserves-vector-representation\" : true"))
  }

  /// System colours change in the dark appearance: the set holds both,
  /// the dark one marked as Xcode marks it, and they differ.
  @Test func darkAppearance() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = try AssetCatalogTests.badge("badge Dot size 40 { circle().fill(blue) }", in: dir)
    for content in ["svg", "png"] {
      let set = dir.appendingPathComponent("\(content).imageset")
      let run = try Support.badgec([input, "-o", set.path, "--imageset", content])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(try AssetCatalogTests.problems(set) == [])
      let images = try AssetCatalogTests.entries(set)
      #expect(images.count == (content == "png" ? 6 : 2))
      let dark = images.filter { $0["appearances"] != nil }.compactMap { $0["filename"] as? String }
      #expect(dark.count == images.count / 2)
      let ext = content == "png" ? "png" : "svg"
      let light = try Data(contentsOf: set.appendingPathComponent("Dot.\(ext)"))
      let darker = try Data(contentsOf: set.appendingPathComponent("Dot-dark.\(ext)"))
      #expect(light != darker)
    }
  }

  /// PNGs at 1×, 2× and 3× of the badge's size in points.
  @Test func pngImageSet() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("Shield.imageset")
    let run = try Support.badgec([
      Support.url("samples/shield.badge").path, "-o", set.path, "--imageset", "png",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try AssetCatalogTests.problems(set) == [])
    for image in try AssetCatalogTests.entries(set) {
      let name = try #require(image["filename"] as? String)
      let scale = Int((image["scale"] as? String ?? "1x").dropLast()) ?? 0
      #expect(try AssetCatalogTests.pngSize(set.appendingPathComponent(name)) == (240 * scale, 280 * scale), "\(name)")
      if let pngcheck = Support.tool("pngcheck") {
        #expect(try Support.run(pngcheck, ["-q", set.appendingPathComponent(name).path]).status == 0)
      }
    }
  }

  /// The single 1024-pixel icon, opaque and without an alpha channel;
  /// and every older size, each file its size times its scale.
  @Test func appIconSets() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("AppIcon.appiconset")
    let run = try Support.badgec([
      Support.url("samples/landmark.badge").path, "-o", set.path, "--background", "#1a2040",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try AssetCatalogTests.problems(set) == [])
    let icon = set.appendingPathComponent("AppIcon.png")
    #expect(try AssetCatalogTests.pngSize(icon) == (1024, 1024))
    let header = [UInt8](try Data(contentsOf: icon))
    #expect(header[25] == 2, "colour type \(header[25]): an app icon has no alpha channel")

    let all = dir.appendingPathComponent("All.appiconset")
    let every = try Support.badgec([
      Support.url("samples/landmark.badge").path, "-o", all.path, "--background", "white", "--icon-sizes", "all",
    ])
    #expect(every.status == 0, "\(every.stderr)")
    #expect(try AssetCatalogTests.problems(all) == [])
    let images = try AssetCatalogTests.entries(all)
    #expect(images.count == 18)
    for image in images {
      let side = try #require(Double((image["size"] as? String ?? "").split(separator: "x").first ?? ""))
      let scale = try #require(Double((image["scale"] as? String ?? "").dropLast()))
      let name = try #require(image["filename"] as? String)
      let pixels = Int((side * scale).rounded())
      #expect(try AssetCatalogTests.pngSize(all.appendingPathComponent(name)) == (pixels, pixels), "\(name)")
    }
  }

  /// An icon with clear pixels, and one not square: one error each at
  /// the badge, exit 1, no folder made.
  @Test func iconRules() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = dir.appendingPathComponent("AppIcon.appiconset")
    let clear = try Support.badgec([Support.url("samples/landmark.badge").path, "-o", set.path])
    #expect(clear.status == 1)
    #expect(clear.stderr.contains("landmark.badge:68:7: error: the app icon has"), "\(clear.stderr)")
    #expect(clear.stderr.contains("(the first at x 0, y 0 of 1024 × 1024)"), "\(clear.stderr)")
    #expect(!FileManager.default.fileExists(atPath: set.path))
    let tall = try Support.badgec([Support.url("samples/shield.badge").path, "-o", set.path, "--background", "white"])
    #expect(tall.status == 1)
    #expect(tall.stderr.contains("error: an app icon is square; this badge is 240 × 280 points"), "\(tall.stderr)")
    #expect(!FileManager.default.fileExists(atPath: set.path))
  }

  /// An image set's PNGs are held to a PNG's limits (pixels a side, the
  /// pixels' bytes against --max-output), and nothing is written.
  @Test func pngLimits() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = try AssetCatalogTests.badge("badge T size 20000 { circle().fill(red) }", in: dir)
    let set = dir.appendingPathComponent("T.imageset")
    let run = try Support.badgec([input, "-o", set.path, "--imageset", "png"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("error: the image"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: set.path))
  }

  /// A badge's name of 300 letters names files of at most 100 bytes'
  /// stem, and the set is written.
  @Test func longBadgeName() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let name = String(repeating: "é", count: 300)
    let input = try AssetCatalogTests.badge("badge \"\(name)\" size 20 { circle().fill(blue) }", in: dir)
    let set = dir.appendingPathComponent("Long.imageset")
    let run = try Support.badgec([input, "-o", set.path, "--imageset", "png"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try AssetCatalogTests.problems(set) == [])
    let files = try FileManager.default.contentsOfDirectory(atPath: set.path)
    #expect(files.allSatisfy { $0.utf8.count <= 120 }, "\(files)")
  }

  /// A folder has a name; an asset catalog holds both appearances itself;
  /// a file where the folder would go is an error.
  @Test func usage() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let landmark = Support.url("samples/landmark.badge").path
    let piped = try Support.badgec([landmark, "--format", "imageset"])
    #expect(piped.status == 2)
    #expect(piped.stderr.contains("an asset catalog is a folder"), "\(piped.stderr)")
    let dark = try Support.badgec([landmark, "-o", dir.path + "/x.imageset", "--appearance", "dark"])
    #expect(dark.status == 2)
    let bare = try Support.badgec([landmark, "--format", "imageset", "-o", dir.path + "/Landmark"])
    #expect(bare.status == 2)
    #expect(bare.stderr.contains("name it '\(dir.path)/Landmark.imageset'"), "\(bare.stderr)")
    let unused = try Support.badgec([landmark, "-o", dir.path + "/l.pdf", "--background", "white"])
    #expect(unused.status == 0)
    #expect(unused.stderr.contains("--background is used by PNG, PPM and app icons only"), "\(unused.stderr)")
    let catalog = try Support.badgec([landmark, "-o", dir.path + "/Assets.xcassets"])
    #expect(catalog.status == 2)
    #expect(catalog.stderr.contains("/Assets.xcassets/{badge}.imageset"), "\(catalog.stderr)")
    let file = dir.appendingPathComponent("y.imageset")
    try Data("keep".utf8).write(to: file)
    let onFile = try Support.badgec([landmark, "-o", file.path])
    #expect(onFile.status == 1)
    #expect(onFile.stderr.contains("it exists and is not a folder"), "\(onFile.stderr)")
    #expect(try Data(contentsOf: file) == Data("keep".utf8))
  }
}
