// The language server's answers about names: a request's document and
// position in, from the document's SymbolIndex: where a name is declared
// (definition), where it is used (references), every place to change for a
// new name (rename, across the files that use it), what it is (hover: a
// let's value as written, a parameter's default, a component's parameters
// and the comment above it, a colour's spellings, a modifier's or
// function's labels) and what may be written there (completion).
import BadgeKit

extension LanguageServer {
  /// Why a request cannot be answered (an error reply).
  struct Problem: Error {
    var why: String
  }

  /// The document, its index and the byte offset a request's
  /// `textDocument` and `position` name.
  private func place(_ params: JSON) -> (Document, SymbolIndex, Int)? {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
      let position = params["position"], let offset = document.offset(of: position, encoding)
    else { return nil }
    return (document, symbols(of: document), offset)
  }

  /// Document's index, made once until a document changes (requests in a
  /// row, hover after hover, read the files once).
  private func symbols(of document: Document) -> SymbolIndex {
    if let kept = indexes[document.uri] { return kept }
    let index = SymbolIndex(
      document: SourceFile(name: FileURI.path(document.uri) ?? document.uri, bytes: document.bytes),
      importPaths: options.importPaths, unsaved: unsavedTexts(but: document.uri))
    indexes[document.uri] = index
    return index
  }

  /// The URI of file `f` of `index` (0: the document's own).
  private func uri(_ index: SymbolIndex, _ f: Int, _ document: Document) -> String {
    f == 0 ? document.uri : FileURI.uri(absolute(index.files[f].name))
  }

  /// The protocol range of bytes `range` of file `f`.
  private func range(_ index: SymbolIndex, _ f: Int, _ range: Range<Int>, _ document: Document) -> JSON {
    if f == 0 { return document.range(range.lowerBound, range.upperBound, encoding) }
    let other = Document(uri: "", version: 0, text: String(decoding: index.files[f].bytes, as: UTF8.self))
    return other.range(range.lowerBound, range.upperBound, encoding)
  }

  private func location(_ index: SymbolIndex, _ f: Int, _ r: Range<Int>, _ document: Document) -> JSON {
    .object([("uri", .string(uri(index, f, document))), ("range", range(index, f, r, document))])
  }

  func definition(_ params: JSON) -> JSON {
    guard let (document, index, offset) = place(params), let d = index.definition(at: offset) else { return .null }
    let def = index.definitions[d]
    return location(index, def.file, def.nameRange, document)
  }

  func references(_ params: JSON) -> JSON {
    guard let (document, index, offset) = place(params), let d = index.definition(at: offset) else { return .array([]) }
    let def = index.definitions[d]
    var out: [JSON] = []
    if params["context"]?["includeDeclaration"]?.bool ?? true, !def.nameRange.isEmpty {
      out.append(location(index, def.file, def.nameRange, document))
    }
    for u in index.uses(of: d) { out.append(location(index, u.file, u.range, document)) }
    return .array(out)
  }

  func rename(_ params: JSON) -> Result<JSON, Problem> {
    guard let newName = params["newName"]?.string else { return .failure(Problem(why: "a rename needs a newName")) }
    guard let (document, index, offset) = place(params), let d = index.definition(at: offset) else {
      return .failure(Problem(why: "there is no let, parameter or component here to rename"))
    }
    // The new name must read as one name.
    let tokens = Lexer.tokenize(SourceFile(name: "", text: newName))
    guard tokens.diagnostics.isEmpty, tokens.tokens.count == 2, tokens.tokens[0].tag == .identifier,
      tokens.tokens[0].range.start == 0, tokens.tokens[0].range.end == newName.utf8.count
    else {
      return .failure(Problem(why: "'\(newName)' is not a name (a letter or _, then letters, digits or _; no keyword)"))
    }
    let def = index.definitions[d]
    guard !def.nameRange.isEmpty else {
      return .failure(Problem(why: "'\(def.name)' is the default index; name it with 'as'"))
    }
    var places: [(Int, Range<Int>)] = [(def.file, def.nameRange)]
    places += index.uses(of: d).map { ($0.file, $0.range) }
    var byURI: [(String, [JSON])] = []
    for (f, r) in places {
      let u = uri(index, f, document)
      let edit = JSON.object([("range", range(index, f, r, document)), ("newText", .string(newName))])
      if let k = byURI.firstIndex(where: { $0.0 == u }) { byURI[k].1.append(edit) } else { byURI.append((u, [edit])) }
    }
    return .success(.object([("changes", .object(byURI.map { ($0.0, .array($0.1)) }))]))
  }

  // MARK: Hover

