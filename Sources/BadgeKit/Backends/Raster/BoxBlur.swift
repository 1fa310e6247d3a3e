// The Gaussian blur of shadows and `.blur`, as SVG 1.1 specifies its
// approximation for feGaussianBlur: three successive box blurs of width
// d = ⌊σ · 3√(2π) / 4 + 0.5⌋ per axis (for an even d, two boxes of width d
// centred half a pixel left and right, then one of d + 1). Works on one
// 8-bit channel of a block of rows; values beyond the block count as 0.

/// Box blurs on planes of 8-bit samples.
enum BoxBlur {
  /// The box width for a deviation of `sigma` pixels (0: no blur).
  static func boxWidth(_ sigma: Double) -> Int {
    guard sigma > 0, sigma.isFinite else { return 0 }
    return Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
  }

  /// How many pixels the three boxes move a sample, at most.
  static func reach(_ sigma: Double) -> Int {
    let d = boxWidth(sigma)
    return d < 2 ? d : 3 * (d / 2) + 2
  }

  /// Blurs `plane` (`height` rows of `width` samples) in place.
  static func blur(_ plane: inout [UInt8], width: Int, height: Int, sigmaX: Double, sigmaY: Double, line: inout [UInt8])
  {
    let dx = boxWidth(sigmaX)
    let dy = boxWidth(sigmaY)
    if line.count < max(width, height) { line = [UInt8](repeating: 0, count: max(width, height)) }
    plane.withUnsafeMutableBufferPointer { p in
      line.withUnsafeMutableBufferPointer { l in
        if dx >= 2 {
          for y in 0..<height { three(p.baseAddress! + y * width, count: width, stride: 1, d: dx, l.baseAddress!) }
        }
        if dy >= 2 {
          for x in 0..<width { three(p.baseAddress! + x, count: height, stride: width, d: dy, l.baseAddress!) }
        }
      }
    }
  }

  /// The three boxes along one line of `count` samples `stride` apart.
  private static func three(
    _ s: UnsafeMutablePointer<UInt8>, count n: Int, stride: Int, d: Int, _ tmp: UnsafeMutablePointer<UInt8>
  ) {
    if d % 2 == 1 {
      for _ in 0..<3 { box(s, n, stride, left: d / 2, right: d / 2, tmp) }
    } else {
      box(s, n, stride, left: d / 2, right: d / 2 - 1, tmp)
      box(s, n, stride, left: d / 2 - 1, right: d / 2, tmp)
      box(s, n, stride, left: d / 2, right: d / 2, tmp)
    }
  }

  /// out[i] = mean of in[i − left … i + right], samples outside being 0.
  private static func box(
    _ s: UnsafeMutablePointer<UInt8>, _ n: Int, _ stride: Int, left: Int, right: Int, _ tmp: UnsafeMutablePointer<UInt8>
  ) {
    let d = UInt32(left + right + 1)
    for i in 0..<n { tmp[i] = s[i * stride] }
    var sum: UInt32 = 0
    for i in 0..<min(right, n) { sum += UInt32(tmp[i]) }
    let half = d / 2
    for i in 0..<n {
      let enter = i + right
      if enter < n { sum += UInt32(tmp[enter]) }
      s[i * stride] = UInt8((sum + half) / d)
      let leave = i - left
      if leave >= 0 { sum -= UInt32(tmp[leave]) }
    }
  }
}
