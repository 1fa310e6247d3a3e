// Xcode asset catalogs: a scene (and its dark appearance's, when the badge
// has one) in, the files of an `.imageset` or `.appiconset` folder out:
// the images, drawn by the other backends, and the folder's
// `Contents.json` with the keys Apple documents ("Asset Catalog Format
// Reference": images, filename, idiom, scale, size, platform, appearances,
// info, properties), written as Xcode writes them (two-space indents,
// `" : "`, keys in order). The command line writes the folder.

/// One file of an asset catalog's folder.
public struct AssetFile: Equatable, Sendable {
  /// Its name inside the folder.
  public var name: String
  public var bytes: [UInt8]
}

/// What an `.imageset` holds (`--imageset`).
public enum ImageSetContent: String, Sendable, CaseIterable {
  /// One PDF, single scale, "Preserve Vector Data" on.
  case pdf
  /// One SVG, single scale, "Preserve Vector Data" on (Xcode 12 and later).
  case svg
  /// PNGs at 1×, 2× and 3×.
  case png
}

/// Which app icons an `.appiconset` holds (`--icon-sizes`).
public enum AppIconSizes: String, Sendable, CaseIterable {
  /// The single 1024 × 1024 image Xcode 14 and later want (and its dark
  /// appearance).
  case single
  /// Every size of iPhone and iPad icon before Xcode 14, and the 1024
  /// App Store icon.
  case all
}

/// A pixel the app icon check found not opaque, and how many there are.
struct TransparentPixels {
  var count: Int
  var x: Int
  var y: Int
}

/// Why an asset catalog's files could not be made.
enum AssetCatalogError: Error {
  /// A limit an image passes (too many pixels, too costly to draw).
  case limit(Message)
  /// The app icon is not opaque.
  case transparent(TransparentPixels)

  var message: Message {
    switch self {
    case .limit(let m): return m
    case .transparent(let holes): return .appIconTransparent(holes.count, x: holes.x, y: holes.y)
    }
  }
}

enum AssetCatalog {
  /// The files of an image set of `scene` (and `dark`).
  static func imageSet(_ scene: Scene, dark: Scene?, content: ImageSetContent, limit: Int) throws(AssetCatalogError)
    -> [AssetFile]
  {
    var files: [AssetFile] = []
    var entries: [JSONObject] = []
    let stem = fileStem(scene.name)
    for (variant, suffix) in [(scene, ""), (dark, "-dark")] {
      guard let variant else { continue }
      let appearance: [(String, JSONValue)] = suffix.isEmpty ? [] : [("appearances", darkAppearance)]
      switch content {
      case .pdf:
        let bytes: [UInt8]
        switch PDFWriter(pixelsPerPoint: 3).write(variant, limit: limit) {
        case .written(let b): bytes = b
        case .tooLarge: throw .limit(.outputTooLarge(limit))
        case .effectsTooCostly: throw .limit(.effectImagesTooCostly(3))
        case .groupsTooDeep: throw .limit(.pdfGroupsTooDeep(PDFBuilder.maximumDepth))
        }
        files.append(AssetFile(name: stem + suffix + ".pdf", bytes: bytes))
        entries.append(appearance + [("filename", .string(stem + suffix + ".pdf")), ("idiom", .string("universal"))])
      case .svg:
        guard let text = SVGWriter().write(variant, limit: limit) else { throw .limit(.outputTooLarge(limit)) }
        files.append(AssetFile(name: stem + suffix + ".svg", bytes: Array(text.utf8)))
        entries.append(appearance + [("filename", .string(stem + suffix + ".svg")), ("idiom", .string("universal"))])
      case .png:
        for scale in [1, 2, 3] {
          let name = stem + suffix + (scale == 1 ? "" : "@\(scale)x") + ".png"
          let bytes = try png(variant, scale: Double(scale), background: nil, limit: limit)
          files.append(AssetFile(name: name, bytes: bytes))
          entries.append(
            appearance + [
              ("filename", .string(name)), ("idiom", .string("universal")), ("scale", .string("\(scale)x")),
            ])
        }
      }
    }
    var contents: JSONObject = [("images", .array(entries.map { .object($0) })), ("info", info)]
    if content != .png { contents.append(("properties", .object([("preserves-vector-representation", .bool(true))]))) }
    files.append(AssetFile(name: "Contents.json", bytes: Array(JSONValue.object(contents).written().utf8)))
    return files
  }

