// Font discovery: directories and a request (a family, a weight, a slant)
// in; the face to draw with, or an error value saying what was found
// instead, out. The catalog is made by scanning the caller's directories
// (--font-dir, BADGEC_FONT_PATH) and the standard ones once per process
// per set of directories, or taken from the index an earlier process kept
// (FontCache.swift) while those directories are unchanged; fonts are read
// once per process per file and face. Both caches are shared by all
// threads behind a mutex.
import Synchronization

/// What a text asks for: a family, or the path of a font file (it holds a
/// "/" or ends in .ttf, .otf, .ttc or .otc), a CSS weight and a slant.
public struct FontRequest: Hashable, Sendable {
  /// nil: the first of `FontCatalog.defaultFamilies` that is installed.
  public var family: String?
  /// CSS weight, 1 to 1000 (400 regular, 700 bold).
  public var weight: Int
  public var italic: Bool

  public init(family: String? = nil, weight: Int = 400, italic: Bool = false) {
    self.family = family
    self.weight = weight
    self.italic = italic
  }

  /// Whether `family` names a font file rather than a family.
  public var isPath: Bool {
    guard let family else { return false }
    return family.utf8.contains(UInt8(ascii: "/")) || FontScan.isFontFile(family)
  }
}

/// One face of a font file, as its own 'name', 'OS/2' and 'head' tables
/// describe it.
public struct FontFace: Hashable, Sendable {
  public var path: String
  /// Which face of the file (0 unless it is a collection).
  public var faceIndex: Int
  /// The typographic family (name ID 16, else 1): "DejaVu Sans".
  public var family: String
  /// The four-style family (name ID 1): "DejaVu Sans Condensed".
  public var legacyFamily: String
  /// The style name (ID 17, else 2): "Condensed Bold".
  public var style: String
  /// CSS weight, 1 to 1000.
  public var weight: Int
  /// OS/2 width class, 1 (ultra-condensed) to 9 (ultra-expanded), 5 normal.
  public var width: Int
  public var isItalic: Bool

  public init(
    path: String, faceIndex: Int, family: String, legacyFamily: String, style: String, weight: Int, width: Int,
    isItalic: Bool
  ) {
    self.path = path
    self.faceIndex = faceIndex
    self.family = family
    self.legacyFamily = legacyFamily
    self.style = style
    self.weight = weight
    self.width = width
    self.isItalic = isItalic
  }
}

/// Why no face was found, or a font directory that could not be searched;
/// `message` is the text of a diagnostic (lowercase, no final period).
public enum FontLookupError: Error, Equatable, Sendable {
  /// No installed family has this name; the nearest name, if one is close,
  /// and the families there are.
  case unknownFamily(String, suggestion: String?, families: [String])
  /// No family was named and none of the default families is installed.
  case noDefaultFamily(tried: [String], families: [String])
  /// A font file named by its path cannot be read as a font.
  case unreadableFontFile(String, reason: String)
  /// A font directory given by the caller does not exist or is not a
  /// directory.
  case missingDirectory(String)

  /// The most family names a message lists.
  static let listed = 12

  public var message: String {
    switch self {
    case .unknownFamily(let name, let suggestion, let families):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "no font family '\(name)' is installed\(hint) (\(FontLookupError.list(families)))"
    case .noDefaultFamily(let tried, let families):
      return "none of the default font families is installed (\(tried.joined(separator: ", "))); "
        + "name one (\(FontLookupError.list(families)))"
    case .unreadableFontFile(let path, let reason):
      return "cannot use font file '\(path)': \(reason)"
    case .missingDirectory(let path):
      return "font directory '\(path)' does not exist"
    }
  }

  /// "found: A, B, C and 4 more", or "found no fonts".
  static func list(_ families: [String]) -> String {
    if families.isEmpty { return "found no fonts" }
    let shown = families.prefix(listed).joined(separator: ", ")
    return "found: " + shown + (families.count > listed ? " and \(families.count - listed) more" : "")
  }
}

/// The faces found in a set of font directories, and the choice of a face
/// for a request. Made once per process per set of directories by
/// `shared(directories:)`.
public struct FontCatalog: Sendable {
  /// The families tried in order when a request names none.
  public static let defaultFamilies = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Cantarell", "FreeSans"]

  /// The most bytes of a font file read.
  public static let maxFontFileSize = 64 << 20

  /// The directories searched, in order: the caller's, then the standard
  /// ones.
  public let directories: [String]
  /// Every face found, in the order the directories were walked.
  public let faces: FontFaces
  /// The caller's directories that do not exist, one error each.
  public let problems: [FontLookupError]
  /// The directories whose walk stopped at a limit (`FontScan.maxFiles`
  /// font files, folders `FontScan.maxDepth` deep): what text is set in
  /// warns of each.
  public let cuts: [FontScanCut]
  /// The indices in `faces` of each family, by `FontMatching.key` of its
  /// typographic and of its four-style name.
  let familyIndex: FamilyIndex
  /// The directories the scan read, with their versions then: the catalog
  /// is what they held while none has another version.
  public let stamps: [FontDirectoryStamp]

