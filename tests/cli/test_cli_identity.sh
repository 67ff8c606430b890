#!/bin/sh
# test_cli_identity: `dmlp run identity` (docs/operators.md): an exact copy of every
# dtype (NaN payloads and -0 included) without --scale/--bias, and x * scale + bias with
# them, against numpy's own binary32/binary64 arithmetic (separate multiply and add);
# the option and type refusals; `dmlp run activation_identity` (ACTIVATION_IDENTITY, float
# types, no ScaleBias) a copy too. usage: test_cli_identity.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_identity.sh path/to/dmlp}
name=test_cli_identity
. "$(dirname "$0")/numpy_checks.sh"

# Inputs: every dtype, with the values that matter (zeros, extremes, NaNs with payloads).
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(7)
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
    raw = rng.integers(0, np.iinfo(bits).max, size=(3, 5, 67), dtype=bits, endpoint=True)
    np.save(f"{work}/in_{dt}.npy", raw.view(np.dtype(dt)))
np.save(f"{work}/in_b1.npy", rng.integers(0, 2, size=(4, 9)).astype(bool))
PY

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8 b1; do
    check 0 "identity $dt" run identity "$work/in_$dt.npy" "$work/out_$dt.npy"
done
for dt in f2 f4 f8; do
    check 0 "identity $dt scale bias" run identity --scale -2.5 --bias 0.75 \
        "$work/in_$dt.npy" "$work/sb_$dt.npy"
done
check 0 "identity f4 scale only" run identity --scale=3 "$work/in_f4.npy" "$work/s_f4.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8', 'b1']:
    a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/out_{dt}.npy")
    if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
        print(f"FAIL: identity {dt} is not a byte-exact copy"); bad += 1

def expected(x, scale, bias, dt):
    ui = {'f2': np.uint16, 'f4': np.uint32, 'f8': np.uint64}[dt]
    quiet = {'f2': 0x0200, 'f4': 0x00400000, 'f8': 0x0008000000000000}[dt]
    default = {'f2': 0x7e00, 'f4': 0x7fc00000, 'f8': 0x7ff8000000000000}[dt]
    with np.errstate(all='ignore'):
        if dt == 'f8':
            y = x * np.float64(np.float32(scale)) + np.float64(np.float32(bias))
        else:
            w = x.astype(np.float32)
            y = (w * np.float32(scale)) + np.float32(bias)
            y = y.astype(x.dtype)
    out = y.view(ui).copy()
    out[np.isnan(y)] = default
    out[np.isnan(x)] = x.view(ui)[np.isnan(x)] | quiet
    return out

for dt, name, s, b in [('f2', 'sb', -2.5, 0.75), ('f4', 'sb', -2.5, 0.75), ('f8', 'sb', -2.5, 0.75),
                       ('f4', 's', 3.0, 0.0)]:
    x = np.load(f"{work}/in_{dt}.npy")
    got = np.load(f"{work}/{name}_{dt}.npy")
    want = expected(x, s, b, dt)
    ui = want.dtype
    if got.view(ui).tobytes() != want.tobytes():
        n = int(np.sum(got.view(ui) != want))
        print(f"FAIL: identity {dt} scale {s} bias {b}: {n} elements differ"); bad += 1
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 2 "--scale on sign" run sign --scale 2 "$work/in_f4.npy" "$work/no.npy"
# The list is every operator with a ScaleBias, in table order (it grows with them).
has "--scale and --bias are for identity, abs, " "--scale on sign: message"
has "threshold, clip, " "--scale on sign: message, Threshold and Clip"
has "recip, sqrt, exp, log, tanh, erf, pow, constant_pow, sinh, cosh, asinh, acosh, atanh, atan, asin, acos, sin, cos and tan only" \
    "--scale on sign: message end"
check 2 "--bias not a number" run identity --bias x "$work/in_f4.npy" "$work/no.npy"
has "--bias is 'x'; use a number" "--bias x: message"
check 1 "scale and bias on int32" run identity --scale 2 "$work/in_i4.npy" "$work/no.npy"
has "ELEMENT_WISE_IDENTITY: ScaleBias is set; with InputTensor.DataType INT32 it must be NULL" \
    "int32 ScaleBias: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi
check 1 "identity below 4-D at 2_1" run identity --feature-level 2_1 "$work/in_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_IDENTITY: InputTensor.DimensionCount is 3; at feature level 2_1 it must be 4 to 5" \
    "identity 3-D at 2_1: message"
check 0 "caps lists identity" caps --feature-level 1_0
if grep -q "ELEMENT_WISE_IDENTITY (identity)  *1_0 *1_0 *4 to 5 *FLOAT32 FLOAT16" "$work/stdout"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: caps row: $(grep IDENTITY "$work/stdout")"; fi

# ACTIVATION_IDENTITY: the float files copied to the bit; no integers, no --scale
for dt in f2 f4 f8; do
    check 0 "activation_identity $dt" run activation_identity --feature-level ext \
        "$work/in_$dt.npy" "$work/act_$dt.npy"
    if cmp -s "$work/in_$dt.npy" "$work/act_$dt.npy"; then passed=$((passed + 1)); else
        failed=$((failed + 1)); echo "FAIL: activation_identity $dt: not a copy"; fi
done
check 1 "activation_identity int32" run activation_identity "$work/in_i4.npy" "$work/no.npy"
has "ACTIVATION_IDENTITY: InputTensor.DataType is INT32" "activation_identity int32: message"
check 2 "activation_identity --scale" run activation_identity --scale 2 "$work/in_f4.npy" \
    "$work/no.npy"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_identity: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
