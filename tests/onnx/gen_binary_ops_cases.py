"""Min and PRelu cases for gen_cases.py: models with expected outputs
computed here, independently of dmlp.

Min: ONNX's reference folds its inputs from the left with numpy's minimum (a NaN wins;
dmlp makes it quiet, and `dmlp onnx-test --exact` takes any NaN for any NaN), with one
rule written out here: a tie of -0 and +0 gives -0 (IEEE 754-2019 minimum, -0 below +0;
only two +0 give +0), as Max's cases do for its own tie (gen_minmax_cases.py). bfloat16
is decoded exactly to float32 and the result, one of the inputs or a NaN, encoded back.

PRelu: ONNX's reference is where(x < 0, x * slope, x), the slope broadcast one way to
X's shape (from version 7; before it, X's shape or one element): every version and type,
a scalar slope, one per channel, one per row and a full one, consumed_inputs, and the
refusals of a slope that would grow X.

Mod: ONNX's reference is numpy's fmod with fmod = 1 (every type: C's truncated remainder,
the sign of a) and numpy's mod with fmod = 0 (integers only, ONNX's rule: the floored
remainder, the sign of b). Integer divisors are never 0 here (dmlp refuses them, as
Div's); float16 is numpy's own (evaluated in float32, exact for fmod, rounded once for
mod), bfloat16 decoded exactly to float32, fmod taken there (exact) and encoded back.

Mean: ONNX's reference sums the inputs from the left and divides by their count; for
one input a copy, for two (a + b) / 2, ELEMENT_WISE_MEAN's formula in its order (the sum
rounded, then halved). float and double from numpy in the type; float16 evaluated in
float32 and rounded once (dmlp's rule for float16: it differs from numpy's float16
arithmetic only where a float16 sum would pass 65504 and its half would not, pinned by
a hand-checked case), bfloat16 likewise through the script's codec. Mean of more inputs
is gen_fold_cases.py's.

binary_ops_cases(root, g) and binary_ops_refused_cases(root, g) write them, g being the
gen_cases module (its helpers and lists).
"""
import numpy as np
from onnx import helper

from gen_minmax_cases import b_values, bf16_decode

FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, BOOL, FLOAT16, DOUBLE, UINT32, UINT64 = \
    1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13
BFLOAT16 = 16
INTS = (UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64)
vi = helper.make_tensor_value_info

