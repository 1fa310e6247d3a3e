// The driver: source text → tokens → syntax tree → scene → output. Each
// stage hands its value to the next; the driver stops after a stage that
// reported errors, so later stages never see broken input.

/// Compiles `source` with `options`. The stages run on a stack of their
/// own (`onLargeStack`), so a deeply nested input is never limited by the
/// caller's stack.
public func compile(_ source: SourceFile, options: CompileOptions = CompileOptions()) -> CompileResult {
  onLargeStack(callerStack: options.callerStack) {
    var result: CompileResult
    if options.format.holdsWeights || options.keepsWeights {
      result = compileWithWeights(source, options)
    } else if options.format.holdsAppearances || options.keepsDarkScene {
      result = compileWithDarkScene(source, options)
    } else {
      result = compileOnThisStack(source, options)
    }
    if options.warningsAsErrors { result.promoteWarnings() }
    return result
  }
}

/// Compiles `source` in the light appearance as SVG (which costs little),
/// then in the dark one, keeps the dark scene when it differs, and only
/// then prepares the backend asked for (an asset catalog holds both).
/// Errors of the dark appearance's compilation alone are added to the
/// result's.
private func compileWithDarkScene(_ source: SourceFile, _ options: CompileOptions) -> CompileResult {
  var light = options
  light.format = .svg
  light.colorScheme = .light
  // (The SwiftUI code is written from the tree, which only this pass has.)
  light.writesSwiftUI = options.writesSwiftUI || options.format == .swift
  var result = compileOnThisStack(source, light)
  result.options = options
  guard result.scene != nil, !result.hasErrors else { return result }
  var darkOptions = light
  darkOptions.colorScheme = .dark
  darkOptions.recordLayout = false
  darkOptions.recordValues = false
  darkOptions.sourceMap = false
  let dark = compileOnThisStack(source, darkOptions)
  guard let darkScene = dark.scene, !dark.hasErrors else {
    let known = Set(result.diagnostics.map { "\($0.range) \($0.text)" })
    result.diagnostics += dark.diagnostics.filter { $0.severity == .error && !known.contains("\($0.range) \($0.text)") }
    result.scene = nil
    return result
  }
  if darkScene != result.scene { result.darkScene = darkScene }
  return result.rendered(as: options.format, raster: options.raster)
}

/// Compiles `source` as SVG (with the dark appearance when asked), then
/// its three weights for an SF Symbols template (`-D weight="ultralight"`,
/// `"regular"`, `"black"`, in place of a `-D weight` given), and only then
/// prepares the backend asked for. A badge without a top-level `weight`
/// gives the same drawing at every weight, with a warning. Errors of the
/// weights' compilations alone are added to the result's.
private func compileWithWeights(_ source: SourceFile, _ options: CompileOptions) -> CompileResult {
  var base = options
  base.format = .svg
  base.keepsDarkScene = options.keepsDarkScene
  var result =
    base.keepsDarkScene ? compileWithDarkScene(source, base) : compileOnThisStack(source, base)
  result.options = options
  guard let scene = result.scene, !result.hasErrors else { return result }
  var weights: [Scene] = []
  var missing = false
  for value in SymbolTemplateWriter.weightValues {
    var weight = options
    weight.format = .svg
    weight.keepsDarkScene = false
    weight.recordLayout = false
    weight.recordValues = false
    weight.sourceMap = false
    weight.overrides = options.overrides.filter { !$0.hasPrefix("weight=") } + ["weight=" + value]
    let compiled = compileOnThisStack(source, weight)
    if compiled.diagnostics.contains(where: {
      if case .overrideUnknown("weight", _, _) = $0.message { return true } else { return false }
    }) {
      missing = true
      break
    }
    // What this weight alone finds (a shape off the canvas, an error),
    // said of the weight, in the result's files.
    let known = Set(result.diagnostics.map { "\($0.range) \($0.text)" })
    for d in compiled.diagnostics where d.severity != .note {
      guard let moved = weightDiagnostic(d, from: compiled.files, into: result, weight: value),
        !known.contains("\(moved.range) \(moved.text)")
      else { continue }
      result.diagnostics.append(moved)
    }
    guard let s = compiled.scene, !compiled.hasErrors else {
      result.scene = nil
      return result
    }
    weights.append(s)
  }
  if missing {
    weights = [scene, scene, scene]
    if let range = result.badgeRange {
      result.diagnostics.append(Diagnostic(.symbolWithoutWeight, at: range, severity: .warning))
    }
  } else if weights[0] == weights[1] && weights[1] == weights[2], let range = result.badgeRange {
    result.diagnostics.append(Diagnostic(.symbolWeightsAlike, at: range, severity: .warning))
  }
  result.weightScenes = weights
  return result.rendered(as: options.format, raster: options.raster)
}

