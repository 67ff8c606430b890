"""Softmax, LogSoftmax and Hardmax along axes, computed here apart from the library: in
long double (a 64-bit significand on x86), rounded once to the dtype by comparing the
neighbours of the conversion with the long double value. The row rules are those of
docs/operators.md: a NaN in a row gives its first NaN, made quiet, everywhere; otherwise
+inf, or only -inf, gives the default NaN (positive, quiet) everywhere; Hardmax is 1 at
the first largest element in row order (a NaN the largest, as numpy's argmax), 0
elsewhere. A row's order is its axes' in the array, outermost first."""
import numpy as np

LD = np.longdouble
# The model's own error is far below 2^-58 relative when long double has 63 bits; with
# fewer (long double as double) the results are compared within 1 ulp only.
PRECISE = np.finfo(LD).nmant >= 63

INFINITY = {"float16": 0x7C00, "float32": 0x7F800000, "float64": 0x7FF0000000000000,
            "bfloat16": 0x7F80}
# per dtype: (bits dtype, quiet bit, default NaN, 1.0); bfloat16 travels as uint16 bits
BITS = {
    "float16": (np.uint16, 0x0200, 0x7E00, 0x3C00),
    "float32": (np.uint32, 0x00400000, 0x7FC00000, 0x3F800000),
    "float64": (np.uint64, 0x0008000000000000, 0x7FF8000000000000, 0x3FF0000000000000),
    "bfloat16": (np.uint16, 0x0040, 0x7FC0, 0x3F80),
}


def row_axes(ndim, axis):
    """axis as the functions take it (int, tuple, list or None) -> sorted axes."""
    if axis is None:
        return list(range(ndim))
    if isinstance(axis, (list, tuple)):
        return sorted(int(a) % ndim for a in axis)
    return [int(axis) % ndim]


