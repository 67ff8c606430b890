"""dmlp.softmax, log_softmax and hardmax along axes (ACTIVATION_SOFTMAX1 and its kin) and
the 2-D ones (softmax_2d ...): results against a long double model rounded once to the
dtype (rows_model.py), every form of `axis`, the row rules (NaN, inf), sliced,
transposed, reversed, broadcast and high-rank views with and without out=, in place
(Hardmax only), torch tensors, feature levels and the refusals."""
import numpy as np
import pytest

import dmlp
from conftest import assert_bits_equal
from rows_model import BITS, Model, f32_to_bf16

NAMES = ["softmax", "log_softmax", "hardmax"]
DTYPES = ["float16", "float32", "float64"]


def check(name, x, axis, got):
    """got, dmlp's result of name on x along axis, against the model."""
    assert got.dtype == x.dtype and got.shape == x.shape
    Model(name, x, axis).check(np.ascontiguousarray(got).view(BITS[x.dtype.name][0]))


def data(shape, dtype, seed=0, scale=8.0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * scale).astype(dtype)


def ties(shape, dtype, seed=0):
    """Small integers: rows with several largest elements (Hardmax takes the first), -0
    beside +0."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-2, 3, shape).astype(dtype)
    x[x == 0] = np.where(rng.random(int((x == 0).sum())) < 0.5, -0.0, 0.0)
    return x


AXES = [-1, 0, 1, 2, -3, (0, 2), (2, 0), [1, 2], (0, 1, 2), (-1, 0), None]


@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", NAMES)
def test_against_the_model(name, dtype, axis):
    x = ties((4, 5, 6), dtype) if name == "hardmax" else data((4, 5, 6), dtype)
    check(name, x, axis, getattr(dmlp, name)(x, axis=axis))


@pytest.mark.parametrize("scale", [0.01, 1.0, 30.0, 1000.0])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
def test_scales_and_long_rows(name, dtype, scale):
    """From nearly equal elements (results near 1/n, log results near -log n) to rows
    whose results underflow to subnormals and zero; a row of 3000 elements."""
    for shape, axis in (((3, 7), -1), ((2, 3000), 1), ((50, 2), 0)):
        x = data(shape, dtype, seed=int(scale * 10), scale=scale)
        check(name, x, axis, getattr(dmlp, name)(x, axis))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", NAMES)
def test_nan_and_inf_rows(name, dtype):
    bits, quiet, default, _ = BITS[dtype]
    width = np.dtype(bits).itemsize * 8
    # a signalling NaN with a payload, and a negative quiet one
    snan = bits((0x7C01 if width == 16 else 0x7F800005 if width == 32 else
                 0x7FF0000000000007))
    negative_nan = bits(int(default) | 1 << (width - 1) | 3)
    rows = np.array([
        [1.0, 2.0, 0.5, -1.0],                   # numbers
        [1.0, np.nan, 2.0, np.nan],              # NaN: the first one, below replaced
        [np.inf, 1.0, -np.inf, 2.0],             # +inf: the default NaN (Hardmax: 1 at inf)
        [-np.inf, -np.inf, -np.inf, -np.inf],    # only -inf: the default NaN (Hardmax: first)
        [-np.inf, 3.0, -np.inf, 3.0],            # -inf elements: +0 (log: -inf); a tie
        [-0.0, 0.0, -0.0, 0.0],                  # zeros: equal, the first largest
        [np.inf, np.nan, np.inf, 1.0],           # NaN beside +inf: the NaN
        [2.0, 5.0, 1.0, 5.0],
    ], dtype)
    raw = rows.view(bits)
    raw[1, 1] = snan
    raw[1, 3] = negative_nan
    raw[6, 1] = negative_nan
    got = getattr(dmlp, name)(rows)
    check(name, rows, -1, got)
    g = got.view(bits)
    if name == "hardmax":
        assert got.tolist()[1] == [0, 1, 0, 0] and got.tolist()[3] == [1, 0, 0, 0]
        assert got.tolist()[5] == [1, 0, 0, 0] and got.tolist()[6] == [0, 1, 0, 0]
        return
    assert (g[1] == bits(int(snan) | quiet)).all()
    assert (g[2] == default).all() and (g[3] == default).all()
    assert (g[6] == negative_nan).all()
    if name == "softmax":
        assert got[4].tolist() == [0.0, 0.5, 0.0, 0.5] and not np.signbit(got[4]).any()
        assert got[5].tolist() == [0.25] * 4
    else:
        assert got[4, 0] == -np.inf and got[4, 2] == -np.inf
    # the same rows along axis 0 of the transpose
    check(name, rows.T, 0, getattr(dmlp, name)(rows.T, 0))


def test_axis_forms_agree():
    x = data((3, 4, 5), "float32")
    want = dmlp.softmax(x, axis=(0, 2))
    for axis in [(0, 2), (2, 0), [0, 2], (-3, -1), [np.int64(0), np.int32(2)], (0, -1)]:
        assert_bits_equal(dmlp.softmax(x, axis=axis), want)
        assert_bits_equal(dmlp.softmax(x, axis), want)  # positionally
    last = dmlp.softmax(x)
    for axis in [-1, 2, np.int16(2), (2,), [-1]]:
        assert_bits_equal(dmlp.softmax(x, axis=axis), last)
    every = dmlp.softmax(x, axis=(0, 1, 2))
    assert_bits_equal(dmlp.softmax(x, axis=None), every)
    assert abs(float(every.astype(np.float64).sum()) - 1.0) < 1e-5
    # one element per row: Softmax 1, LogSoftmax 0, Hardmax 1
    y = data((3, 1, 2), "float32")
    assert (dmlp.softmax(y, 1) == 1).all() and (dmlp.hardmax(y, 1) == 1).all()
    assert (dmlp.log_softmax(y, 1) == 0).all()
    assert (dmlp.softmax(y, (1,)) == 1).all()
    assert (dmlp.softmax(np.float32([[5.0]])) == 1).all()


BASE = ties((4, 5, 6), "float32", seed=3)
VIEWS = {
    "contiguous": lambda a: a,
    "sliced": lambda a: a[1:3, ::2, 1:],
    "step": lambda a: a[::3, 1::2, ::4],
    "transposed": lambda a: a.transpose(2, 0, 1),
    "transposed2": lambda a: a.transpose(1, 2, 0)[:, 1:5],
    "fortran": lambda a: np.asfortranarray(a),
    "reversed": lambda a: a[::-1],
    "reversed_inner": lambda a: a[:, :, ::-2],
    "reversed_mixed": lambda a: a[::-1, 1:, ::-1].transpose(1, 2, 0),
    "broadcast": lambda a: np.broadcast_to(a[:, :1, :], (4, 5, 6)),
    "broadcast_row": lambda a: np.broadcast_to(a[:, :, :1], (4, 5, 6)),
    "column": lambda a: a[:, 2, :],
    "size_one": lambda a: a[:, 2:3, :],
}
VIEW_AXES = [-1, 0, (0, -1), (1, 2), None]


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("name", NAMES)
def test_views(name, view):
    """A view gives the bits of its contiguous copy, along every axis choice: the row
    axes keep their order whatever the layout (Hardmax's first largest element of rows
    with ties), and for a fresh result and out= in C, Fortran and reversed order."""
    x = VIEWS[view](BASE * np.float32(1.25))
    fn = getattr(dmlp, name)
    for axis in VIEW_AXES:
        if axis == (1, 2) and x.ndim < 3:
            axis = (0, 1)
        want = fn(np.ascontiguousarray(x), axis)
        check(name, np.ascontiguousarray(x), axis, want)
        got = fn(x, axis)
        assert_bits_equal(np.ascontiguousarray(got), want)
        for order in ("C", "F", "reversed"):
            out = np.full(x.shape, 7, np.float32, order="F" if order == "F" else "C")
            if order == "reversed":
                out = out[(slice(None, None, -1),) * x.ndim]
            assert fn(x, axis, out=out) is out
            assert_bits_equal(np.ascontiguousarray(out), want)


@pytest.mark.parametrize("name", NAMES)
def test_transposed_rows_keep_the_arrays_order(name):
    """A row over two axes whose memory order is the reverse of their order in the
    array: Hardmax's 1 goes to the first largest in the array's order."""
    x = np.array([[1.0, 3.0, 3.0], [3.0, 0.0, 2.0]], np.float32).T.copy().T  # Fortran
    assert not x.flags.c_contiguous
    got = getattr(dmlp, name)(x, (0, 1))
    check(name, np.ascontiguousarray(x), (0, 1), got)
    if name == "hardmax":
        assert got.tolist() == [[0, 1, 0], [0, 0, 0]]


@pytest.mark.parametrize("name", NAMES)
def test_many_dimensions(name):
    """Ten axes of 2, the rows every other one: 10 dimensions that merge into none in
    place are run through a copy with the row axes innermost."""
    x = ties((2,) * 10, "float32", seed=5)
    for axis in [(0, 2, 4, 6, 8), (1, 3, 5, 7, 9), -1, (0, 9), tuple(range(10))]:
        check(name, x, axis, getattr(dmlp, name)(x, axis))
        t = x.transpose(9, 3, 1, 0, 5, 2, 8, 4, 6, 7)
        check(name, np.ascontiguousarray(t), axis, getattr(dmlp, name)(t, axis))


@pytest.mark.parametrize("dtype", DTYPES)
def test_hardmax_in_place(dtype):
    for view in ("contiguous", "transposed", "sliced", "reversed"):
        x = VIEWS[view](ties((4, 5, 6), dtype, seed=9))
        for axis in (-1, (0, 1)):
            want = dmlp.hardmax(np.ascontiguousarray(x), axis)
            own = x.copy(order="K") if view != "reversed" else x.copy()[::-1][::-1]
            assert dmlp.hardmax(own, axis, out=own) is own
            assert_bits_equal(np.ascontiguousarray(own), want)


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "softmax_2d", "log_softmax_2d"])
def test_softmax_never_in_place(name):
    a = data((4, 6), "float32")
    before = a.copy()
    with pytest.raises(dmlp.Error, match="out: is x itself, and .*never runs in place"):
        getattr(dmlp, name)(a, out=a)
    with pytest.raises(dmlp.Error, match="out: overlaps x's memory"):
        getattr(dmlp, name)(a[:3], out=a[1:])
    assert_bits_equal(a, before)
    # views that interleave without a common byte run (x is read through a copy)
    b = data((8, 6), "float32")
    want = getattr(dmlp, name)(np.ascontiguousarray(b[::2]))
    out = b[1::2]
    assert getattr(dmlp, name)(b[::2], out=out) is out
    assert_bits_equal(np.ascontiguousarray(out), want)


def test_empty_arrays():
    x = np.zeros((0, 3), np.float32)
    assert dmlp.softmax(x).shape == (0, 3)
    assert dmlp.hardmax(x, 0).shape == (0, 3)
    assert dmlp.log_softmax_2d(x).shape == (0, 3)
    with pytest.raises(dmlp.Error, match="axis: 2 is out of range"):
        dmlp.softmax(x, 2)


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "hardmax"])
def test_2d_operators(name):
    """softmax_2d and its kin (the 1_0 operators): along the last axis, x of effective
    rank at most 2 (leading axes of 1 allowed); the bits of the axes operators'."""
    fn, fn1 = getattr(dmlp, name + "_2d"), getattr(dmlp, name)
    for x in (data(7, "float32"), data((3, 5), "float32"), data((1, 1, 3, 5), "float32"),
              data((5, 3), "float16").T, data((6, 8), "float64")[1::2, ::3],
              data((4, 1), "float32"), data((1, 6), "float32")[:, ::-1]):
        want = fn1(x, -1)
        assert_bits_equal(np.ascontiguousarray(fn(x)), np.ascontiguousarray(want))
        if x.dtype != np.float64:  # DirectML's tables: 1_0 takes float32 and float16
            assert_bits_equal(np.ascontiguousarray(fn(x, feature_level="1_0")),
                              np.ascontiguousarray(want))
    with pytest.raises(dmlp.Error, match=r"x: shape \(2, 3, 4\) has effective rank 3 .*"
                                         rf"dmlp\.{name}\(x, axis=-1\) takes any"):
        fn(data((2, 3, 4), "float32"))
    with pytest.raises(dmlp.Error, match="effective rank 3"):
        fn(data((1, 2, 1, 4), "float32"))
    with pytest.raises(TypeError, match="unexpected keyword argument 'axis'"):
        fn(data(3, "float32"), axis=0)
    with pytest.raises(TypeError, match=rf"{name}_2d.. takes 1 positional argument"):
        fn(data(3, "float32"), 0)


