#!/bin/sh
# test_onnx_cli: `dmlp onnx` end to end on models from gen_cases.py: .npy inputs (C and
# Fortran order) and outputs, .pb inputs and outputs for bfloat16, output file names that
# cannot leave -o DIR, defaults, and failures (exit 1, nothing written; usage: exit 2).
# Expected values are computed by numpy here. Usage: test_onnx_cli.sh DMLP GENERATED_DIR
set -u
dmlp=$1
gen=$2
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
passed=0
check() { # check NAME COMMAND...: counts a pass or prints the failure
    name=$1
    shift
    if "$@"; then passed=$((passed + 1)); else echo "FAIL: $name" >&2; failed=$((failed + 1)); fi
}

# Usage errors and help.
"$dmlp" onnx >/dev/null 2>&1
check "no model: exit 2" [ $? -eq 2 ]
"$dmlp" onnx m.onnx -i novalue >/dev/null 2>&1
check "-i without '=': exit 2" [ $? -eq 2 ]
"$dmlp" onnx --help >/dev/null 2>&1
check "--help: exit 0" [ $? -eq 0 ]
"$dmlp" onnx-test >/dev/null 2>&1
check "onnx-test without folders: exit 2" [ $? -eq 2 ]

# A chained float model fed a Fortran-order .npy.
$py - "$work" <<'PY'
import sys, numpy as np
x = np.asfortranarray(np.array([[-np.inf, -2.5, -0.0, 0.0], [1e-40, 7.0, np.inf, np.nan]],
                               dtype=np.float32))
np.save(sys.argv[1] + "/x.npy", x)
PY
mkdir "$work/out"
"$dmlp" onnx "$gen/cases/dmlp_chain_three_outputs/model.onnx" -i x="$work/x.npy" \
    -o "$work/out" >"$work/stdout" 2>"$work/stderr"
check "chain: exit 0" [ $? -eq 0 ]
check "chain: three files" [ "$(ls "$work/out" | tr '\n' ' ')" = "s.npy y1.npy y2.npy " ]
$py - "$work" <<'PY'
import sys, numpy as np
w = sys.argv[1]
x = np.load(w + "/x.npy")
s, y1, y2 = (np.load(w + "/out/%s.npy" % n) for n in ("s", "y1", "y2"))
want_s = np.where(np.isnan(x), np.nan, np.where(x > 0, 1.0, np.where(x < 0, -1.0, 0.0)))
ok = s.dtype == np.float32 and np.array_equal(s, want_s.astype(np.float32), equal_nan=True)
ok &= y1.dtype == np.float32 and np.array_equal(y1, s / (np.float32(1) + np.abs(s)),
                                                equal_nan=True)
ok &= y2.dtype == np.bool_ and np.array_equal(y2, np.isposinf(x))
sys.exit(0 if ok else 1)
PY
check "chain: values" [ $? -eq 0 ]

# bfloat16 through .pb files.
mkdir "$work/bf"
"$dmlp" onnx "$gen/cases/dmlp_chain_bfloat16/model.onnx" \
    -i x="$gen/cases/dmlp_chain_bfloat16/test_data_set_0/input_0.pb" -o "$work/bf" \
    >/dev/null 2>&1
check "bfloat16: exit 0" [ $? -eq 0 ]
$py - "$work" "$gen/cases/dmlp_chain_bfloat16/test_data_set_0" <<'PY'
import sys, onnx, numpy as np
w, d = sys.argv[1], sys.argv[2]
ok = True
for i, name in enumerate(("t", "y")):
    got = onnx.load_tensor("%s/bf/%s.pb" % (w, name))
    want = onnx.load_tensor("%s/output_%d.pb" % (d, i))
    ok &= got.data_type == 16 and list(got.dims) == list(want.dims) and got.name == name
    g, e = (np.frombuffer(t.raw_data, np.uint16) for t in (got, want))
    nan = lambda b: (b & 0x7F80) == 0x7F80 and (b & 0x7F) != 0
    ok &= len(g) == len(e) and all(nan(a) == nan(b) and (nan(a) or a == b)
                                   for a, b in zip(g.tolist(), e.tolist()))
sys.exit(0 if ok else 1)
PY
check "bfloat16: .pb outputs" [ $? -eq 0 ]

# An input with a default needs no -i; an output name with '/' and '..' stays in DIR.
$py - "$work" <<'PY'
import sys, numpy as np
from onnx import helper, TensorProto, numpy_helper
w = sys.argv[1]
node = helper.make_node("Sign", ["x"], ["../evil/y"])
vi = helper.make_tensor_value_info
default = numpy_helper.from_array(np.array([-300, 0, 5], np.int16), "x")
graph = helper.make_graph([node], "g", [vi("x", TensorProto.INT16, [3])],
                          [vi("../evil/y", TensorProto.INT16, [3])], initializer=[default])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
