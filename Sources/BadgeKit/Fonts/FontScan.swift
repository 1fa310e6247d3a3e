// Finding font files and reading what each face says it is: directories in,
// `FontFace`s out. The walk goes down directories in a fixed order (names
// sorted by their bytes), to a depth limit, never into a directory twice
// (so links that loop end), and takes files ending in .ttf, .otf, .ttc or
// .otc. Of each file it reads only the table directory and the 'name',
// 'OS/2' and 'head' tables, by byte ranges: never the outlines. Files that
// cannot be read as fonts are passed over.

/// Walking font directories and reading font files' headers.
enum FontScan {
  /// How deep below a font directory the walk goes.
  static let maxDepth = 8
  /// The most font files one scan reads, against a directory tree that
  /// never ends.
  static let maxFiles = 20_000
  /// The longest 'name' table read, in bytes (real ones hold a few KiB).
  static let maxNameTable = 1 << 20

  /// Whether `name` ends in a font file's extension, ignoring case.
  static func isFontFile(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") || lower.hasSuffix(".otc")
  }

  /// The font files under `directories`, in walk order: each directory in
  /// turn, and within one, names sorted by their bytes, depth first.
  static func fontFiles(in directories: [String]) -> [String] {
    var files: [String] = []
    var seen = Set<FileIdentity>()
    for directory in directories {
      walk(directory, depth: 0, files: &files, seen: &seen)
    }
    return files
  }

  private static func walk(_ directory: String, depth: Int, files: inout [String], seen: inout Set<FileIdentity>) {
    guard depth <= maxDepth, files.count < maxFiles, let id = FileSystem.identity(of: directory),
      seen.insert(id).inserted, let names = try? FileSystem.entries(of: directory)
    else { return }
    for name in names where files.count < maxFiles {
      let path = FileSystem.join(directory, name)
      if isFontFile(name) {
        files.append(path)
      } else if !name.hasPrefix("."), FileSystem.kind(of: path) == .directory {
        walk(path, depth: depth + 1, files: &files, seen: &seen)
      }
    }
  }

  /// The faces of the font file at `path`, each with its names and style;
  /// an error when the file cannot be read or is not a font.
  static func faces(inFile path: String) throws(FontError) -> [FontFace] {
    let file: OpenFile
    do { file = try OpenFile(path) } catch { throw FontError(message: "cannot read '\(path)': \(error.reason)") }
    func read(_ offset: Int, _ count: Int) throws(FontError) -> FontBytes {
      do { return FontBytes(try file.bytes(at: offset, count: count)) } catch {
        throw FontError(message: "cannot read '\(path)': \(error.reason)")
      }
    }
    // The header and, for most fonts, the whole table directory.
    var head = try read(0, 1_024)
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
      func table(_ tag: StaticString, limit: Int = 1 << 16) throws(FontError) -> FontBytes? {
        guard let entry = directory.table(fontTag(tag)), entry.length <= limit else { return nil }
        return try read(entry.offset, entry.length)
      }
      let names = try table("name", limit: maxNameTable).map(FontNames.init) ?? FontNames()
      guard !names.family.isEmpty else { continue }
      let os2 = try table("OS/2").flatMap(OS2Table.init)
      let macStyle = try table("head").flatMap(HeadTable.macStyle)
      let style = FaceStyle(os2: os2, macStyle: macStyle)
      faces.append(
        FontFace(
          path: path, faceIndex: index, family: names.family, legacyFamily: names.legacyFamily, style: names.style,
          weight: style.weight, width: style.width, isItalic: style.isItalic))
    }
    return faces
  }
}
