"""Cast cases for gen_cases.py: models of Cast nodes with expected outputs computed here,
independently of dmlp. Float and integer outputs numpy holds come from numpy's astype,
which is what ONNX's reference evaluator runs (bfloat16 and float8 inputs decoded exactly
to float32 first, as the evaluator does); bfloat16 and float8 outputs from this file's
exact encoder (Python fractions, rounded once to nearest even, ONNX's float8 saturation
table); bool as x != 0.

cast_cases(root, g) writes them, g being the gen_cases module (its helpers and lists).
"""
import math
from fractions import Fraction

import numpy as np
from onnx import helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
BFLOAT16, F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ = 16, 17, 18, 19, 20
BASE = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FLOAT16, FLOAT, DOUBLE, BOOL)
FLOAT8 = (F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ)
# The types of each Cast version that dmlp holds (9, 21, 23 add types it does not).
VERSION_TYPES = {1: BASE, 6: BASE, 9: BASE, 13: BASE + (BFLOAT16,),
                 19: BASE + (BFLOAT16,) + FLOAT8, 21: BASE + (BFLOAT16,) + FLOAT8,
                 23: BASE + (BFLOAT16,) + FLOAT8}
TO_NAMES = {FLOAT: "FLOAT", UINT8: "UINT8", INT8: "INT8", UINT16: "UINT16", INT16: "INT16",
            INT32: "INT32", INT64: "INT64", BOOL: "BOOL", FLOAT16: "FLOAT16", DOUBLE: "DOUBLE",
            UINT32: "UINT32", UINT64: "UINT64"}

# (exponent bits, mantissa bits, bias, kind): kind "ieee", "fn" (no inf, NaN S.1111.111),
# "fnuz" (no inf, no -0, NaN 0x80)
FORMATS = {BFLOAT16: (8, 7, 127, "ieee"), F8E5M2: (5, 2, 15, "ieee"),
           F8E4M3FN: (4, 3, 7, "fn"), F8E4M3FNUZ: (4, 3, 8, "fnuz"),
           F8E5M2FNUZ: (5, 2, 16, "fnuz")}


def largest_bits(fmt):
    e, m, _, kind = fmt
    if kind == "ieee":
        return (((1 << e) - 2) << m) | ((1 << m) - 1)
    return (((1 << e) - 1) << m) | ((1 << m) - (2 if kind == "fn" else 1))


def nan_bits(fmt, neg):
    e, m, _, kind = fmt
    if kind == "fnuz":
        return 1 << (e + m)
    if kind == "fn":
        return (neg << (e + m)) | ((1 << (e + m)) - 1)
    return (neg << (e + m)) | (((1 << e) - 1) << m) | (1 << (m - 1))


def overflow_bits(fmt, neg, to, saturate):
    e, m, _, kind = fmt
    if to in FLOAT8 and saturate:
        return (neg << (e + m)) | largest_bits(fmt)
    if kind == "ieee":
        return (neg << (e + m)) | (((1 << e) - 1) << m)
    return nan_bits(fmt, neg)


def encode(kind_of_value, neg, mag, to, saturate):
    """kind_of_value: 'num', 'inf' or 'nan'; mag: a Fraction (num)."""
    fmt = FORMATS[to]
    e, m, bias, kind = fmt
    sign = neg << (e + m)
    if kind_of_value == "nan":
        return nan_bits(fmt, neg)
    if kind_of_value == "inf":
        return nan_bits(fmt, 0) if kind == "fnuz" else overflow_bits(fmt, neg, to, saturate)
    if mag == 0:
        return 0 if kind == "fnuz" else sign
    lead = mag.numerator.bit_length() - mag.denominator.bit_length()
    if Fraction(2) ** lead > mag:
        lead -= 1
    q = max(lead, 1 - bias) - m
    scaled = mag / Fraction(2) ** q
    whole = scaled.numerator // scaled.denominator
    rest = scaled - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    if whole >> (m + 1):
        whole >>= 1
        q += 1
    if whole == 0:
        return 0 if kind == "fnuz" else sign
    if whole >> m:
        biased = q + m + bias
        if biased > (1 << e) - 1:
            return overflow_bits(fmt, neg, to, saturate)
        bits = (biased << m) | (whole - (1 << m))
    else:
        bits = whole
    if bits > largest_bits(fmt):
        return overflow_bits(fmt, neg, to, saturate)
    return sign | bits


def exact_values(g, in_type, data):
    """Each element as ('num'|'inf'|'nan', neg, Fraction magnitude)."""
    out = []
    if in_type in g.INTS or in_type == BOOL:
        for v in data.ravel().tolist():
            v = int(v)
            out.append(("num", int(v < 0), Fraction(abs(v))))
        return out
    values = g.decode(in_type, data).astype(np.float64) if in_type in (BFLOAT16,) + FLOAT8 \
        else data.astype(np.float64)
    for v in values.ravel().tolist():
        neg = int(math.copysign(1.0, v) < 0)
        if math.isnan(v):
            out.append(("nan", neg, None))
        elif math.isinf(v):
            out.append(("inf", neg, None))
        else:
            out.append(("num", neg, Fraction(abs(v))))
    return out