open(w + "/evil.onnx", "wb").write(model.SerializeToString())
PY
mkdir "$work/ev"
"$dmlp" onnx "$work/evil.onnx" -o "$work/ev" >/dev/null 2>&1
check "default input: exit 0" [ $? -eq 0 ]
check "sanitized name" [ "$(ls "$work/ev")" = "_.._evil_y.npy" ]
check "nothing outside DIR" [ ! -e "$work/evil" ]
$py -c "import numpy as np, sys; a = np.load(sys.argv[1]);
sys.exit(0 if a.dtype == np.int16 and a.tolist() == [-1, 0, 1] else 1)" "$work/ev/_.._evil_y.npy"
check "default input: values" [ $? -eq 0 ]

# docs/cli.md's file-name rule: each byte outside [A-Za-z0-9._-] becomes '_' (a two-byte
# character two), a name that comes out the same as an earlier output's gets _N (N its
# position), and a leading '.' gets a '_' in front.
$py - "$work" <<'PY'
import sys, numpy as np
from onnx import helper, TensorProto, numpy_helper
w = sys.argv[1]
names = ["a/b", "a_b", "\u00e9 z", ".x"]
nodes = [helper.make_node("Sign", ["x"], [n]) for n in names]
vi = helper.make_tensor_value_info
default = numpy_helper.from_array(np.array([-3, 0, 5], np.int8), "x")
graph = helper.make_graph(nodes, "g", [vi("x", TensorProto.INT8, [3])],
                          [vi(n, TensorProto.INT8, [3]) for n in names], initializer=[default])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
open(w + "/names.onnx", "wb").write(model.SerializeToString())
PY
mkdir "$work/names"
"$dmlp" onnx "$work/names.onnx" -o "$work/names" >/dev/null 2>&1
check "output names: exit 0" [ $? -eq 0 ]
check "output names as files" [ "$(ls -A "$work/names" | LC_ALL=C sort | tr '\n' ' ')" = \
    "_.x.npy ___z.npy a_b.npy a_b_1.npy " ]

# Failures: exit 1, a message naming the problem, nothing written.
mkdir "$work/none"
"$dmlp" onnx "$gen/cases/dmlp_chain_three_outputs/model.onnx" -o "$work/none" \
    >/dev/null 2>"$work/err"
check "missing input: exit 1" [ $? -eq 1 ]
check "missing input: message" grep -q '"x" is not given' "$work/err"
"$dmlp" onnx "$gen/cases/dmlp_chain_three_outputs/model.onnx" -i x="$work/nothere.npy" \
    -o "$work/none" >/dev/null 2>"$work/err"
check "unreadable input: exit 1" [ $? -eq 1 ]
"$dmlp" onnx "$gen/refused/sign9_bfloat16.onnx" -o "$work/none" >/dev/null 2>"$work/err"
check "refused model: exit 1" [ $? -eq 1 ]
check "refused model: message" grep -q "Sign-9 allows" "$work/err"
check "nothing written" [ -z "$(ls "$work/none")" ]

# An integer Div whose B holds a 0: refused when it runs, naming the node and the element.
$py - "$work" <<'PY'
import sys, numpy as np
np.save(sys.argv[1] + "/a.npy", np.arange(64, dtype=np.int32).reshape(8, 8))
np.save(sys.argv[1] + "/b.npy", np.array([1, 2, 3, 0, 5, 6, 7, 8], dtype=np.int32))
PY
"$dmlp" onnx "$gen/cases/dmlp_div14_int32_opset14/model.onnx" -i a="$work/a.npy" \
    -i b="$work/b.npy" -o "$work/none" >/dev/null 2>"$work/err"
check "integer division by zero: exit 1" [ $? -eq 1 ]
check "integer division by zero: message" grep -q \
    'Div-14 node producing "y": ELEMENT_WISE_DIVIDE: BTensor element \[0, 3\] is 0' "$work/err"
check "integer division by zero: nothing written" [ -z "$(ls "$work/none")" ]

# A chain longer than one graph holds (70,000 Sign nodes after lowering): refused in
# ONNX's terms before anything runs, nothing written.
$py - "$work" <<'PY'
import sys, numpy as np
from onnx import TensorProto, helper
n = 70000
names = ["x"] + ["t%d" % i for i in range(n - 1)] + ["y"]
nodes = [helper.make_node("Sign", [names[i]], [names[i + 1]]) for i in range(n)]
vi = helper.make_tensor_value_info
graph = helper.make_graph(nodes, "long", [vi("x", TensorProto.FLOAT, [4])],
                          [vi("y", TensorProto.FLOAT, [4])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
with open(sys.argv[1] + "/long.onnx", "wb") as f:
    f.write(model.SerializeToString())
np.save(sys.argv[1] + "/x4.npy", np.array([-2, 0, 3, np.nan], np.float32))
PY
mkdir "$work/long"
"$dmlp" onnx "$work/long.onnx" -i x="$work/x4.npy" -o "$work/long" 2>"$work/err" >/dev/null
check "70,000 nodes: exit 1" [ $? -eq 1 ]
check "70,000 nodes: the message" grep -q \
    "the model runs 70000 nodes after lowering .* dmlp runs at most 65535 in one graph" "$work/err"
check "70,000 nodes: nothing written" [ -z "$(ls "$work/long")" ]

echo "test_onnx_cli: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
