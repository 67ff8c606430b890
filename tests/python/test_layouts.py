"""Views and outputs: sliced, transposed, negative-stride, broadcast, high-rank and
misaligned inputs; out= (in place included), overlap refusals, and that a refusal writes
nothing."""
import numpy as np
import pytest

import dmlp
from conftest import assert_bits_equal

BASE = np.arange(-60, 60, dtype=np.float32).reshape(4, 5, 6) / 7


def expected_softsign(x):
    x = np.ascontiguousarray(x)
    return x / (np.float32(1) + np.abs(x))


VIEWS = {
    "contiguous": lambda a: a,
    "sliced": lambda a: a[1:3, ::2, 1:],
    "transposed": lambda a: a.transpose(2, 0, 1),
    "fortran": lambda a: np.asfortranarray(a),
    "reversed": lambda a: a[::-1],
    "reversed_inner": lambda a: a[:, :, ::-2],
    "reversed_mixed": lambda a: a[::-1, 1:, ::-1].transpose(1, 2, 0),
    "broadcast": lambda a: np.broadcast_to(a[:, :1, :], (4, 5, 6)),
    "broadcast_scalar": lambda a: np.broadcast_to(a[1, 2, 3], (3, 7)),
    "column": lambda a: a[:, 2, :],
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_views_without_out(name):
    x = VIEWS[name](BASE)
    result = dmlp.softsign(x)
    assert_bits_equal(np.ascontiguousarray(result), expected_softsign(x))
    assert not np.shares_memory(result, BASE)
    sign = dmlp.sign(x)
    assert np.array_equal(sign, np.sign(x))


def test_result_follows_the_input_memory_order():
    x = np.asfortranarray(BASE)
    assert dmlp.softsign(x).flags.f_contiguous
    assert dmlp.softsign(BASE).flags.c_contiguous
    assert dmlp.softsign(np.broadcast_to(BASE[0, 0], (3, 6))).flags.c_contiguous


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("out_kind", ["c", "f", "reversed"])
def test_views_with_out(name, out_kind):
    x = VIEWS[name](BASE)
    if out_kind == "c":
        out = np.empty(x.shape, np.float32)
    elif out_kind == "f":
        out = np.empty(x.shape, np.float32, order="F")
    else:
        out = np.empty(x.shape, np.float32)[(slice(None, None, -1),) * x.ndim]
    r = dmlp.softsign(x, out=out)
    assert r is out
    assert_bits_equal(np.ascontiguousarray(out), expected_softsign(x))


def test_out_into_a_strided_view_writes_only_its_elements():
    big = np.full((6, 10), 7.0, np.float32)
    x = np.linspace(-3, 3, 15, dtype=np.float32).reshape(3, 5)
    dmlp.sign(x, out=big[::2, 1::2])
    assert np.array_equal(big[::2, 1::2], np.sign(x))
    untouched = np.ones(big.shape, bool)
    untouched[::2, 1::2] = False
    assert (big[untouched] == 7.0).all()


@pytest.mark.parametrize("view", ["contiguous", "sliced", "transposed", "reversed"])
def test_in_place(view):
    a = BASE.copy()
    x = VIEWS[view](a)
    expected = expected_softsign(x)
    assert dmlp.softsign(x, out=x) is x
    assert_bits_equal(np.ascontiguousarray(x), expected)
    s = (BASE * 3).astype(np.int16)
    dmlp.sign(s, out=s)
    assert np.array_equal(s, np.sign((BASE * 3).astype(np.int16)))


def test_partial_overlap_is_refused_and_nothing_is_written():
    a = np.linspace(-1, 1, 20, dtype=np.float32)
    before = a.copy()
    with pytest.raises(dmlp.Error, match="out"):
        dmlp.softsign(a[:10], out=a[5:15])
    with pytest.raises(dmlp.Error, match="out"):
        dmlp.softsign(a[:10], out=a[9::-1])
    assert_bits_equal(a, before)


def test_isinf_never_in_place():
    a = np.zeros(16, np.uint8)
    x = a.view(np.float16)[:8]
    with pytest.raises(dmlp.Error, match="out"):
        dmlp.isinf(x, out=a[:8].view(np.bool_))


@pytest.mark.parametrize("out, kind, word", [
    (np.zeros(5, np.float32), dmlp.Error, "shape"),
    (np.zeros((2, 3), np.float32), dmlp.Error, "shape"),
    (np.zeros(6, np.float64), TypeError, "float64"),
    (np.zeros(6, np.int32), TypeError, "dtype"),
    ([0.0] * 6, TypeError, "list"),
    (np.zeros(6, np.dtype(np.float32).newbyteorder()), TypeError, "other byte order"),
    (np.broadcast_to(np.zeros(1, np.float32), (6,)), dmlp.Error, "read-only"),
])
def test_wrong_out_is_refused_and_untouched(out, kind, word):
    x = np.arange(6, dtype=np.float32)
    snapshot = np.array(out, copy=True)
    with pytest.raises(kind) as info:
        dmlp.softsign(x, out=out)
    assert "out" in str(info.value) and word in str(info.value)
    assert np.array_equal(np.asarray(out), snapshot)


def test_isinf_out_accepts_bool_and_uint8():
    x = np.array([np.inf, 1, -np.inf], np.float32)
    out = np.zeros(3, np.bool_)
    assert dmlp.isinf(x, out=out) is out and out.tolist() == [True, False, True]
    raw = np.zeros(3, np.uint8)
    dmlp.isinf(x, mode="negative", out=raw)
    assert raw.tolist() == [0, 0, 1]


def test_many_dimensions_merge_or_copy():
    # 12 axes of size 2, contiguous: merged into one run.
    x = np.linspace(-4, 4, 4096, dtype=np.float32).reshape((2,) * 12)
    assert_bits_equal(dmlp.softsign(x), expected_softsign(x))
    # Every other element along each of 10 axes: 10 strided axes, more than DirectML's
    # 8, so the input is copied first (documented).
    big = np.linspace(-4, 4, 4 ** 10, dtype=np.float32).reshape((4,) * 10)
    v = big[(slice(None, None, 2),) * 10]
    assert_bits_equal(dmlp.softsign(v), expected_softsign(v))


def test_misaligned_and_odd_strides():
    raw = np.zeros(4 * 9 + 1, np.uint8)
    x = np.ndarray((9,), np.float32, raw.data, offset=1)
    x[:] = np.arange(-4, 5)
    assert dmlp.sign(x).tolist() == np.sign(np.arange(-4, 5)).tolist()
    packed = np.zeros(10, dtype=[("a", np.int8), ("b", np.float32)])
    packed["b"] = np.arange(-5, 5)
    assert dmlp.sign(packed["b"]).tolist() == np.sign(np.arange(-5, 5)).tolist()
