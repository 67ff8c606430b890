"""Clip cases for gen_cases.py: models with expected outputs computed here, independently
of dmlp, by numpy's clip as ONNX's reference evaluator runs it (a NaN stays; where min is
above max every value becomes max). Clip-6 with attributes and with its defaults (float's
lowest and highest, which clamp the infinities), Clip-11 and 13 with min and max as
initializers, as Constant outputs, absent ("" or left out) and with min above max,
Clip-12 and 13 on every integer type with bounds no float32 holds (2^24 + 1, int64 and
uint64 next to their ends, min above max) as well as the types' ends, and the refusals:
bounds that are graph inputs or computed by a node, a double bound no float32 holds, an
integer bound of another type than the input's, a bound of two elements, an attribute min
in Clip-11.

clip_cases(root, g) and clip_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np
from onnx import helper, numpy_helper

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, DOUBLE, UINT32, UINT64 = (
    1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
DTYPES = {FLOAT: np.float32, UINT8: np.uint8, INT8: np.int8, UINT16: np.uint16,
          INT16: np.int16, INT32: np.int32, INT64: np.int64, DOUBLE: np.float64,
          UINT32: np.uint32, UINT64: np.uint64}


def clip(x, low, high):
    """numpy's clip, ONNX's reference: min(max(x, low), high); NaN stays."""
    with np.errstate(invalid="ignore"):
        r = x.copy()
        if low is not None:
            r = np.where(r < low, x.dtype.type(low), r)
        if high is not None:
            r = np.where(r > high, x.dtype.type(high), r)
        return r.astype(x.dtype)


def model(name, opset, onnx_type, shape, inputs, initializers=(), nodes=(), attrs=None):
    vi = helper.make_tensor_value_info
    node = helper.make_node("Clip", inputs, ["y"], name=name + "_node", **(attrs or {}))
    return helper.make_model(
        helper.make_graph(list(nodes) + [node], "g", [vi("x", onnx_type, list(shape))],
                          [vi("y", onnx_type, list(shape))], initializer=list(initializers)),
        opset_imports=[helper.make_opsetid("", opset)], producer_name="dmlp-tests")


def const(name, value):
    return numpy_helper.from_array(np.asarray(value), name)


def write(g, root, name, m, onnx_type, x, y):
    sets = [([g.raw_tensor("x", onnx_type, x)], [g.raw_tensor("y", onnx_type, y)])]
    g.write_case(root, name, m, sets)


def clip_cases(root, g):
    x = np.array([-np.inf, -3.5, -1.5, -1.0, -0.0, 0.0, 0.25, 1.0, 2.0, 7.0, np.inf, np.nan],
                 np.float32)
    f32 = np.float32
    # Clip-6: attributes, and its defaults
    write(g, root, "dmlp_clip6_attributes", model("c6", 6, FLOAT, x.shape, ["x"],
          attrs={"min": -1.5, "max": 2.0}), FLOAT, x, clip(x, f32(-1.5), f32(2.0)))
    big = np.finfo(np.float32).max
    write(g, root, "dmlp_clip6_defaults", model("c6d", 6, FLOAT, x.shape, ["x"]), FLOAT, x,
          clip(x, -big, big))
    # Clip-11/13: initializers, a Constant, absent bounds, min above max
    write(g, root, "dmlp_clip13_initializers",
          model("c13", 13, FLOAT, x.shape, ["x", "lo", "hi"],
                [const("lo", f32(-1.5)), const("hi", f32(2.0))]), FLOAT, x,
          clip(x, f32(-1.5), f32(2.0)))
    k = helper.make_node("Constant", [], ["hi"], name="k", value=const("v", f32(0.25)))
    write(g, root, "dmlp_clip11_constant_max_only",
          model("c11", 11, FLOAT, x.shape, ["x", "", "hi"], nodes=[k]), FLOAT, x,
          clip(x, None, f32(0.25)))
    write(g, root, "dmlp_clip13_min_only", model("c13m", 13, FLOAT, x.shape, ["x", "lo"],
          [const("lo", f32(1.0))]), FLOAT, x, clip(x, f32(1.0), None))
    write(g, root, "dmlp_clip13_no_bounds", model("c13n", 13, FLOAT, x.shape, ["x", "", ""]),
          FLOAT, x, x.copy())
    write(g, root, "dmlp_clip13_min_above_max",
          model("c13x", 13, FLOAT, x.shape, ["x", "lo", "hi"],
                [const("lo", f32(3.0)), const("hi", f32(1.0))]), FLOAT, x,
          clip(x, f32(3.0), f32(1.0)))
    d = x.astype(np.float64)
    write(g, root, "dmlp_clip13_double", model("c13d", 13, DOUBLE, d.shape, ["x", "lo", "hi"],
          [const("lo", np.float64(-1.5)), const("hi", np.float64(0.25))]), DOUBLE, d,
          clip(d, -1.5, 0.25))
    # Clip-12 on integers
    i = np.array([-2147483648, -70000, -3, 0, 5, 1 << 24, 2147483647], np.int32)
    write(g, root, "dmlp_clip12_int32", model("c12i", 12, INT32, i.shape, ["x", "lo", "hi"],
          [const("lo", np.int32(-65536)), const("hi", np.int32(1 << 24))]), INT32, i,
          clip(i, -65536, 1 << 24))
    u = np.array([0, 7, 255], np.uint8)
    write(g, root, "dmlp_clip12_uint8", model("c12u", 12, UINT8, u.shape, ["x", "lo"],
          [const("lo", np.uint8(8))]), UINT8, u, clip(u, 8, None))
    # every integer type: bounds near its ends and inside, as Python's integers compare
    # them (no float between), min above max giving max
    for t, dt in sorted(DTYPES.items()):
        if t in (FLOAT, DOUBLE):
            continue
        info = np.iinfo(dt)
        lo_v, hi_v = int(info.min), int(info.max)
        picks = sorted({lo_v, lo_v + 1, lo_v + 2, -(1 << 24) - 1, -3, 0, 1, 5, (1 << 24) + 1,
                        (1 << 53) + 1, hi_v - 2, hi_v - 1, hi_v})
        xs = np.array([v for v in picks if lo_v <= v <= hi_v], dt)
        name = np.dtype(dt).name
        for label, lo, hi in (("near_ends", lo_v + 1, hi_v - 1),
                              ("inside", max(lo_v, -(1 << 24) - 1), min(hi_v, (1 << 24) + 1)),
                              ("min_above_max", hi_v - 1, lo_v + 2)):
            want = np.array([min(max(int(v), lo), hi) if lo <= hi else hi for v in xs], dt)
            write(g, root, "dmlp_clip13_%s_%s" % (name, label),
                  model("c13%s" % name, 13, t, xs.shape, ["x", "lo", "hi"],
                        [const("lo", dt(lo)), const("hi", dt(hi))]), t, xs, want)
        want = np.array([min(int(v), hi_v - 1) for v in xs], dt)
        write(g, root, "dmlp_clip12_%s_max_only" % name,
              model("c12%s" % name, 12, t, xs.shape, ["x", "", "hi"],
                    [const("hi", dt(hi_v - 1))]), t, xs, want)
    q = np.array([0, 1 << 40, (1 << 64) - 1], np.uint64)
    write(g, root, "dmlp_clip13_uint64_max", model("c13u", 13, UINT64, q.shape, ["x", "", "hi"],
          [const("hi", np.uint64((1 << 64) - 1))]), UINT64, q, q.copy())


def clip_refused_cases(root, g):
    vi = helper.make_tensor_value_info
    f32 = np.float32
    fed = helper.make_model(
        helper.make_graph([helper.make_node("Clip", ["x", "lo"], ["y"], name="c")], "g",
                          [vi("x", FLOAT, [3]), vi("lo", FLOAT, [])], [vi("y", FLOAT, [3])]),
        opset_imports=[helper.make_opsetid("", 13)])
    g.refuse(root, "clip_bound_graph_input", fed, 'node 0 "c"', 'input "lo" (min)',
             "a graph input, fed at run time", "as a constant")
    neg = helper.make_node("Neg", ["k"], ["hi"], name="neg")
    g.refuse(root, "clip_bound_computed",
             model("c", 13, FLOAT, [3], ["x", "", "hi"], [const("k", f32(1.0))], [neg]),
             'input "hi" (max)', "computed at run time")
    g.refuse(root, "clip_int64_bound_of_int32",
             model("c", 13, INT64, [3], ["x", "lo"], [const("lo", np.int32(7))]),
             'input "lo" (min) has type int32', "Clip-13 takes its bounds in the input's type "
             "(int64)")
    g.refuse(root, "clip_float_bound_of_int32",
             model("c", 13, INT32, [3], ["x", "", "hi"], [const("hi", f32(7))]),
             'input "hi" (max) has type float', "in the input's type (int32)")
    g.refuse(root, "clip_double_bound_inexact",
             model("c", 13, DOUBLE, [3], ["x", "lo"], [const("lo", np.float64(0.1))]),
             "0.10000000000000001 is not a float32 value")
    g.refuse(root, "clip_bound_two_elements",
             model("c", 13, FLOAT, [3], ["x", "lo"], [const("lo", np.array([1, 2], f32))]),
             'input "lo" (min) has 2 elements')
    g.refuse(root, "clip11_min_attribute", model("c", 11, FLOAT, [3], ["x"], attrs={"min": 1.0}),
             'attribute "min" is not one of Clip-11\'s')
    g.refuse(root, "clip_four_inputs", model("c", 13, FLOAT, [3], ["x", "", "", ""]),
             "has 4 inputs", "Clip takes one, then optional bounds")
    g.refuse(root, "clip6_int32", model("c", 6, INT32, [3], ["x"]), "int32", "Clip-6 allows")
