"""dmlp.onnx.InferenceSession with ONNX Runtime's calling convention: description of
inputs and outputs, run() with None or names, path or bytes, errors for wrong feeds."""
import os

import numpy as np
import pytest
import torch
from onnx import TensorProto, helper

import dmlp
from dmlp.onnx import InferenceSession
from conftest import assert_bits_equal


def make_model(nodes, inputs, outputs, opset=20, initializers=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    return model.SerializeToString()


CHAIN = make_model(
    [helper.make_node("Softsign", ["x"], ["s"]), helper.make_node("Sign", ["s"], ["y"]),
     helper.make_node("IsInf", ["x"], ["inf"], detect_negative=0)],
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3]),
     helper.make_tensor_value_info("inf", TensorProto.BOOL, ["N", 3]),
     helper.make_tensor_value_info("s", TensorProto.FLOAT, ["N", 3])],
    opset=22)


def test_describe_inputs_and_outputs():
    session = InferenceSession(CHAIN)
    [x] = session.get_inputs()
    assert (x.name, x.type, x.shape) == ("x", "tensor(float)", ["N", 3])
    outs = session.get_outputs()
    assert [(o.name, o.type) for o in outs] == [("y", "tensor(float)"), ("inf", "tensor(bool)"),
                                                 ("s", "tensor(float)")]
    assert outs[0].shape == ["N", 3]


def test_run_all_and_named_outputs():
    session = InferenceSession(CHAIN)
    x = np.array([[-2.0, 0.0, np.inf], [1.5, -np.inf, np.nan]], np.float32)
    y, inf, s = session.run(None, {"x": x})
    with np.errstate(invalid="ignore"):
        softsign = x / (np.float32(1) + np.abs(x))
    assert np.array_equal(s, softsign, equal_nan=True)
    assert np.array_equal(y, np.sign(softsign), equal_nan=True)  # ONNX: NaN stays NaN
    assert inf.dtype == np.bool_ and inf.tolist() == [[False, False, True], [False, False, False]]
    [only] = session.run(["inf"], {"x": x})
    assert np.array_equal(only, inf)
    picked = session.run(["s", "y"], {"x": x})
    assert np.array_equal(picked[0], s, equal_nan=True)


def test_path_and_bytes_and_model_is_prepared_once(tmp_path):
    path = tmp_path / "chain.onnx"
    path.write_bytes(CHAIN)
    by_path = InferenceSession(str(path))
    by_pathlike = InferenceSession(path)
    os.remove(path)  # prepared once: running needs no file
    x = np.ones((1, 3), np.float32)
    for session in (by_path, by_pathlike, InferenceSession(CHAIN), InferenceSession(bytearray(CHAIN))):
        assert session.run(["y"], {"x": x})[0].tolist() == [[1.0, 1.0, 1.0]]


def test_every_sign_type():
    for proto, dtype in [(TensorProto.INT8, np.int8), (TensorProto.UINT64, np.uint64),
                         (TensorProto.FLOAT16, np.float16), (TensorProto.DOUBLE, np.float64),
                         (TensorProto.INT64, np.int64)]:
        model = make_model([helper.make_node("Sign", ["x"], ["y"])],
                           [helper.make_tensor_value_info("x", proto, [4])],
                           [helper.make_tensor_value_info("y", proto, [4])], opset=13)
        x = np.array([0, 1, 2, 3], dtype=dtype)
        [y] = InferenceSession(model).run(None, {"x": x})
        assert y.dtype == dtype and y.tolist() == [0, 1, 1, 1]


def test_bfloat16_as_bits_or_torch():
    model = make_model([helper.make_node("Softsign", ["x"], ["y"])],
                       [helper.make_tensor_value_info("x", TensorProto.BFLOAT16, [3])],
                       [helper.make_tensor_value_info("y", TensorProto.BFLOAT16, [3])], opset=22)
    session = InferenceSession(model)
    t = torch.tensor([-1.0, 0.0, 3.0], dtype=torch.bfloat16)
    [y] = session.run(None, {"x": t})
    assert y.dtype == np.uint16
    assert np.array_equal(y, dmlp.softsign(t).view(torch.int16).numpy().view(np.uint16))
    [y2] = session.run(None, {"x": t.view(torch.int16).numpy().view(np.uint16)})
    assert np.array_equal(y, y2)


