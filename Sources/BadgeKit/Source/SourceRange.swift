// Source ranges: where in which source file a token, node or diagnostic sits.
// Byte offsets only; lines and columns are computed when a diagnostic is
// rendered (see SourceFile.location(of:)).

/// A half-open range of UTF-8 byte offsets `start..<end` into one source file
/// of a compilation, named by its index in `Compilation.files`. Stored in
/// 32 bits a field (12 bytes, where three `Int`s took 24: every token and
/// syntax node carries one); inputs are far below 4 GiB (the command line
/// reads at most 64 MiB), and a larger offset is clamped.
public struct SourceRange: Hashable, Sendable {
  private var fileIndex: UInt32
  private var first: UInt32
  private var past: UInt32

  /// Index of the file in the compilation's file list.
  public var file: Int {
    get { Int(fileIndex) }
    set { fileIndex = UInt32(clamping: newValue) }
  }
  /// First byte of the range (0-based byte offset).
  public var start: Int {
    get { Int(first) }
    set { first = UInt32(clamping: newValue) }
  }
  /// One past the last byte of the range (byte offset).
  public var end: Int {
    get { Int(past) }
    set { past = UInt32(clamping: newValue) }
  }

  public init(file: Int, start: Int, end: Int) {
    self.fileIndex = UInt32(clamping: file)
    self.first = UInt32(clamping: start)
    self.past = UInt32(clamping: max(start, end))
  }

  /// The smallest range covering both `self` and `other` (same file).
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
  }
}
