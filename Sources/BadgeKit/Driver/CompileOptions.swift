// What a compilation is asked and what it hands back: the output formats,
// the appearance, `CompileOptions` (from the command line or a tool),
// `CompileResult` (the scene, the encoded output, the files read and the
// diagnostics) and the output limits, for the driver (Compiler.swift) and
// its callers.

/// Output formats.
public enum OutputFormat: String, Sendable, CaseIterable {
  case svg
  /// Binary PPM (P6), drawn by badgec's own rasterizer.
  case ppm
  /// PNG (RGBA, or RGB over a background), drawn by the same rasterizer.
  case png
  /// A one-page vector PDF 1.4 (PDFWriter); shadows and blurs as images
  /// at the raster scale.
  case pdf
  /// Android's VectorDrawable XML (VectorDrawableWriter); what it cannot
  /// draw is an error at its shape.
  case vectordrawable

  /// SwiftUI code: a `View` per component and the badge
  /// (SwiftUIWriter), from the syntax tree.
  case swift
  /// An Xcode image set: a folder of images and `Contents.json`
  /// (AssetCatalog.swift).
  case imageset
  /// An Xcode app icon set: a folder of opaque icons and `Contents.json`.
  case appiconset
  /// An SF Symbols custom-symbol template (SymbolTemplateWriter): an SVG
  /// of the badge's ultralight, regular and black weights.
  case symbol
  /// An Xcode symbol set: a folder of the symbol template and
  /// `Contents.json`.
  case symbolset

  /// Whether the output is a folder of files (`CompileResult.assetFiles`)
  /// rather than one file.
  public var isFolder: Bool { self == .imageset || self == .appiconset || self == .symbolset }

  /// Whether the output holds the dark appearance too (an image or an
  /// app icon set).
  public var holdsAppearances: Bool { self == .imageset || self == .appiconset }

  /// Whether the output holds the badge's three weights (a symbol).
  public var holdsWeights: Bool { self == .symbol || self == .symbolset }

  /// The format an output file's extension names (`xml` is a
  /// VectorDrawable), or nil.
  public init?(extension ext: String) {
    let lower = ext.lowercased()
    if lower == "xml" {
      self = .vectordrawable
    } else {
      self.init(rawValue: lower)
    }
  }
}

/// The appearance a badge is drawn for, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, CaseIterable {
  case light, dark
}

/// What the command line (or a test) asks of one compilation.
public struct CompileOptions: Sendable {
  /// The canvas in points; nil for the size the badge declares.
  public var canvasSize: Size?
  /// `-D` overrides as written: `name=value`.
  public var overrides: [String] = []
  /// Where text's fonts are looked for.
  public var fonts = FontOptions()
  /// Folders where imported files are looked for (`-I`), in order, after
  /// the importing file's own folder.
  public var importPaths: [String] = []
  public var format: OutputFormat = .svg
  /// Pixels per point and background, for the raster formats.
  public var raster = RasterOptions()
  /// The largest output allowed, in bytes (SVG and PPM; for PNG, its
  /// pixels at four bytes each): a larger one is an error before anything
  /// is written.
  public var maxOutputBytes = defaultMaxOutputBytes
  /// How many bytes the calling thread's stack may still grow by, if the
  /// caller knows (a command line's main thread: its stack limit). When
  /// it is enough for the deepest input the limits allow, the stages run
  /// on it; otherwise (and when nil) on a thread of their own.
  public var callerStack: Int?
  /// Warnings count as errors (`--werror`): a compilation with any has no
  /// scene and no output, and its warnings are reported as errors.
  public var warningsAsErrors = false
  /// The appearance (`--appearance`): the system colours' values and
  /// what `colorScheme` is.
  public var colorScheme = ColorScheme.light
  /// Record the layout tree (`CompileResult.layout`): what `explain`
  /// prints. Set by `debugFrames` and `sourceMap` too.
  public var recordLayout = false
  /// Record the values names take where they are read and lets where
  /// they are declared (`CompileResult.values`): what an editor's hover
  /// shows.
  public var recordValues = false
  /// Texts to read instead of the contents of the files they stand for,
  /// when imported: an editor's unsaved documents.
  public var unsavedFiles: [FileIdentity: [UInt8]] = [:]
  /// Draw every element's frame and anchor over the badge (`--debug-frames`).
  public var debugFrames = false
  /// Give every shape of the SVG its layout node and source place as
  /// `data-` attributes (`--source-map`).
  public var sourceMap = false
  /// What an image set holds: one PDF or SVG, or PNGs at 1×, 2×, 3×.
  public var imageSetContent = ImageSetContent.pdf
  /// Which icons an app icon set holds.
  public var appIconSizes = AppIconSizes.single
  /// Write the SwiftUI code of the badge (`CompileResult.swiftUI`) even
  /// when the format is another: for a run that writes several formats.
  /// Always done for `.swift`.
  public var writesSwiftUI = false
  /// Compile the dark appearance too and keep its scene when it differs
  /// (`CompileResult.darkScene`): what an asset catalog, which holds both,
  /// needs. Always done for the asset catalog formats.
  public var keepsDarkScene = false
  /// Compile the badge's ultralight, regular and black weights too, with
  /// `-D weight="ultralight"` and so on (`CompileResult.weightScenes`):
  /// what an SF Symbols template needs. Always done for its formats.
  public var keepsWeights = false
  /// The process exits after this compilation (the command line): the
  /// syntax tree, the scopes and the layout's tables are kept, not freed
  /// one by one at the end (`keepUntilExit`).
  public var keepsMemoryUntilExit = false

