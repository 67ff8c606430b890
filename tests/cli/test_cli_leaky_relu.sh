#!/bin/sh
# test_cli_leaky_relu: `dmlp run leaky_relu` (docs/operators.md) on every dtype it takes,
# with the default --alpha (ONNX's 0.01) and given ones, against numpy: x where x >= 0,
# else alpha * x in the type's arithmetic (float16 through float32, rounded once), a NaN
# input made quiet and a NaN the product makes the positive default NaN. Then the
# refusals and the usage errors of the FLOAT options.
# usage: test_cli_leaky_relu.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_leaky_relu.sh path/to/dmlp}
name=test_cli_leaky_relu
. "$(dirname "$0")/numpy_checks.sh"

"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in f2 f4 f8; do
    check 0 "leaky_relu $dt" run leaky_relu --feature-level ext "$work/in_$dt.npy" \
        "$work/default_$dt.npy"
    check 0 "leaky_relu $dt --alpha -2.5" run leaky_relu --feature-level ext --alpha -2.5 \
        "$work/in_$dt.npy" "$work/neg_$dt.npy"
    check 0 "leaky_relu $dt --alpha=inf" run leaky_relu --feature-level ext --alpha=inf \
        "$work/in_$dt.npy" "$work/inf_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, quiet
work = sys.argv[1]

def leaky(x, alpha):
    wide = np.float64 if x.dtype == np.float64 else np.float32
    w = x.astype(wide)
    with np.errstate(all='ignore'):
        y = np.where((w >= 0) | np.isnan(w), w, wide(np.float32(alpha)) * w).astype(x.dtype)
    made = np.isnan(y) & ~np.isnan(x)  # a NaN the product made: the default NaN
    y[made] = np.nan
    return np.where(np.isnan(x), quiet(x), y)

for dt in ['f2', 'f4', 'f8']:
    x = np.load(f"{work}/in_{dt}.npy")
    for kind, alpha in (('default', 0.01), ('neg', -2.5), ('inf', np.inf)):
        same(f"leaky_relu {dt} {kind}", np.load(f"{work}/{kind}_{dt}.npy"), leaky(x, alpha))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "leaky_relu int32" run leaky_relu "$work/in_i4.npy" "$work/no.npy"
has "ACTIVATION_LEAKY_RELU: InputTensor.DataType is INT32" "leaky_relu int32: message"
check 1 "leaky_relu float64 without the extensions" run leaky_relu "$work/in_f8.npy" "$work/no.npy"
has "ACTIVATION_LEAKY_RELU: InputTensor.DataType is FLOAT64" "leaky_relu float64: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi
check 2 "--alpha for relu" run relu --alpha 2 "$work/in_f4.npy" "$work/no.npy"
has "--alpha is for leaky_relu" "--alpha for relu: message"
check 2 "--alpha not a number" run leaky_relu --alpha two "$work/in_f4.npy" "$work/no.npy"
has "--alpha is 'two'; use a number" "--alpha two: message"
check 2 "--alpha without a value" run leaky_relu "$work/in_f4.npy" "$work/no.npy" --alpha
has "--alpha needs a value" "--alpha: message"

echo "test_cli_leaky_relu: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