@pytest.mark.parametrize("name", NAMES)
def test_feature_levels(name):
    x = data((2, 3), "float32")
    want = getattr(dmlp, name)(x)
    assert_bits_equal(getattr(dmlp, name)(x, feature_level="5_1"), want)
    assert_bits_equal(getattr(dmlp, name)(x.astype(np.float16), feature_level="6_4"),
                      getattr(dmlp, name)(x.astype(np.float16)))
    with pytest.raises(dmlp.Error, match="needs feature level 5_1 or higher"):
        getattr(dmlp, name)(x, feature_level="5_0")
    with pytest.raises(dmlp.Error, match="FLOAT64"):
        getattr(dmlp, name)(x.astype(np.float64), feature_level="6_4")


def test_threads_give_the_same_bits():
    x = data((64, 300), "float32", seed=4)
    for name in NAMES:
        fn = getattr(dmlp, name)
        assert_bits_equal(fn(x, 0, threads=1), fn(x, 0, threads=4))


@pytest.mark.parametrize("call, kind, words", [
    (lambda x: dmlp.softmax(x, 3), dmlp.Error,
     ["axis: 3 is out of range for x of 3 dimensions", "(0 to 2, or -3 to -1)"]),
    (lambda x: dmlp.softmax(x, axis=-4), dmlp.Error, ["axis: -4 is out of range"]),
    (lambda x: dmlp.hardmax(x, axis=(0, 5)), dmlp.Error, ["axis: 5 is out of range"]),
    (lambda x: dmlp.softmax(x, axis=2 ** 70), dmlp.Error, ["axis:", "out of range"]),
    (lambda x: dmlp.softmax(x, axis=(0, -3)), dmlp.Error,
     ["axis: (0, -3) names axis 0 twice", "each axis may appear once"]),
    (lambda x: dmlp.log_softmax(x, axis=[1, 1]), dmlp.Error, ["axis: [1, 1] names axis 1"]),
    (lambda x: dmlp.softmax(x, axis=()), dmlp.Error, ["axis: () names no axis"]),
    (lambda x: dmlp.softmax(x, axis=[]), dmlp.Error, ["axis: [] names no axis"]),
    (lambda x: dmlp.softmax(x, axis=tuple(range(65))), dmlp.Error, ["axis: 65 axes"]),
    (lambda x: dmlp.softmax(x, axis=1.0), TypeError, ["axis: must be an int", "float"]),
    (lambda x: dmlp.softmax(x, axis="1"), TypeError, ["axis:", "str"]),
    (lambda x: dmlp.softmax(x, axis=True), TypeError, ["axis:", "bool"]),
    (lambda x: dmlp.softmax(x, axis=(0, 1.5)), TypeError, ["axis:", "float"]),
    (lambda x: dmlp.softmax(x, axis=np.array([0, 1])), TypeError, ["axis:", "ndarray"]),
    (lambda x: dmlp.softmax(x, 0, axis=1), TypeError,
     ["softmax() got multiple values for argument 'axis'"]),
    (lambda x: dmlp.softmax(x, 0, 1), TypeError,
     ["softmax() takes 1 to 2 positional arguments (x, axis), 3 given"]),
    (lambda x: dmlp.softmax(np.float32(2)), dmlp.Error,
     ["x: a 0-d array has no axis", "softmax"]),
    (lambda x: dmlp.hardmax_2d(np.array(2.0)), dmlp.Error, ["x: a 0-d array has no axis"]),
    (lambda x: dmlp.softmax(x.astype(np.int32)), TypeError, ["x: dtype", "int32"]),
])
def test_refusals(call, kind, words):
    x = data((2, 3, 4), "float32")
    with pytest.raises(kind) as info:
        call(x)
    for word in words:
        assert word in str(info.value)
    assert "\n" not in str(info.value)


