// The faces of each font family: the family keys a catalog knows, each with
// the indices of its faces in the catalog. A catalog scanned builds a
// dictionary; one read from a kept index (FontCache.swift) searches the
// index's own table where it lies, so a start makes no string and no list
// for the families its text never asks for.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The indices in a catalog's faces of each family key
/// (`FontMatching.key` of a typographic or four-style family name).
struct FamilyIndex: Sendable {
  private enum Storage: Sendable {
    case dictionary([String: [Int]])
    /// A kept index's bytes; each family's key as its first byte and its
    /// length in them (checked as UTF-8 when the index was read); where
    /// each family's faces start in `faces`, and one past the last; and
    /// whether every key is ASCII.
    case table(bytes: [UInt8], keys: [UInt32], starts: [UInt32], faces: [UInt32], ascii: Bool)
  }
  private let storage: Storage

  init(_ dictionary: [String: [Int]]) { storage = .dictionary(dictionary) }

  /// A kept index's table: `keys` holds two numbers a family (first byte,
  /// length), `starts` one more than there are families.
  init(bytes: [UInt8], keys: [UInt32], starts: [UInt32], faces: [UInt32]) {
    precondition(keys.count % 2 == 0 && starts.count == keys.count / 2 + 1)
    let ascii = (0..<(keys.count / 2)).allSatisfy { family in
      let start = Int(keys[2 * family])
      return bytes[start..<(start + Int(keys[2 * family + 1]))].allSatisfy { $0 < 0x80 }
    }
    storage = .table(bytes: bytes, keys: keys, starts: starts, faces: faces, ascii: ascii)
  }

  /// The faces of family `key`, if it is known. In a table, the last
  /// family of that key (as a dictionary made from the table would keep).
  /// Keys are equal as strings are (canonically equivalent): compared as
  /// bytes while both are ASCII, as strings otherwise.
  subscript(key: String) -> [Int]? {
    switch storage {
    case .dictionary(let families): return families[key]
    case .table(let bytes, let keys, let starts, let faces, let ascii):
      let asked = key
      var key = key
      return key.withUTF8 { wanted in
        let bytewise = ascii && wanted.allSatisfy { $0 < 0x80 }
        return bytes.withUnsafeBufferPointer { all in
          var family = keys.count / 2
          while family > 0 {
            family -= 1
            let (start, count) = (Int(keys[2 * family]), Int(keys[2 * family + 1]))
            let here = UnsafeBufferPointer(rebasing: all[start..<(start + count)])
            let same =
              bytewise
              ? count == wanted.count && (count == 0 || memcmp(here.baseAddress!, wanted.baseAddress!, count) == 0)
              : String(decoding: here, as: UTF8.self) == asked
            if same { return FamilyIndex.members(family, starts, faces) }
          }
          return nil
        }
      }
    }
  }

  /// The faces of a table's family `family`.
  private static func members(_ family: Int, _ starts: [UInt32], _ faces: [UInt32]) -> [Int] {
    (Int(starts[family])..<Int(starts[family + 1])).map { Int(faces[$0]) }
  }

  /// Every family's key and faces, in no particular order (the last of a
  /// key's families in a table).
  var all: [(key: String, faces: [Int])] {
    switch storage {
    case .dictionary(let families): return families.map { ($0.key, $0.value) }
    case .table(let bytes, let keys, let starts, let faces, _):
      // In table order, so a later family of a key replaces an earlier one.
      var seen: [String: [Int]] = [:]
      for family in 0..<(keys.count / 2) {
        let (start, count) = (Int(keys[2 * family]), Int(keys[2 * family + 1]))
        let key = String(decoding: bytes[start..<(start + count)], as: UTF8.self)
        seen[key] = FamilyIndex.members(family, starts, faces)
      }
      return seen.map { ($0.key, $0.value) }
    }
  }
}
