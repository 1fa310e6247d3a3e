// Path data for the SVG writer: a `ScenePath` mapped by a transform into the
// compact `d` attribute (`M1 2L3 4Q…Z`).

extension ScenePath {
  /// The `d` attribute of this path with every point mapped by `t`,
  /// written as bytes (a path may have a hundred thousand segments).
  func svgData(_ t: Transform) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(elements.count * 12)
    func add(_ p: Point) {
      let q = t.apply(p)
      SVGText.appendNumber(q.x, to: &out)
      out.append(UInt8(ascii: " "))
      SVGText.appendNumber(q.y, to: &out)
    }
    for e in elements {
      switch e {
      case .move(let p):
        out.append(UInt8(ascii: "M"))
        add(p)
      case .line(let p):
        out.append(UInt8(ascii: "L"))
        add(p)
      case .quad(let c, let p):
        out.append(UInt8(ascii: "Q"))
        add(c)
        out.append(UInt8(ascii: " "))
        add(p)
      case .cubic(let c1, let c2, let p):
        out.append(UInt8(ascii: "C"))
        add(c1)
        out.append(UInt8(ascii: " "))
        add(c2)
        out.append(UInt8(ascii: " "))
        add(p)
      case .close:
        out.append(UInt8(ascii: "Z"))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