def test_signatures_and_docstrings():
    assert dmlp.softmax.__text_signature__ == (
        "(x, axis=-1, *, out=None, feature_level=None, threads=None)")
    assert dmlp.hardmax_2d.__text_signature__ == (
        "(x, *, out=None, feature_level=None, threads=None)")
    assert "axis: the axis each row runs along" in dmlp.log_softmax.__doc__
    assert "(axis, default the last)" in dmlp.softmax.__doc__
    ops = {op["name"]: op for op in dmlp._dmlp._operators()}
    assert ops["softmax"]["positional"] == ("axis",)
    assert ops["softmax_2d"]["positional"] == ()
    assert not ops["softmax"]["in_place"] and ops["hardmax"]["in_place"]


@pytest.mark.parametrize("name", NAMES)
def test_torch_tensors(name):
    torch = pytest.importorskip("torch")
    t = torch.from_numpy(ties((3, 4, 5), "float32", seed=2) if name == "hardmax"
                         else data((3, 4, 5), "float32", seed=2))
    fn = getattr(dmlp, name)
    for view, axis in ((t, 1), (t.transpose(0, 2), (0, 1)), (t[:, ::2], -1)):
        got = fn(view, axis)
        assert isinstance(got, torch.Tensor) and got.dtype == torch.float32
        check(name, np.ascontiguousarray(view.numpy()), axis, got.numpy())
        out = torch.empty(view.shape, dtype=torch.float32)
        assert fn(view, axis, out=out) is out
        assert torch.equal(out, got)
    if name == "hardmax":
        own = t.clone()
        assert dmlp.hardmax(own, 1, out=own) is own
        assert torch.equal(own, dmlp.hardmax(t, 1))
    else:
        own = t.clone()
        with pytest.raises(dmlp.Error, match="never runs in place"):
            fn(own, 1, out=own)
        reference = torch.softmax if name == "softmax" else torch.log_softmax
        assert torch.allclose(fn(t.double(), 1), reference(t.double(), 1), rtol=1e-12,
                              atol=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_torch_bfloat16(name):
    torch = pytest.importorskip("torch")
    x32 = ties((4, 6), "float32", seed=6) if name == "hardmax" else data((4, 6), "float32")
    bits = f32_to_bf16(x32)
    t = torch.from_numpy(bits.view(np.int16)).view(torch.bfloat16)
    for axis in (-1, 0, None):
        got = getattr(dmlp, name)(t, axis)
        assert isinstance(got, torch.Tensor) and got.dtype == torch.bfloat16
        Model(name, bits, axis, dtype="bfloat16").check(got.view(torch.int16).numpy()
                                                         .view(np.uint16))
