#!/bin/sh
# test_cli_modulus: `dmlp run fmod A B OUT` and `dmlp run mod A B OUT`
# (docs/operators.md) on every dtype, B broadcast along the first axis, against numpy's
# fmod and mod (float16 evaluated in float32 and rounded once; integer divisors made
# nonzero, INT_MIN % -1 among them). Then the refusals: an integer divisor of 0 (nothing
# written), INT64 below 6_0, float64 without the extensions.
# usage: test_cli_modulus.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_modulus.sh path/to/dmlp}
name=test_cli_modulus
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py); integer Bs without a 0, and one -1.
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    b = np.load(f"{work}/b_{dt}.npy")
    if dt[0] in 'iu':
        b[b == 0] = 3
        if dt[0] == 'i':
            b.flat[0] = -1  # against A's INT_MIN
    np.save(f"{work}/bm_{dt}.npy", b)
    if dt == 'i4':
        b.flat[5] = 0
        np.save(f"{work}/bz_{dt}.npy", b)
PY

for op in fmod mod; do
    for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
        check 0 "$op $dt" run $op --feature-level ext "$work/in_$dt.npy" "$work/bm_$dt.npy" \
            "$work/${op}_$dt.npy"
    done
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]
with np.errstate(all='ignore'):
    for op, fn in [('fmod', np.fmod), ('mod', np.mod)]:
        for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
            a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/bm_{dt}.npy")
            wide = np.float32 if dt == 'f2' else a.dtype
            want = fn(a.astype(wide), b.astype(wide)).astype(a.dtype)
            got = np.load(f"{work}/{op}_{dt}.npy")
            if dt[0] == 'f':  # the NaNs are the library's rule (docs/operators.md)
                nan = np.isnan(want)
                if not np.array_equal(np.isnan(got), nan):
                    print(f"FAIL: {op} {dt}: NaNs differ")
                    ce.bad += 1
                got, want = np.where(nan, 0, got).astype(a.dtype), np.where(nan, 0, want).astype(a.dtype)
            ce.same(f"{op} {dt}", got, want)
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "mod by zero" run mod "$work/in_i4.npy" "$work/bz_i4.npy" "$work/no.npy"
has "ELEMENT_WISE_MODULUS_FLOOR: BTensor element [0, 0, 5] is 0" "mod by zero: names the operator and B"
has "an integer modulus by zero is refused, and nothing was written" "mod by zero: message"
check 1 "fmod int64 below 6_0" run fmod --feature-level 5_1 "$work/in_i8.npy" "$work/bm_i8.npy" "$work/no.npy"
has "ATensor.DataType is INT64" "fmod int64 below 6_0: message"
check 1 "fmod float64 without the extensions" run fmod "$work/in_f8.npy" "$work/bm_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_MODULUS_TRUNCATE: ATensor.DataType is FLOAT64; it needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS" \
    "fmod float64: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_modulus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
