/* asinh and acosh (cr_asinh.h). u = 2^-53. Both are logarithms of a + sqrt(a^2 +- 1),
   written so that nothing cancels: near 0 (asinh) and near 1 (acosh) as log1p of a small
   argument formed without subtracting close values.

   asinh(a), a > 0:
   - fast, a <= 0.75: log1p_fast(t), t = a + a^2 / (1 + sqrt(1 + a^2)) in [0, 1]. a^2: u;
     1 + a^2: 2u; its sqrt u + u = 2u; 1 + that 3u; the quotient u + 3u + u = 5u; t, a sum
     of positive terms, 6u. log1p's condition number t / ((1 + t) log1p(t)) is at most 1,
     so t's error adds 6u to log1p_fast's 35u: 41u, below 41.2u with second-order terms.
   - fast, a > 0.75: log_fast(a + sqrt(a^2 + 1)) (2^-49 = 16u). The argument (>= 2): a^2 u,
     + 1 2u, sqrt 2u, + a 3u; that is 3u absolute in the log, 3u / log 2 = 4.4u relative:
     20.4u.
   - accurate: the same t in double-double, a^2 exact (two_prod), + 1 (2^-102), dd_sqrt
     (2^-102 and half of 2^-102), + 1 (2^-102 more), quotient (2^-100), + a: t within
     2^-98.6; log1p_dd (2^-99) with condition <= 1: below 2^-97.8.
   - a > 2^500 (binary64 only): log(a) + log 2 + 1/(4a^2) - ..., the rest below 2^-1000.

   acosh(x), x > 1, d = x - 1 (exact for x <= 2, Sterbenz):
   - fast, x <= 1.25: log1p_fast(t), t = d + sqrt(d (2 + d)) in [0, 1] (x^2 - 1 = d (2 + d)
     without cancellation). 2 + d u, the product 2u, sqrt 2u, + d 3u: 3u + 35u = 38u, below
     38.2u with second-order terms.
   - fast, x > 1.25: log_fast(x + sqrt(x^2 - 1)). x^2 u; - 1 loses x^2 / (x^2 - 1) <= 2.78
     of it: 2.78u + u; sqrt 1.9u + u; + x 3.9u; absolute in the log, / log 2 (the argument
     is >= 2): 5.7u; with log_fast's 16u: 21.7u.
   - accurate, x <= 2: t = d + sqrt(2d + d^2) in double-double (2d + d^2 within 2^-102, the
     sqrt 2^-101.4, the sum 2^-101), log1p_dd: below 2^-98.
     x > 2: log_dd(x + sqrt(x^2 - 1)): x^2 exact, - 1 (2^-102, relative to x^2 - 1), sqrt
     (2^-101.4), + x (2^-101), log_dd 2^-99 with condition 1 / log(x + ...) < 0.77: below
     2^-98.
   - x > 2^500 (binary64 only): log(x) + log 2 - 1/(4x^2) ..., the rest below 2^-1000.
   Results: asinh of a format's values above 2^-28 and acosh's above 1 are far from
   underflow (asinh(x) > 2^-29, acosh(1 + 2^-52) > 2^-26), so no subnormal results. */
#include "numeric/cr_asinh.h"

#include <math.h>

#include "numeric/cr_log.h"
#include "numeric/cr_round.h"

#define LN2_HI 0x1.62e42fefa39efp-1
#define LN2_LO 0x1.abc9e3b39803fp-56

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

double dmlp__asinh_fast(double a)
{
    double a2 = a * a;
    if (a <= 0.75)
        return dmlp__log1p_fast(a + a2 / (1.0 + sqrt(1.0 + a2)));
    return dmlp__log_fast(a + sqrt(a2 + 1.0));
}

double dmlp__acosh_fast(double x)
{
    if (x <= 1.25) {
        double d = x - 1.0;
        return dmlp__log1p_fast(d + sqrt(d * (2.0 + d)));
    }
    return dmlp__log_fast(x + sqrt(x * x - 1.0));
}

dmlp__dd dmlp__asinh_dd(double a)
{
    dmlp__dd a2 = dmlp__two_prod(a, a);
    dmlp__dd s = dmlp__dd_sqrt(dmlp__dd_add_d(a2, 1.0));
    dmlp__dd t = dmlp__dd_add_d(dmlp__dd_div(a2, dmlp__dd_add_d(s, 1.0)), a);
    return dmlp__log1p_dd(t);
}

dmlp__dd dmlp__acosh_dd(double x)
{
    if (x <= 2.0) {
        double d = x - 1.0;
        dmlp__dd v = dmlp__dd_add_d(dmlp__two_prod(d, d), 2.0 * d);
        return dmlp__log1p_dd(dmlp__dd_add_d(dmlp__dd_sqrt(v), d));
    }
    dmlp__dd v = dmlp__dd_add_d(dmlp__two_prod(x, x), -1.0);
    return dmlp__log_dd(dmlp__dd_add_d(dmlp__dd_sqrt(v), x));
}

/* log(2a) for a > 2^500, where the rest of asinh and acosh is below 2^-1000. */
static double log_twice(double a)
{
    dmlp__dd l = dmlp__log_dd((dmlp__dd){a, 0});
    l = dmlp__dd_add(l, (dmlp__dd){LN2_HI, LN2_LO});
    return l.hi + l.lo;
}

uint32_t dmlp__cr_asinh_narrow(double x, int frac, int exp)
{
    double a = fabs(x);
    if (isnan(x) || x == 0 || isinf(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    uint32_t out, sign = x < 0 ? 1u << (frac + exp) : 0;
    if (a > 0x1p500) /* beyond every narrow format: for completeness */
        return dmlp__round_f64_to_format(log_twice(a), frac, exp) | sign;
    if (dmlp__round_decided(dmlp__asinh_fast(a), DMLP__ASINH_FAST_STEPS, frac, exp, &out))
        return out | sign;
    return dmlp__round_dd_to_format(dmlp__asinh_dd(a), frac, exp) | sign;
}

uint32_t dmlp__cr_acosh_narrow(double x, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    if (x < 1.0)
        return default_nan(frac, exp);
    if (x == 1.0 || isinf(x))
        return dmlp__round_f64_to_format(x == 1.0 ? 0.0 : x, frac, exp);
    if (x > 0x1p500)
        return dmlp__round_f64_to_format(log_twice(x), frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__acosh_fast(x), DMLP__ACOSH_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__acosh_dd(x), frac, exp);
}

double dmlp__cr_asinh_f64(double x)
{
    double a = fabs(x);
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    if (a < 0x1p-28 || isinf(x)) /* x (1 - x^2/6 ...), x^2/6 < 2^-58: rounds to x */
        return x;
    if (a > 0x1p500)
        return copysign(log_twice(a), x);
    dmlp__dd r = dmlp__asinh_dd(a);
    return copysign(r.hi + r.lo, x);
}

double dmlp__cr_acosh_f64(double x)
{
    if (isnan(x))
        return x + x;
    if (x < 1.0)
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    if (x == 1.0 || isinf(x))
        return x == 1.0 ? 0.0 : x;
    if (x > 0x1p500)
        return log_twice(x);
    dmlp__dd r = dmlp__acosh_dd(x);
    return r.hi + r.lo;
}
