/* The natural logarithm, correctly rounded (cr_log.h).

   Reduction. A positive normal double x is 2^k z with z in [0.6875, 1.375), read off the
   bits: subtracting the bits of 0.6875 leaves k in the exponent field and a piece index
   i in the top 7 fraction bits (tools/gen_log_tables.py, cr_log_tables.h). With the
   piece's c (20 significant bits, near 1/z) and L = -log(c) from the table,
       log x = k log 2 + L + log1p(r),   r = z c - 1,   |r| <= 2^-7.
   The two pieces that touch 1 have c = 1 and L = 0, so for x in [1 - 2^-8, 1 + 2^-7) the
   result is log1p(x - 1) alone, x - 1 exact (Sterbenz): relative accuracy near 1 without
   a special case. Everywhere else |log x| >= 2^-8 and the terms are bounded by the result:
   for k != 0, |log x| >= 0.318 and |log z| <= 0.375, so |k log 2| <= 2.2 |log x| and
   |L + log1p(r)| <= 1.03 |log x|; for k = 0, |L| <= 1.51 |log x| and |log1p(r)| <= 0.51
   |log x| (the worst pieces are the neighbours of the two c = 1 pieces).

   Fast path (binary64, u = 2^-53). log1p(r) = r + r^2 q(r), q the series' terms to r^8
   (truncation below |r|^8 / 9 < 2^-59 |r|); q = -1/2 + O(2^-7) is evaluated with relative
   error below 2u, r^2 q within 4u of itself and below 2^-8 |r|, so the sum is within
   1.04u of log1p(r); r = z c - 1 is exact for x of at most 33 bits (binary32 and the
   16-bit types, the operator's inputs: z c has at most 53 bits and lies in [1/2, 2]) and
   within u of itself in dmlp__log_fast (z c exact as a double-double, its high part
   minus 1 exact, one rounding when the low part is added), which adds u. Then
       y = (k LN2_HI42 + L.hi) + (p + (k LN2_LO42 + L.lo)),
   k LN2_HI42 exact (42-bit constant, |k| < 2^11). Each of the three remaining additions
   errs by at most u of its result; with the bounds above the total is below 4.2u |log x|
   (k = 0, c != 1: 1.51u + 2.1u * 0.51 + 0.51u + u), 2.1u elsewhere; the table's and
   log 2's lows add below 2^-90. So |y - log x| < 2^-50.9 |log x| < DMLP__LOG_FAST_ERR.

   Accurate path (double-double, every operation below 2^-102 relative by
   double_double.h). r is formed exactly (two_prod, the difference from 1 exact) and then
   one or two dd_adds of the exact products of x's lower parts: within 2^-101 of itself.
   log1p(r) = r P(r), P's terms to r^15 (truncation below |r|^15 / 16 < 2^-109): the terms
   from r^7 on in binary64 (their error, below 2^-55, is scaled by |r|^7 <= 2^-49), the
   rest by Horner in double-double, each step damping the earlier errors by |r| <= 2^-7:
   P within 1.3 * 2^-102, log1p(r) within 3.3 * 2^-102. k log 2 (log 2 to 2^-107) and L
   (to 2^-105) are added by two dd_adds; with the bounds above the total error is below
   4.6 * 2^-102 < 2^-99.7 of |log x| (k != 0), below 2.9 * 2^-102 for k = 0, and the c = 1
   pieces return log1p(r) itself. Hence 2^-99 in cr_log.h. */
#include "numeric/cr_log.h"

#include <math.h>

#include "numeric/cr_log_tables.h"
#include "numeric/cr_round.h"

#define BITS_0_6875 0x3fe6000000000000u

typedef struct reduced {
    int k, i;
    double z;
} reduced;

/* x positive, normal, finite. */
static inline reduced reduce(double x)
{
    uint64_t ix = dmlp__f64_bits(x);
    uint64_t tmp = ix - BITS_0_6875; /* wraps below 0.6875: k negative */
    reduced d;
    d.i = (int)((tmp >> 45) & 127u);
    d.k = (int)(tmp >> 52) - ((tmp >> 63) ? 4096 : 0);
    d.z = dmlp__f64_from_bits(ix - (tmp & 0xfff0000000000000u));
    return d;
}

static inline double log1p_fast(double r)
{
    double q = -1.0 / 8;
    q = 1.0 / 7 + r * q;
    q = -1.0 / 6 + r * q;
    q = 1.0 / 5 + r * q;
    q = -1.0 / 4 + r * q;
    q = 1.0 / 3 + r * q;
    q = -1.0 / 2 + r * q;
    return r + (r * r) * q;
}

