#!/bin/bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each for SECONDS (30 by
# default), starting from its seed corpus in Corpus/. A crash, a failed check or a sanitizer
# report fails the run; the input that caused it is saved in ARTIFACTS (.build-fuzz/artifacts
# by default) and its path printed.
#   Fuzz/run.sh [SECONDS] [TARGET ...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-30}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(FuzzPageMessages FuzzFormBody FuzzLocation FuzzPageParser)
fi
scratch=${FUZZ_SCRATCH:-$(cd .. && pwd)/.build-fuzz}
artifacts=${ARTIFACTS:-$scratch/artifacts}
swift build --scratch-path "$scratch" --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
bin=$(swift build --scratch-path "$scratch" --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --show-bin-path)
mkdir -p "$artifacts"
status=0
for target in "${targets[@]}"; do
  # The corpus grows in a scratch folder; the seeds in the repository stay as they are.
  corpus="$scratch/corpus/$target"
  mkdir -p "$corpus"
  echo "== $target: ${seconds}s"
  if ! "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 "$corpus" "Corpus/$target" \
    2> "$scratch/$target.log"; then
    status=1
    tail -40 "$scratch/$target.log"
    echo "$target failed; its input is saved as:"
    ls -1 "$artifacts/$target-"* 2>/dev/null || true
  else
    grep -E "stat::number_of_executed_units|cov: " "$scratch/$target.log" | tail -2
  fi
done
exit $status
