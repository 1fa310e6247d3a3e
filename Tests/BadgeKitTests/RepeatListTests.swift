// `repeat N as i { … }` in argument lists: gradient stops made in a loop,
// and a modifier's views made by a repeat.
import Testing

@testable import BadgeKit

struct RepeatListTests {
  @Test func hardStopStripes() throws {
    // Four stripes of red then white: stops at i/4, (i + ½)/4 twice, (i + 1)/4.
    let scene = try #require(
      Support.scene(
        """
        badge B size 100 {
          rect().fill(linear(repeat 4 as i { stop(red, i / 4), stop(red, (i + 0.5) / 4)
            stop(white, (i + 0.5) / 4), stop(white, (i + 1) / 4) }, start: .leading, end: .trailing))
        }
        """))
    guard case .linear(let g) = scene.fills[0].paint else {
      Issue.record("expected a linear gradient")
      return
    }
    #expect(g.stops.count == 16)
    #expect(
      g.stops.map(\.location) == [
        0, 0.125, 0.125, 0.25, 0.25, 0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.75, 0.875, 0.875, 1,
      ])
    #expect(g.stops[1].color == .bytes(255, 59, 48) && g.stops[2].color == .bytes(255, 255, 255))
  }

  @Test func repeatedColoursAmongOthers() throws {
    // blue, then (red, white) twice, then black: six colours spread evenly.
    let scene = try #require(
      Support.scene("badge B size 100 { rect().fill(linear(blue, repeat 2 { red, white }, black)) }"))
    guard case .linear(let g) = scene.fills[0].paint else {
      Issue.record("expected a linear gradient")
      return
    }
    #expect(g.stops.map(\.location) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    #expect(g.stops[0].color == .bytes(0, 122, 255) && g.stops[5].color == .bytes(0, 0, 0))
  }

  @Test func aMaskOfRepeatedViews() throws {
    // Three 5 × 100 rects offset by 0, 10 and 20 points mask the rect.
    let scene = try #require(
      Support.scene("badge B size 100 { rect().mask(repeat 3 as i { rect().frame(width: 5).offset(x: i * 10pt) }) }"))
    guard case .mask(let mask, _) = scene.nodes[0] else {
      Issue.record("expected a mask")
      return
    }
    #expect(mask.count == 3)
  }

  @Test(arguments: [
    ("rect().fill(linear(repeat 2.5 { red, blue }))", "expected a whole number of copies"),
    ("rect().fill(linear(repeat 2 as k { red, blue.opacity(i) }))", "unknown name 'i'"),
    ("rect().fill(linear(repeat 2 { red, 5 }))", "expected a colour or stop(colour, location), found a number"),
    ("rect().fill(linear(repeat 1 { red }))", "a gradient needs two or more colours"),
    ("rect().fill(linear(repeat 2 { red, blue ))", "expected '}' to close the repeated items"),
  ])
  func errors(_ body: String, _ message: String) {
    Support.expectError(body, message)
  }
}
