// Test support: checks that an SVG badgec wrote is well-formed XML 1.0 and
// inert, holding only the elements and attributes the SVG writer writes
// (no scripts, no event handlers, no references outside the document).
// Plain Swift with no imports: fuzz/build.sh compiles this file into the
// fuzz target as well.

/// The checker: `SVGInertness.problems(in:)` lists what is wrong with a
/// document, empty when it is fine. Well-formedness errors stop the check
/// (the rest of the document cannot be read reliably); inertness problems
/// are all listed.
enum SVGInertness {
  /// What an attribute's value may be, as the writer writes it.
  enum Value: Sendable {
    /// Exactly this text.
    case fixed(String)
    /// One of these words.
    case oneOf([String])
    /// A number as `SVGText.number` writes it: `-?digits(.digits)?`, at
    /// most three decimals, no trailing zero, no `-0`.
    case number
    /// Numbers separated by single spaces (`viewBox`).
    case numbers
    /// Path data: `M`, `L`, `Q`, `C`, `Z`, each with its count of numbers.
    case pathData
    /// `translate(x y)` and `rotate(a)` separated by single spaces.
    case transform
    /// `#rrggbb` in lowercase hex.
    case colour
    /// A colour or `url(#id)`.
    case paint
    /// A colour, `url(#id)` or `none`.
    case paintOrNone
    /// `url(#id)`.
    case url
    /// Two numbers separated by a space (`stdDeviation`).
    case numberPair
    /// `matrix(a b c d e f)`: six numbers separated by single spaces.
    case matrix
    /// An `id` (`p0`, `g3`).
    case id
    /// A reference to an id of this document: `#id`.
    case localReference
    /// Words as `SVGText.escaped` writes them (a text's label): any text,
    /// since reading the value already refused a raw `<` and an `&` that
    /// starts no reference (the value checked has its references
    /// replaced: `&amp;` is `&` there).
    case words
  }

  /// Where an element may appear and what it may carry.
  struct Rule: Sendable {
    /// The elements it may be a child of ("" for the root).
    var parents: Set<String>
    var attributes: [String: Value]
    /// Attributes it must have.
    var required: Set<String> = []
    /// Whether it may hold text (other than white space).
    var text = false
    /// Attributes of which it must have exactly one.
    var exactlyOne: Set<String> = []
  }

