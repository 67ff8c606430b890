/* atanh (cr_atanh.h): atanh(a) = log1p(2a / (1 - a)) / 2 for 0 < a < 1, no cancellation at
   0 (log1p of a small argument) and none at 1 (1 - a is exact from a = 0.5 on, Sterbenz).
   u = 2^-53.
   - fast, a <= 1/3: log1p_fast(t), t = 2a / (1 - a) in [0, 1]: 1 - a u, the quotient u,
     so t within 2u; log1p's condition number is at most 1 here: 2u + 35u = 37u, below
     37.1u with second-order terms. The halving is exact.
   - fast, a > 1/3: log_fast((1 + a) / (1 - a)) / 2: the argument (>= 2) within 3u, so 3u
     absolute in the log, / log 2 = 4.4u relative, with log_fast's 16u: 20.4u.
   - accurate: 1 - a exactly as a double-double (two_sum), t by dd_div (2^-100), log1p_dd
     (2^-99) with condition <= 1: below 2^-98.4.
   Results of a format's values are never subnormal (atanh(a) > a). */
#include "numeric/cr_atanh.h"

#include <math.h>

#include "numeric/cr_log.h"
#include "numeric/cr_round.h"

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

double dmlp__atanh_fast(double a)
{
    if (a <= 1.0 / 3.0) /* 1/3 rounded down: t <= 1 */
        return 0.5 * dmlp__log1p_fast(2.0 * a / (1.0 - a));
    return 0.5 * dmlp__log_fast((1.0 + a) / (1.0 - a));
}

dmlp__dd dmlp__atanh_dd(double a)
{
    dmlp__dd t = dmlp__dd_div((dmlp__dd){2.0 * a, 0}, dmlp__two_sum(1.0, -a));
    dmlp__dd r = dmlp__log1p_dd(t);
    return (dmlp__dd){0.5 * r.hi, 0.5 * r.lo};
}

uint32_t dmlp__cr_atanh_narrow(double x, int frac, int exp)
{
    double a = fabs(x);
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    if (a > 1.0)
        return default_nan(frac, exp);
    if (a == 1.0)
        return dmlp__round_f64_to_format(copysign(INFINITY, x), frac, exp);
    uint32_t out, sign = x < 0 ? 1u << (frac + exp) : 0;
    if (dmlp__round_decided(dmlp__atanh_fast(a), DMLP__ATANH_FAST_STEPS, frac, exp, &out))
        return out | sign;
    return dmlp__round_dd_to_format(dmlp__atanh_dd(a), frac, exp) | sign;
}

double dmlp__cr_atanh_f64(double x)
{
    double a = fabs(x);
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    if (a > 1.0)
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    if (a == 1.0)
        return copysign(INFINITY, x);
    if (a < 0x1p-28) /* x (1 + x^2/3 ...), x^2/3 < 2^-57: rounds to x */
        return x;
    dmlp__dd r = dmlp__atanh_dd(a);
    return copysign(r.hi + r.lo, x);
}
