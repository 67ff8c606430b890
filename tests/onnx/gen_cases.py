#!/usr/bin/python3
"""Writes dmlp's own ONNX test cases: models built with onnx.helper, inputs from numpy, and
expected outputs computed here, independently of dmlp (numpy for Sign, IsInf and IsNaN, numpy
float32/float64 arithmetic for Softsign, and this file's own bfloat16 / float8 codecs).
Cast, Greater/And/Or, Ceil/Floor, Relu/Max, Min/Mean/Mod/PRelu, Sum and Mean of more
than two inputs, the Bitwise operators, Reciprocal/Sqrt/Log, Round, Erf/Gelu and Softplus are in
modules of their own (gen_cast_cases.py, gen_logical_cases.py, gen_rounding_cases.py,
gen_minmax_cases.py, gen_binary_ops_cases.py, gen_fold_cases.py, gen_bitwise_cases.py,
gen_unary_cases.py, gen_round_cases.py, gen_erf_cases.py, gen_softplus_cases.py); the
refusals of Softmax, LogSoftmax and Hardmax are in gen_softmax_cases.py (their results:
check_softmax_cases.py).

Usage: gen_cases.py OUT_DIR

OUT_DIR/cases/<name>/       ONNX backend-test layout (model.onnx, test_data_set_<k>/
                            input_<i>.pb, output_<i>.pb); every case must pass
OUT_DIR/must_fail/<name>/   cases whose expected outputs are deliberately wrong; the
                            runner must report them as failed (must_fail_exact/: only
                            with --exact)
OUT_DIR/refused/<name>.onnx models the loader must refuse; manifest.txt lists
                            "<name>\\t<fragment>|<fragment>..." (every fragment must be in
                            the message)
"""
import math
import os
import struct
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

import gen_bitwise_cases
import gen_cast_cases
import gen_clip_cases
import gen_quant_cases
import gen_logical_cases
import gen_minmax_cases
import gen_binary_ops_cases
import gen_fold_cases
import gen_rounding_cases
import gen_round_cases
import gen_where_cases
import gen_unary_cases
import gen_erf_cases
import gen_softplus_cases
import gen_mish_cases
import gen_softmax_cases

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, STRING, BOOL, FLOAT16, DOUBLE, UINT32, \
    UINT64 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
BFLOAT16, F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ = 16, 17, 18, 19, 20

NAMES = {FLOAT: "float", UINT8: "uint8", INT8: "int8", UINT16: "uint16", INT16: "int16",
         INT32: "int32", INT64: "int64", BOOL: "bool", FLOAT16: "float16", DOUBLE: "double",
         UINT32: "uint32", UINT64: "uint64", BFLOAT16: "bfloat16", F8E4M3FN: "float8e4m3fn",
         F8E4M3FNUZ: "float8e4m3fnuz", F8E5M2: "float8e5m2", F8E5M2FNUZ: "float8e5m2fnuz",
         STRING: "string"}
NUMPY = {FLOAT: np.float32, UINT8: np.uint8, INT8: np.int8, UINT16: np.uint16,
         INT16: np.int16, INT32: np.int32, INT64: np.int64, BOOL: np.bool_,
         FLOAT16: np.float16, DOUBLE: np.float64, UINT32: np.uint32, UINT64: np.uint64}
INTS = (UINT8, INT8, UINT16, INT16, INT32, INT64, UINT32, UINT64)
FLOAT8 = (F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ)

rng = np.random.default_rng(20240601)


# ---- number formats numpy lacks --------------------------------------------------------

def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values):
    """Round float32 to bfloat16 bit patterns, to nearest even; NaN stays a quiet NaN."""
    u = values.astype(np.float32).view(np.uint32).astype(np.uint64)
    out = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(values)
    out[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
    return out


def f8_value(byte, kind):
    """The value of one float8 byte, from the format's definition."""
    sign = -1.0 if byte & 0x80 else 1.0
    if kind in (F8E4M3FN, F8E4M3FNUZ):
        bias = 7 if kind == F8E4M3FN else 8
        e, m = (byte >> 3) & 15, byte & 7
        if kind == F8E4M3FN and byte & 0x7F == 0x7F:
            return float("nan")
        if kind == F8E4M3FNUZ and byte == 0x80:
            return float("nan")
        mag = (m / 8.0) * 2.0 ** (1 - bias) if e == 0 else (1 + m / 8.0) * 2.0 ** (e - bias)
    else:
        bias = 15 if kind == F8E5M2 else 16
        e, m = (byte >> 2) & 31, byte & 3
        if kind == F8E5M2FNUZ and byte == 0x80:
            return float("nan")
        if kind == F8E5M2 and e == 31:
            return float("nan") if m else sign * float("inf")
        mag = (m / 4.0) * 2.0 ** (1 - bias) if e == 0 else (1 + m / 4.0) * 2.0 ** (e - bias)
    return sign * mag


def decode(onnx_type, data):
    """Values of an input as float64 (floats) or as the numpy array itself (ints)."""
    if onnx_type == BFLOAT16:
        with np.errstate(invalid="ignore"):  # signalling NaN patterns widen quietly
            return bf16_to_f32(data).astype(np.float64)
    if onnx_type in FLOAT8:
        return np.array([f8_value(int(b), onnx_type) for b in data.ravel()],
                        dtype=np.float64).reshape(data.shape)
    return data


# ---- tensors ---------------------------------------------------------------------------

def raw_tensor(name, onnx_type, data):
    """A TensorProto with raw_data; data is a numpy array of the storage type."""
    t = TensorProto()
    t.name = name
    t.data_type = onnx_type
    t.dims.extend(data.shape)
    t.raw_data = np.ascontiguousarray(data).tobytes()
    return t


def typed_tensor(name, onnx_type, data):
    """The same tensor in the typed field ONNX assigns to its type."""
    t = TensorProto()
    t.name = name
    t.data_type = onnx_type
    t.dims.extend(data.shape)
    flat = data.ravel()
    if onnx_type == FLOAT:
        t.float_data.extend(flat.tolist())
    elif onnx_type == DOUBLE:
        t.double_data.extend(flat.tolist())
    elif onnx_type == INT64:
        t.int64_data.extend(flat.tolist())
    elif onnx_type in (UINT32, UINT64):
        t.uint64_data.extend(flat.tolist())
    elif onnx_type == FLOAT16:
        t.int32_data.extend(flat.view(np.uint16).tolist())
    else:  # int8/16/32, uint8/16, bool, bfloat16 and float8 bit patterns
        t.int32_data.extend(flat.astype(np.int64).tolist())
    return t


def storage(onnx_type, values):
    """numpy storage array for a type: bfloat16 as uint16 bits, float8 as uint8 bytes."""
    if onnx_type in NUMPY:
        return np.asarray(values).astype(NUMPY[onnx_type])
    if onnx_type == BFLOAT16:
        return np.asarray(values).astype(np.uint16)
    return np.asarray(values).astype(np.uint8)


def input_values(onnx_type):
    """Edge values and a random sample; 16-bit floats exhaustively, float8 too."""
    if onnx_type in (FLOAT16, BFLOAT16):
        bits = np.arange(65536, dtype=np.uint32).astype(np.uint16).reshape(256, 256)
        return bits.view(np.float16) if onnx_type == FLOAT16 else bits
    if onnx_type in FLOAT8:
        return np.arange(256, dtype=np.uint16).astype(np.uint8).reshape(16, 16)
    if onnx_type == BOOL:
        return rng.integers(0, 2, size=(4, 8)).astype(np.bool_)
    dt = NUMPY[onnx_type]
    if onnx_type in INTS:
        info = np.iinfo(dt)
        edges = [info.min, info.min + 1, -2, -1, 0, 1, 2, info.max - 1, info.max]
        edges = [v for v in edges if info.min <= v <= info.max]
        sample = rng.integers(info.min, info.max, size=64 - len(edges), dtype=dt,
                              endpoint=True)
        return np.concatenate([np.array(edges, dtype=dt), sample]).reshape(8, 8)
    info = np.finfo(dt)
    tiny = info.tiny
    sub = np.nextafter(dt(0), dt(1))
    edges = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, sub, -sub, tiny - sub, tiny, -tiny,
             1.0, -1.0, 0.5, -2.0, info.max, -info.max, info.eps, 3.4e38 if dt == np.float32
             else 1e300, 1e-3, -7.25]
    edges = np.array(edges, dtype=dt)
    mags = rng.uniform(-30, 30, size=128 - len(edges))
    sample = (rng.choice([-1.0, 1.0], size=mags.size) * np.exp2(mags)).astype(dt)
    return np.concatenate([edges, sample]).reshape(8, 16)


