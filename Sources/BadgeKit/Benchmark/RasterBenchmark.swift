// Stage timings of the raster pipeline, for the badgec-bench executable:
// a scene in; median times of flattening, coverage, drawing (coverage and
// compositing), PPM and PNG encoding out. Nothing here runs in badgec.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times the raster pipeline's stages on one scene.
public enum RasterBenchmark {
  /// Median seconds of each stage over `runs` runs.
  public struct Figures: Sendable {
    public var pixels: (Int, Int)
    /// Flattening curves to edges and building paint tables.
    public var flatten: Double
    /// Accumulating coverage and walking the rows, no pixels written.
    public var coverage: Double
    /// The whole drawing (coverage and compositing) on one thread.
    public var drawOneThread: Double
    /// The whole drawing on every core.
    public var draw: Double
    /// Drawing and PPM encoding to memory (no file).
    public var drawAndPPM: Double
    /// Drawing and PNG encoding to memory (no file).
    public var drawAndPNG: Double
    /// Threads used for `draw`.
    public var threads: Int
  }

  /// Monotonic time in seconds.
  public static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  public static func median(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let t0 = now()
      body()
      times.append(now() - t0)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// Nil when the scene is too large to rasterize.
  public static func measure(_ scene: Scene, scale: Double, runs: Int) -> Figures? {
    let white = RGBA(r: 1, g: 1, b: 1)
    guard var renderer = RasterRenderer(scene, scale: scale, background: white),
      let transparent = RasterRenderer(scene, scale: scale, background: nil)
    else { return nil }
    let flatten = median(runs) { renderer = RasterRenderer(scene, scale: scale, background: white) ?? renderer }
    var sink: Float = 0
    let coverage = median(runs) { sink += renderer.coverageOnly() }
    var checksum: UInt32 = 0
    func draw(_ threads: Int) {
      _ = renderer.drawBands(
        threads: threads, chunkRows: renderer.height, perBand: { _, _, pixels in checksum &+= pixels[0] },
        afterChunk: { _, _ in true })
    }
    let one = median(runs) { draw(1) }
    let all = median(runs) { draw(rasterThreads) }
    var bytes = 0
    let ppm = median(runs) {
      _ = PPM.write(renderer) {
        bytes += $0.count
        return true
      }
    }
    let png = median(max(1, runs / 2)) {
      var e = PNGEncoder(
        width: transparent.width, height: transparent.height, opaque: false, threads: transparent.defaultThreads()
      ) {
        bytes += $0.count
        return true
      }
      _ = transparent.render(into: &e)
    }
    if sink.isNaN || checksum == 1 || bytes < 0 { print("") }  // keep the work observable
    return Figures(
      pixels: (renderer.width, renderer.height), flatten: flatten, coverage: coverage, drawOneThread: one, draw: all,
      drawAndPPM: ppm, drawAndPNG: png, threads: rasterThreads)
  }

  /// PNG encoding alone, of an image already drawn: the encoder's speed
  /// in bytes of RGBA a second, on one thread and on every core, and the
  /// file's size.
  public struct EncoderFigures: Sendable {
    public var pixels: (Int, Int)
    /// Median seconds to encode the image on one thread, and on `threads`.
    public var oneThread: Double
    public var allThreads: Double
    public var threads: Int
    /// The PNG's size in bytes.
    public var bytes: Int
    /// Bytes of RGBA encoded a second on one thread and on every core.
    public var rate: (one: Double, all: Double) {
      let n = Double(pixels.0 * pixels.1 * 4)
      return (n / oneThread, n / allThreads)
    }
  }

  /// Draws `scene` once (transparent background), then times encoding
  /// its pixels to PNG in memory, in chunks of rows as the renderer hands
  /// them on. Nil when the scene is too large to rasterize.
  public static func measureEncoder(_ scene: Scene, scale: Double, runs: Int) -> EncoderFigures? {
    guard let renderer = RasterRenderer(scene, scale: scale, background: nil) else { return nil }
    let (width, height) = (renderer.width, renderer.height)
    let pixels = UnsafeMutablePointer<Pixel>.allocate(capacity: width * height)
    defer { pixels.deallocate() }
    _ = renderer.drawBands(
      threads: rasterThreads, chunkRows: height,
      perBand: { y0, rows, band in (pixels + y0 * width).update(from: band, count: rows * width) },
      afterChunk: { _, _ in true })
    let chunkRows = RasterRenderer.bandHeight * rasterThreads * (rasterThreads > 1 ? 4 : 1)
    var bytes = 0
    func encode(_ threads: Int) {
      bytes = 0
      var e = PNGEncoder(width: width, height: height, opaque: false, threads: threads) {
        bytes += $0.count
        return true
      }
      var top = 0
      while top < height {
        let rows = min(chunkRows, height - top)
        _ = e.encode(UnsafeBufferPointer(start: pixels + top * width, count: rows * width), rows: rows)
        top += rows
      }
      _ = e.finish()
    }
    let one = median(runs) { encode(1) }
    let all = median(runs) { encode(rasterThreads) }
    return EncoderFigures(
      pixels: (width, height), oneThread: one, allThreads: all, threads: rasterThreads, bytes: bytes)
  }

  /// The peak resident memory of this process so far, in bytes: VmHWM
  /// from /proc/self/status (getrusage's figure would include whatever
  /// started this program, such as `swift run`, since it survives exec).
  public static func peakMemory() -> Int {
    guard let f = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), f) != nil {
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.hasPrefix("VmHWM:") {
        let digits = text.filter { $0.isNumber }
        return (Int(digits) ?? 0) * 1024
      }
    }
    return 0
  }
}