  /// The system's font directories: /usr/share/fonts, /usr/local/share/fonts,
  /// and ~/.local/share/fonts and ~/.fonts when $HOME is set.
  public static var standardDirectories: [String] {
    var dirs = ["/usr/share/fonts", "/usr/local/share/fonts"]
    if let home = FileSystem.environment("HOME"), !home.isEmpty {
      dirs += [FileSystem.join(home, ".local/share/fonts"), FileSystem.join(home, ".fonts")]
    }
    return dirs
  }

  /// The caller's font directories: those given with --font-dir, in order,
  /// then those of BADGEC_FONT_PATH (colon-separated, empty parts skipped).
  public static func callerDirectories(fontDirs: [String], environment: String?) -> [String] {
    fontDirs + (environment ?? "").split(separator: ":").map(String.init)
  }

  /// Scans `directories` (the caller's, reported when missing) and then
  /// `standard` ones (skipped when missing), without the process' cache.
  public init(scanning directories: [String], standard: [String] = FontCatalog.standardDirectories) {
    var problems: [FontLookupError] = []
    for d in directories where FileSystem.kind(of: d) != .directory {
      problems.append(.missingDirectory(d))
    }
    let all = directories + standard
    var faces: [FontFace] = []
    let walk = FontScan.fontFiles(in: all)
    for file in walk.files {
      if let found = try? FontScan.faces(inFile: file) { faces += found }
    }
    self.init(directories: all, faces: faces, problems: problems, cuts: walk.cuts, stamps: walk.stamps)
  }

  /// A catalog of `faces` found in `directories` (as a cache holds it).
  init(
    directories: [String], faces: [FontFace], problems: [FontLookupError], cuts: [FontScanCut],
    stamps: [FontDirectoryStamp]
  ) {
    self.init(directories: directories, faces: FontFaces(faces), problems: problems, cuts: cuts, stamps: stamps)
  }

  /// A catalog of `faces` found in `directories`, with the faces of each
  /// family key if they are known.
  init(
    directories: [String], faces: FontFaces, problems: [FontLookupError], cuts: [FontScanCut],
    stamps: [FontDirectoryStamp], familyIndex: FamilyIndex? = nil
  ) {
    self.directories = directories
    self.faces = faces
    self.problems = problems
    self.cuts = cuts
    self.stamps = stamps
    if let familyIndex {
      self.familyIndex = familyIndex
      return
    }
    var byFamily: [String: [Int]] = [:]
    for (i, face) in faces.enumerated() {
      let keys = Set([FontMatching.key(face.family), FontMatching.key(face.legacyFamily)])
      for key in keys where !key.isEmpty { byFamily[key, default: []].append(i) }
    }
    self.familyIndex = FamilyIndex(byFamily)
  }

  /// The faces of family `name` (typographic or four-style), in scan order.
  func faces(of name: String) -> [FontFace] {
    (familyIndex[FontMatching.key(name)] ?? []).map { faces[$0] }
  }

  /// The catalog of the caller's `directories` and the standard ones,
  /// scanned on first use and kept for the rest of the process; with a
  /// `cacheFolder`, read from the index kept there by an earlier process
  /// while its directories are unchanged, else scanned and the index
  /// written there (see FontCache).
  public static func shared(directories: [String], cacheFolder: String? = nil) -> FontCatalog {
    let key = directories.joined(separator: "\u{0}")
    return catalogs.withLock { cache in
      if let found = cache[key] { return found }
      let standard = FontCatalog.standardDirectories
      var catalog: FontCatalog
      if let cacheFolder, let kept = FontCache.read(from: cacheFolder, directories: directories, standard: standard) {
        catalog = kept
      } else {
        catalog = FontCatalog(scanning: directories, standard: standard)
        if let cacheFolder { FontCache.write(catalog, to: cacheFolder, directories: directories) }
      }
      // The caller's missing directories are errors of this run, not kept.
      let problems = directories.filter { FileSystem.kind(of: $0) != .directory }.map(FontLookupError.missingDirectory)
      catalog = FontCatalog(
        directories: catalog.directories, faces: catalog.faces, problems: problems, cuts: catalog.cuts,
        stamps: catalog.stamps, familyIndex: catalog.familyIndex)
      cache[key] = catalog
      return catalog
    }
  }

  private static let catalogs = Mutex<[String: FontCatalog]>([:])

  /// The families found (typographic family names), sorted ignoring case.
  public var families: [String] {
    var seen = Set<String>()
    var names: [String] = []
    for face in faces where seen.insert(FontMatching.key(face.family)).inserted { names.append(face.family) }
    return names.sorted { $0.lowercased() < $1.lowercased() }
  }

