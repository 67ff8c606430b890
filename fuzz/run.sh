#!/bin/sh
# Runs every fuzz target built in $1 for $2 seconds each on its seed corpus, with the
# sanitizers on, as many at once as there are processors; fails when one crashes. New
# inputs go to a scratch copy of the corpus; with $3 = keep, those that reach new code
# are then merged into fuzz/corpus/<target>/ (libFuzzer's -merge=1), so the kept corpus
# grows with each long run.
set -eu
# The fuzzers check parsing and validation, not speed: the built-in strategy defaults
# keep a large tensor from starting a calibration, whose timing in an instrumented build
# is neither fast nor meaningful, and leave the user's cache file alone.
export DMLP_TUNE=defaults DMLP_TUNE_CACHE=off
build=$1
seconds=${2:-60}
keep=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
jobs=$(nproc 2>/dev/null || echo 1)

# One target: its run, then with `keep` the merge. Fails on a crash.
fuzz_one() {
    target=$1
    name=$(basename "$target")
    work="$build/fuzz/corpus-run-$name"
    rm -rf "$work" && mkdir -p "$work"
    [ -d "$here/corpus/$name" ] && cp -r "$here/corpus/$name/." "$work/"
    echo "fuzz: $name for ${seconds}s"
    "$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "$work" 2>"$build/fuzz/$name.log" || {
        tail -n 60 "$build/fuzz/$name.log"
        echo "fuzz: $name FAILED" >&2
        return 1
    }
    grep -E '^stat::number_of_executed_units|^Done' "$build/fuzz/$name.log" || true
    if [ "$keep" = keep ]; then
        mkdir -p "$here/corpus/$name"
        before=$(ls "$here/corpus/$name" | wc -l)
        "$target" -merge=1 -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
            "$here/corpus/$name" "$work" 2>"$build/fuzz/$name.merge.log" || {
            tail -n 20 "$build/fuzz/$name.merge.log"
            echo "fuzz: merging $name's corpus FAILED" >&2
            return 1
        }
        echo "fuzz: fuzz/corpus/$name: $before -> $(ls "$here/corpus/$name" | wc -l) inputs"
    fi
}

# The targets side by side, one per processor (each fuzzes on one thread), so the
# seconds per target stay and the wall time divides.
found=0
failed=0
pids=""
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    found=$((found + 1))
    fuzz_one "$target" &
    pids="$pids $!"
    if [ $((found % jobs)) -eq 0 ]; then
        for pid in $pids; do wait "$pid" || failed=1; done
        pids=""
    fi
done
for pid in $pids; do wait "$pid" || failed=1; done
[ "$found" -gt 0 ] || { echo "fuzz: no targets built in $build" >&2; exit 1; }
[ "$failed" -eq 0 ] || { echo "fuzz: a target failed" >&2; exit 1; }
echo "fuzz: $found targets, no crash"