# ---- reference results -----------------------------------------------------------------

def ref_sign(onnx_type, data):
    if onnx_type in INTS:
        return np.sign(data).astype(data.dtype)
    x = decode(onnx_type, data).astype(np.float64)
    y = np.where(x > 0, 1.0, np.where(x < 0, -1.0, 0.0))
    y = np.where(np.isnan(x), np.nan, y)
    if onnx_type == BFLOAT16:
        return f32_to_bf16(y.astype(np.float32))
    return y.astype(NUMPY[onnx_type])


def softsign32(x):
    x = x.astype(np.float32)
    with np.errstate(invalid="ignore", over="ignore"):
        return x / (np.float32(1.0) + np.abs(x))


def ref_softsign(onnx_type, data):
    if onnx_type == DOUBLE:
        with np.errstate(invalid="ignore", over="ignore"):
            return data / (1.0 + np.abs(data))
    if onnx_type == FLOAT:
        return softsign32(data)
    if onnx_type == FLOAT16:
        return softsign32(data.astype(np.float32)).astype(np.float16)
    return f32_to_bf16(softsign32(bf16_to_f32(data)))


def ref_isinf(onnx_type, data, neg=1, pos=1):
    x = decode(onnx_type, data).astype(np.float64)
    return ((np.isposinf(x) & bool(pos)) | (np.isneginf(x) & bool(neg))).astype(np.bool_)


def ref_isnan(onnx_type, data):
    return np.isnan(decode(onnx_type, data).astype(np.float64)).astype(np.bool_)


def ref_abs_neg(op, onnx_type, data):
    """numpy's absolute and negative (ONNX's reference evaluator uses them): integers wrap
    (|INT_MIN| and -INT_MIN are INT_MIN), floats change the sign bit only; bfloat16 as its
    bit pattern, by the same rule."""
    if onnx_type == BFLOAT16:
        return data & np.uint16(0x7FFF) if op == "Abs" else data ^ np.uint16(0x8000)
    with np.errstate(over="ignore"):
        return np.absolute(data) if op == "Abs" else np.negative(data)


def out_type(op, onnx_type):
    return BOOL if op in ("IsInf", "IsNaN") else onnx_type


def reference(op, onnx_type, data, attrs=None):
    attrs = attrs or {}
    if op == "Sign":
        return ref_sign(onnx_type, data)
    if op == "Softsign":
        return ref_softsign(onnx_type, data)
    if op == "Identity":
        return data.copy()  # every bit, NaN payloads included
    if op in ("Abs", "Neg"):
        return ref_abs_neg(op, onnx_type, data)
    if op == "IsNaN":
        return ref_isnan(onnx_type, data)
    return ref_isinf(onnx_type, data, attrs.get("detect_negative", 1),
                     attrs.get("detect_positive", 1))


# ---- writing ---------------------------------------------------------------------------

def model_of(nodes, inputs, outputs, opset, initializers=(), domain=""):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid(domain, opset)],
                             producer_name="dmlp-tests")


