// The fonts of one compilation: a text environment's family, weight and
// style in, a loaded font out (found through the font catalog, or read
// from a path), with each glyph's outline read once. Problems (no such
// family, a damaged file) are diagnostics at the text or the `.font`
// that asked.

/// A font file read for drawing, with the outlines read so far (font
/// units, y up).
final class LoadedFont {
  let font: Font
  /// Where it was read from, for messages.
  let path: String
  private var outlines: [Int: GlyphOutline] = [:]
  /// A damaged glyph is one mistake of the file's: reported once (not
  /// while errors are muted, when the report would be lost).
  private var reported = false

  init(font: Font, path: String) {
    self.font = font
    self.path = path
  }

  /// Glyph `glyph`'s outline; nil after an error (reported at `range`).
  func outline(_ glyph: Int, _ evaluator: Evaluator, at range: SourceRange) -> GlyphOutline? {
    if let known = outlines[glyph] { return known }
    do {
      let outline = try font.outline(of: glyph)
      outlines[glyph] = outline
      return outline
    } catch {
      if !reported {
        evaluator.report(.badFont(path, error.message), range)
        reported = evaluator.muted == 0
      }
      return nil
    }
  }
}

/// Where fonts are looked for, as the caller sets it.
public struct FontOptions: Sendable, Hashable {
  /// Directories searched first (`--font-dir`): one that does not exist is
  /// an error (the compiler's, before anything is read).
  public var directories: [String] = []
  /// Directories searched next (`BADGEC_FONT_PATH`): one that does not
  /// exist is skipped.
  public var searchPath: [String] = []
  /// Whether the standard directories (`/usr/share/fonts`, …) are searched
  /// last.
  public var standardDirectories = true
  /// A folder for the index of the standard and caller's font directories
  /// (`FontCache`), so that a process finds its fonts without reading
  /// every font file; nil: none, every process scans.
  public var cacheFolder: String?

  public init(directories: [String] = [], searchPath: [String] = [], standardDirectories: Bool = true) {
    self.directories = directories
    self.searchPath = searchPath
    self.standardDirectories = standardDirectories
  }
}

/// The fonts one layout uses, by request. What it finds is kept, errors
/// included, and each asker is told the error at its own place (an asker
/// measuring with errors muted does not use it up).
final class FontLibrary {
  let options: FontOptions
  private var loaded: [String: Result<LoadedFont, FontProblem>] = [:]
  /// The font files read, each once, in the order they were first read.
  private(set) var paths: [String] = []
  /// The files read as fonts, and their bytes in all.
  private var filesLoaded = Set<FileIdentity>()
  private var bytesLoaded = 0
  /// The most bytes of font files one compilation reads.
  static let maximumBytes = 128 << 20
  private var chosen: [FontRequest: Result<LoadedFont, FontProblem>] = [:]

  /// Why there is no font: the message to report.
  struct FontProblem: Error {
    var message: Message
  }

  /// The font directories whose scan stopped at a limit, once a catalog
  /// was used: warned of once, at the first text that asked for a font.
  private var cuts: [FontScanCut] = []
  private var warnedOfCuts = false

  init(options: FontOptions) { self.options = options }

  /// The font for `env`: its family (a name, or a path to a font file),
  /// or the first of the default families found; nil after an error,
  /// reported at `range`.
  func font(for env: TextEnvironment, at range: SourceRange, _ evaluator: Evaluator) -> LoadedFont? {
    let request = FontRequest(family: env.family, weight: env.weight, italic: env.italic)
    let result = chosen[request] ?? find(request)
    chosen[request] = result
    if !cuts.isEmpty && !warnedOfCuts && evaluator.muted == 0 {
      evaluator.warn(.fontScanCut(cuts), range)
      warnedOfCuts = true
    }
    switch result {
    case .success(let font): return font
    case .failure(let problem):
      evaluator.report(problem.message, range)
      return nil
    }
  }

  private func find(_ request: FontRequest) -> Result<LoadedFont, FontProblem> {
    let catalog =
      options.standardDirectories
      ? FontCatalog.shared(directories: callerDirectories, cacheFolder: options.cacheFolder)
      : FontCatalog(scanning: callerDirectories, standard: [])
    cuts = catalog.cuts
    switch catalog.face(for: request) {
    case .success(let face): return load(face)
    case .failure(let error): return .failure(FontProblem(message: .fontNotFound(error.message)))
    }
  }

  /// The caller's directories that exist or must: `--font-dir`s, then the
  /// search path's that exist.
  private var callerDirectories: [String] {
    options.directories + options.searchPath.filter { FileSystem.kind(of: $0) == .directory }
  }

  private func load(_ face: FontFace) -> Result<LoadedFont, FontProblem> {
    let key = face.path + "#\(face.faceIndex)"
    if let known = loaded[key] { return known }
    if !paths.contains(face.path) { paths.append(face.path) }
    let result: Result<LoadedFont, FontProblem>
    // The font files a compilation reads are bounded in all, as imports
    // are: each is read whole (once, whatever path reaches it).
    if let info = FileSystem.info(of: face.path),
      filesLoaded.insert(FileIdentity(device: info.device, inode: info.inode)).inserted
    {
      bytesLoaded += info.size
      if bytesLoaded > FontLibrary.maximumBytes {
        result = .failure(
          FontProblem(
            message: .badFont(
              face.path, "the font files read take more than \(FontLibrary.maximumBytes >> 20) MiB in all")))
        loaded[key] = result
        return result
      }
    }
    do {
      result = .success(
        LoadedFont(font: try FontCatalog.font(at: face.path, faceIndex: face.faceIndex), path: face.path))
    } catch {
      result = .failure(FontProblem(message: .badFont(face.path, error.message)))
    }
    loaded[key] = result
    return result
  }
}
