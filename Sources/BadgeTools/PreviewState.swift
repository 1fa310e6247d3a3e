// What the preview shows: the badge compiled at each of its sizes, its
// source-mapped SVG and layout record for clicking, PNGs for the pixel
// view, or the diagnostics when it has errors. Made from the file on each
// change and handed to the page as one JSON object.
import BadgeKit

/// The sizes and options the preview compiles with.
public struct PreviewSettings: Sendable {
  /// The badge file.
  public var path: String
  /// `-D`, `-I`, `--font-dir` and the like, as for compiling.
  public var options: CompileOptions
  /// Sizes to show besides the declared one: a width keeps the declared
  /// shape (nil height), or both sides, in points.
  public var sizes: [(width: Double, height: Double?)]

  public init(path: String, options: CompileOptions, sizes: [(width: Double, height: Double?)]) {
    self.path = path
    self.options = options
    self.sizes = sizes
  }
}

/// One compilation's outcome, ready to serve.
struct PreviewSnapshot {
  /// Counts the snapshots made: the page asks for images of this version.
  var version: Int
  /// The state as JSON (see `PreviewState.json`).
  var json: String
  /// The PNGs of each size shown, in the order of `sizes` in the JSON
  /// (empty when there were errors).
  var pngs: [[UInt8]]
  /// Whether it compiled.
  var ok: Bool
  /// The files it read: the badge file, its imports and fonts (what a
  /// change to reloads).
  var watched: [String]
}

enum PreviewState {
  /// The most bytes of a badge file the preview reads (as the command line).
  static let inputLimit = 64 << 20

  /// Compiles the file at every size.
  static func make(_ settings: PreviewSettings, version: Int) -> PreviewSnapshot {
    var options = settings.options
    options.sourceMap = true
    options.format = .svg
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try FileSystem.contents(of: settings.path, limit: inputLimit)
    } catch {
      let text = "badgec: error: cannot read '\(settings.path)': \(error.reason)\n"
      return PreviewSnapshot(
        version: version, json: failure(version, text), pngs: [], ok: false, watched: [settings.path])
    }
    let file = SourceFile(name: settings.path, bytes: bytes)
    let main = compile(file, options: options)
    let watched = [settings.path] + main.filesRead.map(\.path)
    guard !main.hasErrors, let scene = main.scene, let svg = main.output, let layout = main.layout else {
      return PreviewSnapshot(
        version: version, json: failure(version, main.renderedDiagnostics(maxErrors: 20)), pngs: [], ok: false,
        watched: watched)
    }
    // Each size is a layout of its own, as a view proposed that size.
    var shown: [(label: String, size: Size, svg: [UInt8], png: [UInt8]?)] = []
    let declared = scene.size
    let declaredPNG = main.rendered(as: .png, raster: RasterOptions()).output
    shown.append(("declared", declared, svg, declaredPNG))
    var sizes: [Size] = []
    for s in [(100.0, nil), (32.0, nil), (16.0, nil)] + settings.sizes {
      let size = Size(s.0, s.1 ?? s.0 * declared.height / max(declared.width, 1e-9))
      if size != declared && !sizes.contains(size) && size.width >= 1 && size.height >= 1 { sizes.append(size) }
    }
    var warnings = main.diagnostics.isEmpty ? "" : main.renderedDiagnostics(maxErrors: 20)
    for size in sizes {
      var o = settings.options
      o.canvasSize = size
      o.format = .svg
      let r = compile(file, options: o)
      guard let out = r.output else {
        warnings += r.renderedDiagnostics(maxErrors: 5)
        continue
      }
      shown.append((Explain.size(size), size, out, r.rendered(as: .png, raster: RasterOptions()).output))
    }
    var json = "{\"version\":\(version),\"ok\":true,\"badge\":" + DiagnosticJSON.string(scene.name)
    json += ",\"diagnostics\":" + DiagnosticJSON.string(warnings)
    json += ",\"svg\":" + DiagnosticJSON.string(String(decoding: svg, as: UTF8.self))
    json += ",\"width\":\(Explain.number(declared.width)),\"height\":\(Explain.number(declared.height))"
    json += ",\"sizes\":["
    var pngs: [[UInt8]] = []
    for (i, s) in shown.enumerated() {
      if i > 0 { json += "," }
      json += "{\"label\":" + DiagnosticJSON.string(s.label)
      json += ",\"width\":\(Explain.number(s.size.width)),\"height\":\(Explain.number(s.size.height))"
      json += ",\"svg\":" + DiagnosticJSON.string(String(decoding: s.svg, as: UTF8.self))
      json += ",\"png\":" + (s.png == nil ? "null" : "\"/png?i=\(pngs.count)&v=\(version)\"") + "}"
      if let png = s.png { pngs.append(png) }
    }
    // (An event's data is one line: the record's line breaks go; its
    // strings have none.)
    json += "],\"layout\":" + String(layout.json().filter { $0 != "\n" }) + "}"
    return PreviewSnapshot(version: version, json: json, pngs: pngs, ok: true, watched: watched)
  }

  /// The state of a file that did not compile: its diagnostics, as the
  /// command line prints them.
  static func failure(_ version: Int, _ diagnostics: String) -> String {
    "{\"version\":\(version),\"ok\":false,\"diagnostics\":" + DiagnosticJSON.string(diagnostics) + "}"
  }
}