/// `d`, found compiling the symbol's weight `weight` (whose files are
/// `files`), placed in `result`'s files, with a note of the weight in place
/// of the notes at its `-D`; nil when a place of it is in no file of
/// `result` (but the weight's own `-D`).
private func weightDiagnostic(_ d: Diagnostic, from files: [SourceFile], into result: CompileResult, weight: String)
  -> Diagnostic?
{
  let ownOverride = "weight=" + weight
  func index(_ file: Int) -> Int? {
    guard files.indices.contains(file) else { return nil }
    let f = files[file]
    if f.name == "<command line>" && f.bytes.elementsEqual(ownOverride.utf8) { return nil }
    return result.files.firstIndex { $0.name == f.name && $0.bytes == f.bytes }
  }
  func moved(_ r: SourceRange) -> SourceRange? {
    index(r.file).map { SourceRange(file: $0, start: r.start, end: r.end) }
  }
  guard let range = moved(d.range) else { return nil }
  var out = d
  out.range = range
  out.notes = d.notes.compactMap { n in moved(n.range).map { Note(n.text, at: $0) } }
  if let badge = result.badgeRange {
    out.notes.append(Note("at the symbol's \(weight) weight (weight = \(weight))", at: badge))
  }
  out.fixIts = []
  return out
}

