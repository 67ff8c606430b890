/* x^y, correctly rounded (cr_pow.h): |x|^y = e^(y log|x|) on the logarithm and the
   exponential of cr_log.c and cr_exp.c, after the special cases and the exact ones.

   Exact results and midpoints. No approximation, however close, decides the rounding of
   a value that IS a number of the format or a midpoint between two: these are found
   first and computed exactly. For x = m 2^e (m odd) and y = n 2^-F (n odd, F >= 0, or y
   an integer), both values of binary32, x^y is a number or a midpoint of a format of p
   bits (p <= 24, so a midpoint has at most 25) only if it is a dyadic rational whose odd
   part has at most 25 bits. Now x^y = m^(n/2^F) 2^(e n/2^F). m^(n/2^F), n odd, is
   rational only if m is a perfect 2^F-th power, m = k^(2^F) (k odd); then x^y = k^n
   2^(e n/2^F), and 2^(e n/2^F) is rational only if 2^F divides e (n odd). k^n is dyadic
   only if n >= 0 or k = 1. So the cases are:
   - m = 1 (x a power of two) with e y an integer: x^y = 2^(e y);
   - m > 1, y > 0, m = k^(2^F), 2^F | e, k^n < 2^26 (the odd part; k >= 3, so n <= 16,
     and m < 2^24 gives F <= 3): x^y = k^n 2^(e n/2^F), computed in integers.
   Everything else is irrational or has a longer odd part, and the evaluations decide it.
   Results beyond the formats' range are replaced by a value beyond it on the same side.

   Fast path (binary64, u = 2^-53). l = log_fast(|x|) within 2^-49 |log|x||, t = y l
   rounded: |t - T| <= (2^-49 + 2^-53 + 2^-102) |T| < 1.07 * 2^-49 |T|, T = y log|x|.
   exp_fast(t) = e^t (1 + d), |d| < 1.05 u, and e^t = e^T e^(t - T) with |e^(t-T) - 1| <
   1.0001 |t - T|: the relative error of the result is below 1.0702 * 2^-49 |t| (1 + 2^-40)
   + 1.06 u, which is below (34.3 |t| + 2.2) binary64 steps (2^-54 each): STEPS_PER_T and
   4 below. The path runs for -104.5 <= t <= 89.5 only: beyond, |T| differs from |t| by
   less than 2^-41 of itself, so x^y > e^89.49 > 2^129 overflows and x^y < e^-104.49 <
   2^-150.7 rounds to zero in every format.

   Accurate path (double-double). L = log_dd(|x|) within 2^-99, times y by dd_mul_d
   (2^-102): T within 2^-98.8 |T|; exp_dd_scaled within 2^-100. For |T| <= 104.5 the
   result is within 2^-92 of x^y (relative), for |T| <= 745.2 (binary64) within 2^-89.
   binary64 takes this path always. */
#include "numeric/cr_pow.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_log.h"
#include "numeric/cr_round.h"
#include "platform/compiler.h"

#define STEPS_PER_T 34.4

/* y's kind: 0 not an integer, 1 an even integer, 2 an odd integer (y finite). */
static int integer_kind(double y)
{
    uint64_t b = dmlp__f64_bits(y) & 0x7fffffffffffffffu;
    if (b == 0)
        return 1;
    if (b < 0x3ff0000000000000u) /* |y| < 1 */
        return 0;
    int ex = (int)(b >> 52) - 1075; /* |y| = M 2^ex */
    if (ex >= 1)
        return 1;
    uint64_t m = (b & 0x000fffffffffffffu) | 0x0010000000000000u;
    if (m & ((1ull << -ex) - 1))
        return 0;
    return (m >> -ex) & 1 ? 2 : 1;
}

/* The special cases of cr_pow.h for numbers x and y; 1 when decided (*out exact). */
static int special(double x, double y, int kind, double *out)
{
    if (y == 0 || x == 1) {
        *out = 1;
        return 1;
    }
    double ax = fabs(x);
    if (isinf(y)) {
        *out = ax == 1 ? 1 : (ax < 1) == (y < 0) ? INFINITY : 0;
        return 1;
    }
    if (x == 0 || isinf(x)) {
        double mag = (x == 0) == (y < 0) ? INFINITY : 0;
        *out = kind == 2 && signbit(x) ? -mag : mag;
        return 1;
    }
    if (x < 0 && kind == 0) {
        *out = NAN;
        return 1;
    }
    if (ax == 1) { /* x = -1, y a finite integer */
        *out = kind == 2 ? -1 : 1;
        return 1;
    }
    return 0;
}