  public init(
    canvasSize: Size? = nil, overrides: [String] = [], format: OutputFormat = .svg,
    raster: RasterOptions = RasterOptions(), fonts: FontOptions = FontOptions()
  ) {
    self.canvasSize = canvasSize
    self.overrides = overrides
    self.format = format
    self.raster = raster
    self.fonts = fonts
  }
}

/// The outcome of a compilation: the scene when there were no errors, and
/// every diagnostic with the files they point into. The output is encoded
/// from the scene on demand (`write(to:)`, `output`).
public struct CompileResult: Sendable {
  /// The laid-out scene, when there were no errors.
  public var scene: Scene?
  /// The options the result was compiled with (format, raster options).
  public var options: CompileOptions
  /// For PNG and PPM: the scene flattened and ready to draw.
  var raster: RasterRenderer?
  /// For SVG: the document, written when the scene was checked.
  var svg: String?
  /// For PDF, VectorDrawable and SwiftUI code: the file, written when the
  /// scene was checked.
  var encoded: [UInt8]?
  /// For an asset catalog: the files of its folder, made when the scene
  /// was checked.
  public var assetFiles: [AssetFile]?
  /// The SwiftUI code, or where it cannot be written, when the format is
  /// `.swift` or `writesSwiftUI` asked for it.
  var swiftUI: SwiftUICode?
  /// The scene in the dark appearance, when `keepsDarkScene` (or an asset
  /// catalog's format) asked for it and it differs from `scene`.
  public var darkScene: Scene?
  /// The scenes of the ultralight, regular and black weights, when
  /// `keepsWeights` (or a symbol's format) asked for them.
  public var weightScenes: [Scene]?
  public var diagnostics: [Diagnostic]
  /// Errors found after `Diagnostic.keptLimit` were kept: counted, not kept.
  public var unlisted = 0
  /// Every file of the compilation (the input first, then one per `-D`,
  /// then each imported file).
  public var files: [SourceFile]
  /// The files the compilation read besides the input: each imported
  /// file, then each font file text was set in. A caller that writes the
  /// output to a file checks that it is none of these (the command line
  /// does), so that no run replaces a file it read.
  public var filesRead: [FileRead] = []
  /// The layout tree, when `recordLayout` (or `debugFrames`, `sourceMap`)
  /// asked for it and the layout ran.
  public var layout: LayoutRecord?
  /// With `recordValues`: the values each name took where it is read, and
  /// each let where it is declared (its name's range), as the badge is
  /// drawn (not while stacks measure their children), at most
  /// `Evaluator.recordedPerPlace` different ones a place, in order.
  public var values: [SourceRange: [Value]] = [:]
  /// Where the badge's name is written: where errors of the backend's
  /// first stage are reported.
  var badgeRange: SourceRange?

  public var hasErrors: Bool { unlisted > 0 || diagnostics.contains { $0.severity == .error } }

