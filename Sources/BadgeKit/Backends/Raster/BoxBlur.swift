// The Gaussian blur of shadows and `.blur`, as SVG 1.1 specifies its
// approximation for feGaussianBlur: three successive box blurs of width
// d = ⌊σ · 3√(2π) / 4 + 0.5⌋ per axis (for an even d, two boxes of width d
// centred half a pixel left and right, then one of d + 1). The spec allows
// the boxes for σ ≥ 2; below that a true Gaussian kernel (out to 3σ) is
// used, as renderers do. Works on one 8-bit channel of a block of rows;
// values beyond the block count as 0.

/// Box blurs on planes of 8-bit samples.
enum BoxBlur {
  /// The box width for a deviation of `sigma` pixels (0: no blur).
  static func boxWidth(_ sigma: Double) -> Int {
    guard sigma > 0, sigma.isFinite else { return 0 }
    return Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
  }

  /// Below this deviation (pixels) the kernel is an exact Gaussian.
  static let boxesFrom = 2.0

  /// How many pixels the blur moves a sample, at most.
  static func reach(_ sigma: Double) -> Int {
    guard sigma > 0, sigma.isFinite else { return 0 }
    if sigma < boxesFrom { return Int((3 * sigma).rounded(.up)) }
    let d = boxWidth(sigma)
    return d < 2 ? d : 3 * (d / 2) + 2
  }

  /// Blurs `plane` (`height` rows of `width` samples) in place. Samples
  /// outside `columns` × `rows` are 0 and stay 0 (the ranges hold the
  /// content and its reach), so the passes skip them.
  static func blur(
    _ plane: inout [UInt8], width: Int, height: Int, sigmaX: Double, sigmaY: Double, line: inout [UInt8],
    columns: Range<Int>? = nil, rows: Range<Int>? = nil
  ) {
    let xs = (columns ?? 0..<width).clamped(to: 0..<width)
    let ys = (rows ?? 0..<height).clamped(to: 0..<height)
    guard !xs.isEmpty, !ys.isEmpty else { return }
    let dx = boxWidth(sigmaX)
    let dy = boxWidth(sigmaY)
    let kx = sigmaX > 0 && sigmaX < boxesFrom ? kernel(sigmaX) : []
    let ky = sigmaY > 0 && sigmaY < boxesFrom ? kernel(sigmaY) : []
    if line.count < max(width, height) { line = [UInt8](repeating: 0, count: max(width, height)) }
    plane.withUnsafeMutableBufferPointer { p in
      line.withUnsafeMutableBufferPointer { l in
        let (x0, nx, y0, ny) = (xs.lowerBound, xs.count, ys.lowerBound, ys.count)
        if !kx.isEmpty {
          for y in ys { convolve(p.baseAddress! + y * width + x0, count: nx, stride: 1, kx, l.baseAddress!) }
        } else if dx >= 2 {
          for y in ys { three(p.baseAddress! + y * width + x0, count: nx, stride: 1, d: dx, l.baseAddress!) }
        }
        if !ky.isEmpty {
          for x in xs { convolve(p.baseAddress! + y0 * width + x, count: ny, stride: width, ky, l.baseAddress!) }
        } else if dy >= 2 {
          // Down the columns a row at a time (columns side by side in
          // memory), all the columns' sums together.
          let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: nx)
          let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: nx * ny)
          defer {
            sums.deallocate()
            copy.deallocate()
          }
          let origin = p.baseAddress! + y0 * width + x0
          let boxes =
            dy % 2 == 1
            ? [(dy / 2, dy / 2), (dy / 2, dy / 2), (dy / 2, dy / 2)]
            : [(dy / 2, dy / 2 - 1), (dy / 2 - 1, dy / 2), (dy / 2, dy / 2)]
          for (left, right) in boxes {
            boxDown(origin, width: width, count: nx, rows: ny, left: left, right: right, copy, sums)
          }
        }
      }
    }
  }

  /// `(x + half) / d`, for x up to 255 · d, as a multiplication by the
  /// factor ⌈2³² / d⌉: exact while (x + half) · d < 2³² (boxes are at most
  /// 3,800 wide, sums at most 256 of them).
  @inline(__always)
  static func divide(_ x: UInt32, _ factor: UInt64, _ half: UInt32) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt64(x + half) &* factor) >> 32)
  }

  /// The factor of `divide` for a box of width `d`.
  static func factor(_ d: UInt32) -> UInt64 { ((1 << 32) + UInt64(d) - 1) / UInt64(d) }

  /// One box down `count` columns of `rows` rows (`width` apart), in
  /// place: out[i] = mean of in[i − left … i + right], rows outside being 0.
  private static func boxDown(
    _ p: UnsafeMutablePointer<UInt8>, width: Int, count nx: Int, rows ny: Int, left: Int, right: Int,
    _ copy: UnsafeMutablePointer<UInt8>, _ sums: UnsafeMutablePointer<UInt32>
  ) {
    let d = UInt32(left + right + 1)
    let factor = BoxBlur.factor(d)
    let half = d / 2
    for y in 0..<ny { (copy + y * nx).update(from: p + y * width, count: nx) }
    sums.update(repeating: 0, count: nx)
    for y in 0..<min(right, ny) {
      let row = copy + y * nx
      for j in 0..<nx { sums[j] += UInt32(row[j]) }
    }
    for i in 0..<ny {
      let enter = i + right
      if enter < ny {
        let row = copy + enter * nx
        for j in 0..<nx { sums[j] += UInt32(row[j]) }
      }
      let out = p + i * width
      for j in 0..<nx { out[j] = divide(sums[j], factor, half) }
      let leave = i - left
      if leave >= 0 {
        let row = copy + leave * nx
        for j in 0..<nx { sums[j] -= UInt32(row[j]) }
      }
    }
  }

  /// The Gaussian's weights from −⌈3σ⌉ to ⌈3σ⌉, in 1/65536ths summing to
  /// 65536.
  static func kernel(_ sigma: Double) -> [UInt32] {
    let r = Int((3 * sigma).rounded(.up))
    let raw = (-r...r).map { expOf(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = raw.reduce(0, +)
    var weights = raw.map { UInt32(($0 / total * 65536).rounded()) }
    // The rounding's remainder goes to the centre, so flat areas stay flat.
    let sum = weights.reduce(0, +)
    weights[r] = weights[r] &+ 65536 &- sum
    return weights
  }

  /// One line of `count` samples `stride` apart convolved with `k`.
  private static func convolve(
    _ s: UnsafeMutablePointer<UInt8>, count n: Int, stride: Int, _ k: [UInt32], _ tmp: UnsafeMutablePointer<UInt8>
  ) {
    let r = k.count / 2
    for i in 0..<n { tmp[i] = s[i * stride] }
    for i in 0..<n {
      var sum: UInt32 = 0
      for j in max(0, i - r)...min(n - 1, i + r) { sum += UInt32(tmp[j]) * k[j - i + r] }
      s[i * stride] = UInt8(min(255, (sum + 32768) >> 16))
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
    let factor = BoxBlur.factor(d)
    for i in 0..<n { tmp[i] = s[i * stride] }
    var sum: UInt32 = 0
    for i in 0..<min(right, n) { sum += UInt32(tmp[i]) }
    let half = d / 2
    for i in 0..<n {
      let enter = i + right
      if enter < n { sum += UInt32(tmp[enter]) }
      s[i * stride] = divide(sum, factor, half)
      let leave = i - left
      if leave >= 0 { sum -= UInt32(tmp[leave]) }
    }
  }
}