static inline double combine_fast(int k, int i, double r)
{
    const double *t = dmlp__log_table[i];
    double p = log1p_fast(r);
    double hi = (double)k * DMLP__LOG_LN2_HI42 + t[1];
    double lo = (double)k * DMLP__LOG_LN2_LO42 + t[2];
    return hi + (p + lo);
}

double dmlp__log_fast(double x)
{
    int k = 0;
    if (x < 0x1p-1022) { /* subnormal: scaled exactly into the normal range */
        x *= 0x1p52;
        k = -52;
    }
    reduced d = reduce(x);
    dmlp__dd p = dmlp__two_prod(d.z, dmlp__log_table[d.i][0]);
    double r = (p.hi - 1.0) + p.lo; /* p.hi - 1 exact: one rounding */
    return combine_fast(d.k + k, d.i, r);
}

/* log(1 + e), e in [0, 1], u = 2^-53. 1 + e = h + l exactly (two_sum; h in [1, 2],
   |l| <= u), so log(1 + e) = log h + log1p(l / h) with |l / h| <= u. e <= u leaves h = 1,
   log h = 0 exactly (the c = 1 piece: r = 0), and the result e within e^2/2, u/2
   relative. Otherwise L = log(1 + e) >= u (1 - u/2), so |log h| <= L + u (1 + u) < 2.01 L:
   log_fast's 2^-49 |log h| is below 32.2 u L; l / h rounded errs by u^2 < 1.01 u L,
   log1p(l/h) - l/h by u^2 / 2 < 0.51 u L, the sum rounds once (u): below 34.8 u L. */
double dmlp__log1p_fast(double e)
{
    dmlp__dd s = dmlp__two_sum(1.0, e);
    return dmlp__log_fast(s.hi) + s.lo / s.hi;
}

/* log(1 + t) in binary64 for a double-double t >= 0 (|t.lo| <= u t.hi): Softmax's
   log1p of its row's sum, needed once a row. L below is log(1 + t), within
   DMLP__LOG1P_DD_FAST_ERR of the result.
   - t.hi < 2^-7: log1p_fast(t.hi) within 1.04u of log1p(t.hi) (t.hi exact, the c = 1
     piece's polynomial), plus t.lo for log1p(t.hi + t.lo) - log1p(t.hi), which is
     t.lo / (1 + t.hi) within t.lo^2: off by |t.lo| t.hi < 2^-7 u L; the sum rounds once
     (u). Below 2.1u L.
   - else 1 + t.hi = h + e exactly (two_sum), |e| <= u h and |t.lo| <= u h, so
     L = log h + log1p(c), c = (e + t.lo) / h, |c| <= 2u. c's two roundings and log1p(c)
     taken as c add below 6u^2; |log h| <= L + 2.01u, so log_fast's 2^-50.9 adds below
     4.29u L + 8.7u^2; the sum rounds once (u). L >= log(1 + 2^-7) > 2^-7.1, so the u^2
     terms are below 2^-41 u L: below 5.3u L in all. */
double dmlp__log1p_dd_fast(dmlp__dd t)
{
    if (t.hi < 0x1p-7)
        return log1p_fast(t.hi) + t.lo;
    dmlp__dd s = dmlp__two_sum(1.0, t.hi);
    return dmlp__log_fast(s.hi) + (s.lo + t.lo) / s.hi;
}

/* log1p(r) for |r| <= 2^-7 (a little more is fine), r a double-double. */
static dmlp__dd log1p_poly_dd(dmlp__dd r)
{
    double h = r.hi;
    double t = 1.0 / 15;
    t = -1.0 / 14 + h * t;
    t = 1.0 / 13 + h * t;
    t = -1.0 / 12 + h * t;
    t = 1.0 / 11 + h * t;
    t = -1.0 / 10 + h * t;
    t = 1.0 / 9 + h * t;
    t = -1.0 / 8 + h * t;
    dmlp__dd s = {t, 0.0};
    for (int n = 7; n >= 1; n--) {
        dmlp__dd c = {dmlp__log1p_coef[n - 1][0], dmlp__log1p_coef[n - 1][1]};
        s = dmlp__dd_add(c, dmlp__dd_mul(r, s));
    }
    return dmlp__dd_mul(r, s);
}

