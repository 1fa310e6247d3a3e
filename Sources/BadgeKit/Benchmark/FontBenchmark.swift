// Finding the fonts at a start, for the badgec-bench executable: the time
// to scan the font directories (every font file's headers read) and the
// time to take the same catalog from the index an earlier process kept
// (FontCache), medians. Nothing here runs in badgec.

/// Times font discovery with and without the kept index.
public enum FontBenchmark {
  public struct Figures: Sendable {
    /// Median seconds to scan the directories.
    public var scan: Double
    /// Median seconds to read the kept index and check its directories.
    public var index: Double
    /// Median seconds of that spent checking the directories' versions
    /// (a `stat` each).
    public var check: Double
    /// Faces found, and directories whose versions are checked.
    public var faces: Int
    public var directories: Int
  }

  /// Scans `directories` (and the standard ones) and reads the index kept
  /// in `cacheFolder`, `runs` times each; nil when the index cannot be
  /// written or read back.
  public static func measure(directories: [String], cacheFolder: String, runs: Int) -> Figures? {
    let standard = FontCatalog.standardDirectories
    var catalog = FontCatalog(scanning: directories, standard: standard)
    FontCache.write(catalog, to: cacheFolder, directories: directories)
    guard FontCache.read(from: cacheFolder, directories: directories, standard: standard)?.faces == catalog.faces
    else { return nil }
    let scan = RasterBenchmark.median(runs) { catalog = FontCatalog(scanning: directories, standard: standard) }
    var found = 0
    let index = RasterBenchmark.median(runs) {
      found += FontCache.read(from: cacheFolder, directories: directories, standard: standard)?.faces.count ?? 0
    }
    var same = true
    let check = RasterBenchmark.median(runs) {
      same = catalog.stamps.allSatisfy { FileSystem.has($0.path, version: $0.version) } && same
    }
    guard same else { return nil }
    return Figures(
      scan: scan, index: index, check: check, faces: catalog.faces.count, directories: catalog.stamps.count)
  }
}
