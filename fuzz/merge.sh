#!/bin/sh
# merge.sh: adds to fuzz/seeds/NAME the inputs of a campaign's corpus
# (BUILD_DIR/corpus/NAME) that reach coverage the seeds do not, so that the
# next campaign starts where this one ended. libFuzzer's -merge=1 picks them;
# only inputs of at most MAX_LEN bytes (default 2048) are kept, so the
# committed seeds stay small. New files are named by their SHA-1. Inputs run.sh
# puts in every corpus (built-in templates, test sheets) count as seeds.
# Usage: sh fuzz/merge.sh BUILD_DIR NAME [MAX_LEN]
build=${1:?build directory} name=${2:?harness name} max=${3:-2048}
src=$(cd "$(dirname "$0")/.." && pwd)
bin="$build/fuzz/fuzz_$name"
[ -x "$bin" ] || { echo "merge: no $bin (make build-fuzz first)" >&2; exit 2; }
[ -d "$build/corpus/$name" ] || { echo "merge: no corpus $build/corpus/$name" >&2; exit 2; }
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1:suppressions=$src/scripts/asan.supp"
mkdir -p "$src/fuzz/seeds/$name"
# The baseline: the seeds, and what run.sh adds to a corpus (the built-in
# templates, the test sheets), so that copies of those are not added again.
base=$(mktemp -d) || exit 1
trap 'rm -rf "$base"' EXIT
cp "$src/fuzz/seeds/$name"/* "$base"/ 2>/dev/null
case $name in
template | render | lint) cp "$src"/templates/*.yaml "$base"/ ;;
c36_sheet) cp "$src"/tests/data/circle36-*.yaml "$base"/ ;;
dc_sheet) cp "$src"/tests/data/dicrono-*.yaml "$base"/ ;;
cpx_sheet) cp "$src"/tests/data/cirplexed-*.yaml "$base"/ ;;
esac
ls "$base" >"$base.before"
"$bin" -merge=1 -max_len="$max" -timeout=10 -rss_limit_mb=2048 "$base" \
    "$build/corpus/$name" >"$build/merge-$name.log" 2>&1 || {
    echo "merge: $name failed (see $build/merge-$name.log)" >&2
    rm -f "$base.before"
    exit 1
}
added=0
for f in "$base"/*; do
    grep -qxF "${f##*/}" "$base.before" && continue
    cp "$f" "$src/fuzz/seeds/$name/"
    added=$((added + 1))
done
rm -f "$base.before"
echo "merge: $name: $added added, $(ls "$src/fuzz/seeds/$name" | wc -l) seeds, $(du -sb "$src/fuzz/seeds/$name" | cut -f1) bytes"
