#!/bin/sh
# test_cli_softmax: `dmlp run softmax|log_softmax|hardmax [--axes A,B]` and the 2-D
# operators (softmax_2d ...) on f2, f4 and f8 files, C and Fortran order, against the
# long double model of tests/python/rows_model.py (rounded once to the dtype; f8 within 1
# ulp; Hardmax exactly, ties and NaN rows included); 0-d and empty files. Then the
# refusals: --axes out of range or naming an axis twice (exit 1, `dmlp: run: ...`),
# malformed --axes and --axes with an operator without axes (exit 2, usage).
# usage: test_cli_softmax.sh path/to/dmlp
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).
dmlp=${1:?usage: test_cli_softmax.sh path/to/dmlp}
name=test_cli_softmax
. "$(dirname "$0")/numpy_checks.sh"
here=$(dirname "$0")

"$py" - "$work" <<'PY' || exit 1
import sys, numpy as np
work = sys.argv[1]
rng = np.random.default_rng(7)
for dt in ('f2', 'f4', 'f8'):
    x = (rng.standard_normal((3, 4, 5)) * 6).astype(dt)
    x[0, 1, 2] = np.nan          # a NaN row along every axis through it
    x[2, 3, :2] = -np.inf        # -inf elements: +0 (LogSoftmax: -inf)
    x[1, 0, 4] = np.inf          # +inf: the default NaN
    np.save(f"{work}/x_{dt}.npy", x)
    t = rng.integers(-2, 3, (3, 4, 5)).astype(dt)  # ties: Hardmax's first largest
    np.save(f"{work}/t_{dt}.npy", t)
    np.save(f"{work}/fortran_{dt}.npy", np.asfortranarray(t.reshape(12, 5)))
    np.save(f"{work}/m_{dt}.npy", x[0])  # 2-D, for the 2-D operators
    np.save(f"{work}/lead_{dt}.npy", x[:1, :1])  # (1, 1, 5)
np.save(f"{work}/scalar.npy", np.float32(3.5))
np.save(f"{work}/empty.npy", np.zeros((0, 4), np.float32))
np.save(f"{work}/i4.npy", np.arange(6, dtype=np.int32))
PY

# case OP FILE AXES(or -) OUTNAME: runs and remembers the run for the check below
cases=""
# (sh has no local variables: the names are the function's own)
case_run() {
    c_op=$1 c_file=$2 c_axes=$3 c_out=$4
    if [ "$c_axes" = - ]; then
        check 0 "$c_op $c_file" run "$c_op" --feature-level ext "$work/$c_file.npy" \
            "$work/$c_out.npy"
    else
        check 0 "$c_op $c_file --axes $c_axes" run "$c_op" --feature-level ext \
            --axes "$c_axes" "$work/$c_file.npy" "$work/$c_out.npy"
    fi
    cases="$cases $c_op:$c_file:$c_axes:$c_out"
}

for dt in f2 f4 f8; do
    for op in softmax log_softmax; do
        case_run $op x_$dt - ${op}_last_$dt
        case_run $op x_$dt 0 ${op}_0_$dt
        case_run $op x_$dt 1,2 ${op}_12_$dt
        case_run $op x_$dt -1,0 ${op}_m10_$dt
        case_run $op x_$dt 0,1,2 ${op}_all_$dt
        case_run ${op}_2d m_$dt - ${op}_2d_$dt
        case_run ${op}_2d lead_$dt - ${op}_2d_lead_$dt
    done
    case_run hardmax t_$dt - hardmax_last_$dt
    case_run hardmax t_$dt 2,0 hardmax_20_$dt
    case_run hardmax t_$dt -2 hardmax_m2_$dt
    case_run hardmax x_$dt 0,1 hardmax_nan_$dt
    case_run hardmax fortran_$dt 0 hardmax_f0_$dt
    case_run hardmax fortran_$dt 0,1 hardmax_f01_$dt
    case_run hardmax_2d fortran_$dt - hardmax_2d_f_$dt
done
check 0 "softmax with --axes=" run softmax --axes=-1 "$work/x_f4.npy" "$work/eq_f4.npy"
check 0 "softmax 0-d" run softmax "$work/scalar.npy" "$work/scalar_out.npy"
check 0 "softmax 0-d --axes 0" run log_softmax --axes 0 "$work/scalar.npy" "$work/scalar_log.npy"
check 0 "softmax empty" run softmax --axes 0 "$work/empty.npy" "$work/empty_out.npy"