  /// The diagnostics as text, ready for standard error: at most
  /// `maxErrors` of them (zero: all), then how many more there are.
  public func renderedDiagnostics(maxErrors: Int = 20) -> String {
    DiagnosticRenderer(files: files, maxErrors: maxErrors).render(diagnostics, unlisted: unlisted)
  }

  /// The same text handed to `sink` diagnostic by diagnostic, as each is
  /// rendered; with `colour`, coloured for a terminal.
  public func writeDiagnostics(maxErrors: Int = 20, colour: Bool = false, to sink: (String) -> Void) {
    DiagnosticRenderer(files: files, maxErrors: maxErrors, colour: colour).render(
      diagnostics, unlisted: unlisted, to: sink)
  }

  /// The diagnostics as JSON lines (DiagnosticJSON.swift), one a
  /// diagnostic, handed to `sink` as each is rendered.
  public func writeJSONDiagnostics(maxErrors: Int = 20, to sink: (String) -> Void) {
    DiagnosticJSON(files: files, maxErrors: maxErrors).render(diagnostics, unlisted: unlisted, to: sink)
  }

  /// `renderedDiagnostics(maxErrors: 20)`.
  public var renderedDiagnostics: String { renderedDiagnostics() }

  /// Encodes the output in the chosen format and hands it to `sink` piece by
  /// piece (a raster image band by band). False when there is no scene or
  /// the sink reported a failure.
  public func write(to sink: @escaping (UnsafeRawBufferPointer) -> Bool) -> Bool {
    guard scene != nil, !hasErrors else { return false }
    switch options.format {
    case .svg:
      guard var svg else { return false }
      return svg.withUTF8 { sink(UnsafeRawBufferPointer($0)) }
    case .imageset, .appiconset, .symbolset:
      // A folder: its files are `assetFiles`.
      return false
    case .pdf, .vectordrawable, .swift, .symbol:
      guard let encoded else { return false }
      return encoded.withUnsafeBytes { sink($0) }
    case .ppm, .png:
      guard let raster else { return false }
      // Drawing recurses into nested groups on this thread too.
      let format = options.format
      return onLargeStack(callerStack: options.callerStack) {
        renderRaster(raster, format: format, optimize: options.raster.optimize, to: sink)
      }
    }
  }

  /// The exact size of the output when it is known before encoding (PPM),
  /// so that the space can be reserved and the output written piece by
  /// piece at its place (`write(at:)`).
  public var knownSize: Int? {
    guard let raster, !hasErrors, options.format == .ppm else { return nil }
    return PPM.size(width: raster.width, height: raster.height)
  }

  /// Writes the output through `sink(bytes, offset)`, each piece at its byte
  /// offset in the output, from the threads that draw the raster: `sink`
  /// may run on several threads at once, always for different ranges, and
  /// together the pieces cover exactly `knownSize` bytes. Pieces begin on
  /// 4096-byte boundaries of the output and of memory. False when the size
  /// is not known or a call of `sink` returned false.
  public func write(at sink: @escaping @Sendable (UnsafeRawBufferPointer, Int) -> Bool) -> Bool {
    guard let raster, knownSize != nil else { return false }
    return onLargeStack(callerStack: options.callerStack) { PPM.write(raster, at: sink) }
  }

  /// The whole output in memory, or nil when there were errors.
  public var output: [UInt8]? {
    var bytes: [UInt8] = []
    let ok = write { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    return ok ? bytes : nil
  }
}

/// A badge's SwiftUI code, or where it cannot be written.
enum SwiftUICode: Sendable {
  case written(String)
  case refused([Diagnostic])
}

/// A file a compilation read besides its input, by the path it was read
/// at.
public struct FileRead: Equatable, Sendable {
  /// Why it was read.
  public enum Role: Equatable, Sendable {
    /// A badge file brought in by `import`.
    case imported
    /// A font file that text was set in.
    case font
  }
  public var path: String
  public var role: Role
}

/// The default limit on the output's size: 64 MiB.
public let defaultMaxOutputBytes = 64 << 20

/// The largest raster image side, in pixels.
public let maximumPixelSide = 32_768

/// The default canvas side when the badge declares none, in points.
public let defaultCanvasSide = 300.0