/* v = M 2^ex with M odd, for a finite v != 0 (subnormals too). */
static uint64_t odd_split(double v, int *ex)
{
    uint64_t b = dmlp__f64_bits(v) & 0x7fffffffffffffffu;
    uint64_t m = b & 0x000fffffffffffffu;
    int biased = (int)(b >> 52);
    if (biased) {
        m |= 0x0010000000000000u;
        *ex = biased - 1075;
    } else {
        *ex = -1074;
    }
    int tz = dmlp__msb64(m & (0 - m));
    *ex += tz;
    return m >> tz;
}

/* An integer power k^n below 2^bits (bits <= 63), or 0 when it is not. */
static uint64_t small_power(uint64_t k, uint64_t n, int bits)
{
    uint64_t p = 1, limit = 1ull << bits;
    for (uint64_t i = 0; i < n; i++) {
        if (p > (limit - 1) / k)
            return 0;
        p *= k;
    }
    return p;
}

/* The header's exact cases: x^y = p 2^k exactly with p odd below 2^bits, for ax > 0 and
   y finite nonzero, ax != 1, ax's odd part below 2^53. An exponent beyond +-4096 stands
   for anything beyond the range on its side. 0 when x^y is not such a value. */
static int exact_power(double ax, double y, int bits, uint64_t *p, long *k)
{
    int e, g;
    uint64_t m = odd_split(ax, &e);
    uint64_t n = odd_split(y, &g); /* |y| = n 2^g */
    if (g < -11) /* 2^F | e with 0 < |e| < 1100, or m > 1 a 2^F-th power: F <= 11 */
        return 0;
    if (m == 1) { /* 2^(e y): exact when e y is an integer */
        if (g < 0 && (e & ((1 << -g) - 1)))
            return 0;
        *p = 1;
        if (g > 12 || n > 4096) /* |e y| >= 4096 (e != 0: x != 1) */
            *k = (e > 0) == (y > 0) ? 8192 : -8192;
        else
            *k = (g >= 0 ? e * (long)(n << g) : (e / (1 << -g)) * (long)n) * (y > 0 ? 1 : -1);
        return 1;
    }
    if (y < 0)
        return 0;
    uint64_t root = m;
    long shift = e;
    if (g >= 0) { /* an integer y = n 2^g */
        if (g > 6)
            return 0;
        n <<= g;
    } else { /* m = root^(2^F), F = -g, and 2^F | e */
        if (-g > 5 || (e & ((1 << -g) - 1)))
            return 0;
        for (int i = 0; i < -g; i++) {
            uint64_t r = (uint64_t)sqrt((double)root); /* exact for a square below 2^53 */
            if (r * r != root)
                return 0;
            root = r;
        }
        shift = e / (1 << -g);
    }
    if (n > 64)
        return 0;
    *p = small_power(root, n, bits);
    *k = shift * (long)n;
    return *p != 0;
}

/* p 2^k (p < 2^26) as a double, or a value beyond the narrow formats on its side. */
static double scaled(uint64_t p, long k)
{
    if (k > 200)
        return INFINITY;
    if (k < -300)
        return 0x1p-300;
    return (double)p * dmlp__exp_pow2((int)k);
}

/* |x|^y rounded once to the format: x != 0 finite, y finite nonzero, not a special. */
static uint32_t magnitude_narrow(double ax, double y, int frac, int exp)
{
    uint64_t p;
    long k;
    if (exact_power(ax, y, 26, &p, &k))
        return dmlp__round_f64_to_format(scaled(p, k), frac, exp);
    double t = y * dmlp__log_fast(ax);
    if (t > 89.5)
        return dmlp__round_f64_to_format(INFINITY, frac, exp);
    if (t < -104.5)
        return 0;
    uint32_t out;
    if (dmlp__round_decided(dmlp__exp_fast(t), (uint64_t)(fabs(t) * STEPS_PER_T) + 4, frac, exp,
                            &out))
        return out;
    int scale;
    dmlp__dd r = dmlp__exp_dd_scaled(dmlp__dd_mul_d(dmlp__log_dd((dmlp__dd){ax, 0}), y), &scale);
    return dmlp__round_dd_to_format(dmlp__exp_scale_dd(r, scale), frac, exp);
}