PYTHONPATH="$here/../python" "$py" - "$work" "$cases" <<'PY' || failed=$((failed + 1))
import sys, numpy as np
from rows_model import BITS, Model
work, cases = sys.argv[1], sys.argv[2].split()
bad = 0
for case in cases:
    op, file, axes, out = case.split(':')
    x = np.load(f"{work}/{file}.npy")
    got = np.load(f"{work}/{out}.npy")
    name = op[:-3] if op.endswith('_2d') else op
    axis = -1 if axes == '-' else tuple(int(a) for a in axes.split(','))
    try:
        assert got.dtype == x.dtype and got.shape == x.shape, (got.dtype, got.shape)
        Model(name, np.ascontiguousarray(x), axis).check(
            np.ascontiguousarray(got).view(BITS[x.dtype.name][0]))
    except AssertionError as e:
        print(f"FAIL: {case}: {e}")
        bad += 1
if np.load(f"{work}/eq_f4.npy").tobytes() != np.load(f"{work}/softmax_last_f4.npy").tobytes():
    print("FAIL: --axes=-1 differs from the default"); bad += 1
s = np.load(f"{work}/scalar_out.npy")
if s.shape != () or s != 1 or np.load(f"{work}/scalar_log.npy") != 0:
    print(f"FAIL: 0-d: {s!r}"); bad += 1
if np.load(f"{work}/empty_out.npy").shape != (0, 4):
    print("FAIL: empty"); bad += 1
print(f"{len(cases)} results against the model, {bad} failed")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && passed=$((passed + 1))

# Refusals once IN.npy is read: exit 1, "dmlp: run: ...", nothing written.
x="$work/x_f4.npy"
check 1 "axis past the end" run softmax --axes 3 "$x" "$work/no.npy"
has "dmlp: run: --axes 3 names axis 3; $x has 3 dimensions (axes 0 to 2, or -3 to -1)" \
    "axis past the end: message"
check 1 "axis before the start" run hardmax --axes 0,-4 "$x" "$work/no.npy"
has "names axis -4" "axis before the start: message"
check 1 "axis twice" run log_softmax --axes 1,-2 "$x" "$work/no.npy"
has "dmlp: run: --axes 1,-2 names axis 1 twice" "axis twice: message"
check 1 "0-d --axes 1" run softmax --axes 1 "$work/scalar.npy" "$work/no.npy"
check 1 "2-D operator on rank 3" run softmax_2d "$x" "$work/no.npy"
has "the effective rank of InputTensor.Sizes is 3" "2-D operator on rank 3: message"
check 1 "softmax int32" run softmax "$work/i4.npy" "$work/no.npy"
has "INT32" "softmax int32: message"
check 1 "softmax below 5_1" run softmax --feature-level 5_0 "$x" "$work/no.npy"
has "needs feature level 5_1" "softmax below 5_1: message"
check 1 "softmax f8 without the extensions" run softmax "$work/x_f8.npy" "$work/no.npy"
has "FLOAT64" "softmax f8 without the extensions: message"

# Wrong usage: exit 2 with the usage.
check 2 "axis named twice as written" run softmax --axes 1,1 "$x" "$work/no.npy"
has "dmlp: run: --axes is '1,1'; an axis is named twice" "axis named twice: message"
has "usage: dmlp run" "axis named twice: usage"
for bad in a 1, ,1 "" 1.5 1,,2 "1 2" +1 --1 99999999999999999999; do
    check 2 "--axes '$bad'" run softmax --axes "$bad" "$x" "$work/no.npy"
    has "dmlp: run: --axes is '$bad'" "--axes '$bad': message"
done
check 2 "nine axes" run softmax --axes 0,1,2,3,4,5,6,7,-1 "$x" "$work/no.npy"
has "at most 8 axes" "nine axes: message"
check 2 "--axes without a value" run softmax "$x" "$work/no.npy" --axes
has "--axes needs a value" "--axes without a value: message"
check 2 "--axes on sign" run sign --axes 0 "$x" "$work/no.npy"
has "dmlp: run: --axes is for softmax, log_softmax and hardmax only" "--axes on sign: message"
check 2 "--axes on softmax_2d" run softmax_2d --axes 1 "$work/m_f4.npy" "$work/no.npy"
has "(the 2-D operators run along the last axis)" "--axes on softmax_2d: message"
if [ -e "$work/no.npy" ]; then failed=$((failed + 1)); echo "FAIL: a refused run wrote its output"; else passed=$((passed + 1)); fi

# --help names the option and the operators.
check 0 "run --help" run --help
if grep -q -e "--axes A\[,B...\]" "$work/stdout" && grep -q "softmax, log_softmax and hardmax only" "$work/stdout" &&
    grep -q "^  softmax_2d ACTIVATION_SOFTMAX:" "$work/stdout"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL: run --help: no --axes line"
fi

echo "test_cli_softmax: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
