# cli_lint_lines.sh: every finding of `pnpkit lint` (and of render's cheap
# checks on standard error) is one line, also when the text it quotes holds
# line breaks or control characters: they are written as escapes. Such a text
# used to spread one finding over several lines (found by the lint fuzzer).
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
cat > t.yaml <<'Y'
name: t
components:
  - {type: text, text: "tin\ny\tz", size: 3, x: 10mm, y: 10mm}
  - {type: text, text: "fine", x: 10mm, y: 30mm}
Y
expect_status 0 "lint" -- "$PNPKIT" lint t.yaml
expect_stdout '^t\.yaml:3:6: warning: text "tin\\ny\\tz" is 3\.0 pt, under 6 pt: hard to read$' \
    "the newline and the tab as escapes"
expect_eq "$(wc -l < out)" 1 "one finding, one line"
expect_status 0 "render" -- "$PNPKIT" render t.yaml -o t.pdf
expect_stderr '^t\.yaml:3:6: warning: text "tin\\ny\\tz" is 3\.0 pt' "render's warning"
expect_eq "$(wc -l < err)" 1 "render: one line"

# A component's own note (text that runs past its box) quoting such a text
# is one line too (found by the lint fuzzer in its fourth campaign).
cat > fit.yaml <<'Y'
name: fit
components:
  - {type: text, text: "long\nlines\nof\ntext\nin\na\nsmall\nbox", size: 11, x: 10mm, y: 10mm, w: 40mm, h: 10mm}
Y
expect_status 0 "lint a text past its box" -- "$PNPKIT" lint fit.yaml
expect_stdout '^fit\.yaml:3:6: warning: text "long\\nlines\\nof\\ntext.*" runs [0-9.]+ mm past its box' \
    "the note's newlines as escapes"
expect_eq "$(grep -c 'past its box' out)" 1 "the note is one line"
expect_eq "$(grep -vc '^fit\.yaml:' out)" 0 "every line is a finding"

# A file name with a newline, a tab and an escape sequence is written with
# escapes, as error messages write it, in findings, in the "no problems found"
# line and in render's warnings: one line each, no raw control character.
nl='
'
odd="odd${nl}name	esc$(printf '\033')[31m"
printf 'name: o\ncomponents:\n  - {type: text, text: tiny, size: 3, x: 10mm, y: 10mm}\n' > "$odd.yaml"
printf 'name: c\ncomponents:\n  - {type: text, text: fine, x: 10mm, y: 10mm}\n' > "${odd}c.yaml"
expect_status 0 "lint an odd name" -- "$PNPKIT" lint "$odd.yaml"
expect_eq "$(cat out)" 'odd\nname\tesc\x1b[31m.yaml:3:6: warning: text "tiny" is 3.0 pt, under 6 pt: hard to read' \
    "the finding's file name escaped"
expect_status 0 "lint a clean odd name" -- "$PNPKIT" lint "${odd}c.yaml"
expect_eq "$(cat out)" 'odd\nname\tesc\x1b[31mc.yaml: no problems found' "no problems found, escaped"
expect_status 0 "render an odd name" -- "$PNPKIT" render "$odd.yaml" -o odd.pdf
expect_eq "$(cat err)" 'odd\nname\tesc\x1b[31m.yaml:3:6: warning: text "tiny" is 3.0 pt, under 6 pt: hard to read' \
    "render's warning escaped"
printf 'name: e\ncomponents:\n  - {type: rect, w: 9999mm}\n' > "${odd}e.yaml"
expect_status 1 "an error of an odd name" -- "$PNPKIT" lint "${odd}e.yaml"
expect_stderr '^odd\\nname\\tesc\\x1b\[31me\.yaml:3:' "the error names it the same way"
finish
