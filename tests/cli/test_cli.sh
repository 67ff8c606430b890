#!/bin/sh
# test_cli: drives the built `dmlp` command (docs/cli.md): `dmlp run` on every dtype,
# layout, rank and .npy version against expectations computed with numpy in
# cli_cases.py; exit codes 0/1/2 and the `dmlp: FILE: why` message shape; no OUT file on
# any failure; the `dmlp caps` rows at every feature level; `dmlp show`; --help everywhere.
# usage: test_cli.sh path/to/dmlp [examples-dir]
# Needs Debian's /usr/bin/python3 with numpy; without it the test is skipped (77).

dmlp=${1:?usage: test_cli.sh path/to/dmlp [examples-dir]}
examples=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
if ! [ -x "$py" ] || ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "test_cli: skipped: needs /usr/bin/python3 with numpy"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/dmlp-test-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# expect STATUS DESCRIPTION dmlp-args...: runs dmlp, keeps stdout/stderr in $work/stdout
# and $work/stderr, checks the exit status.
expect() {
    want=$1
    what=$2
    shift 2
    "$dmlp" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null
    got=$?
    if [ "$got" = "$want" ]; then
        pass
    else
        fail "$what: exit status $got, expected $want; stderr: $(head -c 300 "$work/stderr")"
    fi
}

# stderr_is TEXT DESCRIPTION: the first stderr line equals TEXT
stderr_is() {
    line=$(head -n 1 "$work/stderr")
    if [ "$line" = "$1" ]; then pass; else fail "$2: stderr '$line', expected '$1'"; fi
}

# contains FILE TEXT DESCRIPTION
contains() {
    if grep -F -q -e "$2" "$1"; then pass; else fail "$3: '$2' not in $(head -c 300 "$1")"; fi
}

absent() {
    if [ -e "$1" ]; then fail "$2: $1 was written"; else pass; fi
}

# ---- dmlp run: results -----------------------------------------------------------------
"$py" "$here/cli_cases.py" gen "$work" || {
    echo "test_cli: cli_cases.py gen failed"
    exit 1
}
while read -r name args; do
    in="$work/in/$name.npy"
    out="$work/out/$name.npy"
    case " $args " in
    *" IN "*) set -- $(echo "$args" | sed "s| IN | $in |; s| OUT\$| $out|; s| OUT | $out |") ;;
    *) set -- $args "$in" "$out" ;;
    esac
    expect 0 "run $name" run "$@"
    if [ -s "$work/stdout" ]; then fail "run $name printed to stdout"; else pass; fi
done <"$work/cases.txt"
"$py" "$here/cli_cases.py" check "$work" >"$work/check.txt"
while read -r verdict rest; do
    if [ "$verdict" = ok ]; then pass; else fail "result $rest"; fi
done <"$work/check.txt"

# The Fortran-order input really is column-major on disk, and the output is C order.
contains "$work/in/fortran_sign.npy" "'fortran_order': True" "fortran input"
contains "$work/out/fortran_sign.npy" "'fortran_order': False" "fortran output"
contains "$work/out/isinf_default_mode.npy" "'descr': '|b1'" "isinf writes |b1"
contains "$work/out/isinf_to_u1.npy" "'descr': '|u1'" "isinf --to u1 writes |u1"
contains "$work/out/scalar_0d.npy" "'shape': ()" "0-d stays 0-d"
contains "$work/out/empty.npy" "'shape': (0, 3)" "empty stays empty"

# In place: IN and OUT the same file.
cp "$work/in/sign_i4.npy" "$work/inplace.npy"
expect 0 "in place" run sign "$work/inplace.npy" "$work/inplace.npy"
if cmp -s "$work/inplace.npy" "$work/out/sign_i4.npy"; then pass; else fail "in place result"; fi

