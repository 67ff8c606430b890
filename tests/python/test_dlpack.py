"""DLPack: torch tensors in (bfloat16 included), torch tensors out, zero-copy writes into
out=, and refusals of non-CPU tensors and unsupported types."""
import numpy as np
import pytest
import torch

import dmlp
from conftest import assert_bits_equal

TORCH_TYPES = [torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
               torch.float16, torch.float32, torch.float64, torch.bfloat16]


def torch_values(dtype):
    if dtype.is_floating_point:
        v = torch.tensor([-float("inf"), -3.5, -1e-3, -0.0, 0.0, 1e-3, 2.0, 1e4, float("inf"),
                          float("nan")], dtype=torch.float64)
        return v.to(dtype)
    info = torch.iinfo(dtype)
    return torch.tensor([info.min, -1 if info.min < 0 else 0, 0, 1, info.max], dtype=dtype)


@pytest.mark.parametrize("dtype", TORCH_TYPES)
def test_sign_torch_in_torch_out(dtype):
    x = torch_values(dtype)
    r = dmlp.sign(x)
    assert isinstance(r, torch.Tensor) and r.dtype == dtype and r.shape == x.shape
    expected = torch.sign(x)
    if dtype.is_floating_point:
        expected = torch.where(torch.isnan(x), torch.zeros_like(x), expected)
        expected = expected + 0.0  # -0 gives +0
    assert torch.equal(r, expected)


@pytest.mark.parametrize("dtype", [torch.float16, torch.float32, torch.float64, torch.bfloat16])
def test_softsign_and_isinf_torch(dtype):
    x = torch_values(dtype)
    r = dmlp.softsign(x)
    assert isinstance(r, torch.Tensor) and r.dtype == dtype
    wide = x.to(torch.float64 if dtype == torch.float64 else torch.float32)
    expected = (wide / (1 + wide.abs())).to(dtype)
    same = (r == expected) | (torch.isnan(r) & torch.isnan(expected))
    assert bool(same.all())
    inf = dmlp.isinf(x)
    assert inf.dtype == torch.bool and torch.equal(inf, torch.isinf(x))
    pos = dmlp.isinf(x, mode="positive")
    assert torch.equal(pos, torch.isposinf(x))


def test_bfloat16_exhaustive_matches_float32_rounding():
    x = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(torch.bfloat16)
    r = dmlp.softsign(x)
    wide = x.float()
    expected = (wide / (1 + wide.abs())).to(torch.bfloat16)
    same = (r.view(torch.int16) == expected.view(torch.int16)) | (torch.isnan(r) & torch.isnan(expected))
    assert bool(same.all())
    assert torch.equal(dmlp.isinf(x), torch.isinf(x))
    s = dmlp.sign(x)
    nan = torch.isnan(x)
    assert torch.equal(s[~nan], torch.sign(x[~nan]) + 0.0)
    assert bool((s[nan] == 0).all())
    assert bool(torch.isnan(dmlp.sign(x, nan="propagate")[nan]).all())


def test_torch_matches_numpy_path_bit_for_bit():
    x = torch.randn(1000, dtype=torch.float32) * 100
    assert_bits_equal(dmlp.softsign(x).numpy(), dmlp.softsign(x.numpy()))


def test_torch_views_zero_copy_reads():
    base = torch.randn(6, 8, dtype=torch.float32)
    for x in [base.t(), base[1:5, ::3], base.expand(2, 6, 8), base[:, 2]]:
        r = dmlp.softsign(x)
        assert isinstance(r, torch.Tensor) and r.shape == x.shape
        expected = x / (1 + x.abs())
        assert torch.equal(r, expected)


def test_torch_out_is_written_in_place():
    x = torch.linspace(-2, 2, 9)
    out = torch.full((9,), 5.0)
    ptr = out.data_ptr()
    assert dmlp.sign(x, out=out) is out
    assert out.data_ptr() == ptr and torch.equal(out, torch.sign(x))
    # In place on the tensor itself.
    y = torch.linspace(-3, 3, 7, dtype=torch.bfloat16)
    expected = (y.float() / (1 + y.float().abs())).to(torch.bfloat16)
    dmlp.softsign(y, out=y)
    assert torch.equal(y, expected)
    # A strided view of a larger tensor: only its elements change.
    big = torch.zeros(4, 6)
    dmlp.sign(torch.ones(4, 3), out=big[:, ::2])
    assert float(big[:, ::2].sum()) == 12 and float(big[:, 1::2].abs().sum()) == 0


def test_torch_bool_out_and_mixed_libraries():
    x = torch.tensor([float("inf"), 0.0, -float("inf")])
    out = torch.zeros(3, dtype=torch.bool)
    dmlp.isinf(x, out=out)
    assert out.tolist() == [True, False, True]
    # numpy in, torch out and the reverse.
    n = np.zeros(3, np.float32)
    dmlp.sign(x, out=n)
    assert n.tolist() == [1.0, 0.0, -1.0]
    t = torch.zeros(3)
    dmlp.sign(np.array([-2.0, 0.0, 2.0], np.float32), out=t)
    assert t.tolist() == [-1.0, 0.0, 1.0]


class FakeDevice:
    """A tensor that says it lives on a GPU (DLPack device type 2, CUDA)."""

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        raise AssertionError("must not be exported")


def test_refusals():
    with pytest.raises(TypeError, match="x: .*device"):
        dmlp.sign(FakeDevice())
    with pytest.raises(TypeError, match="out: .*device"):
        dmlp.sign(torch.zeros(2), out=FakeDevice())
    with pytest.raises(TypeError, match="x: "):
        dmlp.sign(torch.zeros(2, dtype=torch.complex64))
    with pytest.raises(TypeError, match="x: .*__dlpack__ refused: .*gradient"):
        dmlp.softsign(torch.ones(3, requires_grad=True))
    with pytest.raises(TypeError, match="x: .*int32.*softsign"):
        dmlp.softsign(torch.zeros(2, dtype=torch.int32))
    out = torch.full((3,), 9.0)
    with pytest.raises(dmlp.Error, match="out: shape"):
        dmlp.sign(torch.zeros(2), out=out)
    with pytest.raises(TypeError, match="out: dtype float64"):
        dmlp.sign(torch.zeros(3), out=torch.zeros(3, dtype=torch.float64))
    assert out.tolist() == [9.0, 9.0, 9.0]
    x = torch.linspace(-1, 1, 10)
    before = x.clone()
    with pytest.raises(dmlp.Error, match="overlaps"):
        dmlp.softsign(x[:6], out=x[4:])
    assert torch.equal(x, before)


def test_torch_bool_is_isinf_output_only():
    # As numpy's bool: no operator reads it, and only isinf writes it.
    flags = torch.tensor([True, False])
    for fn in (dmlp.sign, dmlp.softsign, dmlp.isinf):
        with pytest.raises(TypeError, match="x: dtype bool is not supported"):
            fn(flags)
    x = torch.tensor([1, 0], dtype=torch.uint8)
    out = torch.zeros(2, dtype=torch.bool)
    with pytest.raises(TypeError, match="out: dtype bool; sign of uint8 writes uint8"):
        dmlp.sign(x, out=out)
    assert out.tolist() == [False, False]
    # isinf writes bool or uint8 tensors.
    raw = torch.zeros(2, dtype=torch.uint8)
    dmlp.isinf(torch.tensor([float("inf"), 1.0]), out=raw)
    assert raw.tolist() == [1, 0]