  func hover(_ params: JSON) -> JSON {
    guard let (document, index, offset) = place(params) else { return .null }
    func answer(_ markdown: String, _ r: Range<Int>, _ f: Int = 0) -> JSON {
      .object([
        ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
        ("range", range(index, f, r, document)),
      ])
    }
    // A colour written here.
    if let found = ColorLiterals.find(in: document.bytes).first(where: { $0.range.contains(offset) }) {
      return answer(
        "a colour: " + ColorLiterals.spellings(found.color).map { "`\($0)`" }.joined(separator: ", "), found.range)
    }
    if let d = index.definition(at: offset) {
      let use = index.uses.first { $0.file == 0 && ($0.range.contains(offset) || $0.range.upperBound == offset) }
      let here = use?.range ?? index.definitions[d].nameRange
      var text = describe(index, d)
      if index.definitions[d].kind != .component {
        let values = takenValues(d, at: use?.range, index, document)
        if values.count == 1 {
          text += "\n\nhere: `\(values[0])`"
        } else if !values.isEmpty {
          text += "\n\nhere: " + values.map { "`\($0)`" }.joined(separator: ", ") + " (in its places)"
        }
      }
      return answer(text, here)
    }
    // A modifier, a function or a view of the language.
    let tokens = Lexer.tokenize(SourceFile(name: "", bytes: document.bytes)).tokens
    guard
      let k = tokens.firstIndex(where: { $0.range.start <= offset && offset <= $0.range.end && $0.tag == .identifier })
    else { return .null }
    let t = tokens[k]
    let name = String(decoding: document.bytes[t.range.start..<t.range.end], as: UTF8.self)
    let afterDot = k > 0 && tokens[k - 1].tag == .dot
    let labelled = k + 1 < tokens.count && tokens[k + 1].tag == .colon
    if (name == "width" || name == "height") && !afterDot && !labelled {
      return answer(frameSide(name, at: offset, document, index), t.range.start..<t.range.end)
    }
    let labels: [String]?
    let what: String
    if afterDot, let l = LanguageNames.modifiers[name] {
      (labels, what) = (l, "modifier `.\(name)`")
    } else if afterDot, LanguageNames.methods.contains(name) {
      (labels, what) = ([], "method `.\(name)`")
    } else if let l = LanguageNames.functions[name] {
      (labels, what) = (l, "function `\(name)`")
    } else if let l = LanguageNames.views[name] {
      (labels, what) = (l, "view `\(name)`")
    } else {
      (labels, what) = (nil, "")
    }
    guard let labels else { return .null }
    let reference = ReferenceTable.entries[(afterDot ? "." : "") + name]
    var text = what + (labels.isEmpty ? "" : "; labels: " + labels.map { "`\($0):`" }.joined(separator: ", "))
    if let reference { text += "\n\n" + reference }
    return answer(text, t.range.start..<t.range.end)
  }

  /// The values definition `d` takes, as the badge is drawn at its own
  /// size: where it is read at `use`, or (on its declaration) where a let
  /// is declared or a parameter is read; spelled as the language writes
  /// them. Only for names of the document itself.
  private func takenValues(_ d: Int, at use: Range<Int>?, _ index: SymbolIndex, _ document: Document) -> [String] {
    let def = index.definitions[d]
    guard def.file == 0 || use != nil else { return [] }
    var options = self.options
    options.recordValues = true
    let result = compile(
      SourceFile(name: FileURI.path(document.uri) ?? document.uri, bytes: document.bytes), options: options)
    // The places to read: the use; else the let's name, or every use of
    // the parameter or index in the document.
    var places: [Range<Int>] = []
    if let use {
      places = [use]
    } else if def.kind == .topLevelLet || def.kind == .blockLet {
      places = [def.nameRange]
    } else {
      places = index.uses(of: d).filter { $0.file == 0 }.map(\.range)
    }
    var out: [String] = []
    for (range, values) in result.values.sorted(by: { $0.key.start < $1.key.start }) where range.file == 0 {
      // A name written with a leading dot (`.red`) is read with it.
      guard
        places.contains(where: {
          range.end == $0.upperBound && range.start <= $0.lowerBound && $0.lowerBound - range.start <= 1
        })
      else { continue }
      for v in values where !out.contains(v.written) { out.append(v.written) }
    }
    return Array(out.prefix(16))
  }

