#!/usr/bin/env bash
# Builds and runs the font reader's libFuzzer target (fuzz/FontFuzzTarget.swift
# with Sources/BadgeKit/Fonts and what it uses, AddressSanitizer on) for
# SECONDS (default 300). Seeds: the fixtures in Tests/BadgeKitTests/FontFiles
# and, when pyftsubset (fontTools) is installed, small subsets of the pinned
# fonts made here (kept in .build, never committed). Corpus in
# .build/fuzz-fonts/corpus, findings in .build/fuzz-fonts/findings.
#
#   fuzz/fonts.sh 600
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-300}
shift || true
out=.build/fuzz-fonts
mkdir -p "$out/corpus" "$out/findings" "$out/seeds"
"${SWIFTC:-swiftc}" -module-name BadgeKit -swift-version 6 -parse-as-library \
  -sanitize=fuzzer,address "${FUZZ_OPT:--O}" -g -use-ld=lld \
  Sources/BadgeKit/Fonts/*.swift Sources/BadgeKit/Files/FileSystem.swift Sources/BadgeKit/Semantics/Suggestions.swift \
  fuzz/FontFuzzTarget.swift -o "$out/font-fuzz.new"
mv "$out/font-fuzz.new" "$out/font-fuzz"
cp Tests/BadgeKitTests/FontFiles/* "$out/seeds/"
if command -v pyftsubset >/dev/null 2>&1; then
  for f in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf; do
    [ -f "$f" ] && pyftsubset "$f" --text="AVTo Wé Ä fi%&g 09" --layout-features='kern' \
      --output-file="$out/seeds/subset-$(basename "$f")" 2>/dev/null || true
  done
fi
cd "$out"
export SWIFT_BACKTRACE=enable=no
status=0
./font-fuzz corpus seeds -max_len=65536 -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" \
  -jobs=1 -workers=1 -artifact_prefix="$root/$out/findings/" -print_final_stats=1 "$@" || status=$?
grep -E '^#[0-9]+ +(DONE|pulse)|^stat::|^Done|==ERROR|SUMMARY|Test unit written' fuzz-0.log | tail -n 15 || true
echo "log: $out/fuzz-0.log; findings: $(ls findings | wc -l) file(s) in $out/findings"
exit "$status"