private func compileOnThisStack(_ source: SourceFile, _ options: CompileOptions) -> CompileResult {
  var result = CompileResult(scene: nil, options: options, raster: nil, diagnostics: [], files: [source])
  var bag = DiagnosticBag()

  // Stage 1–2: tokens and syntax tree. The `-D` values are read first, so
  // that where the names they set are used is recorded as the file is read
  // (for the notes on errors about them).
  var overrides: [(name: String, range: SourceRange, value: Expr)] = []
  for text in options.overrides {
    let file = SourceFile(name: "<command line>", text: text)
    let index = result.files.count
    result.files.append(file)
    let parsedOverride = Parser.parseOverride(file, fileIndex: index)
    bag.append(contentsOf: parsedOverride.diagnostics)
    bag.addUnlisted(parsedOverride.unlisted)
    if let o = parsedOverride.override { overrides.append(o) }
  }
  // A --font-dir that names no folder is an error wherever text is, or
  // is not: it is shown as written on the command line.
  for dir in options.fonts.directories where FileSystem.kind(of: dir) != .directory {
    let flag = "--font-dir "
    let file = SourceFile(name: "<command line>", text: flag + dir)
    let index = result.files.count
    result.files.append(file)
    let range = SourceRange(file: index, start: flag.utf8.count, end: file.bytes.count)
    bag.append(Diagnostic(.fontNotFound(FontLookupError.missingDirectory(dir).message), at: range))
  }
  // The input and every file it imports (Imports/) are parsed together.
  let parsed = ImportLoader.load(
    0, of: &result.files, searchPaths: options.importPaths, watching: Set(overrides.map(\.name)),
    unsaved: options.unsavedFiles)
  bag.append(contentsOf: parsed.diagnostics)
  bag.addUnlisted(parsed.unlisted)
  let imports = parsed.graph
  result.filesRead = imports.importedAt.keys.sorted().map { FileRead(path: result.files[$0].name, role: .imported) }
  if bag.hasErrors && !bag.all.contains(where: { $0.message.isImportFailure || $0.message.isReadingLimit }) {
    // The names are checked all the same (unless an import failed: what it
    // would have declared is missing; or reading stopped at a limit), for
    // the mistakes that are not what the syntax errors left behind:
    // SwiftUI's spellings and unknown calls and modifiers (a habit each,
    // all reported in one run).
    let names = Resolver.check(parsed.file, imports: imports)
    bag.append(contentsOf: names.all.filter { $0.message.standsAlone })
  }
  guard !bag.hasErrors, let badge = parsed.file.badge else {
    result.diagnostics = imports.noting(sortedBySource(bag.all))
    result.unlisted = bag.unlisted
    return result
  }

  // Stage 3: names.
  let names = Resolver.check(parsed.file, imports: imports)
  bag.append(contentsOf: names.all)
  bag.addUnlisted(names.unlisted)
  for d in Resolver.check(overrides.map(\.value), in: parsed.file).all {
    bag.append(quotingHint(d, overrides, result.files))
  }
  guard !bag.hasErrors else {
    result.diagnostics = imports.noting(sortedBySource(bag.all))
    result.unlisted = bag.unlisted
    return result
  }
  // The input's lets and components that the badge never uses.
  bag.append(contentsOf: Usage.warnings(parsed.file, input: 0, overrides: overrides.map(\.value)))

  // Stage 4: values of the top level (names declared twice were found
  // with the imports).
  let evaluator = Evaluator()
  if options.recordValues { evaluator.recordedValues = [:] }
  let globals = Builtins.globalScope(colorScheme: options.colorScheme)
  let letNames = Set(parsed.file.lets.map(\.name))
  var overrideValues: [String: Expr] = [:]  // the last -D of each name wins
  for o in overrides {
    if !letNames.contains(o.name) {
      evaluator.diagnostics.append(UnknownOverride.diagnostic(o.name, at: o.range, lets: parsed.file.lets.map(\.name)))
    }
    overrideValues[o.name] = o.value
  }
  for decl in parsed.file.lets {
    let expr = overrideValues[decl.name] ?? decl.value
    let value = evaluator.eval(expr, globals)
    evaluator.record(value, at: decl.nameRange)
    globals.define(decl.name, value)
  }
  let declared = options.canvasSize.map { ($0.width, $0.height) } ?? declaredSize(badge, globals, evaluator)

  // Stage 5: layout. The engine's tables (every view's instance, its
  // resolved modifiers and sizes) are let go before the backend runs, so
  // a large scene's peak holds the scene and its output, not both.
  var scene: Scene
  do {
    let engine = LayoutEngine(file: parsed.file, evaluator: evaluator, globals: globals, fonts: options.fonts)
    var canvas = Size(declared.0 ?? 0, declared.1 ?? 0)
    if declared.0 == nil || declared.1 == nil {
      canvas = engine.fittedCanvas(badge, width: declared.0, height: declared.1)
      for (side, fitted) in [(declared.0, canvas.width), (declared.1, canvas.height)] where side == nil {
        if fitted > 100_000 { evaluator.report(.canvasTooLarge(formatForMessage(fitted)), badge.nameRange) }
      }
    }
    if options.recordLayout || options.debugFrames || options.sourceMap {
      engine.recorder = LayoutRecorder(files: result.files)
    }
    scene = engine.layout(badge, canvas: canvas)
    if let recorder = engine.recorder {
      let record = recorder.finished(result.files)
      result.layout = record
      if options.debugFrames { scene.nodes += DebugFrames.nodes(record) }
    }
    result.filesRead += engine.fonts.paths.map { FileRead(path: $0, role: .font) }
    if options.keepsMemoryUntilExit { keepUntilExit(engine) }
  }
  bag.append(contentsOf: evaluator.diagnostics.all)
  bag.addUnlisted(evaluator.diagnostics.unlisted)
  if !bag.hasErrors && (options.format == .swift || options.writesSwiftUI) {
    var writer = SwiftUIWriter(
      file: parsed.file, overrides: Dictionary(overrides.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }),
      canvas: scene.size)
    switch writer.write() {
    case .success(let text):
      result.swiftUI = .written(text)
      if options.format == .swift {
        for w in writer.warnings {
          bag.append(Diagnostic(.swiftUIApproximates(w.what), at: w.range, severity: .warning))
        }
      }
    case .failure(let p): result.swiftUI = .refused(p.all.map { Diagnostic(.swiftUICannot($0.what), at: $0.range) })
    }
  }
  if !bag.hasErrors {
    for d in prepareBackend(&result, scene, at: badge.nameRange) { bag.append(d) }
  }
  result.diagnostics = imports.noting(sortedBySource(notingOverrides(bag.all, overrides, parsed.uses)))
  result.unlisted = bag.unlisted
  result.badgeRange = badge.nameRange
  result.values = evaluator.recordedValues ?? [:]
  if options.keepsMemoryUntilExit { keepUntilExit((parsed, names, evaluator, globals)) }
  guard !bag.hasErrors else { return result }
  // Stage 6, the backend, runs when the output is written.
  result.scene = scene
  return result
}