def test_newer_operators_two_inputs_and_cast():
    # Add with numpy broadcasting, Abs, Neg, Identity and Cast: the library's later
    # operators through the same session.
    model = make_model(
        [helper.make_node("Add", ["a", "b"], ["sum"]), helper.make_node("Abs", ["sum"], ["abs"]),
         helper.make_node("Neg", ["b"], ["neg"]), helper.make_node("Identity", ["a"], ["same"]),
         helper.make_node("Cast", ["sum"], ["whole"], to=TensorProto.INT32)],
        [helper.make_tensor_value_info("a", TensorProto.FLOAT, ["N", 3]),
         helper.make_tensor_value_info("b", TensorProto.FLOAT, [3])],
        [helper.make_tensor_value_info(name, proto, None) for name, proto in
         [("sum", TensorProto.FLOAT), ("abs", TensorProto.FLOAT), ("neg", TensorProto.FLOAT),
          ("same", TensorProto.FLOAT), ("whole", TensorProto.INT32)]], opset=21)
    session = InferenceSession(model)
    assert [arg.name for arg in session.get_inputs()] == ["a", "b"]
    a = np.array([[-1.5, 2.0, 3.25], [4.0, -5.0, 0.0]], np.float32)
    b = np.array([1.0, 2.0, -4.0], np.float32)
    total, magnitude, negated, same, whole = session.run(None, {"a": a, "b": b})
    assert_bits_equal(total, a + b)
    assert_bits_equal(magnitude, np.abs(a + b))
    assert_bits_equal(negated, -b)
    assert_bits_equal(same, a)
    assert whole.dtype == np.int32 and whole.tolist() == (a + b).astype(np.int32).tolist()
    [only] = session.run(["whole"], {"a": torch.from_numpy(a), "b": b})
    assert np.array_equal(only, whole)


def test_bool_feeds_must_be_declared_bool():
    model = make_model([helper.make_node("Identity", ["x"], ["y"])],
                       [helper.make_tensor_value_info("x", TensorProto.BOOL, [2])],
                       [helper.make_tensor_value_info("y", TensorProto.BOOL, [2])], opset=13)
    flags = torch.tensor([True, False])
    [y] = InferenceSession(model).run(None, {"x": flags})
    assert y.dtype == np.bool_ and y.tolist() == [True, False]
    bytes_model = make_model([helper.make_node("Identity", ["x"], ["y"])],
                             [helper.make_tensor_value_info("x", TensorProto.UINT8, [2])],
                             [helper.make_tensor_value_info("y", TensorProto.UINT8, [2])],
                             opset=13)
    with pytest.raises(TypeError, match="input 'x': type tensor\\(bool\\); the model expects "
                                        "tensor\\(uint8\\)"):
        InferenceSession(bytes_model).run(None, {"x": flags})


def test_scalar_and_empty():
    model = make_model([helper.make_node("Sign", ["x"], ["y"])],
                       [helper.make_tensor_value_info("x", TensorProto.FLOAT, None)],
                       [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], opset=13)
    session = InferenceSession(model)
    assert session.get_inputs()[0].shape is None
    [y] = session.run(None, {"x": np.array(-4.0, np.float32)})
    assert y.shape == () and y == -1
    [e] = session.run(None, {"x": np.zeros((2, 0), np.float32)})
    assert e.shape == (2, 0)


def test_noncontiguous_feed():
    session = InferenceSession(CHAIN)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)[:, ::-1][:, 1:]
    [y] = session.run(["s"], {"x": x})
    assert np.array_equal(y, x / (np.float32(1) + np.abs(x)))