  /// Everything the SVG writer (Sources/BadgeKit/Backends/SVG) writes, and
  /// nothing else. This list must grow when the writer writes a new element
  /// or attribute.
  static let allowed: [String: Rule] = [
    "svg": Rule(
      parents: [""],
      attributes: [
        "xmlns": .fixed("http://www.w3.org/2000/svg"), "xmlns:xlink": .fixed("http://www.w3.org/1999/xlink"),
        "width": .number, "height": .number, "viewBox": .numbers,
      ],
      required: ["xmlns", "width", "height", "viewBox"]),
    "title": Rule(parents: ["svg"], attributes: [:], text: true),
    "defs": Rule(parents: ["svg"], attributes: [:]),
    "g": Rule(
      parents: ["svg", "g", "mask"],
      attributes: [
        "opacity": .number, "clip-path": .url, "mask": .url, "filter": .url,
        "style": .oneOf(
          [
            "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "soft-light",
            "hard-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
          ].map { "mix-blend-mode:" + $0 } + ["isolation:isolate"]),
      ],
      exactlyOne: ["opacity", "clip-path", "mask", "filter", "style"]),
    "path": Rule(
      parents: ["svg", "g", "defs", "mask", "clipPath"],
      attributes: [
        "id": .id, "d": .pathData, "transform": .matrix, "fill": .paintOrNone, "fill-opacity": .number,
        "fill-rule": .oneOf(["evenodd"]), "clip-rule": .oneOf(["evenodd"]),
        "role": .fixed("img"), "aria-label": .words,
      ].merging(strokeAttributes) { a, _ in a },
      required: ["d"]),
    "use": Rule(
      parents: ["svg", "g", "mask"],
      attributes: [
        "xlink:href": .localReference, "transform": .transform, "fill": .paintOrNone, "fill-opacity": .number,
        "fill-rule": .oneOf(["evenodd"]), "role": .fixed("img"), "aria-label": .words,
      ].merging(strokeAttributes) { a, _ in a },
      required: ["xlink:href"]),
    "linearGradient": Rule(
      parents: ["defs"],
      attributes: [
        "id": .id, "gradientUnits": .fixed("userSpaceOnUse"), "x1": .number, "y1": .number, "x2": .number,
        "y2": .number,
      ],
      required: ["id", "gradientUnits"]),
    "radialGradient": Rule(
      parents: ["defs"],
      attributes: [
        "id": .id, "gradientUnits": .fixed("userSpaceOnUse"), "cx": .number, "cy": .number, "r": .number,
        "fx": .number, "fy": .number, "gradientTransform": .matrix,
      ],
      required: ["id", "gradientUnits", "cx", "cy", "r"]),
    "stop": Rule(
      parents: ["linearGradient", "radialGradient"],
      attributes: ["offset": .number, "stop-color": .colour, "stop-opacity": .number],
      required: ["offset", "stop-color"]),
    "clipPath": Rule(
      parents: ["defs"], attributes: ["id": .id, "clipPathUnits": .fixed("userSpaceOnUse")],
      required: ["id", "clipPathUnits"]),
    "mask": Rule(
      parents: ["defs"],
      attributes: [
        "id": .id, "maskUnits": .fixed("userSpaceOnUse"), "x": .number, "y": .number, "width": .number,
        "height": .number,
      ],
      required: ["id", "maskUnits", "x", "y", "width", "height"]),
    "filter": Rule(
      parents: ["defs"],
      attributes: [
        "id": .id, "filterUnits": .fixed("userSpaceOnUse"), "x": .number, "y": .number, "width": .number,
        "height": .number, "color-interpolation-filters": .fixed("sRGB"),
      ],
      required: ["id", "filterUnits", "x", "y", "width", "height", "color-interpolation-filters"]),
    "feGaussianBlur": Rule(
      parents: ["filter"], attributes: ["in": .oneOf(["SourceAlpha", "SourceGraphic"]), "stdDeviation": .numberPair],
      required: ["in", "stdDeviation"]),
    "feOffset": Rule(
      parents: ["filter"],
      attributes: ["in": .fixed("SourceAlpha"), "dx": .number, "dy": .number, "result": .fixed("shadow")],
      required: ["dx", "dy", "result"]),
    "feFlood": Rule(
      parents: ["filter"], attributes: ["flood-color": .colour, "flood-opacity": .number], required: ["flood-color"]),
    "feComposite": Rule(
      parents: ["filter"], attributes: ["in2": .fixed("shadow"), "operator": .fixed("in")],
      required: ["in2", "operator"]),
    "feMerge": Rule(parents: ["filter"], attributes: [:]),
    "feMergeNode": Rule(parents: ["feMerge"], attributes: ["in": .fixed("SourceGraphic")]),
  ]

  /// A stroke's attributes, on `<path>` and `<use>`.
  static let strokeAttributes: [String: Value] = [
    "stroke": .paint, "stroke-opacity": .number, "stroke-width": .number,
    "stroke-linecap": .oneOf(["round", "square"]), "stroke-linejoin": .oneOf(["round", "bevel"]),
    "stroke-miterlimit": .number, "stroke-dasharray": .numbers, "stroke-dashoffset": .number,
  ]

  /// The problems of the document `bytes`; empty when it is fine.
  static func problems(in bytes: [UInt8]) -> [String] {
    if let problem = encodingProblem(bytes) { return [problem] }
    var reader = Reader(bytes: bytes)
    reader.readDocument()
    return reader.problems
  }

