# cli_progress.sh: the progress bar appears on a terminal (script(1) runs the
# command in a pty) once a render has run longer than the delay, and never when
# standard error is not a terminal, with --quiet, or for a quick render.
. "$(dirname "$0")/lib.sh"

mkdir "$T/w" && cd "$T/w"
# on a terminal, with no delay: the bar ends full, on its own line
PNPKIT_PROGRESS_DELAY_MS=0 script -qec "$PNPKIT render circle36 --pages 12 -o a.pdf" /dev/null > tty.log 2>&1 && ok || bad "render in a pty"
tr '\r' '\n' < tty.log > lines
grep -q '^circle36 \[##############################\] 12/12 pages 100%' lines && ok || bad "full bar missing: $(head -c 300 lines)"
grep -q '\] 1/12 pages ' lines && ok || bad "first page not shown"
# --nup counts papers: 10 sheets 4-up are 3 papers
PNPKIT_PROGRESS_DELAY_MS=0 script -qec "$PNPKIT render dicrono --pages 10 --nup 4 -o b.pdf" /dev/null > tty.log 2>&1
tr '\r' '\n' < tty.log | grep -q '^dicrono \[#*\] 3/3 pages 100%' && ok || bad "nup bar: $(head -c 300 tty.log)"
# several templates: each bar says which
PNPKIT_PROGRESS_DELAY_MS=0 script -qec "$PNPKIT render circle36 dicrono --pages 2 -d many" /dev/null > tty.log 2>&1
tr '\r' '\n' < tty.log | grep -q '^\[2/2\] dicrono \[#*\] 2/2 pages' && ok || bad "batch label: $(head -c 300 tty.log)"

# --quiet on a terminal: nothing
PNPKIT_PROGRESS_DELAY_MS=0 script -qec "$PNPKIT render circle36 --pages 12 -q -o c.pdf" /dev/null > tty.log 2>&1
[ -s tty.log ] && bad "--quiet printed: $(head -c 200 tty.log)" || ok
# not a terminal: nothing
PNPKIT_PROGRESS_DELAY_MS=0 "$PNPKIT" render circle36 --pages 12 -o d.pdf 2> err
[ -s err ] && bad "bar without a terminal: $(head -c 200 err)" || ok
# TERM=dumb: no bar, only the line saying what was written
TERM=dumb PNPKIT_PROGRESS_DELAY_MS=0 script -qec "$PNPKIT render circle36 --pages 3 -o e.pdf" /dev/null > tty.log 2>&1
grep -q 'pages ' tty.log && bad "bar on a dumb terminal" || ok
expect_eq "$(tr -d '\r' < tty.log | sed 's/, [0-9.]* kB$//')" "wrote e.pdf: 3 pages" "dumb terminal: what was written"
# the default delay: a quick render shows no bar even on a terminal
script -qec "$PNPKIT render circle36 -o f.pdf" /dev/null > tty.log 2>&1
grep -q '\[' tty.log && bad "a quick render showed a bar: $(head -c 200 tty.log)" || ok
PNPKIT_PROGRESS_DELAY_MS=60000 script -qec "$PNPKIT render circle36 --pages 12 -o g.pdf" /dev/null > tty.log 2>&1
grep -q '\[' tty.log && bad "bar before the delay" || ok
# the output is the same with and without a bar
cmp -s a.pdf c.pdf && ok || bad "the bar changed the PDF"
finish
