// The index of the font directories kept between processes: a catalog and
// the directories it was scanned from in; the catalog back out while every
// directory read then has the same version (device, inode, size and
// modification time: a font added, removed or renamed in a directory
// changes its time), else nil, and the caller scans again. One file per set
// of directories, in a folder of the user's caches, written whole to a
// temporary file and renamed into place, so a reader sees an old index or
// a new one. Read with every length and count checked against what is
// left and a checksum over the whole (IndexChecksum.swift): a damaged,
// truncated, foreign or hostile file is nil, never a crash; faces outside
// the directories indexed are refused.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes the font index (`FontCatalog` and its stamps).
public enum FontCache {
  /// The version of the index's format, in its first line and its name.
  static let formatVersion = 4
  static let magic = Array("badgec font index \(formatVersion)\n".utf8)
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

  /// The index file for a set of directories: named by the format's
  /// version and a hash of them (so that badgec versions with different
  /// formats keep an index each, instead of replacing each other's).
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
    return FileSystem.join(folder, "fonts-\(formatVersion)-" + String(decoding: name, as: UTF8.self) + ".index")
  }

  /// The catalog kept in `folder` for the caller's `directories` and the
  /// `standard` ones, if one is there, sound, for these directories, and
  /// none of the directories it was read from has changed since.
  static func read(from folder: String, directories: [String], standard: [String]) -> FontCatalog? {
    let path = file(in: folder, directories: directories, standard: standard)
    guard let bytes = try? FileSystem.contents(of: path, limit: maxFileSize) else { return nil }
    guard let catalog = decode(bytes, directories: directories + standard) else { return nil }
    for stamp in catalog.stamps where !FileSystem.has(stamp.path, version: stamp.version) { return nil }
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
  /// cuts, the names (families, styles and file names, each once), the
  /// faces and the faces of each family key, then the checksum of all
  /// before it (`IndexChecksum`; a CRC-32 up to version 3). Numbers are little-endian 64-bit; strings a length and their UTF-8
  /// bytes. A face is eight little-endian 32-bit numbers: the stamp of its
  /// file's directory (all ones: none, and the name is the whole path), its
  /// file's name, its index in the file, its family, four-style family and
  /// style names, its weight, and its width with 256 if it is italic.
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
    func name(_ s: String) -> UInt32 {
      if let n = numbers[s] { return UInt32(n) }
      numbers[s] = names.count
      names.append(s)
      return UInt32(names.count - 1)
    }
    // A face's file is named by its directory's stamp and its own name
    // where the two join to its path, else by its whole path.
    var stampOf: [String: Int] = [:]
    for (i, stamp) in catalog.stamps.enumerated() where stampOf[stamp.path] == nil { stampOf[stamp.path] = i }
    let records = catalog.faces.map { face -> [UInt32] in
      var file = (UInt32.max, face.path)
      if let slash = face.path.lastIndex(of: "/") {
        let own = String(face.path[face.path.index(after: slash)...])
        let folder = String(face.path[..<slash])
        if let i = stampOf[folder] ?? stampOf[folder + "/"], !own.isEmpty,
          FileSystem.join(catalog.stamps[i].path, own) == face.path
        {
          file = (UInt32(i), own)
        }
      }
      return [
        file.0, name(file.1), UInt32(face.faceIndex), name(face.family), name(face.legacyFamily), name(face.style),
        UInt32(face.weight), UInt32(face.width) | (face.isItalic ? 1 << 8 : 0),
      ]
    }
    number(UInt64(names.count))
    names.forEach(string)
    number(UInt64(catalog.faces.count))
    for record in records {
      for v in record { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    }
    let families = catalog.familyIndex.all.sorted { $0.key < $1.key }
    number(UInt64(families.count))
    for (key, indices) in families {
      string(key)
      number(UInt64(indices.count))
      indices.forEach { number(UInt64($0)) }
    }
    number(IndexChecksum.of(out))
    return out
  }

  /// The catalog in `bytes` if they are a sound index of exactly
  /// `directories`, else nil.
  static func decode(_ bytes: [UInt8], directories: [String]) -> FontCatalog? {
    guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
    let sum = bytes.withUnsafeBytes { IndexChecksum.of(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 8)])) }
    var reader = Reader(bytes: bytes, at: magic.count, end: bytes.count - 8)
    guard reader.number(at: bytes.count - 8) == sum else { return nil }
    guard let dirCount = reader.count(), dirCount == directories.count else { return nil }
    for d in directories { guard reader.string() == d else { return nil } }
    guard let stampCount = reader.count() else { return nil }
    var stamps: [FontDirectoryStamp] = []
    for _ in 0..<stampCount {
      guard let path = reader.string(), let n = reader.count(), n <= 8 else { return nil }
      var version = [UInt64](repeating: 0, count: n)
      for k in 0..<n {
        guard let v = reader.next() else { return nil }
        version[k] = v
      }
      stamps.append(FontDirectoryStamp(path: path, version: version))
    }
    guard let cutCount = reader.count() else { return nil }
    var cuts: [FontScanCut] = []
    for _ in 0..<cutCount {
      guard let d = reader.string(), let many = reader.next(), many <= 1 else { return nil }
      cuts.append(FontScanCut(directory: d, tooManyFiles: many == 1))
    }
    // The names are checked as UTF-8 here and made into strings only when
    // a face is asked for (most faces of a system never are): each one's
    // place in `bytes`, and whether it can be a file's own name in a
    // directory.
    guard let nameCount = reader.count() else { return nil }
    var spans: [UInt32] = []
    spans.reserveCapacity(2 * nameCount)
    var isOwnName: [Bool] = []
    isOwnName.reserveCapacity(nameCount)
    for _ in 0..<nameCount {
      guard let b = reader.stringBytes(), FontCache.isUTF8(b) else { return nil }
      spans.append(UInt32(b.startIndex))
      spans.append(UInt32(b.count))
      isOwnName.append(
        b.withUnsafeBufferPointer { b in
          !b.isEmpty && !(b.count <= 2 && b.allSatisfy { $0 == UInt8(ascii: ".") })
            && memchr(b.baseAddress!, Int32(UInt8(ascii: "/")), b.count) == nil
        })
    }
    // A face's file lies in one of the directories indexed: a stamp's
    // directory inside one of them (checked once a stamp) and a name of
    // its own, or a whole path checked as it is. What follows the
    // directory has no ".." part.
    let roots = directories.map { Array($0.utf8) + ($0.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) }
    var lastRoot = 0  // stamps come a directory given at a time
    func isIndexed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      func inside(_ r: Int) -> Bool {
        let root = roots[r]
        return bytes.count >= root.count && memcmp(bytes.baseAddress!, root, root.count) == 0
          && !FontCache.climbs(UnsafeBufferPointer(rebasing: bytes[root.count...]))
      }
      if !roots.isEmpty, inside(lastRoot) { return true }
      guard let r = roots.indices.first(where: inside) else { return false }
      lastRoot = r
      return true
    }
    func isIndexed(_ path: String) -> Bool {
      var path = path
      return path.withUTF8 { isIndexed($0) }
    }
    // The start of the paths of the files in each stamp's directory, nil
    // for one outside the directories indexed.
    let given = Set(directories)
    let stampPrefix = stamps.map { stamp -> String? in
      guard !stamp.path.isEmpty, stamp.path != ".", given.contains(stamp.path) || isIndexed(stamp.path) else {
        return nil
      }
      return stamp.path.hasSuffix("/") ? stamp.path : FontCache.joined(stamp.path, "/")
    }
    guard let faceCount = reader.count(each: 4 * FontFaceRecords.width) else { return nil }
    var numbers = [UInt32](repeating: 0, count: faceCount * FontFaceRecords.width)
    for i in 0..<faceCount {
      let at = i * FontFaceRecords.width
      for k in 0..<FontFaceRecords.width { numbers[at + k] = reader.next32() }
      let (stamp, file, index) = (Int(numbers[at]), Int(numbers[at + 1]), Int(numbers[at + 2]))
      let (family, legacy, style) = (Int(numbers[at + 3]), Int(numbers[at + 4]), Int(numbers[at + 5]))
      let (weight, widthAndSlant) = (Int(numbers[at + 6]), Int(numbers[at + 7]))
      guard file < nameCount, index < 1 << 16, family < nameCount, legacy < nameCount, style < nameCount,
        (1...1000).contains(weight), (1...9).contains(widthAndSlant & 0xFF), widthAndSlant >> 8 <= 1
      else { return nil }
      if stamp == Int(UInt32.max) {
        let (start, count) = (Int(spans[2 * file]), Int(spans[2 * file + 1]))
        guard bytes.withUnsafeBufferPointer({ isIndexed(UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) })
        else { return nil }
      } else {
        guard stamp < stamps.count, stampPrefix[stamp] != nil, isOwnName[file] else { return nil }
      }
    }
    let faces = FontFaces(FontFaceRecords(numbers: numbers, bytes: bytes, nameSpans: spans, prefixes: stampPrefix))
    guard let familyCount = reader.count() else { return nil }
    // The families are searched in the index's table when asked for (see
    // FamilyIndex), checked here.
    var keys: [UInt32] = []
    var starts: [UInt32] = [0]
    var familyFaces: [UInt32] = []
    keys.reserveCapacity(2 * familyCount)
    starts.reserveCapacity(familyCount + 1)
    for _ in 0..<familyCount {
      guard let key = reader.stringBytes(), FontCache.isUTF8(key), let n = reader.count() else { return nil }
      keys.append(UInt32(key.startIndex))
      keys.append(UInt32(key.count))
      for _ in 0..<n {
        guard let i = reader.next(), i < UInt64(faceCount) else { return nil }
        familyFaces.append(UInt32(i))
      }
      starts.append(UInt32(familyFaces.count))
    }
    guard reader.at == reader.end else { return nil }
    let familyIndex = FamilyIndex(bytes: bytes, keys: keys, starts: starts, faces: familyFaces)
    return FontCatalog(
      directories: directories, faces: faces, problems: [], cuts: cuts, stamps: stamps, familyIndex: familyIndex)
  }

  /// Whether `path` has a ".." part (it could leave the folders indexed).
  static func climbs(_ path: String) -> Bool {
    var path = path
    return path.withUTF8(climbs)
  }

  /// Whether `bytes` are UTF-8 (ASCII, the common case, taken without the
  /// general check).
  static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { b in
      b.allSatisfy { $0 < 0x80 } || String(validating: b, as: UTF8.self) != nil
    }
  }

  /// `bytes` as a string if they are UTF-8, else nil (ASCII, the common
  /// case, taken without the general check).
  static func string(_ bytes: ArraySlice<UInt8>) -> String? {
    bytes.withUnsafeBufferPointer { b in
      b.allSatisfy { $0 < 0x80 } ? String(decoding: b, as: UTF8.self) : String(validating: b, as: UTF8.self)
    }
  }

  /// `a` followed by `b`, made in one allocation.
  static func joined(_ a: String, _ b: String) -> String {
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        String(unsafeUninitializedCapacity: x.count + y.count) { out in
          _ = out.initialize(fromContentsOf: x)
          _ = out[x.count...].initialize(fromContentsOf: y)
          return x.count + y.count
        }
      }
    }
  }

  /// Whether the UTF-8 path `path` has a ".." part.
  static func climbs(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    var dots = 0
    var partStart = true
    for b in path {
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
      precondition(offset >= 0 && offset <= bytes.count - 8)
      return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    mutating func next() -> UInt64? {
      guard end - at >= 8 else { return nil }
      defer { at += 8 }
      return number(at: at)
    }

    /// A count of records, each at least `each` bytes: no more than fit.
    mutating func count(each: Int = 8) -> Int? {
      guard let n = next(), n <= UInt64((end - at) / each) else { return nil }
      return Int(n)
    }

    /// The next 32-bit number, which `count(each:)` has found room for.
    mutating func next32() -> UInt32 {
      precondition(at >= 0 && at <= end - 4)
      defer { at += 4 }
      return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    }

    mutating func string() -> String? {
      guard let slice = stringBytes() else { return nil }
      return FontCache.string(slice)
    }

    /// A string's bytes, not yet checked as UTF-8.
    mutating func stringBytes() -> ArraySlice<UInt8>? {
      guard let n = next(), n <= 1 << 16, n <= UInt64(end - at) else { return nil }
      defer { at += Int(n) }
      return bytes[at..<(at + Int(n))]
    }
  }
}
