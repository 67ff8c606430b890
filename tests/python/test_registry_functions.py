"""Every operator of the registry as dmlp.<name>: the set of functions is the library's set
of operators (`dmlp caps`), and each function, on every dtype it takes, gives what numpy
computes independently here (NaN, ±0, ±inf and subnormals included); broadcasting,
out= in place, keyword arguments, refusals and feature levels."""
import math
import builtins
import re
import subprocess

import numpy as np
import pytest

import dmlp
from conftest import CLI, assert_bits_equal
from rows_model import Model

OPS = {op["name"]: op for op in dmlp._dmlp._operators()}
NUMPY_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64"]


def values(dtype):
    """Small arrays of a dtype: the edges (min, max, 0, ±1; NaN, ±0, ±inf, subnormals)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return np.array([False, True, True, False])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        v = [info.min, info.min + 1, -7, -2, -1, 0, 1, 2, 3, 7, 100, info.max - 1, info.max]
        return np.array([x for x in v if info.min <= x <= info.max], dtype=dtype)
    info = np.finfo(dtype)
    return np.array([-np.inf, -info.max, -3.5, -1.0, -info.tiny, -info.smallest_subnormal,
                     -0.0, 0.0, info.smallest_subnormal, info.tiny, 0.5, 1.0, 1.5, 3.0,
                     info.max, np.inf, np.nan], dtype=dtype)


def pairs(dtype):
    """Every pair of values(dtype) as two arrays a, b."""
    v = values(dtype)
    return np.repeat(v, v.size), np.tile(v, v.size)


def assert_same(result, expected):
    """Bit for bit, except that a NaN matches any NaN (which NaN the arithmetic makes is
    the library's rule, docs/operators.md, not numpy's)."""
    assert result.dtype == expected.dtype and result.shape == expected.shape
    if result.dtype.kind == "f":
        nan = np.isnan(expected)
        assert np.array_equal(np.isnan(result), nan)
        assert_bits_equal(result[~nan], expected[~nan])
    else:
        assert_bits_equal(result, expected)


def wide(x):
    """x widened exactly to the type dmlp computes a float16 in (float32)."""
    return x.astype(np.float32) if x.dtype == np.float16 else x


def softsign(x):
    with np.errstate(all="ignore"):
        w = wide(x)
        return (w / (w.dtype.type(1) + np.abs(w))).astype(x.dtype)


def in_wide(fn):
    """fn in the type dmlp computes it in (float16 through float32), rounded once."""
    def run(x):
        with np.errstate(all="ignore"):
            return fn(wide(x)).astype(x.dtype)
    return run


def log_correctly_rounded(x):
    """The exact natural logarithm rounded once to x's type (mpmath at 200 bits, then the
    type's significand: no logarithm of a float16, float32 or float64 is subnormal);
    numpy's values where the result is no number or infinite."""
    import mpmath
    bits = {np.float16: 11, np.float32: 24, np.float64: 53}[x.dtype.type]
    out = np.empty_like(x)
    for i, v in enumerate(x.tolist()):
        if not 0 < v < float("inf"):
            with np.errstate(all="ignore"):
                out[i] = np.log(x.dtype.type(v))
            continue
        with mpmath.workprec(200):
            y = mpmath.log(mpmath.mpf(v))
        with mpmath.workprec(bits):
            out[i] = float(+y)
    return out
def correctly_rounded(fn):
    """fn (an mpmath function of an mpf) at 200 bits (more for tiny x, where GELU's
    x^2 term decides a tie of x/2), rounded once to x's dtype by exact
    comparison with the neighbours of the nearest double's conversion (ties to even):
    the correctly rounded functions' rule, docs/accuracy.md."""
    import mpmath

    def one(v, dtype):
        if math.isnan(v):
            return dtype.type(np.nan)
        if v == 0:  # erf and GELU keep the zero's sign (mpmath has no -0)
            return dtype.type(v)
        with mpmath.workprec(200 + max(0, -int(np.frexp(v)[1]))), np.errstate(over="ignore"):
            exact = fn(mpmath.mpf(float(v)))
            guess = dtype.type(float(exact))
            if np.isinf(guess):
                return guess
            best, best_d = None, None
            for c in (np.nextafter(guess, dtype.type(-np.inf)), guess,
                      np.nextafter(guess, dtype.type(np.inf))):
                if np.isinf(c):
                    continue
                d = abs(mpmath.mpf(float(c)) - exact)
                odd = int(np.array(c).view(f"u{dtype.itemsize}")) & 1
                if best is None or d < best_d or (d == best_d and not odd):
                    best, best_d = c, d
            if best == 0 and exact < 0:
                best = dtype.type(-0.0)
            return best

    def run(x):
        return np.array([one(v, x.dtype) for v in x.reshape(-1)], x.dtype).reshape(x.shape)
    return run


def mp_erf(v):
    import mpmath
    return mpmath.erf(v)


def mp_gelu(v):
    """Never 1 + erf, which cancels. Past |v| = 100 (the infinities too) GELU is v, or a
    negative number far below every subnormal (-inf gives -0, the limit)."""
    import mpmath
    if abs(v) > 100:
        return v if v > 0 else -mpmath.mpf(2) ** -2000
    e = mpmath.erfc(abs(v) / mpmath.sqrt(2)) * v / 2
    return v - e if v > 0 else e


def mp_mish(v):
    """x n / (n + 2), n = e^x (e^x + 2): tanh(ln(1 + e^x)) without cancellation. Past
    |v| = 200 Mish is v, or a negative number far below every subnormal."""
    import mpmath
    if abs(v) > 200:
        return v if v > 0 else -mpmath.mpf(2) ** -2000
    t = mpmath.exp(v)
    n = t * (t + 2)
    return v * n / (n + 2)


def mp_sinh(v):
    """Past |v| = 1000 every dtype overflows: the infinity of v's sign."""
    import mpmath
    return mpmath.sinh(v) if abs(v) <= 1000 else mpmath.inf * (1 if v > 0 else -1)


def mp_cosh(v):
    import mpmath
    return mpmath.cosh(v) if abs(v) <= 1000 else mpmath.inf


def mp_asinh(v):
    import mpmath
    return mpmath.asinh(v)


def mp_acosh(v):
    """NaN below 1 (mpmath's value there is complex)."""
    import mpmath
    return mpmath.acosh(v) if v >= 1 else mpmath.nan


def mp_atanh(v):
    """+-inf at +-1, NaN beyond (mpmath's value there is complex)."""
    import mpmath
    if abs(v) >= 1:
        return mpmath.nan if abs(v) > 1 else mpmath.inf * v
    return mpmath.atanh(v)


def at_zero(fn, value):
    """fn, except that +-0 gives `value` (correctly_rounded keeps a zero as it is)."""
    def run(x):
        y = fn(x)
        y[x == 0] = value
        return y
    return run


def mp_gelu_tanh(v):
    """x / (1 + e^-2u), u = sqrt(2/pi) (x + 0.044715 x^3): 0.5 (1 + tanh(u)) without
    cancellation, the constants exact (the decimal as a fraction)."""
    import mpmath
    if abs(v) > 100:
        return v if v > 0 else -mpmath.mpf(2) ** -2000
    u = mpmath.sqrt(2 / mpmath.pi) * (v + mpmath.mpf(44715) / 10 ** 6 * v ** 3)
    return v / (1 + mpmath.exp(-2 * u))


def mpmath_trig(name):
    """mpmath's sin, cos or tan (exact reduction at any size); +-inf gives NaN."""
    def fn(v):
        import mpmath
        return mpmath.nan if mpmath.isinf(v) else getattr(mpmath, name)(v)
    return fn


def cos_correctly_rounded(x):
    """correctly_rounded keeps a zero as it is; cos(+-0) is 1."""
    y = correctly_rounded(mpmath_trig("cos"))(x)
    return np.where(x == 0, np.ones_like(y), y)


