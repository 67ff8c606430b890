"""Greater, Equal, And and Or cases for gen_cases.py: models with expected outputs computed
here, independently of dmlp: numpy's comparison in the input's own type (bfloat16 decoded
exactly to float32 first, as ONNX's reference evaluator does), numpy's logical_and and
logical_or on bool. Every version of each operator on every type it allows; numpy
broadcasting from version 7 and the legacy broadcast/axis attributes before it; the
refusals (types a version does not allow, bool and numbers mixed, shapes).

logical_cases(root, g) and logical_refused_cases(root, g) write them, g being the
gen_cases module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
STRING, BFLOAT16 = 8, 16
INTS = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64)

# (operator, since, (first opset, last opset), types)
VERSIONS = [
    ("Greater", 1, (1, 6), (FLOAT16, FLOAT, DOUBLE)),
    ("Greater", 7, (7, 8), (FLOAT16, FLOAT, DOUBLE)),
    ("Greater", 9, (9, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("Greater", 13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("Equal", 1, (1, 6), (BOOL, INT32, INT64)),
    ("Equal", 7, (7, 10), (BOOL, INT32, INT64)),
    ("Equal", 11, (11, 12), INTS + (BOOL, FLOAT16, FLOAT, DOUBLE)),
    ("Equal", 13, (13, 18), INTS + (BOOL, FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("Equal", 19, (19, 23), INTS + (BOOL, FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("LessOrEqual", 12, (12, 15), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("LessOrEqual", 16, (16, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("GreaterOrEqual", 12, (12, 15), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("GreaterOrEqual", 16, (16, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("Less", 1, (1, 6), (FLOAT16, FLOAT, DOUBLE)),
    ("Less", 7, (7, 8), (FLOAT16, FLOAT, DOUBLE)),
    ("Less", 9, (9, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("Less", 13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("And", 1, (1, 6), (BOOL,)),
    ("And", 7, (7, 23), (BOOL,)),
    ("Or", 1, (1, 6), (BOOL,)),
    ("Or", 7, (7, 23), (BOOL,)),
    ("Xor", 1, (1, 6), (BOOL,)),
    ("Xor", 7, (7, 23), (BOOL,)),
]


def decoded(g, onnx_type, x):
    """The values numpy compares: bfloat16 bits decoded exactly to float32."""
    return g.bf16_to_f32(x) if onnx_type == BFLOAT16 else x


COMPARISONS = {"Greater": np.greater, "Equal": np.equal, "LessOrEqual": np.less_equal, "GreaterOrEqual": np.greater_equal, "Less": np.less}


def reference(g, op, onnx_type, a, b):
    if op in COMPARISONS:
        return COMPARISONS[op](decoded(g, onnx_type, a), decoded(g, onnx_type, b))
    return {"And": np.logical_and, "Or": np.logical_or, "Xor": np.logical_xor}[op](a, b)


def values(g, onnx_type):
    """A (edges and a sample; every float16/bfloat16 pattern) and a B row as long as A's
    rows, holding A's first edges (so NaN, ±0, ±inf and equal values meet)."""
    a = g.storage(onnx_type, g.input_values(onnx_type))
    if onnx_type == BOOL:
        return a, g.rng.integers(0, 2, size=a.shape[-1]).astype(np.bool_)
    b = a.reshape(-1)[: a.shape[-1]].copy()
    if onnx_type in (FLOAT16, BFLOAT16):  # the edges, then random bit patterns
        bits = b.view(np.uint16)
        edges = np.array([0x0000, 0x8000, 0x0001, 0x8001, 0x7C00 if onnx_type == FLOAT16
                          else 0x7F80, 0xFC00 if onnx_type == FLOAT16 else 0xFF80,
                          0x7E00 if onnx_type == FLOAT16 else 0x7FC0, 0x3C00 if onnx_type ==
                          FLOAT16 else 0x3F80], dtype=np.uint16)
        bits[: edges.size] = edges
        bits[edges.size:] = g.rng.integers(0, 65536, size=bits.size - edges.size,
                                           dtype=np.uint16)
    return a, b


