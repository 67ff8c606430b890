"""BitwiseAnd, BitwiseOr, BitwiseXor and BitwiseNot cases for gen_cases.py: models with
expected outputs computed here, independently of dmlp, by numpy's bitwise functions
(ONNX's reference). Every type of version 18 at opsets 18 to 23, numpy broadcasting (a
row, a column, a scalar, both sides, higher rank), a graph of several of them, and the
refusals (types version 18 does not allow, an opset before 18, two types).

bitwise_cases(root, g) and bitwise_refused_cases(root, g) write them, g being the
gen_cases module (its helpers and lists).
"""
import numpy as np
from onnx import helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
INTS = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64)
OPSETS = (18, 19, 20, 21, 22, 23)

# ONNX's operator, its numpy function, its inputs
OPERATORS = [
    ("BitwiseAnd", np.bitwise_and, 2),
    ("BitwiseOr", np.bitwise_or, 2),
    ("BitwiseXor", np.bitwise_xor, 2),
    ("BitwiseNot", np.invert, 1),
]


def case(g, root, name, op, opset, onnx_type, xs):
    fn, count = {o: (f, n) for o, f, n in OPERATORS}[op]
    names = ["a", "b"][:count]
    node = helper.make_node(op, names, ["y"], name=name + "_node")
    expected = fn(*xs)
    model = g.model_of([node], [helper.make_tensor_value_info(n, onnx_type, list(x.shape))
                                for n, x in zip(names, xs)],
                       [helper.make_tensor_value_info("y", onnx_type, list(expected.shape))],
                       opset)
    y = g.raw_tensor("y", onnx_type, expected)
    sets = [([g.raw_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y])]
    if onnx_type in (INT64, UINT32, INT8):  # the typed fields too
        sets.append(([g.typed_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y]))
    g.write_case(root, name, model, sets)


def operands(g, onnx_type, count):
    """A (edges and a sample, 8 x 8) and a B row of 8 holding A's edges reversed."""
    a = g.storage(onnx_type, g.input_values(onnx_type))
    if count == 1:
        return [a]
    return [a, a.reshape(-1)[:8][::-1].copy()]


def bitwise_cases(root, g):
    for op, fn, count in OPERATORS:
        for i, onnx_type in enumerate(INTS):
            opset = OPSETS[i % len(OPSETS)]
            name = "dmlp_%s18_%s_opset%d" % (op.lower(), g.NAMES[onnx_type], opset)
            case(g, root, name, op, opset, onnx_type, operands(g, onnx_type, count))
        if count == 2:
            x = g.rng.integers(-2**31, 2**31, size=(2, 3, 4), dtype=np.int64).astype(np.int32)
            for shape_name, shape in (("row", (4,)), ("column", (3, 1)), ("scalar", ()),
                                      ("higher_rank", (2, 1, 1, 4))):
                y = g.rng.integers(-2**31, 2**31, size=shape, dtype=np.int64).astype(np.int32)
                case(g, root, "dmlp_%s_broadcast_%s" % (op.lower(), shape_name), op, 18, INT32,
                     [x, y])
            case(g, root, "dmlp_%s_broadcast_both" % op.lower(), op, 18, UINT8,
                 [np.array([[1], [128], [255]], np.uint8), np.array([0, 15, 240, 255], np.uint8)])
    # Not of 0-d, empty and rank-8 tensors
    case(g, root, "dmlp_bitwisenot_scalar", "BitwiseNot", 18, INT64, [np.array(-1, np.int64)])
    case(g, root, "dmlp_bitwisenot_empty", "BitwiseNot", 18, UINT8, [np.zeros((2, 0), np.uint8)])
    case(g, root, "dmlp_bitwisenot_rank8", "BitwiseNot", 18, INT16,
         [g.rng.integers(-2**15, 2**15, size=(1, 2, 1, 2, 1, 2, 1, 3)).astype(np.int16)])
    # a graph: (a & b) ^ (a | b) is a ^ b
    a = g.storage(UINT16, g.input_values(UINT16))
    b = g.rng.integers(0, 65536, size=a.shape, dtype=np.uint16)
    nodes = [helper.make_node("BitwiseAnd", ["a", "b"], ["t"]),
             helper.make_node("BitwiseOr", ["a", "b"], ["u"]),
             helper.make_node("BitwiseXor", ["t", "u"], ["y"])]
    vi = helper.make_tensor_value_info
    model = g.model_of(nodes, [vi("a", UINT16, list(a.shape)), vi("b", UINT16, list(b.shape))],
                       [vi("y", UINT16, list(a.shape))], 18)
    g.write_case(root, "dmlp_graph_bitwise_xor_of_and_or", model,
                 [([g.raw_tensor("a", UINT16, a), g.raw_tensor("b", UINT16, b)],
                   [g.raw_tensor("y", UINT16, a ^ b)])])


def model(g, op, types, opset=18):
    names = ["a", "b"][:len(types)]
    node = helper.make_node(op, names, ["y"], name="n")
    return g.model_of([node], [helper.make_tensor_value_info(n, t, [2, 3])
                               for n, t in zip(names, types)],
                      [helper.make_tensor_value_info("y", types[0], None)],
                      opset).SerializeToString()


def bitwise_refused_cases(root, g):
    g.refuse(root, "bitwiseand_float", model(g, "BitwiseAnd", (FLOAT, FLOAT)),
             "BitwiseAnd-18 allows", "float")
    g.refuse(root, "bitwiseor_bool", model(g, "BitwiseOr", (BOOL, BOOL)),
             "BitwiseOr-18 allows", "bool")
    g.refuse(root, "bitwisexor_opset17", model(g, "BitwiseXor", (INT32, INT32), opset=17),
             "BitwiseXor", "opset 17")
    g.refuse(root, "bitwisenot_double", model(g, "BitwiseNot", (DOUBLE,)),
             "BitwiseNot-18 allows", "double")
    g.refuse(root, "bitwiseand_two_types", model(g, "BitwiseAnd", (INT32, UINT32)),
             'input "b" has type uint32')