/* log(h + m + l): h > 0 leads (|m| and |l| below a few ulps of h). */
static dmlp__dd log_triple(double h, double m, double l)
{
    if (!(h > 0))
        return (dmlp__dd){h == 0 ? -INFINITY : NAN, 0.0};
    if (h == INFINITY)
        return (dmlp__dd){INFINITY, 0.0};
    int k = 0;
    if (h < 0x1p-1022) {
        h *= 0x1p54;
        m *= 0x1p54;
        l *= 0x1p54;
        k = -54;
    }
    reduced d = reduce(h);
    const double *t = dmlp__log_table[d.i];
    double c = t[0];
    dmlp__dd p = dmlp__two_prod(d.z, c);
    dmlp__dd r = dmlp__two_sum(p.hi - 1.0, p.lo);
    if (m != 0)
        r = dmlp__dd_add(r, dmlp__two_prod(ldexp(m, -d.k), c));
    if (l != 0)
        r = dmlp__dd_add(r, dmlp__two_prod(ldexp(l, -d.k), c));
    dmlp__dd y = log1p_poly_dd(r);
    k += d.k;
    if (k == 0 && c == 1.0)
        return y;
    dmlp__dd a = dmlp__dd_mul_d((dmlp__dd){DMLP__LOG_LN2_HI, DMLP__LOG_LN2_LO}, (double)k);
    dmlp__dd s = dmlp__dd_add(a, (dmlp__dd){t[1], t[2]});
    return dmlp__dd_add(s, y);
}

dmlp__dd dmlp__log_dd(dmlp__dd x)
{
    return log_triple(x.hi, x.lo, 0.0);
}

dmlp__dd dmlp__log1p_dd(dmlp__dd t)
{
    if (t.hi >= -0x1p-8 && t.hi < 0x1p-7) /* 1 + t in the pieces where c = 1: r = t */
        return log1p_poly_dd(t);
    if (t.hi == INFINITY)
        return t;
    dmlp__dd s = dmlp__two_sum(1.0, t.hi);
    dmlp__dd w = dmlp__two_sum(s.lo, t.lo);
    dmlp__dd h = dmlp__two_sum(s.hi, w.hi); /* 1 + t = h.hi + h.lo + w.lo exactly */
    return log_triple(h.hi, h.lo, w.lo);
}

/* A positive finite binary32 pattern as a double, on the bits (no dependence on DAZ). */
static inline double f32_positive(uint32_t a)
{
    if (a < 0x00800000u)
        return (double)a * 0x1p-149;
    uint64_t exponent = (uint64_t)((a >> 23) + 896u) << 52; /* rebiased from 127 to 1023 */
    return dmlp__f64_from_bits(exponent | ((uint64_t)(a & 0x7fffffu) << 29));
}

/* log x rounded once to the format; x positive, finite, not 1, at most 24 bits. */
static uint32_t round_log(double x, int frac, int exp)
{
    reduced d = reduce(x);
    double r = d.z * dmlp__log_table[d.i][0] - 1.0; /* exact: see the fast path above */
    uint32_t out;
    if (dmlp__round_decided(combine_fast(d.k, d.i, r), DMLP__LOG_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(log_triple(x, 0.0, 0.0), frac, exp);
}

uint32_t dmlp__log_f32(uint32_t x)
{
    uint32_t a = x & 0x7fffffffu;
    if (a > 0x7f800000u)
        return x | 0x00400000u;
    if (a == 0)
        return 0xff800000u;
    if (x >> 31)
        return 0x7fc00000u;
    if (x == 0x7f800000u)
        return x;
    if (x == 0x3f800000u)
        return 0;
    return round_log(f32_positive(x), DMLP__F32_FORMAT);
}

uint16_t dmlp__log_f16(uint16_t x)
{
    uint16_t a = x & 0x7fffu;
    if (a > 0x7c00u)
        return x | 0x0200u;
    if (a == 0)
        return 0xfc00u;
    if (x >> 15)
        return 0x7e00u;
    if (x == 0x7c00u)
        return x;
    if (x == 0x3c00u)
        return 0;
    return (uint16_t)round_log(f32_positive(dmlp__f32_bits(dmlp__f16_to_f32(x))), DMLP__F16_FORMAT);
}

uint16_t dmlp__log_bf16(uint16_t x)
{
    uint16_t a = x & 0x7fffu;
    if (a > 0x7f80u)
        return x | 0x0040u;
    if (a == 0)
        return 0xff80u;
    if (x >> 15)
        return 0x7fc0u;
    if (x == 0x7f80u)
        return x;
    if (x == 0x3f80u)
        return 0;
    return (uint16_t)round_log(f32_positive((uint32_t)x << 16), DMLP__BF16_FORMAT);
}

uint64_t dmlp__log_f64(uint64_t x)
{
    uint64_t a = x & 0x7fffffffffffffffu;
    if (a > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    if (a == 0)
        return 0xfff0000000000000u;
    if (x >> 63)
        return 0x7ff8000000000000u;
    if (x == 0x7ff0000000000000u || x == 0x3ff0000000000000u)
        return x == 0x3ff0000000000000u ? 0 : x;
    return dmlp__f64_bits(log_triple(dmlp__f64_from_bits(x), 0.0, 0.0).hi);
}
