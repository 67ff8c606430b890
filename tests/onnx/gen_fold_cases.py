"""Sum, and Mean of more than two inputs, for gen_cases.py: models with expected outputs
computed here, independently of dmlp.

Sum: ONNX's reference adds its inputs from the left; dmlp's result is that fold in the
tensor's type, ((x1 + x2) + x3) + ..., each sum rounded to nearest even (docs/onnx.md).
float and double are numpy's own arithmetic in the type; float16 is numpy's float16
addition (evaluated in float32 and rounded once to float16, which for a sum of two
float16 values is the correctly rounded sum); bfloat16 is decoded exactly to float32,
added there (exact before the one rounding: float32 holds twice bfloat16's precision and
more) and encoded back to nearest even after every step.

Mean of N > 2 inputs: the same fold, then one division by N held in the type (rounded to
nearest even where the type cannot hold N: bfloat16 past 256), rounded once. One and two
inputs are gen_binary_ops_cases.py's.

fold_cases(root, g) and fold_refused_cases(root, g) write them, g being the gen_cases
module (its helpers and lists).
"""
import numpy as np
from onnx import helper

from gen_binary_ops_cases import variadic_case, variadic_model
from gen_minmax_cases import bf16_decode

FLOAT, INT32, FLOAT16, DOUBLE, BFLOAT16 = 1, 6, 10, 11, 16
vi = helper.make_tensor_value_info

# (since, (first opset, last opset), types): Sum's and Mean's versions are the same
FOLD_VERSIONS = [
    (1, (1, 5), (FLOAT16, FLOAT, DOUBLE)),
    (6, (6, 7), (FLOAT16, FLOAT, DOUBLE)),
    (8, (8, 12), (FLOAT16, FLOAT, DOUBLE)),
    (13, (13, 23), (FLOAT16, FLOAT, DOUBLE, BFLOAT16)),
]


def fold(g, onnx_type, xs):
    """((x1 + x2) + x3) + ..., each sum rounded to the type, broadcast as numpy does."""
    with np.errstate(invalid="ignore", over="ignore"):
        if onnx_type == BFLOAT16:
            total = xs[0].copy()
            for x in xs[1:]:
                total = g.f32_to_bf16(bf16_decode(g, total) + bf16_decode(g, x))
            return total
        total = xs[0].copy()
        for x in xs[1:]:
            total = total + x  # numpy's arithmetic in the type (float16: rounded once)
        return total


def ref_sum(g, onnx_type, xs):
    return fold(g, onnx_type, xs)


def ref_mean(g, onnx_type, xs):
    """The fold, then one division by the count held in the type."""
    total = fold(g, onnx_type, xs)
    n = len(xs)
    with np.errstate(invalid="ignore", over="ignore"):
        if onnx_type == BFLOAT16:
            count = bf16_decode(g, g.f32_to_bf16(np.array([n], np.float32)))[0]
            return g.f32_to_bf16(bf16_decode(g, total) / count)
        return total / total.dtype.type(n)


def inputs_for(g, onnx_type, count, same_shape):
    """count inputs: the first every 16-bit pattern (or the edges and a sample), the others
    random patterns or the first's values shuffled, of its shape (versions 1 and 6) or one
    row of it."""
    a = g.storage(onnx_type, g.input_values(onnx_type))
    xs = [a]
    shape = a.shape if same_shape else a.shape[-1:]
    for _ in range(count - 1):
        if onnx_type in (FLOAT16, BFLOAT16):
            bits = g.rng.integers(0, 65536, size=shape, dtype=np.uint16)
            xs.append(bits.view(np.float16) if onnx_type == FLOAT16 else bits)
        else:
            flat = g.rng.permutation(a.reshape(-1))
            xs.append(flat.reshape(shape) if same_shape else flat[: shape[0]].copy())
    return xs