# ---- dmlp run: failures ---------------------------------------------------------------
bad="$work/bad"
o="$work/never.npy"
expect 1 "missing input" run sign "$bad/missing.npy" "$o"
stderr_is "dmlp: $bad/missing.npy: No such file or directory" "missing input"
absent "$o" "missing input"
expect 1 "truncated input" run sign "$bad/truncated.npy" "$o"
stderr_is "dmlp: $bad/truncated.npy: truncated payload: header says 24 bytes, file has 20" \
    "truncated input"
absent "$o" "truncated input"
expect 1 "text file" run sign "$bad/text.npy" "$o"
stderr_is "dmlp: $bad/text.npy: not a .npy file (no \\x93NUMPY magic)" "text file"
absent "$o" "text file"
expect 1 "complex dtype" run sign "$bad/complex.npy" "$o"
contains "$work/stderr" "dmlp: $bad/complex.npy: dtype '<c8' is not supported" "complex dtype"
absent "$o" "complex dtype"
expect 1 "big-endian" run sign "$bad/bigendian.npy" "$o"
contains "$work/stderr" "dmlp: $bad/bigendian.npy: dtype '>f4' is big-endian" "big-endian"
absent "$o" "big-endian"
expect 1 "a folder as input" run sign "$bad" "$o"
stderr_is "dmlp: $bad: Is a directory" "a folder as input"
expect 1 "output folder missing" run sign "$bad/good.npy" "$work/no/such/out.npy"
stderr_is "dmlp: $work/no/such/out.npy: cannot create: No such file or directory" \
    "output folder missing"

# Validation failures: `dmlp: run: <the library's message>`, nothing written.
for c in "rank9.npy sign ELEMENT_WISE_SIGN: " \
         "f64.npy sign ELEMENT_WISE_SIGN: " \
         "u8.npy softsign ACTIVATION_SOFTSIGN: " \
         "u8.npy isinf ELEMENT_WISE_IS_INFINITY: " \
         "empty_f64.npy softsign ACTIVATION_SOFTSIGN: "; do
    set -- $c
    expect 1 "$2 on $1" run "$2" "$bad/$1" "$o"
    contains "$work/stderr" "dmlp: run: $3" "$2 on $1"
    absent "$o" "$2 on $1"
done
expect 1 "int64 at 4_0" run sign --feature-level 4_0 "$bad/i64.npy" "$o"
contains "$work/stderr" "dmlp: run: ELEMENT_WISE_SIGN: " "int64 at 4_0"
expect 0 "int64 at 4_1" run sign --feature-level 4_1 "$bad/i64.npy" "$o"
rm -f "$o"
expect 1 "1-D at 2_0" run sign --feature-level 2_0 "$bad/good.npy" "$o"
contains "$work/stderr" "dmlp: run: ELEMENT_WISE_SIGN: " "1-D at 2_0"
expect 1 "isinf at 2_0" run isinf --feature-level 2_0 "$work/in/level_2_0_4d.npy" "$o"
contains "$work/stderr" "2_1" "isinf at 2_0 names the level it needs"
expect 1 "nan propagate without ext" run sign --nan propagate "$bad/good.npy" "$o"
contains "$work/stderr" "dmlp: run: " "nan propagate without ext"
absent "$o" "validation failures"
if [ "$(wc -l <"$work/stderr")" -eq 1 ]; then pass; else fail "validation message is one line"; fi

# Wrong usage: exit 2 with the usage text.
for args in "run" "run sign" "run sign a.npy" "run no_such_op a.npy b.npy" \
            "run sign a.npy b.npy c.npy" "run sign --mode positive a.npy b.npy" \
            "run isinf --mode sideways a.npy b.npy" "run isinf --mode" \
            "run sign --nan maybe a.npy b.npy" "run sign --feature-level 9_9 a.npy b.npy" \
            "run sign --feature-level 0x0100 a.npy b.npy" "run sign --threads -1 a.npy b.npy" \
            "run sign --threads x a.npy b.npy" "run sign --frobnicate a.npy b.npy" \
            "caps --feature-level" "caps --feature-level 7_0" "caps extra" \
            "caps --all --feature-level 3_0" "show" "show --rows x a.npy" "show --bogus a.npy" \
            "no-such-command"; do
    expect 2 "usage: dmlp $args" $args
    contains "$work/stderr" "usage:" "usage text for dmlp $args"