  /// What definition `d` is, in Markdown.
  private func describe(_ index: SymbolIndex, _ d: Int) -> String {
    let def = index.definitions[d]
    let bytes = index.files[def.file].bytes
    func text(_ r: Range<Int>?) -> String? {
      guard let r else { return nil }
      let s = String(decoding: bytes[r], as: UTF8.self)
      return s.count > 200 ? String(s.prefix(200)) + "…" : s
    }
    func code(_ s: String) -> String { "```badge\n\(s)\n```" }
    switch def.kind {
    case .topLevelLet, .blockLet:
      let value = text(def.value) ?? "…"
      var out = code("let \(def.name) = \(value)")
      if let c = parseColor(value) {
        out += "\n\na colour: " + ColorLiterals.spellings(c).map { "`\($0)`" }.joined(separator: ", ")
      }
      if def.kind == .topLevelLet { out += "\n\nset it with `-D \(def.name)=…`" }
      return out
    case .parameter:
      let owner = def.owner.map { index.definitions[$0].name } ?? "?"
      return code(def.name + (text(def.value).map { " = " + $0 } ?? "")) + "\n\nparameter of `\(owner)`"
        + (def.value == nil ? " (no default: every use gives it)" : "")
    case .component:
      let parameters = def.parameters.map { $0.name + ($0.defaultText.map { " = " + $0 } ?? "") }
      var out = code("component \(def.name)(\(parameters.joined(separator: ", ")))")
      let comment = SymbolIndex.comment(before: def.declaration.lowerBound, in: bytes)
      if !comment.isEmpty { out += "\n\n" + comment }
      return out
    case .repeatIndex:
      return code(def.name) + "\n\nthe index of each copy, from 0 (over a list with one name: each item)"
    case .repeatItem:
      return code(def.name) + "\n\neach item of the list repeated over"
    }
  }

  /// What `width` or `height` (`side`) is at `offset`: the side of the
  /// frame it is read in (the innermost path, geometry block, component
  /// body or badge around it), in each place that frame is laid out when
  /// the badge is drawn at its own size.
  private func frameSide(_ side: String, at offset: Int, _ document: Document, _ index: SymbolIndex) -> String {
    let meaning = "`\(side)`: the \(side) of the frame it is read in"
    var options = self.options
    options.recordLayout = true
    let result = compile(
      SourceFile(name: FileURI.path(document.uri) ?? document.uri, bytes: document.bytes), options: options)
    guard let layout = result.layout else { return meaning + " (the file draws no badge to measure it in)" }
    // Each node's scope: a component's its declaration, the others' what
    // they are written as.
    let components = index.definitions.filter { $0.kind == .component && $0.file == 0 }
    func scope(_ n: LayoutNode) -> Range<Int>? {
      guard n.range.file == 0 else { return nil }
      switch n.kind {
      case .component:
        return components.first { n.label.hasPrefix($0.name + "(") || n.label == $0.name }?.declaration
      case .badge, .geometry, .path: return n.range.start..<n.range.end
      default: return nil
      }
    }
    let holding = layout.nodes.compactMap { n in scope(n).flatMap { $0.contains(offset) ? ($0, n) : nil } }
    guard let innermost = holding.min(by: { $0.0.count < $1.0.count })?.0 else { return meaning }
    let sizes = holding.filter { $0.0 == innermost }.map { side == "width" ? $0.1.size.width : $0.1.size.height }
    var distinct: [Double] = []
    for v in sizes where !distinct.contains(v) { distinct.append(v) }
    func number(_ v: Double) -> String {
      let r = (v * 1000).rounded() / 1000
      return r == r.rounded() ? String(Int(r)) : "\(r)"
    }
    let values = distinct.prefix(6).map(number).joined(separator: ", ") + (distinct.count > 6 ? ", …" : "")
    let uses = sizes.count == 1 ? "" : " (in its \(sizes.count) places)"
    return meaning + ": **\(values)** points here\(uses), the badge drawn at its own size"
  }

  // MARK: Completion

