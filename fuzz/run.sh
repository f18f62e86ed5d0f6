#!/bin/sh
# run.sh: runs every libFuzzer harness of a PNPKIT_FUZZ build for a while and
# prints one summary line per harness (what `make fuzz` calls).
# Usage: sh fuzz/run.sh BUILD_DIR SECONDS [NAME...]   (default: every harness)
# The growing corpus stays in BUILD_DIR/corpus/NAME; seeds are read from
# fuzz/seeds/NAME, fuzz/regressions/NAME and the built-in templates. Crash, leak
# and timeout inputs land in BUILD_DIR/artifacts/NAME/: copy each into
# fuzz/regressions/NAME/ once it is fixed, so ctest replays it from then on.
# BUILD_DIR/fuzz-history.log keeps one line per harness per run. Each input is
# bounded in time (FUZZ_TIMEOUT seconds, default 10) and memory (FUZZ_RSS_MB,
# default 1024); a timeout or running out of memory is a finding like a crash.
# Per harness it prints executions, libFuzzer's final coverage (edges: "cov",
# features: "ft") and the findings of this run (files in artifacts/NAME).
# FUZZ_JOBS=N (default 1) runs N processes of each harness side by side on its
# one corpus (one per core; libFuzzer reloads what the others add): their logs
# are fuzz-NAME.log, fuzz-NAME-2.log, ...; the line counts all executions.
# FUZZ_FLAGS adds libFuzzer options, e.g. FUZZ_FLAGS=-detect_leaks=0 leaves out
# the leak search after each input that allocates more than it frees (the font
# harnesses run faster without it: font caches look like leaks to it);
# LeakSanitizer still runs when the process exits. The allocator is never
# purged (-purge_allocator_interval=-1, below).
build=${1:?build directory} secs=${2:-60}
shift 2 2>/dev/null || shift $#
only=" $* "
src=$(cd "$(dirname "$0")/.." && pwd)
asan="detect_leaks=1:allocator_may_return_null=1:suppressions=$src/scripts/asan.supp"
export LSAN_OPTIONS="suppressions=$src/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
summary=""
for bin in "$build"/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    name=${bin##*/fuzz_}
    # The harnesses of small text inputs have AddressSanitizer give freed
    # memory back to the system at most every 10 minutes, not every 5 s: each
    # give-back flushes every core's address cache and the next allocation
    # faults its pages in again (side by side, cpx_sheet ran 28% more inputs
    # than with the 5 s default; never giving it back was as fast, but a
    # process then grew some 3.5 MB a minute towards the memory bound). The
    # harnesses that decode whole pictures or render fonts keep the default: image ran
    # only 2% more inputs with 10 minutes, and held 902 MB instead of 561,
    # close to the bound. So do those that lay whole pages out: lint sat at
    # 964 MB after ten minutes and passed the bound with an input that takes
    # 134 MB alone, and render was stopped near it run after run.
    release=600000
    case $name in image | font | scan | photo | picture | code | lint | render) release=5000 ;; esac
    export ASAN_OPTIONS="$asan:allocator_release_to_os_interval_ms=$release"
    [ "$only" = "  " ] || case "$only" in *" $name "*) ;; *) continue ;; esac
    corpus="$build/corpus/$name"
    art="$build/artifacts/$name"
    mkdir -p "$corpus" "$art"
    seeds=""
    for d in "$src/fuzz/seeds/$name" "$src/fuzz/regressions/$name"; do
        [ -d "$d" ] && seeds="$seeds $d"
    done
    dict="$src/fuzz/$name.dict"
    case $name in
    template | render | lint)
        dict="$src/fuzz/template.dict"
        cp "$src"/templates/*.yaml "$corpus"/ ;;
    c36_sheet) dict="$src/fuzz/sheets.dict"; cp "$src"/tests/data/circle36-*.yaml "$corpus"/ ;;
    dc_sheet) dict="$src/fuzz/sheets.dict"; cp "$src"/tests/data/dicrono-*.yaml "$corpus"/ ;;
    cpx_sheet) dict="$src/fuzz/sheets.dict"; cp "$src"/tests/data/cirplexed-*.yaml "$corpus"/ ;;
    score)
        dict="$src/fuzz/sheets.dict"
        for f in "$src"/tests/data/*.yaml; do
            g=${f##*/}
            g=${g%%-*}
            { echo "#game $g"; cat "$f"; } >"$corpus/${f##*/}"
        done ;;
    esac
    # A photo that reads whole is some 60 KB: scan's inputs may be that long.
    # Reading its 76 fields takes 0.2 s in a release build and about 3.6 s
    # under the fuzzer's instrumentation (the digit network itself is left
    # uninstrumented, see fuzz/uninstrumented.txt), so scan's inputs have 25 s.
    maxlen=${FUZZ_MAX_LEN:-16384}
    timeout=${FUZZ_TIMEOUT:-10}
    [ "$name" = scan ] && maxlen=${FUZZ_MAX_LEN:-65536} && timeout=${FUZZ_TIMEOUT:-25}
    # An input slower than libFuzzer's 10 s but within the time bound (a
    # whole photo read under the instrumentation) is not a finding.
    opts="-max_total_time=$secs -timeout=$timeout -report_slow_units=$timeout -rss_limit_mb=${FUZZ_RSS_MB:-1024} -malloc_limit_mb=512 -max_len=$maxlen"
    # Past half its memory bound libFuzzer purges the allocator's caches and
    # quarantine every second, and every allocation then faults its pages in
    # again. The sheet harnesses sit at 450 to 570 MB (AddressSanitizer's
    # quarantine alone is 256 MB): with the purge, dc_sheet ran 1 600 inputs a
    # second instead of 9 000. The bound itself still stops a greedy input.
    opts="$opts -purge_allocator_interval=-1"
    [ -f "$dict" ] && opts="$opts -dict=$dict"
    opts="$opts ${FUZZ_FLAGS:-}"
    jobs=${FUZZ_JOBS:-1}
    case $jobs in
    [1-9] | [1-5][0-9] | 6[0-4]) ;;
    *) echo "fuzz: FUZZ_JOBS must be a number from 1 to 64" >&2; exit 2 ;;
    esac
    log="$build/fuzz-$name.log"
    logs=""
    procs=""
    [ "$jobs" -gt 1 ] && procs=" x $jobs processes"
    echo "fuzz: $name for ${secs}s$procs (log: $log)"
    before=$(ls "$art" | wc -l)
    ls "$art" >"$art.before"
    j=1
    while [ "$j" -le "$jobs" ]; do
        l=$log
        [ "$j" -gt 1 ] && l="$build/fuzz-$name-$j.log"
        logs="$logs $l"
        # shellcheck disable=SC2086
        ("$bin" $opts -print_final_stats=1 -artifact_prefix="$art/" "$corpus" $seeds >"$l" 2>&1
            echo $? >"$l.rc") &
        j=$((j + 1))
    done
    wait
    # The processes' figures: executions and rates add up, memory is the
    # largest, coverage the widest (each status line: "#N ... cov: EDGES ft: FEATURES ...").
    rc=0 execs=0 rate=0 rss=0 edges=0 ft=0
    for l in $logs; do
        r=$(cat "$l.rc")
        rm -f "$l.rc"
        [ "$r" -ne 0 ] && rc=$r
        n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$l" | tail -n 1)
        execs=$((execs + ${n:-0}))
        n=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$l" | tail -n 1)
        rate=$((rate + ${n:-0}))
        n=$(sed -n 's/^stat::peak_rss_mb: *//p' "$l" | tail -n 1)
        [ "${n:-0}" -gt "$rss" ] && rss=$n
        n=$(grep -o 'cov: [0-9]*' "$l" | tail -n 1 | cut -d' ' -f2)
        [ "${n:-0}" -gt "$edges" ] && edges=$n
        n=$(grep -o 'ft: [0-9]*' "$l" | tail -n 1 | cut -d' ' -f2)
        [ "${n:-0}" -gt "$ft" ] && ft=$n
    done
    # Findings: crashes, leaks, timeouts and out-of-memory inputs of this run.
    found=$(($(ls "$art" | wc -l) - before))
    kinds=$(ls "$art" | grep -vxF -f "$art.before" | sed -n 's/^\(crash\|leak\|timeout\|oom\|slow-unit\)-.*/\1/p' | sort | uniq -c |
        awk '{printf "%s%s %s", sep, $1, $2; sep = ", "}')
    # libFuzzer's timeouts are wall-clock, so on a loaded machine a fast input
    # can be reported. Each new timeout or slow input is run again alone: one
    # still over the bound is confirmed, the others are named as load.
    again=""
    ok=0 slow=0
    for f in $(ls "$art" | grep -E '^(timeout|slow-unit)-' | grep -vxF -f "$art.before"); do
        t0=$(date +%s)
        if "$bin" -timeout="$timeout" -rss_limit_mb="${FUZZ_RSS_MB:-1024}" -malloc_limit_mb=512 \
            "$art/$f" >"$build/fuzz-$name-again.log" 2>&1 &&
            [ $(($(date +%s) - t0)) -lt "$timeout" ]; then
            ok=$((ok + 1))
        else
            slow=$((slow + 1))
        fi
    done
    rm -f "$art.before"
    [ $((ok + slow)) -gt 0 ] && again="; run again alone: $slow still over ${timeout}s, $ok within it (load)"
    line="$name: ${secs}s$procs, ${execs:-0} executions (${rate:-0}/s), edges ${edges:-0}, ft ${ft:-0}, peak ${rss:-0} MB, corpus $(ls "$corpus" | wc -l), findings $found${kinds:+ (all kept: $kinds)}$again, exit $rc"
    echo "fuzz: $line"
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $line" >>"$build/fuzz-history.log"
    summary="$summary$line
"
    [ "$rc" -eq 0 ] && [ "$found" -eq 0 ] || status=1
done
printf '\n%s' "$summary"
exit $status
