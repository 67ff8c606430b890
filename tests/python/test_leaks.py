"""Repeated calls keep the process's memory flat: each operator 100,000 times (numpy),
torch results, out=, refusals, and ONNX sessions."""
import numpy as np
import torch
from onnx import TensorProto, helper

import dmlp
from dmlp.onnx import InferenceSession

LIMIT = 4 << 20  # bytes of resident-set growth allowed


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def growth(fn, calls):
    for _ in range(1000):  # caches and allocator pools settle first
        fn()
    before = rss()
    for _ in range(calls):
        fn()
    return rss() - before


def test_each_operator_100000_calls():
    x = np.linspace(-3, 3, 64, dtype=np.float32)
    out = np.empty_like(x)
    for fn in (lambda: dmlp.sign(x), lambda: dmlp.softsign(x), lambda: dmlp.isinf(x),
               lambda: dmlp.sign(x, nan="propagate", out=out),
               lambda: dmlp.softsign(x[::-1])):
        assert growth(fn, 100_000) < LIMIT


def test_torch_and_refusals():
    t = torch.linspace(-3, 3, 64, dtype=torch.bfloat16)

    def refused():
        try:
            dmlp.softsign(np.arange(3), out=None)
        except TypeError:
            pass
        try:
            dmlp.sign(x32, out=np.empty(3, np.float32))
        except dmlp.Error:
            pass

    x32 = np.ones(4, np.float32)
    assert growth(lambda: dmlp.softsign(t), 50_000) < LIMIT
    assert growth(lambda: dmlp.isinf(t), 50_000) < LIMIT
    assert growth(refused, 50_000) < LIMIT


def test_onnx_sessions():
    graph = helper.make_graph([helper.make_node("Softsign", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [16])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    data = model.SerializeToString()
    session = InferenceSession(data)
    x = np.ones(16, np.float32)
    assert growth(lambda: session.run(None, {"x": x}), 50_000) < LIMIT
    assert growth(lambda: InferenceSession(data), 5_000) < LIMIT