  /// The first byte sequence that is not UTF-8, or the first character
  /// XML 1.0 does not allow (#x9 | #xA | #xD | [#x20-#xD7FF] |
  /// [#xE000-#xFFFD] | [#x10000-#x10FFFF]).
  static func encodingProblem(_ b: [UInt8]) -> String? {
    var i = 0
    while i < b.count {
      let lead = b[i]
      var scalar: UInt32
      var count: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F: (scalar, count) = (UInt32(lead), 1)
      case 0xC2...0xDF: (scalar, count) = (UInt32(lead & 0x1F), 2)
      case 0xE0...0xEF:
        (scalar, count) = (UInt32(lead & 0x0F), 3)
        if lead == 0xE0 { low = 0xA0 }
        if lead == 0xED { high = 0x9F }
      case 0xF0...0xF4:
        (scalar, count) = (UInt32(lead & 0x07), 4)
        if lead == 0xF0 { low = 0x90 }
        if lead == 0xF4 { high = 0x8F }
      default: return "byte \(i): 0x\(hex(lead)) is not UTF-8"
      }
      for k in 1..<max(1, count) {
        guard i + k < b.count else { return "byte \(i): UTF-8 sequence cut short by the end" }
        let c = b[i + k]
        let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
        guard c >= lo && c <= hi else { return "byte \(i + k): 0x\(hex(c)) is not UTF-8 here" }
        scalar = scalar << 6 | UInt32(c & 0x3F)
      }
      if !isXMLChar(scalar) { return "byte \(i): U+\(hex(scalar)) is not allowed in XML 1.0" }
      i += count
    }
    return nil
  }

  static func isXMLChar(_ c: UInt32) -> Bool {
    c == 0x9 || c == 0xA || c == 0xD || (0x20...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c)
      || (0x10000...0x10FFFF).contains(c)
  }

  static func hex<T: BinaryInteger>(_ x: T) -> String {
    let s = String(x, radix: 16, uppercase: true)
    return s.count < 2 ? "0" + s : s
  }
}

extension SVGInertness {
  /// A reader over the document's bytes (already known to be UTF-8 of XML
  /// characters). Markup is ASCII, so it works on bytes.
  struct Reader {
    let bytes: [UInt8]
    var i = 0
    var problems: [String] = []
    /// Set at the first well-formedness error: nothing after it is read.
    var broken = false
    /// Open elements, innermost last, with the namespace prefixes each
    /// declares.
    var open: [(name: String, prefixes: Set<String>)] = []
    var rootSeen = false
    var ids: Set<String> = []
    /// Every `#id` and `url(#id)` reference, with its byte offset.
    var references: [(id: String, at: Int)] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func fail(_ message: String, at offset: Int? = nil) {
      if !broken { problems.append("byte \(offset ?? i): \(message)") }
      broken = true
    }

    mutating func report(_ message: String, at offset: Int) {
      if problems.count < 50 { problems.append("byte \(offset): \(message)") }
    }

    func at(_ s: String) -> Bool {
      let u = Array(s.utf8)
      return i + u.count <= bytes.count && Array(bytes[i..<i + u.count]) == u
    }

    /// The offset of `s` at or after `from`, or nil.
    func find(_ s: String, from: Int) -> Int? {
      let u = Array(s.utf8)
      var j = from
      while j + u.count <= bytes.count {
        if bytes[j] == u[0] && Array(bytes[j..<j + u.count]) == u { return j }
        j += 1
      }
      return nil
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x9 || c == 0xA || c == 0xD }

    mutating func skipSpace() -> Bool {
      let start = i
      while i < bytes.count && Reader.isSpace(bytes[i]) { i += 1 }
      return i > start
    }

