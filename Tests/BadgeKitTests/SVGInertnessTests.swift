// The SVG inertness checker: it accepts every SVG badgec writes for the
// samples and golden files, and rejects documents that are not well-formed
// or hold what badgec never writes.
import Foundation
import Testing

@testable import BadgeKit

struct SVGInertnessTests {
  /// The committed SVGs: each sample's and the golden ones.
  static var committedSVGs: [String] {
    let fm = FileManager.default
    var paths: [String] = []
    for folder in ["samples", "Tests/BadgeKitTests/Golden"] {
      let names = (try? fm.contentsOfDirectory(atPath: Support.url(folder).path)) ?? []
      paths += names.filter { $0.hasSuffix(".svg") }.sorted().map { folder + "/" + $0 }
    }
    return paths
  }

  @Test func thereAreSVGsToCheck() {
    #expect(SVGInertnessTests.committedSVGs.count >= 4)
  }

  @Test(arguments: committedSVGs)
  func acceptsCommittedSVG(_ path: String) throws {
    let bytes = Array(try Data(contentsOf: Support.url(path)))
    #expect(SVGInertness.problems(in: bytes) == [])
  }

  @Test(arguments: SVGWriterTests.goldenCases)
  func acceptsWhatCompileWrites(_ input: String) throws {
    let result = try Support.compileFile(input)
    guard let svg = result.output else { return }  // the golden error files
    #expect(SVGInertness.problems(in: svg) == [])
  }

