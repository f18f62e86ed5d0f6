# cli_library.sh: libpnpkit as a user gets it: `cmake --install` puts the public
# header, the static and shared libraries and the pkg-config file in place, and
# the C example of docs/example.c builds against them (shared and static) and
# runs: an SVG rendered in memory, an error with its place, the scored games,
# a sheet scored (JSON and table).
. "$(dirname "$0")/lib.sh"

BUILD=$(cd "$(dirname "$PNPKIT")" && pwd)
P=$T/prefix
expect_status 0 "cmake --install" -- cmake --install "$BUILD" --prefix "$P"
PC=$(find "$P" -name pnpkit.pc | head -n 1)
[ -s "$P/include/pnpkit.h" ] && ok || bad "include/pnpkit.h is not installed"
[ -n "$PC" ] && ok || bad "pnpkit.pc is not installed"
LIB=$(dirname "$(dirname "$PC")")
[ -s "$LIB/libpnpkit.a" ] && ok || bad "libpnpkit.a is not installed"
[ -e "$LIB/libpnpkit.so" ] && ok || bad "libpnpkit.so is not installed"
export PKG_CONFIG_PATH="$(dirname "$PC")"
CC=${CC:-cc}

# The shared library exports the public interface only.
nm -D --defined-only "$LIB/libpnpkit.so" | awk '{print $3}' | grep -v '^pnpkit_' > "$T/extra"
expect_eq "$(wc -l < "$T/extra")" "0" "symbols beyond pnpkit_*: $(head -n 3 "$T/extra")"

expect_status 0 "example builds against the shared library" -- \
    sh -c "$CC -std=c11 -Wall -Wextra -Werror '$SRC/docs/example.c' \$(pkg-config --cflags --libs pnpkit) -Wl,-rpath,'$LIB' -o '$T/ex-shared'"
expect_status 0 "example builds against the static library" -- \
    sh -c "$CC -std=c11 -Wall -Wextra -Werror '$SRC/docs/example.c' \$(pkg-config --cflags pnpkit) '$LIB/libpnpkit.a' \$(pkg-config --static --libs pnpkit | sed 's/-lpnpkit//') -o '$T/ex-static'"

cd "$T"
for ex in ex-shared ex-static; do
    expect_status 0 "$ex runs" -- "./$ex" "$SRC/tests/data/dicrono-example2.yaml"
    expect_stdout "^circle36.svg: [0-9]+ bytes, an SVG document$" "$ex: SVG in memory"
    expect_stdout "^rings=9 refused \(code 1\): .*9 is out of range \(1 to 6\)$" "$ex: error in the library's form"
    expect_stdout '^completed sheet: [1-9][0-9]* bytes of PDF$' "$ex: completed sheet"
    # the JSON report is the one the score command prints
    "$PNPKIT" score dicrono --json "$SRC/tests/data/dicrono-example2.yaml" > "$T/cli.json"
    grep '^{"game":"dicrono"' "$T/out" > "$T/lib.json"
    cmp -s "$T/cli.json" "$T/lib.json" && ok || bad "$ex: JSON differs from pnpkit score --json"
    # the games are those pnpkit list --games prints
    expect_eq "$(grep '^games:' "$T/out")" "games:$("$PNPKIT" list --games | awk '{printf " %s (%s)", $1, $2}')" "$ex: games"
    # the table is the one the score command prints
    "$PNPKIT" score dicrono "$SRC/tests/data/dicrono-example2.yaml" > "$T/cli.txt"
    sed '1,/^--- table$/d' "$T/out" > "$T/lib.txt"
    [ -s "$T/lib.txt" ] && cmp -s "$T/cli.txt" "$T/lib.txt" && ok || bad "$ex: table differs from pnpkit score"
done
expect_status 1 "a bad sheet" -- "./ex-shared" "$SRC/tests/data/circle36-perfect.yaml"
expect_stderr "^example: .*circle36-perfect.yaml:[0-9]+:[0-9]+: " "bad sheet: error with its place"
finish
