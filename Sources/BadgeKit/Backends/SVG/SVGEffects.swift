// Groups for the SVG writer: a layer is `<g opacity>`, a blend `<g
// style="mix-blend-mode:…">` (isolated, as CSS makes it); a clip, a mask, a
// shadow, a blur and a colour effect are a `<g>` referring to a
// `<clipPath>`, `<mask>` or `<filter>` defined in `<defs>` (identical ones
// once), all in canvas coordinates (`userSpaceOnUse`). Filters use SVG 1.1
// primitives only, in sRGB, over a region their blur never reaches past.

extension SVGWriter.State {
  /// A group node and its children at `indent`.
  mutating func group(_ node: SceneNode, indent: String, whiten: Bool, into out: inout String) {
    let box = boxes[nextGroup]
    nextGroup += 1
    let open: String
    let children: [SceneNode]
    // A colour effect is worked on its content's own colours, even in a
    // mask's content (which it whitens itself, after).
    var whitenChildren = whiten
    switch node {
    case .fill:
      return
    case .layer(let opacity, let c):
      children = c
      // (A layer at full opacity is `.compositingGroup()`, around a blend.)
      open = opacity >= 1 ? "style=\"isolation:isolate\"" : "opacity=\"\(SVGText.number(opacity))\""
    case .clip(let shapes, let c):
      children = c
      var rest = " clipPathUnits=\"userSpaceOnUse\">\n"
      for s in shapes where !s.path.elements.isEmpty {
        rest += "      <path d=\"\(s.path.svgData(s.transform))\""
        if s.rule == .evenOdd { rest += " clip-rule=\"evenodd\"" }
        rest += "/>\n"
      }
      open = "clip-path=\"url(#\(define("c", "clipPath", rest + "    </clipPath>\n")))\""
    case .mask(let content, let c):
      children = c
      // The content is written first, white, into a buffer of its own
      // (which counts toward the limit while it is written).
      pending += out.utf8.count
      var text = ""
      write(content, indent: "      ", whiten: true, into: &text)
      pending -= out.utf8.count
      let region = box?.grown(1, 1) ?? SVGBox(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)
      open = "mask=\"url(#\(defineMask(region, text)))\""
    case .shadow(let s, let c):
      children = c
      // A shadow of nothing drawn is nothing.
      guard let box else { return write(c, indent: indent, whiten: whiten, into: &out) }
      open = "filter=\"url(#\(defineShadow(s, box, whiten: whiten)))\""
    case .blur(let sigma, let c):
      children = c
      guard let box, sigma.x > 0 || sigma.y > 0 else { return write(c, indent: indent, whiten: whiten, into: &out) }
      open = "filter=\"url(#\(defineBlur(sigma, box)))\""
    case .colorEffect(let m, let c):
      // Effects in a row (`.grayscale(1).brightness(0.1)`) are one filter
      // of several primitives (Chromium draws nested ones wrong), the
      // innermost first; the inner nodes' boxes are passed over.
      var chain = [m]
      var innermost = c
      while innermost.count == 1, case .colorEffect(let inner, let cc) = innermost[0] {
        chain.insert(inner, at: 0)
        innermost = cc
        nextGroup += 1
      }
      children = innermost
      // Inside a mask's content (`whiten`) only the alpha counts: the
      // effect's alpha is kept and its colour made white after it.
      guard let box else { return write(innermost, indent: indent, whiten: whiten, into: &out) }
      open = "filter=\"url(#\(defineColorEffect(chain, box, whiten: whiten)))\""
      whitenChildren = false
    case .blend(let mode, let c):
      // In a mask's content only the alpha counts, which a blend mode
      // leaves as it is (white on white would blend to other colours).
      guard !whiten else { return write(c, indent: indent, whiten: whiten, into: &out) }
      children = c
      open = "style=\"mix-blend-mode:\(mode.css)\""
    }
    out += indent + "<g " + open + ">\n"
    write(children, indent: Self.deeper(indent), whiten: whitenChildren, into: &out)
    out += indent + "</g>\n"
  }

  /// A `<mask>` over `region` (canvas points) holding `content` (lines
  /// already indented), and its id.
  mutating func defineMask(_ region: SVGBox, _ content: String) -> String {
    var rest = " maskUnits=\"userSpaceOnUse\"" + Self.regionAttributes(region) + ">\n"
    rest += content
    rest += "    </mask>\n"
    return define("m", "mask", rest)
  }

