"""Shared by the `dmlp run` tests of Ceil/Floor, Relu and Max (test_cli_rounding.sh,
test_cli_relu.sh, test_cli_max.sh), with Debian's numpy.

  cli_elementwise.py inputs DIR   writes DIR/in_<dt>.npy for every dtype: random bit
                                  patterns and small values (NaNs with payloads, -0,
                                  halves and INT_MIN among them), and DIR/b_<dt>.npy, a B
                                  for max that broadcasts along the first axis and ties A

Imported by the checks: same() compares a result with its expectation to the bit,
quiet() sets the quiet bit of NaNs, max_number() is IEEE 754-2019 maximumNumber or, with
propagate, maximum (-0 below +0 in both), min_number() the same for the minimum."""
import sys

import numpy as np

bad = 0

DTYPES = ['i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']


def inputs(work):
    rng = np.random.default_rng(23)
    for dt in DTYPES:
        bits = {'1': np.uint8, '2': np.uint16, '4': np.uint32, '8': np.uint64}[dt[1]]
        raw = rng.integers(0, np.iinfo(bits).max, size=(2, 3, 41), dtype=bits, endpoint=True)
        raw.flat[0] = 1 << (8 * raw.itemsize - 1)  # INT_MIN, -0.0
        x = raw.view(np.dtype(dt)).copy()
        if dt[0] == 'f':  # half of them small, where rounding has work to do
            x.flat[1::2] = (rng.integers(-40, 40, size=x.size // 2) / 4).astype(dt)
            x.flat[1] = -0.5
        np.save(f"{work}/in_{dt}.npy", x)
        b = x[:, :1, :].copy()
        b.flat[::3] = x.flat[:b.size:3]  # ties with A
        np.save(f"{work}/b_{dt}.npy", b)


def same(name, got, want):
    global bad
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        print(f"FAIL: {name}: differs from numpy")
        bad += 1


def quiet(x):
    """x with its NaNs made quiet (the quiet bit of the format set, nothing else)."""
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize]
    q = {2: 0x0200, 4: 0x00400000, 8: 0x0008000000000000}[x.itemsize]
    bits = x.view(u).copy()
    bits[np.isnan(x)] |= u(q)
    return bits.view(x.dtype)


def max_number(a, b, propagate=False):
    """IEEE 754-2019 maximumNumber (a NaN loses; two NaNs give A's made quiet) or, with
    propagate, maximum (A's NaN, else B's, made quiet); -0 below +0 in both."""
    a, b = np.broadcast_arrays(a, b)
    out = np.where(a > b, a, b)
    zeros = (a == 0) & (b == 0)
    out = np.where(zeros, np.where(np.signbit(a), b, a), out)
    out = np.where(np.isnan(b), quiet(b) if propagate else a, out)
    out = np.where(np.isnan(a), quiet(a) if propagate else np.where(np.isnan(b), quiet(a), b),
                   out)
    return out.astype(a.dtype)


def min_number(a, b, propagate=False):
    """IEEE 754-2019 minimumNumber (a NaN loses; two NaNs give A's made quiet) or, with
    propagate, minimum (A's NaN, else B's, made quiet); -0 below +0 in both."""
    a, b = np.broadcast_arrays(a, b)
    out = np.where(a < b, a, b)
    zeros = (a == 0) & (b == 0)
    out = np.where(zeros, np.where(np.signbit(a), a, b), out)
    out = np.where(np.isnan(b), quiet(b) if propagate else a, out)
    out = np.where(np.isnan(a), quiet(a) if propagate else np.where(np.isnan(b), quiet(a), b),
                   out)
    return out.astype(a.dtype)


if __name__ == '__main__' and sys.argv[1:2] == ['inputs']:
    inputs(sys.argv[2])
