// Pixel arithmetic for the raster backends: premultiplied RGBA, 8 bits a
// channel, packed in a UInt32 with red in the lowest byte (so the bytes in
// memory read R, G, B, A). Two channels are worked on at once in each half
// of a 32-bit word (0x00FF00FF lanes); every division by 255 is rounded.

/// A premultiplied RGBA8 pixel: R | G << 8 | B << 16 | A << 24.
typealias Pixel = UInt32

/// Arithmetic on packed premultiplied RGBA8 pixels (channels 0…255).
enum Pixels {
  /// `x · f / 255` for each channel of `x`, f in 0…255, rounded.
  @inline(__always)
  static func scale(_ x: Pixel, _ f: UInt32) -> Pixel {
    var rb = (x & 0x00FF_00FF) &* f &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((x >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
  }

  /// Source over destination, both premultiplied.
  @inline(__always)
  static func over(_ src: Pixel, _ dst: Pixel) -> Pixel {
    src &+ scale(dst, 255 &- (src >> 24))
  }

  /// `x` through a colour effect: its straight colour (premultiplied
  /// channels over alpha, 0…1) through the matrix, premultiplied again.
  static func colorEffect(_ x: Pixel, _ m: ColorMatrix) -> Pixel {
    let a = Double(x >> 24)
    guard a > 0 else { return 0 }
    let (r, g, b, o) = m.apply(
      (Double(x & 0xFF) / a, Double(x >> 8 & 0xFF) / a, Double(x >> 16 & 0xFF) / a, a / 255))
    return pack(r, g, b, o)
  }

  /// Premultiplied `src` blended onto premultiplied `dst` by `mode` (the
  /// W3C's formula, BlendMode.composite, on channels 0…1).
  static func blend(_ src: Pixel, onto dst: Pixel, _ mode: BlendMode) -> Pixel {
    func channels(_ x: Pixel) -> ((Double, Double, Double), Double) {
      (
        (Double(x & 0xFF) / 255, Double(x >> 8 & 0xFF) / 255, Double(x >> 16 & 0xFF) / 255),
        Double(x >> 24) / 255
      )
    }
    let (s, sa) = channels(src)
    let (b, ba) = channels(dst)
    guard ba > 0 else { return src }
    let o = mode.composite(s, sa, onto: b, ba)
    func byte(_ v: Double) -> UInt32 { UInt32(min(max(v * 255 + 0.5, 0), 255)) }
    let alpha = byte(o.a)
    return min(byte(o.r), alpha) | min(byte(o.g), alpha) << 8 | min(byte(o.b), alpha) << 16 | alpha << 24
  }

  /// A colour with channels 0…1, premultiplied and rounded to bytes.
  static func pack(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Pixel {
    func byte(_ v: Double) -> UInt32 { UInt32(min(max(v * 255 + 0.5, 0), 255)) }
    let alpha = byte(a)
    // Premultiply with the rounded alpha so that no channel exceeds it.
    let fa = Double(alpha) / 255
    return min(byte(r * fa), alpha) | min(byte(g * fa), alpha) << 8 | min(byte(b * fa), alpha) << 16 | alpha << 24
  }

  static func pack(_ c: RGBA, opacity: Double = 1) -> Pixel { pack(c.r, c.g, c.b, c.a * opacity) }

  /// Coverage 0…1 as 0…255, rounded.
  @inline(__always)
  static func coverageByte(_ c: Float) -> UInt32 { UInt32(c * 255 + 0.5) }
}
