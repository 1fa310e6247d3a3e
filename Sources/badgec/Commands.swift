// The commands: compiling (every input at every size, scale and pattern),
// `explain` (the layout tree) and their help. Each returns the exit code.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BadgeKit

func helpText(_ command: Invocation.Command) -> String {
  switch command {
  case .explain: return explainUsage
  case .preview: return previewUsage
  case .fmt: return formatUsage
  case .lsp: return languageServerUsage
  case .compile: return usage
  }
}

let usage = """
  usage: badgec INPUT… [-o OUTPUT] [options]
         badgec explain INPUT [--size W | WxH] [--json] [options]
         badgec preview INPUT [--port N] [--size S,…] [options]
         badgec fmt FILE… [--check | --stdout]
         badgec lsp

  Compiles badge descriptions (INPUT, or - for standard input) to SVG,
  PNG, PPM, PDF, SwiftUI code, Android's VectorDrawable, Xcode's asset
  catalogs or SF Symbols templates: each input at each --size and
  --scale, into each -o.

  options:
    -o, --output FILE   where to write (- for standard output, the default);
                        repeatable; a pattern with {name} (the input's stem),
                        {badge}, {size}, {scale}, {width}, {height} (pixels)
                        and {format}, e.g. -o 'icons/{size}@{scale}x.png'
    --format FORMAT     svg, png, ppm, pdf, swift (SwiftUI code),
                        vectordrawable (Android's XML), imageset, appiconset
                        or symbolset (Xcode's asset catalog folders), symbol
                        (an SF Symbols template SVG of the badge compiled
                        with weight "ultralight", "regular" and "black");
                        default:
                        from the output's extension (.xml for a
                        VectorDrawable), svg for standard output and a name
                        without one
    --size W | WxH      the canvas in points (default: the size the badge
                        declares); a list makes one output each: 16,32,64
    --scale K           pixels per point for PNG and PPM, and of the images a
                        PDF holds for shadows and blurs (default 1); a list
                        makes one output each: 1,2,3
    --background COLOR  what PNG, PPM and app icons are drawn over (#rrggbb,
                        #rrggbbaa, a colour name; default: transparent for
                        PNG, white for PPM, which lays a translucent
                        background over white)
    -D name=value       override a top-level let, e.g. -D rotations=6 (an
                        imported file's too)
    --appearance A      light (the default) or dark: the system colours'
                        values and what colorScheme is
    -I DIR              look for imported files in DIR too, after the
                        importing file's own folder (repeatable: in order)
    --font-dir DIR      look for fonts in DIR first (repeatable); then in
                        BADGEC_FONT_PATH (DIR:DIR…) and the system's font
                        directories
    --imageset KIND     what an .imageset holds: pdf (the default: one
                        vector PDF), svg, or png (1x, 2x and 3x)
    --icon-sizes SIZES  what an .appiconset holds: single (the default: one
                        1024-pixel icon, and its dark one when the badge has
                        one) or all (every iPhone and iPad size before Xcode
                        14)
    --optimize          make PNGs as small as badgec can, for assets that ship
                        (every filter strategy tried; many times slower)
    --debug-frames      draw every element's frame and anchor over the badge
    --source-map        give the SVG's shapes data-node and data-source
                        attributes (where each is written)
    --max-errors N      show at most N errors and warnings (default 20; 0
                        shows all)
    --werror            treat warnings as errors: exit 1 and write nothing
    --diagnostics FMT   text (the default) or json: one JSON object per
                        diagnostic per line on standard error
    --color WHEN        colour diagnostics: auto (the default: when standard
                        error is a terminal and NO_COLOR is not set), always
                        or never
    --max-output SIZE   refuse an output larger than SIZE bytes (K, M, G
                        suffixes; default 64M); for PNG, its pixels at four
                        bytes each (64M: 4096 × 4096)
    --help              show this help (badgec explain --help, badgec
                        preview --help: theirs)
    --version           show the version

  exit codes: 0 success, 1 an input has errors or an output failed, 2
  usage errors

  """

let explainUsage = """
  usage: badgec explain INPUT [--size W | WxH] [--json] [options]

  Prints the layout tree: every element with where it is written, the size
  proposed to it, the size it chose, where it sits in its parent and its
  frame on the canvas, its modifiers and, when they move, resize or turn
  it, the frame of what they wrap. Lengths are points.

  options:
    --size W | WxH      the canvas (default: the size the badge declares)
    --json              the tree as one JSON object, for tools
    -D, -I, --font-dir, --max-errors, --werror, --diagnostics, --color: as
                        when compiling

  """