def case(g, root, name, op, opset, onnx_type, a, b, attrs=None):
    attrs = attrs or {}
    node = helper.make_node(op, ["a", "b"], ["y"], name=name + "_node", **attrs)
    if attrs.get("broadcast") == 1 and "axis" in attrs:  # B's axes from `axis` of A's
        axis = attrs["axis"]
        expected = reference(g, op, onnx_type, a,
                             b.reshape(b.shape + (1,) * (a.ndim - axis - b.ndim)))
    else:
        expected = reference(g, op, onnx_type, a, b)
    model = g.model_of([node], [helper.make_tensor_value_info("a", onnx_type, list(a.shape)),
                                helper.make_tensor_value_info("b", onnx_type, list(b.shape))],
                       [helper.make_tensor_value_info("y", BOOL, list(expected.shape))], opset)
    y = g.raw_tensor("y", BOOL, expected.astype(np.bool_))
    sets = [([g.raw_tensor("a", onnx_type, a), g.raw_tensor("b", onnx_type, b)], [y])]
    if onnx_type in (FLOAT, BOOL, INT64):  # the typed fields too
        sets.append(([g.typed_tensor("a", onnx_type, a), g.typed_tensor("b", onnx_type, b)],
                     [y]))
    g.write_case(root, name, model, sets)


