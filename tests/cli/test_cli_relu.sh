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

# Inputs: random bit patterns and small values of every dtype (NaNs with payloads, -0,
# halves and INT_MIN among them), and a B for max that broadcasts along the first axis.
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(23)
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
    raw = rng.integers(0, np.iinfo(bits).max, size=(2, 3, 41), dtype=bits, endpoint=True)
    raw.flat[0] = 1 << (8 * raw.itemsize - 1)  # INT_MIN, -0.0
    x = raw.view(np.dtype(dt)).copy()
    if dt[0] == 'f':  # half of them small, where rounding has work to do
        x.flat[1::2] = (rng.integers(-40, 40, size=x.size // 2) / 4).astype(dt)
        x.flat[1] = -0.5
    np.save(f"{work}/in_{dt}.npy", x)
    b = x[:, :1, :].copy()
    b.flat[::3] = x.flat[:b.size:3]  # ties with A
    np.save(f"{work}/b_{dt}.npy", b)
PY

for dt in i1 i2 i4 i8 f2 f4 f8; do
    check 0 "relu $dt" run relu --feature-level ext "$work/in_$dt.npy" "$work/relu_$dt.npy"
    check 0 "relu $dt propagate" run relu --feature-level ext --nan propagate \
        "$work/in_$dt.npy" "$work/relup_$dt.npy"
done

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
def same(name, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        print(f"FAIL: {name}: differs from numpy"); bad += 1
def quiet(x):
    """x with its NaNs made quiet (the quiet bit of the format set, nothing else)."""
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize]
    q = {2: 0x0200, 4: 0x00400000, 8: 0x0008000000000000}[x.itemsize]
    bits = x.view(u).copy()
    bits[np.isnan(x)] |= u(q)
    return bits.view(x.dtype)
def max_number(a, b, propagate=False):
    """IEEE 754-2019 maximumNumber (a NaN loses; two NaNs give A's made quiet) or, with
    propagate, maximum (A's NaN, else B's, made quiet); -0 below +0 in both."""
    a, b = np.broadcast_arrays(a, b)
    out = np.where(a > b, a, b)
    zeros = (a == 0) & (b == 0)
    out = np.where(zeros, np.where(np.signbit(a), b, a), out)
    out = np.where(np.isnan(b), quiet(b) if propagate else a, out)
    out = np.where(np.isnan(a), quiet(a) if propagate else np.where(np.isnan(b), quiet(a), b),
                   out)
    return out.astype(a.dtype)
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
sys.exit(1 if bad else 0)
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
