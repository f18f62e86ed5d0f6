#!/bin/sh
# merge.sh: adds to fuzz/seeds/NAME the inputs of a campaign's corpus
# (BUILD_DIR/corpus/NAME) that reach coverage the seeds do not, so that the
# next campaign starts where this one ended. libFuzzer's -merge=1 picks them;
# only inputs of at most MAX_LEN bytes (default 2048) are kept, so the
# committed seeds stay small. New files are named by their SHA-1.
# Usage: sh fuzz/merge.sh BUILD_DIR NAME [MAX_LEN]
build=${1:?build directory} name=${2:?harness name} max=${3:-2048}
src=$(cd "$(dirname "$0")/.." && pwd)
bin="$build/fuzz/fuzz_$name"
[ -x "$bin" ] || { echo "merge: no $bin (make build-fuzz first)" >&2; exit 2; }
[ -d "$build/corpus/$name" ] || { echo "merge: no corpus $build/corpus/$name" >&2; exit 2; }
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1"
mkdir -p "$src/fuzz/seeds/$name"
before=$(ls "$src/fuzz/seeds/$name" | wc -l)
"$bin" -merge=1 -max_len="$max" -timeout=10 -rss_limit_mb=2048 "$src/fuzz/seeds/$name" \
    "$build/corpus/$name" >"$build/merge-$name.log" 2>&1 || {
    echo "merge: $name failed (see $build/merge-$name.log)" >&2
    exit 1
}
after=$(ls "$src/fuzz/seeds/$name" | wc -l)
echo "merge: $name: $before seeds, $((after - before)) added, $(du -sk "$src/fuzz/seeds/$name" | cut -f1) KB"
