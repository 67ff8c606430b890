"""QuantizeLinear and DequantizeLinear cases for gen_cases.py: models with expected outputs
computed here, independently of dmlp, by the formulas of ONNX's specification in numpy:
quantize as rint(x / scale) + zero_point saturated to the output's range (x / scale in
float32 for a float x, in float64 for an int32 x, as numpy divides them); dequantize as
(x - zero_point) * scale exactly (in float64, where every value here is exact), rounded
once to the scale's type. Per tensor, per axis (negative axes too), blocked, the zero
point left out or named "", rank 0 and empty tensors; and the refusals: types dmlp does
not run, scales that fit no granularity, a block size that does not divide its axis, an
axis out of range, foreign attributes, a required input left out.

quant_cases(root, g) and quant_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import math
from fractions import Fraction

import numpy as np
from onnx import TensorProto, helper, numpy_helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, FLOAT16, BFLOAT16 = 1, 2, 3, 4, 5, 6, 10, 16
DTYPES = {FLOAT: np.float32, UINT8: np.uint8, INT8: np.int8, UINT16: np.uint16,
          INT16: np.int16, INT32: np.int32, FLOAT16: np.float16}
RANGES = {UINT8: (0, 255), INT8: (-128, 127), UINT16: (0, 65535), INT16: (-32768, 32767)}


def model(op, opset, x_type, x_shape, inputs, initializers, y_type, attrs=None, name="q"):
    vi = helper.make_tensor_value_info
    node = helper.make_node(op, inputs, ["y"], name=name, **(attrs or {}))
    return helper.make_model(
        helper.make_graph([node], "g", [vi("x", x_type, list(x_shape))],
                          [vi("y", y_type, list(x_shape))], initializer=list(initializers)),
        opset_imports=[helper.make_opsetid("", opset)], producer_name="dmlp-tests")


def const(name, value):
    return numpy_helper.from_array(np.asarray(value), name)


def expand(value, shape, axis, block):
    """The scale or zero point as an array of x's shape (ONNX's three granularities)."""
    value = np.asarray(value)
    if value.size == 1:
        return np.broadcast_to(value.reshape(()), shape)
    axis = axis % len(shape)
    if not block:
        dims = [1] * len(shape)
        dims[axis] = value.size
        return np.broadcast_to(value.reshape(dims), shape)
    return np.repeat(value, block, axis=axis)


def quantize(x, scale, zero, y_type, axis=1, block=0):
    s = expand(scale, x.shape, axis, block)
    z = expand(zero if zero is not None else 0, x.shape, axis, block).astype(np.int64)
    q = x / s  # float32 / float32 in float32; int32 / float32 in float64
    lo, hi = RANGES[y_type]
    r = np.clip(np.rint(q.astype(np.float64)) + z, lo, hi)  # saturating, as specified
    return r.astype(DTYPES[y_type])


def dequantize(x, scale, zero, axis=1, block=0):
    s = expand(scale, x.shape, axis, block)
    z = expand(zero if zero is not None else 0, x.shape, axis, block).astype(np.int64)
    exact = (x.astype(np.int64) - z).astype(np.float64) * s.astype(np.float64)
    return exact.astype(s.dtype)  # one rounding: every product here is exact in float64


def write(g, root, name, m, x_type, x, y_type, y):
    g.write_case(root, name, m, [([g.raw_tensor("x", x_type, x)],
                                  [g.raw_tensor("y", y_type, y)])])


def quant_cases(root, g):
    rng = np.random.default_rng(2024)
    f32 = np.float32
    # per tensor, every version, with and without a zero point
    x = np.concatenate([np.array([0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 3.4997, 127.5, 255.5, -1e10,
                                  1e10, 1e-30], f32),
                        rng.normal(0, 200, 36).astype(f32)]).reshape(4, 12)
    for opset in (10, 13, 19, 21):
        for y_type, zero in ((UINT8, np.uint8(128)), (INT8, np.int8(-3))):
            name = np.dtype(DTYPES[y_type]).name
            write(g, root, "dmlp_quantize%d_%s" % (opset, name),
                  model("QuantizeLinear", opset, FLOAT, x.shape, ["x", "s", "z"],
                        [const("s", f32(0.75)), const("z", zero)], y_type),
                  FLOAT, x, y_type, quantize(x, f32(0.75), zero, y_type))
        write(g, root, "dmlp_quantize%d_no_zero_point" % opset,
              model("QuantizeLinear", opset, FLOAT, x.shape, ["x", "s"], [const("s", f32(3))],
                    UINT8), FLOAT, x, UINT8, quantize(x, f32(3), None, UINT8))
    # 16-bit outputs (21): the zero point's type, or output_dtype without one; per axis
    for y_type, zero in ((UINT16, np.uint16(30000)), (INT16, np.int16(-300))):
        name = np.dtype(DTYPES[y_type]).name
        write(g, root, "dmlp_quantize21_%s" % name,
              model("QuantizeLinear", 21, FLOAT, x.shape, ["x", "s", "z"],
                    [const("s", f32(0.0625)), const("z", zero)], y_type),
              FLOAT, x, y_type, quantize(x, f32(0.0625), zero, y_type))
        write(g, root, "dmlp_quantize21_output_dtype_%s" % name,
              model("QuantizeLinear", 21, FLOAT, x.shape, ["x", "s"], [const("s", f32(0.01))],
                    y_type, {"output_dtype": y_type}),
              FLOAT, x, y_type, quantize(x, f32(0.01), None, y_type))
    s12 = (np.arange(12, dtype=f32) + 1) * f32(0.03125)
    z12 = (np.arange(12) * 5000 - 30000).astype(np.int16)
    write(g, root, "dmlp_quantize21_int16_axis1",
          model("QuantizeLinear", 21, FLOAT, x.shape, ["x", "s", "z"],
                [const("s", s12), const("z", z12)], INT16, {"axis": 1}),
          FLOAT, x, INT16, quantize(x, s12, z12, INT16, 1))
    # int32 x with a float scale (10 and 13): divided in float64
    xi = np.array([-2147483648, -1000001, -384, -3, 0, 1, 5, 383, 1 << 24, (1 << 24) + 3,
                   2147483647], np.int32)
    for opset in (10, 13):
        write(g, root, "dmlp_quantize%d_int32" % opset,
              model("QuantizeLinear", opset, INT32, xi.shape, ["x", "s", "z"],
                    [const("s", f32(1.5)), const("z", np.int8(4))], INT8),
              INT32, xi, INT8, quantize(xi, f32(1.5), np.int8(4), INT8))
    # per axis, positive and negative axes, the zero point named ""
    x3 = rng.normal(0, 60, (2, 3, 4)).astype(f32)
    for axis in (0, 1, 2, -1, -3):
        n = x3.shape[axis]
        scale = (np.arange(n, dtype=f32) + 1) * f32(0.375)
        zero = (np.arange(n) * 7 - 5).astype(np.int8)
        write(g, root, "dmlp_quantize13_axis%d" % axis if axis >= 0
              else "dmlp_quantize13_axis_minus%d" % -axis,
              model("QuantizeLinear", 13, FLOAT, x3.shape, ["x", "s", "z"],
                    [const("s", scale), const("z", zero)], INT8, {"axis": axis}),
              FLOAT, x3, INT8, quantize(x3, scale, zero, INT8, axis))
    scale = np.array([0.5, 1.25, 4], f32)
    write(g, root, "dmlp_quantize19_axis_empty_zero_point",
          model("QuantizeLinear", 19, FLOAT, x3.shape, ["x", "s", ""], [const("s", scale)],
                UINT8), FLOAT, x3, UINT8, quantize(x3, scale, None, UINT8, 1))
    write(g, root, "dmlp_quantize21_output_dtype_int8",
          model("QuantizeLinear", 21, FLOAT, x3.shape, ["x", "s", ""], [const("s", scale)],
                INT8, {"output_dtype": INT8}), FLOAT, x3, INT8,
          quantize(x3, scale, None, INT8, 1))
    # blocked (21): a block of 2 along axis 1, of 4 along the last axis, with and without zp
    xb = rng.normal(0, 40, (3, 8, 4)).astype(f32)
    for axis, block in ((1, 2), (1, 8), (-1, 2), (0, 3)):
        shape = list(xb.shape)
        shape[axis] //= block
        scale = rng.uniform(0.25, 3, shape).astype(f32)
        zero = rng.integers(-20, 20, shape).astype(np.int8)
        label = "dmlp_quantize21_block%d_axis%s" % (block, axis if axis >= 0 else "_minus1")
        write(g, root, label,
              model("QuantizeLinear", 21, FLOAT, xb.shape, ["x", "s", "z"],
                    [const("s", scale), const("z", zero)], INT8,
                    {"axis": axis, "block_size": block}),
              FLOAT, xb, INT8, quantize(xb, scale, zero, INT8, axis, block))
        write(g, root, label + "_no_zero_point",
              model("QuantizeLinear", 21, FLOAT, xb.shape, ["x", "s"], [const("s", scale)],
                    UINT8, {"axis": axis, "block_size": block}),
              FLOAT, xb, UINT8, quantize(xb, scale, None, UINT8, axis, block))
    # rank 0 and empty
    x0 = np.array(2.5, f32)
    write(g, root, "dmlp_quantize13_scalar",
          model("QuantizeLinear", 13, FLOAT, [], ["x", "s"], [const("s", f32(0.5))], UINT8),
          FLOAT, x0, UINT8, quantize(x0.reshape(1), f32(0.5), None, UINT8).reshape(()))
    xe = np.zeros((0, 3), f32)
    write(g, root, "dmlp_quantize13_empty",
          model("QuantizeLinear", 13, FLOAT, [0, 3], ["x", "s"],
                [const("s", np.array([1, 2, 3], f32))], UINT8), FLOAT, xe, UINT8,
          np.zeros((0, 3), np.uint8))

    # DequantizeLinear: every integer type of each version, per tensor and per axis
    for opset, types in ((10, (UINT8, INT8, INT32)), (13, (UINT8, INT8, INT32)),
                         (19, (UINT8, INT8, INT32)),
                         (21, (UINT8, INT8, UINT16, INT16, INT32))):
        for t in types:
            dt = DTYPES[t]
            info = np.iinfo(dt)
            xs = np.array(sorted({int(info.min), int(info.min) + 1, -1, 0, 1, 77,
                                  int(info.max) - 1, int(info.max)} & set(
                                      range(int(info.min), int(info.max) + 1))
                                 if t != INT32 else
                                 [int(info.min), -(1 << 24) - 1, -1, 0, 1, (1 << 24) + 1,
                                  int(info.max)]), dt)
            zero = dt(0) if t == INT32 else dt(int(info.max) // 3)
            name = np.dtype(dt).name
            write(g, root, "dmlp_dequantize%d_%s" % (opset, name),
                  model("DequantizeLinear", opset, t, xs.shape, ["x", "s", "z"],
                        [const("s", f32(0.375)), const("z", zero)], FLOAT),
                  t, xs, FLOAT, dequantize(xs, f32(0.375), zero))
            write(g, root, "dmlp_dequantize%d_%s_no_zero_point" % (opset, name),
                  model("DequantizeLinear", opset, t, xs.shape, ["x", "s", ""],
                        [const("s", f32(-1.75))], FLOAT),
                  t, xs, FLOAT, dequantize(xs, f32(-1.75), None))
    xq = rng.integers(0, 256, (2, 3, 4)).astype(np.uint8)
    for axis in (1, -1):
        n = xq.shape[axis]
        scale = rng.uniform(0.001, 2, n).astype(f32)
        zero = rng.integers(0, 256, n).astype(np.uint8)
        write(g, root, "dmlp_dequantize13_axis%s" % (axis if axis >= 0 else "_minus1"),
              model("DequantizeLinear", 13, UINT8, xq.shape, ["x", "s", "z"],
                    [const("s", scale), const("z", zero)], FLOAT, {"axis": axis}),
              UINT8, xq, FLOAT, dequantize(xq, scale, zero, axis))
    # float16 scales (19, 21) with an 8-bit x: the product rounded once to float16
    x8 = np.arange(-128, 128, dtype=np.int8).reshape(2, 128)
    scale = np.array([0.0999755859375, 300.5], np.float16)
    zero = np.array([3, -7], np.int8)
    for opset in (19, 21):
        write(g, root, "dmlp_dequantize%d_float16_scale_axis0" % opset,
              model("DequantizeLinear", opset, INT8, x8.shape, ["x", "s", "z"],
                    [const("s", scale), const("z", zero)], FLOAT16, {"axis": 0}),
              INT8, x8, FLOAT16, dequantize(x8, scale, zero, 0))
    # blocked (21), 16-bit inputs
    for t in (UINT16, INT16):
        dt = DTYPES[t]
        info = np.iinfo(dt)
        xb16 = rng.integers(int(info.min), int(info.max) + 1, (4, 6)).astype(dt)
        scale = rng.uniform(0.01, 5, (4, 2)).astype(f32)
        zero = rng.integers(int(info.min), int(info.max) + 1, (4, 2)).astype(dt)
        write(g, root, "dmlp_dequantize21_%s_block3" % np.dtype(dt).name,
              model("DequantizeLinear", 21, t, xb16.shape, ["x", "s", "z"],
                    [const("s", scale), const("z", zero)], FLOAT,
                    {"axis": 1, "block_size": 3}),
              t, xb16, FLOAT, dequantize(xb16, scale, zero, 1, 3))
    quant8_cases(root, g)


def quant_refused_cases(root, g):
    f32 = np.float32
    s = const("s", f32(0.5))
    refuse = g.refuse
    refuse(root, "quantize13_float16",
           model("QuantizeLinear", 13, FLOAT16, [3], ["x", "s"], [const("s", np.float16(1))],
                 UINT8),
           'input "x" has type float16', "QuantizeLinear-13 allows float, int32")
    refuse(root, "quantize19_int32",
           model("QuantizeLinear", 19, INT32, [3], ["x", "s"], [const("s", np.int32(2))],
                 UINT8), 'input "x" has type int32', "QuantizeLinear-19 allows float")
    refuse(root, "quantize13_float8_zero_point",
           model("QuantizeLinear", 13, FLOAT, [3], ["x", "s", "z"],
                 [s, f8_tensor("z", F8E4M3FN, np.uint8(0))], F8E4M3FN),
           "the output would have type float8e4m3fn (the zero point's)",
           "QuantizeLinear-13 writes uint8 and int8 (")
    refuse(root, "dequantize19_float8_double_scale",
           model("DequantizeLinear", 19, F8E5M2, [3], ["x", "s"], [const("s", np.float64(1))],
                 11), 'input "s" (the scale) has type double',
           "with x float8e5m2 and a scale of float, float16 or bfloat16")
    refuse(root, "dequantize13_float8",
           model("DequantizeLinear", 13, F8E4M3FN, [3], ["x", "s"], [s], FLOAT),
           'input "x" has type float8e4m3fn', "DequantizeLinear-13 allows int8, uint8, int32")
    refuse(root, "dequantize19_float8_zero_point_type",
           model("DequantizeLinear", 19, F8E4M3FN, [3], ["x", "s", "z"],
                 [s, f8_tensor("z", F8E5M2, np.uint8(0))], FLOAT),
           'input "z" (the zero point) has type float8e5m2', "needs x's (float8e4m3fn)")
    refuse(root, "quantize19_int16_zero_point",
           model("QuantizeLinear", 19, FLOAT, [3], ["x", "s", "z"],
                 [s, const("z", np.int16(0))], INT16),
           "the output would have type int16 (the zero point's)",
           "QuantizeLinear-19 writes uint8 and int8, and the four float8 types")
    refuse(root, "quantize21_output_dtype_disagrees",
           model("QuantizeLinear", 21, FLOAT, [3], ["x", "s", "z"],
                 [s, const("z", np.uint8(0))], UINT8, {"output_dtype": INT8}),
           'attribute "output_dtype" is int8 (3)', 'input "z" (the zero point) has type uint8')
    refuse(root, "quantize13_scale_double",
           model("QuantizeLinear", 13, FLOAT, [3], ["x", "s"], [const("s", np.float64(1))],
                 UINT8), 'input "s" (the scale) has type double', "a scale of float")
    refuse(root, "quantize13_zero_point_int32",
           model("QuantizeLinear", 13, FLOAT, [3], ["x", "s", "z"],
                 [s, const("z", np.int32(0))], INT32),
           "the output would have type int32")
    refuse(root, "quantize13_axis_scale_size",
           model("QuantizeLinear", 13, FLOAT, [2, 3], ["x", "s"],
                 [const("s", np.ones(2, f32))], UINT8),
           'node 0 "q"', 'input "s" (the scale)', "1-D of size 3 (one per index of axis 1)")
    refuse(root, "quantize13_axis_out_of_range",
           model("QuantizeLinear", 13, FLOAT, [2, 3], ["x", "s"],
                 [const("s", np.ones(3, f32))], UINT8, {"axis": 2}),
           'attribute "axis" is 2', "must be in [-2, 1]")
    refuse(root, "quantize10_per_axis",
           model("QuantizeLinear", 10, FLOAT, [2, 3], ["x", "s"],
                 [const("s", np.ones(3, f32))], UINT8),
           "QuantizeLinear-10 takes one element")
    refuse(root, "quantize10_axis_attribute",
           model("QuantizeLinear", 10, FLOAT, [3], ["x", "s"], [s], UINT8, {"axis": 0}),
           'attribute "axis" is not one of QuantizeLinear-10\'s')
    refuse(root, "quantize13_block_size_attribute",
           model("QuantizeLinear", 13, FLOAT, [4], ["x", "s"], [s], UINT8, {"block_size": 2}),
           'attribute "block_size" is not one of QuantizeLinear-13\'s')
    refuse(root, "quantize21_block_does_not_divide",
           model("QuantizeLinear", 21, FLOAT, [2, 5], ["x", "s"],
                 [const("s", np.ones((2, 3), f32))], UINT8, {"block_size": 2}),
           'attribute "block_size" is 2, which does not divide x [2, 5] along axis 1 (5)')
    refuse(root, "quantize21_block_scale_shape",
           model("QuantizeLinear", 21, FLOAT, [2, 4], ["x", "s"],
                 [const("s", np.ones((1, 2), f32))], UINT8, {"block_size": 2}),
           "blocked by 2 along axis 1", "with 2 along that axis")
    refuse(root, "quantize21_block_negative",
           model("QuantizeLinear", 21, FLOAT, [4], ["x", "s"], [s], UINT8, {"block_size": -1}),
           'attribute "block_size" is -1')
    refuse(root, "quantize13_zero_point_shape",
           model("QuantizeLinear", 13, FLOAT, [2, 3], ["x", "s", "z"],
                 [const("s", np.ones(3, f32)), const("z", np.zeros(2, np.uint8))], UINT8),
           'input "z" (the zero point) has shape [2] and the scale [3]')
    refuse(root, "quantize13_one_input",
           model("QuantizeLinear", 13, FLOAT, [3], ["x"], [], UINT8),
           "has 1 inputs; QuantizeLinear takes 2 to 3")
    refuse(root, "quantize13_empty_scale_name",
           model("QuantizeLinear", 13, FLOAT, [3], ["x", "", "z"],
                 [const("z", np.uint8(0))], UINT8),
           'node 0 "q"', 'input 2 is named "" (left out), but QuantizeLinear needs it '
           "(DirectML's ScaleTensor)")
    refuse(root, "dequantize19_bfloat16_scale",
           model("DequantizeLinear", 19, UINT8, [3], ["x", "s"],
                 [helper.make_tensor("s", BFLOAT16, [], [0x3f80])], BFLOAT16),
           'input "s" (the scale) has type bfloat16', "a scale of float or float16")
    refuse(root, "dequantize21_int16_float16_scale",
           model("DequantizeLinear", 21, INT16, [3], ["x", "s"], [const("s", np.float16(1))],
                 FLOAT16), 'input "s" (the scale) has type float16',
           "rounds a wider product to float first")
    refuse(root, "dequantize13_float16_scale",
           model("DequantizeLinear", 13, UINT8, [3], ["x", "s"], [const("s", np.float16(1))],
                 FLOAT16), "DequantizeLinear-13 with x uint8 and a scale of float")
    refuse(root, "dequantize13_zero_point_type",
           model("DequantizeLinear", 13, UINT8, [3], ["x", "s", "z"],
                 [s, const("z", np.int8(0))], FLOAT),
           'input "z" (the zero point) has type int8', "needs x's (uint8)")
    refuse(root, "dequantize19_int16",
           model("DequantizeLinear", 19, INT16, [3], ["x", "s"], [s], FLOAT),
           'input "x" has type int16', "DequantizeLinear-19 allows int8, uint8, int32")


# ---- float8 and 16-bit float types (the loader's parts) ----------------------------------

F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ = 17, 18, 19, 20
FLOAT8 = (F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ)
F8_NAMES = {F8E4M3FN: "e4m3fn", F8E4M3FNUZ: "e4m3fnuz", F8E5M2: "e5m2",
            F8E5M2FNUZ: "e5m2fnuz"}


def f8_tensor(name, t, data):
    """A float8 TensorProto from its bytes (ONNX 1.12's helpers do not know the types)."""
    p = TensorProto()
    p.name = name
    p.data_type = t
    p.dims.extend(np.asarray(data).shape)
    p.raw_data = np.ascontiguousarray(data, np.uint8).tobytes()
    return p


def bf16_tensor(name, bits):
    p = TensorProto()
    p.name = name
    p.data_type = BFLOAT16
    p.dims.extend(bits.shape)
    p.raw_data = np.ascontiguousarray(bits, np.uint16).tobytes()
    return p


def to_bf16(g, values):
    """float32 values (any shape, 0-d too) to bfloat16 bits, rounded to nearest even."""
    v = np.asarray(values, np.float32)
    return g.f32_to_bf16(v.reshape(-1)).reshape(v.shape)


def in_type_arith(g, t, a, b, op):
    """a op b in type t (float32 or float16 by numpy; bfloat16 through float32, rounded
    once to bfloat16 by the script's codec: the float32 result of one operation rounded
    again is the correctly rounded bfloat16 one, 24 >= 2 * 8 + 2)."""
    with np.errstate(all="ignore"):
        if t == BFLOAT16:
            r = op(g.bf16_to_f32(a), g.bf16_to_f32(b))
            return to_bf16(g, r)
        return op(a, b)


def as_float64(g, t, data):
    if t == BFLOAT16:
        with np.errstate(invalid="ignore"):
            return g.bf16_to_f32(data).astype(np.float64)
    if t in FLOAT8:
        return g.decode(t, data)
    return data.astype(np.float64)


def to_float8(g, t, values, saturate):
    """float64 values (each exactly a value of the computing type) to float8 bytes:
    rounded once to nearest even, ONNX's Cast table for overflow, ±inf and NaN."""
    import gen_cast_cases as cc
    out = []
    for v in values.ravel().tolist():
        neg = int(math.copysign(1.0, v) < 0)
        if math.isnan(v):
            out.append(cc.encode("nan", neg, None, t, saturate))
        elif math.isinf(v):
            out.append(cc.encode("inf", neg, None, t, saturate))
        else:
            out.append(cc.encode("num", neg, Fraction(abs(v)), t, saturate))
    return np.array(out, np.uint8).reshape(values.shape)


def quantize_float8(g, x_type, x, scale, zero, y_type, saturate, axis=1, block=0):
    """ONNX's formula, y = saturate(x / y_scale + y_zero_point) into a float8 type: the
    quotient in x's type, the zero point widened exactly to it and added, then one
    rounding to the float8 type (Cast's table)."""
    s = np.ascontiguousarray(expand(scale, x.shape, axis, block))
    q = in_type_arith(g, x_type, x, s, np.divide)
    if zero is not None:
        zw = as_float64(g, y_type, np.ascontiguousarray(expand(zero, x.shape, axis, block)))
        if x_type == BFLOAT16:
            zt = to_bf16(g, zw.astype(np.float32))  # exact: float8 values are bfloat16's
        else:
            zt = zw.astype(DTYPES[x_type])
        q = in_type_arith(g, x_type, q, zt, np.add)
    return to_float8(g, y_type, as_float64(g, x_type, q), saturate)


def quantize_half(g, x_type, x, scale, zero, y_type, axis=1, block=0):
    """float16 or bfloat16 x: the quotient in x's type (ONNX's reference divides in it),
    then rint, the zero point and saturation as specified (±inf saturates; a NaN gives the
    output's lowest value, dmlp's rule where ONNX leaves it undefined)."""
    s = np.ascontiguousarray(expand(scale, x.shape, axis, block))
    q = as_float64(g, x_type, in_type_arith(g, x_type, x, s, np.divide))
    z = expand(zero if zero is not None else 0, x.shape, axis, block).astype(np.float64)
    lo, hi = RANGES[y_type]
    with np.errstate(invalid="ignore"):
        r = np.clip(np.rint(q) + z, lo, hi)
    r[np.isnan(q)] = lo
    return r.astype(DTYPES[y_type])


def dequantize_float8(g, x_type, x, scale_type, scale, zero, axis=1, block=0):
    """ONNX's reference: x and the zero point widened to float32, subtracted and multiplied
    by the scale in float32 (a float16 or bfloat16 scale widened), then rounded to the
    scale's type."""
    x32 = as_float64(g, x_type, x).astype(np.float32)
    if zero is not None:
        z = np.ascontiguousarray(expand(zero, x.shape, axis, block))
        with np.errstate(all="ignore"):
            x32 = x32 - as_float64(g, x_type, z).astype(np.float32)
    s = np.ascontiguousarray(expand(scale, x.shape, axis, block))
    s32 = as_float64(g, scale_type, s).astype(np.float32)
    with np.errstate(all="ignore"):
        p = x32 * s32
    if scale_type == FLOAT:
        return p
    if scale_type == FLOAT16:
        with np.errstate(all="ignore"):
            return p.astype(np.float16)
    return to_bf16(g, p)


def x_tensor(g, t, name, data):
    if t == BFLOAT16:
        return bf16_tensor(name, data)
    if t in FLOAT8:
        return f8_tensor(name, t, data)
    return g.raw_tensor(name, t, data)


def write8(g, root, name, m, x_type, x, y_type, y):
    g.write_case(root, name, m, [([x_tensor(g, x_type, "x", x)],
                                  [x_tensor(g, y_type, "y", y)])])


def half_values(g, x_type, f32_values):
    """float32 values as x_type's storage (float16 by numpy, bfloat16 bits by rounding)."""
    if x_type == FLOAT16:
        with np.errstate(over="ignore"):
            return np.asarray(f32_values, np.float32).astype(np.float16)
    if x_type == BFLOAT16:
        return to_bf16(g, f32_values)
    return np.asarray(f32_values, np.float32)


def scale_of(g, name, t, values):
    v = half_values(g, t, values)
    return bf16_tensor(name, v) if t == BFLOAT16 else const(name, v)


def quant8_cases(root, g):
    rng = np.random.default_rng(8)
    f32 = np.float32
    edges = [0.0, -0.0, 1.0, -1.0, 2.5, 0.001, -0.001, 1e-6, 3.0e-3, 240.0, 448.0, 464.0,
             500.0, 57344.0, 61440.0, 1e5, -1e5, 1e10, -1e10, 3.4e38, np.inf, -np.inf, np.nan,
             -np.nan, 0.0135, 1.0625, 1.1875, 17.0, -17.5]
    # QuantizeLinear to every float8 type, saturate 0 and 1 (and absent), per tensor
    for x_type in (FLOAT, FLOAT16, BFLOAT16):
        xs = np.concatenate([np.array(edges, f32), rng.normal(0, 300, 35).astype(f32)])
        x = half_values(g, x_type, xs).reshape(4, 16)
        scale_value = 0.5
        for y_type in FLOAT8:
            for opset in (19, 21):
                for saturate in (None, 0, 1):
                    attrs = {} if saturate is None else {"saturate": saturate}
                    label = "dmlp_quantize%d_%s_to_%s%s" % (
                        opset, g.NAMES[x_type], F8_NAMES[y_type],
                        "" if saturate is None else "_saturate%d" % saturate)
                    sat = 1 if saturate is None else saturate
                    if opset == 21 and x_type == FLOAT:  # no zero point: output_dtype
                        write8(g, root, label + "_output_dtype",
                               model("QuantizeLinear", 21, x_type, x.shape, ["x", "s"],
                                     [scale_of(g, "s", x_type, scale_value)], y_type,
                                     dict(attrs, output_dtype=y_type)),
                               x_type, x, y_type,
                               quantize_float8(g, x_type, x, half_values(g, x_type, scale_value),
                                               None, y_type, sat))
                    zero = np.uint8(0)  # +0 in every float8 type
                    write8(g, root, label,
                           model("QuantizeLinear", opset, x_type, x.shape, ["x", "s", "z"],
                                 [scale_of(g, "s", x_type, scale_value),
                                  f8_tensor("z", y_type, zero)], y_type, attrs),
                           x_type, x, y_type,
                           quantize_float8(g, x_type, x, half_values(g, x_type, scale_value),
                                           zero, y_type, sat))
    # a zero point that is not 0, per axis and blocked, every float8 type
    x3 = rng.normal(0, 80, (2, 3, 4)).astype(f32)
    x3[0, 0, :] = [np.inf, -np.inf, np.nan, 1e9]
    for y_type in FLOAT8:
        for axis in (1, -1):
            n = x3.shape[axis]
            scale = (np.arange(n, dtype=f32) + 1) * f32(0.625)
            zero = rng.integers(0, 256, n).astype(np.uint8)
            zero[g.decode(y_type, zero) != g.decode(y_type, zero)] = 0x11  # no NaN zero point
            for saturate in (0, 1):
                write8(g, root, "dmlp_quantize19_axis%s_%s_saturate%d" % (
                           axis if axis >= 0 else "_minus1", F8_NAMES[y_type], saturate),
                       model("QuantizeLinear", 19, FLOAT, x3.shape, ["x", "s", "z"],
                             [const("s", scale), f8_tensor("z", y_type, zero)], y_type,
                             {"axis": axis, "saturate": saturate}),
                       FLOAT, x3, y_type,
                       quantize_float8(g, FLOAT, x3, scale, zero, y_type, saturate, axis))
        xb = rng.normal(0, 40, (3, 8, 4)).astype(f32)
        scale = rng.uniform(0.05, 3, (3, 4, 4)).astype(f32)
        zero = rng.integers(0, 0x30, (3, 4, 4)).astype(np.uint8)
        write8(g, root, "dmlp_quantize21_block2_%s" % F8_NAMES[y_type],
               model("QuantizeLinear", 21, FLOAT, xb.shape, ["x", "s", "z"],
                     [const("s", scale), f8_tensor("z", y_type, zero)], y_type,
                     {"axis": 1, "block_size": 2}),
               FLOAT, xb, y_type, quantize_float8(g, FLOAT, xb, scale, zero, y_type, 1, 1, 2))
        with np.errstate(over="ignore"):
            h3 = x3.astype(np.float16)
        write8(g, root, "dmlp_quantize21_float16_axis0_%s" % F8_NAMES[y_type],
               model("QuantizeLinear", 21, FLOAT16, h3.shape, ["x", "s", "z"],
                     [const("s", np.array([0.3, 7.5], np.float16)),
                      f8_tensor("z", y_type, np.array([0x05, 0x81], np.uint8))], y_type,
                     {"axis": 0}),
               FLOAT16, h3, y_type,
               quantize_float8(g, FLOAT16, h3, np.array([0.3, 7.5], np.float16),
                               np.array([0x05, 0x81], np.uint8), y_type, 1, 0))

    # QuantizeLinear of float16 and bfloat16 x to uint8 and int8: every bit pattern divided
    # by 1 (dmlp's quantize of the quotient equals the reference for each), then by scales
    bits = np.arange(65536, dtype=np.uint32).astype(np.uint16).reshape(256, 256)
    for x_type in (FLOAT16, BFLOAT16):
        x = bits.view(np.float16) if x_type == FLOAT16 else bits
        for y_type, zero in ((UINT8, np.uint8(3)), (INT8, np.int8(-5))):
            for opset in (19, 21):
                write8(g, root, "dmlp_quantize%d_%s_every_value_%s" % (
                           opset, g.NAMES[x_type], np.dtype(DTYPES[y_type]).name),
                       model("QuantizeLinear", opset, x_type, x.shape, ["x", "s", "z"],
                             [scale_of(g, "s", x_type, 1.0), const("z", zero)], y_type),
                       x_type, x, y_type,
                       quantize_half(g, x_type, x, half_values(g, x_type, 1.0), zero, y_type))
        for y_type, zero in ((UINT16, np.uint16(40000)), (INT16, np.int16(-7))):
            write8(g, root, "dmlp_quantize21_%s_every_value_%s" % (
                       g.NAMES[x_type], np.dtype(DTYPES[y_type]).name),
                   model("QuantizeLinear", 21, x_type, x.shape, ["x", "s", "z"],
                         [scale_of(g, "s", x_type, 0.25), const("z", zero)], y_type),
                   x_type, x, y_type,
                   quantize_half(g, x_type, x, half_values(g, x_type, 0.25), zero, y_type))
        for scale_value in (0.1, 3.0, 0.00048828125):
            write8(g, root, "dmlp_quantize19_%s_scale_%g" % (g.NAMES[x_type], scale_value),
                   model("QuantizeLinear", 19, x_type, x.shape, ["x", "s"],
                         [scale_of(g, "s", x_type, scale_value)], UINT8),
                   x_type, x, UINT8,
                   quantize_half(g, x_type, x, half_values(g, x_type, scale_value), None, UINT8))
        xa = half_values(g, x_type, rng.normal(0, 50, (3, 4, 2)))
        sa = half_values(g, x_type, [0.5, 1.5, 0.3, 2.0])
        za = np.array([-3, 0, 7, 100], np.int8)
        write8(g, root, "dmlp_quantize19_%s_axis1" % g.NAMES[x_type],
               model("QuantizeLinear", 19, x_type, xa.shape, ["x", "s", "z"],
                     [bf16_tensor("s", sa) if x_type == BFLOAT16 else const("s", sa),
                      const("z", za)], INT8),
               x_type, xa, INT8, quantize_half(g, x_type, xa, sa, za, INT8, 1))
        sb = half_values(g, x_type, rng.uniform(0.2, 4, (3, 2, 2)))
        zb = rng.integers(0, 256, (3, 2, 2)).astype(np.uint8)
        write8(g, root, "dmlp_quantize21_%s_block2_axis1" % g.NAMES[x_type],
               model("QuantizeLinear", 21, x_type, xa.shape, ["x", "s", "z"],
                     [bf16_tensor("s", sb) if x_type == BFLOAT16 else const("s", sb),
                      const("z", zb)], UINT8, {"axis": 1, "block_size": 2}),
               x_type, xa, UINT8, quantize_half(g, x_type, xa, sb, zb, UINT8, 1, 2))

    # DequantizeLinear of float8 x: every byte, scales of float, float16 and bfloat16
    every = np.arange(256, dtype=np.uint16).astype(np.uint8).reshape(16, 16)
    for x_type in FLOAT8:
        for opset in (19, 21):
            for scale_type, value in ((FLOAT, 0.375), (FLOAT16, 3.0), (BFLOAT16, 0.1)):
                sv = half_values(g, scale_type, value)
                for with_zero in (False, True):
                    inputs = ["x", "s", "z"] if with_zero else ["x", "s"]
                    inits = [scale_of(g, "s", scale_type, value)]
                    zero = np.uint8(0) if with_zero else None
                    if with_zero:
                        inits.append(f8_tensor("z", x_type, zero))
                    write8(g, root, "dmlp_dequantize%d_%s_%s_scale%s" % (
                               opset, F8_NAMES[x_type], g.NAMES[scale_type],
                               "_zero_point" if with_zero else ""),
                           model("DequantizeLinear", opset, x_type, every.shape, inputs, inits,
                                 scale_type),
                           x_type, every, scale_type,
                           dequantize_float8(g, x_type, every, scale_type, sv, zero))
        # per axis with a zero point that is not 0 (ONNX's formula; its reference wants 0)
        sa = np.array([0.5, -2.0, 1e-3, 65504.0] * 4, np.float32)
        za = np.array(list(range(0x08, 0x18)), np.uint8)
        write8(g, root, "dmlp_dequantize19_%s_axis1_zero_point" % F8_NAMES[x_type],
               model("DequantizeLinear", 19, x_type, every.shape, ["x", "s", "z"],
                     [const("s", sa), f8_tensor("z", x_type, za)], FLOAT, {"axis": 1}),
               x_type, every, FLOAT,
               dequantize_float8(g, x_type, every, FLOAT, sa, za, 1))
        sb = rng.uniform(0.1, 4, (16, 4)).astype(np.float16)
        write8(g, root, "dmlp_dequantize21_%s_block4_float16" % F8_NAMES[x_type],
               model("DequantizeLinear", 21, x_type, every.shape, ["x", "s"],
                     [const("s", sb)], FLOAT16, {"axis": 1, "block_size": 4}),
               x_type, every, FLOAT16,
               dequantize_float8(g, x_type, every, FLOAT16, sb, None, 1, 4))
