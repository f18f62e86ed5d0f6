# cli_docs_fresh.sh: the committed pictures in docs/img and the README's
# bytes-per-page table are what the build makes (scripts/make-docs into a
# temporary directory, compared byte for byte).
. "$(dirname "$0")/lib.sh"

expect_status 0 "make-docs runs" -- sh "$SRC/scripts/make-docs" "$PNPKIT" "$T/a"
# Renders are deterministic: a second run makes the same bytes.
expect_status 0 "make-docs runs again" -- sh "$SRC/scripts/make-docs" "$PNPKIT" "$T/b"
for f in "$T"/a/docs/img/*.png; do
    n=docs/img/$(basename "$f")
    if cmp -s "$f" "$T/b/$n"; then ok; else bad "$n: two renders differ"; fi
done

n=0
for f in "$T"/a/docs/img/*.png; do
    n=$((n + 1))
    rel=docs/img/$(basename "$f")
    if cmp -s "$f" "$SRC/$rel"; then ok; else bad "$rel differs from a fresh render: run make docs"; fi
done
# Every other picture is made by make-docs, but for the browser screenshots of
# pnpkit serve (serve-*.png).
expect_eq "$n" "$(ls "$SRC"/docs/img/*.png | grep -v '/serve-[^/]*\.png$' | wc -l | tr -d ' ')" \
    "every picture in docs/img but serve-*.png is made by make-docs"
if cmp -s "$T/a/README.md" "$SRC/README.md"; then ok; else bad "README.md's bytes-per-page table differs from scripts/backend-sizes: run make docs"; fi
finish
