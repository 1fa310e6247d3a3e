#!/usr/bin/env bash
# Runs the fuzz target built by fuzz/build.sh for SECONDS (default 600) with
# one worker: the committed seeds and the dictionary as a start, new corpus
# entries in .build/fuzz/corpus (the seeds are never written), findings
# (crash-*, timeout-*, oom-*) in .build/fuzz/findings, and libFuzzer's log
# in .build/fuzz/fuzz-0.log. More libFuzzer flags may follow SECONDS.
#
#   fuzz/run.sh 900
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-600}
shift || true
mkdir -p .build/fuzz/corpus .build/fuzz/findings
cd .build/fuzz
status=0
# The Swift runtime's own backtracer trips AddressSanitizer; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no
./badgec-fuzz corpus "$root/fuzz/seeds" -dict="$root/fuzz/badge.dict" \
  -max_len=65536 -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" \
  -jobs=1 -workers=1 -artifact_prefix="$root/.build/fuzz/findings/" -print_final_stats=1 "$@" || status=$?
grep -E '^#[0-9]+ +(DONE|pulse|NEW)|^stat::|^Done|==ERROR|SUMMARY|Test unit written' fuzz-0.log | tail -n 15 || true
echo "log: .build/fuzz/fuzz-0.log; findings: $(ls findings | wc -l) file(s) in .build/fuzz/findings"
exit "$status"
