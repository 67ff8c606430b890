"""Reciprocal, Sqrt and Log cases for gen_cases.py: models with expected outputs computed
here, independently of dmlp, with numpy: in the input's own type for float and double, and
for float16 and bfloat16 (bfloat16 decoded exactly) in float32, then rounded once to the
type, which is how ONNX's reference and dmlp define them. Log is correctly rounded in dmlp
(not numpy's approximation): its expected values are mpmath's logarithm at 200 bits
rounded once to the type's significand. Every version of each operator on every
type it allows (float16 and bfloat16 patterns exhaustively), version 1's consumed_inputs,
hand-checked values, and the refusals (types a version does not allow, the legacy
attribute after version 1, two inputs).

unary_cases(root, g) and unary_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import mpmath
import numpy as np
from onnx import helper

FLOAT, INT32, FLOAT16, DOUBLE, BFLOAT16 = 1, 6, 10, 11, 16


def reciprocal(x):
    return np.divide(x.dtype.type(1), x)


def sqrt(x):
    """numpy's sqrt, with the positive default NaN below zero (numpy's is the CPU's)."""
    r = np.sqrt(x)
    return np.where((x < 0) & ~np.isnan(x), np.abs(r), r)


BITS = {FLOAT16: 11, FLOAT: 24, DOUBLE: 53, BFLOAT16: 8}
_log_memo = {}


def log_correctly_rounded(g, onnx_type, x):
    """log of each element rounded once to the type (no log of these types is subnormal or
    overflows): -inf at ±0, NaN below zero and for NaN, +inf at +inf."""
    key = (onnx_type, x.dtype.str, x.shape, x.tobytes())
    if key in _log_memo:
        return _log_memo[key]
    values = g.bf16_to_f32(x) if onnx_type == BFLOAT16 else x
    out = np.empty(x.shape, np.float64)
    for i, v in enumerate(values.reshape(-1).tolist()):
        if v != v or v < 0:
            out.flat[i] = np.nan
        elif v == 0 or v == float("inf"):
            out.flat[i] = -np.inf if v == 0 else np.inf
        else:
            with mpmath.workprec(200):
                y = mpmath.log(mpmath.mpf(v))
            with mpmath.workprec(BITS[onnx_type]):
                out.flat[i] = float(+y)
    if onnx_type == BFLOAT16:  # exact: every value has at most 8 significant bits
        result = g.f32_to_bf16(out.astype(np.float32))
    else:
        result = out.astype(x.dtype)
    _log_memo[key] = result
    return result


# Operators whose expected values come from their own function of (g, type, x).
CORRECTLY_ROUNDED = {"Log": log_correctly_rounded}

