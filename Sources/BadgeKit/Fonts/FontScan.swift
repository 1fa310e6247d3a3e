// Finding font files and reading what each face says it is: directories in,
// `FontFace`s out. The walk goes down directories in a fixed order (names
// sorted by their bytes), to a depth limit, never into a directory twice
// (so links that loop end), and takes files ending in .ttf, .otf, .ttc or
// .otc. Of each file it reads only the table directory and the 'name',
// 'OS/2' and 'head' tables, by byte ranges: never the outlines. Files that
// cannot be read as fonts are passed over.

/// A font directory given to the scan that was not walked whole.
public struct FontScanCut: Hashable, Sendable {
  /// The directory as given.
  public var directory: String
  /// Whether it holds more than `FontScan.maxFiles` font files (the rest
  /// were passed over); else it has folders deeper than
  /// `FontScan.maxDepth` (not walked).
  public var tooManyFiles: Bool
}

/// A directory the walk read (or a directory given that was missing), and
/// the version of it then (`FileSystem.version`; empty when missing): a
/// font added, removed or renamed in it gives it another version.
public struct FontDirectoryStamp: Hashable, Sendable {
  public var path: String
  public var version: [UInt64]
}

/// Walking font directories and reading font files' headers.
enum FontScan {
  /// How deep below a font directory the walk goes.
  static let maxDepth = 8
  /// The most font files the walk takes from each directory it is given
  /// (each `--font-dir`, each folder of the search path, each standard
  /// folder), against a tree that never ends: one folder full of files
  /// does not starve the others.
  static let maxFiles = 20_000
  /// The longest 'name' table read, in bytes (real ones hold a few KiB).
  static let maxNameTable = 1 << 20
  /// The most bytes read of one file's headers and tables, all faces of a
  /// collection counted (a table shared by faces is read once).
  static let maxBytesRead = 8 << 20
  /// Tables at most this many bytes apart are read in one go: copying the
  /// bytes between costs less than another read.
  static let maxGap = 16 << 10

  /// Whether `name` ends in a font file's extension, ignoring case.
  static func isFontFile(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") || lower.hasSuffix(".otc")
  }

  /// The font files under `directories`, in walk order: each directory in
  /// turn, and within one, names sorted by their bytes, depth first; and
  /// the directories whose walk stopped at a limit.
  static func fontFiles(in directories: [String]) -> (
    files: [String], cuts: [FontScanCut], stamps: [FontDirectoryStamp]
  ) {
    var files: [String] = []
    var cuts: [FontScanCut] = []
    var seen = Set<FileIdentity>()
    var stamps: [FontDirectoryStamp] = []
    for directory in directories {
      if FileSystem.kind(of: directory) != .directory {
        stamps.append(FontDirectoryStamp(path: directory, version: FileSystem.version(of: directory) ?? []))
      }
      var walk = Walk(root: directory)
      walk.visit(directory, depth: 0, &files, &seen, &stamps)
      if walk.tooManyFiles || walk.tooDeep {
        cuts.append(FontScanCut(directory: directory, tooManyFiles: walk.tooManyFiles))
      }
    }
    return (files, cuts, stamps)
  }

  /// The walk of one directory given: what it has taken and where it
  /// stopped.
  private struct Walk {
    let root: String
    var taken = 0
    var tooManyFiles = false
    var tooDeep = false

    mutating func visit(
      _ directory: String, depth: Int, _ files: inout [String], _ seen: inout Set<FileIdentity>,
      _ stamps: inout [FontDirectoryStamp]
    ) {
      guard depth <= maxDepth else {
        tooDeep = true
        return
      }
      guard let id = FileSystem.identity(of: directory), seen.insert(id).inserted,
        let version = FileSystem.version(of: directory), let entries = try? FileSystem.typedEntries(of: directory)
      else { return }
      stamps.append(FontDirectoryStamp(path: directory, version: version))
      for (name, kind) in entries {
        let path = FileSystem.join(directory, name)
        if isFontFile(name) {
          guard taken < maxFiles else {
            tooManyFiles = true
            return
          }
          taken += 1
          files.append(path)
        } else if !name.hasPrefix("."), (kind ?? FileSystem.kind(of: path)) == .directory {
          visit(path, depth: depth + 1, &files, &seen, &stamps)
          if tooManyFiles { return }
        }
      }
    }
  }

