#!/bin/sh
# test_cli_logical: `dmlp run gt|and|or|xor A.npy B.npy OUT.npy` and `dmlp run not IN.npy
# OUT.npy` (docs/cli.md): gt on
# float32 with NaN, ±0, ±inf and subnormals, on float16 and int8, with numpy
# broadcasting (row, column, 0-d scalar) against numpy's own comparison, written as |b1
# (--to u1: DirectML's UINT8, |u1);
# and/or/xor and not on bool (written as bool), uint8 and uint32 against numpy's
# logical_and/or/xor/not; the
# refusals (a float and/or, two dtypes, shapes that do not broadcast: nothing written).
# usage: test_cli_logical.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_logical.sh path/to/dmlp}
name=test_cli_logical
. "$(dirname "$0")/numpy_checks.sh"

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
w = sys.argv[1]
rng = np.random.default_rng(5)
special = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1.0, -1.0,
                    3.4028235e38, -3.4028235e38], dtype=np.float32)
np.save(f"{w}/fa.npy", np.repeat(special, special.size).reshape(12, 12))
np.save(f"{w}/fb.npy", np.tile(special, special.size).reshape(12, 12))
np.save(f"{w}/frow.npy", special)
np.save(f"{w}/fcol.npy", special.reshape(12, 1))
np.save(f"{w}/fs.npy", np.array(0.0, dtype=np.float32))
np.save(f"{w}/ha.npy", rng.standard_normal((5, 7)).astype(np.float16))
np.save(f"{w}/hb.npy", rng.standard_normal((5, 7)).astype(np.float16))
np.save(f"{w}/ia.npy", np.arange(-128, 128, dtype=np.int8).reshape(16, 16))
np.save(f"{w}/ib.npy", np.arange(-128, 128, dtype=np.int8).reshape(16, 16).T.copy())
np.save(f"{w}/pa.npy", rng.integers(0, 2, (4, 6)).astype(bool))
np.save(f"{w}/pb.npy", rng.integers(0, 2, (4, 1)).astype(bool))
np.save(f"{w}/ua.npy", rng.choice([0, 1, 2, 255], (4, 6)).astype(np.uint8))
np.save(f"{w}/ub.npy", rng.choice([0, 7], 6).astype(np.uint8))
np.save(f"{w}/wa.npy", rng.choice([0, 1, 256, 65536, 2**31, 2**32 - 1], (3, 8)).astype(np.uint32))
np.save(f"{w}/wb.npy", rng.choice([0, 2**24], (3, 8)).astype(np.uint32))
np.save(f"{w}/w6.npy", np.arange(6, dtype=np.uint32))
np.save(f"{w}/bad.npy", np.zeros(5, dtype=np.float32))
PY

check 0 "gt f32 specials" run gt "$work/fa.npy" "$work/fb.npy" "$work/out_gt_f.npy"
check 0 "gt f32 B a row" run gt "$work/fa.npy" "$work/frow.npy" "$work/out_gt_row.npy"
check 0 "gt f32 A a column" run gt "$work/fcol.npy" "$work/fb.npy" "$work/out_gt_col.npy"
check 0 "gt f32 B a 0-d scalar" run gt "$work/fa.npy" "$work/fs.npy" "$work/out_gt_s.npy"
check 0 "gt f16" run gt "$work/ha.npy" "$work/hb.npy" "$work/out_gt_h.npy"
check 0 "gt int8" run gt "$work/ia.npy" "$work/ib.npy" "$work/out_gt_i.npy"
check 0 "gt --to u1" run gt --to u1 "$work/fa.npy" "$work/fb.npy" "$work/out_gt_u1.npy"
check 0 "gt --to b1" run gt --to=b1 "$work/fa.npy" "$work/fb.npy" "$work/out_gt_b1.npy"
check 0 "gt bool" run gt "$work/pa.npy" "$work/pb.npy" "$work/out_gt_p.npy"
for op in and or xor; do
    check 0 "$op bool" run "$op" "$work/pa.npy" "$work/pb.npy" "$work/out_${op}_p.npy"
    check 0 "$op uint8" run "$op" "$work/ua.npy" "$work/ub.npy" "$work/out_${op}_u.npy"
    check 0 "$op uint32" run "$op" "$work/wa.npy" "$work/wb.npy" "$work/out_${op}_w.npy"
done
check 0 "not bool" run not "$work/pa.npy" "$work/out_not_p.npy"
check 0 "not uint8" run not "$work/ua.npy" "$work/out_not_u.npy"
check 0 "not uint32" run not "$work/wa.npy" "$work/out_not_w.npy"