# (operator, since, (first opset, last opset), types)
MIN_VERSIONS = [
    ("Min", 1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    ("Min", 6, (6, 7), (FLOAT16, FLOAT, DOUBLE)),
    ("Min", 8, (8, 11), (FLOAT16, FLOAT, DOUBLE)),
    ("Min", 12, (12, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    ("Min", 13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


# ---- reference results -----------------------------------------------------------------

def minimum(a, b):
    """numpy's minimum with IEEE's answer where both are zeros: -0 unless both are +0."""
    if a.dtype.kind in "iu":
        return np.minimum(a, b)
    with np.errstate(invalid="ignore"):
        r = np.minimum(a, b)
    zero = (a == 0) & (b == 0)
    either_negative = np.signbit(a) | np.signbit(b)
    tie = np.where(either_negative, r.dtype.type(-0.0), r.dtype.type(0.0))
    return np.where(zero, tie, r)


def ref_fold(g, onnx_type, xs, step):
    """A variadic operator's inputs folded from the left with step (on exact values:
    bfloat16 decoded to float32 and the result encoded back)."""
    values = [bf16_decode(g, x) if onnx_type == BFLOAT16 else x for x in xs]
    r = values[0].copy()
    for v in values[1:]:
        r = step(r, v)
    if onnx_type == BFLOAT16:
        return xs[0].copy() if len(xs) == 1 else g.f32_to_bf16(r)
    return r


def ref_min(g, onnx_type, xs):
    return ref_fold(g, onnx_type, xs, minimum)


# ---- writing ---------------------------------------------------------------------------

def variadic_case(g, root, op, ref, name, opset, onnx_type, xs, attrs=None, typed_set=False):
    """An `op` node over inputs x1 .. xN, expected ref(g, onnx_type, xs)."""
    names = ["x%d" % (i + 1) for i in range(len(xs))]
    node = helper.make_node(op, names, ["y"], name=name + "_node", **(attrs or {}))
    expected = ref(g, onnx_type, xs)
    model = g.model_of([node], [vi(n, onnx_type, list(x.shape)) for n, x in zip(names, xs)],
                       [vi("y", onnx_type, list(expected.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, expected))
    sets = [([g.raw_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor(n, onnx_type, x) for n, x in zip(names, xs)], [y]))
    g.write_case(root, name, model, sets)


def min_cases(root, g):
    rng = g.rng
    for op, since, opsets, types in MIN_VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            a = g.storage(onnx_type, g.input_values(onnx_type))
            name = "dmlp_min%d_%s_opset%d" % (since, g.NAMES[onnx_type], opset)
            variadic_case(g, root, "Min", ref_min, name, opset, onnx_type,
                          [a, b_values(g, onnx_type, a, same_shape=since < 8)],
                          typed_set=onnx_type in (FLOAT, INT64, UINT32, BFLOAT16))
    # every pair of -0, +0, NaN, -NaN, 1, -inf and +inf, A a column and B a row
    v = np.array([-0.0, 0.0, np.nan, -np.nan, 1.0, -np.inf, np.inf], dtype=np.float32)
    got = ref_min(g, FLOAT, [v.reshape(7, 1), v])
    bits = got.view(np.uint32)
    assert bits[0, 1] == 0x80000000 and bits[1, 0] == 0x80000000 and bits[1, 1] == 0
    assert np.isnan(got[2:4, :]).all() and np.isnan(got[:, 2:4]).all()
    assert got[4, 5] == -np.inf and got[6, 4] == 1.0
    variadic_case(g, root, "Min", ref_min, "dmlp_min_hand_checked", 13, FLOAT,
                  [v.reshape(7, 1), v])
    # one input (a copy), three and five inputs, broadcast through the fold
    variadic_case(g, root, "Min", ref_min, "dmlp_min_one_input", 13, BFLOAT16,
                  [g.storage(BFLOAT16, g.input_values(BFLOAT16))])
    shapes = ((3, 1), (4,), (2, 1, 1), (), (1, 4))
    xs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    xs[0][0, 0], xs[1][1] = np.nan, -0.0
    variadic_case(g, root, "Min", ref_min, "dmlp_min_5_inputs_broadcast", 13, FLOAT, xs,
                  typed_set=True)
    x1 = g.storage(FLOAT16, g.input_values(FLOAT16))
    variadic_case(g, root, "Min", ref_min, "dmlp_min_3_inputs_float16", 13, FLOAT16,
                  [x1] + [b_values(g, FLOAT16, x1, same_shape=True) for _ in range(2)])
    ints = [rng.integers(-2 ** 63, 2 ** 63 - 1, size=(2, 5), dtype=np.int64, endpoint=True)
            for _ in range(3)]
    ints[1][0, 0] = -2 ** 63
    variadic_case(g, root, "Min", ref_min, "dmlp_min_3_inputs_int64", 13, INT64, ints)
    same = [rng.standard_normal((2, 3)) for _ in range(3)]
    variadic_case(g, root, "Min", ref_min, "dmlp_min1_3_inputs_consumed_inputs", 1, DOUBLE,
                  same, {"consumed_inputs": [0, 0, 0]})


PRELU_VERSIONS = [
    (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    (6, (6, 6), (FLOAT16, FLOAT, DOUBLE)),
    (7, (7, 8), (FLOAT16, FLOAT, DOUBLE)),
    (9, (9, 15), (FLOAT16, FLOAT, DOUBLE, UINT32, UINT64, INT32, INT64)),
    (16, (16, 23), (FLOAT16, FLOAT, DOUBLE, UINT32, UINT64, INT32, INT64, BFLOAT16)),
]


def ref_prelu(g, onnx_type, x, slope):
    """ONNX's reference, where(x < 0, x * slope, x): the product in the type (numpy's
    float16 product is formed in float32 and rounded once; bfloat16 likewise by the
    script's codec), integers wrapping."""
    if onnx_type == BFLOAT16:
        xv, sv = bf16_decode(g, x), bf16_decode(g, slope)
        with np.errstate(invalid="ignore", over="ignore"):
            product = g.f32_to_bf16(np.broadcast_to(xv * sv, np.broadcast(xv, sv).shape))
        return np.where(xv < 0, product, x).astype(np.uint16)
    with np.errstate(invalid="ignore", over="ignore"):
        return np.where(x < 0, x * slope, x).astype(x.dtype)


def prelu_case(g, root, name, opset, onnx_type, x, slope, attrs=None, typed_set=False):
    node = helper.make_node("PRelu", ["x", "slope"], ["y"], name=name + "_node", **(attrs or {}))
    expected = ref_prelu(g, onnx_type, x, slope)
    model = g.model_of([node], [vi("x", onnx_type, list(x.shape)),
                                vi("slope", onnx_type, list(slope.shape))],
                       [vi("y", onnx_type, list(x.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, expected))
    sets = [([g.raw_tensor("x", onnx_type, x), g.raw_tensor("slope", onnx_type, slope)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("x", onnx_type, x),
                      g.typed_tensor("slope", onnx_type, slope)], [y]))
    g.write_case(root, name, model, sets)


def prelu_cases(root, g):
    rng = g.rng
    for since, opsets, types in PRELU_VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            x = g.storage(onnx_type, g.input_values(onnx_type))
            if onnx_type in INTS:  # small slopes, and products that wrap
                slope = rng.integers(-5, 6, size=x.shape[-1:]).astype(x.dtype)
            else:
                slope = b_values(g, onnx_type, x, same_shape=False)
            if since < 7:  # the slope has X's shape, or one element
                slope = b_values(g, onnx_type, x, same_shape=True) if i % 2 == 0 \
                    else slope[:1].copy()
            prelu_case(g, root, "dmlp_prelu%d_%s_opset%d" % (since, g.NAMES[onnx_type], opset),
                       opset, onnx_type, x, slope,
                       typed_set=onnx_type in (FLOAT, INT64, UINT32, BFLOAT16))
    # one-way broadcasting: a scalar slope, a slope per channel (C, 1, 1), a full one
    x = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    x[0, 0, 0, :3] = [-0.0, np.nan, -np.inf]
    for name, shape in (("scalar", ()), ("channel", (3, 1, 1)), ("row", (5,)),
                        ("full", (2, 3, 4, 5))):
        slope = (rng.standard_normal(shape) * 0.3).astype(np.float32)
        prelu_case(g, root, "dmlp_prelu_slope_%s" % name, 16, FLOAT, x, slope)
    prelu_case(g, root, "dmlp_prelu1_consumed_inputs", 1, FLOAT, x[0, 0],
               np.array([0.1], np.float32), {"consumed_inputs": [0, 0]})


MOD_VERSIONS = [
    (10, (10, 12), INTS + (FLOAT16, FLOAT, DOUBLE)),
    (13, (13, 23), INTS + (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def ref_mod(g, onnx_type, a, b, fmod):
    """numpy's fmod (fmod = 1) or mod (fmod = 0, integers only)."""
    if onnx_type == BFLOAT16:
        with np.errstate(invalid="ignore"):
            r = np.fmod(bf16_decode(g, a), bf16_decode(g, b))
        return g.f32_to_bf16(r)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (np.fmod if fmod else np.mod)(a, b).astype(a.dtype)


def mod_case(g, root, name, opset, onnx_type, a, b, fmod, typed_set=False):
    attrs = {} if fmod is None else {"fmod": fmod}
    node = helper.make_node("Mod", ["a", "b"], ["y"], name=name + "_node", **attrs)
    expected = ref_mod(g, onnx_type, a, b, fmod or 0)
    model = g.model_of([node], [vi("a", onnx_type, list(a.shape)),
                                vi("b", onnx_type, list(b.shape))],
                       [vi("y", onnx_type, list(expected.shape))], opset)
    y = g.raw_tensor("y", onnx_type, g.storage(onnx_type, expected))
    sets = [([g.raw_tensor("a", onnx_type, a), g.raw_tensor("b", onnx_type, b)], [y])]
    if typed_set:
        sets.append(([g.typed_tensor("a", onnx_type, a), g.typed_tensor("b", onnx_type, b)],
                     [y]))
    g.write_case(root, name, model, sets)


def mod_cases(root, g):
    rng = g.rng
    for since, opsets, types in MOD_VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            a = g.storage(onnx_type, g.input_values(onnx_type))
            if onnx_type in INTS:  # nonzero divisors: small ones, -1, and the extremes
                info = np.iinfo(a.dtype)
                b = rng.integers(info.min, info.max, size=a.shape[-1:], dtype=a.dtype,
                                 endpoint=True)
                b[:4] = [info.max, 3, 7, 1] if info.min == 0 else [-1, info.min, -3, 5]
                b[b == 0] = 2
            else:
                b = b_values(g, onnx_type, a, same_shape=False)
            for fmod in ((1, 0, None) if onnx_type in INTS else (1,)):
                mod_case(g, root, "dmlp_mod%d_%s_fmod%s_opset%d" % (
                    since, g.NAMES[onnx_type], "default" if fmod is None else fmod, opset),
                    opset, onnx_type, a, b, fmod,
                    typed_set=onnx_type in (FLOAT, INT64, UINT32, BFLOAT16))
    # every pair of signs, zeros and infinities, A a column and B a row
    v = np.array([5.5, -5.5, 0.0, -0.0, np.inf, 2.0, -2.0, np.nan], dtype=np.float32)
    got = ref_mod(g, FLOAT, v.reshape(8, 1), v, 1)
    assert got[0, 5] == 1.5 and got[1, 5] == -1.5 and got[1, 6] == -1.5
    assert np.signbit(got[3, 5]) and np.isnan(got[0, 2]) and got[0, 4] == 5.5
    mod_case(g, root, "dmlp_mod_fmod1_hand_checked", 13, FLOAT, v.reshape(8, 1), v, 1)
    ints = np.array([-7, 7, -128, 127, 0], np.int8)
    divisors = np.array([3, -3, -1, 2], np.int8)
    got = ref_mod(g, INT8, ints.reshape(5, 1), divisors, 0)
    assert got[0].tolist() == [2, -1, 0, 1] and got[2].tolist() == [1, -2, 0, 0]
    mod_case(g, root, "dmlp_mod_fmod0_hand_checked", 13, INT8, ints.reshape(5, 1), divisors,
             0)


MEAN_VERSIONS = [
    (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    (6, (6, 7), (FLOAT16, FLOAT, DOUBLE)),
    (8, (8, 12), (FLOAT16, FLOAT, DOUBLE)),
    (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def ref_mean(g, onnx_type, xs):
    """One input: itself; two: (a + b) / 2, float16 and bfloat16 in float32 rounded once."""
    if len(xs) == 1:
        return xs[0].copy()
    a, b = xs
    with np.errstate(invalid="ignore", over="ignore"):
        if onnx_type == BFLOAT16:
            return g.f32_to_bf16((bf16_decode(g, a) + bf16_decode(g, b)) / np.float32(2))
        if onnx_type == FLOAT16:
            return ((a.astype(np.float32) + b.astype(np.float32)) / np.float32(2)).astype(
                np.float16)
        return (a + b) / a.dtype.type(2)


def mean_cases(root, g):
    rng = g.rng
    for since, opsets, types in MEAN_VERSIONS:
        for i, onnx_type in enumerate(types):
            opset = opsets[i % len(opsets)]
            a = g.storage(onnx_type, g.input_values(onnx_type))
            name = "dmlp_mean%d_%s_opset%d" % (since, g.NAMES[onnx_type], opset)
            variadic_case(g, root, "Mean", ref_mean, name, opset, onnx_type,
                          [a, b_values(g, onnx_type, a, same_shape=since < 8)],
                          {"consumed_inputs": [0, 0]} if since == 1 else None,
                          typed_set=onnx_type in (FLOAT, BFLOAT16))
    # the sum rounded, then halved: overflow, cancellation, subnormal halves (ties to even)
    tiny = np.float32(1e-45)
    a = np.array([1, 3e38, np.inf, tiny, 3 * tiny, -0.0, np.nan, 0.1], np.float32)
    b = np.array([2, 3e38, -np.inf, 0, 0, -0.0, 1, 0.2], np.float32)
    got = ref_mean(g, FLOAT, [a, b])
    assert got[0] == 1.5 and got[1] == np.inf and np.isnan(got[2]) and got[3] == 0
    assert got[4] == 2 * tiny and np.signbit(got[5]) and np.isnan(got[6])
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_hand_checked", 13, FLOAT, [a, b])
    # float16 evaluated in float32: 65504 and 65504 give 65504 (numpy's float16 sum: inf)
    h = np.array([65504, -65504, 1, 2 ** -24], np.float16)
    got = ref_mean(g, FLOAT16, [h, h])
    assert got[0] == 65504 and got[1] == -65504 and got[3] == 2 ** -24
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_float16_wide_sum", 13, FLOAT16, [h, h])
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_one_input", 13, DOUBLE,
                  [rng.standard_normal((2, 3))])
    xs = [rng.standard_normal(s).astype(np.float32) for s in ((3, 1), (4,))]
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_broadcast", 8, FLOAT, xs)


def binary_ops_cases(root, g):
    min_cases(root, g)
    prelu_cases(root, g)
    mod_cases(root, g)
    mean_cases(root, g)


# ---- refused models --------------------------------------------------------------------

def variadic_model(g, op, opset=13, types=(FLOAT, FLOAT), shapes=((3,), (3,)), attrs=None):
    names = ["x%d" % (i + 1) for i in range(len(types))]
    node = helper.make_node(op, names, ["y"], name="m", **(attrs or {}))
    return g.model_of([node], [vi(n, t, list(s)) for n, t, s in zip(names, types, shapes)],
                      [vi("y", types[0] if types else FLOAT, None)], opset)


def binary_ops_refused_cases(root, g):
    refuse = g.refuse
    refuse(root, "min_no_inputs", variadic_model(g, "Min", types=(), shapes=()),
           'node 0 "m"', "has 0 inputs; Min takes one or more, named")
    refuse(root, "min8_int32", variadic_model(g, "Min", 11, (INT32, INT32)), "Min at opset 11",
           "Min-8 allows float16, float, double")
    refuse(root, "min12_bfloat16", variadic_model(g, "Min", 12, (BFLOAT16, BFLOAT16)),
           "Min-12 allows")
    refuse(root, "min_third_input_type", variadic_model(
        g, "Min", types=(FLOAT, FLOAT, DOUBLE), shapes=((3,),) * 3),
        'input "x3" has type double; Min-13 needs all inputs of one type')
    refuse(root, "prelu_slope_grows_x", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p")],
        [vi("x", FLOAT, [3]), vi("s", FLOAT, [2, 3])], [vi("y", FLOAT, None)], 16),
        'node 0 "p" (PRelu at opset 16', "B [2, 3] does not broadcast to A [3]",
        "PRelu-16's second input broadcasts one way")
    refuse(root, "prelu_slope_row_too_long", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p")],
        [vi("x", FLOAT, [2, 1]), vi("s", FLOAT, [3])], [vi("y", FLOAT, None)], 9),
        "B [3] does not broadcast to A [2, 1]")
    refuse(root, "prelu6_slope_shape", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p")],
        [vi("x", FLOAT, [2, 3]), vi("s", FLOAT, [3])], [vi("y", FLOAT, None)], 6),
        "before version 7 PRelu's second input has the first's shape or one element")
    refuse(root, "prelu6_broadcast_attribute", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p", broadcast=1)],
        [vi("x", FLOAT, [2, 3]), vi("s", FLOAT, [3])], [vi("y", FLOAT, None)], 6),
        'attribute "broadcast" is not one of PRelu-6\'s')
    refuse(root, "prelu9_int8", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p")],
        [vi("x", INT8, [3]), vi("s", INT8, [3])], [vi("y", INT8, None)], 9),
        "PRelu-9 allows float16, float, double, uint32, uint64, int32, int64")
    refuse(root, "prelu9_bfloat16", g.model_of(
        [helper.make_node("PRelu", ["x", "s"], ["y"], name="p")],
        [vi("x", BFLOAT16, [3]), vi("s", BFLOAT16, [3])], [vi("y", BFLOAT16, None)], 15),
        "PRelu-9 allows")
    refuse(root, "min6_shapes", variadic_model(g, "Min", 6, shapes=((3,), (1,))),
           'shapes [3] and [1] differ; Min-6 needs all inputs of one shape')
    refuse(root, "mod_fmod0_float", g.model_of(
        [helper.make_node("Mod", ["a", "b"], ["y"], name="m")],
        [vi("a", FLOAT, [3]), vi("b", FLOAT, [3])], [vi("y", FLOAT, None)], 13),
        'node 0 "m" (Mod at opset 13', 'input "a" has type float; Mod-13 with fmod = 0 allows '
        "uint8, uint16, uint32, uint64, int8, int16, int32, int64 (Mod-13 with fmod = 1 "
        "allows float)")
    refuse(root, "mod_fmod2", g.model_of(
        [helper.make_node("Mod", ["a", "b"], ["y"], name="m", fmod=2)],
        [vi("a", INT32, [3]), vi("b", INT32, [3])], [vi("y", INT32, None)], 13),
        'attribute "fmod" is 2; dmlp runs Mod with fmod 1 or 0 (default 0)')
    refuse(root, "mod_fmod_string", g.model_of(
        [helper.make_node("Mod", ["a", "b"], ["y"], name="m", fmod="1")],
        [vi("a", INT32, [3]), vi("b", INT32, [3])], [vi("y", INT32, None)], 13),
        'attribute "fmod" must be an INT')
    refuse(root, "mod_opset9", g.model_of(
        [helper.make_node("Mod", ["a", "b"], ["y"], name="m", fmod=1)],
        [vi("a", FLOAT, [3]), vi("b", FLOAT, [3])], [vi("y", FLOAT, None)], 9),
        "Mod first appears in opset 10; the model imports opset 9")
    refuse(root, "mod10_bfloat16", g.model_of(
        [helper.make_node("Mod", ["a", "b"], ["y"], name="m", fmod=1)],
        [vi("a", BFLOAT16, [3]), vi("b", BFLOAT16, [3])], [vi("y", BFLOAT16, None)], 12),
        "Mod-10 with fmod = 1 allows")
    refuse(root, "mean_int32", variadic_model(g, "Mean", types=(INT32, INT32)),
           "Mean-13 allows float16, float, double, bfloat16")
    refuse(root, "mean6_shapes", variadic_model(g, "Mean", 6, shapes=((3,), (1,))),
           "shapes [3] and [1] differ; Mean-6 needs all inputs of one shape")
