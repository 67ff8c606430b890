"""Random views (ranks 0-10, slices with any step including negative, transposes,
broadcasts) of random dtypes, with and without out= in random layouts and in place:
every result equals the same operator on a contiguous copy, and out= writes only its
own elements."""
import numpy as np
import pytest

import dmlp

DTYPES = [np.int8, np.uint16, np.int32, np.uint64, np.float16, np.float32, np.float64]


def random_view(rng, base_shape, dtype):
    base = (rng.standard_normal(int(np.prod(base_shape))) * 5).astype(dtype).reshape(base_shape)
    index = tuple(slice(int(rng.integers(0, n)) if rng.random() < 0.3 else None, None,
                        int(rng.choice([-3, -2, -1, 1, 1, 2]))) for n in base_shape)
    view = base[index]
    view = view.transpose(rng.permutation(view.ndim))
    if view.ndim and rng.random() < 0.2:
        axis = int(rng.integers(0, view.ndim))
        shape = list(view.shape)
        view = np.broadcast_to(np.take(view, [0], axis=axis) if view.shape[axis] else view,
                               shape)
    return view


@pytest.mark.parametrize("seed", range(8))
def test_random_layouts(seed):
    rng = np.random.default_rng(seed)
    for _ in range(40):
        rank = int(rng.integers(0, 11))
        base_shape = tuple(int(rng.integers(1, 5)) for _ in range(rank))
        dtype = DTYPES[int(rng.integers(0, len(DTYPES)))]
        x = random_view(rng, base_shape, dtype)
        packed = np.ascontiguousarray(x)
        ops = [(dmlp.sign, {})]
        if np.issubdtype(dtype, np.floating):
            ops += [(dmlp.softsign, {}), (dmlp.isinf, {"mode": "negative"})]
        for fn, kw in ops:
            expected = fn(packed, **kw)
            got = fn(x, **kw)
            assert got.shape == x.shape and got.tobytes() == expected.tobytes()
            # out= in a random layout inside a larger buffer, with sentinels around it.
            big_shape = tuple(2 * n + 1 for n in x.shape)
            big = np.full(big_shape, 7, dtype=expected.dtype)
            index = tuple(slice(2 * n - 1, None, -2) if n and rng.random() < 0.3
                          else slice(0, 2 * n, 2) for n in x.shape)
            out = big[index + (Ellipsis,)]  # a view even at rank 0
            assert out.shape == x.shape
            before = big.copy()
            assert fn(x, out=out, **kw) is out
            assert out.tobytes() == expected.tobytes()
            mask = np.ones(big_shape, bool)
            mask[index] = False
            assert (big[mask] == before[mask]).all()
            # In place, on the same random layout (not for isinf, nor broadcast views).
            if fn is not dmlp.isinf and all(st != 0 or n <= 1 for st, n in zip(x.strides, x.shape)):
                own = big.astype(x.dtype)[index + (Ellipsis,)]
                own[...] = x
                assert fn(own, out=own, **kw) is own
                assert own.tobytes() == expected.tobytes()