/// `badgec explain`: the layout tree on standard output.
func runExplain(_ inv: Invocation) -> Int32 {
  var options = inv.options
  options.canvasSize = inv.sizes.first
  options.recordLayout = true
  let path = inv.inputs[0]
  let source: Input
  do throws(FileError) { source = try readInput(path) } catch { fail(error.message, code: 1) }
  let result = compile(SourceFile(name: path == "-" ? "<stdin>" : path, bytes: source.bytes), options: options)
  var seen: Set<String> = []
  printDiagnostics(result, inv, skipping: &seen)
  guard !result.hasErrors, let layout = result.layout else { return 1 }
  let text = inv.json ? layout.json() : layout.explained()
  guard writeAll(1, Array(text.utf8)) else { fail("cannot write standard output: \(writeFailure())", code: 1) }
  return 0
}

/// Whether outputs of `format` are one a scale (PNG and PPM, images at
/// `--scale` pixels a point), not one a size.
func drawnPerScale(_ format: OutputFormat) -> Bool { format == .png || format == .ppm }

/// One input compiled at one canvas size.
struct Compilation {
  var input: Int
  /// The `--size` as written, nil for the declared size.
  var sizeText: String?
  var result: CompileResult
}

/// Compiling: every input at every size, drawn at every scale into every
/// pattern.
func runCompile(_ inv: Invocation) -> Int32 {
  var failed = false
  let patterns = inv.outputs.isEmpty ? ["-"] : inv.outputs
  let formats = patterns.map { outputFormat($0, inv.format) }
  let scales = inv.scales.isEmpty ? [1.0] : inv.scales

  // Read every input first: an output may be none of them.
  var sources: [Input?] = []
  for path in inv.inputs {
    do throws(FileError) { sources.append(try readInput(path)) } catch {
      report(error.message)
      sources.append(nil)
      failed = true
    }
  }
  let identities = sources.map { $0?.file }

  // Compile each input once per canvas size, for the first pattern's
  // format and the first scale (what most runs need).
  var compilations: [Compilation] = []
  // The process exits next: what was compiled is not freed piece by piece.
  defer { if inv.options.keepsMemoryUntilExit { keepUntilExit(compilations) } }
  for (k, path) in inv.inputs.enumerated() {
    guard let source = sources[k] else { continue }
    var seen: Set<String> = []
    let sizes: [(Size?, String?)] =
      inv.sizes.isEmpty ? [(nil, nil)] : zip(inv.sizes, inv.sizeTexts).map { ($0, $1) }
    for (size, text) in sizes {
      var options = inv.options
      options.canvasSize = size
      options.format = formats[0]
      options.raster.scale = scales[0]
      // An image or icon set holds the dark appearance too, a symbol
      // three weights.
      options.keepsDarkScene = formats.contains { $0.holdsAppearances }
      options.keepsWeights = formats.contains { $0.holdsWeights }
      options.writesSwiftUI = formats.contains(.swift)
      let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: source.bytes)
      let result = compile(file, options: options)
      printDiagnostics(result, inv, skipping: &seen)
      if result.hasErrors { failed = true }
      compilations.append(Compilation(input: k, sizeText: text, result: result))
    }
  }

  // Name every output, and check that no two land on one file.
  var jobs: [OutputJob] = []
  var taken: [String: String] = [:]
  func describe(_ c: Compilation, _ scale: Double, _ format: OutputFormat) -> String {
    var text = inv.inputs[c.input]
    if let size = c.sizeText { text += " at --size \(size)" }
    if drawnPerScale(format) { text += " at --scale \(nameNumber(scale))" }
    return text + " as " + format.rawValue.uppercased()
  }
  for (c, compilation) in compilations.enumerated() {
    guard let scene = compilation.result.scene else { continue }
    for (p, pattern) in patterns.enumerated() {
      let format = formats[p]
      // Only PNG and PPM are drawn per scale: the others are one file per
      // size, unless the pattern names the scale (a PDF's shadows and
      // blurs are images at it).
      let vector = !drawnPerScale(format)
      let own = vector && !mentions(pattern, "scale") ? [scales[0]] : scales
      for scale in own {
        let pixels =
          vector
          ? (Int(scene.size.width.rounded(.up)), Int(scene.size.height.rounded(.up)))
          : scene.pixelSize(scale: scale)
        let size =
          compilation.sizeText.map { parseSize($0) }.flatMap { $0 }.map { s in
            s.width == s.height ? nameNumber(s.width) : nameNumber(s.width) + "x" + nameNumber(s.height)
          }
          ?? (scene.size.width == scene.size.height
            ? nameNumber(scene.size.width) : nameNumber(scene.size.width) + "x" + nameNumber(scene.size.height))
        let path = expand(
          pattern,
          [
            "name": stem(inv.inputs[compilation.input]), "badge": scene.name, "size": size,
            "scale": nameNumber(scale), "width": String(pixels.0), "height": String(pixels.1),
            "format": format.rawValue,
          ])
        let target: Destination
        do throws(FileError) {
          target =
            format.isFolder
            ? try folderDestination(path)
            : try destination(
              of: path, inputs: identities, standardOutput: standardOutput, standardError: standardError)
        } catch {
          report(error.message)
          failed = true
          continue
        }
        let key = sameFileKey(target, path)
        if let other = taken[key] {
          let place = path == "-" ? "standard output" : "'\(path)'"
          let hint =
            patterns.count == 1 && !pattern.utf8.contains(UInt8(ascii: "{"))
            ? "; give -o a pattern with placeholders, such as '{name}-{size}@{scale}x.png'"
            : "; put what tells them apart ({name}, {size}, {scale}, …) in the pattern"
          usageError(
            "two outputs would be written to \(place): \(other) and \(describe(compilation, scale, format))\(hint)")
        }
        taken[key] = describe(compilation, scale, format)
        jobs.append(
          OutputJob(
            compilation: c, format: format, scale: scale, path: path, destination: target,
            fromPattern: pattern.utf8.contains(UInt8(ascii: "{"))))
      }
    }
  }
  // Options and names the platforms would not take, said before writing.
  if inv.options.raster.background != nil
    && !formats.contains(where: { $0 == .png || $0 == .ppm || $0 == .appiconset })
  {
    reportWarning("--background is used by PNG, PPM and app icons only; these outputs are drawn without it")
  }
  for job in jobs where job.format == .vectordrawable {
    if let better = androidResourceName(job.path) {
      reportWarning(
        "Android resource names are lower-case letters, digits and '_', starting with a letter: '\(job.path)' will be refused by the resource compiler; name it '\(better)'"
      )
    }
  }
  // No output may be a file a compilation read (an import, a font).
  let read = compilations.flatMap(\.result.filesRead)
  var checked: [OutputJob] = []
  for job in jobs {
    // (A folder's files are new names in it: none is a file read.)
    if job.format.isFolder {
      checked.append(job)
      continue
    }
    do throws(FileError) {
      try checkNotRead(
        job.destination, read, shownAs: job.path, standardOutput: standardOutput, standardError: standardError)
      checked.append(job)
    } catch {
      report(error.message)
      failed = true
    }
  }

  // One output: encoded as it is written (a large image band by band).
  if checked.count == 1 && jobs.count == 1 && compilations.count == 1 {
    let job = checked[0]
    var result = compilations[job.compilation].result
    if job.format != result.options.format || job.scale != result.options.raster.scale {
      result = result.rendered(
        as: job.format, raster: RasterOptions(scale: job.scale, background: inv.options.raster.background))
      var seen: Set<String> = []
      printDiagnostics(result, inv, skipping: &seen)
    }
    guard !result.hasErrors else { return 1 }
    if job.fromPattern { makeFolders(of: job.path) }
    do throws(FileError) {
      if let files = result.assetFiles {
        try writeFolder(files, to: job.path, shownAs: job.path)
      } else {
        try write(result, to: job.destination, shownAs: job.path)
      }
    } catch {
      report(error.message)
      return 1
    }
    return failed ? 1 : 0
  }

  // Many: drawn and encoded in parallel, written in order as each is done.
  let results = compilations.map(\.result)
  let background = inv.options.raster.background
  let work = checked.map { (compilation: $0.compilation, format: $0.format, scale: $0.scale) }
  pipelined(
    work.count,
    produce: { i -> (CompileResult, [UInt8]?) in
      let job = work[i]
      var result = results[job.compilation]
      if job.format != result.options.format || job.scale != result.options.raster.scale {
        result = result.rendered(as: job.format, raster: RasterOptions(scale: job.scale, background: background))
      }
      return (result, result.assetFiles == nil ? result.output : [])
    },
    consume: { i, made in
      let (result, bytes) = made
      let job = checked[i]
      guard let bytes, !result.hasErrors else {
        // Errors of this output alone (an image too large at this scale).
        var seen: Set<String> = []
        printDiagnostics(result, inv, skipping: &seen)
        report("'\(job.path)' was not written")
        failed = true
        return
      }
      // A pattern's folders are made as its files are written.
      if job.fromPattern { makeFolders(of: job.path) }
      do throws(FileError) {
        if let files = result.assetFiles {
          try writeFolder(files, to: job.path, shownAs: job.path)
        } else {
          try write(.bytes(bytes), to: job.destination, shownAs: job.path)
        }
      } catch {
        report(error.message)
        failed = true
      }
    })
  return failed ? 1 : 0
}
