#!/bin/sh
# test_cli_quantized_add: `dmlp run quantized_add A ASCALE AZERO B BSCALE BZERO OUTSCALE
# [OUTZERO] OUT` (docs/operators.md) against a numpy model written here: each dequantized
# value the float32 product of the exact difference and the scale, their float32 sum, the
# float32 quotient by the output scale, rint (half to even), the zero point added,
# saturated, NaN giving Min. A and B of either byte dtype with a scale per column and one
# zero point each, broadcast as numpy does; the output in the output zero point's dtype,
# uint8 without one. Then the refusals, none of which writes an output.
# usage: test_cli_quantized_add.sh path/to/dmlp
dmlp=${1:?usage: test_cli_quantized_add.sh path/to/dmlp}
name=test_cli_quantized_add
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(11)
for dt in ['u1', 'i1']:
    info = np.iinfo(dt)
    edges = [info.min, info.max, 0, 1, info.max // 2]
    v = np.concatenate([edges, rng.integers(info.min, int(info.max) + 1, 55)]).astype(dt)
    np.save(f"{work}/a_{dt}.npy", v.reshape(20, 3))
    np.save(f"{work}/b_{dt}.npy", v[::-1].copy().reshape(20, 3))
    np.save(f"{work}/z_{dt}.npy", np.array(info.max // 3, dt))
np.save(f"{work}/as.npy", np.array([0.1, 0.5, np.nan], 'f4'))
np.save(f"{work}/bs.npy", np.array([0.2, 0.25, 1.0], 'f4'))
np.save(f"{work}/os.npy", np.array(0.3, 'f4'))
np.save(f"{work}/half.npy", np.array(0.5, 'f4'))
PY

for a in u1 i1; do
    for b in u1 i1; do
        for o in u1 i1; do
            check 0 "quantized_add $a + $b to $o" run quantized_add "$work/a_$a.npy" \
                "$work/as.npy" "$work/z_$a.npy" "$work/b_$b.npy" "$work/bs.npy" \
                "$work/z_$b.npy" "$work/os.npy" "$work/z_$o.npy" "$work/y_${a}_${b}_$o.npy"
        done
    done
done
check 0 "quantized_add without an output zero point" run quantized_add "$work/a_i1.npy" \
    "$work/half.npy" "$work/z_i1.npy" "$work/b_u1.npy" "$work/half.npy" "$work/z_u1.npy" \
    "$work/half.npy" "$work/y_none.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
work = sys.argv[1]
bad = 0
f4 = np.float32
def same(what, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or not np.array_equal(got, want):
        bad += 1
        print(f"FAIL: {what}: {got!r} (dtype {got.dtype}), expected {want!r}")
def qladd(a, sa, za, b, sb, zb, so, zo, dtype):
    info = np.iinfo(dtype)
    with np.errstate(all='ignore'):
        av = (a.astype(np.int32) - np.int32(za)).astype(f4) * sa.astype(f4)
        bv = (b.astype(np.int32) - np.int32(zb)).astype(f4) * sb.astype(f4)
        q = (av + bv) / so.astype(f4)
        r = np.rint(q).astype(np.float64) + float(zo)
        r = np.where(np.isnan(r), info.min, np.clip(r, info.min, info.max))
    return r.astype(dtype)
load = lambda n: np.load(f"{work}/{n}.npy")
for a in ['u1', 'i1']:
    for b in ['u1', 'i1']:
        for o in ['u1', 'i1']:
            want = qladd(load(f"a_{a}"), load("as"), load(f"z_{a}"), load(f"b_{b}"), load("bs"),
                         load(f"z_{b}"), load("os"), load(f"z_{o}"), o)
            same(f"quantized_add {a} + {b} to {o}", load(f"y_{a}_{b}_{o}"), want)
half = load("half")
same("without an output zero point", load("y_none"),
     qladd(load("a_i1"), half, load("z_i1"), load("b_u1"), half, load("z_u1"), half, 0, 'u1'))
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "quantized_add with a B zero point of another dtype" run quantized_add \
    "$work/a_u1.npy" "$work/as.npy" "$work/z_u1.npy" "$work/b_u1.npy" "$work/bs.npy" \
    "$work/z_i1.npy" "$work/os.npy" "$work/no.npy"
has "ELEMENT_WISE_QUANTIZED_LINEAR_ADD: BZeroPointTensor.DataType is INT8; it must equal BTensor.DataType (UINT8)" \
    "B zero point: message"
check 1 "quantized_add with a float16 scale" run quantized_add "$work/a_u1.npy" \
    "$work/a_u1.npy" "$work/z_u1.npy" "$work/b_u1.npy" "$work/bs.npy" "$work/z_u1.npy" \
    "$work/os.npy" "$work/no.npy"
has "AScaleTensor.DataType is UINT8" "scale dtype: message"
check 1 "quantized_add at 3_1" run quantized_add --feature-level 3_1 "$work/a_u1.npy" \
    "$work/as.npy" "$work/z_u1.npy" "$work/b_u1.npy" "$work/bs.npy" "$work/z_u1.npy" \
    "$work/os.npy" "$work/no.npy"
has "4_0" "feature level: message"
check 2 "quantized_add with three files" run quantized_add "$work/a_u1.npy" "$work/as.npy" \
    "$work/no.npy"
has "quantized_add needs A.npy ASCALE.npy AZEROPOINT.npy B.npy" "usage: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_quantized_add: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
