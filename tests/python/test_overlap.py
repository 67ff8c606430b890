"""out= and an input in one buffer: refused exactly when they share a byte (in place, the
same elements in the same layout, aside), so interleaved views run."""
import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

import dmlp


def test_interleaved_views_run():
    a = np.linspace(-3, 3, 12, dtype=np.float32)
    before = a.copy()
    dmlp.sign(a[::2], out=a[1::2])
    assert a[1::2].tolist() == np.sign(before[::2]).tolist()
    assert a[::2].tolist() == before[::2].tolist()
    m = np.arange(-12, 12, dtype=np.float32).reshape(4, 6)
    left = m[:, :3].copy()
    dmlp.negative(m[:, :3], out=m[:, 3:])
    assert m[:, 3:].tolist() == (-left).tolist() and m[:, :3].tolist() == left.tolist()
    # Bytes: int8 at bytes 0, 8, 16 ... against float32 at bytes 4-7, 12-15 ...
    f = np.zeros(8, np.float32)
    b = f.view(np.int8)
    b[::8] = [1, -2, 3, -4]
    dmlp.cast(b[::8], out=f[1::2])
    assert f[1::2].tolist() == [1.0, -2.0, 3.0, -4.0]


def test_shared_elements_are_still_refused():
    a = np.linspace(-3, 3, 12, dtype=np.float32)
    before = a.copy()
    with pytest.raises(dmlp.Error, match="out: overlaps x's memory"):
        dmlp.sign(a[:8:2], out=a[1::3])  # both hold a[4]
    with pytest.raises(dmlp.Error, match="out: overlaps x's memory"):
        dmlp.sign(a[:10:2], out=a[2:12:2])
    b = a.view(np.int8)
    with pytest.raises(dmlp.Error, match="out: overlaps x's memory"):
        dmlp.cast(b[1::8][:6], out=a[::2])  # byte 1 is inside a[0]
    assert a.tobytes() == before.tobytes()


def element_addresses(v):
    base = v.__array_interface__["data"][0]
    index = np.indices(v.shape).reshape(v.ndim, -1).T
    return {base + int(np.dot(i, v.strides)) for i in index}


def random_view(rng, buffer, shape):
    """A view of buffer with the given shape, random (possibly negative) strides and
    offset, inside the buffer, no element twice."""
    item = buffer.itemsize
    while True:
        steps = [int(rng.integers(-6, 7)) or 1 for _ in shape]
        span_lo = sum(min(0, s * (n - 1)) for s, n in zip(steps, shape))
        span_hi = sum(max(0, s * (n - 1)) for s, n in zip(steps, shape))
        room = buffer.size - (span_hi - span_lo)
        if room <= 0:
            continue
        first = -span_lo + int(rng.integers(room))
        v = as_strided(buffer[first:], shape=shape, strides=[s * item for s in steps])
        if len(element_addresses(v)) == v.size:
            return v


def test_refused_exactly_when_a_byte_is_shared():
    # Random strided pairs of one buffer (negative strides and 2-D included) against
    # numpy's own exact answer; the pairs whose extents meet without a shared byte are
    # the ones an extent test would refuse.
    rng = np.random.default_rng(2024)
    buffer = np.zeros(40, np.float32)
    seen = {"shared": 0, "interleaved": 0, "apart": 0}
    for _ in range(400):
        shape = tuple(int(n) for n in rng.integers(1, 5, size=int(rng.integers(1, 3))))
        x, out = random_view(rng, buffer, shape), random_view(rng, buffer, shape)
        same = (x.__array_interface__["data"][0] == out.__array_interface__["data"][0]
                and all(n == 1 or s == t for n, s, t in zip(shape, x.strides, out.strides)))
        shared = bool(np.shares_memory(x, out, max_work=None)) and not same
        seen["shared" if shared else
             "interleaved" if np.may_share_memory(x, out) else "apart"] += 1
        if shared:
            with pytest.raises(dmlp.Error, match="overlaps"):
                dmlp.negative(x, out=out)
        else:
            buffer[:] = np.arange(buffer.size)
            expected = -x.copy()
            dmlp.negative(x, out=out)
            assert out.tolist() == expected.tolist()
    assert min(seen.values()) > 20, seen