  /// A small document like the writer's, with `body` inside the root and
  /// `rootAttributes` on it.
  static func document(_ body: String, rootAttributes: String = "", title: String = "T") -> [UInt8] {
    Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg"\(rootAttributes) width="10" height="10" viewBox="0 0 10 10">
        <title>\(title)</title>
        \(body)
      </svg>

      """.utf8)
  }

  static let good = "<path d=\"M0 0L1 1Z\" fill=\"#000000\"/>"

  @Test func acceptsTheGoodDocument() {
    #expect(SVGInertness.problems(in: SVGInertnessTests.document(SVGInertnessTests.good)) == [])
    let withEverything = SVGInertnessTests.document(
      """
      <defs>
          <path id="p0" d="M0 0Q1 1 2 2C1 2 3 4 -5.125 6Z"/>
          <linearGradient id="g0" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="#ff0000" stop-opacity="0.5"/>
          </linearGradient>
        </defs>
        <!-- a comment -->
        <g opacity="0.5"><path d="M0 0Z" fill="url(#g0)" fill-opacity="0.2" fill-rule="evenodd"/></g>
        <use xlink:href="#p0" transform="translate(1 2) rotate(-45)" fill="#abcdef"/>
      """,
      rootAttributes: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"", title: "a &amp; &lt;b&gt; &#233; &#xe9; \u{E9}")
    #expect(SVGInertness.problems(in: withEverything) == [])
    let declared = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8) + withEverything
    #expect(SVGInertness.problems(in: declared) == [])
  }

  /// Bad documents, each with the words one of its problems must contain.
  static let bad: [(name: String, document: [UInt8], expected: String)] = [
    ("NUL in text", document(good, title: "a\u{0}b"), "U+00 is not allowed"),
    ("U+FFFE in text", document(good, title: "a\u{FFFE}b"), "U+FFFE is not allowed"),
    ("control character", document(good, title: "a\u{1B}b"), "U+1B is not allowed"),
    ("raw < in an attribute", document("<path d=\"M0 0Z\" fill=\"<\"/>"), "'<' in an attribute value"),
    ("]]> in text", document(good, title: "a]]>b"), "']]>' in text"),
    ("script", document("<script>alert(1)</script>"), "element <script>"),
    ("onload", document(good, rootAttributes: " onload=\"alert(1)\""), "event attribute onload"),
    (
      "image with an outside href", document("<image href=\"http://example.com/x.png\" width=\"1\" height=\"1\"/>"),
      "href to 'http://example.com/x.png', outside the document"
    ),
    (
      "use of an outside file",
      document(
        "<use xlink:href=\"http://example.com/a.svg#x\"/>",
        rootAttributes: " xmlns:xlink=\"http://www.w3.org/1999/xlink\""), "outside the document"
    ),
    ("foreignObject", document("<foreignObject/>"), "element <foreignObject>"),
    ("style", document("<style>path{fill:red}</style>"), "element <style>"),
    ("style attribute", document("<path d=\"M0 0Z\" style=\"fill:red\"/>"), "attribute style on <path>"),
    ("url() outside", document("<path d=\"M0 0Z\" fill=\"url(http://x/#a)\"/>"), "neither a colour nor url(#id)"),
    ("dangling reference", document("<path d=\"M0 0Z\" fill=\"url(#g9)\"/>"), "reference to '#g9'"),
    ("undeclared prefix", document("<use xlink:href=\"#p0\"/><path id=\"p0\" d=\"M0 0Z\"/>"), "prefix 'xlink'"),
    ("unclosed element", document("<g opacity=\"0.5\">" + good), "</svg> closes <g>"),
    ("end tag without start", document(good + "</g>"), "</g> closes <svg>"),
    ("crossed tags", document("<g opacity=\"1\"><defs></g></defs>"), "</g> closes <defs>"),
    ("root not closed", Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8), "not closed at the end"),
    ("two roots", document(good) + document(good), "a second root element"),
    ("text outside the root", document(good) + Array("x".utf8), "text outside the root"),
    ("text in a group", document("<g opacity=\"1\">hello</g>"), "text inside <g>"),
    ("invalid UTF-8", document(good, title: "a") + [0xFF], "0xFF is not UTF-8"),
    ("overlong UTF-8", Array("<svg>".utf8) + [0xC0, 0xAF], "0xC0 is not UTF-8"),
    ("surrogate in UTF-8", Array("<svg>".utf8) + [0xED, 0xA0, 0x80], "0xA0 is not UTF-8 here"),
    ("cut UTF-8", Array("<svg>".utf8) + [0xE2, 0x82], "cut short"),
    ("unknown entity", document(good, title: "&nbsp;"), "unknown entity &nbsp;"),
    ("bare ampersand", document(good, title: "a & b"), "'&' that begins no reference"),
    ("character reference to NUL", document(good, title: "&#0;"), "&#0; is no XML character"),
    ("character reference to FFFE", document(good, title: "&#xFFFE;"), "&#xFFFE; is no XML character"),
    ("unquoted attribute", document("<path d=M0/>"), "not in quotes"),
    ("duplicate attribute", document("<path d=\"M0 0Z\" d=\"M0 0Z\"/>"), "attribute d twice"),
    ("DOCTYPE", Array("<!DOCTYPE svg [<!ENTITY a \"b\">]>".utf8) + document(good), "no DOCTYPE"),
    ("processing instruction", document("<?xml-stylesheet href=\"x.css\"?>" + good), "processing instruction"),
    ("double hyphen in a comment", document("<!-- a -- b -->" + good), "'--' inside a comment"),
    ("bad number", document("<path d=\"M0 0Z\" fill-opacity=\"NaN\"/>"), "not a number"),
    ("bad path data", document("<path d=\"M0 0 L1e9 1\"/>"), "M needs 2 numbers"),
    ("a transform badgec does not write", document("<use transform=\"matrix(1 0 0 1 0 0)\"/>"), "is no transform"),
    (
      "an attribute badgec no longer writes",
      document("<defs><linearGradient id=\"g0\" gradientUnits=\"userSpaceOnUse\" gradientTransform=\"x\"/></defs>"),
      "attribute gradientTransform"
    ),
    ("wrong root", Array("<g opacity=\"1\"/>".utf8), "<g> inside nothing"),
    ("empty", [], "no root element"),
  ]

  /// A text's label holding XML's special characters is written with
  /// references, and the check reads it as the text it is (it reported
  /// the `&` of a label's `&amp;` as bare).
  @Test func aLabelWithSpecialCharactersIsInert() throws {
    guard FontFiles.bytes(FontCatalogTests.dejaVu + "DejaVuSans.ttf") != nil else { return }
    let result = Support.compile(
      "badge B size 100 { text(\"Tom & Jerry's <\\\"show\\\">\").font(family: \"DejaVu Sans\") }")
    let svg = try #require(result.output)
    #expect(
      String(decoding: svg, as: UTF8.self).contains("aria-label=\"Tom &amp; Jerry&apos;s &lt;&quot;show&quot;&gt;\""))
    #expect(SVGInertness.problems(in: svg) == [])
  }

  @Test(arguments: bad.indices)
  func rejects(_ i: Int) {
    let (name, document, expected) = SVGInertnessTests.bad[i]
    let problems = SVGInertness.problems(in: document)
    #expect(problems.contains { $0.contains(expected) }, "\(name): \(problems)")
  }
}
