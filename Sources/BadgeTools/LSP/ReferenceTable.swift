// The README's tables of elements and modifiers, row by row, for the
// language server's hovers: a view's or modifier's name in (`.fill`,
// `zstack`), its spellings and one-line reference out. Written from the
// README by ReferenceTableTests (BADGEC_UPDATE_GOLDENS=1); that test
// fails when the two differ.

/// What the README says of each view and modifier.
enum ReferenceTable {
  static let entries: [String: String] = [
    ".aspect":
      "`.aspect(ratio, fit|fill)`, `.aspect(fit)`, `.scaledToFit()`, `.scaledToFill()`: SwiftUI's `aspectRatio`; without a ratio, the child's ideal size gives it",
    ".background":
      "`.overlay(alignment:) { … }`, `.background(alignment:) { … }` (or `.overlay(shape)`, `.overlay(text(\"…\"))`, `.background(red)`): SwiftUI's: the content is proposed the view's size and aligned on it (default `center`), drawn over (overlay) or under (background) the view; the view keeps its own size. A colour or gradient is a rectangle it fills (SwiftUI's `.background(Color.red)`)",
    ".blendMode":
      "`.blendMode(mode)`: SwiftUI's: the view's colours mixed with what is behind it (see Blend modes): `multiply`, `screen`, `overlay`, `darken`, `lighten`, `colorDodge`, `colorBurn`, `softLight`, `hardLight`, `difference`, `exclusion`, `hue`, `saturation`, `color`, `luminosity`, or `normal` (drawn over, as without it); `.blendMode(.multiply)` as SwiftUI writes it too",
    ".blur":
      "`.blur(radius:)`, `.blur(radius:, horizontal:, vertical:)`: blurs the view, colour and alpha, by the same Gaussian (σ = radius / 2); `horizontal:` and `vertical:` are radii along the frame's own axes (`radius:`, else 0, where one is left out: `.blur(horizontal: 8)` blurs across only, SVG's `stdDeviation=\"4 0\"`); SwiftUI's blur has one radius, so its code refuses two",
    ".bold":
      "`.fontWeight(w)`, `.bold()`, `.italic()`: the weight (`ultraLight` … `black`, or 1 to 1000), bold (700), italic",
    ".brightness":
      "`.brightness(amount)`: SwiftUI's: adds `amount` to each colour channel (0 as drawn, 1 white, −1 black)",
    ".clipShape":
      "`.clipShape(shape, rule:)`: draws only inside `shape`: a built-in shape, a component or `path { … }` (with modifiers: `.clipShape(Hexagon().padding(8))`), laid out in this view's frame; `rule` replaces the shapes' own fill rules. Clips nest (an intersection)",
    ".clipped":
      "`.clipped()`: clips to the view's frame",
    ".colorInvert":
      "`.colorInvert()`: SwiftUI's: each colour channel c becomes 1 − c",
    ".colorMultiply":
      "`.colorMultiply(color)`: SwiftUI's: each channel, alpha too, times the colour's (a white shape takes the colour)",
    ".compositingGroup":
      "`.compositingGroup()`: SwiftUI's: what it wraps is composited apart, then drawn over what is behind it, so that a blend mode inside mixes with the group's own views only (it changes nothing else: badgec already applies opacity, shadows and colour effects to a view as a group)",
    ".contrast":
      "`.contrast(amount)`: SwiftUI's: each colour channel moved from mid-grey by the factor (1 as drawn, 0 all grey; negative inverts as well)",
    ".fill":
      "`.fill(paint, rule: nonzero|evenodd)`: the paint of every shape inside that has none of its own (an inner fill wins); shapes are black by default",
    ".fixedSize":
      "`.fixedSize()`, `.fixedSize(horizontal:, vertical:)`: SwiftUI's: what it wraps is proposed nothing (nil) on the fixed axes (both without arguments, those said `true` with them), so it takes its ideal size there: a shape's is 10 × 10, a line of text its own width, a flexible frame its `idealWidth`/`idealHeight`",
    ".font":
      "`.font(style)`, `.font(size:, weight:, family:, italic:)`: the font of all text inside (see Text); `.font(20)` is a size; SwiftUI's `.font(.system(size:, weight:, design:))` and `.font(.custom(\"Family\", size:))` are read too (`design:` is accepted and changes nothing: the family decides)",
    ".fontWeight":
      "`.fontWeight(w)`, `.bold()`, `.italic()`: the weight (`ultraLight` … `black`, or 1 to 1000), bold (700), italic",
    ".frame":
      "`.frame(width:, height:, alignment:)`: a fixed frame (either side may be left out); the child is aligned in it (default `center`)\n\n`.frame(minWidth:, idealWidth:, maxWidth:, minHeight:, idealHeight:, maxHeight:, alignment:)`: a flexible frame, SwiftUI's: bounds on the size (any may be left out; `maxWidth: infinity` takes the whole proposal). Not mixed with `width:`/`height:`",
    ".grayscale":
      "`.grayscale(amount)`: SwiftUI's: takes the colour out, 0 (none) to 1 (grey); a value outside is clamped, with a warning (see Colour effects)",
    ".hueRotation":
      "`.hueRotation(angle)`: SwiftUI's: turns every hue by the angle (`120deg`)",
    ".italic":
      "`.fontWeight(w)`, `.bold()`, `.italic()`: the weight (`ultraLight` … `black`, or 1 to 1000), bold (700), italic",
    ".kerning":
      "`.tracking(x)`, `.kerning(x)`: x points added after every character (both, as SwiftUI's, on top of the font's own kerning)",
    ".lineLimit":
      "`.lineLimit(n)`, `.minimumScaleFactor(f)`, `.truncationMode(.head|.middle|.tail)`, `.multilineTextAlignment(.leading|.center|.trailing)`, `.lineSpacing(x)`: how text fits: at most n lines; the font shrunk down to f (0 to 1) before it is cut; where `…` goes; how lines sit across the text; points between lines (see Text)",
    ".lineSpacing":
      "`.lineLimit(n)`, `.minimumScaleFactor(f)`, `.truncationMode(.head|.middle|.tail)`, `.multilineTextAlignment(.leading|.center|.trailing)`, `.lineSpacing(x)`: how text fits: at most n lines; the font shrunk down to f (0 to 1) before it is cut; where `…` goes; how lines sit across the text; points between lines (see Text)",
    ".luminanceToAlpha":
      "`.luminanceToAlpha()`: SwiftUI's: black, as opaque as the view is light (its luminance times its alpha); as a mask's content it masks by luminance",
    ".mask":
      "`.mask { … }`, `.mask(shape)`: multiplies the view by the alpha of the content (any elements, gradients included), laid out like a `zstack` in the view's frame; its colours do not matter (SwiftUI's `.mask`); content ending in `.luminanceToAlpha()` masks by luminance. Content that draws nothing for its values hides the view, with a warning",
    ".minimumScaleFactor":
      "`.lineLimit(n)`, `.minimumScaleFactor(f)`, `.truncationMode(.head|.middle|.tail)`, `.multilineTextAlignment(.leading|.center|.trailing)`, `.lineSpacing(x)`: how text fits: at most n lines; the font shrunk down to f (0 to 1) before it is cut; where `…` goes; how lines sit across the text; points between lines (see Text)",
    ".multilineTextAlignment":
      "`.lineLimit(n)`, `.minimumScaleFactor(f)`, `.truncationMode(.head|.middle|.tail)`, `.multilineTextAlignment(.leading|.center|.trailing)`, `.lineSpacing(x)`: how text fits: at most n lines; the font shrunk down to f (0 to 1) before it is cut; where `…` goes; how lines sit across the text; points between lines (see Text)",
    ".offset":
      "`.offset(x:, y:)`: moves the drawing; layout is unchanged",
    ".opacity":
      "`.opacity(o)`: 0 to 1 (or a percentage); a value outside is clamped, with a warning",
    ".overlay":
      "`.overlay(alignment:) { … }`, `.background(alignment:) { … }` (or `.overlay(shape)`, `.overlay(text(\"…\"))`, `.background(red)`): SwiftUI's: the content is proposed the view's size and aligned on it (default `center`), drawn over (overlay) or under (background) the view; the view keeps its own size. A colour or gradient is a rectangle it fills (SwiftUI's `.background(Color.red)`)",
    ".padding":
      "`.padding(p)`, `.padding(top:, leading:, bottom:, trailing:, horizontal:, vertical:)`: insets in points, negative allowed; `.padding()` is 16; SwiftUI's `.padding(.horizontal, 10)` and `.padding(.top)` (edges `top`, `leading`, `bottom`, `trailing`, `horizontal`, `vertical`, `all`; 16 without a length) too",
    ".position":
      "`.position(x:, y:)`: centres the element at that point of its parent's space",
    ".rotate":
      "`.rotate(angle, anchor:)`: rotates the drawing about a unit point of the frame (default `center`)",
    ".saturation":
      "`.saturation(amount)`: SwiftUI's: 0 grey, 1 as drawn, more than 1 more saturated; not negative",
    ".scale":
      "`.scale(s, anchor:)`, `.scale(x:, y:, anchor:)`: scales the drawing about an anchor",
    ".scaledToFill":
      "`.aspect(ratio, fit|fill)`, `.aspect(fit)`, `.scaledToFit()`, `.scaledToFill()`: SwiftUI's `aspectRatio`; without a ratio, the child's ideal size gives it",
    ".scaledToFit":
      "`.aspect(ratio, fit|fill)`, `.aspect(fit)`, `.scaledToFit()`, `.scaledToFill()`: SwiftUI's `aspectRatio`; without a ratio, the child's ideal size gives it",
    ".shadow":
      "`.shadow(color:, radius:, x:, y:)`: a drop shadow beneath the view: its alpha, blurred by a Gaussian of deviation σ = radius / 2 (a CSS blur radius), moved by (x, y) and tinted with `color` (default `black.opacity(0.33)`, SwiftUI's); `radius` is required",
    ".stroke":
      "`.stroke(paint, width:, cap:, join:, miterLimit:, dash:, dashPhase:)`: strokes every shape inside instead of filling it (see Strokes); `cap` is `butt` (default), `round` or `square`; `join` `miter` (default), `round` or `bevel`; `miterLimit` ≥ 1 (default 10, SwiftUI's); `dash` a length or a list of lengths `(12, 6)`; `dashPhase` how far into the pattern each subpath starts. SwiftUI's `lineWidth:`, `lineCap:`, `lineJoin:` are read too",
    ".strokeBorder":
      "`.strokeBorder(…)`: the same, with each built-in shape inset by half the width, so that the stroke stays inside its frame (SwiftUI's `strokeBorder`); a `path { }` has no inset and is an error",
    ".tracking":
      "`.tracking(x)`, `.kerning(x)`: x points added after every character (both, as SwiftUI's, on top of the font's own kerning)",
    ".transformEffect":
      "`.transformEffect(a:, b:, c:, d:, tx:, ty:)`: SwiftUI's `transformEffect(CGAffineTransform(…))`: maps the drawing by x' = a x + c y + tx, y' = b x + d y + ty about the frame's top-left corner (entries left out are the identity's, so `.transformEffect(c: 0.3)` skews); layout is unchanged. Strokes, gradients and clips stay exact under it; a blur or shadow is turned and stretched with it along the canvas's axes. SwiftUI's `rotation3DEffect` and `projectionEffect` have no counterpart: SVG cannot draw a perspective exactly",
    ".trim":
      "`.trim(from:, to:)`: keeps that part of every shape's outline, by length (fractions 0 to 1; SwiftUI's `Shape.trim`), whether it is then stroked or filled",
    ".truncationMode":
      "`.lineLimit(n)`, `.minimumScaleFactor(f)`, `.truncationMode(.head|.middle|.tail)`, `.multilineTextAlignment(.leading|.center|.trailing)`, `.lineSpacing(x)`: how text fits: at most n lines; the font shrunk down to f (0 to 1) before it is cut; where `…` goes; how lines sit across the text; points between lines (see Text)",
    "geometry":
      "`geometry { … }`: a GeometryReader: takes the whole proposal, children at its top-left",
    "hstack":
      "`hstack(spacing:, alignment:) { … }`: children leading to trailing, aligned `top`, `center` (default) or `bottom`",
    "if":
      "`if condition { … } else if … { … } else { … }`: the elements of the first branch whose condition is true (SwiftUI's `if` in a view builder); a branch's `let`s stay in it; `else` is optional",
    "path":
      "`path { commands }`: a shape drawn in its frame; takes the whole proposal\n\n`path(\"M…\", viewBox: (x, y, w, h))`: a shape from SVG path data (an icon's `d` attribute): the whole SVG 1.1 grammar (`M L H V C S Q T A Z`, upper case absolute, lower case relative, commands repeated implicitly, numbers packed as SVG allows: `M1.5.5L010-.1`, arc flags without separators), arcs drawn as cubics as SVG's implementation notes say (radii too small scaled up, a zero radius a line). The data's coordinates are points of the frame, or, with `viewBox:`, that box fitted into the frame as SVG's `xMidYMid meet` (scaled uniformly to fit, centred); stroke widths stay points of the frame. Malformed data is an error at its character: `expected a number, found 'x'`",
    "repeat":
      "`repeat N [as i] { … }`: N copies (0 to 10000) with the index `i` (default name `index`) from 0\n\n`repeat list as v { … }`, `repeat list as i, v { … }`: a copy per item of a list (SwiftUI's `ForEach(values)`): `v` is the item, `i` its index; without `as`, `index` and `item` (see Lists)",
    "spacer":
      "`spacer(minLength:)`: room that grows along its stack, at least `minLength` (default 8); draws nothing",
    "text":
      "`text(\"…\", radius:, angle:, side:)`: a line of text (see Text); with `radius`, `angle` or `side`, set along a circle",
    "vstack":
      "`vstack(spacing:, alignment:) { … }`: children top to bottom, `spacing` points apart (default 8, and none beside a `spacer`), aligned `leading`, `center` (default) or `trailing`",
    "zstack":
      "`zstack(alignment:) { … }`: children on top of each other, aligned in it (default `center`); as big as the largest",
  ]
}
