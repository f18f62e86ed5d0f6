#!/bin/sh
# replay.sh: replays a harness's seeds and regression inputs (run by ctest).
# Usage: sh replay.sh REPLAY_BINARY SOURCE_DIR NAME
bin=$1 src=$2 name=$3
set --
for f in "$src"/fuzz/seeds/"$name"/* "$src"/fuzz/regressions/"$name"/*; do
    [ -f "$f" ] && set -- "$@" "$f"
done
case $name in
template | render | lint) data="$src/templates/*.yaml" ;;
c36_sheet) data="$src/tests/data/circle36-*.yaml" ;;
dc_sheet) data="$src/tests/data/dicrono-*.yaml" ;;
cpx_sheet) data="$src/tests/data/cirplexed-*.yaml" ;;
*) data="" ;;
esac
for f in $data; do [ -f "$f" ] && set -- "$@" "$f"; done
exec "$bin" "$@"
