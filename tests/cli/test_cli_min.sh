#!/bin/sh
# test_cli_min: `dmlp run min A B OUT` (docs/operators.md) on every dtype, B broadcast
# along the first axis, under both NaN rules modelled here from comparisons: the default
# IEEE 754-2019 minimumNumber (a NaN loses) and, with --nan propagate, minimum (a NaN wins,
# A's before B's, made quiet), -0 below +0 in both; integers against numpy's minimum. Then
# the refusals. usage: test_cli_min.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_min.sh path/to/dmlp}
name=test_cli_min
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    check 0 "min $dt" run min --feature-level ext "$work/in_$dt.npy" "$work/b_$dt.npy" \
        "$work/min_$dt.npy"
    check 0 "min $dt propagate" run min --feature-level ext --nan propagate \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/minp_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, quiet, min_number
work = sys.argv[1]
with np.errstate(all='ignore'):
    for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
        a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        want = min_number(a, b) if dt[0] == 'f' else np.minimum(a, b)
        same(f"min {dt}", np.load(f"{work}/min_{dt}.npy"), want)
        want = min_number(a, b, True) if dt[0] == 'f' else np.minimum(a, b)
        same(f"min {dt} propagate", np.load(f"{work}/minp_{dt}.npy"), want)
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "min float64 without the extensions" run min "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_MIN: ATensor.DataType is FLOAT64; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "min float64: message"
check 1 "min propagate without the extensions" run min --nan propagate "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "DMLP_EXECUTION_FLAG_NAN_PROPAGATE needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "min propagate: message"
check 1 "min of two dtypes" run min --feature-level ext "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_min: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