    mutating func readDocument() {
      if at("\u{FEFF}") { i += 3 }
      if at("<?xml") && i + 5 < bytes.count && Reader.isSpace(bytes[i + 5]) { readDeclaration() }
      while !broken && i < bytes.count {
        if bytes[i] == UInt8(ascii: "<") {
          readMarkup()
        } else {
          readText()
        }
      }
      guard !broken else { return }
      if !rootSeen {
        fail("no root element")
      } else if let last = open.last {
        fail("<\(last.name)> is not closed at the end")
      }
      guard !broken else { return }
      for r in references where !ids.contains(r.id) {
        report("reference to '#\(r.id)', which no element has", at: r.at)
      }
    }

    /// `<?xml version="1.0" …?>`, at the very start only.
    mutating func readDeclaration() {
      let start = i
      guard let end = find("?>", from: i) else { return fail("the XML declaration is not closed") }
      let text = String(decoding: bytes[start + 5..<end], as: UTF8.self)
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      guard let first = words.first, first == "version=\"1.0\"" || first == "version='1.0'" else {
        return fail("the XML declaration does not begin with version=\"1.0\"", at: start)
      }
      for w in words.dropFirst() {
        let lower = w.lowercased()
        let known =
          lower == "encoding=\"utf-8\"" || lower == "encoding='utf-8'" || lower == "standalone=\"yes\""
          || lower == "standalone='yes'" || lower == "standalone=\"no\"" || lower == "standalone='no'"
        if !known { return fail("the XML declaration has '\(w)'", at: start) }
      }
      i = end + 2
    }

    mutating func readMarkup() {
      let start = i
      if at("<!--") {
        guard let end = find("--", from: i + 4) else { return fail("comment not closed") }
        guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
          return fail("'--' inside a comment", at: end)
        }
        i = end + 3
      } else if at("<?") {
        guard let end = find("?>", from: i + 2) else { return fail("processing instruction not closed") }
        let target = String(decoding: bytes[i + 2..<end].prefix { !Reader.isSpace($0) }, as: UTF8.self)
        if target.lowercased() == "xml" { return fail("an XML declaration that is not at the start", at: start) }
        report("processing instruction <?\(target)?> (badgec writes none)", at: start)
        i = end + 2
      } else if at("<![CDATA[") {
        guard !open.isEmpty else { return fail("CDATA section outside the root element") }
        guard let end = find("]]>", from: i + 9) else { return fail("CDATA section not closed") }
        report("CDATA section (badgec writes none)", at: start)
        i = end + 3
      } else if at("<!") {
        // A DOCTYPE could declare entities; badgec writes none.
        fail("markup declaration '<!' (badgec writes no DOCTYPE)")
      } else if at("</") {
        readEndTag()
      } else {
        readStartTag()
      }
    }

