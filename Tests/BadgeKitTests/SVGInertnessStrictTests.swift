// The inertness checker's allow-list for strokes, radial gradients, clips,
// masks and filters: it accepts exactly what the writer writes and still
// rejects what it does not (other filter inputs, other units, images, a
// group with no effect or two).
import Foundation
import Testing

@testable import BadgeKit

struct SVGInertnessStrictTests {
  static func document(_ body: String) -> [UInt8] {
    SVGInertnessTests.document(body, rootAttributes: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
  }

  /// Definitions the bad documents refer to.
  static let defs = """
    <defs>
        <path id="p0" d="M0 0L1 1Z"/>
        <clipPath id="c0" clipPathUnits="userSpaceOnUse"><path d="M0 0L1 1Z" clip-rule="evenodd"/></clipPath>
        <mask id="m0" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><g opacity="0.5"><use xlink:href="#p0" fill="#ffffff"/></g></mask>
        <filter id="f0" filterUnits="userSpaceOnUse" x="-1" y="-1" width="12" height="12" color-interpolation-filters="sRGB">
          <feGaussianBlur in="SourceAlpha" stdDeviation="1 0"/>
          <feOffset dx="1" dy="1" result="shadow"/>
          <feFlood flood-color="#000000" flood-opacity="0.5"/>
          <feComposite in2="shadow" operator="in"/>
          <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
        </filter>
        <radialGradient id="g0" gradientUnits="userSpaceOnUse" cx="1" cy="2" r="3" gradientTransform="matrix(1 0 0.5 1 -2 3.25)">
          <stop offset="0" stop-color="#ff0000"/>
        </radialGradient>
      </defs>
    """

  @Test func acceptsWhatTheWriterWrites() {
    let good =
      SVGInertnessStrictTests.defs + """
        <g clip-path="url(#c0)"><g mask="url(#m0)"><g filter="url(#f0)">
          <path d="M0 0L1 1" transform="matrix(0.962 0.24 0 0.481 2 3)" fill="none" stroke="url(#g0)" stroke-opacity="0.4" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="10" stroke-dasharray="4.5 1.5 2" stroke-dashoffset="-1.5"/>
          <use xlink:href="#p0" transform="translate(1 2)" fill="none" stroke="#000000" stroke-width="1"/>
        </g></g></g>
        """
    #expect(SVGInertness.problems(in: SVGInertnessStrictTests.document(good)) == [])
    #expect(SVGInertness.problems(in: Array(SVGScenes.svg(SVGScenes.everything).utf8)) == [])
  }

  /// Bad documents, each with the words one of its problems must contain.
  static let bad: [(name: String, body: String, expected: String)] = [
    ("a group with no effect", "<g></g>", "without exactly one of"),
    ("a group with two", "<g opacity=\"1\" filter=\"url(#f0)\"></g>", "without exactly one of"),
    (
      "a filter input the writer never uses",
      "<filter id=\"f1\"><feGaussianBlur in=\"BackgroundImage\" stdDeviation=\"1 1\"/></filter>",
      "in=\"BackgroundImage\""
    ),
    ("a filter image", "<filter id=\"f1\"><feImage xlink:href=\"#p0\"/></filter>", "element <feImage>"),
    ("a filter in other units", "<filter id=\"f1\" filterUnits=\"objectBoundingBox\"/>", "expected \"userSpaceOnUse\""),
    ("a filter outside defs", "<filter id=\"f1\"/>", "<filter> inside <svg>"),
    ("a mask without its region", "<defs><mask id=\"m1\" maskUnits=\"userSpaceOnUse\"/></defs>", "<mask> without x"),
    (
      "a mask in other units",
      "<defs><mask id=\"m1\" maskUnits=\"objectBoundingBox\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></defs>",
      "expected \"userSpaceOnUse\""
    ),
    ("a clip to another document", "<g clip-path=\"url(http://x/#c0)\"></g>", "not url(#id)"),
    ("a dangling mask", "<g mask=\"url(#m9)\"></g>", "reference to '#m9'"),
    ("a matrix of five", "<path d=\"M0 0Z\" transform=\"matrix(1 0 0 1 0)\"/>", "matrix needs 6 numbers"),
    ("a rotation on a path", "<path d=\"M0 0Z\" transform=\"rotate(45)\"/>", "not matrix"),
    ("a stroke of none", "<path d=\"M0 0Z\" stroke=\"none\"/>", "neither a colour nor url(#id)"),
    ("a default cap", "<path d=\"M0 0Z\" stroke-linecap=\"butt\"/>", "expected one of"),
    (
      "an unknown composite", "<filter id=\"f1\"><feComposite in2=\"shadow\" operator=\"arithmetic\"/></filter>",
      "expected \"in\""
    ),
    (
      "a deviation of one number",
      "<filter id=\"f1\"><feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"1\"/></filter>", "not two numbers"
    ),
    (
      "a focal radius (SVG 2's, which badgec folds into the stops)",
      "<defs><radialGradient id=\"g1\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" fr=\"1\"/></defs>",
      "attribute fr"
    ),
    (
      "a clip path inside a group", "<g opacity=\"1\"><clipPath id=\"c1\" clipPathUnits=\"userSpaceOnUse\"/></g>",
      "<clipPath> inside <g>"
    ),
    (
      "a group inside a clip path",
      "<defs><clipPath id=\"c1\" clipPathUnits=\"userSpaceOnUse\"><g opacity=\"1\"/></clipPath></defs>",
      "<g> inside <clipPath>"
    ),
  ]

  @Test(arguments: bad.indices)
  func rejects(_ i: Int) {
    let (name, body, expected) = SVGInertnessStrictTests.bad[i]
    let problems = SVGInertness.problems(in: SVGInertnessStrictTests.document(SVGInertnessStrictTests.defs + body))
    #expect(problems.contains { $0.contains(expected) }, "\(name): \(problems)")
  }
}