  /// The faces of the font file at `path`, each with its names and style;
  /// an error when the file cannot be read or is not a font.
  static func faces(inFile path: String) throws(FontError) -> [FontFace] {
    let file: OpenFile
    do { file = try OpenFile(path) } catch { throw FontError(message: "cannot read '\(path)': \(error.reason)") }
    var budget = maxBytesRead
    var tables: [[Int]: FontBytes] = [:]
    func read(_ offset: Int, _ count: Int) throws(FontError) -> FontBytes {
      budget -= count
      guard budget >= 0 else { throw FontError(message: "cannot read '\(path)': its headers take too many bytes") }
      do { return FontBytes(try file.bytes(at: offset, count: count)) } catch {
        throw FontError(message: "cannot read '\(path)': \(error.reason)")
      }
    }
    // The header and, for most fonts, the whole table directory, and in
    // many the small tables that follow it.
    var head = try read(0, 2_048)
    if head.u32(0) == 0x7474_6366, let n = head.u32(8), n <= SfntDirectory.maxFaces, 12 + 4 * n > head.count {
      head = try read(0, 12 + 4 * n)
    }
    let offsets = try SfntDirectory.faceOffsets(head)
    var faces: [FontFace] = []
    for (index, offset) in offsets.enumerated() {
      var start = offset + 12 <= head.count ? head.from(offset) : nil
      if start == nil { start = try read(offset, 12) }
      guard var directoryBytes = start, let size = SfntDirectory.size(of: directoryBytes) else { throw .notAFont }
      if directoryBytes.count < size { directoryBytes = try read(offset, size) }
      let directory = try SfntDirectory(directoryBytes)
      // The three tables, read together where they lie close; those in the
      // first bytes read, or shared with a face before, are not read again.
      let wanted = [("name", maxNameTable), ("OS/2", 1 << 16), ("head", 1 << 16)].compactMap { tag, limit in
        directory.table(fontTag(tag)).flatMap { $0.length <= limit ? $0 : nil }
      }
      let missing = wanted.filter { head.range($0.offset, $0.length) == nil && tables[[$0.offset, $0.length]] == nil }
        .sorted { $0.offset < $1.offset }
      var i = 0
      while i < missing.count {
        let first = missing[i].offset
        var end = first + missing[i].length
        var j = i + 1
        while j < missing.count && missing[j].offset - end <= maxGap {
          end = max(end, missing[j].offset + missing[j].length)
          j += 1
        }
        let chunk = try read(first, end - first)
        for e in missing[i..<j] { tables[[e.offset, e.length]] = chunk.range(e.offset - first, e.length) }
        i = j
      }
      func table(_ tag: StaticString) -> FontBytes? {
        guard let entry = wanted.first(where: { $0.tag == fontTag(tag) }) else { return nil }
        return head.range(entry.offset, entry.length) ?? tables[[entry.offset, entry.length]]
      }
      let names = table("name").map(FontNames.init) ?? FontNames()
      guard !names.family.isEmpty else { continue }
      let os2 = table("OS/2").flatMap(OS2Table.init)
      let macStyle = table("head").flatMap(HeadTable.macStyle)
      let style = FaceStyle(os2: os2, macStyle: macStyle)
      faces.append(
        FontFace(
          path: path, faceIndex: index, family: names.family, legacyFamily: names.legacyFamily, style: names.style,
          weight: style.weight, width: style.width, isItalic: style.isItalic))
    }
    return faces
  }
}