"$py" - "$work" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
w = sys.argv[1]
load = lambda n: np.load(f"{w}/{n}.npy")
bad = 0
def same(got, want, what):
    global bad
    if got.shape != want.shape or got.dtype != want.dtype or got.tobytes() != want.tobytes():
        print(f"FAIL: {what}: {got.dtype}{got.shape} {got.ravel()[:16]} differs from "
              f"{want.dtype}{want.shape} {want.ravel()[:16]}")
        bad += 1
with np.errstate(all="ignore"):
    fa, fb = load("fa"), load("fb")
    same(load("out_gt_f"), np.greater(fa, fb), "gt f32 specials")
    same(load("out_gt_row"), np.greater(fa, load("frow")), "gt row")
    same(load("out_gt_col"), np.greater(load("fcol"), fb), "gt column")
    same(load("out_gt_s"), np.greater(fa, load("fs")), "gt scalar")
    same(load("out_gt_h"), np.greater(load("ha"), load("hb")), "gt f16")
    same(load("out_gt_i"), np.greater(load("ia"), load("ib")), "gt int8")
    same(load("out_gt_u1"), np.greater(fa, fb).astype(np.uint8), "gt --to u1")
    same(load("out_gt_b1"), np.greater(fa, fb), "gt --to b1")
    same(load("out_gt_p"), np.greater(load("pa"), load("pb")), "gt bool")
    # hand-checked: NaN > anything, anything > NaN, -0 > +0 and +0 > -0 are all 0
    g = load("out_gt_f")
    for i, j, want in [(0, 8, 0), (8, 0, 0), (2, 3, 0), (3, 2, 0), (6, 2, 1), (2, 7, 1), (4, 10, 1)]:
        if g[i, j] != want:
            print(f"FAIL: gt special [{i}, {j}] is {g[i, j]}, expected {want}")
            bad += 1
    for op, f in [("and", np.logical_and), ("or", np.logical_or), ("xor", np.logical_xor)]:
        same(load(f"out_{op}_p"), f(load("pa"), load("pb")), f"{op} bool")
        same(load(f"out_{op}_u"), f(load("ua"), load("ub")).astype(np.uint8), f"{op} uint8")
        same(load(f"out_{op}_w"), f(load("wa"), load("wb")).astype(np.uint32), f"{op} uint32")
    same(load("out_not_p"), np.logical_not(load("pa")), "not bool")
    same(load("out_not_u"), np.logical_not(load("ua")).astype(np.uint8), "not uint8")
    same(load("out_not_w"), np.logical_not(load("wa")).astype(np.uint32), "not uint32")
sys.exit(1 if bad else 0)
PY

check 1 "and on float32" run and "$work/fa.npy" "$work/fb.npy" "$work/x.npy"
has "ELEMENT_WISE_LOGICAL_AND: ATensor.DataType is FLOAT32; at feature level 6_4 it must be UINT32 or UINT8" "and types"
check 1 "gt two dtypes" run gt "$work/fs.npy" "$work/ia.npy" "$work/x.npy"
has "BTensor.DataType is INT8; it must equal ATensor.DataType (FLOAT32)" "gt dtype message"
check 1 "or two dtypes" run or "$work/ua.npy" "$work/w6.npy" "$work/x.npy"
has "BTensor.DataType is UINT32; it must equal ATensor.DataType (UINT8)" "or dtype message"
check 1 "shapes that do not broadcast" run gt "$work/fa.npy" "$work/bad.npy" "$work/x.npy"
has "the shapes do not broadcast" "broadcast message"
if [ -e "$work/x.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote x.npy"; else passed=$((passed + 1)); fi
check 1 "not on float32" run not "$work/fa.npy" "$work/x.npy"
has "ELEMENT_WISE_LOGICAL_NOT: InputTensor.DataType is FLOAT32; at feature level 6_4 it must be UINT32 or UINT8" "not types"
check 2 "one input" run gt "$work/fa.npy" "$work/x.npy"
has "gt needs A.npy B.npy OUT.npy" "usage"
check 2 "gt --to f4" run gt --to f4 "$work/fa.npy" "$work/fb.npy" "$work/x.npy"
has "--to is 'f4'; gt writes b1 (numpy's bool, the default) or u1 (DirectML's UINT8)" "gt --to f4 message"
check 2 "and --to u1" run and --to u1 "$work/pa.npy" "$work/pb.npy" "$work/x.npy"
has "--to is for cast, isinf, isnan, gt, eq, lt, ge and le only, not and" "and --to message"

echo "test_cli_logical: $passed passed, $failed failed"
[ "$failed" = 0 ]
