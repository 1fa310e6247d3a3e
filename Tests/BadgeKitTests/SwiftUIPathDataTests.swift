// The `SVGPath` shape that `--format swift` writes for SVG path data, run:
// the generated file is compiled with the stand-in SwiftUI (whose `Path`
// keeps its elements) and a `main` that prints each path's elements, and
// those are compared with badgec's own reading of the same data fitted to
// the same frame (PathData.parse, the view box as `xMidYMid meet`).
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct SwiftUIPathDataTests {
  /// Data that exercises the grammar: every command in both cases, implicit
  /// repeats, packed numbers, exponents, S and T reflections, arcs with
  /// rotations, both flags, radii too small, a zero radius, and data that
  /// goes wrong part way (read up to its error, as SVG does).
  static let cases: [(data: String, viewBox: [Double]?)] = [
    ("M1 21 8.5 7.5l3.6 6.3 2.4-3.3L23 21z M17.5 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5z", [0, 0, 24, 24]),
    ("M4 4h16v16H4z", [0, 0, 24, 24]),
    ("m2 3 l4 0 h-1 v5 V2 H9 c1 1 2 2 3 0 s4-2 5 0 S20 9 22 4 q1 4 3 0 t4 0 T30 8 Q28 10 25 12 z", nil),
    ("M1.5.5L010-.1 1e1 2E-1 3.5e+0,4", [0, 0, 12, 12]),
    ("M10 10 A 5 8 30 1 1 20 20 a3 3 0 0 0 -6 2 A0 4 0 0 1 2 2 A1 1 0 0 1 30 30", [0, 0, 40, 40]),
    ("M5 5 A 10 4 -45 0 0 15 5 A 10 4 405 1 0 5 5 Z", [2, -3, 20, 10]),
    ("M0 0 L10 10 L20 x 30 30", nil),
    ("M 0 0 C 10 0 10 10 0 10 S -10 20 0 20 T 5 30", [-12, -2, 24, 34]),
  ]

  /// `elements` as lines: a letter and the points (`M x y`, `Q cx cy x y`,
  /// `C c1x c1y c2x c2y x y`), rounded to 1e-6.
  static func lines(_ elements: [PathElement]) -> [String] {
    func f(_ p: Point) -> String { "\(rounded(p.x)) \(rounded(p.y))" }
    return elements.map {
      switch $0 {
      case .move(let p): return "M " + f(p)
      case .line(let p): return "L " + f(p)
      case .quad(let c, let p): return "Q \(f(c)) \(f(p))"
      case .cubic(let c1, let c2, let p): return "C \(f(c1)) \(f(c2)) \(f(p))"
      case .close: return "Z"
      }
    }
  }

  static func rounded(_ v: Double) -> String {
    let r = (v * 1e6).rounded() / 1e6
    return String(r == 0 ? 0 : r)
  }

  /// badgec's elements of `data` in `rect` (the layout's own fitting).
  static func badgecElements(_ data: String, _ box: [Double]?, in rect: (x: Double, y: Double, w: Double, h: Double))
    -> [PathElement]
  {
    var t = Transform.translation(rect.x, rect.y)
    if let box {
      let s = min(rect.w / box[2], rect.h / box[3])
      t =
        t * .translation((rect.w - box[2] * s) / 2 - box[0] * s, (rect.h - box[3] * s) / 2 - box[1] * s) * .scale(s, s)
    }
    return PathData.parse(data).elements.map { LayoutEngine.mapped($0, t) }
  }

  @Test func generatedShapeReadsAsBadgecReads() throws {
    guard let swiftc = Support.tool("swiftc") else { return }
    let code = try #require(
      SwiftUISupport.code("badge P size 60 { path(\"M0 0 L1 1\", viewBox: (0, 0, 2, 2)).fill(red) }"))
    #expect(code.contains("SVGPath(\"M0 0 L1 1\", viewBox: CGRect(x: 0, y: 0, width: 2, height: 2))"), "\(code)")
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    // One module: the stand-in, the generated code (its import and
    // `#Preview`, a macro of Apple's SDK, left out) and a main.
    let body = code.split(separator: "\n", omittingEmptySubsequences: false)
      .map {
        $0 == "import SwiftUI" ? "" : $0 == "#Preview {" ? "@MainActor func preview() -> some View {" : String($0)
      }
      .joined(separator: "\n")
    let rect = (x: 3.0, y: 5.0, w: 40.0, h: 30.0)
    var main = "let rect = CGRect(x: \(rect.x), y: \(rect.y), width: \(rect.w), height: \(rect.h))\n"
    main +=
      "func r(_ v: CGFloat) -> String { let x = (Double(v) * 1e6).rounded() / 1e6; return String(x == 0 ? 0 : x) }\n"
    main += "func p(_ q: CGPoint) -> String { r(q.x) + \" \" + r(q.y) }\n"
    for c in SwiftUIPathDataTests.cases {
      let box = c.viewBox.map { "CGRect(x: \($0[0]), y: \($0[1]), width: \($0[2]), height: \($0[3]))" } ?? "nil"
      main += "for e in SVGPath(\(SwiftExpressions.quoted(c.data)), viewBox: \(box)).path(in: rect).elements {\n"
      main += """
          switch e {
          case .move(let a): print("M " + p(a))
          case .line(let a): print("L " + p(a))
          case .quadCurve(let a, let c): print("Q " + p(c) + " " + p(a))
          case .curve(let a, let c1, let c2): print("C " + p(c1) + " " + p(c2) + " " + p(a))
          case .closeSubpath: print("Z")
          }
        }
        print("--")

        """
    }
    let files = [("code.swift", body), ("main.swift", main)]
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    let exe = dir.appendingPathComponent("paths")
    let build = try Support.run(
      swiftc,
      [Support.url("Tests/SwiftUIStandIn/SwiftUI.swift").path] + files.map { dir.appendingPathComponent($0.0).path }
        + ["-o", exe.path])
    try #require(build.status == 0, "\(build.stderr)")
    let run = try Support.run(exe, [])
    let printed = String(decoding: run.stdout, as: UTF8.self).split(separator: "--\n", omittingEmptySubsequences: false)
    try #require(printed.count == SwiftUIPathDataTests.cases.count + 1)
    for (i, c) in SwiftUIPathDataTests.cases.enumerated() {
      let expected = SwiftUIPathDataTests.lines(SwiftUIPathDataTests.badgecElements(c.data, c.viewBox, in: rect))
      let got = printed[i].split(separator: "\n").map(String.init)
      #expect(!expected.isEmpty)
      #expect(got == expected, "\(c.data)")
    }
  }
}
