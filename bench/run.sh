#!/bin/sh
# run.sh: pnpkit's benchmark (make bench). Measures, in one run and side by side
# with the floor programs (the same sheets drawn straight with cairo + pango or
# libharu): render time per page and peak memory for every built-in template and
# backend, memory for 1, 500 and 5000 pages, output bytes per page, scoring
# throughput, the card deck (deck.sh) and pnpkit serve (serve.sh); prints PASS
# or FAIL against each target. Parts the binary does not
# support yet are reported as "not available".
#
#   sh bench/run.sh [BUILD_DIR] [--quick]
#
# --quick makes one run of everything at small sizes: a check that the benchmark
# works, not a measurement. Timing never decides the exit status: 0 unless a
# supported command failed.
set -u
BUILD=${1:-build}
QUICK=0
[ "${2:-}" = "--quick" ] && QUICK=1
PNPKIT=$BUILD/pnpkit
FLOOR=$BUILD/bench/bench-floor
FLOOR_HARU=$BUILD/bench/bench-floor-haru
TIMER=$BUILD/bench/bench-time
SHEETS=$BUILD/bench/bench-sheets
for f in "$PNPKIT" "$FLOOR" "$FLOOR_HARU" "$TIMER" "$SHEETS"; do
    [ -x "$f" ] || { echo "bench: $f is missing; build first (make build)" >&2; exit 2; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/pnpkit-bench.XXXXXX") || exit 3
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

if [ "$QUICK" -eq 1 ]; then
    RUNS=1 WARM=0 PAD=5 PAD_RUNS=1 SVG_RUNS=1 BIG=50 NSHEETS=1000 SCORE_RUNS=1
else
    RUNS=${BENCH_RUNS:-9} WARM=1 PAD=500 PAD_RUNS=${BENCH_PAD_RUNS:-5} SVG_RUNS=3 BIG=5000
    NSHEETS=100000 SCORE_RUNS=5
fi
PASS=0 FAIL=0 NA=0 BROKEN=0 TIN="" TOUT=""

verdict() { # verdict OK(0|1) TEXT: counts and prints "TEXT PASS|FAIL"
    if [ "$1" -eq 1 ]; then PASS=$((PASS + 1)); echo "$2 PASS"; else FAIL=$((FAIL + 1)); echo "$2 FAIL"; fi
}
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
le() { awk "BEGIN { exit !($1 <= $2) }"; }

# timed RUNS WARM CMD...: sets MS (median wall ms), RSS (KB), ST (exit status)
# and CPU (median user + system ms).
# Standard input comes from $TIN and output goes to $TOUT when they are set.
timed() {
    n=$1 w=$2
    shift 2
    set -- $("$TIMER" -n "$n" -w "$w" ${TIN:+-i "$TIN"} ${TOUT:+-o "$TOUT"} -- "$@" 2>"$T/stderr")
    MS=$1 RSS=$4 ST=$5 CPU=$6
}
bytes() { cat "$@" 2>/dev/null | wc -c | tr -d ' '; }
# failed ROW STATUS: a run that did not succeed. Exit 1 is pnpkit refusing the
# input (the haru backend's base-14 fonts cannot set DiCroNo's "☉"): not
# available for that combination. Anything else is a failure of pnpkit.
failed() {
    if [ "$2" -eq 1 ]; then
        echo "$1   not available: $(head -n 1 "$T/stderr" | cut -c 1-90)"
        NA=$((NA + 1))
    else
        echo "$1   pnpkit failed (exit $2): $(head -c 100 "$T/stderr")"
        BROKEN=$((BROKEN + 1))
    fi
}

echo "pnpkit benchmark: $("$PNPKIT" --version), $(date -u '+%Y-%m-%d %H:%M UTC')"
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
echo "machine: $(nproc) CPUs, ${cpu:-unknown CPU}, ${mem:-unknown memory}; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
if [ "$QUICK" -eq 1 ]; then
    echo "QUICK MODE: one run each at small sizes; the figures mean nothing"
else
    echo "method: wall time of the whole process (fork to exit), median of $RUNS runs after $WARM warm-up"
    echo "        ($PAD_RUNS for PDF pads, $SVG_RUNS for SVG pads); peak RSS from getrusage of the child"
fi

# What this binary supports.
HARU=0
if "$PNPKIT" render circle36 --backend haru -o "$T/probe.pdf" -q >/dev/null 2>"$T/haru.err"; then
    HARU=1
fi
SCORE=0
"$SHEETS" 1 >"$T/one.yaml"
if "$PNPKIT" score circle36 - --json <"$T/one.yaml" >"$T/one.json" 2>"$T/score.err" &&
    [ "$(wc -l <"$T/one.json")" -eq 1 ]; then
    SCORE=1
fi
TEMPLATES=$("$PNPKIT" list --names)

echo
echo "== 1-2. Render time per page: pnpkit against the floor (same sheet drawn straight with the library)"
echo "   targets: one sheet under 30 ms wall including start-up; a $PAD-page pad at most 1.3x the floor"
echo "   (ratio: wall time against the floor's; cpu: the same for user + system time, which other load disturbs less)"
printf '%-20s %-6s %-4s %5s %10s %9s %10s %6s %6s %9s  %s\n' template backend fmt pages "pnpkit ms" "ms/page" \
    "floor ms" ratio cpu "peak RSS" target
: >"$T/sizes"
: >"$T/rss"
for t in $TEMPLATES; do
    for bf in cairo:pdf cairo:svg cairo:png haru:pdf; do
        be=${bf%%:*} fmt=${bf#*:}
        for pages in 1 "$PAD"; do
            [ "$fmt" = png ] && [ "$pages" -ne 1 ] && continue
            row=$(printf '%-20s %-6s %-4s %5s' "$t" "$be" "$fmt" "$pages")
            if [ "$be" = haru ] && [ "$HARU" -eq 0 ]; then
                echo "$row   not available: $(head -n 1 "$T/haru.err" | cut -c 1-60)"
                NA=$((NA + 1))
                continue
            fi
            n=$RUNS
            [ "$pages" -ne 1 ] && n=$PAD_RUNS
            [ "$pages" -ne 1 ] && [ "$fmt" = svg ] && n=$SVG_RUNS
            rm -rf "$T/p" "$T/f" && mkdir "$T/p" "$T/f"
            timed "$n" "$WARM" "$PNPKIT" render "$t" --backend "$be" --pages "$pages" -o "$T/p/out.$fmt" -q --no-scan-marks
            if [ "$ST" -ne 0 ]; then
                failed "$row" "$ST"
                continue
            fi
            pms=$MS prss=$RSS pcpu=$CPU
            echo "$t $be $fmt $pages $RSS" >>"$T/rss"
            echo "$t $be $fmt $pages $(bytes "$T"/p/out*)" >>"$T/sizes"
            fms="-" ratio="-" cratio="-"
            share=""
            [ "$fmt" = pdf ] && [ "$pages" -ne 1 ] && share=--share
            if [ "$be" = haru ]; then
                timed "$n" "$WARM" "$FLOOR_HARU" "$t" --pages "$pages" $share -o "$T/f/out.pdf"
            else
                timed "$n" "$WARM" "$FLOOR" "$t" --pages "$pages" $share -o "$T/f/out.$fmt"
            fi
            if [ "$ST" -eq 0 ]; then
                fms=$MS
                ratio=$(calc '%.2f' "$pms / $fms")
                cratio=$(calc '%.2f' "$pcpu / $CPU")
                echo "$t $be $fmt $pages floor $(bytes "$T"/f/out*)" >>"$T/sizes"
            fi
            line=$(printf '%s %10s %9s %10s %6s %6s %6.1f MB' "$row" "$pms" "$(calc '%.3f' "$pms / $pages")" \
                "$fms" "$ratio" "$cratio" "$(calc '%.1f' "$prss / 1024")")
            if [ "$pages" -eq 1 ] && [ "$fmt" = png ] && [ "$fms" != "-" ] && ! le "$fms" 30; then
                # Rasterising alone takes longer than 30 ms: hold pnpkit to the floor instead.
                verdict "$(le "$ratio" 1.3 && echo 1 || echo 0)" "$line  <= 1.3x (raster):"
            elif [ "$pages" -eq 1 ] && [ "$fmt" = png ] && [ "$fms" = "-" ]; then
                echo "$line  (raster; no floor for this template)"
            elif [ "$pages" -eq 1 ]; then
                verdict "$(le "$pms" 30 && echo 1 || echo 0)" "$line  < 30 ms:"
            elif [ "$fms" != "-" ]; then
                verdict "$(le "$ratio" 1.3 && echo 1 || echo 0)" "$line  <= 1.3x:"
            else
                echo "$line  (no floor for this template)"
            fi
            if [ -n "$share" ] && [ "$fms" != "-" ]; then
                if [ "$be" = haru ]; then
                    timed "$n" "$WARM" "$FLOOR_HARU" "$t" --pages "$pages" -o "$T/f/out.pdf"
                else
                    timed "$n" "$WARM" "$FLOOR" "$t" --pages "$pages" -o "$T/f/out.pdf"
                fi
                printf '%-37s floor drawing every page in full instead of sharing it: %s ms (ratio %s, cpu %s)\n' "" \
                    "$MS" "$(calc '%.2f' "$pms / $MS")" "$(calc '%.2f' "$pcpu / $CPU")"
            fi
        done
    done
done

echo
echo "== 3. Peak memory (RSS) for 1, $PAD and $BIG pages; target: $BIG pages under 1.5x one page"
printf '%-20s %-6s %-4s %10s %10s %10s %7s  %s\n' template backend fmt "1 page" "$PAD pages" "$BIG pages" ratio target
for t in $TEMPLATES; do
    for be in cairo haru; do
        row=$(printf '%-20s %-6s %-4s' "$t" "$be" pdf)
        if [ "$be" = haru ] && [ "$HARU" -eq 0 ]; then
            echo "$row   not available"
            NA=$((NA + 1))
            continue
        fi
        # 1 and $PAD pages were measured above; run the long one once.
        r=$(awk -v t="$t" -v b="$be" -v p="$PAD" '$1 == t && $2 == b && $3 == "pdf" && $4 == 1 { a = $5 }
            $1 == t && $2 == b && $3 == "pdf" && $4 == p { c = $5 } END { if (a && c) print a, c }' "$T/rss")
        if [ -z "$r" ]; then
            echo "$row   not available (see above)"
            NA=$((NA + 1))
            continue
        fi
        timed 1 0 "$PNPKIT" render "$t" --backend "$be" --pages "$BIG" -o "$T/m.pdf" -q --no-scan-marks
        if [ "$ST" -ne 0 ]; then
            failed "$row" "$ST"
            continue
        fi
        set -- $r $RSS
        line=$(printf '%s %7.1f MB %7.1f MB %7.1f MB %6.2fx' "$row" "$(calc '%.1f' "$1 / 1024")" \
            "$(calc '%.1f' "$2 / 1024")" "$(calc '%.1f' "$3 / 1024")" "$(calc '%.2f' "$3 / $1")")
        verdict "$(le "$(calc '%.3f' "$3 / $1")" 1.5 && echo 1 || echo 0)" "$line  < 1.5x:"
    done
done

echo
echo "== 4. Output size: bytes per page (floor in brackets)"
printf '%-20s %-6s %-4s %14s %14s %18s\n' template backend fmt "1 page" "$PAD-page pad" "pad bytes/page"
sz() { awk -v t="$1" -v b="$2" -v f="$3" -v p="$4" -v w="$5" '$1 == t && $2 == b && $3 == f && $4 == p &&
    (w == "floor" ? $5 == "floor" : $5 != "floor") { print (w == "floor" ? $6 : $5); exit }' "$T/sizes"; }
for t in $TEMPLATES; do
    for bf in cairo:pdf cairo:svg cairo:png haru:pdf; do
        be=${bf%%:*} fmt=${bf#*:}
        one=$(sz "$t" "$be" "$fmt" 1 p)
        [ -n "$one" ] || continue
        pad=$(sz "$t" "$be" "$fmt" "$PAD" p)
        fone=$(sz "$t" "$be" "$fmt" 1 floor)
        fpad=$(sz "$t" "$be" "$fmt" "$PAD" floor)
        per="-"
        [ -n "$pad" ] && per=$(calc '%.0f' "$pad / $PAD")
        [ -n "$fpad" ] && per="$per [$(calc '%.0f' "$fpad / $PAD")]"
        printf '%-20s %-6s %-4s %14s %14s %18s\n' "$t" "$be" "$fmt" "$one${fone:+ [$fone]}" "${pad:--}" "$per"
    done
done
echo "   PDF of a $PAD-page pad: fonts embedded once, identical page content stored once"
echo "   (target: the same fonts as one page, and every further page adds at most 1 KB)"
for t in $TEMPLATES; do
    # Only a pad of identical pages can share its content: compare the laid-out
    # first and second pages.
    alike=0
    if "$PNPKIT" render "$t" --pages 2 -f scene -o "$T/two.scene" -q; then
        awk '/^page / { n++ } { print > (FILENAME "." n) }' "$T/two.scene"
        cmp -s "$T/two.scene.1" "$T/two.scene.2" && alike=1
    fi
    rm -f "$T"/two.scene*
    for be in cairo haru; do
        [ "$be" = haru ] && [ "$HARU" -eq 0 ] && continue
        name=$(printf '%-20s %-5s' "$t" "$be")
        if ! "$PNPKIT" render "$t" --backend "$be" --pages 1 -o "$T/one.pdf" -q 2>"$T/stderr" ||
            ! "$PNPKIT" render "$t" --backend "$be" --pages "$PAD" -o "$T/pad.pdf" -q 2>"$T/stderr"; then
            echo "   $name not available: $(head -n 1 "$T/stderr" | cut -c 1-80)"
            continue
        fi
        f1=$(pdffonts "$T/one.pdf" 2>/dev/null | tail -n +3 | wc -l)
        fp=$(pdffonts "$T/pad.pdf" 2>/dev/null | tail -n +3 | wc -l)
        fu=$(pdffonts "$T/pad.pdf" 2>/dev/null | tail -n +3 | awk '{ print $1 }' | sort -u | wc -l)
        b1=$(bytes "$T/one.pdf") bp=$(bytes "$T/pad.pdf")
        inc=$(calc '%.0f' "($bp - $b1) / ($PAD - 1)")
        verdict "$([ "$fp" -eq "$f1" ] && [ "$fu" -eq "$fp" ] && echo 1 || echo 0)" \
            "$(printf '   %s fonts: %d in one page, %d in the pad (%d distinct):' "$name" "$f1" "$fp" "$fu")"
        line=$(printf '   %s each further page adds %s bytes (one page: %s bytes)' "$name" "$inc" "$b1")
        if [ "$alike" -eq 1 ]; then
            verdict "$([ "$inc" -le 1024 ] && echo 1 || echo 0)" "$line:"
        else
            echo "$line; its pages differ (seeded or flowing), so each is drawn in full"
        fi
    done
done

echo
echo "== 5. Scoring throughput: $NSHEETS circle36 sheets through 'pnpkit score circle36 - --json'"
echo "   target: at least 100000 sheets per second for sheets as a player fills them in (numbers and"
echo "   ComboCircles: plain); the same sheets with all 25 rounds written out are shown beside them"
if [ "$SCORE" -eq 0 ]; then
    echo "   not available: $(head -n 1 "$T/score.err")"
    NA=$((NA + 1))
else
    for kind in plain rounds; do
        opt=""
        [ "$kind" = rounds ] && opt=--rounds
        "$SHEETS" "$NSHEETS" $opt >"$T/sheets.yaml"
        TIN=$T/sheets.yaml TOUT=$T/scores.json
        timed "$SCORE_RUNS" "$WARM" "$PNPKIT" score circle36 - --json
        TIN="" TOUT=""
        if [ "$ST" -ne 0 ]; then
            echo "   $kind: pnpkit failed (exit $ST): $(head -c 100 "$T/stderr")"
            BROKEN=$((BROKEN + 1))
            continue
        fi
        lines=$(wc -l <"$T/scores.json")
        mb=$(calc '%.1f' "$(bytes "$T/sheets.yaml") / 1048576")
        rate=$(calc '%.0f' "$NSHEETS / ($MS / 1000)")
        line=$(printf '   %-6s (%s MB of YAML, %s JSON lines): %s ms, %s sheets/s, %s MB/s, peak RSS %s MB:' \
            "$kind" "$mb" "$lines" "$MS" "$rate" "$(calc '%.1f' "$mb / ($MS / 1000)")" \
            "$(calc '%.1f' "$RSS / 1024")")
        if [ "$lines" -ne "$NSHEETS" ]; then
            echo "$line wrong output ($lines lines for $NSHEETS sheets)"
            BROKEN=$((BROKEN + 1))
        elif [ "$kind" = plain ]; then
            verdict "$([ "$rate" -ge 100000 ] && echo 1 || echo 0)" "$line >= 100000/s:"
        else
            # Every die roll written out: seven times the YAML of a sheet as a
            # player fills it in; shown for what it costs, not held to the target.
            echo "$line (for information)"
        fi
    done
fi

echo
# The card deck (a script of its own, also run alone): its verdict is printed there.
sh "$(dirname "$0")/deck.sh" "$BUILD" $([ "$QUICK" -eq 1 ] && echo --quick) || BROKEN=$((BROKEN + 1))

echo
# pnpkit serve (a script of its own, also run alone): loopback only, bounded.
sh "$(dirname "$0")/serve.sh" "$BUILD" $([ "$QUICK" -eq 1 ] && echo --quick) || BROKEN=$((BROKEN + 1))

echo
echo "targets: $PASS passed, $FAIL failed, $NA not available; load average now $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
[ "$BROKEN" -eq 0 ] || { echo "bench: $BROKEN supported commands failed" >&2; exit 1; }
exit 0
