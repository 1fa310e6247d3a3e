// The mistakes badgec 0.5's modifiers and paints are written with, each one
// located error that says what was expected: colour effects, blurs along
// one axis, affine transforms, blend modes, focal and elliptical
// gradients, and SwiftUI's `.drawingGroup()`, which badgec does without.
import Foundation
import Testing

@testable import BadgeKit

struct EffectMistakeTests {
  @Test(arguments: [
    (".hueRotation(90)", "expected an angle"),
    (".saturation(-1)", "expected a saturation that is not negative"),
    (".colorMultiply(3)", "expected a colour"),
    (".grayscale()", "missing argument 'amount'"),
    (".brightness(red)", "expected a number"),
    // (An infinite contrast made ∞ − ∞ and crashed the raster.)
    (".contrast(-infinity)", "expected a finite amount, found -infinity"),
    (".saturation(infinity)", "expected a finite amount, found infinity"),
    (".drawingGroup()", "leave it out"),
    (".blur(horizontal: -1)", "expected a radius that is not negative"),
    (".blur(vertical: red)", "expected a length"),
    (".blur()", "missing argument 'radius'"),
    (".transformEffect(a: red)", "expected a number"),
    (".transformEffect(tx: infinity)", "expected a finite number, found infinity"),
    (".blendMode(plusLighter)", "expected a blend mode SVG can say ('plusLighter' has no mix-blend-mode)"),
    (".blendMode(3)", "expected a blend mode: 'normal', 'multiply', 'screen'"),
    (".blendMode(mode: multply)", "unknown name 'multply'"),
    (".fill(elliptical(red, blue, startRadiusFraction: -0.5))", "expected a finite fraction that is not negative"),
    (".fill(elliptical(red, blue, endRadius: 4))", "'elliptical' has no argument 'endRadius'"),
    (".fill(radial(red, blue, focus: 3))", "expected a unit point"),
  ])
  func mistakesAreLocatedErrors(_ modifiers: String, _ message: String) {
    Support.expectOneError(after: modifiers, saying: message)
  }
}
