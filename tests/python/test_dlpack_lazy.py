"""torch's lazy negation and conjugation bits (t.conj().imag is a view whose values are
the memory's negated): DLPack drops the bits, so an input is read through a resolved
copy and an out= is refused; the tensor itself is left as it was."""
import numpy as np
import pytest

import dmlp

try:
    import torch
except ImportError:  # scripts/install-deps.sh installs python3-torch for the tests
    torch = None
pytestmark = pytest.mark.skipif(torch is None, reason="torch is not installed: the lazy "
                                "bits are torch's (scripts/install-deps.sh installs it)")


def neg_view():
    v = torch.tensor([1 + 2j, -3 - 4j, 5 + 0.5j]).conj().imag
    assert v.is_neg() and v.tolist() == [-2.0, 4.0, -0.5]
    return v


def test_an_input_with_the_negative_bit_is_read_as_it_shows():
    v = neg_view()
    assert dmlp.sign(v).tolist() == [-1.0, 1.0, -1.0]
    assert torch.equal(dmlp.softsign(v), v / (1 + v.abs()))
    assert dmlp.add(v, v).tolist() == [-4.0, 8.0, -1.0]
    assert dmlp.add(np.zeros(3, np.float32), v).tolist() == [-2.0, 4.0, -0.5]
    assert v.is_neg() and v.tolist() == [-2.0, 4.0, -0.5]


def test_an_onnx_feed_with_the_negative_bit():
    from onnx import TensorProto, helper
    from dmlp.onnx import InferenceSession
    model = helper.make_model(
        helper.make_graph([helper.make_node("Sign", ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N"])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N"])]),
        opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()
    [y] = InferenceSession(model).run(None, {"x": neg_view()})
    assert y.tolist() == [-1.0, 1.0, -1.0]


def test_out_with_the_negative_bit_is_refused():
    v = neg_view()
    with pytest.raises(TypeError, match=r"^out: a torch view with a lazy negation"):
        dmlp.sign(torch.ones(3), out=v)
    with pytest.raises(TypeError, match=r"^out: a torch view with a lazy negation"):
        dmlp.softsign(v, out=v)
    assert v.tolist() == [-2.0, 4.0, -0.5]
    # Resolved, it is an ordinary tensor again.
    plain = v.resolve_neg()
    dmlp.sign(plain, out=plain)
    assert plain.tolist() == [-1.0, 1.0, -1.0]


def test_other_libraries_are_not_asked():
    # A DLPack object of another library is exported as it is (no torch method called).
    class Other:
        def __init__(self):
            self.a = np.array([1.0, -2.0], np.float32)

        def __dlpack_device__(self):
            return (1, 0)

        def __dlpack__(self, stream=None):
            return self.a.__dlpack__()

        def is_neg(self):
            raise AssertionError("must not be asked")

    out = Other()
    assert dmlp.sign(np.array([-3.0, 0.0], np.float32), out=out) is out
    assert out.a.tolist() == [-1.0, 0.0]
