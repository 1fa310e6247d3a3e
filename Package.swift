// swift-tools-version:6.0
// badgec: a compiler for a small declarative language that describes vector
// badges. All logic lives in BadgeKit; badgec is the thin command line.
import PackageDescription

let package = Package(
  name: "badgec",
  products: [
    .library(name: "BadgeKit", targets: ["BadgeKit"]),
    .executable(name: "badgec", targets: ["badgec"]),
  ],
  targets: [
    .target(name: "BadgeKit"),
    // Tools over the compiler: the preview server (sockets, file watching).
    .target(name: "BadgeTools", dependencies: ["BadgeKit"]),
    .executableTarget(
      name: "badgec", dependencies: ["BadgeKit", "BadgeTools"],
      // A fully static executable: no dynamic loader, no libraries to load
      // and relocate at every start (a "hello" starts in 0.9 ms instead of
      // 2 ms with the standard library linked in, 3.9 ms without).
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
    .executableTarget(name: "badgec-bench", dependencies: ["BadgeKit"]),
    .testTarget(name: "BadgeKitTests", dependencies: ["BadgeKit", "BadgeTools"], exclude: ["Golden", "Fuzz", "Peer", "FontFiles"]),
  ],
  swiftLanguageModes: [.v6]
)