def write_case(root, name, model, data_sets):
    """data_sets: list of (inputs, outputs), each a list of TensorProto."""
    case_dir = os.path.join(root, name)
    os.makedirs(case_dir, exist_ok=True)
    with open(os.path.join(case_dir, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for k, (ins, outs) in enumerate(data_sets):
        set_dir = os.path.join(case_dir, "test_data_set_%d" % k)
        os.makedirs(set_dir, exist_ok=True)
        for i, t in enumerate(ins):
            with open(os.path.join(set_dir, "input_%d.pb" % i), "wb") as f:
                f.write(t.SerializeToString())
        for i, t in enumerate(outs):
            with open(os.path.join(set_dir, "output_%d.pb" % i), "wb") as f:
                f.write(t.SerializeToString())
    CASES.append(name)


CASES = []

VERSIONS = [
    ("Sign", 9, (9, 12), (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FLOAT16,
                          FLOAT, DOUBLE)),
    ("Sign", 13, (13, 23), (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FLOAT16,
                            FLOAT, DOUBLE, BFLOAT16)),
    ("Softsign", 1, (1, 21), (FLOAT16, FLOAT, DOUBLE)),
    ("Softsign", 22, (22, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("IsInf", 10, (10, 19), (FLOAT, DOUBLE)),
    ("IsInf", 20, (20, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16) + FLOAT8),
    ("IsNaN", 9, (9, 12), (FLOAT16, FLOAT, DOUBLE)),
    ("IsNaN", 13, (13, 19), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("IsNaN", 20, (20, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16) + FLOAT8),
    ("Identity", 1, (1, 12), INTS + (FLOAT16, FLOAT, DOUBLE, BOOL)),
    ("Identity", 13, (13, 18), INTS + (FLOAT16, FLOAT, DOUBLE, BOOL, BFLOAT16)),
    ("Identity", 19, (19, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BOOL, BFLOAT16) + FLOAT8),
    ("Abs", 1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    ("Abs", 6, (6, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("Abs", 13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    ("Neg", 1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    ("Neg", 6, (6, 12), (FLOAT, INT32, INT8, INT16, INT64, FLOAT16, DOUBLE)),
    ("Neg", 13, (13, 23), (FLOAT, INT32, INT8, INT16, INT64, FLOAT16, DOUBLE, BFLOAT16)),
]


def single_node_case(root, name, op, opset, onnx_type, data, attrs=None, shape=None,
                     typed_set=True):
    attrs = attrs or {}
    node = helper.make_node(op, ["x"], ["y"], name=name + "_node", **attrs)
    declared = list(data.shape) if shape is None else shape
    model = model_of([node], [helper.make_tensor_value_info("x", onnx_type, declared)],
                     [helper.make_tensor_value_info("y", out_type(op, onnx_type), declared)],
                     opset)
    expected = reference(op, onnx_type, data, attrs)
    y = raw_tensor("y", out_type(op, onnx_type), storage(out_type(op, onnx_type), expected))
    sets = [([raw_tensor("x", onnx_type, data)], [y])]
    if typed_set:
        sets.append(([typed_tensor("x", onnx_type, data)], [y]))
    write_case(root, name, model, sets)


def version_cases(root):
    for op, version, opsets, types in VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            data = storage(onnx_type, input_values(onnx_type))
            name = "dmlp_%s%d_%s_opset%d" % (op.lower(), version, NAMES[onnx_type], opset)
            single_node_case(root, name, op, opset, onnx_type, data)


def isinf_mode_cases(root):
    for onnx_type, opset in ((FLOAT, 10), (DOUBLE, 20), (FLOAT16, 20), (BFLOAT16, 20),
                             (F8E5M2, 20), (F8E4M3FN, 20)):
        data = storage(onnx_type, input_values(onnx_type))
        for neg, pos in ((1, 1), (0, 1), (1, 0), (0, 0)):
            name = "dmlp_isinf_%s_neg%d_pos%d" % (NAMES[onnx_type], neg, pos)
            single_node_case(root, name, "IsInf", opset, onnx_type, data,
                             {"detect_negative": neg, "detect_positive": pos},
                             typed_set=False)


def shape_cases(root):
    # 0-d scalars
    for op, onnx_type, value in (("Sign", FLOAT, -3.5), ("Softsign", DOUBLE, 2.0),
                                 ("IsInf", FLOAT, -np.inf), ("Sign", INT64, -9)):
        data = np.array(value, dtype=NUMPY[onnx_type])
        single_node_case(root, "dmlp_scalar_%s_%s" % (op.lower(), NAMES[onnx_type]), op, 13,
                         onnx_type, data)
    # empty tensors
    for op, onnx_type, shape in (("Sign", FLOAT, (0, 3)), ("Softsign", FLOAT16, (2, 0)),
                                 ("IsInf", DOUBLE, (0,)), ("Sign", BFLOAT16, (3, 0, 2))):
        data = storage(onnx_type, np.zeros(shape))
        single_node_case(root, "dmlp_empty_%s_%s" % (op.lower(), NAMES[onnx_type]), op, 20,
                         onnx_type, data)
    # rank 8, and symbolic dims with two data sets of different sizes
    data = rng.standard_normal((1, 2, 1, 3, 1, 2, 2, 2)).astype(np.float32)
    single_node_case(root, "dmlp_rank8_softsign", "Softsign", 13, FLOAT, data)
    node = helper.make_node("Sign", ["x"], ["y"])
    model = model_of([node], [helper.make_tensor_value_info("x", FLOAT, ["N", 3])],
                     [helper.make_tensor_value_info("y", FLOAT, ["N", 3])], 13)
    sets = []
    for n in (1, 4):
        x = rng.standard_normal((n, 3)).astype(np.float32)
        sets.append(([raw_tensor("x", FLOAT, x)],
                     [raw_tensor("y", FLOAT, ref_sign(FLOAT, x))]))
    write_case(root, "dmlp_symbolic_dims", model, sets)


def graph_cases(root):
    # x -> Sign -> s -> Softsign -> y1 ; x -> IsInf -> y2 ; outputs s, y1, y2
    x = np.array([[-np.inf, -2.5, -0.0, 0.0], [1e-40, 7.0, np.inf, np.nan]], dtype=np.float32)
    nodes = [helper.make_node("Sign", ["x"], ["s"], name="sign"),
             helper.make_node("Softsign", ["s"], ["y1"], name="softsign"),
             helper.make_node("IsInf", ["x"], ["y2"], name="isinf", detect_negative=0)]
    model = model_of(nodes, [helper.make_tensor_value_info("x", FLOAT, ["B", 4])],
                     [helper.make_tensor_value_info("s", FLOAT, None),
                      helper.make_tensor_value_info("y1", FLOAT, None),
                      helper.make_tensor_value_info("y2", BOOL, None)], 13)
    s = ref_sign(FLOAT, x)
    write_case(root, "dmlp_chain_three_outputs", model,
               [([raw_tensor("x", FLOAT, x)],
                 [raw_tensor("s", FLOAT, s), raw_tensor("y1", FLOAT, ref_softsign(FLOAT, s)),
                  raw_tensor("y2", BOOL, ref_isinf(FLOAT, x, neg=0))])])

    # Nodes listed out of order: the loader orders them.
    nodes = [helper.make_node("IsInf", ["t"], ["y"]),
             helper.make_node("Softsign", ["x"], ["t"])]
    x = np.array([np.inf, -np.inf, 3.0], dtype=np.float64)
    model = model_of(nodes, [helper.make_tensor_value_info("x", DOUBLE, [3])],
                     [helper.make_tensor_value_info("y", BOOL, [3])], 20)
    write_case(root, "dmlp_chain_unsorted_nodes", model,
               [([raw_tensor("x", DOUBLE, x)],
                 [raw_tensor("y", BOOL, ref_isinf(DOUBLE, ref_softsign(DOUBLE, x)))])])

    # A graph input with an initializer as its default: given in set 0, omitted in set 1.
    default = np.array([-1.5, 0.0, 2.5], dtype=np.float32)
    given = np.array([4.0, -4.0, np.nan], dtype=np.float32)
    model = model_of([helper.make_node("Softsign", ["x"], ["y"])],
                     [helper.make_tensor_value_info("x", FLOAT, [3])],
                     [helper.make_tensor_value_info("y", FLOAT, [3])], 13,
                     initializers=[typed_tensor("x", FLOAT, default)])
    write_case(root, "dmlp_input_with_default", model,
               [([raw_tensor("x", FLOAT, given)],
                 [raw_tensor("y", FLOAT, ref_softsign(FLOAT, given))]),
                ([], [raw_tensor("y", FLOAT, ref_softsign(FLOAT, default))])])

    # A constant initializer (not a graph input) beside a graph input; a pass-through output.
    const = np.array([[1, -2], [0, 127]], dtype=np.int8)
    x = np.array([-7, 0, 9], dtype=np.int32)
    model = model_of([helper.make_node("Sign", ["c"], ["yc"]),
                      helper.make_node("Sign", ["x"], ["yx"])],
                     [helper.make_tensor_value_info("x", INT32, [3])],
                     [helper.make_tensor_value_info("yc", INT8, [2, 2]),
                      helper.make_tensor_value_info("yx", INT32, [3]),
                      helper.make_tensor_value_info("x", INT32, [3])], 9,
                     initializers=[typed_tensor("c", INT8, const)])
    write_case(root, "dmlp_constant_and_passthrough", model,
               [([raw_tensor("x", INT32, x)],
                 [raw_tensor("yc", INT8, ref_sign(INT8, const)),
                  raw_tensor("yx", INT32, ref_sign(INT32, x)), raw_tensor("x", INT32, x)])])

    # The "ai.onnx" spelling of the default domain; an empty tensor through a chain.
    model = model_of([helper.make_node("Sign", ["x"], ["t"], domain="ai.onnx"),
                      helper.make_node("IsInf", ["t"], ["y"], domain="ai.onnx")],
                     [helper.make_tensor_value_info("x", BFLOAT16, [0, 5])],
                     [helper.make_tensor_value_info("y", BOOL, [0, 5])], 20, domain="ai.onnx")
    write_case(root, "dmlp_chain_empty_ai_onnx_domain", model,
               [([raw_tensor("x", BFLOAT16, np.zeros((0, 5), np.uint16))],
                 [raw_tensor("y", BOOL, np.zeros((0, 5), np.bool_))])])

    # bfloat16 through Softsign then Sign, and float8 IsInf on a chain's side.
    x = np.array([0x3F80, 0xC2F7, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x8000], dtype=np.uint16)
    soft = ref_softsign(BFLOAT16, x)
    model = model_of([helper.make_node("Softsign", ["x"], ["t"]),
                      helper.make_node("Sign", ["t"], ["y"])],
                     [helper.make_tensor_value_info("x", BFLOAT16, [7])],
                     [helper.make_tensor_value_info("t", BFLOAT16, [7]),
                      helper.make_tensor_value_info("y", BFLOAT16, [7])], 22)
    write_case(root, "dmlp_chain_bfloat16", model,
               [([raw_tensor("x", BFLOAT16, x)],
                 [raw_tensor("t", BFLOAT16, soft),
                  raw_tensor("y", BFLOAT16, ref_sign(BFLOAT16, soft))])])


def abs_neg_cases(root):
    """Abs-1 and Neg-1 with the legacy consumed_inputs attribute; Neg after Abs."""
    x = np.array([-2.5, -0.0, np.inf, -np.nan, 3.0], dtype=np.float32)
    for op in ("Abs", "Neg"):
        single_node_case(root, "dmlp_%s1_consumed_inputs" % op.lower(), op, 1, FLOAT, x,
                         {"consumed_inputs": [0]}, typed_set=False)
    model = model_of([helper.make_node("Abs", ["x"], ["t"]),
                      helper.make_node("Neg", ["t"], ["y"])],
                     [helper.make_tensor_value_info("x", INT8, [4])],
                     [helper.make_tensor_value_info("y", INT8, [4])], 13)
    xi = np.array([-128, -3, 0, 127], dtype=np.int8)
    write_case(root, "dmlp_chain_abs_neg_int8", model,
               [([raw_tensor("x", INT8, xi)],
                 [raw_tensor("y", INT8, ref_abs_neg("Neg", INT8, ref_abs_neg("Abs", INT8, xi)))])])


def constant_cases(root):
    """Constant at each version, in each value form, feeding a node and as an output."""
    vi = helper.make_tensor_value_info
    forms = [  # (version, attribute, value, expected numpy array or storage, onnx type)
        (1, "value", typed_tensor("v", FLOAT, np.array([[-1.5, 2.0]], np.float32)),
         np.array([[-1.5, 2.0]], np.float32), FLOAT),
        (9, "value", typed_tensor("v", INT32, np.array([-7, 0, 2147483647], np.int32)),
         np.array([-7, 0, 2147483647], np.int32), INT32),
        (11, "value", raw_tensor("v", DOUBLE, np.array(-0.25)), np.array(-0.25), DOUBLE),
        (12, "value_float", 2.5, np.array(2.5, np.float32), FLOAT),
        (12, "value_floats", [1.0, -np.inf, 0.5], np.array([1.0, -np.inf, 0.5], np.float32),
         FLOAT),
        (13, "value_int", -9, np.array(-9, np.int64), INT64),
        (13, "value_ints", [3, -4, 9223372036854775807],
         np.array([3, -4, 9223372036854775807], np.int64), INT64),
        (13, "value", raw_tensor("v", BFLOAT16, np.array([0xBF80, 0x4049], np.uint16)),
         np.array([0xBF80, 0x4049], np.uint16), BFLOAT16),
        (19, "value", raw_tensor("v", F8E4M3FN, np.array([0xB8, 0x7E], np.uint8)),
         np.array([0xB8, 0x7E], np.uint8), F8E4M3FN),
        (23, "value_floats", [], np.zeros((0,), np.float32), FLOAT),
        (21, "value", typed_tensor("v", BOOL, np.array([True, False])),
         np.array([True, False]), BOOL),
    ]
    for version, attr, value, want, onnx_type in forms:
        name = "dmlp_constant%d_%s_%s" % (version, attr, NAMES[onnx_type])
        if isinstance(value, list) and not value:  # the helper cannot tell an empty list's type
            nodes = [helper.make_node("Constant", [], ["c"], name="const")]
            empty = onnx.AttributeProto()
            empty.name = attr
            empty.type = onnx.AttributeProto.FLOATS
            nodes[0].attribute.append(empty)
        else:
            nodes = [helper.make_node("Constant", [], ["c"], name="const", **{attr: value})]
        outputs = [vi("c", onnx_type, None)]
        expect = [raw_tensor("c", onnx_type, storage(onnx_type, want))]
        if onnx_type in (FLOAT, DOUBLE, INT32, INT64):  # and through a node
            nodes.append(helper.make_node("Neg", ["c"], ["y"], name="neg"))
            outputs.append(vi("y", onnx_type, None))
            with np.errstate(over="ignore"):
                expect.append(raw_tensor("y", onnx_type, np.negative(want)))
        # nodes listed with the Constant last: it still comes first
        model = model_of(nodes[::-1], [], outputs, version)
        write_case(root, name, model, [([], expect)])
    # a Constant beside a graph input, cast and added nowhere: x -> Abs, c -> Cast
    model = model_of([helper.make_node("Abs", ["x"], ["ax"]),
                      helper.make_node("Cast", ["c"], ["cc"], to=FLOAT16),
                      helper.make_node("Constant", [], ["c"], value_ints=[1, 70000])],
                     [vi("x", INT8, [2])], [vi("ax", INT8, [2]), vi("cc", FLOAT16, [2])], 17)
    write_case(root, "dmlp_constant_with_input", model,
               [([raw_tensor("x", INT8, np.array([-3, 4], np.int8))],
                 [raw_tensor("ax", INT8, np.array([3, 4], np.int8)),
                  raw_tensor("cc", FLOAT16, np.array([1.0, np.inf], np.float16))])])


def must_fail_cases(root):
    """Wrong expectations: the runner has to notice each one."""
    x = np.array([-2.0, 0.0, 3.0], dtype=np.float32)
    model = model_of([helper.make_node("Sign", ["x"], ["y"])],
                     [helper.make_tensor_value_info("x", FLOAT, [3])],
                     [helper.make_tensor_value_info("y", FLOAT, [3])], 13)
    write_case(root, "wrong_value", model,
               [([raw_tensor("x", FLOAT, x)],
                 [raw_tensor("y", FLOAT, np.array([-1.0, 0.0, 0.5], np.float32))])])
    write_case(root, "wrong_nan", model,
               [([raw_tensor("x", FLOAT, x)],
                 [raw_tensor("y", FLOAT, np.array([-1.0, np.nan, 1.0], np.float32))])])
    write_case(root, "wrong_type", model,
               [([raw_tensor("x", FLOAT, x)],
                 [raw_tensor("y", DOUBLE, np.array([-1.0, 0.0, 1.0], np.float64))])])
    write_case(root, "wrong_shape", model,
               [([raw_tensor("x", FLOAT, x)],
                 [raw_tensor("y", FLOAT, np.array([[-1.0, 0.0, 1.0]], np.float32))])])
    xb = np.array([np.inf, 1.0], dtype=np.float32)
    model = model_of([helper.make_node("IsInf", ["x"], ["y"])],
                     [helper.make_tensor_value_info("x", FLOAT, [2])],
                     [helper.make_tensor_value_info("y", BOOL, [2])], 13)
    write_case(root, "wrong_bool", model,
               [([raw_tensor("x", FLOAT, xb)],
                 [raw_tensor("y", BOOL, np.array([True, True]))])])


def must_fail_exact_cases(root):
    """One unit in the last place off: only the bit-for-bit comparison notices."""
    x = np.array([3.0, 0.1, -7.0], dtype=np.float32)
    y = ref_softsign(FLOAT, x)
    y.view(np.uint32)[1] += 1
    model = model_of([helper.make_node("Softsign", ["x"], ["y"])],
                     [helper.make_tensor_value_info("x", FLOAT, [3])],
                     [helper.make_tensor_value_info("y", FLOAT, [3])], 13)
    write_case(root, "one_ulp_off", model,
               [([raw_tensor("x", FLOAT, x)], [raw_tensor("y", FLOAT, y)])])


# ---- refused models --------------------------------------------------------------------

REFUSED = []


def refuse(root, name, model_bytes, *fragments):
    if not isinstance(model_bytes, bytes):
        model_bytes = model_bytes.SerializeToString()
    with open(os.path.join(root, name + ".onnx"), "wb") as f:
        f.write(model_bytes)
    REFUSED.append((name, fragments))


def simple(op="Sign", in_type=FLOAT, opset=13, out_t=None, shape=(3,), attrs=None,
           node_name="n0", domain=""):
    node = helper.make_node(op, ["x"], ["y"], name=node_name, domain=domain or None,
                            **(attrs or {}))
    return model_of([node], [helper.make_tensor_value_info("x", in_type, list(shape))],
                    [helper.make_tensor_value_info("y", out_t or 0, None)], opset)


def refused_cases(root):
    vi = helper.make_tensor_value_info
    refuse(root, "other_operator", simple("MatMul", node_name="r"), 'node 0 "r"', "MatMul",
           "opset 13", "not supported")
    refuse(root, "other_domain", simple(domain="com.microsoft"), 'domain "com.microsoft"',
           "Sign")
    refuse(root, "opset_too_high", simple(opset=24), "opset is 24", "1 to 23")
    refuse(root, "opset_zero", simple(opset=0), "opset is 0")
    refuse(root, "sign_before_opset_9", simple(opset=8), "Sign first appears in opset 9",
           "opset 8")
    refuse(root, "isinf_before_opset_10", simple("IsInf", opset=9),
           "IsInf first appears in opset 10")
    refuse(root, "sign9_bfloat16", simple(in_type=BFLOAT16, opset=12, node_name="s"),
           'node 0 "s"', "Sign at opset 12", "bfloat16", "Sign-9 allows")
    refuse(root, "softsign1_bfloat16", simple("Softsign", BFLOAT16, 21),
           "Softsign at opset 21", "bfloat16", "Softsign-1 allows")
    refuse(root, "softsign_int32", simple("Softsign", INT32, 22), "int32",
           "Softsign-22 allows")
    refuse(root, "isinf10_float16", simple("IsInf", FLOAT16, 19), "IsInf at opset 19",
           "float16", "IsInf-10 allows")
    refuse(root, "isinf20_int32", simple("IsInf", INT32, 20), "int32", "IsInf-20 allows")
    refuse(root, "isnan_before_opset_9", simple("IsNaN", opset=8),
           "IsNaN first appears in opset 9")
    refuse(root, "isnan9_bfloat16", simple("IsNaN", BFLOAT16, 12), "IsNaN at opset 12",
           "bfloat16", "IsNaN-9 allows")
    refuse(root, "isnan13_float8", simple("IsNaN", F8E5M2, 19), "float8e5m2",
           "IsNaN-13 allows")
    refuse(root, "isnan_int32", simple("IsNaN", INT32, 20), "int32", "IsNaN-20 allows")
    refuse(root, "sign_bool", simple(in_type=BOOL), "bool", "Sign-13 allows")
    refuse(root, "neg_uint8", simple("Neg", UINT8, 13, node_name="n"), 'node 0 "n"',
           "Neg at opset 13", "uint8", "Neg-13 allows")
    refuse(root, "abs1_int32", simple("Abs", INT32, 5), "Abs-1 allows float16, float, double")
    refuse(root, "abs_float8", simple("Abs", F8E4M3FN, 23), "float8e4m3fn", "Abs-13 allows")
    refuse(root, "cast_without_to", simple("Cast", FLOAT, 13, node_name="c"), 'node 0 "c"',
           'attribute "to" is missing')
    refuse(root, "cast_to_string", simple("Cast", FLOAT, 19, attrs={"to": STRING}),
           'attribute "to" is string (8)', "Cast-19 allows")
    refuse(root, "cast_to_float8_at_13", simple("Cast", FLOAT, 18, attrs={"to": F8E5M2}),
           "Cast at opset 18", 'attribute "to" is float8e5m2 (19)', "Cast-13 allows")
    refuse(root, "cast_from_float8_at_13", simple("Cast", F8E4M3FN, 13, attrs={"to": FLOAT}),
           "float8e4m3fn", "Cast-13 allows")
    refuse(root, "cast_saturate_at_13", simple("Cast", FLOAT, 13,
                                               attrs={"to": FLOAT16, "saturate": 0}),
           'attribute "saturate" is not one of Cast-13\'s')
    refuse(root, "cast1_int_to", simple("Cast", FLOAT, 1, attrs={"to": INT32}),
           'attribute "to" must be a STRING in Cast-1')
    refuse(root, "cast1_unknown_name", simple("Cast", FLOAT, 5, attrs={"to": "FLOAT32"}),
           'attribute "to" is "FLOAT32"', "TensorProto data type")
    refuse(root, "cast_to_complex", simple("Cast", FLOAT, 13, attrs={"to": 14}),
           'attribute "to" is complex64 (14)')
    refuse(root, "cast_to_no_type", simple("Cast", FLOAT, 13, attrs={"to": 99}),
           'attribute "to" is not a type (99)')
    refuse(root, "leaky_relu_int_alpha", simple("LeakyRelu", FLOAT, 16, attrs={"alpha": 2}),
           'attribute "alpha" must be a FLOAT')
    refuse(root, "leaky_relu_other_attribute",
           simple("LeakyRelu", FLOAT, 16, attrs={"beta": 0.5}),
           'attribute "beta" is not one of LeakyRelu-16\'s')
    refuse(root, "leaky_relu_int32", simple("LeakyRelu", INT32, 16), "int32",
           "LeakyRelu-16 allows")
    vi = helper.make_tensor_value_info

    def constant(opset, node_name="k", inputs=(), **attrs):
        return model_of([helper.make_node("Constant", list(inputs), ["c"], name=node_name,
                                          **attrs)], [], [vi("c", FLOAT, None)], opset)
    sparse = helper.make_sparse_tensor(helper.make_tensor("v", FLOAT, [1], [1.0]),
                                       helper.make_tensor("i", INT64, [1], [0]), [3])
    refuse(root, "constant_sparse_value", constant(13, sparse_value=sparse), 'node 0 "k"',
           "Constant at opset 13", '"sparse_value" holds a sparse tensor',
           "dense tensors only")
    refuse(root, "constant_value_string", constant(13, value_string="abc"),
           '"value_string" holds strings')
    refuse(root, "constant_value_strings", constant(19, value_strings=["a", "b"]),
           '"value_strings" holds strings')
    refuse(root, "constant_string_tensor",
           constant(13, value=helper.make_tensor("v", STRING, [1], [b"x"])),
           'attribute "value"', "string")
    refuse(root, "constant_value_float_at_11", constant(11, value_float=1.0),
           'attribute "value_float" is not one of Constant-11\'s')
    refuse(root, "constant_sparse_at_9", constant(10, sparse_value=sparse),
           'attribute "sparse_value" is not one of Constant-9\'s')
    refuse(root, "constant_int32_at_8",
           constant(8, value=helper.make_tensor("v", INT32, [1], [1])),
           'attribute "value" has type int32; Constant-1 allows float16, float and double')
    refuse(root, "constant_bfloat16_at_12",
           constant(12, value=helper.make_tensor("v", BFLOAT16, [1], [1])),
           "Constant-12 allows")
    refuse(root, "constant_two_values", constant(13, value_float=1.0, value_int=2),
           "are both given; Constant takes exactly one")
    refuse(root, "constant_no_value", constant(13), "no value attribute; Constant-13 needs")
    refuse(root, "constant_with_input", model_of(
        [helper.make_node("Constant", ["x"], ["c"], value_float=1.0)],
        [vi("x", FLOAT, [1])], [vi("c", FLOAT, None)], 13), "has 1 inputs; Constant takes none")
    refuse(root, "constant_output_twice", model_of(
        [helper.make_node("Constant", [], ["c"], value_float=1.0),
         helper.make_node("Constant", [], ["c"], value_float=2.0, name="second")],
        [], [vi("c", FLOAT, None)], 13), 'node 1 "second"', 'output "c" is already defined')
    refuse(root, "abs6_consumed_inputs", simple("Abs", FLOAT, 6,
                                                attrs={"consumed_inputs": [0]}),
           'attribute "consumed_inputs"')
    refuse(root, "sign_string", simple(in_type=STRING), "string")
    refuse(root, "sign_float8", simple(in_type=F8E5M2, opset=23), "float8e5m2",
           "Sign-13 allows")
    refuse(root, "chained_disallowed", model_of(
        [helper.make_node("IsInf", ["x"], ["b"], name="first"),
         helper.make_node("Sign", ["b"], ["y"], name="second")],
        [vi("x", FLOAT, [2])], [vi("y", BOOL, [2])], 13), 'node 1 "second"', "bool")
    refuse(root, "undefined_input", model_of(
        [helper.make_node("Sign", ["nowhere"], ["y"], name="u")],
        [vi("x", FLOAT, [2])], [vi("y", FLOAT, [2])], 13), '"nowhere" is not defined')
    refuse(root, "cycle", model_of(
        [helper.make_node("Sign", ["t2"], ["t1"]), helper.make_node("Sign", ["t1"], ["t2"])],
        [vi("x", FLOAT, [2])], [vi("t1", FLOAT, [2])], 13), "cycle")
    refuse(root, "self_loop", model_of(
        [helper.make_node("Softsign", ["t"], ["t"])],
        [vi("x", FLOAT, [2])], [vi("t", FLOAT, [2])], 13), "cycle")
    refuse(root, "duplicate_node_output", model_of(
        [helper.make_node("Sign", ["x"], ["y"]), helper.make_node("Softsign", ["x"], ["y"])],
        [vi("x", FLOAT, [2])], [vi("y", FLOAT, [2])], 13), "already defined by another node")
    refuse(root, "output_shadows_input", model_of(
        [helper.make_node("Sign", ["x"], ["x"])],
        [vi("x", FLOAT, [2])], [vi("x", FLOAT, [2])], 13), "already defined by a graph input")
    refuse(root, "duplicate_graph_output", model_of(
        [helper.make_node("Sign", ["x"], ["y"])],
        [vi("x", FLOAT, [2])], [vi("y", FLOAT, [2]), vi("y", FLOAT, [2])], 13),
        "listed twice")
    ext = raw_tensor("w", FLOAT, np.zeros(2, np.float32))
    ext.ClearField("raw_data")
    ext.data_location = TensorProto.EXTERNAL
    entry = ext.external_data.add()
    entry.key, entry.value = "location", "weights.bin"
    refuse(root, "external_data", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT, [2])], 13,
        initializers=[ext]), "external data", 'initializer "w"')
    seg = raw_tensor("w", FLOAT, np.zeros(2, np.float32))
    seg.segment.begin, seg.segment.end = 0, 2
    refuse(root, "segmented_initializer", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT, [2])], 13,
        initializers=[seg]), "segment")
    good = simple().SerializeToString()
    refuse(root, "truncated", good[: len(good) // 2], "malformed or truncated")
    refuse(root, "garbage", bytes(rng.integers(0, 256, 200, dtype=np.uint8)) + b"\xff" * 12,
           "malformed or truncated")
    refuse(root, "empty_file", b"", "empty file (0 bytes), not an ONNX model")
    refuse(root, "shape_overflow", simple(shape=(65536, 65536, 2)), "more than 4294967295")
    refuse(root, "dim_too_large", simple(shape=(1 << 33,)), "at most 4294967295")
    big = TensorProto()
    big.name, big.data_type = "w", FLOAT
    big.dims.extend([1 << 40, 1 << 40])
    refuse(root, "initializer_shape_overflow", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT, None)], 13,
        initializers=[big]), 'initializer "w"', "4294967295")
    refuse(root, "rank9", simple(shape=(1,) * 9), "rank 9", "0 to 8")
    model = simple()
    sparse = model.graph.sparse_initializer.add()
    sparse.dims.extend([2])
    refuse(root, "sparse_initializer", model, "sparse")
    refuse(root, "unknown_attribute", simple(attrs={"alpha": 1.0}), 'attribute "alpha"')
    refuse(root, "isinf_float_attribute", simple("IsInf", attrs={"detect_negative": 0.5}),
           "must be an INT")
    model = simple()
    del model.opset_import[:]
    model.opset_import.extend([helper.make_opsetid("ai.onnx.ml", 3)])
    refuse(root, "no_default_opset", model, "no entry for the default domain")
    refuse(root, "output_not_produced", model_of(
        [helper.make_node("Sign", ["x"], ["y"])],
        [vi("x", FLOAT, [2])], [vi("z", FLOAT, [2])], 13), '"z" is not produced')
    untyped = helper.make_value_info("x", onnx.TypeProto())
    refuse(root, "input_without_type", model_of(
        [helper.make_node("Sign", ["x"], ["y"])], [untyped], [vi("y", FLOAT, [2])], 13),
        "declares no tensor element type")
    short = raw_tensor("w", FLOAT, np.zeros(3, np.float32))
    short.raw_data = short.raw_data[:10]
    refuse(root, "raw_data_short", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT, [3])], 13,
        initializers=[short]), "raw_data holds 10 bytes")
    wrong_field = TensorProto()
    wrong_field.name, wrong_field.data_type = "w", FLOAT16
    wrong_field.dims.extend([2])
    wrong_field.float_data.extend([1.0, 2.0])
    refuse(root, "float16_in_float_data", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT16, [2])], 13,
        initializers=[wrong_field]), "float_data", "int32_data")
    out_of_range = typed_tensor("w", INT8, np.zeros(2, np.int8))
    out_of_range.int32_data[1] = 300
    refuse(root, "int8_out_of_range", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", INT8, [2])], 13,
        initializers=[out_of_range]), "int32_data[1] is 300")
    refuse(root, "two_inputs", model_of(
        [helper.make_node("Sign", ["x", "x"], ["y"])],
        [vi("x", FLOAT, [2])], [vi("y", FLOAT, [2])], 13), "exactly one")
    refuse(root, "declared_output_type_wrong", model_of(
        [helper.make_node("IsInf", ["x"], ["y"])],
        [vi("x", FLOAT, [2])], [vi("y", FLOAT, [2])], 13), "declared float but is bool")
    refuse(root, "duplicate_initializer", model_of(
        [helper.make_node("Sign", ["w"], ["y"])], [], [vi("y", FLOAT, [1])], 13,
        initializers=[raw_tensor("w", FLOAT, np.zeros(1, np.float32)),
                      raw_tensor("w", FLOAT, np.ones(1, np.float32))]), "defined twice")


