"""numpy.ma.MaskedArray: dmlp has no masks, and reading one as a plain array would compute
and write the masked elements without a word, so it is refused as an input, an out= and
an ONNX feed; its data, asked for as it is, runs."""
import numpy as np
import pytest

import dmlp


def test_masked_arrays_are_refused():
    m = np.ma.masked_array([1.0, -2.0, 3.0], mask=[0, 1, 0], dtype=np.float32)
    with pytest.raises(TypeError, match=r"^x: a numpy\.ma\.MaskedArray; .*x\.filled"):
        dmlp.sign(m)
    with pytest.raises(TypeError, match=r"^b: a numpy\.ma\.MaskedArray"):
        dmlp.add(np.ones(3, np.float32), m)
    out = np.ma.masked_array(np.zeros(3, np.float32), mask=[1, 0, 0])
    with pytest.raises(TypeError, match=r"^out: a numpy\.ma\.MaskedArray"):
        dmlp.sign(np.ones(3, np.float32), out=out)
    assert out.data.tolist() == [0.0, 0.0, 0.0]
    # Its data, asked for as it is, runs.
    assert dmlp.sign(np.asarray(m)).tolist() == [1.0, -1.0, 1.0]
    assert dmlp.sign(m.filled(0)).tolist() == [1.0, 0.0, 1.0]


def test_a_masked_onnx_feed_is_refused():
    from onnx import TensorProto, helper
    from dmlp.onnx import InferenceSession
    model = helper.make_model(
        helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N"])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N"])]),
        opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()
    m = np.ma.masked_array([1.0, -2.0], mask=[0, 1], dtype=np.float32)
    with pytest.raises(TypeError, match=r"^x: a numpy\.ma\.MaskedArray"):
        InferenceSession(model).run(None, {"x": m})
