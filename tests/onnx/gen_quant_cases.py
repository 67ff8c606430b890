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
import numpy as np
from onnx import helper, numpy_helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, FLOAT16, BFLOAT16 = 1, 2, 3, 4, 5, 6, 10, 16
DTYPES = {FLOAT: np.float32, UINT8: np.uint8, INT8: np.int8, UINT16: np.uint16,
          INT16: np.int16, INT32: np.int32, FLOAT16: np.float16}
RANGES = {UINT8: (0, 255), INT8: (-128, 127)}


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


def quant_refused_cases(root, g):
    f32 = np.float32
    s = const("s", f32(0.5))
    refuse = g.refuse
    refuse(root, "quantize19_float16",
           model("QuantizeLinear", 19, FLOAT16, [3], ["x", "s"], [const("s", np.float16(1))],
                 UINT8),
           'input "x" has type float16', "QuantizeLinear-19 allows float")
    refuse(root, "quantize19_int32",
           model("QuantizeLinear", 19, INT32, [3], ["x", "s"], [const("s", np.int32(2))],
                 UINT8), 'input "x" has type int32', "QuantizeLinear-19 allows float")
    refuse(root, "quantize21_float8_output",
           model("QuantizeLinear", 21, FLOAT, [3], ["x", "s"], [s], 17, {"output_dtype": 17}),
           "the output would have type float8e4m3fn", 'attribute "output_dtype"',
           "writes uint8 and int8 only")
    refuse(root, "quantize21_int16_zero_point",
           model("QuantizeLinear", 21, FLOAT, [3], ["x", "s", "z"],
                 [s, const("z", np.int16(0))], INT16),
           "the output would have type int16 (the zero point's)")
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