def write_manifest(root):
    with open(os.path.join(root, "manifest.txt"), "w") as f:
        for name, fragments in REFUSED:
            f.write("%s\t%s\n" % (name, "|".join(fragments)))


# ---- two-input operators (Add, Sub, Mul, Div) ----------------------------------------------

ARITH = ("Add", "Sub", "Mul", "Div")
ARITH_VERSIONS = [  # since, (first opset, last opset), types
    (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    (6, (6, 6), (UINT32, UINT64, INT32, INT64, FLOAT16, FLOAT, DOUBLE)),
    (7, (7, 12), (UINT32, UINT64, INT32, INT64, FLOAT16, FLOAT, DOUBLE)),
    (13, (13, 13), (UINT32, UINT64, INT32, INT64, FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
    (14, (14, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def f64_to_bf16(values):
    """Round float64 values to bfloat16 bit patterns, to nearest even, from the format's
    definition: the magnitude scaled to the quantum of its binade (2^-133 at least),
    rounded to an integer half to even (Python's round), scaled back."""
    v = np.asarray(values, dtype=np.float64)
    out = np.zeros(v.shape, dtype=np.uint16)
    for idx, x in np.ndenumerate(v):
        x = float(x)
        if math.isnan(x):
            out[idx] = 0x7FC0
            continue
        sign = 0x8000 if math.copysign(1.0, x) < 0 else 0
        a = abs(x)
        if a >= 2.0 ** 128 - 2.0 ** 119:
            out[idx] = sign | 0x7F80
            continue
        if a == 0:
            out[idx] = sign
            continue
        q = max(math.frexp(a)[1] - 8, -133)
        r = round(a / 2.0 ** q) * 2.0 ** q
        out[idx] = sign | int(np.array([r], dtype=np.float32).view(np.uint32)[0] >> 16)
    return out


def ref_int_arith(op, a, b, dt):
    """The exact result in Python integers, wrapped to the type; division truncates."""
    info = np.iinfo(dt)
    span = 1 << info.bits
    shape = np.broadcast_shapes(a.shape, b.shape)
    x, y = np.broadcast_to(a, shape), np.broadcast_to(b, shape)
    out = np.zeros(shape, dtype=dt)
    for idx in np.ndindex(shape):
        p, q = int(x[idx]), int(y[idx])
        if op == "Add":
            r = p + q
        elif op == "Sub":
            r = p - q
        elif op == "Mul":
            r = p * q
        else:
            r = abs(p) // abs(q) * (1 if (p < 0) == (q < 0) else -1)
        r %= span
        if info.min < 0 and r > info.max:
            r -= span
        out[idx] = r
    return out


def ref_arith(op, onnx_type, a, b):
    """a op b as ONNX defines it, broadcast as numpy does."""
    if onnx_type in INTS:
        return ref_int_arith(op, a, b, NUMPY[onnx_type])
    f = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide}[op]
    with np.errstate(all="ignore"):
        if onnx_type == BFLOAT16:  # exact in float64 for + - *; one rounding for /
            return f64_to_bf16(f(bf16_to_f32(a).astype(np.float64),
                                 bf16_to_f32(b).astype(np.float64)))
        return f(a, b)  # numpy: IEEE in the type (float16 through float32, rounded once)


def arith_values(onnx_type, op):
    """A (the usual inputs) and a B row as long as A's rows; no 0 divisor for integers."""
    a = storage(onnx_type, input_values(onnx_type))
    b = storage(onnx_type, input_values(onnx_type)).reshape(-1)[::-1][: a.shape[-1]].copy()
    if onnx_type in (FLOAT16, BFLOAT16):  # random bit patterns
        b = rng.integers(0, 65536, size=a.shape[-1], dtype=np.uint16)
        b = b.view(np.float16) if onnx_type == FLOAT16 else b
    if onnx_type in INTS and op == "Div":
        b[b == 0] = 3
    return a, b


def arith_case(root, name, op, opset, onnx_type, a, b, attrs=None, typed_set=False):
    attrs = attrs or {}
    node = helper.make_node(op, ["a", "b"], ["y"], name=name + "_node", **attrs)
    if attrs.get("broadcast") == 1 and "axis" in attrs:  # B's axes from `axis` of A's
        axis = attrs["axis"]
        expected = ref_arith(op, onnx_type, a,
                             b.reshape(b.shape + (1,) * (a.ndim - axis - b.ndim)))
    else:
        expected = ref_arith(op, onnx_type, a, b)
    model = model_of([node], [helper.make_tensor_value_info("a", onnx_type, list(a.shape)),
                              helper.make_tensor_value_info("b", onnx_type, list(b.shape))],
                     [helper.make_tensor_value_info("y", onnx_type, list(expected.shape))],
                     opset)
    y = raw_tensor("y", onnx_type, storage(onnx_type, expected))
    sets = [([raw_tensor("a", onnx_type, a), raw_tensor("b", onnx_type, b)], [y])]
    if typed_set:
        sets.append(([typed_tensor("a", onnx_type, a), typed_tensor("b", onnx_type, b)], [y]))
    write_case(root, name, model, sets)


def arith_version_cases(root):
    """Every version of each operator on every type it allows: B a row of A (numpy
    broadcasting from 7; before it, broadcast = 1 with B A's last axis)."""
    for op in ARITH:
        for since, opsets, types in ARITH_VERSIONS:
            for i, onnx_type in enumerate(types):
                opset = opsets[i % len(opsets)]
                a, b = arith_values(onnx_type, op)
                attrs = {"broadcast": 1} if since < 7 else {}
                name = "dmlp_%s%d_%s_opset%d" % (op.lower(), since, NAMES[onnx_type], opset)
                arith_case(root, name, op, opset, onnx_type, a, b, attrs,
                           typed_set=onnx_type in (FLOAT, INT64, UINT32))


def arith_broadcast_cases(root):
    """numpy's broadcasting from version 7, the legacy forms before it."""
    a = rng.standard_normal((2, 3, 4)).astype(np.float32)
    for name, b in (("same", rng.standard_normal((2, 3, 4))),
                    ("row", rng.standard_normal((4,))),
                    ("column", rng.standard_normal((3, 1))),
                    ("middle", rng.standard_normal((1, 3, 1))),
                    ("scalar", rng.standard_normal(())),
                    ("higher_rank", rng.standard_normal((2, 1, 1, 4)))):
        arith_case(root, "dmlp_broadcast_%s" % name, "Mul", 14, FLOAT, a, b.astype(np.float32))
    s = np.array(2.5, dtype=np.float32)  # A the scalar
    arith_case(root, "dmlp_broadcast_scalar_a", "Sub", 14, FLOAT, s, a)
    c = rng.standard_normal((3, 1)).astype(np.float32)  # both broadcast: (3,1) x (4,)
    arith_case(root, "dmlp_broadcast_both", "Div", 13, FLOAT, c,
               rng.standard_normal((4,)).astype(np.float32))
    # before version 7: equal shapes; broadcast = 1 with B at axis 0, 1 and the default
    arith_case(root, "dmlp_add6_same_shape", "Add", 6, FLOAT, a,
               rng.standard_normal((2, 3, 4)).astype(np.float32))
    for axis, shape in ((0, (2,)), (1, (3,)), (0, (2, 3)), (1, (3, 4))):
        arith_case(root, "dmlp_sub6_axis%d_%dd" % (axis, len(shape)), "Sub", 6, FLOAT, a,
                   rng.standard_normal(shape).astype(np.float32),
                   {"broadcast": 1, "axis": axis})
    arith_case(root, "dmlp_mul1_consumed_inputs", "Mul", 1, DOUBLE,
               rng.standard_normal((2, 3)), rng.standard_normal((3,)),
               {"broadcast": 1, "consumed_inputs": [0, 0]})
    arith_case(root, "dmlp_div6_scalar_b", "Div", 6, INT32,
               np.array([[7, -7, -2 ** 31], [9, 0, 100]], dtype=np.int32),
               np.array(-1, dtype=np.int32), {"broadcast": 1})
    # symbolic dims: A ["N", 4] + B [4], two data sets of different N
    node = helper.make_node("Add", ["a", "b"], ["y"])
    model = model_of([node], [helper.make_tensor_value_info("a", FLOAT, ["N", 4]),
                              helper.make_tensor_value_info("b", FLOAT, [4])],
                     [helper.make_tensor_value_info("y", FLOAT, ["N", 4])], 14)
    sets = []
    b = rng.standard_normal(4).astype(np.float32)
    for n in (1, 5):
        x = rng.standard_normal((n, 4)).astype(np.float32)
        sets.append(([raw_tensor("a", FLOAT, x), raw_tensor("b", FLOAT, b)],
                     [raw_tensor("y", FLOAT, ref_arith("Add", FLOAT, x, b))]))
    write_case(root, "dmlp_add_symbolic_dims", model, sets)
    # empty: (0, 4) with (4,)
    arith_case(root, "dmlp_add_empty", "Add", 14, FLOAT, np.zeros((0, 4), np.float32),
               rng.standard_normal(4).astype(np.float32))


def arith_graph_cases(root):
    """Softsign as PyTorch exports it: Abs is not here, so x / (1 + x * sign(x)), and a
    chain with a constant initializer: y = (x - 1.5) * x."""
    x = input_values(FLOAT).astype(np.float32)
    one = np.array(1.0, dtype=np.float32)
    nodes = [helper.make_node("Sign", ["x"], ["s"]),
             helper.make_node("Mul", ["x", "s"], ["ax"]),
             helper.make_node("Add", ["ax", "one"], ["d"]),
             helper.make_node("Div", ["x", "d"], ["y"])]
    model = model_of(nodes, [helper.make_tensor_value_info("x", FLOAT, list(x.shape))],
                     [helper.make_tensor_value_info("y", FLOAT, list(x.shape))], 13,
                     initializers=[raw_tensor("one", FLOAT, one)])
    with np.errstate(all="ignore"):
        s = ref_sign(FLOAT, x)
        expected = x / ((x * s) + one)
    write_case(root, "dmlp_graph_softsign_by_arith", model,
               [([raw_tensor("x", FLOAT, x)], [raw_tensor("y", FLOAT, expected)])])
    c = np.array(1.5, dtype=np.float32)
    nodes = [helper.make_node("Mul", ["t", "x"], ["y"]),  # listed before its producer
             helper.make_node("Sub", ["x", "c"], ["t"])]
    model = model_of(nodes, [helper.make_tensor_value_info("x", FLOAT, list(x.shape))],
                     [helper.make_tensor_value_info("y", FLOAT, list(x.shape))], 14,
                     initializers=[raw_tensor("c", FLOAT, c)])
    with np.errstate(all="ignore"):
        expected = (x - c) * x
    write_case(root, "dmlp_graph_sub_mul_unsorted", model,
               [([raw_tensor("x", FLOAT, x)], [raw_tensor("y", FLOAT, expected)])])


def arith_model(op="Add", a_type=FLOAT, b_type=FLOAT, a_shape=(2, 3), b_shape=(3,), opset=14,
                attrs=None, inputs=("a", "b")):
    node = helper.make_node(op, list(inputs), ["y"], name="n", **(attrs or {}))
    return model_of([node], [helper.make_tensor_value_info("a", a_type, list(a_shape)),
                             helper.make_tensor_value_info("b", b_type, list(b_shape))],
                    [helper.make_tensor_value_info("y", a_type, None)],
                    opset).SerializeToString()


def arith_refused_cases(root):
    refuse(root, "add_two_types", arith_model(b_type=INT32), 'node 0 "n"', "Add",
           'input "b" has type int32', "needs both inputs of one type")
    refuse(root, "add_no_broadcast", arith_model(b_shape=(4,)), "Add", "do not broadcast",
           "[2, 3]", "[4]")
    refuse(root, "add6_shapes_without_broadcast", arith_model(opset=6),
           "unless the attribute broadcast is 1")
    refuse(root, "add6_axis_out_of_range", arith_model(opset=6, attrs={"broadcast": 1,
                                                                       "axis": 2}),
           "does not fit A [2, 3] at axis 2")
    refuse(root, "add6_broadcast_two", arith_model(opset=6, attrs={"broadcast": 2}),
           'attribute "broadcast" is 2')
    refuse(root, "add7_broadcast_attribute", arith_model(opset=7, attrs={"broadcast": 1}),
           'attribute "broadcast" is not one of Add-7')
    refuse(root, "add6_consumed_inputs", arith_model(opset=6, attrs={"consumed_inputs": [0]}),
           'attribute "consumed_inputs" is not one of Add-6')
    refuse(root, "add_one_input", arith_model(inputs=("a",)), "has 1 inputs",
           "takes exactly two")
    refuse(root, "add_three_inputs", arith_model(inputs=("a", "b", "a")), "has 3 inputs")
    refuse(root, "add_empty_input_name", arith_model(inputs=("a", "")),
           'input 2 is named "" (left out), but Add needs it (DirectML\'s BTensor)')
    refuse(root, "add14_bool", arith_model(a_type=BOOL, b_type=BOOL), "Add-14 allows")
    refuse(root, "sub13_int8", arith_model("Sub", INT8, INT8, opset=13), "Sub-13 allows",
           "int8")
    refuse(root, "mul5_int32", arith_model("Mul", INT32, INT32, opset=5), "Mul-1 allows")
    refuse(root, "div_undefined_b", arith_model("Div", inputs=("a", "zz")), '"zz"',
           "not defined")
    cycle = model_of([helper.make_node("Add", ["x", "q"], ["p"], name="p"),
                      helper.make_node("Mul", ["p", "x"], ["q"], name="q")],
                     [helper.make_tensor_value_info("x", FLOAT, [2])],
                     [helper.make_tensor_value_info("q", FLOAT, None)], 14).SerializeToString()
    refuse(root, "add_cycle_through_b", cycle, "cycle")


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    out = sys.argv[1]
    for sub in ("cases", "must_fail", "must_fail_exact", "refused"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    version_cases(os.path.join(out, "cases"))
    isinf_mode_cases(os.path.join(out, "cases"))
    shape_cases(os.path.join(out, "cases"))
    graph_cases(os.path.join(out, "cases"))
    abs_neg_cases(os.path.join(out, "cases"))
    arith_version_cases(os.path.join(out, "cases"))
    arith_broadcast_cases(os.path.join(out, "cases"))
    arith_graph_cases(os.path.join(out, "cases"))
    constant_cases(os.path.join(out, "cases"))
    gen_cast_cases.cast_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_logical_cases.logical_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_rounding_cases.rounding_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_minmax_cases.minmax_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_where_cases.where_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_binary_ops_cases.binary_ops_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_fold_cases.fold_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_bitwise_cases.bitwise_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_clip_cases.clip_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_quant_cases.quant_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_unary_cases.unary_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_round_cases.round_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_erf_cases.erf_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_softplus_cases.softplus_cases(os.path.join(out, "cases"), sys.modules[__name__])
    gen_mish_cases.mish_cases(os.path.join(out, "cases"), sys.modules[__name__])
    must_fail_cases(os.path.join(out, "must_fail"))
    must_fail_exact_cases(os.path.join(out, "must_fail_exact"))
    refused_cases(os.path.join(out, "refused"))
    arith_refused_cases(os.path.join(out, "refused"))
    gen_logical_cases.logical_refused_cases(os.path.join(out, "refused"),
                                            sys.modules[__name__])
    gen_rounding_cases.rounding_refused_cases(os.path.join(out, "refused"),
                                              sys.modules[__name__])
    gen_minmax_cases.minmax_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_where_cases.where_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_binary_ops_cases.binary_ops_refused_cases(os.path.join(out, "refused"),
                                                  sys.modules[__name__])
    gen_fold_cases.fold_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_bitwise_cases.bitwise_refused_cases(os.path.join(out, "refused"),
                                            sys.modules[__name__])
    gen_clip_cases.clip_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_quant_cases.quant_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_unary_cases.unary_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_round_cases.round_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_erf_cases.erf_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_softplus_cases.softplus_refused_cases(os.path.join(out, "refused"),
                                              sys.modules[__name__])
    gen_mish_cases.mish_refused_cases(os.path.join(out, "refused"), sys.modules[__name__])
    gen_softmax_cases.softmax_refused_cases(os.path.join(out, "refused"),
                                            sys.modules[__name__])
    write_manifest(os.path.join(out, "refused"))
    print("gen_cases: %d cases (6 of them must fail), %d refused models"
          % (len(CASES), len(REFUSED)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