def expected(g, in_type, data, to, saturate=1):
    """The output of Cast(to) on data (storage array of in_type)."""
    if in_type == to:
        return data.copy()
    if in_type in (BFLOAT16,) + FLOAT8:
        x = g.decode(in_type, data).astype(np.float32)  # exact, as the evaluator widens
    else:
        x = data
    if to == BOOL:
        return (x != 0).astype(np.bool_)
    if to in g.NUMPY:
        with np.errstate(all="ignore"):
            return x.astype(g.NUMPY[to])
    values = exact_values(g, in_type, data)
    bits = [encode(k, n, mag, to, saturate) for k, n, mag in values]
    dtype = np.uint16 if to == BFLOAT16 else np.uint8
    return np.array(bits, dtype=dtype).reshape(data.shape)


def cast_inputs(g, in_type):
    """Edge values and a sample; 16-bit floats by a stride through every pattern, float8
    every byte."""
    if in_type in (FLOAT16, BFLOAT16):
        bits = np.concatenate([np.arange(0, 65536, 37), [0x7C00, 0xFC00, 0x7E00, 0x8000,
                                                          0x7F80, 0xFF80, 0x7FC0, 0x3C00,
                                                          0x7BFF, 0x0001]]).astype(np.uint16)
        return bits.view(np.float16) if in_type == FLOAT16 else bits
    if in_type == BOOL:
        return np.array([True, False, True, True], dtype=np.bool_)
    data = g.storage(in_type, g.input_values(in_type)).ravel()
    if in_type in (FLOAT, DOUBLE):  # values around the integer types' ranges too
        extra = np.array([127.5, -128.5, 255.9, -0.99, 32767.5, -32769.0, 65535.5, 2147483647.0,
                          2147483648.0, -2147483649.0, 4294967295.0, 4294967296.0,
                          9.2e18, -9.3e18, 1.8e19, 3e19, 300.7, -300.7, 70000.5, -70000.5,
                          448.0, 464.0, 465.0, 57344.0, 61440.0, 1e-7, -1e-45],
                         dtype=g.NUMPY[in_type])
        data = np.concatenate([data, extra])
    return data


def cast_model(g, in_type, targets, opset, saturate=None, to_as_string=False):
    nodes, outputs = [], []
    for to in targets:
        attrs = {"to": TO_NAMES[to] if to_as_string else to}
        if saturate is not None:
            attrs["saturate"] = saturate
        name = "y_%s" % g.NAMES[to]
        nodes.append(helper.make_node("Cast", ["x"], [name], name="cast_" + g.NAMES[to],
                                      **attrs))
        outputs.append(helper.make_tensor_value_info(name, to, None))
    return g.model_of(nodes, [helper.make_tensor_value_info("x", in_type, None)], outputs,
                      opset)


def write_cast(g, root, name, in_type, targets, opset, saturate=None, to_as_string=False):
    data = cast_inputs(g, in_type)
    model = cast_model(g, in_type, targets, opset, saturate, to_as_string)
    outs = [g.raw_tensor("y_%s" % g.NAMES[to], to,
                         g.storage(to, expected(g, in_type, data, to,
                                                1 if saturate is None else saturate)))
            for to in targets]
    g.write_case(root, name, model, [([g.raw_tensor("x", in_type, data)], outs)])


def cast_cases(root, g):
    # every pair of types at the newest version and at 13 (before float8)
    for version in (23, 13):
        types = VERSION_TYPES[version]
        for in_type in types:
            write_cast(g, root, "dmlp_cast%d_from_%s" % (version, g.NAMES[in_type]), in_type,
                       types, version)
    # the other versions: from float to every type and from every type to float
    for version in (1, 6, 9, 19, 21):
        types = VERSION_TYPES[version]
        opset = version
        string = version == 1
        write_cast(g, root, "dmlp_cast%d_from_float" % version, FLOAT, types, opset,
                   to_as_string=string)
        for in_type in types:
            if in_type != FLOAT:
                write_cast(g, root, "dmlp_cast%d_%s_to_float" % (version, g.NAMES[in_type]),
                           in_type, (FLOAT,), opset, to_as_string=string)
    # saturate = 0 and 1 spelled out, into every float8 type
    for saturate in (0, 1):
        for in_type in (FLOAT, DOUBLE, FLOAT16, BFLOAT16, INT32):
            write_cast(g, root, "dmlp_cast19_saturate%d_%s" % (saturate, g.NAMES[in_type]),
                       in_type, FLOAT8, 19, saturate=saturate)
