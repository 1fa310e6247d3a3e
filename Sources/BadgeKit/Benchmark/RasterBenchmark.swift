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

  static func median(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let t0 = now()
      body()
      times.append(now() - t0)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// An encoder that keeps nothing (drawing alone).
  struct Discard: BandEncoder {
    var checksum: UInt32 = 0
    mutating func encode(_ pixels: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool {
      checksum &+= pixels[pixels.count / 2]
      return true
    }
    mutating func finish() -> Bool { true }
  }

  public static func measure(_ scene: Scene, scale: Double, runs: Int) -> Figures {
    let white = RGBA(r: 1, g: 1, b: 1)
    var renderer = RasterRenderer(scene, scale: scale, background: white)
    let flatten = median(runs) { renderer = RasterRenderer(scene, scale: scale, background: white) }
    var sink: Float = 0
    let coverage = median(runs) { sink += renderer.coverageOnly() }
    var discard = Discard()
    let one = median(runs) { _ = renderer.render(into: &discard, threads: 1) }
    let all = median(runs) { _ = renderer.render(into: &discard) }
    var bytes = 0
    let ppm = median(runs) {
      var e = PPMEncoder(width: renderer.width, height: renderer.height) {
        bytes += $0.count; return true
      }
      _ = renderer.render(into: &e)
    }
    let png = median(max(1, runs / 2)) {
      let transparent = RasterRenderer(scene, scale: scale, background: nil)
      var e = PNGEncoder(width: transparent.width, height: transparent.height, opaque: false) {
        bytes += $0.count
        return true
      }
      _ = transparent.render(into: &e)
    }
    if sink.isNaN || discard.checksum == 1 || bytes < 0 { print("") }  // keep the work observable
    return Figures(
      pixels: (renderer.width, renderer.height), flatten: flatten, coverage: coverage, drawOneThread: one, draw: all,
      drawAndPPM: ppm, drawAndPNG: png, threads: rasterThreads)
  }

  /// The peak resident memory of this process so far, in bytes.
  public static func peakMemory() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_maxrss) * 1024
  }
}