def fold_cases(root, g):
    rng = g.rng
    for op, ref in (("Sum", ref_sum), ("Mean", ref_mean)):
        low = op.lower()
        for since, opsets, types in FOLD_VERSIONS:
            for i, onnx_type in enumerate(types):
                opset = opsets[i % len(opsets)]
                count = 3 if i % 2 == 0 else 4
                xs = inputs_for(g, onnx_type, count, same_shape=since < 8)
                name = "dmlp_%s%d_%s_%d_inputs_opset%d" % (low, since, g.NAMES[onnx_type],
                                                          count, opset)
                variadic_case(g, root, op, ref, name, opset, onnx_type, xs,
                              {"consumed_inputs": [0] * count} if since == 1 else None,
                              typed_set=onnx_type in (FLOAT, BFLOAT16))
        # five inputs broadcast through the fold, NaN and -0 among them
        shapes = ((3, 1), (4,), (2, 1, 1), (), (1, 4))
        xs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        xs[0][0, 0], xs[1][1] = np.nan, -0.0
        variadic_case(g, root, op, ref, "dmlp_%s_5_inputs_broadcast" % low, 13, FLOAT, xs,
                      typed_set=True)
    variadic_case(g, root, "Sum", ref_sum, "dmlp_sum_one_input", 13, BFLOAT16,
                  [g.storage(BFLOAT16, g.input_values(BFLOAT16))])
    variadic_case(g, root, "Sum", ref_sum, "dmlp_sum_two_inputs", 8, DOUBLE,
                  [rng.standard_normal((2, 3)), rng.standard_normal((3,))])
    # the order fixes the bits: (1e8 + -1e8) + 1 is 1 in float32, 1e8 + (-1e8 + 1) is 0
    a = np.array([1e8, 3e38, 1, -0.0], np.float32)
    b = np.array([-1e8, 3e38, 2 ** -24, -0.0], np.float32)
    c = np.array([1, -3e38, 2 ** -24, -0.0], np.float32)
    got = ref_sum(g, FLOAT, [a, b, c])
    assert got[0] == 1 and got[1] == np.inf and got[2] == 1 and np.signbit(got[3])
    variadic_case(g, root, "Sum", ref_sum, "dmlp_sum_hand_checked", 13, FLOAT, [a, b, c])
    got = ref_mean(g, FLOAT, [a, b, c])
    assert got[0] == np.float32(1) / np.float32(3), got
    assert got[1] == np.inf and np.signbit(got[3]), got
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_3_hand_checked", 13, FLOAT, [a, b, c])
    # float16: the sum rounded at every step, 65504 + 65504 is inf before the division
    h = np.array([65504, 1, 2 ** -24, 0.1], np.float16)
    got = ref_mean(g, FLOAT16, [h, h, -h])
    assert np.isinf(got[0]) and got[1] == np.float16(1 / 3)
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_float16_sum_overflows", 13, FLOAT16,
                  [h, h, -h])
    # bfloat16 holds 257 as 256: the count as the type holds it
    ones = [g.f32_to_bf16(np.array([1.0, 0.5, 3.0], np.float32)) for _ in range(257)]
    got = bf16_decode(g, ref_mean(g, BFLOAT16, ones))
    # the sums stop at 256 and 128 (256 + 1 and 128 + 0.5 are ties, to even), divided by
    # 256; the 3s' sums round up along the way (above 512 the steps are 4)
    assert got[0] == 1.0 and got[1] == 0.5 and got[2] > 3, got
    variadic_case(g, root, "Mean", ref_mean, "dmlp_mean_bfloat16_257_inputs", 13, BFLOAT16,
                  ones)
    # Sum and Mean in a graph: Mean(Sum(x, y, z), x, Relu(y)) with Sum's output an output
    x, y, z = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(3))
    s = ref_sum(g, FLOAT, [x, y, z])
    m = ref_mean(g, FLOAT, [s, x, np.maximum(y, np.float32(0))])
    nodes = [helper.make_node("Sum", ["x", "y", "z"], ["s"], name="sum"),
             helper.make_node("Relu", ["y"], ["ry"], name="relu"),
             helper.make_node("Mean", ["s", "x", "ry"], ["m"], name="mean")]
    model = g.model_of(nodes, [vi(n, FLOAT, [2, 3]) for n in "xyz"],
                       [vi("s", FLOAT, [2, 3]), vi("m", FLOAT, [2, 3])], 13)
    g.write_case(root, "dmlp_sum_mean_graph", model,
                 [([g.raw_tensor(n, FLOAT, v) for n, v in zip("xyz", (x, y, z))],
                   [g.raw_tensor("s", FLOAT, s), g.raw_tensor("m", FLOAT, m)])])


def fold_refused_cases(root, g):
    refuse = g.refuse
    refuse(root, "sum_no_inputs", variadic_model(g, "Sum", types=(), shapes=()),
           'node 0 "m"', "has 0 inputs; Sum takes one or more, named")
    refuse(root, "sum_int32", variadic_model(g, "Sum", types=(INT32, INT32, INT32),
                                             shapes=((3,),) * 3),
           'node 0 "m" (Sum at opset 13', 'input "x1" has type int32; Sum-13 allows float16, '
           "float, double, bfloat16")
    refuse(root, "sum8_bfloat16", variadic_model(g, "Sum", 12, (BFLOAT16, BFLOAT16)),
           "Sum-8 allows float16, float, double")
    refuse(root, "sum_third_input_type", variadic_model(
        g, "Sum", types=(FLOAT, FLOAT, DOUBLE), shapes=((3,),) * 3),
        'input "x3" has type double; Sum-13 needs all inputs of one type')
    refuse(root, "sum6_shapes", variadic_model(g, "Sum", 6, types=(FLOAT,) * 3,
                                               shapes=((3,), (3,), (1,))),
           "shapes [3] and [1] differ; Sum-6 needs all inputs of one shape",
           "numpy broadcasting comes with Sum-8")
    refuse(root, "sum_shapes_do_not_broadcast", variadic_model(
        g, "Sum", types=(FLOAT,) * 3, shapes=((2, 3), (3,), (4,))),
        'input "x3" and the broadcast of inputs "x1" to "x2"', "do not broadcast")
    refuse(root, "sum_opset0_attribute", variadic_model(
        g, "Sum", 8, types=(FLOAT,) * 3, shapes=((3,),) * 3,
        attrs={"consumed_inputs": [0, 0, 0]}),
        'attribute "consumed_inputs" is not one of Sum-8\'s')
    refuse(root, "mean_third_input_type", variadic_model(
        g, "Mean", types=(FLOAT, FLOAT, FLOAT16), shapes=((3,),) * 3),
        'input "x3" has type float16; Mean-13 needs all inputs of one type')
    refuse(root, "mean6_three_shapes", variadic_model(
        g, "Mean", 6, types=(FLOAT,) * 3, shapes=((3,), (3,), (1,))),
        "shapes [3] and [1] differ; Mean-6 needs all inputs of one shape")
    refuse(root, "mean_three_int32", variadic_model(
        g, "Mean", types=(INT32,) * 3, shapes=((3,),) * 3),
        "Mean-13 allows float16, float, double, bfloat16")