/* x^y for values of a narrow format (exact in binary64), neither a NaN. */
static uint32_t pow_narrow(double x, double y, int frac, int exp)
{
    int kind = integer_kind(y);
    double v;
    if (special(x, y, kind, &v))
        return dmlp__round_f64_to_format(v, frac, exp);
    uint32_t mag = magnitude_narrow(fabs(x), y, frac, exp);
    return x < 0 && kind == 2 ? mag | (1u << (frac + exp)) : mag;
}

/* A binary32 pattern as a double, on the bits (no dependence on DAZ). */
static double f32_value(uint32_t a)
{
    double sign = a >> 31 ? -1.0 : 1.0;
    a &= 0x7fffffffu;
    if (a < 0x00800000u)
        return sign * (double)a * 0x1p-149;
    if (a >= 0x7f800000u)
        return sign * INFINITY;
    return sign * dmlp__f64_from_bits((uint64_t)((a >> 23) + 896u) << 52 |
                                      (uint64_t)(a & 0x7fffffu) << 29);
}

/* A format as the special cases see its bits: frac and exp as DMLP__*_FORMAT gives them. */
typedef struct pow_format {
    int frac, exp;
    uint64_t magnitude, one, inf, quiet; /* all but the sign; 1.0; +inf; the quiet bit */
} pow_format;

static const pow_format f32_bits = {DMLP__F32_FORMAT, 0x7fffffffu, 0x3f800000u, 0x7f800000u,
                                    0x00400000u};
static const pow_format f16_bits = {DMLP__F16_FORMAT, 0x7fffu, 0x3c00u, 0x7c00u, 0x0200u};
static const pow_format bf16_bits = {DMLP__BF16_FORMAT, 0x7fffu, 0x3f80u, 0x7f80u, 0x0040u};
static const pow_format f64_bits = {52, 11, 0x7fffffffffffffffu, 0x3ff0000000000000u,
                                    0x7ff0000000000000u, 0x0008000000000000u};

/* The cases decided on the bits, x of format fx and y of fy, before any value: y = +-0 or
   x = 1 give 1 even beside a NaN (C99 and IEEE 754-2019 9.2.1); then a NaN x, made quiet;
   then a NaN y, made quiet and, when y's format is another, its sign and top payload bits
   in x's. Returns 1 with *out set when decided. */
static int pow_on_bits(uint64_t x, const pow_format *fx, uint64_t y, const pow_format *fy,
                       uint64_t *out)
{
    if ((y & fy->magnitude) == 0 || x == fx->one)
        *out = fx->one;
    else if ((x & fx->magnitude) > fx->inf)
        *out = x | fx->quiet;
    else if ((y & fy->magnitude) > fy->inf && fx == fy)
        *out = y | fx->quiet;
    else if ((y & fy->magnitude) > fy->inf) /* a narrow format's NaN through binary64 */
        *out = dmlp__round_f64_to_format(
            dmlp__f64_from_bits((y >> (fy->frac + fy->exp)) << 63 | 0x7ff8000000000000u |
                                (y & (fy->quiet - 1)) << (52 - fy->frac)),
            fx->frac, fx->exp);
    else
        return 0;
    return 1;
}

/* x^y for narrow formats, the values already exact doubles. */
static uint32_t pow_narrow_bits(uint64_t x, const pow_format *fx, double xd, uint64_t y,
                                const pow_format *fy, double yd)
{
    uint64_t out;
    if (pow_on_bits(x, fx, y, fy, &out))
        return (uint32_t)out;
    return pow_narrow(xd, yd, fx->frac, fx->exp);
}

uint32_t dmlp__pow_f32(uint32_t x, uint32_t y)
{
    return pow_narrow_bits(x, &f32_bits, f32_value(x), y, &f32_bits, f32_value(y));
}

uint16_t dmlp__pow_f16(uint16_t x, uint16_t y)
{
    return (uint16_t)pow_narrow_bits(x, &f16_bits, dmlp__f16_to_f32(x), y, &f16_bits,
                                     dmlp__f16_to_f32(y));
}

uint16_t dmlp__pow_bf16(uint16_t x, uint16_t y)
{
    return (uint16_t)pow_narrow_bits(x, &bf16_bits, f32_value((uint32_t)x << 16), y, &bf16_bits,
                                     f32_value((uint32_t)y << 16));
}

