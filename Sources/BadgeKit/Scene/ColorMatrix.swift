// Colour effects as the scene holds them: SwiftUI's `.grayscale`,
// `.saturation`, `.brightness`, `.contrast`, `.hueRotation`,
// `.colorMultiply`, `.colorInvert` and `.luminanceToAlpha` made into 4 × 5
// matrices over a pixel's straight (not premultiplied) sRGB channels, as
// SVG's `feColorMatrix` takes them. The layout makes them; the SVG writer
// writes them as filters, the rasterizer applies them to a layer's pixels.

/// A colour effect on straight sRGB channels r, g, b, a from 0 to 1: each
/// output channel (R, G, B, A, in that order) is a row of five numbers,
/// the weights of r, g, b, a and of 1, and is clamped to 0…1 (SVG's
/// `feColorMatrix type="matrix"` with `color-interpolation-filters` sRGB).
/// With `timesAlpha`, the alpha so made is then multiplied by the pixel's
/// own (luminance × alpha, as a luminance mask takes it).
public struct ColorMatrix: Hashable, Sendable {
  /// 20 numbers, row by row.
  public var values: [Double]
  public var timesAlpha = false

  /// Rec. 709's luminance weights (SVG's `luminanceToAlpha`, CSS's
  /// `grayscale` and `saturate`).
  static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)

  /// The matrix that changes nothing.
  static let identity = ColorMatrix(values: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

  /// `.saturation(s)`: 0 grey, 1 unchanged, above 1 more saturated (SVG's
  /// `saturate`, with Rec. 709's weights).
  static func saturation(_ s: Double) -> ColorMatrix {
    let (r, g, b) = luma
    return ColorMatrix(values: [
      r + (1 - r) * s, g - g * s, b - b * s, 0, 0,
      r - r * s, g + (1 - g) * s, b - b * s, 0, 0,
      r - r * s, g - g * s, b + (1 - b) * s, 0, 0,
      0, 0, 0, 1, 0,
    ])
  }

  /// `.grayscale(amount)`: 0 unchanged, 1 wholly grey (amount clamped to
  /// 0…1, as CSS's `grayscale`): the saturation 1 − amount.
  static func grayscale(_ amount: Double) -> ColorMatrix { saturation(1 - min(max(amount, 0), 1)) }

  /// `.brightness(amount)`: `amount` added to each colour channel (0
  /// unchanged, 1 white, −1 black), as SwiftUI's and Core Image's.
  static func brightness(_ amount: Double) -> ColorMatrix {
    var m = identity
    for row in 0..<3 { m.values[row * 5 + 4] = amount }
    return m
  }

  /// `.contrast(amount)`: each colour channel moved from mid-grey by the
  /// factor: (c − 0.5) · amount + 0.5 (1 unchanged, 0 all grey, negative
  /// values invert as well).
  static func contrast(_ amount: Double) -> ColorMatrix {
    var m = identity
    for row in 0..<3 {
      m.values[row * 5 + row] = amount
      m.values[row * 5 + 4] = 0.5 * (1 - amount)
    }
    return m
  }

  /// `.hueRotation(angle)` (radians): SVG's `hueRotate`.
  static func hueRotation(_ radians: Double) -> ColorMatrix {
    let (c, s) = (cosOf(radians), sinOf(radians))
    return ColorMatrix(values: [
      0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
      0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
      0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
      0, 0, 0, 1, 0,
    ])
  }

  /// `.colorMultiply(color)`: each channel, alpha too, times the colour's.
  static func multiply(_ c: RGBA) -> ColorMatrix {
    var m = identity
    for (row, k) in [c.r, c.g, c.b, c.a].enumerated() { m.values[row * 5 + row] = min(max(k, 0), 1) }
    return m
  }

  /// `.colorInvert()`: each colour channel c becomes 1 − c.
  static let invert = ColorMatrix(values: [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0])

  /// `.luminanceToAlpha()`: black, as opaque as the colour is light
  /// (its luminance, times its alpha).
  static let luminanceToAlpha = ColorMatrix(
    values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, luma.r, luma.g, luma.b, 0, 0], timesAlpha: true)

  /// Whether the matrix changes no colour (within rounding: `0.213 +
  /// 0.787` is not quite 1): such an effect is left out of the scene.
  var isIdentity: Bool {
    !timesAlpha && zip(values, ColorMatrix.identity.values).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  /// Every colour made `c`'s (its alpha ignored), every alpha kept.
  static func tint(_ c: RGBA) -> ColorMatrix {
    ColorMatrix(values: [0, 0, 0, 0, c.r, 0, 0, 0, 0, c.g, 0, 0, 0, 0, c.b, 0, 0, 0, 1, 0])
  }

  /// `rgba` (straight, 0…1) through the matrix, clamped.
  public func apply(_ rgba: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
    let v = values
    func row(_ i: Int) -> Double {
      let x = v[i * 5] * rgba.0 + v[i * 5 + 1] * rgba.1 + v[i * 5 + 2] * rgba.2 + v[i * 5 + 3] * rgba.3 + v[i * 5 + 4]
      return x > 0 ? min(x, 1) : 0  // (NaN, which no resolved matrix makes, as 0)
    }
    let a = row(3) * (timesAlpha ? rgba.3 : 1)
    return (row(0), row(1), row(2), a)
  }
}