    static func isNameStart(_ c: UInt8) -> Bool {
      (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
        || c >= 0x80
    }

    static func isNameChar(_ c: UInt8) -> Bool {
      isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    /// An XML name (non-ASCII name characters are taken as they come).
    mutating func readName() -> String? {
      guard i < bytes.count, Reader.isNameStart(bytes[i]) else { return nil }
      let start = i
      while i < bytes.count && Reader.isNameChar(bytes[i]) { i += 1 }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func readEndTag() {
      let start = i
      i += 2
      guard let name = readName() else { return fail("end tag without a name") }
      _ = skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return fail("end tag </\(name) not closed by '>'") }
      i += 1
      guard let last = open.last else { return fail("end tag </\(name)> with no open element", at: start) }
      guard last.name == name else { return fail("end tag </\(name)> closes <\(last.name)>", at: start) }
      open.removeLast()
    }

    mutating func readStartTag() {
      let start = i
      i += 1
      guard let name = readName() else { return fail("'<' that begins no tag") }
      if open.isEmpty && rootSeen { return fail("a second root element <\(name)>", at: start) }
      var attributes: [(name: String, value: String, at: Int)] = []
      var selfClosing = false
      while true {
        let spaced = skipSpace()
        guard i < bytes.count else { return fail("tag <\(name) not closed", at: start) }
        if bytes[i] == UInt8(ascii: ">") {
          i += 1
          break
        }
        if at("/>") {
          i += 2
          selfClosing = true
          break
        }
        guard spaced else { return fail("no space before an attribute of <\(name)>") }
        let attributeStart = i
        guard let attribute = readName() else { return fail("attribute name expected in <\(name)>") }
        _ = skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return fail("'=' expected after \(attribute)") }
        i += 1
        _ = skipSpace()
        guard let value = readAttributeValue() else { return }
        if attributes.contains(where: { $0.name == attribute }) {
          return fail("attribute \(attribute) twice in <\(name)>", at: attributeStart)
        }
        attributes.append((attribute, value, attributeStart))
      }
      var prefixes: Set<String> = []
      for a in attributes where a.name.hasPrefix("xmlns:") { prefixes.insert(String(a.name.dropFirst(6))) }
      check(name, attributes, prefixes: prefixes, at: start)
      rootSeen = true
      if !selfClosing { open.append((name, prefixes)) }
    }

    /// A quoted value with its references replaced, or nil after a failure.
    mutating func readAttributeValue() -> String? {
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
        fail("attribute value not in quotes")
        return nil
      }
      let quote = bytes[i]
      i += 1
      var value: [UInt8] = []
      while true {
        guard i < bytes.count else {
          fail("attribute value not closed")
          return nil
        }
        let c = bytes[i]
        if c == quote { break }
        if c == UInt8(ascii: "<") {
          fail("'<' in an attribute value")
          return nil
        }
        if c == UInt8(ascii: "&") {
          guard let scalar = readReference() else { return nil }
          value += Array(String(scalar).utf8)
        } else {
          value.append(c)
          i += 1
        }
      }
      i += 1
      return String(decoding: value, as: UTF8.self)
    }

    /// `&amp; &lt; &gt; &quot; &apos; &#…; &#x…;` at `i`, or nil after a
    /// failure.
    mutating func readReference() -> Unicode.Scalar? {
      let start = i
      guard let end = bytes[i...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else {
        fail("'&' that begins no reference")
        return nil
      }
      let body = String(decoding: bytes[i + 1..<end], as: UTF8.self)
      i = end + 1
      switch body {
      case "amp": return "&"
      case "lt": return "<"
      case "gt": return ">"
      case "quot": return "\""
      case "apos": return "'"
      default: break
      }
      var code: UInt32?
      if body.hasPrefix("#x") {
        let digits = body.dropFirst(2)
        code = !digits.isEmpty && digits.allSatisfy(\.isHexDigit) ? UInt32(digits, radix: 16) : nil
      } else if body.hasPrefix("#") {
        let digits = body.dropFirst()
        code = !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) ? UInt32(digits) : nil
      } else {
        fail("unknown entity &\(body);", at: start)
        return nil
      }
      guard let code, SVGInertness.isXMLChar(code), let scalar = Unicode.Scalar(code) else {
        fail("character reference &\(body); is no XML character", at: start)
        return nil
      }
      return scalar
    }

    /// Character data up to the next '<'.
    mutating func readText() {
      let start = i
      var onlySpace = true
      while i < bytes.count && bytes[i] != UInt8(ascii: "<") {
        let c = bytes[i]
        if c == UInt8(ascii: "]") && at("]]>") { return fail("']]>' in text") }
        if c == UInt8(ascii: "&") {
          guard readReference() != nil else { return }
          onlySpace = false
          continue
        }
        if !Reader.isSpace(c) { onlySpace = false }
        i += 1
      }
      if onlySpace { return }
      guard let parent = open.last else { return fail("text outside the root element", at: start) }
      if SVGInertness.allowed[parent.name]?.text != true { report("text inside <\(parent.name)>", at: start) }
    }

