// Source ranges: where in which source file a token, node or diagnostic sits.
// Byte offsets only; lines and columns are computed when a diagnostic is
// rendered (see SourceFile.location(of:)).

/// A half-open range of UTF-8 byte offsets `start..<end` into one source file
/// of a compilation, named by its index in `Compilation.files`.
public struct SourceRange: Hashable, Sendable {
  /// Index of the file in the compilation's file list.
  public var file: Int
  /// First byte of the range (0-based byte offset).
  public var start: Int
  /// One past the last byte of the range (byte offset).
  public var end: Int

  public init(file: Int, start: Int, end: Int) {
    self.file = file
    self.start = start
    self.end = max(start, end)
  }

  /// The smallest range covering both `self` and `other` (same file).
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
  }
}
