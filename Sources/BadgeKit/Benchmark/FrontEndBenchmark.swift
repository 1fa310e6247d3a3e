// The front end's speed and memory, for the badgec-bench executable: a
// source in, the median time to read it into tokens (the lexer alone) and
// into a syntax tree (lexer and parser), and the memory the process grew
// by to hold the tree (measured first, once the memory freed before it
// was given back to the system, so that none is reused unseen). Nothing
// here runs in badgec.

#if canImport(Glibc)
  import Glibc
#endif

/// Times the lexer and the parser on one source.
public enum FrontEndBenchmark {
  public struct Figures: Sendable {
    /// Median seconds to read every token.
    public var lex: Double
    /// Median seconds to read the file into its syntax tree.
    public var parse: Double
    /// Tokens read, the source's bytes, and the parser's diagnostics.
    public var tokens: Int
    public var bytes: Int
    public var diagnostics: Int
    /// Resident bytes the process grew by to read and hold the syntax
    /// tree (and its diagnostics), the source's own bytes not counted.
    public var treeBytes: Int
  }

  public static func measure(_ source: SourceFile, runs: Int) -> Figures {
    _ = giveBackFreeMemory(0)
    let before = residentMemory()
    let held = Parser.parse(source, requiresBadge: false)
    let treeBytes = max(0, residentMemory() - before)
    withExtendedLifetime(held) {}
    var tokens = 0
    let lex = RasterBenchmark.median(runs) {
      var lexer = Lexer(source)
      tokens = 0
      while lexer.next().kind != .endOfFile { tokens += 1 }
    }
    var diagnostics = 0
    let parse = RasterBenchmark.median(runs) {
      diagnostics = Parser.parse(source, requiresBadge: false).diagnostics.count
    }
    return Figures(
      lex: lex, parse: parse, tokens: tokens, bytes: source.bytes.count, diagnostics: diagnostics,
      treeBytes: treeBytes)
  }

  /// glibc's malloc_trim (malloc.h is not in the Glibc module): returns
  /// the free memory of the heap to the system. Integer argument and
  /// result, passed alike by C and Swift on the platforms built here.
  @_silgen_name("malloc_trim")
  static func giveBackFreeMemory(_ pad: Int) -> Int32

  /// The resident memory of this process now, in bytes: the second
  /// field of /proc/self/statm, in pages.
  static func residentMemory() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = fread(&buffer, 1, buffer.count, f)
    let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
