#!/bin/sh
# test_cli_relu_grad: `dmlp run relu_grad X DY OUT` (docs/operators.md) on its float
# dtypes against numpy: dy where x > 0, else +0 (a NaN x and either zero give +0; dy's bits
# kept, -0 and NaN payloads too), dy broadcast along the first axis, and x and dy
# exchanged. Then the refusals, which write nothing. usage: test_cli_relu_grad.sh
# path/to/dmlp. Needs Debian's /usr/bin/python3 with numpy; without it the test is
# skipped (77).
dmlp=${1:?usage: test_cli_relu_grad.sh path/to/dmlp}
name=test_cli_relu_grad
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in f2 f4 f8; do
    check 0 "relu_grad $dt" run relu_grad --feature-level ext "$work/in_$dt.npy" \
        "$work/b_$dt.npy" "$work/g_$dt.npy"
    check 0 "relu_grad $dt exchanged" run relu_grad --feature-level ext "$work/b_$dt.npy" \
        "$work/in_$dt.npy" "$work/r_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]


def grad(x, dy):
    x, dy = np.broadcast_arrays(x, dy)
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dy.itemsize]
    with np.errstate(invalid='ignore'):
        return np.where(x > 0, dy.view(u), u(0)).view(dy.dtype)  # the bits, not values


for dt in ['f2', 'f4', 'f8']:
    x, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
    ce.same(f"relu_grad {dt}", np.load(f"{work}/g_{dt}.npy"), grad(x, b))
    ce.same(f"relu_grad {dt} exchanged", np.load(f"{work}/r_{dt}.npy"), grad(b, x))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 0 "relu_grad f4 at 3_0" run relu_grad --feature-level 3_0 "$work/in_f4.npy" "$work/in_f4.npy" "$work/ok.npy"
check 1 "relu_grad at 2_1" run relu_grad --feature-level 2_1 "$work/in_f4.npy" "$work/in_f4.npy" "$work/no.npy"
has "3_0" "relu_grad at 2_1: message"
check 1 "relu_grad int32" run relu_grad --feature-level ext "$work/in_i4.npy" "$work/b_i4.npy" "$work/no.npy"
has "InputTensor.DataType is INT32" "relu_grad int32: message"
check 1 "relu_grad f8 without ext" run relu_grad "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "InputTensor.DataType is FLOAT64" "relu_grad f8: message"
check 1 "relu_grad of two dtypes" run relu_grad --feature-level ext "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
check 2 "relu_grad one input" run relu_grad "$work/in_f4.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_relu_grad: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