def int_divide(a, b):
    """Truncating integer division, wrapping (INT_MIN / -1 is INT_MIN)."""
    bits = a.dtype.itemsize * 8
    out = []
    for x, y in zip(a.tolist(), b.tolist()):
        q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        if a.dtype.kind == "i":
            q = (q + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
        out.append(q)
    return np.array(out, dtype=a.dtype)


def float_op(fn):
    def run(a, b):
        with np.errstate(all="ignore"):
            if a.dtype.kind == "f":
                return fn(wide(a), wide(b)).astype(a.dtype)
            return fn(a, b)  # numpy wraps integer arithmetic on arrays
    return run


def sign(x):
    with np.errstate(all="ignore"):
        r = np.sign(x)
    if x.dtype.kind == "f":
        r[np.isnan(x)] = 0
        r[r == 0] = 0  # -0 gives +0
    return r


def negative(x):
    with np.errstate(all="ignore"):
        return np.negative(x)


def abs_(x):
    with np.errstate(all="ignore"):
        return np.abs(x)


def add1(a, b):
    return float_op(np.add)(a, b)


def divide(a, b):
    if a.dtype.kind in "iu":
        return int_divide(a, b)
    return float_op(np.divide)(a, b)


def maximum_number(a, b):
    """IEEE 754-2019 maximumNumber, DirectML's max: a NaN loses to a number, -0 is below
    +0. Integers: numpy's maximum."""
    if a.dtype.kind in "iub":
        return np.maximum(a, b)
    with np.errstate(all="ignore"):
        r = np.where(a > b, a, b)
        r = np.where((a == 0) & (b == 0), np.where(np.signbit(a), b, a), r)
        r = np.where(np.isnan(b), a, r)
        return np.where(np.isnan(a), b, r).astype(a.dtype)


def minimum_number(a, b):
    """IEEE 754-2019 minimumNumber, DirectML's min: a NaN loses to a number, -0 is below
    +0. Integers: numpy's minimum."""
    if a.dtype.kind in "iub":
        return np.minimum(a, b)
    with np.errstate(all="ignore"):
        r = np.where(a < b, a, b)
        r = np.where((a == 0) & (b == 0), np.where(np.signbit(a), a, b), r)
        r = np.where(np.isnan(b), a, r)
        return np.where(np.isnan(a), b, r).astype(a.dtype)


def difference_square(a, b):
    """(a - b) * (a - b): float16 evaluated in float32 and rounded once."""
    with np.errstate(all="ignore"):
        d = wide(a) - wide(b)
        return (d * d).astype(a.dtype)


def prelu(x, slope):
    """x if x >= 0, else slope * x (float16: the product formed in float32, rounded once;
    integers wrap; unsigned ones are x)."""
    with np.errstate(all="ignore"):
        product = (wide(slope) * wide(x)).astype(x.dtype)
        return np.where((x >= 0) & ~np.isnan(x) if x.dtype.kind == "f" else x >= 0, x,
                        product)


def modulus(floor):
    """numpy's fmod (floor False) or mod: float16 evaluated in float32 and rounded once;
    integers as C's % (INT_MIN % -1 is 0), plus b for mod where the remainder's sign is not
    b's."""
    def run(a, b):
        with np.errstate(all="ignore"):
            if a.dtype.kind == "f":
                return (np.mod if floor else np.fmod)(wide(a), wide(b)).astype(a.dtype)
            x, y = a.astype(np.int64).tolist(), b.astype(np.int64).tolist()
            out = []
            for p, q in zip(x, y):
                r = abs(p) % abs(q) * (-1 if p < 0 else 1)
                out.append(r + q if floor and r != 0 and (r < 0) != (q < 0) else r)
            return np.array(out, np.int64).astype(a.dtype) if a.dtype != np.uint64 else \
                np.array([int(p) % int(q) for p, q in zip(a.tolist(), b.tolist())], a.dtype)
    return run


def mean(a, b):
    """(a + b) / 2: float16 evaluated in float32 and rounded once; integers: the sum wraps,
    the half truncates toward zero."""
    with np.errstate(all="ignore"):
        if a.dtype.kind == "f":
            return ((wide(a) + wide(b)) / 2).astype(a.dtype)
        s = (a.astype(np.int64) + b.astype(np.int64)).astype(a.dtype).astype(np.int64)
        return (np.sign(s) * (np.abs(s) // 2)).astype(a.dtype)


def relu(x):
    return maximum_number(x, np.zeros_like(x))


def in_type(x, fn):
    """fn on x in the arithmetic dmlp evaluates x's dtype in (float16 widened exactly to
    float32, float64 with the float32 members widened), rounded once to x's dtype."""
    w = wide(x)
    with np.errstate(all="ignore"):
        return fn(w, lambda v: w.dtype.type(np.float32(v))).astype(x.dtype)


def leaky_relu(x, alpha=0.01):
    return in_type(x, lambda w, p: np.where((w >= 0) | np.isnan(w), w, p(alpha) * w))


def linear(x, alpha, beta):
    return in_type(x, lambda w, p: p(alpha) * w + p(beta))


def thresholded_relu(x, alpha=1.0):
    return in_type(x, lambda w, p: np.where(w > p(alpha), w, 0))


def clamp01(t, nan):
    """min and max as DirectML's GPU has them (a NaN gives 1), or numpy's clip (NaN)."""
    r = np.where(t > 1, 1, np.where(t > 0, t, 0)).astype(t.dtype)
    return np.where(np.isnan(t), t if nan == "propagate" else 1, r)


def hard_sigmoid(x, alpha=0.2, beta=0.5, nan="zero"):
    return in_type(x, lambda w, p: clamp01(p(alpha) * w + p(beta), nan))


def shrink(x, bias=0.0, threshold=0.5):
    if x.dtype.kind in "iu":  # the float64 sum, truncated and saturated
        info = np.iinfo(x.dtype)
        w, b, t = x.astype(np.float64), np.float64(np.float32(bias)), np.float32(threshold)
        with np.errstate(all="ignore"):
            y = np.where(w > t, w - b, np.where(w < -np.float64(t), w + b, 0.0))
        return np.where(np.isnan(y), 0, np.clip(np.trunc(y), info.min, info.max)).astype(x.dtype)
    return in_type(x, lambda w, p: np.where(w > p(threshold), w - p(bias),
                                            np.where(w < -p(threshold), w + p(bias), 0)))


def hard_swish(x, alpha=np.float32(1) / np.float32(6), beta=0.5, nan="zero"):
    return in_type(x, lambda w, p: w * clamp01(p(alpha) * w + p(beta), nan))


def bound(x, p):
    """A FLOAT bound in x's dtype: rounded for floats; truncated and saturated for
    integers, None (no bound) for NaN."""
    if x.dtype.kind in "iu":
        if np.isnan(p):
            return None
        info, v = np.iinfo(x.dtype), float(np.float32(p))
        return x.dtype.type(info.min if v <= info.min else info.max if v >= info.max
                            else math.trunc(v))
    return x.dtype.type(np.float32(p))


def minimum_number(a, b):
    """IEEE 754-2019 minimumNumber (a NaN loses, -0 below +0): maximumNumber negated."""
    if a.dtype.kind in "iu":
        return np.minimum(a, b)
    with np.errstate(all="ignore"):
        return -maximum_number(-a, -b)


def threshold(x, min):
    m = bound(x, min)
    return x.copy() if m is None else maximum_number(x, np.full_like(x, m))


def clip(x, min=-np.inf, max=np.inf):
    lo, hi = bound(x, min), bound(x, max)
    u = x.copy() if hi is None else minimum_number(x, np.full_like(x, hi))
    return u if lo is None else maximum_number(np.full_like(x, lo), u)


def clip_grad(x, grad, min=-np.inf, max=np.inf):
    """The gradient where min < x < max as exact numbers, else 0 (a NaN x or bound
    compares false); integers compared as Python's exact ints against the float bounds."""
    if x.dtype.kind == "f":
        v = x.astype(np.float64)
        cut = (v <= min) | (v >= max)
    else:
        cut = np.array([(min == min and int(v) <= min) or (max == max and int(v) >= max)
                        for v in x.flat], dtype=bool).reshape(x.shape)
    return np.where(cut, np.zeros((), x.dtype), grad).astype(x.dtype)


def scalar_bounds(x, lo, hi):
    """Clip1's bounds in x's dtype: integers exactly (the defaults -inf and inf are the
    dtype's ends), floats rounded once to the dtype."""
    if x.dtype.kind in "iu":
        info = np.iinfo(x.dtype)
        return (info.min if lo == -np.inf else int(lo)), (info.max if hi == np.inf else int(hi))
    return x.dtype.type(lo), x.dtype.type(hi)


def clip1(x, min=-np.inf, max=np.inf):
    """max(Min, min(x, Max)) with the bounds in x's dtype: integers as Python's exact ints,
    floats by Clip's rule (a NaN loses, -0 below +0)."""
    lo, hi = scalar_bounds(x, min, max)
    if x.dtype.kind in "iu":
        return np.array([builtins.max(lo, builtins.min(int(v), hi)) for v in x.flat],
                        dtype=x.dtype).reshape(x.shape)
    return maximum_number(np.full_like(x, lo), minimum_number(x, np.full_like(x, hi)))


def clip_grad1(x, grad, min=-np.inf, max=np.inf):
    """The gradient where Min < x < Max, the bounds in x's dtype, else 0."""
    lo, hi = scalar_bounds(x, min, max)
    if x.dtype.kind in "iu":
        cut = np.array([int(v) <= lo or int(v) >= hi for v in x.flat],
                       dtype=bool).reshape(x.shape)
    else:
        v = x.astype(np.float64)
        cut = (v <= float(lo)) | (v >= float(hi))
    return np.where(cut, np.zeros((), x.dtype), grad).astype(x.dtype)


def logical(fn):
    def run(a, b):
        r = fn(a != 0, b != 0)
        return r if a.dtype == np.bool_ else r.astype(a.dtype)
    return run


def on_bits(fn):
    """A bitwise operation on the encodings: float dtypes as the unsigned integers of
    their width."""
    def run(*xs):
        x = xs[0]
        if x.dtype.kind == "f":
            u = np.dtype("u%d" % x.itemsize)
            return fn(*(np.ascontiguousarray(v).view(u) for v in xs)).view(x.dtype)
        return fn(*xs)
    return run


def shift_modulo(fn):
    """DirectML's shifts: the count taken modulo the width (numpy's own left_shift and
    right_shift give 0 past it, ONNX's rule, which DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO
    gives)."""
    def run(a, b):
        return fn(a, b % a.dtype.type(8 * a.itemsize))
    return run


def bitwise_count(x):
    """The bits set in each element's bytes, as uint8 (numpy 2.0's bitwise_count; float
    dtypes as their encodings)."""
    flat = np.ascontiguousarray(x).reshape(-1)
    byte_rows = flat.view(np.uint8).reshape(flat.size, x.itemsize)
    return np.unpackbits(byte_rows, axis=1).sum(axis=1).astype(np.uint8).reshape(x.shape)


def along_rows(name):
    """Softmax, LogSoftmax or Hardmax along the last axis (rows_model.py): the row of
    values() holds a NaN, so its results are that NaN; rows without one are checked
    too."""
    def run(x):
        def model(v):
            return Model(name, v, -1).bits.view(v.dtype)
        finite = x[np.isfinite(x)]
        assert_same(getattr(dmlp, name)(finite), model(finite))
        return model(x)
    return run


# The defining formula of each operator, written here apart from the library; a new
# operator must add its own (test_every_operator_has_a_reference).
UNARY = {
    "sign": sign,
    "softsign": softsign,
    "isinf": np.isinf,
    "isnan": np.isnan,
    "identity": lambda x: x.copy(),
    "abs": abs_,
    "negative": negative,
    "cast": None,  # test_cast
    "ceil": np.ceil,
    "floor": np.floor,
    "round": np.rint,  # rounding="halves_to_nearest_even", the default (test_round_modes)
    "relu": relu,
    "logical_not": lambda x: np.logical_not(x) if x.dtype == np.bool_
    else np.logical_not(x).astype(x.dtype),
    "invert": on_bits(np.invert),
    "bitwise_count": bitwise_count,
    "leaky_relu": leaky_relu,
    "linear": linear,
    "thresholded_relu": thresholded_relu,
    "hard_sigmoid": hard_sigmoid,
    "shrink": shrink,
    "hard_swish": hard_swish,
    "threshold": threshold,
    "clip": clip,
    "clip1": clip1,
    "reciprocal": in_wide(np.reciprocal),
    "sqrt": in_wide(np.sqrt),
    "log": log_correctly_rounded,
    "activation_identity": lambda x: x.copy(),
    # correctly rounded: their bits are checked against MPFR (tests/crmath); here, near
    # numpy's float64 value (test_correctly_rounded_near_numpy)
    "exp": None,
    "elu": None,
    "selu": None,
    "celu": None,
    # correctly rounded: no numpy formula gives their bits; tests/crmath proves every
    # kernel against MPFR, test_correctly_rounded_spot_values checks the binding
    "sigmoid": None,
    "activation_tanh": None,
    "tanh": None,
    "scaled_tanh": None,
    "swish": None,
    "softplus": None,
    "parametric_softplus": None,
    "erf": correctly_rounded(mp_erf),
    "gelu": correctly_rounded(mp_gelu),
    # correctly rounded x^y: tests/crmath/test_cr_pow.c proves the bits against MPFR
    "constant_pow": None,
    # dmlp's extension operators (ONNX's Mish and Gelu tanh), correctly rounded
    "gelu_tanh": correctly_rounded(mp_gelu_tanh),
    "mish": correctly_rounded(mp_mish),
    # the hyperbolic functions, correctly rounded (tests/crmath/test_cr_hyperbolic.c)
    "sinh": correctly_rounded(mp_sinh),
    "cosh": at_zero(correctly_rounded(mp_cosh), 1),
    "asinh": correctly_rounded(mp_asinh),
    "acosh": at_zero(correctly_rounded(mp_acosh), np.nan),
    "atanh": correctly_rounded(mp_atanh),
    # correctly rounded: tests/crmath/test_cr_atrig.c proves every kernel against MPFR
    "atan": None,
    "asin": None,
    "acos": None,
    "sin": correctly_rounded(mpmath_trig("sin")),
    "cos": cos_correctly_rounded,
    "tan": correctly_rounded(mpmath_trig("tan")),
    # along the last axis (test_softmax.py: every axis, layout and row rule)
    "softmax_2d": along_rows("softmax"),
    "log_softmax_2d": along_rows("log_softmax"),
    "hardmax_2d": along_rows("hardmax"),
    "softmax": along_rows("softmax"),
    "log_softmax": along_rows("log_softmax"),
    "hardmax": along_rows("hardmax"),
}
# The FLOAT members' keywords each function is also tried with (test_float_members).
MEMBERS = {
    "leaky_relu": [{"alpha": -2.5}, {"alpha": 0.0}, {"alpha": np.inf}, {"alpha": 1e-40}],
    "linear": [{"alpha": 1.5, "beta": -0.25}, {"alpha": -3.0, "beta": np.inf},
               {"alpha": np.nan, "beta": 1.0}],
    "thresholded_relu": [{"alpha": -0.5}, {"alpha": 0.0}, {"alpha": np.nan}],
    "hard_sigmoid": [{"alpha": -2.0, "beta": 0.25}, {"alpha": 0.0, "beta": np.nan},
                     {"alpha": 0.0, "beta": np.nan, "nan": "propagate"},
                     {"nan": "propagate"}],
    "shrink": [{"bias": 1.5, "threshold": 2.0}, {"bias": -300.5, "threshold": -1.0},
               {"bias": np.nan, "threshold": 0.0}],
    "hard_swish": [{"alpha": 0.25, "beta": -1.0, "nan": "propagate"},
                   {"alpha": 0.0, "beta": np.nan}],
    "threshold": [{"min": -2.5}, {"min": 0.0}, {"min": np.nan}, {"min": 1e30}],
    "clip": [{"min": -3.75, "max": 100.5}, {"min": 5.0, "max": -5.0}, {"max": 0.0},
             {"min": np.nan, "max": 1.0}],
    "clip1": [{"min": 3, "max": 100}, {"min": 100, "max": 3}, {"max": 0}, {"min": 1}],
}
# The FLOAT members a function needs (it has no default for them).
REQUIRED = {
    "constant_pow": {"exponent": 2.0},
    "linear": {"alpha": 1.5, "beta": -0.25},
    "threshold": {"min": -1.0},
    "parametric_softplus": {"alpha": 0.5, "beta": -2.0},
}
BINARY = {
    "add": float_op(np.add),
    "add1": add1,
    "subtract": float_op(np.subtract),
    "multiply": float_op(np.multiply),
    "divide": divide,
    "greater": lambda a, b: np.greater(a, b),
    "equal": lambda a, b: np.equal(a, b),
    "less": lambda a, b: np.less(a, b),
    "greater_equal": lambda a, b: np.greater_equal(a, b),
    "less_equal": lambda a, b: np.less_equal(a, b),
    "logical_and": logical(np.logical_and),
    "logical_or": logical(np.logical_or),
    "logical_xor": logical(np.logical_xor),
    "maximum": maximum_number,
    "minimum": minimum_number,
    "difference_square": difference_square,
    "mean": mean,
    "fmod": modulus(False),
    "mod": modulus(True),
    "prelu": prelu,
    "relu_grad": lambda x, dy: np.where(x > 0, dy, np.zeros_like(dy)),  # NaN > 0 is false
    "bitwise_and": on_bits(np.bitwise_and),
    "bitwise_or": on_bits(np.bitwise_or),
    "bitwise_xor": on_bits(np.bitwise_xor),
    "left_shift": shift_modulo(np.left_shift),
    "right_shift": shift_modulo(np.right_shift),
    "clip_grad": clip_grad,
    "clip_grad1": clip_grad1,
    # correctly rounded x^y: tests/crmath/test_cr_pow.c proves the bits against MPFR
    "power": None,
    # correctly rounded atan2(y, x): tests/crmath/test_cr_atrig.c
    "atan_yx": None,
}
# The FLOAT members' keywords the two-input functions are also tried with.
BINARY_MEMBERS = {
    "clip_grad": [{"min": -2.5, "max": 3.25}, {"min": 0.0, "max": 0.0}, {"max": 1.0},
                  {"min": np.nan, "max": 1e9}, {"min": -1e30, "max": 1e30}],
    "clip_grad1": [{"min": 3, "max": 100}, {"min": 0, "max": 0}, {"max": 1}],
}
# Three or more inputs, named after the descriptor's members.
TERNARY = {
    "where": lambda c, a, b: np.where(c != 0, a, b),
}



def quantize_linear(x, scale, zero_point):
    """clamp(round(x / scale) + zero_point) in the zero point's dtype: float inputs divided
    in float32 (float16 widened), int32 in float64 (whose nearest integer is the exact
    quotient's); ties to even; NaN gives the dtype's minimum."""
    info = np.iinfo(zero_point.dtype)
    with np.errstate(all="ignore"):
        if x.dtype.kind == "i":
            q = x.astype(np.float64) / scale.astype(np.float64)
        else:
            q = x.astype(np.float32) / scale.astype(np.float32)
        r = np.rint(q).astype(np.float64) + zero_point.astype(np.float64)
        r = np.where(np.isnan(r), info.min, np.clip(r, info.min, info.max))
    return r.astype(zero_point.dtype)


def dequantize_linear(x, scale, zero_point):
    """(x - zero_point) * scale, exact (float64 holds the product of a difference below
    2^29 and a float32), rounded once to the scale's dtype."""
    d = x.astype(np.int64) - zero_point.astype(np.int64)
    assert np.all(np.abs(d) < 2**29)
    with np.errstate(all="ignore"):
        return (d.astype(np.float64) * scale.astype(np.float64)).astype(scale.dtype)


def ternary_args(name, x):
    """x with a scale and a zero point of the dtypes it takes (the first of the lists);
    where's: a bool condition, then x twice."""
    if name == "where":
        return [np.arange(x.size).reshape(x.shape) % 2 == 0, x, x]
    if name == "quantize_linear":
        scale = np.float32(0.5) if x.dtype.kind == "i" else x.dtype.type(0.5)
        return [x, np.asarray(scale), np.uint8(3)]
    if name == "quantized_linear_add":
        return [x, np.float32(0.5), x.dtype.type(3), x, np.float32(0.25), x.dtype.type(1),
                np.float32(0.5), np.uint8(3)]
    return [x, np.float32(0.5), x.dtype.type(3)]


def quantized_linear_add(a, a_scale, a_zero, b, b_scale, b_zero, out_scale, out_zero=None):
    """(a - a_zero) * a_scale + (b - b_zero) * b_scale, quantized by out_scale and out_zero
    as quantize_linear does a float32 input: every step in float32 (the products of a
    difference below 2^9 and a float32 are rounded once), in out_zero's dtype (uint8
    without one); None is a zero point of 0."""
    f4 = np.float32
    zero = lambda z: np.int32(0) if z is None else np.asarray(z).astype(np.int32)
    with np.errstate(all="ignore"):
        av = (np.asarray(a).astype(np.int32) - zero(a_zero)).astype(f4) * np.asarray(a_scale, f4)
        bv = (np.asarray(b).astype(np.int32) - zero(b_zero)).astype(f4) * np.asarray(b_scale, f4)
    dtype = np.uint8 if out_zero is None else np.asarray(out_zero).dtype
    zp = np.zeros((), dtype) if out_zero is None else np.asarray(out_zero)
    return quantize_linear(av + bv, np.asarray(out_scale, f4), np.broadcast_to(zp, av.shape))


# Three inputs: input, scale, zero point; QuantizedLinearAdd's eight.
TERNARY.update({
    "quantize_linear": quantize_linear,
    "dequantize_linear": dequantize_linear,
    "quantized_linear_add": quantized_linear_add,
})


# The comparisons: a bool result, and a table whose output is only UINT32 at 1_0.
COMPARISONS = {"greater", "equal", "less", "greater_equal", "less_equal"}


def caps_operators():
    """(DirectML name, `dmlp run` name) of every operator, as the C library lists them."""
    text = subprocess.run([CLI, "caps"], check=True, capture_output=True, text=True).stdout
    return set(re.findall(r"^  ([A-Z][A-Z0-9_]+) \(([a-z0-9_]+)\)", text, re.M))


def test_functions_are_the_registry_operators():
    assert {(op["directml"], op["cli"]) for op in OPS.values()} == caps_operators()
    assert tuple(OPS) == dmlp.operators
    for name, op in OPS.items():
        fn = getattr(dmlp, name)
        assert fn is getattr(dmlp._dmlp, name) and name in dmlp.__all__
        owner = "dmlp's extension operator" if op["extension"] else "DirectML's"
        assert fn.__doc__.startswith(f"{owner} {op['directml']}: ")
        signature = fn.__text_signature__
        # keywords also taken positionally (axis) come before the *
        positional = "".join(f"{k}={dict(op['keywords'])[k]}, " for k in op["positional"])
        assert signature.startswith(f"(x, {positional}*" if op["inputs"] == 1 else "(a, b, *"
                                    if op["inputs"] == 2 else "(condition, a, b, *"
                                    if name == "where" else "(a, ascale, azeropoint, b, bscale, "
                                    "bzeropoint, outputscale, outputzeropoint=None, *"
                                    if name == "quantized_linear_add"
                                    else "(input, scale, zeropoint=None, *")
        for keyword, default in op["keywords"]:
            # a FLOAT member without a default is a required keyword
            assert (f", {keyword}," if default is None else f"{keyword}={default}") in signature
        assert signature.endswith("out=None, feature_level=None, threads=None)")


def test_every_operator_has_a_reference():
    assert set(UNARY) | set(BINARY) | set(TERNARY) == set(OPS)
    assert {n for n, op in OPS.items() if op["inputs"] == 2} == set(BINARY)
    assert {n for n, op in OPS.items() if op["inputs"] >= 3} == set(TERNARY)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_quantize_linear_against_numpy(dtype):
    x = values(dtype)
    if dtype == "int32":
        x = np.concatenate([x, np.array([16777217, -16777217, 300, -301], np.int32)])
    scale_dtype = "float32" if dtype == "int32" else dtype
    x = np.repeat(x, 4).reshape(-1, 4)  # one scale per column
    scale = np.array([0.1, -0.5, 3.0, 2.0**25 if dtype == "int32" else 1e-3], scale_dtype)
    for zero_point in (np.uint8(128), np.int8(-3), np.array([0, 255, 1, 7], np.uint8)):
        result = dmlp.quantize_linear(x, scale, zero_point)
        assert_same(result, quantize_linear(x, scale, np.broadcast_to(zero_point, x.shape)))
        assert result.dtype == np.asarray(zero_point).dtype


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16", "int32", "uint32"])
def test_dequantize_linear_against_numpy(dtype):
    x = values(dtype)
    if np.dtype(dtype).itemsize == 4:  # differences within float64's exact products
        x = (x.astype(np.int64) >> 8).astype(dtype)
    x = np.repeat(x, 3).reshape(-1, 3)
    zero_point = np.array(x[len(x) // 2, 0], dtype)
    for scale_dtype in ("float32", "float16"):
        scale = np.array([0.1, -2.5, 1e-3], scale_dtype)
        result = dmlp.dequantize_linear(x, scale, zero_point)
        assert_same(result, dequantize_linear(x, scale, zero_point))
        assert result.dtype == np.dtype(scale_dtype)


def test_zero_point_none_or_left_out():
    """zeropoint=None (or no third argument) passes no ZeroPointTensor, as DirectML allows
    from 6_2: a zero point of 0, and quantize_linear's result in uint8; below 6_2 the
    library refuses the NULL tensor."""
    x = np.array([0.35, -0.25, 2.5, 300.0, -300.0, np.nan], np.float32)
    scale = np.float32(0.1)
    for result in (dmlp.quantize_linear(x, scale), dmlp.quantize_linear(x, scale, None)):
        assert_same(result, quantize_linear(x, np.asarray(scale), np.zeros(x.shape, np.uint8)))
    d = np.array([-128, -1, 0, 5, 127], np.int8)
    for result in (dmlp.dequantize_linear(d, np.float32(0.25)),
                   dmlp.dequantize_linear(d, np.float32(0.25), None)):
        assert_same(result, dequantize_linear(d, np.float32(0.25), np.int8(0)))
    assert_same(dmlp.quantize_linear(x, scale, None, feature_level="6_2"),
                dmlp.quantize_linear(x, scale, np.uint8(0)))
    for call in (lambda: dmlp.quantize_linear(x, scale, feature_level="6_1"),
                 lambda: dmlp.dequantize_linear(d, np.float32(0.25), None, feature_level="6_1")):
        with pytest.raises(dmlp.Error, match=re.escape(
                "ZeroPointTensor is NULL; at feature level 6_1 it is required")):
            call()
    with pytest.raises(TypeError, match=r"quantize_linear\(\) takes 2 to 3 positional"):
        dmlp.quantize_linear(x)
    with pytest.raises(TypeError, match="scale: dtype"):  # only a zero point may be None
        dmlp.quantize_linear(x, None)
    out = np.full(x.shape, 7, np.uint8)
    assert dmlp.quantize_linear(x, scale, None, out=out) is out
    assert_same(out, dmlp.quantize_linear(x, scale))


@pytest.mark.parametrize("a_dtype, b_dtype, out_dtype",
                         [(a, b, o) for a in ("int8", "uint8") for b in ("int8", "uint8")
                          for o in ("int8", "uint8", None)])
def test_quantized_linear_add_against_numpy(a_dtype, b_dtype, out_dtype):
    """Every (a, b) pair of the two dtypes, a scale per column of a (one NaN), one scale
    for b and the output, zero points given or None; the result in the output zero
    point's dtype, uint8 without one."""
    a = np.repeat(np.arange(256, dtype=np.int32), 256).astype(np.uint8).view(a_dtype)
    b = np.tile(np.arange(256, dtype=np.int32), 256).astype(np.uint8).view(b_dtype)
    a, b = a.reshape(-1, 4), b.reshape(-1, 4)
    a_scale = np.array([0.1, 0.5, np.nan, 3e-3], np.float32)
    out_zero = None if out_dtype is None else np.array(5, out_dtype)
    for a_zero, b_zero in ((None, None), (np.array(3, a_dtype), np.array(100, b_dtype))):
        args = (a, a_scale, a_zero, b, np.float32(0.25), b_zero, np.float32(0.3))
        result = (dmlp.quantized_linear_add(*args) if out_zero is None
                  else dmlp.quantized_linear_add(*args, out_zero))
        assert_same(result, quantized_linear_add(*args, out_zero))
        assert result.dtype == (np.uint8 if out_dtype is None else np.dtype(out_dtype))
    with pytest.raises(dmlp.Error, match="BZeroPointTensor.DataType is"):
        other = "uint8" if b_dtype == "int8" else "int8"
        dmlp.quantized_linear_add(a, a_scale, None, b, np.float32(1), np.array(0, other),
                                  np.float32(1))


def numpy_dtypes(name):
    return [t for t in OPS[name]["dtypes"] if t != "bfloat16"]


@pytest.mark.parametrize("name, dtype", [(n, t) for n in UNARY if UNARY[n] is not None
                                         for t in numpy_dtypes(n)])
def test_unary_against_numpy(name, dtype):
    x = values(dtype)
    result = getattr(dmlp, name)(x, **REQUIRED.get(name, {}))
    assert_same(result, UNARY[name](x, **REQUIRED.get(name, {})))


def test_correctly_rounded_spot_values():
    """Values whose correct rounding is known (checked against MPFR in tests/crmath),
    through the Python functions and their keywords."""
    x = np.array([0.0, -0.0, 1.0, -1.0, 20.0, -np.inf], np.float32)
    bits = lambda a: np.asarray(a).view(np.uint32).tolist()
    assert bits(dmlp.sigmoid(x)) == [0x3F000000, 0x3F000000, 0x3F3B26A8, 0x3E89B2B1,
                                     0x3F800000, 0]
    assert bits(dmlp.tanh(x)) == [0, 0x80000000, 0x3F42F7D6, 0xBF42F7D6, 0x3F800000,
                                  0xBF800000]
    assert bits(dmlp.activation_tanh(x)) == bits(dmlp.tanh(x))
    assert bits(dmlp.tanh(x[2:], scale=2.0, bias=0.0)) == bits(dmlp.tanh(x[2:] * 2))
    assert bits(dmlp.scaled_tanh(x, alpha=1.0, beta=2.0)) == bits(dmlp.tanh(x * 2))
    assert bits(dmlp.swish(x[:5], sigmoidinputscale=1.0)) == [0, 0x80000000, 0x3F3B26A8,
                                                               0xBE89B2B1, 0x41A00000]
    assert bits(dmlp.softplus(x[:5])) == [0x3F317218, 0x3F317218, 0x3FA818F5, 0x3EA063D6,
                                          0x41A00000]
    assert bits(dmlp.softplus(x[2:4], steepness=2.0)) == [0x3F881F97, 0x3D81F96B]
    assert bits(dmlp.parametric_softplus(x[1:5], alpha=0.5, beta=-2.0)) == [
        0x3EB17218, 0x3D81F96B, 0x3F881F97, 0x221CBC92]
    a = np.array([9.0, 2.0, -3.0], np.float32)
    assert bits(dmlp.power(a, np.array([0.5, -3.0, 3.0], np.float32))) == [
        0x40400000, 0x3E000000, 0xC1D80000]  # 3, 2^-3, -27
    # ScaleBias on the base, broadcast exponent: (2x + 1)^0.5 is sqrt 3 and sqrt 2
    assert bits(dmlp.power(np.array([1.0, 0.5], np.float32), np.float32([0.5]), scale=2.0,
                           bias=1.0)) == [0x3FDDB3D7, 0x3FB504F3]


@pytest.mark.parametrize("name, dtype", [(n, t) for n in MEMBERS for t in numpy_dtypes(n)])
def test_float_members(name, dtype):
    x = values(dtype)
    for members in MEMBERS[name]:
        assert_same(getattr(dmlp, name)(x, **members), UNARY[name](x, **members))
    with pytest.raises(TypeError, match="must be a real number"):
        getattr(dmlp, name)(x, **{**REQUIRED.get(name, {}), next(iter(MEMBERS[name][0])): "1"})
    for member in REQUIRED.get(name, {}):
        others = {k: v for k, v in REQUIRED[name].items() if k != member}
        with pytest.raises(TypeError, match=f"missing required keyword argument '{member}'"):
            getattr(dmlp, name)(x, **others)


@pytest.mark.parametrize("name, dtype", [(n, t) for n in BINARY if BINARY[n] is not None
                                         for t in numpy_dtypes(n)])
def test_binary_against_numpy(name, dtype):
    a, b = pairs(dtype)
    if name in ("divide", "fmod", "mod") and a.dtype.kind in "iu":
        keep = b != 0  # an integer division by 0 is refused (test_integer_divide_by_zero)
        a, b = a[keep], b[keep]
    result = getattr(dmlp, name)(a, b)
    expected = BINARY[name](a, b)
    assert_same(result, expected)
    if name in COMPARISONS | {"logical_and", "logical_or"}:
        assert result.dtype == (np.bool_ if name in COMPARISONS or dtype == "bool"
                                else np.dtype(dtype))


@pytest.mark.parametrize("name, dtype", [(n, t) for n in BINARY_MEMBERS
                                         for t in numpy_dtypes(n)])
def test_binary_float_members(name, dtype):
    a, b = pairs(dtype)
    for members in BINARY_MEMBERS[name]:
        assert_same(getattr(dmlp, name)(a, b, **members), BINARY[name](a, b, **members))


def test_clip1_scalars_in_the_dtype():
    big = 2 ** 53 + 1  # no float holds it: the bound stays an int64
    x = np.array([-2 ** 63, -5, big + 1, 2 ** 63 - 1], dtype=np.int64)
    assert_same(dmlp.clip1(x, min=-big, max=big), np.array([-big, -5, big, big], np.int64))
    u = np.array([0, 2 ** 64 - 1], dtype=np.uint64)
    assert_same(dmlp.clip1(u, min=np.uint64(big)), np.array([big, 2 ** 64 - 1], np.uint64))
    h = np.array([0.0, 1.0, np.nan], dtype=np.float16)
    assert_same(dmlp.clip1(h, min=0.1, max=0.5),  # a NaN loses: Max
                np.array([np.float16(0.1), 0.5, 0.5], np.float16))
    g = np.array([7, 8, 9, 10], dtype=np.int64)
    assert_same(dmlp.clip_grad1(x, g, min=-5, max=big + 1), np.array([0, 0, 0, 0], np.int64))
    assert_same(dmlp.clip_grad1(x, g, min=-6, max=2 ** 63 - 1), np.array([0, 8, 9, 0], np.int64))
    for bad, message in [({"min": 0.5}, "min: 0.5 is not an integer, and INT8 holds integers"),
                         ({"max": 300}, "max: 300 is out of range for INT8 (-128 to 127)"),
                         ({"min": np.nan}, "min: nan is not a value of INT8")]:
        with pytest.raises(dmlp.Error, match=re.escape(message)):
            dmlp.clip1(np.zeros(3, np.int8), **bad)


@pytest.mark.parametrize("dtype", numpy_dtypes("where") + ["bool"])
def test_where_against_numpy(dtype):
    """where(condition, a, b): the chosen element's bits (NaN payloads, -0 kept), the
    condition bool or uint8 (any nonzero byte), the three broadcast as numpy does."""
    a, b = pairs(dtype)
    rng = np.random.default_rng(88)
    cond = rng.integers(0, 2, size=a.shape).astype(bool)
    bits = np.dtype("u%d" % a.itemsize) if a.dtype.kind == "f" else a.dtype
    expected = TERNARY["where"](cond, a.view(bits), b.view(bits)).view(a.dtype)
    assert_same(dmlp.where(cond, a, b), expected)
    u8 = rng.integers(0, 256, size=a.shape, dtype=np.uint8)
    assert_same(dmlp.where(u8, a, b),
                TERNARY["where"](u8, a.view(bits), b.view(bits)).view(a.dtype))
    # broadcasting over all three: condition (n, 1), a (1, m), b one element
    c2 = rng.integers(0, 2, size=(4, 1)).astype(bool)
    a2, b2 = a[:7].reshape(1, 7), b[:1]
    assert_same(dmlp.where(c2, a2, b2), np.where(c2, a2.view(bits), b2.view(bits)).view(a.dtype))
    out = a.copy()
    assert dmlp.where(cond, out, b, out=out) is out  # in place on a
    assert_same(out, expected)


def test_where_refusals():
    a = np.arange(6, dtype=np.float32)
    with pytest.raises(TypeError, match="condition: dtype (numpy.)?int32 is not supported by "
                                        "where .condition takes uint8 or bool"):
        dmlp.where(np.ones(6, np.int32), a, a)
    with pytest.raises(TypeError, match="b: dtype float64; where takes a and b of one dtype "
                                        r"\(a is float32\)"):
        dmlp.where(np.ones(6, bool), a, a.astype(np.float64))
    with pytest.raises(TypeError, match=r"where\(\) takes 3 positional arguments "
                                        r"\(condition, a, b\), 2 given"):
        dmlp.where(np.ones(6, bool), a)
    with pytest.raises(dmlp.Error, match="shapes .* do not broadcast"):
        dmlp.where(np.ones(4, bool), a, a)
    # a Python number takes the array's dtype, as numpy's where would keep it
    assert_same(dmlp.where(np.arange(6) % 2 == 0, a, 7), np.where(np.arange(6) % 2 == 0, a,
                                                                    np.float32(7)))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_add1_fused_softsign(dtype):
    a, b = pairs(dtype)
    assert_same(dmlp.add1(a, b, fused="softsign"), softsign(add1(a, b)))
    assert_same(dmlp.add1(a, b, fused=None), add1(a, b))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_add1_fused_activations_with_parameters(dtype):
    """Each fused activation with its parameters, (name, {member: value}), is the
    activation's own formula on the rounded sum; members not given take its defaults."""
    a, b = pairs(dtype)
    s = add1(a, b)
    t = s.dtype.type
    with np.errstate(all="ignore"):
        cases = [
            (("leaky_relu", {"alpha": 0.5}), np.where(s >= 0, s, wide(t(0.5)) * wide(s))),
            ("leaky_relu", np.where(s >= 0, s, wide(np.float32(0.01)) * wide(s))),
            (("linear", {"alpha": 2, "beta": -0.25}), wide(t(2)) * wide(s) + wide(t(-0.25))),
            ("relu", np.where(s > 0, s, t(0))),
            ("activation_identity", s),
        ]
        for fused, want in cases:
            got = dmlp.add1(a, b, fused=fused)
            want = np.asarray(want).astype(s.dtype)
            keep = ~np.isnan(want) & ~np.isnan(got)
            assert_same(got[keep], want[keep])
    with pytest.raises(dmlp.Error, match="linear needs its parameter 'alpha'"):
        dmlp.add1(a, b, fused="linear")
    with pytest.raises(dmlp.Error, match="relu has no parameter 'alpha'"):
        dmlp.add1(a, b, fused=("relu", {"alpha": 1}))
    with pytest.raises(dmlp.Error, match="must be one of"):
        dmlp.add1(a, b, fused="hard_swish")


def cast_reference(x, dtype):
    dtype = np.dtype(dtype)
    if x.dtype.kind == "f" and dtype.kind in "iu":
        info = np.iinfo(dtype)
        out = []
        for v in x.astype(np.float64).tolist():
            out.append(0 if math.isnan(v) else info.max if v >= info.max + 1
                       else info.min if v <= info.min - 1 else int(v))
        return np.array(out, dtype=dtype)
    with np.errstate(all="ignore"):
        if x.dtype.kind in "iu" and dtype.kind in "iu":
            return x.astype(dtype)  # numpy keeps the low bits, as dmlp does
        if x.dtype.kind == "b":
            return x.astype(np.uint8).astype(dtype)
        return x.astype(dtype)


@pytest.mark.parametrize("source", numpy_dtypes("cast"))
def test_cast_against_numpy(source):
    x = values(source)
    for target in NUMPY_DTYPES:
        result = dmlp.cast(x, dtype=target)
        assert_same(result, cast_reference(x, target))
        out = np.empty(x.shape, target)
        assert dmlp.cast(x, out=out) is out
        assert_same(out, cast_reference(x, target))
        assert_same(dmlp.cast(x, dtype=np.dtype(target).type), cast_reference(x, target))


def test_bool_inputs():
    a, b = pairs(bool)
    assert_same(dmlp.logical_and(a, b), np.logical_and(a, b))
    assert_same(dmlp.logical_or(a, b), np.logical_or(a, b))
    assert_same(dmlp.identity(a), a)
    assert_same(dmlp.cast(a, dtype=np.float32), a.astype(np.float32))
    for name in ("sign", "add", "negative", "greater"):
        fn = getattr(dmlp, name)
        with pytest.raises(TypeError, match=f"dtype (numpy.)?bool_? is not supported by {name}"):
            fn(a) if OPS[name]["inputs"] == 1 else fn(a, b)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_scale_and_bias(dtype):
    x = values(dtype)
    with np.errstate(all="ignore"):
        w = wide(x)
        expected = (w * w.dtype.type(2.0) + w.dtype.type(-0.5)).astype(x.dtype)
        assert_same(dmlp.identity(x, scale=2.0, bias=-0.5), expected)
        assert_same(dmlp.abs(x, scale=2, bias=-0.5), np.abs(expected))
        only_bias = (w * w.dtype.type(1) + w.dtype.type(3)).astype(x.dtype)
        assert_same(dmlp.identity(x, bias=3), only_bias)
    assert_same(dmlp.identity(x, scale=None, bias=None), x)


@pytest.mark.parametrize("shape_a, shape_b", [
    ((3, 1), (1, 4)), ((2, 3, 4), (4,)), ((2, 3, 4), (3, 1)), ((), (5,)), ((5,), ()),
    ((), ()), ((0, 3), (1, 3)), ((4, 1, 2), (1, 3, 1)), ((1,), (6,))])
@pytest.mark.parametrize("name", ["add", "subtract", "divide", "greater", "logical_or"])
def test_broadcasting(shape_a, shape_b, name):
    dtype = np.uint32 if name == "logical_or" else np.float32
    rng = np.random.default_rng(3)
    a = rng.integers(0, 5, size=shape_a).astype(dtype)
    b = rng.integers(1, 5, size=shape_b).astype(dtype)
    expected = BINARY[name](*np.broadcast_arrays(a, b))
    result = getattr(dmlp, name)(a, b)
    assert result.shape == np.broadcast_shapes(shape_a, shape_b)
    assert_same(result, np.array(expected))


def test_broadcast_views_and_python_numbers():
    x = np.arange(12, dtype=np.int16).reshape(3, 4)
    assert_same(dmlp.add(x, np.broadcast_to(np.int16(5), (3, 4))), x + np.int16(5))
    assert_same(dmlp.multiply(x[:, ::-2], x[0, ::-2]), x[:, ::-2] * x[0, ::-2])
    assert_same(dmlp.add(x, 1), x + np.int16(1))
    assert_same(dmlp.subtract(10, x), np.int16(10) - x)
    assert_same(dmlp.add(np.float16([1.5]), 0.25), np.float16([1.75]))
    with pytest.raises(TypeError, match="b: dtype float64; add takes a and b of one"):
        dmlp.add(x, 1.5)  # a float beside integers is not truncated
    with pytest.raises(dmlp.Error, match=r"a, b: shapes \(3, 4\) and \(3,\) do not broadcast"):
        dmlp.add(x, np.zeros(3, np.int16))
    with pytest.raises(TypeError, match="b: dtype int32; add takes a and b of one dtype"):
        dmlp.add(x, np.zeros(4, np.int32))


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide", "add1"])
def test_out_in_place(name):
    a = np.linspace(-3, 3, 12, dtype=np.float32).reshape(3, 4)
    b = np.full((3, 4), 0.75, np.float32)
    expected = BINARY[name](a, b)
    x = a.copy()
    assert getattr(dmlp, name)(x, b, out=x) is x
    assert_same(x, expected)
    y = b.copy()
    assert getattr(dmlp, name)(a, y, out=y) is y
    assert_same(y, expected)
    out = np.empty((3, 4), np.float32)
    assert getattr(dmlp, name)(a, b[0], out=out) is out
    assert_same(out, expected)


def test_out_refusals():
    a = np.ones((3, 4), np.float32)
    with pytest.raises(dmlp.Error, match="out: shape"):
        dmlp.add(a, a[0], out=np.empty(4, np.float32))
    with pytest.raises(TypeError, match="out: dtype numpy.float64; add of float32 writes float32"):
        dmlp.add(a, a, out=np.empty((3, 4)))
    with pytest.raises(dmlp.Error, match="overlaps b's memory"):
        dmlp.add(np.ones((3, 4), np.float32), a[:1], out=a)  # b repeats a's first row
    with pytest.raises(TypeError, match="out: dtype numpy.bool_; add of float32 writes float32"):
        dmlp.add(a, a, out=np.empty((3, 4), bool))
    u = np.ones(4, np.uint8)
    assert dmlp.greater(u, u, out=np.empty(4, np.uint8)).dtype == np.uint8
    assert dmlp.logical_and(u, u).dtype == np.uint8
    with pytest.raises(TypeError, match="out: dtype numpy.bool_; logical_and of uint8 writes uint8"):
        dmlp.logical_and(u, u, out=np.empty(4, bool))
    x = np.ones(4, np.float32)
    with pytest.raises(dmlp.Error, match="(?i)cast.*in place"):
        dmlp.cast(x, out=x)
    with pytest.raises(TypeError, match="cast.. needs dtype="):
        dmlp.cast(x)
    with pytest.raises(TypeError, match="out: dtype numpy.int16; cast of float32 writes int32"):
        dmlp.cast(x, dtype="int32", out=np.empty(4, np.int16))


def test_integer_divide_by_zero_is_refused():
    a = np.array([1, 2, 3], np.int32)
    out = np.full(3, 9, np.int32)
    with pytest.raises(dmlp.Error, match="division by zero"):
        dmlp.divide(a, np.array([1, 0, 1], np.int32), out=out)
    assert out.tolist() == [9, 9, 9]


@pytest.mark.parametrize("name", ["fmod", "mod"])
def test_integer_modulus_by_zero_is_refused(name):
    a = np.array([1, 2, 3], np.int8)
    out = np.full(3, 9, np.int8)
    with pytest.raises(dmlp.Error, match="BTensor element .2. is 0; an integer modulus by zero"):
        getattr(dmlp, name)(a, np.array([1, 1, 0], np.int8), out=out)
    assert out.tolist() == [9, 9, 9]
    assert getattr(dmlp, name)(np.array([-128], np.int8), np.array([-1], np.int8))[0] == 0


def unsupported(name):
    """A numpy dtype the operator does not take."""
    for t in NUMPY_DTYPES + ["complex64"]:
        if t not in OPS[name]["dtypes"]:
            return t


@pytest.mark.parametrize("name", list(OPS))
def test_refusals_name_the_argument(name):
    fn = getattr(dmlp, name)
    args = [np.zeros(2, unsupported(name))] * OPS[name]["inputs"]
    with pytest.raises(TypeError) as info:
        fn(*args, dtype="int8") if name == "cast" else fn(*args, **REQUIRED.get(name, {}))
    arg = {1: "x", 2: "a"}.get(OPS[name]["inputs"], "condition" if name == "where" else "a"
                               if name == "quantized_linear_add" else "input")
    assert str(info.value).startswith(f"{arg}: dtype ") and name in str(info.value)
    good = [np.zeros(2, OPS[name]["dtypes"][0])] * OPS[name]["inputs"]
    if name in TERNARY:
        good = ternary_args(name, good[0])
    with pytest.raises(TypeError, match=f"{name}.. got an unexpected keyword argument 'bogus'"):
        fn(*good, bogus=1)
    extra = [0] * len(OPS[name]["positional"])  # axis
    with pytest.raises(TypeError, match=f"{name}.. takes (\\d+ to )?{len(good) + len(extra)} "
                                        "positional"):
        fn(*good, *extra, *good)
    for other in ("mode", "nan", "scale", "fused", "dtype", "rounding"):
        if other not in dict(OPS[name]["keywords"]):
            with pytest.raises(TypeError, match=f"'{other}'"):
                fn(*good, **{other: None})


@pytest.mark.parametrize("call, kind, words", [
    (lambda: dmlp.isinf(np.zeros(2), mode="both"), dmlp.Error, ["mode", "both", "either"]),
    (lambda: dmlp.round(np.zeros(2), rounding="up"), dmlp.Error,
     ["rounding", "up", "halves_to_nearest_even", "toward_zero", "toward_infinity"]),
    (lambda: dmlp.add1(np.zeros(2), np.zeros(2), fused="hard_swish"), dmlp.Error,
     ["fused", "hard_swish", "softsign", "leaky_relu"]),
    (lambda: dmlp.identity(np.zeros(2), scale="2"), TypeError, ["scale", "str"]),
    (lambda: dmlp.identity(np.zeros(2, np.int32), scale=2.0), TypeError,
     ["scale", "float types only", "int32"]),
    (lambda: dmlp.cast(np.zeros(2), dtype="complex64"), TypeError, ["dtype", "complex64"]),
    (lambda: dmlp.cast(np.zeros(2), dtype=bool), TypeError, ["dtype", "bool"]),
    (lambda: dmlp.cast(np.zeros(2), dtype="nonsense"), TypeError, ["dtype", "nonsense"]),
    (lambda: dmlp.add(np.zeros(2), np.zeros(2), feature_level="7_0"), dmlp.Error,
     ["feature_level", "7_0"]),
    (lambda: dmlp.add(np.zeros(2), np.zeros(2), threads=-1), dmlp.Error, ["threads"]),
])
def test_bad_keyword_values(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    for word in words:
        assert word in str(info.value)
    assert "\n" not in str(info.value)


def round_away(x):
    """To nearest, ties away from zero: truncation, then a step away from zero where the
    dropped part (exact) is at least one half."""
    t = np.trunc(x)
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(x - t) >= 0.5, t + np.copysign(np.ones_like(x), x), t)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_round_modes(dtype):
    x = np.concatenate([np.arange(-20, 21) / 4, [-0.0, 0.49999997, np.inf, -np.inf, np.nan]])
    x = x.astype(dtype)
    models = {"halves_to_nearest_even": np.rint, "toward_zero": np.trunc,
              "toward_infinity": round_away}
    for rounding, model in models.items():
        got = dmlp.round(x, rounding=rounding)
        assert got.dtype == x.dtype
        want = model(x)
        assert np.array_equal(np.signbit(got), np.signbit(want))
        assert np.array_equal(got, want, equal_nan=True), rounding
    # DML_ROUNDING_MODE's own table
    table = np.array([-2.5, -1.75, -1.5, -1.25, 0, 1.25, 1.5, 1.75, 2.5], dtype)
    assert dmlp.round(table, rounding="toward_infinity").tolist() == [-3, -2, -2, -1, 0, 1,
                                                                       2, 2, 3]
    out = table.copy()
    dmlp.round(out, rounding="toward_zero", out=out)  # in place
    assert out.tolist() == [-2, -1, -1, -1, 0, 1, 1, 1, 2]


def first_type(name, level):
    """A dtype of the operator's table at a level, as `dmlp caps --feature-level` lists it."""
    text = subprocess.run([CLI, "caps", "--feature-level", level], check=True,
                          capture_output=True, text=True).stdout
    row = re.search(rf"^  {OPS[name]['directml']} \(.*?\)\s+\S+\s+\S+\s+\d+(?: to \d+)?\s+(\w+)",
                    text, re.M)
    return row.group(1).lower() if row else None


@pytest.mark.parametrize("name", list(OPS))
def test_feature_levels(name):
    op = OPS[name]
    level = op["introduced"]
    dtype = first_type(name, level)
    x = np.arange(1, 7).astype(dtype).reshape(2, 3)
    args = ternary_args(name, x) if name in TERNARY else [x] * op["inputs"]
    kwargs = {"dtype": dtype} if name == "cast" else dict(REQUIRED.get(name, {}))
    if name in COMPARISONS and level == "1_0":  # its output must be UINT32: out= chooses it
        kwargs = {"out": np.empty((2, 3), np.uint32)}
        with pytest.raises(dmlp.Error, match="OutputTensor.DataType is UINT8; at feature "
                                             "level 1_0 it must be UINT32"):
            getattr(dmlp, name)(*args, feature_level=level)
    expected = getattr(dmlp, name)(*args, **kwargs).copy()
    assert_same(getattr(dmlp, name)(*args, feature_level=level, **kwargs), expected)
    levels = ["1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0", "5_1", "5_2", "6_0",
              "6_1", "6_2", "6_3", "6_4"]
    before = levels.index(level) - 1
    if before >= 0:
        with pytest.raises(dmlp.Error, match=f"needs feature level {level} or higher"):
            getattr(dmlp, name)(*args, feature_level=levels[before], **kwargs)


def test_feature_level_type_refusals():
    i16 = np.arange(4, dtype=np.int16)
    assert_same(dmlp.add(i16, i16, feature_level="5_1"), i16 + i16)
    with pytest.raises(dmlp.Error, match="INT16"):
        dmlp.add(i16, i16, feature_level="5_0")
    with pytest.raises(dmlp.Error, match="FLOAT64"):
        dmlp.negative(np.zeros(3), feature_level="6_4")
    with pytest.raises(dmlp.Error, match="UINT8"):
        dmlp.abs(np.zeros(3, np.uint8), feature_level="6_4")
    # Cast below 3_1 wants exactly 4 dimensions: the module gives leading 1s.
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert_same(dmlp.cast(x, dtype="int16", feature_level="1_0"), x.astype(np.int16))


def bf16(x):
    """float32 -> bfloat16 bits, rounded to nearest even (NaN kept NaN)."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(x), np.uint16(0x7FC0), r)


def test_bfloat16_through_dlpack():
    torch = pytest.importorskip("torch")
    v = np.array([-np.inf, -3.5, -2, -1, -0.0, 0.0, 0.5, 1, 1.5, 2, 3, np.inf, np.nan],
                 np.float32)
    a32, b32 = np.repeat(v, v.size), np.tile(v, v.size)
    a = torch.from_numpy(bf16(a32).view(np.int16)).view(torch.bfloat16)
    b = torch.from_numpy(bf16(b32).view(np.int16)).view(torch.bfloat16)
    for name, fn in BINARY.items():
        if fn is None or "bfloat16" not in OPS[name]["dtypes"]:
            continue
        result = getattr(dmlp, name)(a, b)
        assert isinstance(result, torch.Tensor)
        expected = fn(a32, b32)
        if expected.dtype == np.float32:
            assert result.dtype == torch.bfloat16
            got = result.view(torch.int16).numpy().view(np.uint16)
            want = bf16(expected)
            nan = np.isnan(expected)
            assert np.array_equal((got & 0x7FFF) > 0x7F80, nan)
            assert np.array_equal(got[~nan], want[~nan]), name
        else:
            assert result.dtype == torch.bool and np.array_equal(result.numpy(), expected)
    for name, fn in UNARY.items():
        if fn is None or "bfloat16" not in OPS[name]["dtypes"] or name == "softsign":
            continue
        result = getattr(dmlp, name)(a, **REQUIRED.get(name, {}))
        expected = fn(a32, **REQUIRED.get(name, {}))
        if expected.dtype == np.float32:
            got = result.view(torch.int16).numpy().view(np.uint16)
            nan = np.isnan(expected)
            assert np.array_equal(got[~nan], bf16(expected)[~nan]), name
        else:
            assert np.array_equal(result.numpy(), expected)


def test_torch_two_inputs_and_bool():
    torch = pytest.importorskip("torch")
    a = torch.tensor([[1.0, -2.0, 3.0]])
    b = torch.tensor([[0.5], [2.0]])
    r = dmlp.add(a, b)
    assert isinstance(r, torch.Tensor) and torch.equal(r, a + b)
    r = dmlp.multiply(a.numpy(), b)  # one DLPack input: a tensor of its library
    assert isinstance(r, torch.Tensor) and torch.equal(r, a * b)
    t = torch.tensor([True, False, True])
    r = dmlp.logical_and(t, torch.tensor([True, True, False]))
    assert r.dtype == torch.bool and r.tolist() == [True, False, False]
    assert dmlp.greater(a, b).dtype == torch.bool


@pytest.mark.parametrize("name", ["exp", "elu", "selu", "celu"])
def test_correctly_rounded_near_numpy(name):
    """The exponential family through Python: within one float32 ulp of numpy's float64
    formula (the exact bits are tests/crmath's to check)."""
    x = np.linspace(-20, 20, 4001).astype(np.float32)
    w = x.astype(np.float64)
    model = {
        "exp": np.exp(w),
        "elu": np.where(w >= 0, w, np.expm1(w)),
        "selu": np.where(w > 0, np.float64(np.float32(1.0507010221481323)) * w,
                         np.float64(np.float32(1.0507010221481323))
                         * np.float64(np.float32(1.6732631921768188)) * np.expm1(w)),
        "celu": np.where(w > 0, w, np.expm1(w)),
    }[name]
    got = getattr(dmlp, name)(x).astype(np.float64)
    assert np.all(np.abs(got - model) <= np.spacing(np.abs(model).astype(np.float32)))
