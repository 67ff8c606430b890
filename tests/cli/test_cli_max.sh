#!/bin/sh
# test_cli_max: `dmlp run max A B OUT` (docs/operators.md) on every dtype, B broadcast
# along the first axis, under both NaN rules modelled here from comparisons: the default
# IEEE 754-2019 maximumNumber (a NaN loses) and, with --nan propagate, maximum (a NaN wins,
# A's before B's, made quiet), -0 below +0 in both; integers against numpy's maximum. Then
# the refusals. usage: test_cli_max.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_max.sh path/to/dmlp}
name=test_cli_max
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

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    check 0 "max $dt" run max --feature-level ext "$work/in_$dt.npy" "$work/b_$dt.npy" \
        "$work/max_$dt.npy"
    check 0 "max $dt propagate" run max --feature-level ext --nan propagate \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/maxp_$dt.npy"
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
    for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
        a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        want = max_number(a, b) if dt[0] == 'f' else np.maximum(a, b)
        same(f"max {dt}", np.load(f"{work}/max_{dt}.npy"), want)
        want = max_number(a, b, True) if dt[0] == 'f' else np.maximum(a, b)
        same(f"max {dt} propagate", np.load(f"{work}/maxp_{dt}.npy"), want)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "max float64 without the extensions" run max "$work/in_f8.npy" "$work/b_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_MAX: ATensor.DataType is FLOAT64; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "max float64: message"
check 1 "max propagate without the extensions" run max --nan propagate "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "DMLP_EXECUTION_FLAG_NAN_PROPAGATE needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "max propagate: message"
check 1 "max of two dtypes" run max --feature-level ext "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_max: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
