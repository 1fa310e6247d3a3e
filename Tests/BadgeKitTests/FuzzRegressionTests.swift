// Regression tests from fuzzing: every input the fuzzer found (minimised,
// named after what it found, in Tests/BadgeKitTests/Fuzz/) keeps every
// property the fuzz target checks (PipelineChecks): no crash, a scene or an
// error, printable diagnostics, an inert SVG, PPM and PNG at 48 × 48.
// Inputs in Fuzz/pending/ still fail (some crash the process) and are
// skipped until the library is fixed; then they move up into Fuzz/.
import Foundation
import Testing

@testable import BadgeKit

struct FuzzRegressionTests {
  static let folder = "Tests/BadgeKitTests/Fuzz"

  /// The findings that pass today: Fuzz/*.badge, not Fuzz/pending/.
  static var findings: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Support.url(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".badge") }.sorted()
  }

  @Test func thereAreFindings() {
    #expect(!FuzzRegressionTests.findings.isEmpty, "no inputs in \(FuzzRegressionTests.folder)")
  }

  @Test(arguments: findings)
  func findingKeepsEveryProperty(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Support.url(FuzzRegressionTests.folder + "/" + name)))
    #expect(PipelineChecks.problems(bytes, name: name) == [])
    // A compilation that gives no output says why, with an error.
    let result = BadgeKit.compile(SourceFile(name: name, bytes: bytes))
    if result.output == nil {
      #expect(result.diagnostics.contains { $0.severity == .error })
      #expect(result.renderedDiagnostics.contains("error: "))
    }
  }

  /// The checks themselves: a property broken on purpose is reported.
  @Test func checksReportBrokenProperties() {
    #expect(PipelineChecks.unprintable("fine\ttext\n é ✓") == nil)
    #expect(PipelineChecks.unprintable("a\u{0}b") != nil)
    #expect(PipelineChecks.unprintable("a\u{1B}[31m") != nil)
    #expect(PipelineChecks.unprintable("a\u{85}b") != nil)
    #expect(PipelineChecks.unprintable("a\u{202E}b") != nil)
    #expect(PipelineChecks.unprintable("a\u{E0041}b") != nil)
    #expect(PipelineChecks.unprintable("a\u{E0041}b", .allowingFormatCharacters) == nil)
    #expect(PipelineChecks.unprintable("a\u{1B}b", .allowingFormatCharacters) != nil)
    #expect(PipelineChecks.unprintable("a\u{1B}b", .unchecked) == nil)
    #expect(PipelineChecks.problems(Array("badge B { rect() }".utf8)) == [])
  }
}