  /// The face for `request`: of the named family (or font file), else of
  /// the first default family installed, by slant, width and weight.
  public func face(for request: FontRequest) -> Result<FontFace, FontLookupError> {
    guard let family = request.family else {
      for name in FontCatalog.defaultFamilies {
        if let face = FontMatching.best(faces(of: name), weight: request.weight, italic: request.italic) {
          return .success(face)
        }
      }
      return .failure(.noDefaultFamily(tried: FontCatalog.defaultFamilies, families: families))
    }
    if request.isPath {
      let inFile: [FontFace]
      do { inFile = try FontScan.faces(inFile: family) } catch {
        return .failure(.unreadableFontFile(family, reason: FontCatalog.reason(error, path: family)))
      }
      guard let face = FontMatching.best(inFile, weight: request.weight, italic: request.italic) else {
        // No face named: the reader says why when the file is damaged
        // (a table past its end, say).
        do { _ = try FontCatalog.font(at: family) } catch {
          return .failure(.unreadableFontFile(family, reason: FontCatalog.reason(error, path: family)))
        }
        return .failure(.unreadableFontFile(family, reason: "it names no font family"))
      }
      return .success(face)
    }
    if let face = FontMatching.best(faces(of: family), weight: request.weight, italic: request.italic) {
      return .success(face)
    }
    return .failure(.unknownFamily(family, suggestion: suggestion(for: family), families: families))
  }

  /// The installed family nearest to `name`: within a small edit distance,
  /// else one that starts with it (ignoring case, spaces, hyphens).
  func suggestion(for name: String) -> String? {
    var byKey: [String: String] = [:]
    for face in faces {
      for n in [face.family, face.legacyFamily] where !n.isEmpty && byKey[FontMatching.key(n)] == nil {
        byKey[FontMatching.key(n)] = n
      }
    }
    let k = FontMatching.key(name)
    if let near = Suggestions.closest(to: k, in: byKey.keys.sorted()) { return byKey[near] }
    guard !k.isEmpty else { return nil }
    // Of the names it begins ("DejaVu"): a default family first, else the
    // shortest ("DejaVu Sans", not "DejaVu Math TeX Gyre").
    let starting = byKey.keys.filter { $0.hasPrefix(k) }
    if let preferred = FontCatalog.defaultFamilies.first(where: { starting.contains(FontMatching.key($0)) }) {
      return byKey[FontMatching.key(preferred)]
    }
    return starting.min { ($0.count, $0) < ($1.count, $1) }.flatMap { byKey[$0] }
  }

  /// The reason in a FontError about `path`, without the path repeated.
  private static func reason(_ error: FontError, path: String) -> String {
    let prefix = "cannot read '\(path)': "
    return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
  }

  /// The font of `face`, read once per process.
  public func load(_ face: FontFace) throws(FontError) -> Font {
    try FontCatalog.font(at: face.path, faceIndex: face.faceIndex)
  }

  /// Face `faceIndex` of the font file at `path`, read once per process
  /// whatever path reaches the file (later calls share the first one's
  /// reading: ten links to one large font are one reading, not ten).
  public static func font(at path: String, faceIndex: Int = 0) throws(FontError) -> Font {
    let key = FontKey(file: FileSystem.version(of: path), path: path, faceIndex: faceIndex)
    if let font = fonts.withLock({ $0[key] }) { return font }
    // Read in parts (the tables kept, then glyphs as they are drawn); a
    // file that way cannot read is read whole, for the same font or the
    // error a whole reading gives.
    let font: Font
    let file: FontFile
    do { file = try FontFile(path, limit: maxFontFileSize) } catch {
      throw FontError(message: "cannot read '\(path)': \(error.reason)")
    }
    if let inParts = try? Font(file: file, faceIndex: faceIndex) {
      font = inParts
    } else {
      let bytes: [UInt8]
      do { bytes = try FileSystem.contents(of: path, limit: maxFontFileSize) } catch {
        throw FontError(message: "cannot read '\(path)': \(error.reason)")
      }
      font = try Font(bytes: bytes, faceIndex: faceIndex)
    }
    fonts.withLock { $0[key] = font }
    return font
  }

  /// A font file (by its version, `FileSystem.version`: a file replaced
  /// or removed and another made with its inode is read anew; by its path
  /// when it has none) and a face, the key of the fonts read.
  private struct FontKey: Hashable, Sendable {
    var file: [UInt64]?
    var path: String
    var faceIndex: Int

    init(file: [UInt64]?, path: String, faceIndex: Int) {
      self.file = file
      self.path = file == nil ? path : ""
      self.faceIndex = faceIndex
    }
  }

  private static let fonts = Mutex<[FontKey: Font]>([:])
}
