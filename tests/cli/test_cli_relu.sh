#!/bin/sh
# test_cli_relu: `dmlp run relu` (docs/operators.md) on every dtype it takes, under both
# NaN rules modelled here from comparisons: the default IEEE 754-2019 maximumNumber with +0
# (NaN and -0 give +0) and, with --nan propagate, maximum (a NaN comes back made quiet);
# integers against numpy's maximum(x, 0). Then the refusals.
# usage: test_cli_relu.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_relu.sh path/to/dmlp}
name=test_cli_relu
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py).
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i1 i2 i4 i8 f2 f4 f8; do
    check 0 "relu $dt" run relu --feature-level ext "$work/in_$dt.npy" "$work/relu_$dt.npy"
    check 0 "relu $dt propagate" run relu --feature-level ext --nan propagate \
        "$work/in_$dt.npy" "$work/relup_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same, quiet, max_number
work = sys.argv[1]
with np.errstate(all='ignore'):
    for dt in ['i1', 'i2', 'i4', 'i8', 'f2', 'f4', 'f8']:
        x = np.load(f"{work}/in_{dt}.npy")
        zero = np.zeros((), x.dtype)
        if dt[0] == 'f':
            same(f"relu {dt}", np.load(f"{work}/relu_{dt}.npy"), max_number(x, zero))
            same(f"relu {dt} propagate", np.load(f"{work}/relup_{dt}.npy"),
                 max_number(x, zero, True))
        else:
            for kind in ('relu', 'relup'):
                same(f"{kind} {dt}", np.load(f"{work}/{kind}_{dt}.npy"), np.maximum(x, zero))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "relu uint8" run relu --feature-level ext "$work/in_u1.npy" "$work/no.npy"
has "ACTIVATION_RELU: InputTensor.DataType is UINT8" "relu uint8: message"
check 1 "relu int32 at 5_0" run relu --feature-level 5_0 "$work/in_i4.npy" "$work/no.npy"
has "ACTIVATION_RELU: InputTensor.DataType is INT32" "relu int32 at 5_0: message"
check 1 "relu propagate without the extensions" run relu --nan propagate "$work/in_f4.npy" "$work/no.npy"
has "DMLP_EXECUTION_FLAG_NAN_PROPAGATE needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "relu propagate: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi
check 0 "caps at 5_1" caps --feature-level 5_1
if grep -q "ACTIVATION_RELU (relu)  *1_0 *5_1 *1 to 8 *FLOAT32 FLOAT16 INT32 INT16 INT8" "$work/stdout"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: caps row: $(grep RELU "$work/stdout")"; fi

echo "test_cli_relu: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
