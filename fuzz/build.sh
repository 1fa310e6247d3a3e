#!/usr/bin/env bash
# Builds the libFuzzer target .build/fuzz/badgec-fuzz with the toolchain's
# swiftc alone: every file of Sources/BadgeKit, the checks the tests share
# with it (SVGInertness.swift, PipelineChecks.swift) and fuzz/FuzzTarget.swift
# as one module (internal APIs visible), with libFuzzer and AddressSanitizer.
# Not part of `swift build`. SWIFTC names another swiftc.
#
#   fuzz/build.sh                   # optimised (-O): about 40 s of CPU to build
#   FUZZ_OPT=-Onone fuzz/build.sh   # about 12 s to build, runs slower
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc=${SWIFTC:-swiftc}
opt=${FUZZ_OPT:--O}
mkdir -p .build/fuzz
mapfile -t sources < <(find Sources/BadgeKit -name '*.swift' | LC_ALL=C sort)
"$swiftc" -module-name BadgeKit -swift-version 6 -parse-as-library -D BADGEC_FUZZ \
  -sanitize=fuzzer,address "$opt" -g -use-ld=lld \
  "${sources[@]}" Tests/BadgeKitTests/SVGInertness.swift Tests/BadgeKitTests/PipelineChecks.swift \
  fuzz/FuzzTarget.swift \
  -o .build/fuzz/badgec-fuzz.new
# A rename, so that a fuzzer still running the old binary is not disturbed.
mv .build/fuzz/badgec-fuzz.new .build/fuzz/badgec-fuzz
echo "built .build/fuzz/badgec-fuzz ($opt)"
