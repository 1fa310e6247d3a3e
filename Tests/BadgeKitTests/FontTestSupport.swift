// What the font tests share: the pinned font files from Debian's packages
// (read once), read the way other outside inputs are (a missing file fails
// under CI=true, where .ci/run installs it, and skips quietly elsewhere),
// and outlines compared within a tolerance.
import Foundation
import Testing

@testable import BadgeKit

enum FontFiles {
  /// DejaVu Sans, TrueType outlines (Debian package fonts-dejavu-core).
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// DejaVu Sans Bold (fonts-dejavu-core).
  static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
  /// Nimbus Sans, CFF outlines (Debian package fonts-urw-base35).
  static let nimbusSans = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"

  /// The bytes of the font file at `path`, or nil when it is missing: a
  /// failure under CI=true, a quiet skip elsewhere.
  static func bytes(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8]? {
    if let data = FileManager.default.contents(atPath: path) { return Array(data) }
    if Support.isCI {
      Issue.record("\(path) is missing; .ci/run should install its package", sourceLocation: sourceLocation)
    }
    return nil
  }

  /// The font at `path`, or nil when the file is missing (as `bytes`).
  static func font(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Font? {
    guard let bytes = bytes(path, sourceLocation: sourceLocation) else { return nil }
    return try Font(bytes: bytes)
  }

  /// Whether two outlines have the same commands with coordinates within
  /// `tolerance` font units.
  static func same(_ a: [GlyphCommand], _ b: [GlyphCommand], tolerance: Double = 1e-6) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
      let (kx, px) = parts(x)
      let (ky, py) = parts(y)
      return kx == ky && px.count == py.count && zip(px, py).allSatisfy { abs($0 - $1) <= tolerance }
    }
  }

  /// A command's letter and coordinates.
  static func parts(_ c: GlyphCommand) -> (Character, [Double]) {
    switch c {
    case .move(let x, let y): return ("M", [x, y])
    case .line(let x, let y): return ("L", [x, y])
    case .quad(let a, let b, let c, let d): return ("Q", [a, b, c, d])
    case .cubic(let a, let b, let c, let d, let e, let f): return ("C", [a, b, c, d, e, f])
    case .close: return ("Z", [])
    }
  }

  /// Commands in the tests' short text form: "M x y | L x y | Q … | C … | Z".
  static func commands(_ text: String) -> [GlyphCommand] {
    text.split(separator: "|").compactMap { part in
      let f = part.split(separator: " ")
      guard let letter = f.first else { return nil }
      let v = f.dropFirst().compactMap { Double($0) }
      switch (letter, v.count) {
      case ("M", 2): return .move(v[0], v[1])
      case ("L", 2): return .line(v[0], v[1])
      case ("Q", 4): return .quad(v[0], v[1], v[2], v[3])
      case ("C", 6): return .cubic(v[0], v[1], v[2], v[3], v[4], v[5])
      case ("Z", 0): return .close
      default: return nil
      }
    }
  }
}