  /// The files of a symbol set: the template (`text`) and its entry.
  static func symbolSet(_ text: String, name: String) -> [AssetFile] {
    let file = fileStem(name) + ".svg"
    let contents: JSONObject = [
      ("info", info), ("symbols", .array([.object([("filename", .string(file)), ("idiom", .string("universal"))])])),
    ]
    return [
      AssetFile(name: file, bytes: Array(text.utf8)),
      AssetFile(name: "Contents.json", bytes: Array(JSONValue.object(contents).written().utf8)),
    ]
  }

  /// The sizes of the icons before Xcode 14: idiom, size in points and
  /// scale.
  static let legacyIcons: [(idiom: String, points: Double, scale: Int)] = [
    ("iphone", 20, 2), ("iphone", 20, 3), ("iphone", 29, 2), ("iphone", 29, 3), ("iphone", 40, 2), ("iphone", 40, 3),
    ("iphone", 60, 2), ("iphone", 60, 3), ("ipad", 20, 1), ("ipad", 20, 2), ("ipad", 29, 1), ("ipad", 29, 2),
    ("ipad", 40, 1), ("ipad", 40, 2), ("ipad", 76, 1), ("ipad", 76, 2), ("ipad", 83.5, 2), ("ios-marketing", 1024, 1),
  ]

  /// The files of an app icon set of `scene` (and `dark`), drawn over
  /// `background`; or the transparent pixels of the 1024-pixel icon.
  static func appIconSet(_ scene: Scene, dark: Scene?, sizes: AppIconSizes, background: RGBA?, limit: Int)
    throws(AssetCatalogError) -> [AssetFile]
  {
    let side = scene.size.width
    // Opaque: drawn over the background given, or found opaque and then
    // written without an alpha channel (App Store Connect refuses one).
    let over = background.flatMap { $0.a > 0 ? $0 : nil }
    if over == nil || over!.a < 1 {
      if let holes = try transparentPixels(scene, scale: 1024 / side, background: over, limit: limit) {
        throw .transparent(holes)
      }
    }
    let opaque = over.map { $0.over(RGBA(r: 1, g: 1, b: 1)) } ?? RGBA(r: 1, g: 1, b: 1)
    var files: [AssetFile] = []
    var entries: [JSONObject] = []
    switch sizes {
    case .single:
      files.append(
        AssetFile(name: "AppIcon.png", bytes: try png(scene, scale: 1024 / side, background: opaque, limit: limit)))
      entries.append(icon("AppIcon.png", idiom: "universal", platform: "ios", size: "1024x1024"))
      if let dark {
        // A dark icon's background is the system's: it may be clear.
        files.append(
          AssetFile(name: "AppIcon-dark.png", bytes: try png(dark, scale: 1024 / side, background: nil, limit: limit)))
        entries.append(
          [("appearances", darkAppearance)]
            + icon("AppIcon-dark.png", idiom: "universal", platform: "ios", size: "1024x1024"))
      }
    case .all:
      var made: Set<Int> = []
      for (idiom, points, scale) in legacyIcons {
        let pixels = Int((points * Double(scale)).rounded())
        let name = "AppIcon-\(pixels).png"
        if made.insert(pixels).inserted {
          let bytes = try png(scene, scale: Double(pixels) / side, background: opaque, limit: limit)
          files.append(AssetFile(name: name, bytes: bytes))
        }
        var entry = icon(name, idiom: idiom, platform: nil, size: "\(Explain.number(points))x\(Explain.number(points))")
        entry.append(("scale", .string("\(scale)x")))
        entries.append(entry)
      }
    }
    let contents: JSONObject = [("images", .array(entries.map { .object($0) })), ("info", info)]
    files.append(AssetFile(name: "Contents.json", bytes: Array(JSONValue.object(contents).written().utf8)))
    return files
  }