# name: (function on float32 and float64 arrays, [(since, (first opset, last opset),
# types)], the types of the newest version as its refusal names them)
OPERATORS = {
    "Reciprocal": (reciprocal, [
        (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
        (6, (6, 12), (FLOAT16, FLOAT, DOUBLE)),
        (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ], "float16, float, double, bfloat16"),
    "Sqrt": (sqrt, [
        (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
        (6, (6, 12), (FLOAT16, FLOAT, DOUBLE)),
        (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ], "float16, float, double, bfloat16"),
    "Log": (None, [
        (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
        (6, (6, 12), (FLOAT16, FLOAT, DOUBLE)),
        (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ], "float16, float, double, bfloat16"),
}


def reference(g, op, onnx_type, x):
    if op in CORRECTLY_ROUNDED:
        return CORRECTLY_ROUNDED[op](g, onnx_type, x)
    f = OPERATORS[op][0]
    with np.errstate(all="ignore"):
        if onnx_type == BFLOAT16:
            return g.f32_to_bf16(f(g.bf16_to_f32(x)))
        if onnx_type == FLOAT16:
            return f(x.astype(np.float32)).astype(np.float16)
        return f(x)


def case(g, root, name, op, opset, onnx_type, x, attrs=None, typed_set=False):
    node = helper.make_node(op, ["x"], ["y"], name=name + "_node", **(attrs or {}))
    model = g.model_of([node], [helper.make_tensor_value_info("x", onnx_type, list(x.shape))],
                       [helper.make_tensor_value_info("y", onnx_type, list(x.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, reference(g, op, onnx_type, x)))
    sets = [([g.raw_tensor("x", onnx_type, x)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("x", onnx_type, x)], [y]))
    g.write_case(root, name, model, sets)


def unary_cases(root, g):
    for op, (_, versions, _) in OPERATORS.items():
        for since, opsets, types in versions:
            for i, onnx_type in enumerate(types):
                opset = opsets[i % len(opsets)]
                x = g.storage(onnx_type, g.input_values(onnx_type))
                name = "dmlp_%s%d_%s_opset%d" % (op.lower(), since, g.NAMES[onnx_type], opset)
                case(g, root, name, op, opset, onnx_type, x,
                     typed_set=onnx_type in (FLOAT, DOUBLE, BFLOAT16))
        if versions[0][0] == 1:
            x = g.storage(FLOAT, g.input_values(FLOAT))
            case(g, root, "dmlp_%s1_consumed_inputs" % op.lower(), op, 1, FLOAT, x,
                 {"consumed_inputs": [0]})
    # hand-checked: ±0 and ±inf swap, 1/3 rounds, a subnormal's reciprocal overflows and the
    # largest value's is a subnormal
    x = np.array([-0.0, 0.0, np.inf, -np.inf, 3.0, 0.25, 1e-45, 3.4028235e38],
                 dtype=np.float32)
    recip = np.array([-np.inf, np.inf, 0.0, -0.0, np.float32(0.33333334), 4.0, np.inf,
                      np.float32(2.938736e-39)], dtype=np.float32)
    assert np.array_equal(reference(g, "Reciprocal", FLOAT, x).view(np.uint32),
                          recip.view(np.uint32))
    case(g, root, "dmlp_reciprocal_hand_checked", "Reciprocal", 13, FLOAT, x)
    # hand-checked: -0 stays, below zero is NaN, a subnormal's root is normal, 2's rounds
    x = np.array([-0.0, 0.0, np.inf, -np.inf, -1.0, 1e-45, 2.0, 6.25], dtype=np.float32)
    roots = np.array([-0.0, 0.0, np.inf, np.nan, np.nan, np.float32(3.7433921e-23),
                      np.float32(1.4142135), 2.5], dtype=np.float32)
    assert np.array_equal(reference(g, "Sqrt", FLOAT, x).view(np.uint32),
                          roots.view(np.uint32))
    case(g, root, "dmlp_sqrt_hand_checked", "Sqrt", 13, FLOAT, x)
    case(g, root, "dmlp_sqrt_scalar", "Sqrt", 6, DOUBLE, np.array(2.0))
    # hand-checked: ±0 give -inf, below zero NaN, log 1 = +0, the least subnormal and 2
    x = np.array([-0.0, 0.0, np.inf, -np.inf, -1.0, 1.0, 1e-45, 2.0], dtype=np.float32)
    logs = np.array([-np.inf, -np.inf, np.inf, np.nan, np.nan, 0.0, np.float32(-103.27893),
                     np.float32(0.6931472)], dtype=np.float32)
    got = reference(g, "Log", FLOAT, x)
    assert np.array_equal(np.isnan(got), np.isnan(logs))
    assert np.array_equal(got[~np.isnan(logs)].view(np.uint32), logs[~np.isnan(logs)].view(np.uint32))
    case(g, root, "dmlp_log_hand_checked", "Log", 13, FLOAT, x)
    case(g, root, "dmlp_log_scalar", "Log", 6, DOUBLE, np.array(10.0))
    # 0-d, empty and rank 8; Reciprocal(Reciprocal(x)) through an intermediate
    case(g, root, "dmlp_reciprocal_scalar", "Reciprocal", 13, DOUBLE, np.array(-2.5))
    case(g, root, "dmlp_reciprocal_empty", "Reciprocal", 13, BFLOAT16, np.zeros((2, 0), np.uint16))
    case(g, root, "dmlp_reciprocal_rank8", "Reciprocal", 6, FLOAT16,
         (g.rng.standard_normal((1, 2, 1, 3, 1, 2, 2, 2)) * 100).astype(np.float16))
    x = g.storage(FLOAT16, g.input_values(FLOAT16))
    nodes = [helper.make_node("Reciprocal", ["x"], ["r"]),
             helper.make_node("Reciprocal", ["r"], ["y"])]
    model = g.model_of(nodes, [helper.make_tensor_value_info("x", FLOAT16, list(x.shape))],
                       [helper.make_tensor_value_info("r", FLOAT16, list(x.shape)),
                        helper.make_tensor_value_info("y", FLOAT16, list(x.shape))], 13)
    r = reference(g, "Reciprocal", FLOAT16, x)
    g.write_case(root, "dmlp_graph_reciprocal_twice_f16", model,
                 [([g.raw_tensor("x", FLOAT16, x)],
                   [g.raw_tensor("r", FLOAT16, r),
                    g.raw_tensor("y", FLOAT16, reference(g, "Reciprocal", FLOAT16, r))])])


def unary_refused_cases(root, g):
    for op, (_, versions, newest_types) in OPERATORS.items():
        low = op.lower()
        newest = versions[-1][0]
        g.refuse(root, "%s_int32" % low, g.simple(op, INT32, versions[-1][1][0], node_name="r"),
                 'node 0 "r"', "%s at opset %d" % (op, versions[-1][1][0]), "int32",
                 "%s-%d allows %s" % (op, newest, newest_types))
        if len(versions) > 1 and BFLOAT16 not in versions[-2][2]:
            last = versions[-1][1][0] - 1
            g.refuse(root, "%s%d_bfloat16" % (low, versions[-2][0]),
                     g.simple(op, BFLOAT16, last), "%s at opset %d" % (op, last), "bfloat16",
                     "%s-%d allows float16, float, double" % (op, versions[-2][0]))
        if versions[0][0] == 1:
            g.refuse(root, "%s6_consumed_inputs" % low,
                     g.simple(op, FLOAT, 6, attrs={"consumed_inputs": [0]}),
                     'attribute "consumed_inputs" is not one of %s-6\'s' % op)
        g.refuse(root, "%s_two_inputs" % low, g.model_of(
            [helper.make_node(op, ["x", "x"], ["y"])],
            [helper.make_tensor_value_info("x", FLOAT, [2])],
            [helper.make_tensor_value_info("y", FLOAT, [2])], newest),
            "has 2 inputs; %s takes exactly one, named" % op)
