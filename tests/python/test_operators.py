"""dmlp.sign / softsign / isinf on numpy arrays: every dtype, bit for bit against the C
library (the dmlp command) and against the defining formulas, exhaustively over the
65,536 float16 values; options; refusals."""
import numpy as np
import pytest

import dmlp
from conftest import assert_bits_equal

INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float16, np.float32, np.float64]


def edge_values(dtype):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        values = [info.min, info.min + 1, -1, 0, 1, 2, info.max - 1, info.max]
        return np.array([v for v in values if info.min <= v <= info.max], dtype=dtype)
    info = np.finfo(dtype)
    return np.array([-np.inf, -info.max, -1.5, -info.tiny, -info.smallest_subnormal, -0.0, 0.0,
                     info.smallest_subnormal, info.tiny, 0.5, 1.0, 3.0, info.max, np.inf,
                     np.nan, -np.nan], dtype=dtype)


def random_values(dtype, n=4099, seed=1):
    rng = np.random.default_rng(seed)
    size = np.dtype(dtype).itemsize
    raw = rng.integers(0, 256, size=n * size, dtype=np.uint8)
    return np.concatenate([edge_values(dtype), raw.view(dtype)])


@pytest.mark.parametrize("dtype", INTS + FLOATS)
@pytest.mark.parametrize("nan", ["zero", "propagate"])
def test_sign_matches_c_library(c_run, dtype, nan):
    x = random_values(dtype)
    assert_bits_equal(dmlp.sign(x, nan=nan), c_run("sign", x, nan=nan))


@pytest.mark.parametrize("dtype", FLOATS)
def test_softsign_matches_c_library(c_run, dtype):
    x = random_values(dtype)
    assert_bits_equal(dmlp.softsign(x), c_run("softsign", x))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", ["either", "positive", "negative"])
def test_isinf_matches_c_library(c_run, dtype, mode):
    x = random_values(dtype)
    expected = c_run("isinf", x, mode=mode)
    result = dmlp.isinf(x, mode=mode)
    assert result.dtype == np.bool_
    assert_bits_equal(result.view(np.uint8), expected.view(np.uint8))


def test_float16_exhaustive_against_formulas():
    x = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    wide = x.astype(np.float32)
    with np.errstate(invalid="ignore"):
        softsign = (wide / (np.float32(1) + np.abs(wide))).astype(np.float16)
    # NaN's sign bit is not part of the definition (the C library comparison above is
    # bit for bit): NaN where the formula gives NaN, the same bits everywhere else.
    result = dmlp.softsign(x)
    nan = np.isnan(softsign)
    assert np.array_equal(np.isnan(result), nan)
    assert_bits_equal(result[~nan], softsign[~nan])
    sign = np.sign(x)
    sign[np.isnan(x)] = 0
    sign[sign == 0] = 0.0  # -0 gives +0
    assert_bits_equal(dmlp.sign(x), sign)
    propagated = dmlp.sign(x, nan="propagate")
    assert np.array_equal(np.isnan(propagated), np.isnan(x))
    assert np.array_equal(dmlp.isinf(x), np.isinf(x))
    assert np.array_equal(dmlp.isinf(x, mode="positive"), np.isposinf(x))
    assert np.array_equal(dmlp.isinf(x, mode="negative"), np.isneginf(x))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_softsign_formula(dtype):
    x = random_values(dtype, 100000, seed=7)
    with np.errstate(all="ignore"):
        expected = x / (dtype(1) + np.abs(x))
    result = dmlp.softsign(x)
    same = (result.view(np.uint8).reshape(-1, x.itemsize) ==
            expected.view(np.uint8).reshape(-1, x.itemsize)).all(axis=1)
    assert (same | (np.isnan(result) & np.isnan(expected))).all()
    finite = np.isfinite(x)
    assert (np.abs(result[finite]) <= 1).all()


def test_results_keep_dtype_and_shape():
    for dtype in INTS + FLOATS:
        x = np.ones((2, 3), dtype=dtype)
        assert dmlp.sign(x).dtype == dtype and dmlp.sign(x).shape == (2, 3)
    for dtype in FLOATS:
        x = np.ones((2, 3), dtype=dtype)
        assert dmlp.softsign(x).dtype == dtype
        assert dmlp.isinf(x).dtype == np.bool_


def test_zero_d_and_empty():
    x = np.array(-2.5, dtype=np.float32)
    r = dmlp.sign(x)
    assert r.shape == () and r.dtype == np.float32 and r == -1
    for shape in [(0,), (3, 0), (0, 4, 5)]:
        e = np.zeros(shape, dtype=np.float32)
        assert dmlp.softsign(e).shape == shape
        assert dmlp.isinf(e).shape == shape and dmlp.isinf(e).dtype == np.bool_


def test_python_scalars_and_lists():
    assert dmlp.sign(-3.0) == -1.0
    assert dmlp.sign([1, -2, 0]).tolist() == [1, -1, 0]
    assert dmlp.isinf([1.0, float("inf")]).tolist() == [False, True]