    /// The inertness of one start tag.
    mutating func check(
      _ name: String, _ attributes: [(name: String, value: String, at: Int)], prefixes: Set<String>, at start: Int
    ) {
      let declared = open.reduce(into: prefixes.union(["xml"])) { $0.formUnion($1.prefixes) }
      for n in [name] + attributes.map({ $0.name }) where n.contains(":") && !n.hasPrefix("xmlns:") {
        let prefix = String(n.prefix { $0 != ":" })
        if !declared.contains(prefix) { report("namespace prefix '\(prefix)' of \(n) is not declared", at: start) }
      }
      // Event handlers and outside references, whatever the element.
      for a in attributes {
        if a.name.lowercased().hasPrefix("on") { report("event attribute \(a.name) on <\(name)>", at: a.at) }
        if a.name == "href" || a.name.hasSuffix(":href") {
          if !a.value.hasPrefix("#") { report("\(a.name) to '\(a.value)', outside the document", at: a.at) }
        }
      }
      guard let rule = SVGInertness.allowed[name] else {
        return report("element <\(name)> (badgec writes no such element)", at: start)
      }
      let parent = open.last?.name ?? ""
      if !rule.parents.contains(parent) {
        report("<\(name)> inside \(parent.isEmpty ? "nothing (as the root)" : "<\(parent)>")", at: start)
      }
      for a in attributes {
        guard let kind = rule.attributes[a.name] else {
          report("attribute \(a.name) on <\(name)> (badgec writes no such attribute there)", at: a.at)
          continue
        }
        if let problem = valueProblem(a.value, kind, at: a.at) {
          report("\(a.name)=\"\(a.value)\" on <\(name)>: \(problem)", at: a.at)
        }
      }
      for r in rule.required.sorted() where !attributes.contains(where: { $0.name == r }) {
        report("<\(name)> without \(r)", at: start)
      }
      if !rule.exactlyOne.isEmpty && attributes.filter({ rule.exactlyOne.contains($0.name) }).count != 1 {
        report("<\(name)> without exactly one of \(rule.exactlyOne.sorted())", at: start)
      }
    }

