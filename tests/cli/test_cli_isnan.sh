#!/bin/sh
# test_cli_isnan: `dmlp run isnan` (docs/operators.md) on every float dtype against numpy's
# isnan as |b1 (random bit patterns, NaNs of every payload and sign among them), and the
# refusals. usage: test_cli_isnan.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_isnan.sh path/to/dmlp}
name=test_cli_isnan
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py), and NaN-rich ones: the exponent
# all ones in one element of two, any fraction (infinities among them), either sign.
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
rng = np.random.default_rng(80)
for dt, u, e in [('f2', np.uint16, 0x7c00), ('f4', np.uint32, 0x7f800000),
                 ('f8', np.uint64, 0x7ff0000000000000)]:
    bits = rng.integers(0, np.iinfo(u).max, size=(1, 1, 3, 67), dtype=u, endpoint=True)
    bits.flat[::2] |= u(e)
    np.save(f"{sys.argv[1]}/nan_{dt}.npy", bits.view(np.dtype(dt)))
PY

for dt in f2 f4 f8; do
    check 0 "isnan $dt" run isnan --feature-level ext "$work/in_$dt.npy" "$work/isnan_$dt.npy"
    check 0 "isnan nan $dt" run isnan --feature-level ext "$work/nan_$dt.npy" "$work/isnan_nan_$dt.npy"
done
check 0 "isnan f4 at 2_0" run isnan --feature-level 2_0 "$work/nan_f4.npy" "$work/isnan_20.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same
work = sys.argv[1]
for dt in ['f2', 'f4', 'f8']:
    for kind in ['in', 'nan']:
        x = np.load(f"{work}/{kind}_{dt}.npy")
        got = np.load(f"{work}/isnan_{'' if kind == 'in' else 'nan_'}{dt}.npy")
        same(f"isnan {kind} {dt}", got, np.isnan(x))
same("isnan at 2_0", np.load(f"{work}/isnan_20.npy"),
     np.isnan(np.load(f"{work}/nan_f4.npy")))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "isnan int32" run isnan --feature-level ext "$work/in_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "isnan int32: message"
check 1 "isnan f8 without extensions" run isnan "$work/in_f8.npy" "$work/no.npy"
has "DMLP_DEVICE_FLAG_EXTENSIONS" "isnan f8: message"
check 1 "isnan at 1_0" run isnan --feature-level 1_0 "$work/in_f4.npy" "$work/no.npy"
has "2_0" "isnan at 1_0 names the level it needs"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_isnan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