/// The backend's first stage for `result.options`' format: the raster
/// flattened (so that a scene too large to draw is reported like any other
/// error) or the SVG written (so that one larger than the limit is an
/// error before anything is written). The errors found, at `range` (the
/// badge's name).
private func prepareBackend(_ result: inout CompileResult, _ scene: Scene, at range: SourceRange) -> [Diagnostic] {
  let options = result.options
  if options.format == .svg {
    result.svg = SVGWriter(sourceMap: options.sourceMap ? result.layout : nil).write(
      scene, limit: options.maxOutputBytes)
    return result.svg == nil ? [Diagnostic(.outputTooLarge(options.maxOutputBytes), at: range)] : []
  }
  if options.format == .pdf {
    switch PDFWriter(pixelsPerPoint: options.raster.scale).write(scene, limit: options.maxOutputBytes) {
    case .written(let bytes):
      result.encoded = bytes
      return []
    case .tooLarge: return [Diagnostic(.outputTooLarge(options.maxOutputBytes), at: range)]
    case .effectsTooCostly: return [Diagnostic(.effectImagesTooCostly(options.raster.scale), at: range)]
    case .groupsTooDeep: return [Diagnostic(.pdfGroupsTooDeep(PDFBuilder.maximumDepth), at: range)]
    }
  }
  if options.format == .swift {
    switch result.swiftUI {
    case .written(let text):
      guard text.utf8.count <= options.maxOutputBytes else {
        return [Diagnostic(.outputTooLarge(options.maxOutputBytes), at: range)]
      }
      result.encoded = Array(text.utf8)
      return []
    case .refused(let diagnostics): return diagnostics
    case nil: return [Diagnostic(.swiftUICannot("this compilation (compiled without its SwiftUI code)"), at: range)]
    }
  }
  if options.format == .imageset {
    do throws(AssetCatalogError) {
      result.assetFiles = try AssetCatalog.imageSet(
        scene, dark: result.darkScene, content: options.imageSetContent, limit: options.maxOutputBytes)
      return []
    } catch {
      return [Diagnostic(error.message, at: range)]
    }
  }
  if options.format == .appiconset {
    let size = scene.size
    guard size.width == size.height, size.width > 0 else {
      return [Diagnostic(.appIconNotSquare(formatForMessage(size.width), formatForMessage(size.height)), at: range)]
    }
    do throws(AssetCatalogError) {
      result.assetFiles = try AssetCatalog.appIconSet(
        scene, dark: result.darkScene, sizes: options.appIconSizes, background: options.raster.background,
        limit: options.maxOutputBytes)
      return []
    } catch {
      return [Diagnostic(error.message, at: range)]
    }
  }
  if options.format.holdsWeights {
    guard let weights = result.weightScenes else {
      return [Diagnostic(.symbolCannot("this compilation (compiled without its weights)"), at: range)]
    }
    switch SymbolTemplateWriter.write(weights, name: scene.name) {
    case .success(let text):
      guard text.utf8.count <= options.maxOutputBytes else {
        return [Diagnostic(.outputTooLarge(options.maxOutputBytes), at: range)]
      }
      if options.format == .symbol {
        result.encoded = Array(text.utf8)
      } else {
        result.assetFiles = AssetCatalog.symbolSet(text, name: scene.name)
      }
      return []
    case .failure(let failure):
      return failure.all.map { p in
        let notes = p.origin?.call.map { [Note("in component '\($0.name)', used here", at: $0.range)] } ?? []
        let message: Message = p.mismatch ? .symbolWeightsDiffer(p.what) : .symbolCannot(p.what)
        return Diagnostic(message, at: p.origin?.element ?? range, notes: notes)
      }
    }
  }
  if options.format == .vectordrawable {
    switch VectorDrawableWriter().write(scene) {
    case .success(let text):
      guard text.utf8.count <= options.maxOutputBytes else {
        return [Diagnostic(.outputTooLarge(options.maxOutputBytes), at: range)]
      }
      result.encoded = Array(text.utf8)
      return []
    case .failure(let failure):
      return failure.problems.map { p in
        let notes = p.origin?.call.map { [Note("in component '\($0.name)', used here", at: $0.range)] } ?? []
        return Diagnostic(.vectorDrawableCannot(p.what), at: p.origin?.element ?? range, notes: notes)
      }
    }
  }
  if let problem = rasterProblem(
    scene, scale: options.raster.scale, format: options.format, limit: options.maxOutputBytes)
  {
    return [Diagnostic(problem, at: range)]
  }
  guard let renderer = rasterRenderer(scene, format: options.format, options: options.raster) else {
    return [Diagnostic(.tooManyEdges(RasterRenderer.maximumEdges), at: range)]
  }
  if let problem = rendererProblem(renderer) { return [Diagnostic(problem, at: range)] }
  result.raster = renderer
  return []
}