def test_other_byte_order_is_read_correctly():
    x = np.array([-2.0, 0.0, 3.0, np.inf], dtype=">f4")
    assert dmlp.sign(x).tolist() == [-1.0, 0.0, 1.0, 1.0]
    assert dmlp.softsign(x).dtype == np.float32


def test_sign_nan_option():
    x = np.array([np.nan, -np.nan, 1.0], dtype=np.float32)
    assert dmlp.sign(x).tolist() == [0.0, 0.0, 1.0]
    r = dmlp.sign(x, nan="propagate")
    assert np.isnan(r[0]) and np.isnan(r[1]) and r[2] == 1.0


@pytest.mark.parametrize("level", ["1_0", "2_0", "2_1", "3_0", "4_1", "6_4", "ext"])
def test_feature_levels_apply_directml_tables(level):
    # Sign needs 2_0; integer Sign 2_1; 64-bit integers 4_1; IsInfinity 2_1.
    # "ext" is the default device: 6_4 with the extensions.
    f32 = np.arange(-3, 3, dtype=np.float32).reshape(2, 3)
    # A refused operator names the level it needs; a refused type names the type.
    cases = [(dmlp.sign, f32, "2_0", "2_0"), (dmlp.sign, f32.astype(np.int32), "2_1", "INT32"),
             (dmlp.sign, f32.astype(np.int64), "4_1", "INT64"), (dmlp.isinf, f32, "2_1", "2_1"),
             (dmlp.softsign, f32, "1_0", "1_0")]
    for fn, x, needs, named in cases:
        if level >= needs:
            assert np.array_equal(fn(x, feature_level=level), fn(x))
        else:
            with pytest.raises(dmlp.Error, match=f"({needs}|{named}|needs feature level)"):
                fn(x, feature_level=level)


def test_feature_level_means_directml_exactly():
    # The extensions (float64, bfloat16, NaN propagation) need the default level.
    with pytest.raises(dmlp.Error) as info:
        dmlp.sign(np.zeros(3), feature_level="6_4")
    assert "FLOAT64" in str(info.value) or "float64" in str(info.value).lower()
    with pytest.raises(dmlp.Error):
        dmlp.sign(np.zeros(3, np.float32), nan="propagate", feature_level="6_4")
    assert dmlp.sign(np.zeros(3), nan="propagate").tolist() == [0, 0, 0]


def test_threads_option():
    x = np.linspace(-5, 5, 100001, dtype=np.float32)
    expected = dmlp.softsign(x)
    for threads in (1, 2, 3):
        assert_bits_equal(dmlp.softsign(x, threads=threads), expected)


@pytest.mark.parametrize("call, kind, words", [
    (lambda: dmlp.softsign(np.arange(3)), TypeError, ["x", "int64", "softsign"]),
    (lambda: dmlp.isinf(np.arange(3, dtype=np.int32)), TypeError, ["x", "int32"]),
    (lambda: dmlp.sign(np.array([True])), TypeError, ["x", "bool"]),
    (lambda: dmlp.sign(np.array(["a"])), TypeError, ["x"]),
    (lambda: dmlp.sign(np.zeros(2, np.complex64)), TypeError, ["x", "complex"]),
    (lambda: dmlp.sign(np.zeros(2), nan="maybe"), dmlp.Error, ["nan", "maybe", "propagate"]),
    (lambda: dmlp.isinf(np.zeros(2), mode="both"), dmlp.Error, ["mode", "both"]),
    (lambda: dmlp.sign(np.zeros(2), feature_level="9_9"), dmlp.Error, ["feature_level", "9_9"]),
    (lambda: dmlp.sign(np.zeros(2), threads=0), dmlp.Error, ["threads"]),
    (lambda: dmlp.sign(np.zeros(2), threads="2"), TypeError, ["threads"]),
    (lambda: dmlp.sign(np.zeros(2), mode="either"), TypeError, ["mode"]),
    (lambda: dmlp.softsign(np.zeros(2), nan="zero"), TypeError, ["nan"]),
    (lambda: dmlp.sign(), TypeError, ["sign"]),
    (lambda: dmlp.sign(np.zeros(2), np.zeros(2)), TypeError, ["sign"]),
])
def test_refusals_name_the_argument(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    for word in words:
        assert word in str(info.value)
    assert "\n" not in str(info.value)


def test_error_is_a_value_error_with_one_line():
    assert issubclass(dmlp.Error, ValueError)
    with pytest.raises(ValueError):
        dmlp.sign(np.zeros(2, np.float32), feature_level="1_0")


def test_version():
    assert isinstance(dmlp.__version__, str) and dmlp.__version__.count(".") == 2


def test_operator_cache_is_bounded():
    before = dmlp._dmlp._cache_size()
    x = np.zeros(1000, np.float32)
    for n in range(1, 600):  # 599 distinct layouts
        dmlp.sign(x[:n])
    assert 0 < dmlp._dmlp._cache_size() <= 256
    assert before <= 256
