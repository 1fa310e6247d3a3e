// Diagnostics as values: every stage reports problems as `Diagnostic`s with a
// source range and a message from the catalog (Messages.swift); the renderer
// (DiagnosticRenderer.swift) turns them into text.

/// How serious a diagnostic is. Errors stop the compilation after the stage
/// that reported them; notes only add information.
public enum Severity: String, Sendable {
  case error
  case warning
  case note
}

/// One problem found in the input, located by a byte range.
public struct Diagnostic: Equatable, Sendable {
  /// Error, warning or note.
  public var severity: Severity
  /// The message, from the catalog.
  public var message: Message
  /// Where in the input the problem is (byte offsets).
  public var range: SourceRange
  /// Notes that say more, each with its own place (e.g. the call of the
  /// component whose body has the error).
  public var notes: [Note] = []
  /// Edits that would fix the mistake (`VStack` → `vstack`).
  public var fixIts: [FixIt] = []
  /// A warning made an error by `--werror` (shown as `… [--werror]`).
  public var promoted = false

  /// The text shown: the message's, marked when `--werror` made it an
  /// error.
  public var text: String { promoted ? message.text + " [--werror]" : message.text }

  public init(
    _ message: Message, at range: SourceRange, severity: Severity = .error, notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.message = message
    self.range = range
    self.severity = severity
    self.notes = notes
    self.fixIts = fixIts
  }
}

extension Diagnostic {
  /// The most diagnostics one stage keeps; later ones are only counted
  /// (a hostile file can hold a million mistakes, and nobody reads past
  /// the first screenful).
  public static let keptLimit = 10_000
}

/// An edit that fixes a diagnostic's mistake: the bytes of `range`
/// replaced by `replacement` (an empty range inserts it).
public struct FixIt: Equatable, Sendable {
  public var range: SourceRange
  public var replacement: String

  public init(_ range: SourceRange, _ replacement: String) {
    self.range = range
    self.replacement = replacement
  }
}

/// A note attached to a diagnostic: plain text at a place in the source.
public struct Note: Equatable, Sendable {
  public var text: String
  public var range: SourceRange

  public init(_ text: String, at range: SourceRange) {
    self.text = text
    self.range = range
  }
}

/// Collects diagnostics, dropping exact repeats (layout may evaluate the same
/// expression more than once).
public struct DiagnosticBag: Sendable {
  /// Diagnostics in the order they were first reported, at most
  /// `Diagnostic.keptLimit` of them.
  public private(set) var all: [Diagnostic] = []
  /// Errors reported after `all` was full: counted, not kept.
  public private(set) var unlisted = 0
  private var seen: Set<Key> = []

  private struct Key: Hashable {
    var range: SourceRange
    var text: String
  }

  public init() {}

  /// Whether any error has been reported.
  public var hasErrors: Bool { errorCount > 0 }
  private var errorCount = 0

  public mutating func report(_ message: Message, at range: SourceRange) {
    append(Diagnostic(message, at: range))
  }

  /// Adds `fixIts` to diagnostic `index` of `all` (one error that fixes a
  /// habit in several places).
  mutating func addFixIts(_ fixIts: [FixIt], to index: Int) {
    guard all.indices.contains(index) else { return }
    all[index].fixIts += fixIts
  }

  /// How many diagnostics have been offered to the bag, repeats and
  /// those past the limit included: whether anything was reported
  /// between two readings.
  public private(set) var offered = 0

  public mutating func append(_ diagnostic: Diagnostic) {
    offered += 1
    if all.count >= Diagnostic.keptLimit {
      if diagnostic.severity == .error {
        errorCount += 1
        unlisted += 1
      }
      return
    }
    let key = Key(range: diagnostic.range, text: diagnostic.message.text)
    guard seen.insert(key).inserted else { return }
    all.append(diagnostic)
    if diagnostic.severity == .error { errorCount += 1 }
  }

  /// Counts `count` errors that an earlier stage did not keep.
  public mutating func addUnlisted(_ count: Int) {
    unlisted += count
    errorCount += count
  }

  public mutating func append(contentsOf other: [Diagnostic]) {
    for d in other { append(d) }
  }
}
