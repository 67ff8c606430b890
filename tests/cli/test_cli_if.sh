#!/bin/sh
# test_cli_if: `dmlp run if COND A B OUT` (docs/operators.md) against numpy's where on
# every dtype: a bool condition broadcast along the last axis, A of shape (2, 3, 41), B
# broadcast along the middle one; a uint8 condition of other nonzero bytes; bool A and B.
# The result is the chosen element's bits (NaN payloads and -0 kept). Then the refusals:
# a condition of another dtype, A and B of two dtypes, shapes that do not broadcast, the
# wrong number of files. usage: test_cli_if.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_if.sh path/to/dmlp}
name=test_cli_if
. "$(dirname "$0")/numpy_checks.sh"

# Inputs of every dtype (tests/cli/cli_elementwise.py), and the conditions.
"$py" "$(dirname "$0")/cli_elementwise.py" inputs "$work" || exit 1
"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(88)
np.save(f"{work}/cond.npy", rng.integers(0, 2, size=(2, 1, 41)).astype(bool))
u8 = rng.integers(0, 256, size=(2, 3, 41), dtype=np.uint8)
u8.flat[::4] = 0
np.save(f"{work}/cond_u8.npy", u8)
np.save(f"{work}/cond_i4.npy", u8.astype(np.int32))
np.save(f"{work}/a_b1.npy", rng.integers(0, 2, size=(3, 41)).astype(bool))
np.save(f"{work}/b_b1.npy", np.array([True]))
np.save(f"{work}/odd.npy", np.zeros((2, 4, 41), dtype=np.float32))
PY

for dt in i1 u1 i2 u2 i4 u4 i8 u8 f2 f4 f8; do
    check 0 "if $dt" run if "$work/cond.npy" "$work/in_$dt.npy" "$work/b_$dt.npy" \
        "$work/if_$dt.npy"
    check 0 "if $dt, a uint8 condition" run if "$work/cond_u8.npy" "$work/in_$dt.npy" \
        "$work/b_$dt.npy" "$work/ifu_$dt.npy"
done
check 0 "if bool" run if "$work/cond.npy" "$work/a_b1.npy" "$work/b_b1.npy" "$work/if_b1.npy"

"$py" - "$work" "$(dirname "$0")" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
sys.path.insert(0, sys.argv[-1])
import cli_elementwise as ce
from cli_elementwise import same
work = sys.argv[1]
cond, cond_u8 = np.load(f"{work}/cond.npy"), np.load(f"{work}/cond_u8.npy")
for dt in ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    a, b = np.load(f"{work}/in_{dt}.npy"), np.load(f"{work}/b_{dt}.npy")
    # on the bits: numpy's where copies elements, NaN payloads included
    bits = np.dtype(f"u{a.itemsize}")
    want = np.where(cond, a.view(bits), b.view(bits)).view(a.dtype)
    same(f"if {dt}", np.load(f"{work}/if_{dt}.npy"), want)
    want = np.where(cond_u8 != 0, a.view(bits), b.view(bits)).view(a.dtype)
    same(f"if {dt}, a uint8 condition", np.load(f"{work}/ifu_{dt}.npy"), want)
a, b = np.load(f"{work}/a_b1.npy"), np.load(f"{work}/b_b1.npy")
same("if bool", np.load(f"{work}/if_b1.npy"), np.where(cond, a, b))
sys.exit(1 if ce.bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

check 1 "if with an int32 condition" run if "$work/cond_i4.npy" "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_IF: ConditionTensor.DataType is INT32; at feature level 6_4 it must be UINT8" \
    "int32 condition: message"
check 1 "if of two dtypes" run if "$work/cond.npy" "$work/in_f4.npy" "$work/b_f8.npy" "$work/no.npy"
has "ELEMENT_WISE_IF: BTensor.DataType is FLOAT64; it must equal ATensor.DataType (FLOAT32)" \
    "two dtypes: message"
check 1 "if of shapes that do not broadcast" run if "$work/cond.npy" "$work/in_f4.npy" "$work/odd.npy" "$work/no.npy"
has "the shapes do not broadcast" "shapes: message"
check 2 "if with two files" run if "$work/cond.npy" "$work/in_f4.npy" "$work/no.npy"
has "if needs CONDITION.npy A.npy B.npy OUT.npy" "two files: message"
check 1 "if float32 at 2_0" run if --feature-level 2_0 "$work/cond.npy" "$work/in_f4.npy" "$work/b_f4.npy" "$work/no.npy"
has "ELEMENT_WISE_IF: ATensor.DataType is FLOAT32; at feature level 2_0 it must be FLOAT16" \
    "2_0: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

echo "test_cli_if: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
