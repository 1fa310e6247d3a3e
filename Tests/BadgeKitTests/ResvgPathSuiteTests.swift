// resvg's own path-parsing tests (Peer/resvg-path: each an SVG and resvg's
// reference PNG, MIT/Apache-2.0) as badges: every test whose content is
// paths with solid fills or strokes in the 200 × 200 view box (and the
// suite's 1-point frame) is written as `path("d", viewBox:)` elements with
// those paints, in order, drawn by badgec at 300 × 300 and compared with
// the reference: mean difference ≤ 1/255. Tests with malformed data must
// instead give a located error (resvg draws such data up to the error;
// badgec reports it). `untranslatable` says which tests are not written as
// badges, and why; the test holds the table to what the harness finds.
import Foundation
import Testing

@testable import BadgeKit

struct ResvgPathSuiteTests {
  /// The suite: resvg's, or another of the same form (NAME.svg beside its
  /// reference NAME.png, paths in a 200 × 200 view box drawn at 300 × 300)
  /// named by `BADGEC_PATH_SUITE`, run the same way.
  static let folder =
    ProcessInfo.processInfo.environment["BADGEC_PATH_SUITE"].map { URL(fileURLWithPath: $0) }
    ?? Support.url("Tests/BadgeKitTests/Peer/resvg-path")
  /// Whether the suite is resvg's own (whose untranslatable tests the table
  /// lists exactly).
  static let isOwnSuite = ProcessInfo.processInfo.environment["BADGEC_PATH_SUITE"] == nil

  /// Tests that are not translated, and why.
  static let untranslatable: [String: String] = [
    "invalid-transform": "the attribute 'transform' (badgec has no transform attribute on a path)"
  ]

  /// SVG's colour keywords the suite uses.
  static let colours: [String: String] = [
    "green": "rgb(0, 128, 0)", "black": "black", "red": "rgb(255, 0, 0)", "blue": "rgb(0, 0, 255)",
    "white": "white",
  ]

