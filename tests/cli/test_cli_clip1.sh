#!/bin/sh
# test_cli_clip1: `dmlp run clip1 X OUT` and `dmlp run clipgrad1 X GRAD OUT`
# (docs/operators.md) on every dtype against numpy, the bounds read in x's dtype: integers
# exactly (int64 and uint64 bounds past 2^53, Python's own integers in the model), floats
# rounded once; Clip1's float rule as Clip's (a NaN loses, -0 below +0; --nan propagate:
# a NaN wins), the defaults the type's ends. Then the refusals: a fractional or
# out-of-range bound of an integer dtype, the level.
# usage: test_cli_clip1.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_clip1.sh path/to/dmlp}
name=test_cli_clip1
. "$(dirname "$0")/numpy_checks.sh"

"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    lo=-3 # unsigned dtypes hold no -3
    case $dt in u*) lo=3 ;; esac
    check 0 "clip1 $dt" run clip1 --feature-level ext --min=$lo --max 100 \
        "$work/in_$dt.npy" "$work/c1_$dt.npy"
    check 0 "clip1 $dt defaults" run clip1 --feature-level ext "$work/in_$dt.npy" "$work/c1d_$dt.npy"
    check 0 "clipgrad1 $dt" run clipgrad1 --feature-level ext --min=$lo --max 100 \
        "$work/in_$dt.npy" "$work/b_$dt.npy" "$work/g1_$dt.npy"
done
check 0 "clip1 i8 past 2^53" run clip1 --min 9007199254740993 --max 9223372036854775807 \
    "$work/in_i8.npy" "$work/c1b_i8.npy"
check 0 "clip1 u8 past 2^53" run clip1 --min 9007199254740993 --max 18446744073709551615 \
    "$work/in_u8.npy" "$work/c1b_u8.npy"

check 0 "clip1 i8 min above max" run clip1 --min 5 --max=-5 "$work/in_i8.npy" "$work/c1x_i8.npy"
for dt in f2 f4 f8; do
    check 0 "clip1 $dt propagate" run clip1 --feature-level ext --nan propagate --min=-0.75 \
        --max 0.3 "$work/in_$dt.npy" "$work/c1p_$dt.npy"
done

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, math, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
work = sys.argv[1]

def clip_ints(x, lo, hi):
    info = np.iinfo(x.dtype)
    lo = info.min if lo is None else max(info.min, lo)
    hi = info.max if hi is None else hi
    out = [max(lo, min(int(v), hi)) for v in x.flat]
    return np.array(out, dtype=x.dtype).reshape(x.shape)

def clip_floats(x, lo, hi, propagate=False):
    lo, hi = x.dtype.type(lo), x.dtype.type(hi)  # rounded once from the decimal's double
    u = ce.min_number(x, np.full_like(x, hi), propagate)
    return ce.max_number(np.full_like(x, lo), u, propagate)

def grad(x, g, lo, hi):
    g = np.broadcast_to(g, x.shape)
    if x.dtype.kind == 'f':
        v = x.astype(np.float64)
        cut = (v <= float(x.dtype.type(lo))) | (v >= float(x.dtype.type(hi)))
    else:
        cut = np.array([int(v) <= lo or int(v) >= hi for v in x.flat]).reshape(x.shape)
    return np.where(cut, np.zeros((), x.dtype), g).astype(x.dtype)

with np.errstate(all='ignore'):
    for dt in ce.DTYPES:
        x, g = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
        lo = 3 if dt[0] == 'u' else -3
        if dt[0] == 'f':
            want = clip_floats(x, lo, 100)
            wantd = x.copy()
            wantd = np.where(np.isnan(x), x.dtype.type(np.inf), x)  # min(NaN, inf) is inf
        else:
            want = clip_ints(x, lo, 100)
            wantd = x.copy()
        ce.same(f"clip1 {dt}", np.load(f"{work}/c1_{dt}.npy"), want)
        ce.same(f"clip1 {dt} defaults", np.load(f"{work}/c1d_{dt}.npy"), wantd.astype(x.dtype))
        ce.same(f"clipgrad1 {dt}", np.load(f"{work}/g1_{dt}.npy"), grad(x, g, lo, 100))
    for dt in ['i8', 'u8']:
        x = np.load(f"{work}/in_{dt}.npy")
        ce.same(f"clip1 {dt} past 2^53", np.load(f"{work}/c1b_{dt}.npy"),
                clip_ints(x, 9007199254740993, min(18446744073709551615, np.iinfo(x.dtype).max)))
    x = np.load(f"{work}/in_i8.npy")
    ce.same("clip1 i8 min above max", np.load(f"{work}/c1x_i8.npy"), np.full_like(x, 5))
    for dt in ['f2', 'f4', 'f8']:
        x = np.load(f"{work}/in_{dt}.npy")
        ce.same(f"clip1 {dt} propagate", np.load(f"{work}/c1p_{dt}.npy"),
                clip_floats(x, -0.75, 0.3, True))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "clip1 int8 fractional bound" run clip1 --min 0.5 "$work/in_i1.npy" "$work/no.npy"
has "--min is '0.5'; 0.5 is not an integer, and INT8 holds integers" "clip1 fractional: message"
check 1 "clip1 int8 out of range" run clip1 --max 300 "$work/in_i1.npy" "$work/no.npy"
has "--max is '300'; 300 is out of range for INT8 (-128 to 127)" "clip1 out of range: message"
check 1 "clip1 int8 nan" run clip1 --max nan "$work/in_i1.npy" "$work/no.npy"
has "nan is not a value of INT8" "clip1 nan: message"
check 1 "clip1 below 5_0" run clip1 --feature-level 4_1 "$work/in_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_CLIP1" "clip1 below 5_0: names the operator"
has "5_0" "clip1 below 5_0: names the level"
check 1 "clipgrad1 below 5_0" run clipgrad1 --feature-level 4_1 "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_CLIP_GRAD1" "clipgrad1 below 5_0: names the operator"
check 1 "clip1 --min word" run clip1 --min low "$work/in_f4.npy" "$work/no.npy"
has "--min is 'low'; 'low' is not a number" "clip1 --min word: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_clip1: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
