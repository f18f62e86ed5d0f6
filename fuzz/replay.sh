#!/bin/sh
# replay.sh: replays a harness's seeds and regression inputs (run by ctest).
# Usage: sh replay.sh REPLAY_BINARY SOURCE_DIR NAME
bin=$1 src=$2 name=$3
set --
for f in "$src"/fuzz/seeds/"$name"/* "$src"/fuzz/regressions/"$name"/*; do
    [ -f "$f" ] && set -- "$@" "$f"
done
[ "$name" = template ] || [ "$name" = render ] && for f in "$src"/templates/*.yaml; do set -- "$@" "$f"; done
exec "$bin" "$@"
