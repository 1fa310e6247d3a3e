// Command-line file safety: hostile inputs and outputs (links, devices,
// pipes, folders, long names) end in a clear error or a correct write,
// never in a damaged input, a truncated file or a wait.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct CLIFileSafetyTests {
  /// landmark.badge compiled to SVG, as badgec writes it.
  let svg = Data(Support.compile(try! Support.read("samples/landmark.badge")).output!)

  /// A fresh folder holding a copy of landmark.badge, and that copy.
  func folderWithInput() throws -> (dir: URL, input: URL) {
    let dir = try Support.temporaryFolder()
    let input = dir.appendingPathComponent("in.badge")
    try FileManager.default.copyItem(at: Support.url("samples/landmark.badge"), to: input)
    return (dir, input)
  }

  // MARK: Names

  @Test(arguments: ["out", "build.d/out", ".hidden", "/dev/null"])
  func anOutputWithoutExtensionIsSVG(output: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("build.d"), withIntermediateDirectories: true)
    let run = try Support.badgec([input.path, "-o", output], cwd: dir)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    if output != "/dev/null" { #expect(try Data(contentsOf: dir.appendingPathComponent(output)) == svg) }
  }

  @Test func formatOverridesAMissingExtension() throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("image")
    #expect(try Support.badgec([input.path, "--format", "png", "-o", out.path]).status == 0)
    #expect(try Data(contentsOf: out).prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  // MARK: Files badgec may not write

  @Test(arguments: ["folder", "folder.svg"])
  func aFolderAsTheOutputIsAnError(name: String) throws {
    let (dir, input) = try folderWithInput()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let run = try Support.badgec([input.path, "-o", folder.path])
    #expect(run.status == 1)
    #expect(run.stderr == "badgec: error: cannot write '\(folder.path)': Is a directory\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.badge", name].sorted())
  }
}