@pytest.mark.parametrize("feed, kind, words", [
    ({"z": np.ones((1, 3), np.float32)}, dmlp.Error, ["'z'", "no such input", "'x'"]),
    ({"x": np.ones((1, 3), np.float64)}, TypeError, ["'x'", "double", "tensor(float)"]),
    ({"x": np.ones((1, 4), np.float32)}, dmlp.Error, ["x"]),
    ({"x": np.ones(3, np.float32)}, dmlp.Error, ["x"]),
    ({}, dmlp.Error, ["x"]),
])
def test_wrong_feeds(feed, kind, words):
    session = InferenceSession(CHAIN)
    with pytest.raises(kind) as info:
        session.run(None, feed)
    for word in words:
        assert word in str(info.value)


def test_wrong_output_name_and_bad_models(tmp_path):
    session = InferenceSession(CHAIN)
    with pytest.raises(dmlp.Error, match="'nope'.*no such output"):
        session.run(["nope"], {"x": np.ones((1, 3), np.float32)})
    with pytest.raises(dmlp.Error, match="missing.onnx"):
        InferenceSession(str(tmp_path / "missing.onnx"))
    with pytest.raises(dmlp.Error):
        InferenceSession(b"not a model")
    other = make_model([helper.make_node("MatMul", ["x", "x"], ["y"])],
                       [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1])],
                       [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1])])
    with pytest.raises(dmlp.Error, match="MatMul"):
        InferenceSession(other)
    with pytest.raises(TypeError, match="path_or_bytes"):
        InferenceSession(42)


def test_session_options_threads():
    class Options:
        intra_op_num_threads = 1

    session = InferenceSession(CHAIN, sess_options=Options(), providers=["CPUExecutionProvider"])
    x = np.linspace(-4, 4, 300, dtype=np.float32).reshape(100, 3)
    assert np.array_equal(session.run(["s"], {"x": x})[0], InferenceSession(CHAIN).run(["s"], {"x": x})[0])
    assert session.get_providers() == ["CPUExecutionProvider"]
    Options.intra_op_num_threads = -1
    with pytest.raises(TypeError, match="intra_op_num_threads"):
        InferenceSession(CHAIN, sess_options=Options())


# Max with three inputs: ONNX's fold from the left, Max(Max(x1, x2), x3), broadcast
MAX3 = make_model(
    [helper.make_node("Max", ["x1", "x2", "x3"], ["y"], name="max3")],
    [helper.make_tensor_value_info("x1", TensorProto.FLOAT, ["N", 3]),
     helper.make_tensor_value_info("x2", TensorProto.FLOAT, [3]),
     helper.make_tensor_value_info("x3", TensorProto.FLOAT, ["M", 1])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], opset=13)


def max_fold(*xs):
    """numpy's maximum from the left, with -0 below +0 (dmlp's rule; numpy's own answer to
    that tie depends on the dtype)."""
    result = xs[0]
    for x in xs[1:]:
        with np.errstate(invalid="ignore"):
            m = np.maximum(result, x)
        zero = (result == 0) & (x == 0)
        m = np.where(zero, np.where(np.signbit(result) & np.signbit(x), np.float32(-0.0),
                                    np.float32(0.0)), m)
        result = m.astype(np.float32)
    return result