/* v 2^scale (v in [2^-1/128, 2^(1+1/128)] as exp_dd_scaled gives it) rounded once to
   binary64, subnormals included. */
static double dd_to_f64(dmlp__dd v, int scale)
{
    v = dmlp__fast_two_sum(v.hi, v.lo);
    if (scale > -1022 || (scale == -1022 && v.hi >= 1.0)) { /* normal: hi is the rounding */
        double half = dmlp__exp_pow2(scale / 2), rest = dmlp__exp_pow2(scale - scale / 2);
        return v.hi * half * rest;
    }
    if (scale < -1100)
        return 0;
    /* In units of the least subnormal hi's integer part and fraction are exact; lo only
       decides an exact half. */
    double s = v.hi * dmlp__exp_pow2(scale + 1074), n = floor(s), f = s - n;
    if (f > 0.5 || (f == 0.5 && (v.lo > 0 || (v.lo == 0 && fmod(n, 2.0) != 0))))
        n += 1;
    return n * 0x1p-1074;
}

/* p 2^k rounded once to binary64 (p odd, below 2^63), or 0 with *done 0 where one
   rounding is not assured (an odd part over 53 bits below the normal range). */
static double exact_f64(uint64_t p, long k, int *done)
{
    int top = dmlp__msb64(p);
    *done = 1;
    if (k + top >= 1024)
        return INFINITY;
    if (k + top >= -1022 && k >= -1022) /* a normal result: the conversion rounds once */
        return (double)p * dmlp__exp_pow2((int)k);
    if (k + top >= -1022) /* normal, 2^k not: scale in two exact steps */
        return (double)p * dmlp__exp_pow2((int)k + 128) * 0x1p-128;
    if (k + top < -1076) /* below a quarter of the least subnormal */
        return 0;
    if (top >= 53) {
        *done = 0;
        return 0;
    }
    /* p exact; one multiply rounds it into the subnormal range (p 2^(k + 128) is normal) */
    return (double)p * dmlp__exp_pow2((int)k + 128) * 0x1p-128;
}

/* |x|^y in binary64 for x finite nonzero, y finite nonzero, not a special case. */
static double magnitude_f64(double ax, double y)
{
    uint64_t p;
    long k;
    int done;
    if (exact_power(ax, y, 63, &p, &k)) {
        double v = exact_f64(p, k, &done);
        if (done)
            return v;
    }
    dmlp__dd l = dmlp__log_dd((dmlp__dd){ax, 0});
    double t0 = y * l.hi; /* may overflow: decided here, before the exact product */
    if (t0 > 710.0)
        return INFINITY;
    if (t0 < -746.0)
        return 0;
    dmlp__dd t = dmlp__dd_mul_d(l, y);
    if (t.hi > 709.8)
        return INFINITY;
    if (t.hi < -745.2) /* below 2^-1075.1 */
        return 0;
    int scale;
    dmlp__dd r = dmlp__exp_dd_scaled(t, &scale);
    return dd_to_f64(r, scale);
}

uint64_t dmlp__pow_f64(uint64_t x, uint64_t y)
{
    uint64_t out;
    if (pow_on_bits(x, &f64_bits, y, &f64_bits, &out))
        return out;
    double xd = dmlp__f64_from_bits(x), yd = dmlp__f64_from_bits(y), v;
    int kind = integer_kind(yd);
    if (special(xd, yd, kind, &v))
        return dmlp__f64_bits(v);
    double mag = magnitude_f64(fabs(xd), yd);
    return dmlp__f64_bits(xd < 0 && kind == 2 ? -mag : mag);
}

/* A 16-bit base to a binary32 exponent (CONSTANT_POW's float Exponent). */
uint16_t dmlp__pow_f16_by_f32(uint16_t x, uint32_t y)
{
    return (uint16_t)pow_narrow_bits(x, &f16_bits, dmlp__f16_to_f32(x), y, &f32_bits,
                                     f32_value(y));
}

uint16_t dmlp__pow_bf16_by_f32(uint16_t x, uint32_t y)
{
    return (uint16_t)pow_narrow_bits(x, &bf16_bits, f32_value((uint32_t)x << 16), y, &f32_bits,
                                     f32_value(y));
}
