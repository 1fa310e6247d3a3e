#!/usr/bin/env bash
# Builds the libFuzzer target .build/fuzz/badgec-fuzz with the toolchain's
# swiftc alone: every file of Sources/BadgeKit, the SVG inertness checker of
# the tests and fuzz/FuzzTarget.swift as one module (internal APIs visible),
# with libFuzzer and AddressSanitizer. Not part of `swift build`.
#
#   fuzz/build.sh              # optimised (-O), as the fuzzer runs it
#   FUZZ_OPT=-Onone fuzz/build.sh   # quicker to build, slower to run
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc=${SWIFTC:-swiftc}
opt=${FUZZ_OPT:--O}
mkdir -p .build/fuzz
mapfile -t sources < <(find Sources/BadgeKit -name '*.swift' | LC_ALL=C sort)
"$swiftc" -module-name BadgeKit -swift-version 6 -parse-as-library \
  -sanitize=fuzzer,address "$opt" -g -use-ld=lld \
  "${sources[@]}" Tests/BadgeKitTests/SVGInertness.swift fuzz/FuzzTarget.swift \
  -o .build/fuzz/badgec-fuzz
echo "built .build/fuzz/badgec-fuzz ($opt)"