done
expect 2 "no command"
contains "$work/stderr" "usage:" "usage text without a command"

# --help on every command: exit 0, the usage on stdout.
for c in "" run caps show onnx onnx-test dispatch bench; do
    expect 0 "dmlp $c --help" $c --help
    contains "$work/stdout" "usage: dmlp" "dmlp $c --help"
done
expect 0 "dmlp run sign --help" run sign --help
contains "$work/stdout" "b1 (default: numpy's bool) or u1" "run --help explains the bool outputs"

# ---- dmlp caps: the row in force at every level (docs/validation.md) --------------------
row() { # squeezes runs of spaces: "ELEMENT_WISE_SIGN (sign) 2_0 4_1 1 to 8 FLOAT32 ..."
    grep -F "$1 (" "$work/stdout" | head -n 1 | tr -s ' ' | sed 's/^ //; s/ $//'
}
# starts_with LINE PREFIX DESCRIPTION
starts_with() {
    case "$1" in
    "$2"*) pass ;;
    *) fail "$3: '$1' does not start with '$2'" ;;
    esac
}
levels="1_0 2_0 2_1 3_0 3_1 4_0 4_1 5_0 5_1 5_2 6_0 6_1 6_2 6_3 6_4"
for level in $levels; do
    v=$(($(printf '0x%s00' "$(echo "$level" | tr -d _)")))
    expect 0 "caps at $level" caps --feature-level "$level"
    contains "$work/stdout" "Feature level $level:" "caps title at $level"
    same="the input's type"
    s=$(row ELEMENT_WISE_SIGN)
    if [ "$v" -lt $((0x2000)) ]; then
        starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 - not available below 2_0" "sign $level"
    elif [ "$v" -lt $((0x2100)) ]; then
        starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 2_0 4 FLOAT32 FLOAT16 $same" "sign $level"
    elif [ "$v" -lt $((0x3000)) ]; then
        starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 2_1 4 FLOAT32 FLOAT16 INT32" "sign $level"
    elif [ "$v" -lt $((0x4100)) ]; then
        starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 3_0 1 to 8 FLOAT32 FLOAT16 INT32" \
            "sign $level"
    else
        starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 4_1 1 to 8 FLOAT32 FLOAT16 INT32" \
            "sign $level"
    fi
    # INT64 (only Sign has it) from 4_1 on; UINT8 types from 2_1 on
    if [ "$v" -ge $((0x4100)) ]; then
        contains "$work/stdout" "UINT64" "sign takes UINT64 at $level"
    elif awk '/^  [A-Z]/ { op = $1 } op != "CAST"' "$work/stdout" | grep -q INT64; then
        fail "INT64 listed at $level"
    else
        pass
    fi
    s=$(row ACTIVATION_SOFTSIGN)
    if [ "$v" -lt $((0x2000)) ]; then
        starts_with "$s" "ACTIVATION_SOFTSIGN (softsign) 1_0 1_0 4 FLOAT32 FLOAT16 $same" \
            "softsign $level"
    elif [ "$v" -lt $((0x3000)) ]; then
        starts_with "$s" "ACTIVATION_SOFTSIGN (softsign) 1_0 2_0 4 to 5 FLOAT32 FLOAT16 $same" \
            "softsign $level"
    else
        starts_with "$s" "ACTIVATION_SOFTSIGN (softsign) 1_0 3_0 1 to 8 FLOAT32 FLOAT16 $same" \
            "softsign $level"
    fi
    s=$(row ELEMENT_WISE_IS_INFINITY)
    if [ "$v" -lt $((0x2100)) ]; then
        starts_with "$s" "ELEMENT_WISE_IS_INFINITY (isinf) 2_1 - not available below 2_1" \
            "isinf $level"
    elif [ "$v" -lt $((0x3000)) ]; then
        starts_with "$s" "ELEMENT_WISE_IS_INFINITY (isinf) 2_1 2_1 4 FLOAT32 FLOAT16 UINT8" \
            "isinf $level"
    else
        starts_with "$s" "ELEMENT_WISE_IS_INFINITY (isinf) 2_1 3_0 1 to 8 FLOAT32 FLOAT16 UINT8" \
            "isinf $level"
    fi