/// What keeps `scene` from being drawn at `scale` as `format` (PNG or
/// PPM) within `limit` bytes, known before it is flattened: its size in
/// pixels, or effects nested too deep.
func rasterProblem(_ scene: Scene, scale: Double, format: OutputFormat, limit: Int) -> Message? {
  let (w, h) = RasterRenderer.pixelSize(scene, scale: scale)
  if w > maximumPixelSide || h > maximumPixelSide {
    return .imageTooLarge(w, h, maximumPixelSide)
  } else if format != .ppm && w * h * 4 > limit {
    // A PNG's size is known only once compressed; its pixels, four bytes
    // each, bound the work (a 32,768-pixel square took 5 s).
    return .imagePixelsTooLarge(limit)
  } else if format == .ppm && PPM.size(width: w, height: h) > limit {
    return .outputTooLarge(limit)
  } else if RasterRenderer.effectDepth(scene.nodes) > RasterRenderer.maximumEffectDepth {
    return .effectsTooDeep(RasterRenderer.maximumEffectDepth)
  }
  return nil
}

/// What keeps a flattened scene from being drawn: the costs its
/// preparation found past their limits.
func rendererProblem(_ renderer: RasterRenderer) -> Message? {
  if renderer.strokeTooComplex {
    return .strokeTooComplex(Stroker.maximumOutlinePoints)
  } else if renderer.tooManyDashes {
    return .tooManyDashes(Stroker.DashPattern.maximumDashes)
  } else if renderer.effectBytes > RasterRenderer.maximumEffectBytes {
    return .effectsTooLarge(RasterRenderer.maximumEffectBytes >> 20)
  } else if renderer.coveredArea > RasterRenderer.maximumCoveredArea {
    return .tooMuchArea(RasterRenderer.maximumCoveredArea)
  } else if renderer.groupDepth > RasterRenderer.maximumGroupDepth(width: renderer.width) {
    return .groupsTooDeep(RasterRenderer.maximumGroupDepth(width: renderer.width), width: renderer.width)
  } else if renderer.edgeRows > RasterRenderer.maximumEdgeRows {
    return .tooManyEdgeRows(RasterRenderer.maximumEdgeRows)
  }
  return nil
}

extension CompileResult {
  /// The same compilation's output in another `format` with other raster
  /// options: the scene is not laid out again, only the backend's first
  /// stage runs. Its errors (an image too large at that scale) are added
  /// to the result's own; a result with errors stays one.
  public func rendered(as format: OutputFormat, raster: RasterOptions) -> CompileResult {
    var out = self
    out.options.format = format
    out.options.raster = raster
    out.svg = nil
    out.encoded = nil
    out.assetFiles = nil
    out.raster = nil
    guard let scene, !hasErrors, let range = badgeRange else { return out }
    let found = onLargeStack(callerStack: options.callerStack) { () -> (CompileResult, [Diagnostic]) in
      var copy = out
      let d = prepareBackend(&copy, scene, at: range)
      return (copy, d)
    }
    out = found.0
    if !found.1.isEmpty {
      out.diagnostics += found.1
      out.scene = nil
    }
    return out
  }
}

