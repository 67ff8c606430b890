#!/bin/sh
# test_cli_log: `dmlp run log` (docs/operators.md) on every float dtype against the exact
# logarithm rounded once to the dtype (mpmath; numpy's log is not correctly rounded), with
# --scale/--bias against numpy's binary32 x * scale + bias, and the refusals.
# usage: test_cli_log.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy and mpmath; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_log.sh path/to/dmlp}
name=test_cli_log
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in f2 f4 f8; do
    check 0 "log $dt" run log --feature-level ext "$work/in_$dt.npy" "$work/log_$dt.npy"
done
check 0 "log f4 scale bias" run log --scale -2.5 --bias 0.75 "$work/in_f4.npy" "$work/log_sb_f4.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same
work = sys.argv[1]
try:
    import mpmath
except ImportError:
    sys.exit(0)
BITS = {np.float16: 11, np.float32: 24, np.float64: 53}
DEFAULT_NAN = {np.float16: 0x7e00, np.float32: 0x7fc00000, np.float64: 0x7ff8000000000000}


def model(x):
    """log rounded once to x's dtype; -inf at ±0, the positive default NaN below zero, NaNs
    made quiet with their payload."""
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize]
    out = np.empty_like(x)
    for i, v in enumerate(x.flat):
        if np.isnan(v):
            out.flat[i] = ce.quiet(np.array([v]))[0]
        elif v == 0:
            out.flat[i] = -np.inf
        elif v < 0:
            out.view(u).flat[i] = DEFAULT_NAN[x.dtype.type]
        elif np.isinf(v):
            out.flat[i] = v
        else:
            with mpmath.workprec(200):
                y = mpmath.log(mpmath.mpf(float(v)))
            with mpmath.workprec(BITS[x.dtype.type]):
                out.flat[i] = float(+y)
    return out


with np.errstate(all='ignore'):
    for dt in ['f2', 'f4', 'f8']:
        x = np.load(f"{work}/in_{dt}.npy")
        same(f"log {dt}", np.load(f"{work}/log_{dt}.npy"), model(x))
    x = np.load(f"{work}/in_f4.npy")
    y = (x * np.float32(-2.5)) + np.float32(0.75)
    y.view(np.uint32)[np.isnan(y)] = 0x7fc00000
    y.view(np.uint32)[np.isnan(x)] = x.view(np.uint32)[np.isnan(x)] | 0x00400000
    same("log f4 scale bias", np.load(f"{work}/log_sb_f4.npy"), model(y))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "log int32" run log --feature-level ext "$work/in_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "log int32: message"
check 1 "log f8 without ext" run log "$work/in_f8.npy" "$work/no.npy"
has "InputTensor.DataType is FLOAT64" "log f8: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_log: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
