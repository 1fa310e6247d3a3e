// swift-tools-version:6.0
// badgec: a compiler for a small declarative language that describes vector
// badges. All logic lives in BadgeKit; badgec is the thin command line.
import PackageDescription

// Release builds only (debug builds, which the tests run, keep Swift's
// defaults):
// - exclusive access is checked when compiling, and at run time in debug
//   builds; at run time its checks took a quarter of the parser's time and
//   a tenth of the encoder's;
// - generic types such as a dictionary's storage are made from their
//   metadata accessors, not looked up by mangled name: the lookup demangled
//   each type and searched every protocol conformance of the program for
//   its key's Hashable, a fifth of a text badge's start.
let releaseSwift: [SwiftSetting] = [
  .unsafeFlags(
    ["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
    .when(configuration: .release))
]

let package = Package(
  name: "badgec",
  products: [
    .library(name: "BadgeKit", targets: ["BadgeKit"]),
    .executable(name: "badgec", targets: ["badgec"]),
  ],
  targets: [
    .target(name: "BadgeKit", swiftSettings: releaseSwift),
    // Tools over the compiler: the preview server (sockets, file watching).
    .target(name: "BadgeTools", dependencies: ["BadgeKit"], swiftSettings: releaseSwift),
    .executableTarget(
      name: "badgec", dependencies: ["BadgeKit", "BadgeTools"], swiftSettings: releaseSwift,
      // A fully static executable: no dynamic loader, no libraries to load
      // and relocate at every start (a "hello" starts in 0.9 ms instead of
      // 2 ms with the standard library linked in, 3.9 ms without).
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
    .executableTarget(name: "badgec-bench", dependencies: ["BadgeKit"], swiftSettings: releaseSwift),
    .testTarget(
      name: "BadgeKitTests", dependencies: ["BadgeKit", "BadgeTools"], exclude: ["Golden", "Fuzz", "Peer", "FontFiles"]),
  ],
  swiftLanguageModes: [.v6]
)
