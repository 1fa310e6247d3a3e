// The index of the font directories kept between processes: a catalog and
// the directories it was scanned from in; the catalog back out while every
// directory read then has the same version (device, inode, size and
// modification time: a font added, removed or renamed in a directory
// changes its time), else nil, and the caller scans again. One file per set
// of directories, in a folder of the user's caches, written whole to a
// temporary file and renamed into place, so a reader sees an old index or
// a new one. Read with every length and count checked against what is
// left and a CRC-32 over the whole: a damaged, truncated, foreign or
// hostile file is nil, never a crash; faces outside the directories
// indexed are refused.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes the font index (`FontCatalog` and its stamps).
public enum FontCache {
  static let magic = Array("badgec font index 2\n".utf8)
  /// The largest index read (a catalog of every allowed file is far less).
  static let maxFileSize = 32 << 20

  /// The folder for badgec's caches: `$XDG_CACHE_HOME/badgec`, else
  /// `$HOME/.cache/badgec`; nil when neither is set (or they are relative,
  /// which the XDG rules say to ignore).
  public static func defaultFolder(environment: (String) -> String? = FileSystem.environment) -> String? {
    if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return FileSystem.join(xdg, "badgec") }
    if let home = environment("HOME"), home.hasPrefix("/") { return FileSystem.join(home, ".cache/badgec") }
    return nil
  }

  /// The index file for a set of directories: named by a hash of them.
  static func file(in folder: String, directories: [String], standard: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for d in directories + ["\u{1}"] + standard {
      for b in d.utf8 + [0] {
        hash ^= UInt64(b)
        hash &*= 0x100_0000_01b3
      }
    }
    let hex = Array("0123456789abcdef".utf8)
    let name = (0..<16).map { hex[Int(hash >> (60 - 4 * UInt64($0)) & 0xF)] }
    return FileSystem.join(folder, "fonts-" + String(decoding: name, as: UTF8.self) + ".index")
  }

  /// The catalog kept in `folder` for the caller's `directories` and the
  /// `standard` ones, if one is there, sound, for these directories, and
  /// none of the directories it was read from has changed since.
  static func read(from folder: String, directories: [String], standard: [String]) -> FontCatalog? {
    let path = file(in: folder, directories: directories, standard: standard)
    guard let bytes = try? FileSystem.contents(of: path, limit: maxFileSize) else { return nil }
    guard let catalog = decode(bytes, directories: directories + standard) else { return nil }
    for stamp in catalog.stamps where (FileSystem.version(of: stamp.path) ?? []) != stamp.version { return nil }
    return catalog
  }

  /// Writes `catalog` (scanned from the caller's `directories` and the
  /// standard ones) to its file in `folder`, making the folder if need
  /// be. Nothing is reported: without an index the next process scans.
  static func write(_ catalog: FontCatalog, to folder: String, directories: [String]) {
    let standard = Array(catalog.directories.dropFirst(directories.count))
    let path = file(in: folder, directories: directories, standard: standard)
    guard FileSystem.makeFolders(folder, mode: 0o700) else { return }
    let bytes = encode(catalog)
    var random = SystemRandomNumberGenerator()
    let temp = path + ".tmp-" + String(random.next() % 1_000_000_000)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    var written = 0
    let ok = bytes.withUnsafeBytes { raw -> Bool in
      while written < raw.count {
        #if canImport(Glibc)
          let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
        #else
          let n = Darwin.write(fd, raw.baseAddress! + written, raw.count - written)
        #endif
        if n <= 0 { return false }
        written += n
      }
      return true
    }
    close(fd)
    if !ok || rename(temp, path) != 0 { unlink(temp) }
  }

  // MARK: The format

  /// The index's bytes: the magic line, the directories, the stamps, the
  /// cuts, the names (families and styles, each once), the faces (their
  /// names by number) and the faces of each family key, then a CRC-32 of
  /// all before it. Numbers are little-endian 64-bit; strings a length and
  /// their UTF-8 bytes.
  static func encode(_ catalog: FontCatalog) -> [UInt8] {
    var out = magic
    func number(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    func string(_ s: String) {
      number(UInt64(s.utf8.count))
      out += s.utf8
    }
    number(UInt64(catalog.directories.count))
    catalog.directories.forEach(string)
    number(UInt64(catalog.stamps.count))
    for stamp in catalog.stamps {
      string(stamp.path)
      number(UInt64(stamp.version.count))
      stamp.version.forEach(number)
    }
    number(UInt64(catalog.cuts.count))
    for cut in catalog.cuts {
      string(cut.directory)
      number(cut.tooManyFiles ? 1 : 0)
    }
    var names: [String] = []
    var numbers: [String: Int] = [:]
    func name(_ s: String) -> UInt64 {
      if let n = numbers[s] { return UInt64(n) }
      numbers[s] = names.count
      names.append(s)
      return UInt64(names.count - 1)
    }
    let faceNames = catalog.faces.map { [name($0.family), name($0.legacyFamily), name($0.style)] }
    number(UInt64(names.count))
    names.forEach(string)
    number(UInt64(catalog.faces.count))
    for (face, n) in zip(catalog.faces, faceNames) {
      string(face.path)
      number(UInt64(face.faceIndex))
      n.forEach(number)
      number(UInt64(face.weight))
      number(UInt64(face.width))
      number(face.isItalic ? 1 : 0)
    }
    let families = catalog.familyIndex.sorted { $0.key < $1.key }
    number(UInt64(families.count))
    for (key, indices) in families {
      string(key)
      number(UInt64(indices.count))
      indices.forEach { number(UInt64($0)) }
    }
    var crc = CRC32()
    crc.update(out)
    number(UInt64(crc.checksum))
    return out
  }

  /// The catalog in `bytes` if they are a sound index of exactly
  /// `directories`, else nil.
  static func decode(_ bytes: [UInt8], directories: [String]) -> FontCatalog? {
    guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
    var crc = CRC32()
    crc.update(Array(bytes[..<(bytes.count - 8)]))
    var reader = Reader(bytes: bytes, at: magic.count, end: bytes.count - 8)
    guard reader.number(at: bytes.count - 8) == UInt64(crc.checksum) else { return nil }
    guard let dirCount = reader.count(), dirCount == directories.count else { return nil }
    for d in directories { guard reader.string() == d else { return nil } }
    guard let stampCount = reader.count() else { return nil }
    var stamps: [FontDirectoryStamp] = []
    for _ in 0..<stampCount {
      guard let path = reader.string(), let n = reader.count(), n <= 8 else { return nil }
      var version: [UInt64] = []
      for _ in 0..<n {
        guard let v = reader.next() else { return nil }
        version.append(v)
      }
      stamps.append(FontDirectoryStamp(path: path, version: version))
    }
    guard let cutCount = reader.count() else { return nil }
    var cuts: [FontScanCut] = []
    for _ in 0..<cutCount {
      guard let d = reader.string(), let many = reader.next(), many <= 1 else { return nil }
      cuts.append(FontScanCut(directory: d, tooManyFiles: many == 1))
    }
    guard let nameCount = reader.count() else { return nil }
    var names: [String] = []
    for _ in 0..<nameCount {
      guard let n = reader.string() else { return nil }
      names.append(n)
    }
    func name() -> String? {
      guard let n = reader.next(), n < UInt64(names.count) else { return nil }
      return names[Int(n)]
    }
    guard let faceCount = reader.count() else { return nil }
    var faces: [FontFace] = []
    faces.reserveCapacity(faceCount)
    // A face's file lies in one of the directories indexed.
    let roots = directories.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    for _ in 0..<faceCount {
      guard let path = reader.string(), roots.contains(where: { path.hasPrefix($0) }), !FontCache.climbs(path),
        let index = reader.next(), index < 1 << 16, let family = name(), let legacy = name(), let style = name(),
        let weight = reader.next(), (1...1000).contains(weight), let width = reader.next(), (1...9).contains(width),
        let italic = reader.next(), italic <= 1
      else { return nil }
      faces.append(
        FontFace(
          path: path, faceIndex: Int(index), family: family, legacyFamily: legacy, style: style, weight: Int(weight),
          width: Int(width), isItalic: italic == 1))
    }
    guard let familyCount = reader.count() else { return nil }
    var familyIndex: [String: [Int]] = [:]
    for _ in 0..<familyCount {
      guard let key = reader.string(), let n = reader.count() else { return nil }
      var indices: [Int] = []
      for _ in 0..<n {
        guard let i = reader.next(), i < UInt64(faces.count) else { return nil }
        indices.append(Int(i))
      }
      familyIndex[key] = indices
    }
    guard reader.at == reader.end else { return nil }
    return FontCatalog(
      directories: directories, faces: faces, problems: [], cuts: cuts, stamps: stamps, familyIndex: familyIndex)
  }

  /// Whether `path` has a ".." part (it could leave the folders indexed).
  static func climbs(_ path: String) -> Bool {
    var dots = 0
    var partStart = true
    for b in path.utf8 {
      if b == UInt8(ascii: "/") {
        if partStart && dots == 2 { return true }
        (dots, partStart) = (0, true)
      } else if b == UInt8(ascii: ".") && partStart {
        dots += 1
      } else {
        (dots, partStart) = (0, false)
      }
    }
    return partStart && dots == 2
  }

  /// Reads numbers and strings, each checked against the bytes left.
  struct Reader {
    let bytes: [UInt8]
    var at: Int
    let end: Int

    func number(at offset: Int) -> UInt64 {
      var v: UInt64 = 0
      for k in 0..<8 { v |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
      return v
    }

    mutating func next() -> UInt64? {
      guard end - at >= 8 else { return nil }
      defer { at += 8 }
      return number(at: at)
    }

    /// A count of records, each at least eight bytes: no more than fit.
    mutating func count() -> Int? {
      guard let n = next(), n <= UInt64((end - at) / 8) else { return nil }
      return Int(n)
    }

    mutating func string() -> String? {
      guard let n = next(), n <= 1 << 16, n <= UInt64(end - at) else { return nil }
      let slice = bytes[at..<(at + Int(n))]
      at += Int(n)
      return String(validating: slice, as: UTF8.self)
    }
  }
}