  /// A drop shadow's `<filter>`: the children's alpha blurred, moved,
  /// tinted with the shadow's colour and drawn under the children. Its
  /// region holds the children (`box`) and their shadow with the blur's
  /// whole spread. A deviation of 0 leaves that axis unblurred; with both
  /// 0 there is no blur at all (the shadow is a sharp copy).
  mutating func defineShadow(_ s: Shadow, _ box: SVGBox, whiten: Bool) -> String {
    let region = SVGFilterRegion.shadow(s, box)
    var rest = Self.filterOpening(region)
    let offset = "dx=\"\(SVGText.number(s.offset.x))\" dy=\"\(SVGText.number(s.offset.y))\""
    if s.sigma.x > 0 || s.sigma.y > 0 {
      rest += "      <feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(Self.deviation(s.sigma))\"/>\n"
      rest += "      <feOffset \(offset) result=\"shadow\"/>\n"
    } else {
      rest += "      <feOffset in=\"SourceAlpha\" \(offset) result=\"shadow\"/>\n"
    }
    rest += "      <feFlood flood-color=\"\(whiten ? "#ffffff" : SVGText.hex(s.color))\""
    if s.color.a < 1 { rest += " flood-opacity=\"\(SVGText.number(max(0, s.color.a)))\"" }
    rest += "/>\n"
    rest += "      <feComposite in2=\"shadow\" operator=\"in\"/>\n"
    rest += "      <feMerge>\n"
    rest += "        <feMergeNode/>\n"
    rest += "        <feMergeNode in=\"SourceGraphic\"/>\n"
    rest += "      </feMerge>\n"
    rest += "    </filter>\n"
    return define("f", "filter", rest)
  }

  /// A blur's `<filter>`, over the children's box grown by its spread.
  mutating func defineBlur(_ sigma: Point, _ box: SVGBox) -> String {
    var rest = Self.filterOpening(SVGFilterRegion.blur(sigma, box))
    rest += "      <feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"\(Self.deviation(sigma))\"/>\n"
    rest += "    </filter>\n"
    return define("f", "filter", rest)
  }

  /// The `<filter>` of colour effects applied one after another: each
  /// matrix on the straight colours of what the one before made (SVG
  /// clamps each result to 0…1), its alpha times that input's when the
  /// matrix says so, over the children's box (a pixel wider on each side:
  /// nothing outside it changes).
  mutating func defineColorEffect(_ chain: [ColorMatrix], _ box: SVGBox, whiten: Bool) -> String {
    var rest = Self.filterOpening(box.grown(1, 1))
    var input = "SourceGraphic"
    for (i, m) in chain.enumerated() {
      let values = m.values.map { SVGText.number($0) }.joined(separator: " ")
      let from = i == 0 ? "" : " in=\"\(input)\""
      let result = chain.count == 1 ? "" : " result=\"e\(i)\""
      rest += "      <feColorMatrix\(from) type=\"matrix\" values=\"\(values)\"\(result)/>\n"
      if m.timesAlpha {
        let named = chain.count == 1 ? "" : " in=\"e\(i)\" result=\"e\(i)a\""
        rest += "      <feComposite\(named) in2=\"\(input)\" operator=\"in\"/>\n"
        input = "e\(i)a"
      } else {
        input = "e\(i)"
      }
    }
    if whiten {
      rest += "      <feColorMatrix type=\"matrix\" values=\"0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0\"/>\n"
    }
    rest += "    </filter>\n"
    return define("f", "filter", rest)
  }

  /// A `<filter>`'s attributes after its id, over `region`.
  static func filterOpening(_ region: SVGBox) -> String {
    " filterUnits=\"userSpaceOnUse\"" + regionAttributes(region) + " color-interpolation-filters=\"sRGB\">\n"
  }

  /// ` x y width height` of a region, rounded outward to three decimals.
  static func regionAttributes(_ b: SVGBox) -> String {
    let x = (b.minX * 1000).rounded(.down) / 1000
    let y = (b.minY * 1000).rounded(.down) / 1000
    let w = ((b.maxX - x) * 1000).rounded(.up) / 1000
    let h = ((b.maxY - y) * 1000).rounded(.up) / 1000
    return " x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(w))\""
      + " height=\"\(SVGText.number(h))\""
  }

  /// `stdDeviation`'s two values: along x and along y.
  static func deviation(_ sigma: Point) -> String {
    SVGText.number(max(0, sigma.x)) + " " + SVGText.number(max(0, sigma.y))
  }
}