  /// One test: its name, and each of its paths' attributes, in order.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var paths: [[String: String]]
    var viewBox: Bool
    /// A group around the paths moving them by `translate(x y)`, if any.
    var translate: (Double, Double)? = nil
    var testDescription: String { name }
  }

  /// The `translate(x y)` of a `<g transform>` in `svg`, if it has one.
  static func translation(_ svg: String) -> (Double, Double)? {
    guard let g = svg.range(of: "<g "), let t = svg[g.upperBound...].range(of: "transform=\"translate(") else {
      return nil
    }
    let rest = svg[t.upperBound...]
    guard let close = rest.firstIndex(of: ")") else { return nil }
    let numbers = rest[..<close].split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
  }

  /// XML's character references decoded (`&#x20;`, `&#32;`).
  static func decoded(_ s: String) -> String {
    var out = ""
    var rest = Substring(s)
    while let amp = rest.range(of: "&#") {
      out += rest[..<amp.lowerBound]
      guard let semi = rest[amp.upperBound...].firstIndex(of: ";") else { break }
      let body = rest[amp.upperBound..<semi]
      let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
      out += value.flatMap(Unicode.Scalar.init).map { String($0) } ?? ""
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }

  /// The attributes of every `<path … />` element of `svg`, in order.
  static func paths(_ svg: String) -> [[String: String]] {
    var out: [[String: String]] = []
    var rest = Substring(svg)
    while let start = rest.range(of: "<path") {
      let after = rest[start.upperBound...]
      guard let end = after.range(of: "/>") else { break }
      var attributes: [String: String] = [:]
      var text = after[..<end.lowerBound]
      while let eq = text.firstIndex(of: "=") {
        let name = text[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
        let afterEq = text[text.index(after: eq)...]
        guard let q1 = afterEq.firstIndex(of: "\""),
          let q2 = afterEq[afterEq.index(after: q1)...].firstIndex(of: "\"")
        else { break }
        attributes[String(name)] = decoded(String(afterEq[afterEq.index(after: q1)..<q2]))
        text = afterEq[afterEq.index(after: q2)...]
      }
      out.append(attributes)
      rest = after[end.upperBound...]
    }
    return out
  }

  static var cases: [Case] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".svg") }.sorted()
    return names.map { file in
      let svg = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
      return Case(
        name: String(file.dropLast(4)), paths: paths(svg), viewBox: svg.contains("viewBox=\"0 0 200 200\""),
        translate: translation(svg))
    }
  }

  /// The badge of a test, or why it cannot be written as one.
  static func badge(_ c: Case) -> (String?, String?) {
    guard c.viewBox, !c.paths.isEmpty else { return (nil, "no paths in a 200 × 200 view box") }
    var elements: [String] = []
    for a in c.paths {
      guard let d = a["d"] else { return (nil, "a path without data") }
      let known: Set = ["id", "d", "fill", "stroke", "stroke-width", "fill-rule"]
      if let other = a.keys.sorted().first(where: { !known.contains($0) }) { return (nil, "the attribute '\(other)'") }
      // Data that a badge string cannot hold as it is (escapes would move
      // the error's column).
      guard !d.contains("\""), !d.contains("\\"), !d.contains("\n"), !d.contains("\t") else {
        // Line feeds and tabs are separators: written as spaces.
        let flat = d.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        guard !flat.contains("\""), !flat.contains("\\") else { return (nil, "quotes in the data") }
        var b = a
        b["d"] = flat
        return badge(
          Case(name: c.name, paths: c.paths.map { $0 == a ? b : $0 }, viewBox: c.viewBox, translate: c.translate))
      }
      var element = "path(\"\(d)\", viewBox: (0, 0, 200, 200))"
      let fill = a["fill"] ?? "black"
      let rule = a["fill-rule"] == "evenodd" ? ", rule: evenodd" : ""
      if fill != "none" {
        guard let colour = colours[fill] else { return (nil, "the fill '\(fill)'") }
        element += ".fill(\(colour)\(rule))"
      }
      if let stroke = a["stroke"], stroke != "none" {
        guard let colour = colours[stroke] else { return (nil, "the stroke '\(stroke)'") }
        element += ".stroke(\(colour), width: \(a["stroke-width"] ?? "1"), miterLimit: 4)"
      }
      if let (x, y) = c.translate { element += ".offset(x: \(x), y: \(y))" }
      elements.append(element)
    }
    let frame = "rect().stroke(black, width: 1, miterLimit: 4).frame(width: 198, height: 198)"
    let body = (elements + [frame]).map { "    " + $0 }.joined(separator: "\n")
    return ("badge T size 200 {\n  zstack {\n\(body)\n  }\n}\n", nil)
  }

  @Test(arguments: cases)
  func resvgPathTest(_ c: Case) throws {
    let (badge, reason) = ResvgPathSuiteTests.badge(c)
    // The table says exactly which tests are not translated.
    if ResvgPathSuiteTests.isOwnSuite {
      #expect(
        (badge == nil) == (ResvgPathSuiteTests.untranslatable[c.name] != nil), "\(c.name): \(reason ?? "translated")")
    } else if badge == nil {
      print("\(c.name): not translated: \(reason ?? "")")
    }
    guard let badge else { return }
    let result = Support.compile(badge, CompileOptions(format: .ppm, raster: RasterOptions(scale: 1.5)))
    if result.hasErrors {
      // Malformed data: a located error inside the string.
      let diagnostics = result.diagnostics.filter { $0.message.text.hasPrefix("malformed path data") }
      #expect(!diagnostics.isEmpty, "\(c.name): \(result.renderedDiagnostics)")
      return
    }
    guard let pngtopnm = Support.tool("pngtopnm") else { return }
    let run = try Support.run(
      pngtopnm,
      ["-mix", "-background", "white", ResvgPathSuiteTests.folder.appendingPathComponent("\(c.name).png").path])
    guard let reference = RGBImage(ppm: Array(run.stdout)), let ours = result.output.flatMap({ RGBImage(ppm: $0) })
    else {
      Issue.record("\(c.name): no image")
      return
    }
    try #require(ours.width == reference.width && ours.height == reference.height)
    let (mean, _) = ours.compare(reference, within: 16)
    if mean > 1 {
      try FileManager.default.createDirectory(at: RasterSupport.artifacts, withIntermediateDirectories: true)
      try Data(ours.ppm).write(to: RasterSupport.artifacts.appendingPathComponent("resvg-path-\(c.name).ppm"))
      try Data(reference.ppm).write(to: RasterSupport.artifacts.appendingPathComponent("resvg-path-\(c.name).ref.ppm"))
    }
    #expect(mean <= 1, "\(c.name): mean difference \(mean)/255 from resvg's reference\n\(badge)")
  }
}
