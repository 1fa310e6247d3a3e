// The PDF file layer: numbered objects in, a PDF 1.4 file out (header, the
// objects in number order, the cross-reference table and the trailer).
// Streams are compressed with badgec's own deflate (FlateDecode, a zlib
// stream) when that makes them shorter. Nothing depends on the clock or
// the machine: the same objects give the same bytes.

/// A PDF file being built: objects by number (1, 2, …), each the text
/// between `N 0 obj` and `endobj`.
final class PDFFile {
  private var objects: [[UInt8]?] = []
  /// Bytes of the objects set so far (for the output limit).
  private(set) var length = 0

  /// A new object number whose body is set later (`set`): for objects
  /// that refer to each other.
  func reserve() -> Int {
    objects.append(nil)
    return objects.count
  }

  /// Sets the body of object `n`.
  func set(_ n: Int, _ body: [UInt8]) {
    length += body.count - (objects[n - 1]?.count ?? 0)
    objects[n - 1] = body
  }

  /// A new object with `body`; its number.
  func add(_ body: [UInt8]) -> Int {
    let n = reserve()
    set(n, body)
    return n
  }

  func add(_ body: String) -> Int { add(Array(body.utf8)) }

  /// A stream object's body: `dictionary`'s entries (without `<<` `>>`),
  /// the length and filter, and `data`, compressed when `compress` and
  /// shorter so.
  static func stream(_ dictionary: String, _ data: [UInt8], compress: Bool = true) -> [UInt8] {
    var data = data
    var entries = dictionary
    if compress && data.count > 64 {
      let packed = zlibCompressed(data)
      if packed.count < data.count {
        data = packed
        entries += " /Filter /FlateDecode"
      }
    }
    var out = Array("<< \(entries) /Length \(data.count) >>\nstream\n".utf8)
    out += data
    out += Array("\nendstream".utf8)
    return out
  }

  /// The whole file, with `root` as its catalogue and `info` as its
  /// document information. Objects never set are written as `null`.
  func bytes(root: Int, info: Int) -> [UInt8] {
    // A binary comment on the second line tells transfer tools that the
    // file is binary (PDF 1.4, 7.5.2).
    var out = Array("%PDF-1.4\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for (i, body) in objects.enumerated() {
      offsets.append(out.count)
      out += Array("\(i + 1) 0 obj\n".utf8)
      out += body ?? Array("null".utf8)
      out += Array("\nendobj\n".utf8)
    }
    let table = out.count
    out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
      var digits = Array(String(offset).utf8)
      digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 10 - digits.count)), at: 0)
      out += digits
      out += Array(" 00000 n \n".utf8)
    }
    out += Array("trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R /Info \(info) 0 R >>\n".utf8)
    out += Array("startxref\n\(table)\n%%EOF\n".utf8)
    return out
  }
}

/// `bytes` as a zlib stream (RFC 1950) of one deflate stream made by
/// badgec's deflater, in segments of 256 KiB each continuing the last.
func zlibCompressed(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0x78, 0x01]
  let deflater = Deflater(length: bytes.count)
  var adler = Adler32()
  bytes.withUnsafeBufferPointer { all in
    guard let base = all.baseAddress else { return }
    adler.update(all)
    let segment = 1 << 18
    var start = 0
    while start < all.count {
      let n = min(segment, all.count - start)
      deflater.clearOutput()
      deflater.compressSegment(base + start, count: n, dictionary: start, continuing: start > 0)
      out.append(contentsOf: deflater.output)
      start += n
    }
  }
  out += Deflater.finalBlock
  let sum = adler.checksum
  out += [UInt8(sum >> 24), UInt8((sum >> 16) & 0xFF), UInt8((sum >> 8) & 0xFF), UInt8(sum & 0xFF)]
  return out
}
