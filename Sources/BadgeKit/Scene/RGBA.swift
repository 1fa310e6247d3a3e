// Colours as every stage after the lexer sees them.

/// A colour in sRGB with straight (not premultiplied) alpha; every channel is
/// a fraction from 0 to 1.
public struct RGBA: Hashable, Sendable {
  public var r: Double
  public var g: Double
  public var b: Double
  public var a: Double

  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// From 0–255 channels and an alpha from 0 to 1.
  public static func bytes(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> RGBA {
    RGBA(r: r / 255, g: g / 255, b: b / 255, a: a)
  }

  /// This colour laid over an opaque `base`: opaque, each channel mixed in
  /// sRGB by this colour's alpha (as source-over does).
  public func over(_ base: RGBA) -> RGBA {
    RGBA(r: r * a + base.r * (1 - a), g: g * a + base.g * (1 - a), b: b * a + base.b * (1 - a))
  }
}