def logical_cases(root, g):
    for op, since, opsets, types in VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            a, b = values(g, onnx_type)
            attrs = {"broadcast": 1} if since < 7 else {}
            name = "dmlp_%s%d_%s_opset%d" % (op.lower(), since, g.NAMES[onnx_type], opset)
            case(g, root, name, op, opset, onnx_type, a, b, attrs)
    # hand-checked: NaN > x, x > NaN, -0 > +0, +0 > -0 false; subnormal > -0 true
    a = np.array([np.nan, 1.0, -0.0, 0.0, 1e-45, -np.inf, np.inf], dtype=np.float32)
    b = np.array([1.0, np.nan, 0.0, -0.0, -0.0, -np.inf, 3.4e38], dtype=np.float32)
    want = np.array([0, 0, 0, 0, 1, 0, 1], dtype=np.bool_)
    assert (np.greater(a, b) == want).all()
    case(g, root, "dmlp_greater_hand_checked", "Greater", 13, FLOAT, a, b)
    # Equal: NaN == NaN false, -0 == +0 true, subnormals by value, bool as bool
    a = np.array([np.nan, np.nan, -0.0, 0.0, 1e-45, -np.inf, np.inf], dtype=np.float32)
    b = np.array([np.nan, 1.0, 0.0, -0.0, 1e-45, -np.inf, 3.4e38], dtype=np.float32)
    want = np.array([0, 0, 1, 1, 1, 1, 0], dtype=np.bool_)
    assert (np.equal(a, b) == want).all()
    case(g, root, "dmlp_equal_hand_checked", "Equal", 13, FLOAT, a, b)
    case(g, root, "dmlp_equal_bool_broadcast", "Equal", 19, BOOL,
         np.array([[True], [False]]), np.array([True, False, False]))
    case(g, root, "dmlp_equal1_axis1", "Equal", 1, INT64,
         g.rng.integers(-3, 3, size=(2, 3, 4)), g.rng.integers(-3, 3, size=(3,)),
         {"broadcast": 1, "axis": 1})
    # numpy broadcasting: a row, a column, a scalar A, both broadcast, higher rank
    x = g.rng.standard_normal((2, 3, 4)).astype(np.float32)
    for name, y in (("row", g.rng.standard_normal((4,))),
                    ("column", g.rng.standard_normal((3, 1))),
                    ("scalar", np.array(0.0)),
                    ("higher_rank", g.rng.standard_normal((2, 1, 1, 4)))):
        case(g, root, "dmlp_greater_broadcast_%s" % name, "Greater", 13, FLOAT, x,
             y.astype(np.float32))
    case(g, root, "dmlp_greater_broadcast_scalar_a", "Greater", 9, INT32,
         np.array(0, dtype=np.int32), np.array([[-1, 0, 1], [2**31 - 1, -2**31, 5]], np.int32))
    case(g, root, "dmlp_and_broadcast_both", "And", 7, BOOL,
         np.array([[True], [False], [True]]), np.array([True, False, True, True]))
    case(g, root, "dmlp_or_broadcast_column", "Or", 17, BOOL,
         g.rng.integers(0, 2, size=(3, 4)).astype(np.bool_), np.array([[True], [False], [False]]))
    # before version 7: equal shapes, or broadcast = 1 with B at an axis of A
    case(g, root, "dmlp_greater1_same_shape", "Greater", 1, FLOAT, x,
         g.rng.standard_normal((2, 3, 4)).astype(np.float32))
    for axis, shape in ((0, (2,)), (1, (3,)), (1, (3, 4))):
        case(g, root, "dmlp_greater1_axis%d_%dd" % (axis, len(shape)), "Greater", 1, DOUBLE,
             x.astype(np.float64), g.rng.standard_normal(shape), {"broadcast": 1, "axis": axis})
    case(g, root, "dmlp_and1_axis0", "And", 1, BOOL,
         g.rng.integers(0, 2, size=(2, 3)).astype(np.bool_), np.array([True, False]),
         {"broadcast": 1, "axis": 0})
    case(g, root, "dmlp_or1_scalar_b", "Or", 1, BOOL,
         g.rng.integers(0, 2, size=(2, 3)).astype(np.bool_), np.array(False),
         {"broadcast": 1})
    case(g, root, "dmlp_xor_broadcast_both", "Xor", 7, BOOL,
         np.array([[True], [False], [True]]), np.array([True, False, True, True]))
    # Not (version 1, bool), alone and in a graph: Xor(a, b) == Not(Equal(a, b)) on bool
    x = g.rng.integers(0, 2, size=(3, 5)).astype(np.bool_)
    for opset in (1, 23):
        model = g.model_of([helper.make_node("Not", ["x"], ["y"])],
                           [helper.make_tensor_value_info("x", BOOL, list(x.shape))],
                           [helper.make_tensor_value_info("y", BOOL, list(x.shape))], opset)
        g.write_case(root, "dmlp_not_opset%d" % opset, model,
                     [([g.raw_tensor("x", BOOL, x)], [g.raw_tensor("y", BOOL, ~x)])])
    y = g.rng.integers(0, 2, size=(5,)).astype(np.bool_)
    model = g.model_of([helper.make_node("Equal", ["x", "y"], ["e"]),
                        helper.make_node("Not", ["e"], ["z"])],
                       [helper.make_tensor_value_info("x", BOOL, list(x.shape)),
                        helper.make_tensor_value_info("y", BOOL, list(y.shape))],
                       [helper.make_tensor_value_info("z", BOOL, list(x.shape))], 13)
    g.write_case(root, "dmlp_graph_not_equal_bool", model,
                 [([g.raw_tensor("x", BOOL, x), g.raw_tensor("y", BOOL, y)],
                   [g.raw_tensor("z", BOOL, np.logical_xor(x, y))])])
    # the exporter's isposinf: IsInf(Cast(x, double)) And Greater(x, 0), in float16
    xs = g.storage(FLOAT16, g.input_values(FLOAT16))
    zero = np.array(0, dtype=np.float16)
    nodes = [helper.make_node("Cast", ["x"], ["d"], to=DOUBLE),
             helper.make_node("IsInf", ["d"], ["inf"]),
             helper.make_node("Greater", ["x", "zero"], ["pos"]),
             helper.make_node("And", ["inf", "pos"], ["y"])]
    model = g.model_of(nodes, [helper.make_tensor_value_info("x", FLOAT16, list(xs.shape))],
                       [helper.make_tensor_value_info("y", BOOL, list(xs.shape))], 17,
                       initializers=[g.raw_tensor("zero", FLOAT16, zero)])
    want = np.isinf(xs) & (xs > zero)
    g.write_case(root, "dmlp_graph_isposinf_f16", model,
                 [([g.raw_tensor("x", FLOAT16, xs)], [g.raw_tensor("y", BOOL, want)])])


