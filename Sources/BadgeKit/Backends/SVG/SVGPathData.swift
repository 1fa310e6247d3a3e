// Path data for the SVG writer: a `ScenePath` mapped by a transform into the
// compact `d` attribute (`M1 2L3 4Q…Z`).

extension ScenePath {
  /// The `d` attribute of this path with every point mapped by `t`.
  func svgData(_ t: Transform) -> String {
    var s = ""
    func add(_ p: Point) {
      let q = t.apply(p)
      s += SVGText.number(q.x) + " " + SVGText.number(q.y)
    }
    for e in elements {
      switch e {
      case .move(let p):
        s += "M"
        add(p)
      case .line(let p):
        s += "L"
        add(p)
      case .quad(let c, let p):
        s += "Q"
        add(c)
        s += " "
        add(p)
      case .cubic(let c1, let c2, let p):
        s += "C"
        add(c1)
        s += " "
        add(c2)
        s += " "
        add(p)
      case .close:
        s += "Z"
      }
    }
    return s
  }
}