    /// What is wrong with `value` as a value of `kind`, or nil. Records
    /// ids and references.
    mutating func valueProblem(_ value: String, _ kind: Value, at offset: Int) -> String? {
      switch kind {
      case .fixed(let text):
        return value == text ? nil : "expected \"\(text)\""
      case .words:
        // Any text: the value reaches here with its references replaced,
        // and a raw '<' or a bad reference already failed the reading.
        return nil
      case .oneOf(let words):
        return words.contains(value) ? nil : "expected one of \(words)"
      case .number:
        return Reader.isNumber(Substring(value)) ? nil : "not a number as badgec writes them"
      case .numbers:
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        return parts.allSatisfy(Reader.isNumber) ? nil : "not numbers separated by single spaces"
      case .pathData:
        return Reader.pathDataProblem(value)
      case .transform:
        return Reader.transformProblem(value)
      case .colour:
        return Reader.isColour(value) ? nil : "not a #rrggbb colour"
      case .paint:
        if Reader.isColour(value) { return nil }
        guard value.hasPrefix("url(#"), value.hasSuffix(")") else { return "neither a colour nor url(#id)" }
        return valueProblem(value, .url, at: offset)
      case .paintOrNone:
        return value == "none" ? nil : valueProblem(value, .paint, at: offset)
      case .url:
        guard value.hasPrefix("url(#"), value.hasSuffix(")") else { return "not url(#id)" }
        let id = String(value.dropFirst(5).dropLast())
        guard Reader.isID(id) else { return "url() of something other than an id" }
        references.append((id, offset))
        return nil
      case .numberPair:
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(Reader.isNumber) ? nil : "not two numbers separated by a space"
      case .matrix:
        guard value.hasPrefix("matrix("), value.hasSuffix(")") else { return "not matrix(a b c d e f)" }
        let parts = value.dropFirst(7).dropLast().split(separator: " ", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy(Reader.isNumber) ? nil : "matrix needs 6 numbers"
      case .id:
        guard Reader.isID(value) else { return "not an id" }
        if !ids.insert(value).inserted { return "an id given twice" }
        return nil
      case .localReference:
        guard value.hasPrefix("#"), Reader.isID(String(value.dropFirst())) else { return "not a reference '#id'" }
        references.append((String(value.dropFirst()), offset))
        return nil
      }
    }

    /// `-?digits(.digits)?` with at most three decimals, no trailing zero
    /// in the decimals and no `-0`.
    static func isNumber(_ s: Substring) -> Bool { isNumber(ArraySlice(s.utf8)) }

    /// The same, on UTF-8 bytes (path data is checked byte by byte: as
    /// characters, a text's megabytes of outlines took seconds).
    static func isNumber(_ s: ArraySlice<UInt8>) -> Bool {
      func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
      var t = s
      let negative = t.first == UInt8(ascii: "-")
      if negative { t = t.dropFirst() }
      let parts = t.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else {
        return false
      }
      if whole.count > 1 && whole.first == UInt8(ascii: "0") { return false }
      if parts.count == 2 {
        let fraction = parts[1]
        guard (1...3).contains(fraction.count), fraction.allSatisfy(isDigit), fraction.last != UInt8(ascii: "0") else {
          return false
        }
        return true
      }
      return !(negative && whole.elementsEqual([UInt8(ascii: "0")]))
    }

    static func isColour(_ s: String) -> Bool {
      s.count == 7 && s.first == "#" && s.dropFirst().allSatisfy { "0123456789abcdef".contains($0) }
    }

    static func isID(_ s: String) -> Bool {
      guard let first = s.first, first.isASCII, first.isLetter || first == "_" else { return false }
      return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isASCIIDigit || $0 == "_" || $0 == "-") }
    }

    /// Path data as the writer writes it: a command letter directly
    /// followed by its numbers separated by single spaces (`M1 2L3 4Z`).
    static func pathDataProblem(_ s: String) -> String? {
      func count(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "M"), UInt8(ascii: "L"): return 2
        case UInt8(ascii: "Q"): return 4
        case UInt8(ascii: "C"): return 6
        case UInt8(ascii: "Z"): return 0
        default: return nil
        }
      }
      let bytes = Array(s.utf8)
      guard !bytes.isEmpty else { return "empty path data" }
      var i = 0
      while i < bytes.count {
        let command = String(decoding: [bytes[i]], as: UTF8.self)
        guard let n = count(bytes[i]) else { return "'\(command)' is no command badgec writes" }
        i += 1
        var end = i
        while end < bytes.count && count(bytes[end]) == nil { end += 1 }
        let numbers = bytes[i..<end]
        i = end
        if n == 0 && !numbers.isEmpty { return "numbers after Z" }
        let parts = n == 0 ? [] : numbers.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        if parts.count != n || !parts.allSatisfy(isNumber) { return "\(command) needs \(n) numbers" }
      }
      return nil
    }

    /// `name(numbers) name(numbers)…` with the names the writer uses.
    static func transformProblem(_ s: String) -> String? {
      let arity = ["translate": 2, "rotate": 1]
      let items = s.split(separator: " ", omittingEmptySubsequences: false)
      var k = 0
      guard !s.isEmpty else { return "empty transform" }
      while k < items.count {
        let item = items[k]
        guard let open = item.firstIndex(of: "("), let n = arity[String(item[..<open])] else {
          return "'\(item)' is no transform badgec writes"
        }
        var numbers = [item[item.index(after: open)...]]
        while !numbers.last!.hasSuffix(")") {
          k += 1
          guard k < items.count else { return "transform not closed" }
          numbers.append(items[k])
        }
        numbers[numbers.count - 1] = numbers[numbers.count - 1].dropLast()
        if numbers.count != n || !numbers.allSatisfy(isNumber) { return "\(item[..<open]) needs \(n) numbers" }
        k += 1
      }
      return nil
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