def model(g, op, a_type, b_type, a_shape=(2, 3), b_shape=(3,), opset=13, attrs=None):
    node = helper.make_node(op, ["a", "b"], ["y"], name="n", **(attrs or {}))
    return g.model_of([node], [helper.make_tensor_value_info("a", a_type, list(a_shape)),
                               helper.make_tensor_value_info("b", b_type, list(b_shape))],
                      [helper.make_tensor_value_info("y", BOOL, None)],
                      opset).SerializeToString()


def logical_refused_cases(root, g):
    g.refuse(root, "less_or_equal16_bool", model(g, "LessOrEqual", BOOL, BOOL, opset=16),
             "LessOrEqual-16 allows", "bool")
    g.refuse(root, "greater_or_equal12_bfloat16", model(g, "GreaterOrEqual", BFLOAT16,
                                                         BFLOAT16, opset=15),
             "GreaterOrEqual-12 allows", "bfloat16")
    g.refuse(root, "greater_or_equal_opset11", model(g, "GreaterOrEqual", FLOAT, FLOAT,
                                                      opset=11),
             "GreaterOrEqual first appears in opset 12")
    g.refuse(root, "less7_int8", model(g, "Less", INT8, INT8, opset=8), "Less-7 allows",
             "int8")
    g.refuse(root, "less13_bool", model(g, "Less", BOOL, BOOL), "Less-13 allows", "bool")
    g.refuse(root, "greater7_int32", model(g, "Greater", INT32, INT32, opset=8),
             "Greater-7 allows", "int32")
    g.refuse(root, "greater9_bfloat16", model(g, "Greater", BFLOAT16, BFLOAT16, opset=12),
             "Greater-9 allows", "bfloat16")
    g.refuse(root, "greater13_bool", model(g, "Greater", BOOL, BOOL), "Greater-13 allows",
             "bool")
    g.refuse(root, "greater_two_types", model(g, "Greater", FLOAT, DOUBLE),
             'input "b" has type double', "needs both inputs of one type")
    g.refuse(root, "greater_no_broadcast", model(g, "Greater", FLOAT, FLOAT, b_shape=(4,)),
             "Greater", "do not broadcast")
    g.refuse(root, "greater1_consumed_inputs",
             model(g, "Greater", FLOAT, FLOAT, opset=1,
                   attrs={"broadcast": 1, "consumed_inputs": [0]}),
             'attribute "consumed_inputs" is not one of Greater-1')
    g.refuse(root, "greater1_shapes_without_broadcast", model(g, "Greater", FLOAT, FLOAT,
                                                              opset=1),
             "unless the attribute broadcast is 1")
    g.refuse(root, "equal7_float", model(g, "Equal", FLOAT, FLOAT, opset=10),
             "Equal-7 allows", "float")
    g.refuse(root, "equal19_string", model(g, "Equal", STRING, STRING, opset=19), "string")
    g.refuse(root, "equal_bool_and_uint8", model(g, "Equal", BOOL, UINT8, opset=13),
             'input "b" has type uint8')
    g.refuse(root, "xor_uint8", model(g, "Xor", UINT8, UINT8, opset=7), "Xor-7 allows bool")
    g.refuse(root, "not_float", g.simple("Not", FLOAT, 13), "Not-1 allows bool")
    g.refuse(root, "and_float", model(g, "And", FLOAT, FLOAT, opset=7), "And-7 allows bool")
    g.refuse(root, "or_bool_and_uint8", model(g, "Or", BOOL, UINT8, opset=7),
             'input "b" has type uint8')
    g.refuse(root, "and7_axis_attribute", model(g, "And", BOOL, BOOL, opset=7,
                                                attrs={"axis": 0}),
             'attribute "axis" is not one of And-7')