  func completion(_ params: JSON) -> JSON {
    guard let (document, index, offset) = place(params) else { return .array([]) }
    let bytes = document.bytes
    // The word being written, and what comes before it.
    var start = offset
    while start > 0, SymbolIndex.isNameByte(bytes[start - 1]) { start -= 1 }
    let before = start > 0 ? bytes[start - 1] : 0
    var items: [JSON] = []
    func item(_ label: String, _ kind: Double, _ detail: String? = nil, insert: String? = nil) {
      var fields: [(String, JSON)] = [("label", .string(label)), ("kind", .number(kind))]
      if let detail { fields.append(("detail", .string(detail))) }
      if let insert { fields.append(("insertText", .string(insert))) }
      items.append(.object(fields))
    }
    if before == UInt8(ascii: ".") {
      // After a view or a value: modifiers and methods; after nothing (an
      // argument's `.center`): anchors, options and colours.
      var p = start - 1
      while p > 0, bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09 || bytes[p - 1] == 0x0A { p -= 1 }
      let follows =
        p > 0
        && (SymbolIndex.isNameByte(bytes[p - 1]) || bytes[p - 1] == UInt8(ascii: ")")
          || bytes[p - 1] == UInt8(ascii: "}"))
      if follows {
        for (name, labels) in LanguageNames.modifiers.sorted(by: { $0.key < $1.key }) {
          item(name, 2, "modifier" + (labels.isEmpty ? "" : " (" + labels.joined(separator: ":, ") + ":)"))
        }
        for name in LanguageNames.methods { item(name, 2, "method") }
      } else {
        for name in LanguageNames.anchors { item(name, 20, "anchor") }
        for name in LanguageNames.options { item(name, 20, "option") }
        for name in LanguageNames.colors { item(name, 16, "colour") }
      }
      return .array(items)
    }
    // Inside a call's parentheses: its labels not written yet.
    if let call = SymbolIndex.enclosingCall(at: start, in: bytes) {
      let labels: [String]
      if call.isModifier {
        labels = LanguageNames.modifiers[call.name] ?? []
      } else if let d = index.definitions.firstIndex(where: { $0.kind == .component && $0.name == call.name }) {
        labels = index.definitions[d].parameters.map(\.name)
      } else {
        labels = LanguageNames.functions[call.name] ?? LanguageNames.views[call.name] ?? []
      }
      for label in labels where !call.written.contains(label) {
        item(label + ":", 5, "label of \(call.name)", insert: label + ": ")
      }
    }
    for d in index.names(at: offset) {
      let def = index.definitions[d]
      switch def.kind {
      case .component: item(def.name, 22, "component")
      case .parameter: item(def.name, 6, "parameter")
      case .repeatIndex: item(def.name, 6, "repeat index")
      case .repeatItem: item(def.name, 6, "repeat item")
      case .topLevelLet, .blockLet: item(def.name, 21, "let")
      }
    }
    for (name, _) in LanguageNames.views.sorted(by: { $0.key < $1.key }) { item(name, 3, "view") }
    for (name, _) in LanguageNames.functions.sorted(by: { $0.key < $1.key }) { item(name, 3, "function") }
    for name in LanguageNames.colors { item(name, 16, "colour") }
    for name in LanguageNames.anchors { item(name, 20, "anchor") }
    for name in LanguageNames.constants + ["width", "height"] { item(name, 21, "constant") }
    for name in Keyword.allCases.map(\.rawValue) { item(name, 14, "keyword") }
    return .array(items)
  }
}

extension SymbolIndex {
  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
  }

  /// The `//` lines just above byte `offset`'s line, without their
  /// slashes: a declaration's doc comment.
  static func comment(before offset: Int, in bytes: [UInt8]) -> String {
    var lines: [String] = []
    var end = offset
    while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
    while end > 0 {
      var start = end - 1
      while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
      let line = String(decoding: bytes[start..<end - 1], as: UTF8.self)
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("//") else { break }
      var text = trimmed.dropFirst(2)
      if text.first == " " { text = text.dropFirst() }
      lines.append(String(text))
      end = start
    }
    return lines.reversed().joined(separator: "\n")
  }

  /// The call whose parentheses hold byte `offset`: its name, whether it
  /// is a modifier (after a dot), and the labels already written in it.
  static func enclosingCall(at offset: Int, in bytes: [UInt8]) -> (
    name: String, isModifier: Bool, written: Set<String>
  )? {
    let tokens = Lexer.tokenize(SourceFile(name: "", bytes: bytes)).tokens
    var open: [Int] = []
    var k = 0
    while k < tokens.count && tokens[k].range.start < offset {
      switch tokens[k].tag {
      case .leftParen: open.append(k)
      case .rightParen: if !open.isEmpty { open.removeLast() }
      default: break
      }
      k += 1
    }
    guard let paren = open.last, paren > 0, tokens[paren - 1].tag == .identifier else { return nil }
    let nameToken = tokens[paren - 1]
    let name = String(decoding: bytes[nameToken.range.start..<nameToken.range.end], as: UTF8.self)
    let isModifier = paren > 1 && tokens[paren - 2].tag == .dot
    // Labels at this call's level: `name:` after `(` or `,`.
    var written: Set<String> = []
    var depth = 0
    var j = paren + 1
    while j + 1 < tokens.count {
      switch tokens[j].tag {
      case .leftParen, .leftBrace: depth += 1
      case .rightParen, .rightBrace:
        if depth == 0 { return (name, isModifier, written) }
        depth -= 1
      case .identifier, .keyword:
        // (A keyword labels too: `size: 20`.)
        if depth == 0 && tokens[j + 1].tag == .colon
          && (tokens[j - 1].tag == .leftParen || tokens[j - 1].tag == .comma)
        {
          written.insert(String(decoding: bytes[tokens[j].range.start..<tokens[j].range.end], as: UTF8.self))
        }
      default: break
      }
      j += 1
    }
    return (name, isModifier, written)
  }
}