/// Adds to each error or warning in a badge file whose range uses a name
/// set with `-D` a note at that `-D` value: the error is then about the
/// value given on the command line (`-D rotations=6deg` where a number is
/// expected), not about the file. Each overridden name's uses are listed once, by
/// file and then in source order, and each error looks its range up in
/// those lists.
private func notingOverrides(
  _ diagnostics: [Diagnostic], _ overrides: [(name: String, range: SourceRange, value: Expr)],
  _ uses: [String: [SourceRange]]
) -> [Diagnostic] {
  guard !overrides.isEmpty, diagnostics.contains(where: { $0.severity != .note }) else { return diagnostics }
  var given: [String: Expr] = [:]
  for o in overrides { given[o.name] = o.value }
  let names = uses.keys.filter { given[$0] != nil }.sorted()
  return diagnostics.map { d in
    guard d.severity != .note else { return d }
    var d = d
    for name in names {
      let ranges = uses[name]!
      // The first use starting at or after the error's start.
      var lo = 0
      var hi = ranges.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if (ranges[mid].file, ranges[mid].start) < (d.range.file, d.range.start) { lo = mid + 1 } else { hi = mid }
      }
      if lo < ranges.count && ranges[lo].file == d.range.file && ranges[lo].end <= d.range.end {
        d.notes.append(Note("'\(name)' is given by -D here", at: given[name]!.range))
      }
    }
    return d
  }
}

/// Diagnostics in source order (layout finds them in drawing order).
private func sortedBySource(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
  diagnostics.enumerated().sorted { x, y in
    let (a, b) = (x.element.range, y.element.range)
    if a.file != b.file { return a.file < b.file }
    if a.start != b.start { return a.start < b.start }
    return x.offset < y.offset
  }.map(\.element)
}

/// The canvas the badge declares (`size W` or `size W, H`), or the
/// default; a side declared `fit` is nil (its content's ideal size).
private func declaredSize(_ badge: BadgeDecl, _ scope: Scope, _ ev: Evaluator) -> (Double?, Double?) {
  var sides: [Double?] = []
  for e in badge.size {
    let v = ev.eval(e, scope)
    if v == .keyword("fit") {
      sides.append(nil)
      continue
    }
    guard let x = ev.length(v, axis: nil, e.range) else {
      return (defaultCanvasSide, defaultCanvasSide)
    }
    guard x >= 1 && x <= 100_000 else {
      ev.report(.canvasTooLarge(formatForMessage(x)), e.range)
      return (defaultCanvasSide, defaultCanvasSide)
    }
    sides.append(x)
  }
  switch sides.count {
  case 0: return (defaultCanvasSide, defaultCanvasSide)
  case 1: return (sides[0], sides[0])
  default: return (sides[0], sides[1])
  }
}

extension CompileResult {
  /// Makes every warning an error (`CompileOptions.warningsAsErrors`):
  /// with any, there is no scene and nothing to write.
  mutating func promoteWarnings() {
    guard diagnostics.contains(where: { $0.severity == .warning }) else { return }
    for i in diagnostics.indices where diagnostics[i].severity == .warning {
      diagnostics[i].severity = .error
      diagnostics[i].promoted = true
    }
    scene = nil
    svg = nil
    raster = nil
  }
}

/// An unknown name that is the whole of a `-D` value (`-D name=Ada`) is
/// most likely text: the error says how to give a string, and its fix-it
/// quotes it (`-D 'name="Ada"'`: the shell's quotes keep badgec's).
private func quotingHint(
  _ d: Diagnostic, _ overrides: [(name: String, range: SourceRange, value: Expr)], _ files: [SourceFile]
) -> Diagnostic {
  guard case .unknownName(let word, _) = d.message,
    let o = overrides.first(where: { $0.value.range == d.range }), case .name = o.value.kind
  else { return d }
  var d = d
  d.notes.append(
    Note("a string needs quotes, inside the shell's: -D '\(o.name)=\"\(word)\"'", at: d.range))
  d.fixIts = [FixIt(d.range, "\"\(word)\"")]
  return d
}
