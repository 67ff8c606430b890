#!/bin/sh
# test_cli_round: `dmlp run round` (docs/operators.md) on every float dtype in each
# --rounding mode against numpy: rint (ties to even), trunc, and ties away from zero made
# from trunc (the dropped part, exact, at least one half steps away from zero); NaNs the
# input's made quiet. Then the refusals, which write nothing. usage: test_cli_round.sh
# path/to/dmlp. Needs Debian's /usr/bin/python3 with numpy; without it the test is
# skipped (77).
dmlp=${1:?usage: test_cli_round.sh path/to/dmlp}
name=test_cli_round
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py): quarters, so many halves.
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

modes="halves_to_nearest_even toward_zero toward_infinity"
for dt in f2 f4 f8; do
    check 0 "round $dt default" run round --feature-level ext "$work/in_$dt.npy" "$work/default_$dt.npy"
    for mode in $modes; do
        check 0 "round $mode $dt" run round --rounding $mode --feature-level ext \
            "$work/in_$dt.npy" "$work/${mode}_$dt.npy"
    done
done

"$py" - "$work" "$modes" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, quiet
work = sys.argv[1]


def away(x):
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.copysign(np.ones_like(x), x), t)


models = {'halves_to_nearest_even': np.rint, 'toward_zero': np.trunc, 'toward_infinity': away}
with np.errstate(all='ignore'):
    for dt in ['f2', 'f4', 'f8']:
        x = np.load(f"{work}/in_{dt}.npy")
        for mode in sys.argv[2].split():
            want = quiet(np.where(np.isnan(x), x, models[mode](x)))
            same(f"round {mode} {dt}", np.load(f"{work}/{mode}_{dt}.npy"), want)
        same(f"round default {dt}", np.load(f"{work}/default_{dt}.npy"),
             quiet(np.where(np.isnan(x), x, np.rint(x))))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "round int32" run round --feature-level ext "$work/in_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "round int32: message"
check 2 "round --rounding bogus" run round --rounding up "$work/in_f4.npy" "$work/no.npy"
has "--rounding is 'up'; use halves_to_nearest_even, toward_zero or toward_infinity" "bogus mode"
check 2 "ceil --rounding" run ceil --rounding toward_zero "$work/in_f4.npy" "$work/no.npy"
has "--rounding is for round only" "--rounding on another operator"
check 1 "round f8 without ext" run round "$work/in_f8.npy" "$work/no.npy"
has "InputTensor.DataType is FLOAT64" "round f8: message"
check 1 "round at 2_0" run round --feature-level 2_0 "$work/in_f4.npy" "$work/no.npy"
has "2_1" "round at 2_0: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_round: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