def bf16_values(bits):
    """bfloat16 bits -> float32 values (exact)."""
    return (np.asarray(bits, np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


def f32_to_bf16(x):
    """float32 -> bfloat16 bits, rounded to nearest even (NaN kept NaN)."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(x), np.uint16(0x7FC0), r)


def round_once(v, dtype, exact=None, below=None):
    """Long double values (1-D) rounded to nearest, ties to even, in dtype ("float16",
    "float32", "float64" or "bfloat16"): their bits, and a mask of the values too near a
    midpoint for the model to decide. A value on a midpoint is decided only where it is
    exact (`exact`), or where the value it stands for is known to lie just below it
    (`below`: it is then rounded down)."""
    v = np.asarray(v, LD)
    exact = np.zeros(v.shape, bool) if exact is None else exact
    below = np.zeros(v.shape, bool) if below is None else below
    bits = BITS[dtype][0]
    if dtype == "bfloat16":
        t = f32_to_bf16(v.astype(np.float32)).astype(np.int64)
        cands = [np.clip(t + d, 0, 0xFFFF).astype(np.uint16) for d in (-1, 0, 1)]
        values = [bf16_values(c).astype(LD) for c in cands]
    else:
        with np.errstate(all="ignore"):
            t = v.astype(dtype)
            cands = [np.nextafter(t, np.array(-np.inf, dtype)), t,
                     np.nextafter(t, np.array(np.inf, dtype))]
        values = [c.astype(LD) for c in cands]
        cands = [c.view(bits) for c in cands]
        t = t.view(bits)
    # half an ulp past the largest value or more: infinite (the largest is odd)
    if dtype == "bfloat16":
        top = LD(float(bf16_values(np.uint16(0x7F7F)))) + LD(2) ** 119
    else:
        largest = np.finfo(dtype).max
        below_largest = np.nextafter(largest, largest.dtype.type(0))
        top = LD(largest) + (LD(largest) - LD(below_largest)) / 2
    width = np.dtype(bits).itemsize * 8
    sign = bits(1 << (width - 1))
    infinity = bits(INFINITY[dtype]) | np.where(v < 0, sign, bits(0))
    overflow = np.isfinite(v) & (np.abs(v) >= top)
    # just below 0: a tiny negative value rounds to -0
    negative_zero = below & (v == 0)
    decide = np.isfinite(v) & (v != 0) & ~overflow
    with np.errstate(invalid="ignore"):
        dist = np.stack([np.where(decide, np.abs(c - v), 0) for c in values])
    near = np.sort(dist, axis=0)
    best = np.argmin(dist, axis=0)
    choice = np.stack(cands)
    pick = np.take_along_axis(choice, best[None], 0)[0]
    tie = decide & (near[0] == near[1])
    for k in range(3):
        nearest = dist[k] == near[0]
        even = nearest & (choice[k] & 1 == 0)  # an exact tie goes to the even one
        pick = np.where(tie & exact & even, choice[k], pick)
        lower = nearest & (values[k] < v)  # just below a midpoint: the lower one
        pick = np.where(tie & below & lower, choice[k], pick)
    ambiguous = decide & (near[1] - near[0] <= near[1] * LD(2) ** -56) & ~(
        tie & (exact | below))
    result = np.where(decide, pick, t).astype(bits)
    result = np.where(overflow, infinity, result)
    result = np.where(negative_zero, sign, result)
    return result.astype(bits), ambiguous


class Model:
    """name ("softmax", "log_softmax", "hardmax") of x along axis: .bits, the expected
    result's bits in C order; .exact, the long double values (NaN where a row rule or
    Hardmax decides); .ambiguous, where the model cannot decide the rounding. x is a
    float array, or for dtype="bfloat16" its uint16 bits."""

    def __init__(self, name, x, axis=-1, dtype=None):
        dtype = dtype or x.dtype.name
        bits, quiet, default, one = BITS[dtype]
        values = bf16_values(x) if dtype == "bfloat16" else np.asarray(x)
        raw = np.asarray(x) if dtype == "bfloat16" else np.asarray(x).view(bits)
        axes = row_axes(x.ndim, axis)
        order = [i for i in range(x.ndim) if i not in axes] + axes
        length = int(np.prod([x.shape[a] for a in axes]))
        vt = np.ascontiguousarray(np.transpose(values, order)).reshape(-1, length)
        rt = np.ascontiguousarray(np.transpose(raw, order)).reshape(-1, length)
        out = np.zeros(rt.shape, bits)
        exact = np.full(rt.shape, np.nan, LD)
        ambiguous = np.zeros(rt.shape, bool)
        for i, row in enumerate(vt):
            if name == "hardmax":
                out[i, int(np.argmax(row))] = one
                continue
            nan = np.flatnonzero(np.isnan(row))
            if nan.size:
                out[i] = int(rt[i, nan[0]]) | quiet
                continue
            if np.any(row == np.inf) or np.all(row == -np.inf):
                out[i] = default
                continue
            w = row.astype(LD)
            first = int(np.argmax(w))
            d = w - w[first]
            e = np.exp(d)
            rest = np.delete(e, first).sum()  # e[first] is exactly 1
            with np.errstate(invalid="ignore"):  # -inf elements
                d_exact = (d + w[first] == w) & (w - d == w[first])
            if name == "softmax":
                exact[i] = e / (LD(1) + rest)
                out[i], ambiguous[i] = round_once(exact[i], dtype)
            else:
                exact[i] = d - np.log1p(rest)
                # log(sum) is above 0 when another element is finite (e^d > 0 even where
                # it underflows here): where it is lost beside d, the value is just below
                others = bool(np.isfinite(np.delete(w, first)).any())
                out[i], ambiguous[i] = round_once(
                    exact[i], dtype, exact=d_exact & (not others),
                    below=d_exact & others & (exact[i] == d))
        back = np.argsort(order)
        shape_t = tuple(x.shape[a] for a in order)
        self.bits = np.ascontiguousarray(np.transpose(out.reshape(shape_t), back))
        self.exact = np.ascontiguousarray(np.transpose(exact.reshape(shape_t), back))
        self.ambiguous = np.ascontiguousarray(np.transpose(ambiguous.reshape(shape_t), back))
        self.dtype = dtype

    def check(self, got_bits):
        """got_bits (C order, the dtype's bits) against the model: the same bits except
        where the rounding is undecided here, and for float64 within 1 ulp of the exact
        value (the library's bound for binary64); NaN bits exactly."""
        got_bits = np.ascontiguousarray(got_bits)
        assert got_bits.shape == self.bits.shape and got_bits.dtype == self.bits.dtype
        values = ~np.isnan(self.exact)
        if self.dtype == "float64":
            same = got_bits == self.bits
            got = got_bits.view(np.float64).astype(LD)
            with np.errstate(invalid="ignore"):
                off = np.abs(got - self.exact)
                ulp = np.spacing(np.abs(got_bits.view(np.float64))).astype(LD)
            close = values & (off < ulp) if PRECISE else values & (off <= 2 * ulp)
            bad = ~(same | close)
        else:
            bad = got_bits != self.bits
            if not PRECISE:
                bad &= ~values
            bad &= ~self.ambiguous
            # undecided here: one of the two neighbours
            one_step = np.abs(got_bits.astype(np.int64) - self.bits.astype(np.int64)) <= 1
            bad |= self.ambiguous & ~one_step
        if bad.any():
            where = np.argwhere(bad)[:5]
            raise AssertionError(
                f"{int(bad.sum())} of {bad.size} results differ from the model; first at "
                f"{[tuple(w) for w in where]}: got "
                f"{[hex(int(got_bits[tuple(w)])) for w in where]}, expected "
                f"{[hex(int(self.bits[tuple(w)])) for w in where]}")