done
expect 0 "caps default" caps
contains "$work/stdout" "Feature level 6_4:" "caps defaults to 6_4"
contains "$work/stdout" "Kernels: " "caps names the kernels' instruction set"
# ...and the one this build and CPU run: neon on aarch64; on x86-64 what the CPU's flags
# allow (the library asks CPUID for the same: AVX-512 F, DQ, BW and VL; AVX2 with FMA and
# F16C; else SSE2); scalar in a generic build. DMLP_TEST_ARCH is the build's DMLP_ARCH
# (under an emulator, uname names the host). DMLP_ISA unset: it would cap the level.
flags=
case "${DMLP_TEST_ARCH:-}" in
aarch64) isa=neon ;;
x86_64)
    flags=$(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null)
    has() { case " ${flags#*:} " in *" $1 "*) return 0 ;; esac; return 1; }
    if has avx512f && has avx512dq && has avx512bw && has avx512vl; then isa=avx512
    elif has avx2 && has fma && has f16c; then isa=avx2
    else isa=sse2; fi ;;
generic) isa=scalar ;;
*) isa= ;;
esac
if [ -z "$isa" ]; then
    fail "caps kernels: DMLP_TEST_ARCH is '${DMLP_TEST_ARCH:-}', not a processor family"
elif [ -z "$flags" ] && [ "$DMLP_TEST_ARCH" = x86_64 ]; then
    fail "caps kernels: no flags line in /proc/cpuinfo to tell the x86-64 level by"
else
    line=$(env -u DMLP_ISA "$dmlp" caps 2>&1 | grep '^Kernels: ')
    case "$line" in
    "Kernels: $isa "*) pass ;;
    *) fail "caps kernels: '$line', expected '$isa' on this $DMLP_TEST_ARCH CPU" ;;
    esac
fi
# No extension type; FLOAT64 only where DirectML itself has it (Identity, Cast, If from
# 5_0 and the bitwise operators from 4_1 on).
if grep -q 'BFLOAT16\|FLOAT8\|\*' "$work/stdout"; then fail "caps lists extensions"; else pass; fi
if [ "$(grep 'FLOAT64' "$work/stdout" | grep -vc '^  ELEMENT_WISE_BIT_')" = 3 ] &&
    grep -q '^  ELEMENT_WISE_IDENTITY (identity) .* FLOAT64' "$work/stdout" &&
    grep -q '^  ELEMENT_WISE_IF (if) .* FLOAT64' "$work/stdout" &&
    grep -q '^  CAST (cast) .* FLOAT64' "$work/stdout" &&
    grep -q '^  ELEMENT_WISE_BIT_AND (bitand) .* FLOAT64' "$work/stdout"; then pass; else
    fail "caps: FLOAT64 outside the rows of Identity, Cast, If and the bitwise operators"; fi
expect 0 "caps ext" caps --feature-level ext
s=$(row ACTIVATION_SOFTSIGN)
starts_with "$s" "ACTIVATION_SOFTSIGN (softsign) 1_0 3_0 1 to 8 FLOAT32 FLOAT16 FLOAT64* BFLOAT16*" \
    "softsign with extensions"
contains "$work/stdout" "FLOAT8_E5M2*" "isinf with extensions"
expect 0 "caps --all" caps --all
if [ "$(grep -c '^Feature level' "$work/stdout")" -eq 15 ]; then pass; else
    fail "caps --all prints 15 levels"
fi
expect 0 "caps --feature-level=0x2050" caps --feature-level=0x2050
s=$(row ELEMENT_WISE_SIGN)
starts_with "$s" "ELEMENT_WISE_SIGN (sign) 2_0 2_0 4 FLOAT32 FLOAT16 $same" "between two rows"