def test_max_three_inputs():
    session = InferenceSession(MAX3)
    assert [(i.name, i.shape) for i in session.get_inputs()] == [
        ("x1", ["N", 3]), ("x2", [3]), ("x3", ["M", 1])]
    assert [o.name for o in session.get_outputs()] == ["y"]  # the fold's own values are not
    x1 = np.array([[-0.0, 1.0, np.nan], [-0.0, -5.0, 2.0]], np.float32)
    x2 = np.array([-0.0, np.nan, -1.0], np.float32)
    x3 = np.array([[0.0], [-0.0]], np.float32)
    [y] = session.run(None, {"x1": x1, "x2": x2, "x3": x3})
    want = max_fold(x1, x2, x3)
    assert_bits_equal(np.where(np.isnan(y), np.float32(np.nan), y),
                      np.where(np.isnan(want), np.float32(np.nan), want))
    assert np.signbit(y[1, 0]) and not np.signbit(y[0, 0])  # -0 only where all are -0
    assert np.isnan(y[0, 2]) and np.isnan(y[1, 1]) and np.isnan(y[0, 1])
    # other sizes (N = 4, M = 1: x3 broadcast over the rows), the same session
    rng = np.random.default_rng(3)
    x1 = rng.standard_normal((4, 3)).astype(np.float32)
    x3 = rng.standard_normal((1, 1)).astype(np.float32)
    [y] = session.run(["y"], {"x1": x1, "x2": x2[[0, 2, 0]], "x3": x3})
    assert_bits_equal(y, max_fold(x1, x2[[0, 2, 0]], x3))
    # x3's rows neither 1 nor N: refused at run time, naming the fold's step
    with pytest.raises(dmlp.Error) as info:
        session.run(None, {"x1": x1, "x2": x2, "x3": np.zeros((3, 1), np.float32)})
    for words in ("Max-13", '"x3"', "do not broadcast", "[4, 3]", "[3, 1]"):
        assert words in str(info.value)


def test_max_one_input_copies_every_bit():
    model = make_model([helper.make_node("Max", ["x"], ["y"])],
                       [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
                       [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])], opset=13)
    x = np.array([0x7F800001, 0xFFC00123, 0x80000000, 0x3F800000], np.uint32).view(np.float32)
    [y] = InferenceSession(model).run(None, {"x": x})
    assert_bits_equal(y, x)  # a signalling NaN stays signalling, as ONNX's data[0]


def fold_model(op, count, elem):
    names = ["x%d" % i for i in range(count)]
    return make_model([helper.make_node(op, names, ["y"])],
                      [helper.make_tensor_value_info(n, elem, [4096]) for n in names],
                      [helper.make_tensor_value_info("y", elem, [4096])], opset=13)


def fold_reference(op, xs):
    """docs/onnx.md's definition: ((x1 + x2) + x3) + ... in the type, each sum rounded
    (numpy's float16 addition rounds once from float32); Mean then divides once by the
    count held in the type."""
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total / total.dtype.type(len(xs)) if op == "Mean" else total


@pytest.mark.parametrize("op", ["Sum", "Mean"])
@pytest.mark.parametrize("dtype,elem", [(np.float32, TensorProto.FLOAT),
                                        (np.float16, TensorProto.FLOAT16),
                                        (np.float64, TensorProto.DOUBLE)])
def test_sum_and_mean_of_many_inputs(op, dtype, elem):
    """Sum and Mean of 3 to 6 inputs are the documented fold, bit for bit. Where
    onnxruntime is installed, how often it differs from the fold is printed (pytest -s),
    not asserted: it computes its own way."""
    try:
        import onnxruntime
    except ImportError:
        onnxruntime = None
    rng = np.random.default_rng(7)
    differ = total = 0
    for count in (3, 4, 5, 6):
        model = fold_model(op, count, elem)
        xs = [(rng.standard_normal(4096) * np.exp2(rng.integers(-8, 8, 4096))).astype(dtype)
              for _ in range(count)]
        feeds = {"x%d" % i: x for i, x in enumerate(xs)}
        [got] = InferenceSession(model).run(None, feeds)
        assert_bits_equal(got, fold_reference(op, xs))
        if onnxruntime:
            session = onnxruntime.InferenceSession(model, providers=["CPUExecutionProvider"])
            [theirs] = session.run(None, feeds)
            differ += int(np.count_nonzero(theirs.view(got.dtype) != got))
            total += got.size
    if onnxruntime:
        print("%s %s: onnxruntime differs from the fold in %d of %d elements"
              % (op, np.dtype(dtype).name, differ, total))
