# cli_layers.sh: the #include edges between source folders are those listed in
# src/LAYERS, and that list has no cycle (tests/check_layers.py); the checker
# itself catches a stray edge and a cyclic list. The command-line commands
# moved over to the public interface include only it.
. "$(dirname "$0")/lib.sh"

CHECK="$SRC/tests/check_layers.py"
python3 "$CHECK" "$SRC" 2> "$T/err" && ok || bad "layering: $(cat "$T/err")"

# A copy of the tree with one forbidden include (a backend reaching a template).
mkdir -p "$T/tree/src/backend" "$T/tree/src/template" "$T/tree/include"
cp "$SRC/src/LAYERS" "$T/tree/src/LAYERS"
printf '/* x */\n#include "scene/scene.h"\n#include "template/tmpl.h"\n' > "$T/tree/src/backend/x.c"
python3 "$CHECK" "$T/tree" 2> "$T/err" && bad "a forbidden edge passed" || ok
grep -q '^src/backend/x.c:3: #include "template/tmpl.h": backend -> template is not in src/LAYERS$' "$T/err" \
    && ok || bad "stray edge message: $(cat "$T/err")"

# A list that holds a cycle fails even when the code follows it.
printf 'backend -> scene\nscene -> backend\n' > "$T/cyclic"
python3 "$CHECK" "$SRC" "$T/cyclic" 2> "$T/err" && bad "a cyclic list passed" || ok
grep -q 'holds a cycle: backend -> scene -> backend' "$T/err" && ok || bad "cycle message: $(cat "$T/err")"

# The command line is a thin front end over the public interface
# (include/pnpkit.h): every file of src/cli includes only the CLI's own
# headers and pnpkit.h.
for f in "$SRC"/src/cli/*.c "$SRC"/src/cli/*.h; do
    c=$(basename "$f")
    other=$(grep -E '^#[[:space:]]*include[[:space:]]+"' "$f" | grep -vE '"(cli/[a-z_]+\.h|pnpkit\.h)"')
    expect_eq "$other" "" "$c reaches past the public interface"
done
# The web front end too: its own headers, the CLI's common header, pnpkit.h,
# and of util only the error struct, the embedded files (its pages) and the
# lazy loading of libmicrohttpd; nothing of templates, games or rendering.
for f in "$SRC"/src/serve/*.c "$SRC"/src/serve/*.h; do
    c=$(basename "$f")
    other=$(grep -E '^#[[:space:]]*include[[:space:]]+"' "$f" |
        grep -vE '"(serve/[a-z_]+\.h|cli/cli\.h|pnpkit\.h|util/(err|resources|lazylib)\.h)"')
    expect_eq "$other" "" "serve/$c reaches past the public interface"
done
# The CLI's common header includes nothing of the engine either.
other=$(grep -E '^#[[:space:]]*include[[:space:]]+"' "$SRC/src/cli/cli.h" | grep -vE '"pnpkit\.h"')
expect_eq "$other" "" "cli/cli.h reaches past the public interface"
# and the check catches a stray include
sed 's|#include "pnpkit.h"|#include "pnpkit.h"\n#include "template/tmpl.h"|' "$SRC/src/cli/cmd_list.c" > "$T/cmd_list.c"
grep -E '^#[[:space:]]*include[[:space:]]+"' "$T/cmd_list.c" | grep -qvE '"(cli/[a-z_]+\.h|pnpkit\.h)"' && ok || bad "a stray include in a thin command passed"
finish
