// The PPM backend: the renderer's bands, drawn over an opaque background,
// in; binary PPM (P6, maxval 255) out. PPM has no alpha: the renderer
// starts every band as the background (white unless one is given), so each
// pixel is already opaque and only its alpha is dropped. Bands are turned
// into bytes by the threads that drew them, and a file is written from
// there, each piece at its offset.

/// Binary PPM: its header, size, and the two ways to write it.
enum PPM {
  static func header(width: Int, height: Int) -> [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) }

  /// The size of the whole file.
  static func size(width: Int, height: Int) -> Int { header(width: width, height: height).count + width * height * 3 }

  /// Writes the image to `sink` a chunk of rows at a time.
  static func write(_ renderer: RasterRenderer, threads: Int? = nil, to sink: (UnsafeRawBufferPointer) -> Bool)
    -> Bool
  {
    let (width, height) = (renderer.width, renderer.height)
    guard header(width: width, height: height).withUnsafeBytes({ sink($0) }) else { return false }
    let threads = threads ?? renderer.defaultThreads()
    let chunkRows = RasterRenderer.bandHeight * threads * (threads > 1 ? 4 : 1)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: width * min(chunkRows, height) * 3)
    defer { bytes.deallocate() }
    return renderer.drawBands(
      threads: threads, chunkRows: chunkRows,
      perBand: { y0, rows, pixels in
        rgbBytes(pixels, into: bytes + (y0 % chunkRows) * width * 3, count: rows * width)
      },
      afterChunk: { _, rows in sink(UnsafeRawBufferPointer(start: bytes, count: rows * width * 3)) })
  }

  /// Pieces written by `write(at:)` are a whole number of these.
  static let page = 4096

  /// The bytes of one piece written by `write(at:)`: a whole number of
  /// pages, about a band of rows.
  static func pieceBytes(width: Int) -> Int {
    max(page, width * RasterRenderer.bandHeight * 3 / page * page)
  }

  /// Writes the file through `sink(bytes, offset)` in pieces that begin on
  /// page boundaries of the file, each from a buffer that begins on a page
  /// boundary too. (A kernel copies such pieces into its file cache about
  /// twice as fast as pieces that straddle pages, as rows after the header
  /// do, or that start at a different place in their page than in the
  /// file.) Every thread draws the rows under its pieces (a row cut by a
  /// piece's edge is drawn by both neighbours), converts them and hands the
  /// piece on itself, so `sink` runs on several threads at once, for
  /// different ranges. False when any call returned false.
  static func write(
    _ renderer: RasterRenderer, threads: Int? = nil, at sink: @escaping (UnsafeRawBufferPointer, Int) -> Bool
  ) -> Bool {
    let (width, height) = (renderer.width, renderer.height)
    let header = header(width: width, height: height)
    let fileSize = size(width: width, height: height)
    let rowBytes = width * 3
    let piece = pieceBytes(width: width)
    let pieces = (fileSize + piece - 1) / piece
    let threads = max(1, min(threads ?? renderer.defaultThreads(), pieces))
    // The rows under one piece: those it covers, plus one cut at each end.
    let rowsPerPiece = (piece + rowBytes - 1) / rowBytes + 2
    let band = RasterRenderer.bandHeight
    // One flag per piece, each set by the one thread that wrote it.
    let written = UnsafeMutableBufferPointer<Bool>.allocate(capacity: pieces)
    defer { written.deallocate() }
    written.initialize(repeating: false)
    let tickets = Tickets(pieces)
    runInParallel(threads) { _ in
      // Room for a page of lead-in, the header and the rows.
      let capacity = page + header.count + rowsPerPiece * rowBytes
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: page)
      let pixels = UnsafeMutablePointer<Pixel>.allocate(capacity: width * band)
      defer {
        buffer.deallocate()
        pixels.deallocate()
      }
      var scratch = RasterRenderer.Scratch(coverage: CoverageBand(width: width, y0: 0, height: band))
      while let p = tickets.take() {
        // File bytes start..<end, held by the rows firstRow...lastRow (and
        // the header, in the first piece), which begin at file byte `from`.
        let start = p * piece
        let end = min(fileSize, start + piece)
        let firstRow = max(0, start - header.count) / rowBytes
        let lastRow = min(height - 1, max(0, end - header.count - 1) / rowBytes)
        let from = start < header.count ? 0 : header.count + firstRow * rowBytes
        // Placed so that file byte `start` lands on a page of the buffer.
        let lead = (page - (start - from) % page) % page
        var bytes = (buffer + lead).assumingMemoryBound(to: UInt8.self)
        if start < header.count {
          header.withUnsafeBytes {
            UnsafeMutableRawPointer(bytes).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
          }
          bytes += header.count
        }
        var y = firstRow
        while y <= lastRow {
          let rows = min(band, lastRow + 1 - y)
          renderer.renderBand(y0: y, rows: rows, into: pixels, &scratch)
          rgbBytes(pixels, into: bytes, count: rows * width)
          bytes += rows * rowBytes
          y += rows
        }
        written[p] = sink(UnsafeRawBufferPointer(start: buffer + lead + (start - from), count: end - start), start)
      }
    }
    return written.allSatisfy { $0 }
  }
}

/// The R, G and B bytes of `count` opaque pixels, packed. Four pixels at a
/// time as two 64-bit lanes of two pixels each: a lane's six colour bytes
/// are gathered in its low 48 bits and stored as 8 bytes, the 2 extra bytes
/// overwritten by the next store (so the vector loop stops 2 pixels early).
func rgbBytes(_ pixels: UnsafePointer<Pixel>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
  let source = UnsafeRawPointer(pixels)
  let target = UnsafeMutableRawPointer(out)
  var i = 0
  while i + 6 <= count {
    let two = source.loadUnaligned(fromByteOffset: 4 * i, as: SIMD2<UInt64>.self)
    let packed = (two & 0xFF_FFFF) | ((two &>> 8) & 0xFFFF_FF00_0000)
    target.storeBytes(of: packed[0], toByteOffset: 3 * i, as: UInt64.self)
    target.storeBytes(of: packed[1], toByteOffset: 3 * i + 6, as: UInt64.self)
    i += 4
  }
  while i < count {
    let p = pixels[i]
    out[3 * i] = UInt8(truncatingIfNeeded: p)
    out[3 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
    out[3 * i + 2] = UInt8(truncatingIfNeeded: p >> 16)
    i += 1
  }
}