  static func icon(_ file: String, idiom: String, platform: String?, size: String) -> JSONObject {
    var entry: JSONObject = [("filename", .string(file)), ("idiom", .string(idiom))]
    if let platform { entry.append(("platform", .string(platform))) }
    entry.append(("size", .string(size)))
    return entry
  }

  static let info = JSONValue.object([("author", .string("badgec")), ("version", .number(1))])
  static let darkAppearance = JSONValue.array([
    .object([("appearance", .string("luminosity")), ("value", .string("dark"))])
  ])

  /// A file name from a badge's name: letters, digits, `-` and `_` kept,
  /// anything else `_`, at most 100 bytes (a file name may have 255, and
  /// `-dark@3x.png` follows it).
  static func fileStem(_ name: String) -> String {
    var kept = ""
    for s in name.unicodeScalars {
      let c: Unicode.Scalar = s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" ? s : "_"
      guard kept.utf8.count + String(c).utf8.count <= 100 else { break }
      kept.unicodeScalars.append(c)
    }
    return kept.isEmpty ? "Badge" : kept
  }

  /// The renderer of `scene` at `scale` over `background`, within the
  /// limits a PNG of `limit` bytes is held to.
  static func renderer(_ scene: Scene, scale: Double, background: RGBA?, limit: Int) throws(AssetCatalogError)
    -> RasterRenderer
  {
    if let problem = rasterProblem(scene, scale: scale, format: .png, limit: limit) { throw .limit(problem) }
    guard let r = RasterRenderer(scene, scale: scale, background: background) else {
      throw .limit(.tooManyEdges(RasterRenderer.maximumEdges))
    }
    if let problem = rendererProblem(r) { throw .limit(problem) }
    return r
  }

  /// `scene` as a PNG at `scale` over `background`.
  static func png(_ scene: Scene, scale: Double, background: RGBA?, limit: Int) throws(AssetCatalogError) -> [UInt8] {
    let r = try renderer(scene, scale: scale, background: background, limit: limit)
    var bytes: [UInt8] = []
    _ = renderRaster(r, format: .png) { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    return bytes
  }

  /// The pixels of `scene` at `scale` over `background` that are not
  /// opaque, or nil when there are none.
  static func transparentPixels(_ scene: Scene, scale: Double, background: RGBA?, limit: Int) throws(AssetCatalogError)
    -> TransparentPixels?
  {
    let r = try renderer(scene, scale: scale, background: background, limit: limit)
    var collected = CollectedPixels(count: r.width * r.height)
    _ = r.render(into: &collected)
    var found: TransparentPixels? = nil
    for (i, p) in collected.pixels.enumerated() where p >> 24 != 255 {
      if found == nil { found = TransparentPixels(count: 0, x: i % r.width, y: i / r.width) }
      found!.count += 1
    }
    return found
  }
}

/// A JSON object's members in the order they are written.
typealias JSONObject = [(String, JSONValue)]

/// The JSON an asset catalog's `Contents.json` holds.
indirect enum JSONValue {
  case string(String)
  case number(Int)
  case bool(Bool)
  case array([JSONValue])
  case object(JSONObject)

  /// As Xcode writes it: two spaces a level, `"key" : value`, a newline
  /// at the end.
  func written() -> String {
    var out = ""
    write(into: &out, indent: "")
    return out + "\n"
  }

  private func write(into out: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .string(let s): out += JSONValue.quoted(s)
    case .number(let n): out += String(n)
    case .bool(let b): out += b ? "true" : "false"
    case .array(let items):
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.write(into: &out, indent: inner)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += indent + "]"
    case .object(let members):
      out += "{\n"
      for (i, (key, value)) in members.enumerated() {
        out += inner + JSONValue.quoted(key) + " : "
        value.write(into: &out, indent: inner)
        out += i + 1 < members.count ? ",\n" : "\n"
      }
      out += indent + "}"
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped.
  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
