// Proposed sizes: what a parent offers a child in SwiftUI's layout. Either
// dimension may be unspecified ("what is your ideal size?").

/// A size offered to a child, in points; nil means unspecified.
struct ProposedSize: Equatable {
  var width: Double?
  var height: Double?

  init(_ width: Double?, _ height: Double?) {
    self.width = width
    self.height = height
  }

  init(_ size: Size) { self.init(size.width, size.height) }

  static let unspecified = ProposedSize(nil, nil)

  /// The size a view that takes the whole proposal (a shape, a component, a
  /// geometry) reports: an unspecified dimension becomes 10 points, as in
  /// SwiftUI.
  var filled: Size { Size(width ?? 10, height ?? 10) }
}
