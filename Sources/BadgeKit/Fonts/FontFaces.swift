// The faces of a font catalog as a collection: the values a scan found, or
// the records of a kept index (FontCache.swift), each made into a value
// only when it is read. A start that sets text in one family reads the
// few faces of that family, not every face installed.

/// Every face of a catalog, in the order the directories were walked.
public struct FontFaces: RandomAccessCollection, Equatable, Sendable {
  /// Where the faces are kept.
  enum Storage: Sendable {
    case values([FontFace])
    case records(FontFaceRecords)
  }

  let storage: Storage

  init(_ faces: [FontFace]) { storage = .values(faces) }

  init(_ records: FontFaceRecords) { storage = .records(records) }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .values(let faces): faces.count
    case .records(let records): records.numbers.count / FontFaceRecords.width
    }
  }

  public subscript(i: Int) -> FontFace {
    switch storage {
    case .values(let faces): faces[i]
    case .records(let records): records.face(i)
    }
  }

  public static func == (a: FontFaces, b: FontFaces) -> Bool { a.elementsEqual(b) }
}

/// The faces of a kept index, checked when it was read: for each face
/// `width` numbers (the stamp of its file's directory, all ones for none;
/// its file's name, or whole path without a stamp; its index in the file;
/// its family, four-style family and style names; its CSS weight; its
/// width class with 256 added when it is italic), the names they refer
/// to (as bytes of the index, checked as UTF-8 when it was read, made into
/// strings when a face is asked for), and the start of the paths in each
/// stamp's directory.
struct FontFaceRecords: Sendable {
  /// How many numbers a face has.
  static let width = 8
  let numbers: [UInt32]
  /// The index read, where the names are.
  let bytes: [UInt8]
  /// Each name's first byte in `bytes` and its length.
  let nameSpans: [UInt32]
  let prefixes: [String?]

  /// Name `i`.
  func name(_ i: Int) -> String {
    let (start, count) = (Int(nameSpans[2 * i]), Int(nameSpans[2 * i + 1]))
    return bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + count)]), as: UTF8.self)
    }
  }

  /// Face `i` as a value.
  func face(_ i: Int) -> FontFace {
    let r = numbers[(i * FontFaceRecords.width)...]
    let at = r.startIndex
    let file = name(Int(r[at + 1]))
    let stamp = r[at]
    let path = stamp == UInt32.max ? file : FontCache.joined(prefixes[Int(stamp)]!, file)
    return FontFace(
      path: path, faceIndex: Int(r[at + 2]), family: name(Int(r[at + 3])), legacyFamily: name(Int(r[at + 4])),
      style: name(Int(r[at + 5])), weight: Int(r[at + 6]), width: Int(r[at + 7] & 0xFF), isItalic: r[at + 7] >> 8 == 1
    )
  }
}
