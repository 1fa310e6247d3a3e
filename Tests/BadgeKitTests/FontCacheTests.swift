// The font index kept between runs: read back as the catalog a scan makes;
// refused once a directory it was read from changes (a font added, one
// removed); refused, never a crash, when damaged, cut short, made for
// other directories or pointing outside them; and used by the command
// line, whose output stays the same with it.
import Foundation
import Testing

@testable import BadgeKit

struct FontCacheTests {
  /// A folder of fonts (copies of DejaVu Sans and Nimbus Sans, one in a
  /// subfolder) and an empty cache folder; nil when the fonts are missing.
  static func folders() throws -> (fonts: URL, cache: URL)? {
    guard let fonts = try FontCatalogTests.dejaVuFolder() else { return nil }
    let sub = fonts.appendingPathComponent("more")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: fonts.appendingPathComponent("face-1.TTF"), to: sub.appendingPathComponent("face-1.TTF"))
    return (fonts, try Support.temporaryFolder())
  }

  /// `body` run with `folders()`, removed afterwards; nothing when the
  /// fonts are missing.
  static func withFolders(_ body: (URL, URL) throws -> Void) throws {
    guard let (fonts, cache) = try folders() else { return }
    defer {
      try? FileManager.default.removeItem(at: fonts)
      try? FileManager.default.removeItem(at: cache)
    }
    try body(fonts, cache)
  }

  @Test func readBackAsTheScanFoundIt() throws {
    try FontCacheTests.withFolders { fonts, cache in
      let dirs = [fonts.path]
      let scanned = FontCatalog(scanning: dirs, standard: [])
      #expect(scanned.faces.count == 7)
      FontCache.write(scanned, to: cache.path, directories: dirs)
      let kept = try #require(FontCache.read(from: cache.path, directories: dirs, standard: []))
      #expect(kept.faces == scanned.faces)
      #expect(kept.stamps == scanned.stamps && kept.cuts == scanned.cuts)
      #expect(kept.families == scanned.families)
      for request in [FontRequest(family: "DejaVu Sans", weight: 700), FontRequest(family: "Nimbus Sans")] {
        #expect(try kept.face(for: request).get() == scanned.face(for: request).get())
      }
      // Another set of directories has an index of its own.
      #expect(FontCache.read(from: cache.path, directories: dirs + ["/nowhere"], standard: []) == nil)
    }
  }

  @Test func familiesAreFoundInTheIndexAsInTheScan() throws {
    try FontCacheTests.withFolders { fonts, cache in
      let dirs = [fonts.path]
      let scanned = FontCatalog(scanning: dirs, standard: [])
      let kept = try #require(FontCache.decode(FontCache.encode(scanned), directories: dirs))
      let keys = scanned.familyIndex.all.map(\.key)
      #expect(keys.count >= 2)
      #expect(Set(kept.familyIndex.all.map(\.key)) == Set(keys))
      for key in keys {
        #expect(kept.familyIndex[key] == scanned.familyIndex[key], "\(key)")
        #expect(kept.faces(of: key) == scanned.faces(of: key))
      }
      // Keys not there: a prefix, a longer one, another case, empty.
      for key in keys.map({ String($0.dropLast()) }) + keys.map({ $0 + "x" }) + [keys[0].uppercased(), ""]
      where !keys.contains(key) {
        #expect(kept.familyIndex[key] == nil, "\(key)")
      }
      // A table of the same key twice keeps the last, as a dictionary of it would.
      let bytes = Array("ab".utf8)
      let twice = FamilyIndex(bytes: bytes, keys: [0, 2, 0, 2], starts: [0, 1, 3], faces: [5, 6, 7])
      #expect(twice["ab"] == [6, 7] && twice["a"] == nil && twice.all.count == 1)
      // Keys equal as strings are: "é" written as e and a combining accent
      // is found by the precomposed one, and the other way round.
      let accents = Array("cafe\u{301}".utf8) + Array("k\u{E9}".utf8)
      let decomposed = FamilyIndex(bytes: accents, keys: [0, 6, 6, 3], starts: [0, 1, 2], faces: [1, 2])
      #expect(decomposed["caf\u{E9}"] == [1] && decomposed["ke\u{301}"] == [2] && decomposed["cafe"] == nil)
    }
  }

  @Test func aChangedDirectoryIsScannedAgain() throws {
    try FontCacheTests.withFolders { fonts, cache in
      let dirs = [fonts.path]
      FontCache.write(FontCatalog(scanning: dirs, standard: []), to: cache.path, directories: dirs)
      #expect(FontCache.read(from: cache.path, directories: dirs, standard: []) != nil)
      // A font added in the subfolder: its directory has another version.
      let sub = fonts.appendingPathComponent("more")
      try FileManager.default.copyItem(
        at: sub.appendingPathComponent("face-1.TTF"), to: sub.appendingPathComponent("added.ttf"))
      #expect(FontCache.read(from: cache.path, directories: dirs, standard: []) == nil)
      FontCache.write(FontCatalog(scanning: dirs, standard: []), to: cache.path, directories: dirs)
      #expect(FontCache.read(from: cache.path, directories: dirs, standard: [])?.faces.count == 8)
      // One removed from the top folder.
      try FileManager.default.removeItem(at: fonts.appendingPathComponent("face-0.TTF"))
      #expect(FontCache.read(from: cache.path, directories: dirs, standard: []) == nil)
    }
  }

  @Test func damagedIndexesAreRefused() throws {
    try FontCacheTests.withFolders { fonts, cache in
      let dirs = [fonts.path]
      let good = FontCache.encode(FontCatalog(scanning: dirs, standard: []))
      #expect(FontCache.decode(good, directories: dirs) != nil)
      #expect(FontCache.decode(good, directories: ["/elsewhere"]) == nil)
      // Every cut, and bytes changed anywhere (the checksum catches them).
      for n in stride(from: 0, to: good.count, by: max(1, good.count / 300)) {
        #expect(FontCache.decode(Array(good[..<n]), directories: dirs) == nil, "cut at \(n)")
      }
      var r = RasterCoverageTests.Random(state: 11)
      for _ in 0..<500 {
        var bad = good
        for _ in 0..<(1 + Int(r.next() * 4)) {
          bad[Int(r.next() * Double(bad.count))] ^= UInt8(1 + Int(r.next() * 255))
        }
        #expect(FontCache.decode(bad, directories: dirs) == nil)
      }
      // Random bytes after the magic line, with a checksum that matches them.
      for size in [0, 8, 64, 4096] {
        var bytes = FontCache.magic + (0..<size).map { _ in UInt8(r.next() * 256) }
        withUnsafeBytes(of: IndexChecksum.of(bytes).littleEndian) { bytes += $0 }
        #expect(FontCache.decode(bytes, directories: dirs) == nil)
      }
      // A sound index whose faces lie outside the directories indexed.
      let outside = FontCatalog(
        directories: dirs,
        faces: [
          FontFace(
            path: fonts.path + "/../etc/face.ttf", faceIndex: 0, family: "X", legacyFamily: "X", style: "Regular",
            weight: 400, width: 5, isItalic: false)
        ], problems: [], cuts: [], stamps: [])
      #expect(FontCache.decode(FontCache.encode(outside), directories: dirs) == nil)
      // Faces named by a stamp of their directory and their own name: the
      // stamp must lie inside the directories indexed, and the name be a
      // name ("..", the directory's parent, is not); a face whose folder
      // has no stamp is kept by its whole path.
      func face(_ path: String) -> FontFace {
        FontFace(
          path: path, faceIndex: 0, family: "X", legacyFamily: "X", style: "Regular", weight: 400, width: 5,
          isItalic: false)
      }
      func stamped(_ faces: [String], stamps: [String]) -> [UInt8] {
        FontCache.encode(
          FontCatalog(
            directories: dirs, faces: faces.map(face), problems: [], cuts: [],
            stamps: stamps.map { FontDirectoryStamp(path: $0, version: [1, 2, 3, 4, 5]) }))
      }
      let sub = fonts.path + "/sub"
      let kept = FontCache.decode(
        stamped([sub + "/a.ttf", fonts.path + "/b.otf", fonts.path + "/none/c.ttf"], stamps: [fonts.path, sub]),
        directories: dirs)
      #expect(kept?.faces.map(\.path) == [sub + "/a.ttf", fonts.path + "/b.otf", fonts.path + "/none/c.ttf"])
      #expect(FontCache.decode(stamped(["/etc/face.ttf"], stamps: ["/etc"]), directories: dirs) == nil)
      #expect(FontCache.decode(stamped([sub + "/.."], stamps: [sub]), directories: dirs) == nil)
      #expect(
        FontCache.decode(stamped([fonts.path + "/../x.ttf"], stamps: [fonts.path + "/.."]), directories: dirs) == nil)
      #expect(FontCache.climbs("/a/../b") && FontCache.climbs("/a/..") && !FontCache.climbs("/a/..b/.c"))
    }
  }

  @Test func theCommandLineKeepsAnIndex() throws {
    try FontCacheTests.withFolders { fonts, cache in
      let source = cache.appendingPathComponent("b.badge")
      try Data("badge B size 80, 30 { text(\"Hi\").font(family: \"Nimbus Sans\") }".utf8).write(to: source)
      func run() throws -> Data {
        let r = try Support.run(
          Support.badgec, [source.path, "--font-dir", fonts.path, "-o", "-"],
          environment: ["XDG_CACHE_HOME": cache.path])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
      }
      let first = try run()
      let indexes = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("badgec").path)
      #expect(indexes.count == 1 && indexes[0].hasPrefix("fonts-") && indexes[0].hasSuffix(".index"), "\(indexes)")
      #expect(try run() == first)
      // A damaged index is passed over, and written anew.
      let index = cache.appendingPathComponent("badgec/" + indexes[0])
      try Data("badgec font index 2\ngarbage".utf8).write(to: index)
      #expect(try run() == first)
      #expect(try Data(contentsOf: index).count > 100)
    }
  }
}