# ---- dmlp show ------------------------------------------------------------------------
expect 0 "show" show "$work/in/sign_f4.npy" "$work/out/sign_f4.npy" "$work/out/isinf_f4_either.npy"
# header: the base names, then the dtype and shape
line=$(sed -n 1p "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$line" = "# sign_f4.npy sign_f4.npy isinf_f4_either.npy" ]; then pass; else
    fail "show header '$line'"
fi
line=$(sed -n 2p "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$line" = "<f4 (18,) <f4 (18,) |b1 (18,)" ]; then pass; else fail "show types '$line'"; fi
# rows: index, input, sign, isinf (F32_EDGES in cli_cases.py)
for expected in "0 -inf -1 True" "1 -3.5 -1 False" "3 -0 0 False" "5 1e-45 1 False" \
                "9 3.4e+38 1 False" "10 inf 1 True" "11 nan 0 False" "12 -1e-45 -1 False" \
                "13 1.1754944e-38 1 False" "14 -3.4028235e+38 -1 False"; do
    n=${expected%% *}
    line=$(sed -n "$((n + 3))p" "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//')
    if [ "$line" = "$expected" ]; then pass; else fail "show row $n: '$line', expected '$expected'"; fi
done
if [ "$(wc -l <"$work/stdout")" -eq 20 ]; then pass; else fail "show prints 2 + 18 lines"; fi
# Fortran order shows in C order; f16 widened; bool as True/False; --rows; ragged columns
expect 0 "show fortran" show "$work/in/fortran_sign.npy"
line=$(sed -n 2p "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//')
if [ "$line" = "<f4 (2, 3, 4) F" ]; then pass; else fail "show fortran type line '$line'"; fi
line=$(sed -n '3p;4p;26p' "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//' | tr '\n' '|')
if [ "$line" = "0 -11.5|1 -10.5|23 11.5|" ]; then pass; else fail "show fortran rows '$line'"; fi
expect 0 "show f16 and bool" show "$work/in/softsign_f2.npy" "$work/in/sign_b1.npy"
line=$(sed -n '5p;15p' "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//' | tr '\n' '|')
if [ "$line" = "2 -1 True|12 65504|" ]; then pass; else fail "show f16/bool rows '$line'"; fi
# Integers at their extremes print exactly, negative ones sign-extended.
"$py" -c "import numpy as np, sys; d = sys.argv[1]
np.save(d + '/ext_i8.npy', np.array([-128, 127], np.int8))
np.save(d + '/ext_i64.npy', np.array([-2**63, 2**63 - 1], np.int64))
np.save(d + '/ext_u64.npy', np.array([0, 2**64 - 1], np.uint64))" "$work"
expect 0 "show integer extremes" show "$work/ext_i8.npy" "$work/ext_i64.npy" "$work/ext_u64.npy"
line=$(sed -n '3,4p' "$work/stdout" | tr -s ' ' | sed 's/^ //; s/ $//' | tr '\n' '|')
if [ "$line" = "0 -128 -9223372036854775808 0|1 127 9223372036854775807 18446744073709551615|" ]
then pass; else fail "show integer extremes '$line'"; fi
expect 0 "show --rows" show --rows 2 "$work/in/threads_1.npy"
contains "$work/stdout" "... 100001 more rows" "show --rows"
expect 1 "show missing" show "$work/in/sign_f4.npy" "$bad/missing.npy"
stderr_is "dmlp: $bad/missing.npy: No such file or directory" "show missing"

# The bundled example decodes to the documented values.
if [ -n "$examples" ] && [ -f "$examples/values.npy" ]; then
    expect 0 "show values.npy" show "$examples/values.npy"
    col=$(sed -n '3,$p' "$work/stdout" | awk '{print $2}' | tr '\n' ' ')
    if [ "$col" = "-inf -3.5 -1 -0 0 1e-45 0.5 2 1e+30 3.4e+38 inf nan " ]; then pass; else
        fail "examples/values.npy holds '$col'"
    fi
fi

echo "test_cli: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
