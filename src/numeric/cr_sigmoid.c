/* The logistic sigmoid and Swish (cr_sigmoid.h), on the exponential's evaluations
   (cr_exp.h).

   Fast path, binary64: e = exp_fast(-t) = E (1 + a), |a| < 1.05 u (u = 2^-53, E = e^-t);
   d = 1 + e rounded, which differs from 1 + E by the factor (1 + a E / (1 + E))(1 + b),
   |b| <= u, and E / (1 + E) < 1; y = 1 / d rounded (1 + c), |c| <= u. So y is within
   1.05 u + 2 u plus second-order terms of sigmoid(t): below 3.1 u. Swish multiplies by x
   (one more rounding): below 4.1 u.

   Accurate path, double-double: exp_dd(-t) (2^-100), plus 1 (dd_add_d, 2^-102, and the
   error of e^-t does not grow: it is at most the same fraction of 1 + e^-t), 1 over that
   (dd_div, 2^-100): below 2^-98.9. Swish's product with x (dd_mul_d, 2^-102): below
   2^-98.7. */
#include "numeric/cr_sigmoid.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_exp_tables.h"
#include "numeric/cr_round.h"

#define SWISH_FAST_STEPS 9 /* 4.1 u: 8.2 steps */

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

double dmlp__sigmoid_fast(double t)
{
    return 1.0 / (1.0 + dmlp__exp_fast(-t));
}

dmlp__dd dmlp__sigmoid_dd(dmlp__dd t)
{
    dmlp__dd e = dmlp__exp_dd((dmlp__dd){-t.hi, -t.lo});
    return dmlp__dd_div((dmlp__dd){1.0, 0}, dmlp__dd_add_d(e, 1.0));
}

uint32_t dmlp__cr_sigmoid_narrow(double t, int frac, int exp)
{
    if (isnan(t))
        return dmlp__round_f64_to_format(t, frac, exp);
    if (t <= -104.0) /* sigmoid(t) < e^t < 2^-150: below half of every least subnormal */
        return 0;
    if (t >= 40.0) /* 1 - sigmoid(t) < e^-t < 2^-57: 1 in every narrow format */
        return dmlp__round_f64_to_format(1.0, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__sigmoid_fast(t), DMLP__SIGMOID_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__sigmoid_dd((dmlp__dd){t, 0}), frac, exp);
}

double dmlp__cr_sigmoid_f64(double t)
{
    if (isnan(t))
        return t + t; /* quiet, payload kept */
    if (t >= 40.0)
        return 1.0;
    if (t < -600.0) /* sigmoid(t) = e^t (1 - e^t + ...): e^t to 2^-865 */
        return dmlp__cr_exp_f64(t);
    dmlp__dd y = dmlp__sigmoid_dd((dmlp__dd){t, 0});
    return y.hi + y.lo;
}

uint32_t dmlp__cr_swish_narrow(double x, double s, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    double t = s * x; /* exact: two binary32 significands */
    if (!(t > -708.0 && t < 40.0)) {
        /* sigmoid(t) is 1 (t >= 40: x (1 - below 2^-57) rounds to x), +0 (t <= -708:
           |x| < 2^128 times below 2^-1021), or t is NaN; products by IEEE's rules */
        double y = x * (t >= 40.0 ? 1.0 : t <= -708.0 ? 0.0 : t);
        return isnan(y) ? default_nan(frac, exp) : dmlp__round_f64_to_format(y, frac, exp);
    }
    if (x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    double y = x * dmlp__sigmoid_fast(t);
    if (fabs(y) < 0x1p-200) /* the exact value too lies below 2^-150: a signed zero */
        return dmlp__round_f64_to_format(copysign(0.0, x), frac, exp);
    uint32_t out;
    if (dmlp__round_decided(y, SWISH_FAST_STEPS, frac, exp, &out))
        return out;
    dmlp__dd r = dmlp__dd_mul_d(dmlp__sigmoid_dd((dmlp__dd){t, 0}), x);
    return dmlp__round_dd_to_format(r, frac, exp);
}

static double pow2(int e) /* 2^e for e in [-1022, 1023] */
{
    return dmlp__f64_from_bits((uint64_t)(e + 1023) << 52);
}

/* (y.hi + y.lo) 2^e rounded once to binary64, subnormal results included, for y normal
   and e in [-1022, 0]. */
static double scaled_to_f64(dmlp__dd y, int e)
{
    y = dmlp__fast_two_sum(y.hi, y.lo);
    double sign = y.hi < 0 ? -1.0 : 1.0, hi = fabs(y.hi), lo = y.lo * sign;
    if (hi >= pow2(-1022 - e)) /* a normal result: hi is the rounding, scaled exactly */
        return sign * hi * pow2(e);
    /* In units of the least subnormal, hi's integer part and fraction are exact; lo
       (below half an ulp of hi) only decides an exact half. */
    double scaled = hi * pow2(e + 1074), n = floor(scaled), f = scaled - n;
    if (f > 0.5 || (f == 0.5 && (lo > 0 || (lo == 0 && fmod(n, 2.0) != 0))))
        n += 1;
    return sign * n * 0x1p-1074;
}

double dmlp__cr_swish_f64(double x, double s)
{
    if (isnan(x))
        return x + x;
    dmlp__dd t = dmlp__two_prod(s, x);
    if (!isfinite(t.hi) || t.hi >= 40.0) {
        double y = x * (t.hi >= 40.0 ? 1.0 : t.hi < 0 ? 0.0 : t.hi);
        return isnan(y) ? dmlp__f64_from_bits(0x7ff8000000000000u) : y;
    }
    if (x == 0)
        return x;
    if (t.hi >= -600.0) {
        dmlp__dd r = dmlp__dd_mul_d(dmlp__sigmoid_dd(t), x);
        return r.hi + r.lo;
    }
    /* sigmoid(t) = e^t to 2^-865. With |x| = m 2^k (m in [1/2, 1)), x e^t = m e^u 2^-600
       where u = t + (k + 600) ln 2 keeps e^u in exp_dd's range; ln 2 is 64 times the
       exponential's split ln2/64 = l1 + l2 + l3 (64 (k + 600) l1 exact: 17 + 32 bits). The
   sums err by 2^-102 |u| < 2^-92.6 absolute, which e^u turns into that much relative. */
    if (t.hi < -2000.0) /* |x| e^t < 2^1024 e^-2000: +-0 */
        return copysign(0.0, x);
    int k;
    double m = frexp(fabs(x), &k);
    double n = 64.0 * (k + 600);
    dmlp__dd u = dmlp__dd_add_d(dmlp__two_sum(t.hi, n * dmlp__exp_ln2_n[0]), t.lo);
    u = dmlp__dd_add(u, dmlp__two_prod(n, dmlp__exp_ln2_n[1]));
    u = dmlp__dd_add_d(u, n * dmlp__exp_ln2_n[2]);
    if (u.hi < -670.0) /* m e^u 2^-600 < 2^-1566 */
        return copysign(0.0, x);
    dmlp__dd r = dmlp__dd_mul_d(dmlp__exp_dd(u), m);
    return copysign(scaled_to_f64(r, -600), x);
}
