/* The hyperbolic sine and cosine (cr_sinh.h). u = 2^-53; a = |x| > 0 below. Every sum
   here adds two positive terms, so no step cancels: relative errors add, and a sum's
   error is at most the larger of its terms' plus its own rounding.

   sinh, fast path: m = expm1_fast(a) = M (1 + d), M = e^a - 1, |d| < 2^-50 = 8u (for tiny
   a as well: no cancellation at 0). sinh(a) = (M + M / (M + 1)) / 2 (e^-a = 1 - M/(M+1)).
   m + 1 errs by d M / (M + 1) < 8u and its rounding u: 9u; the quotient 8u + 9u + u =
   18u; the sum 18u + u = 19u; the halving is exact. Second-order terms stay below 0.1u:
   below 19.1u in all.

   cosh, fast path: e = exp_fast(a) = E (1 + c), |c| < 1.05u; 1/e errs by 1.05u and its
   rounding u; (e + 1/e) / 2: 2.05u + u = 3.05u, below 3.1u with second-order terms.

   Accurate paths, double-double (dd_add, dd_add_d below 2^-102, dd_div 2^-100):
   - sinh, a <= 40: m = expm1_dd(a) (2^-92); m + 1 (2^-92 + 2^-102); m / (m + 1)
     (2^-92 + 2^-92 + 2^-100); the sum: below 2^-90.9.
   - cosh, a <= 40: E = exp_dd(a) (2^-100); 1 / E (2^-100 + 2^-100); the sum: below 2^-98.4.
   - a > 40: both are e^a / 2 within a factor 1 +- e^-2a (below 2^-115): exp_dd (2^-100)
     or, for binary64's large results, exp_dd_scaled (2^-100) times 2^(k-1), exact.
   Overflow: binary64 results are the rounded e^a / 2 scaled by a power of two, which is
   +inf exactly when the rounded value is (no second rounding: scaling is exact);
   narrow formats overflow far below a = 100 (sinh(100) > 2^143). */
#include "numeric/cr_sinh.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_round.h"

double dmlp__sinh_fast(double a)
{
    double m = dmlp__expm1_fast((dmlp__dd){a, 0});
    return 0.5 * (m + m / (m + 1.0));
}

double dmlp__cosh_fast(double a)
{
    double e = dmlp__exp_fast(a);
    return 0.5 * (e + 1.0 / e);
}

dmlp__dd dmlp__sinh_dd(double a)
{
    dmlp__dd s;
    if (a > 40.0) {
        s = dmlp__exp_dd((dmlp__dd){a, 0});
    } else {
        dmlp__dd m = dmlp__expm1_dd((dmlp__dd){a, 0});
        s = dmlp__dd_add(m, dmlp__dd_div(m, dmlp__dd_add_d(m, 1.0)));
    }
    return (dmlp__dd){0.5 * s.hi, 0.5 * s.lo};
}

dmlp__dd dmlp__cosh_dd(double a)
{
    dmlp__dd e = dmlp__exp_dd((dmlp__dd){a, 0}), s = e;
    if (a <= 40.0)
        s = dmlp__dd_add(e, dmlp__dd_div((dmlp__dd){1.0, 0}, e));
    return (dmlp__dd){0.5 * s.hi, 0.5 * s.lo};
}

/* e^a / 2 in binary64 for a > 40, rounded once: overflow included. */
static double half_exp_f64(double a)
{
    if (a > 711.0)
        return INFINITY;
    int k;
    dmlp__dd e = dmlp__exp_dd_scaled((dmlp__dd){a, 0}, &k);
    /* e.hi + e.lo is in [0.99, 2.02]: rounded once, then scaled exactly by 2^(k-1) in two
       steps (k - 1 may reach 1024) */
    return (e.hi + e.lo) * dmlp__exp_pow2(k - 11) * dmlp__exp_pow2(10);
}

uint32_t dmlp__cr_sinh_narrow(double x, int frac, int exp)
{
    double a = fabs(x);
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    if (a >= 100.0) /* +-inf, and overflow in every narrow format */
        return dmlp__round_f64_to_format(copysign(INFINITY, x), frac, exp);
    uint32_t out, sign = x < 0 ? 1u << (frac + exp) : 0;
    if (dmlp__round_decided(dmlp__sinh_fast(a), DMLP__SINH_FAST_STEPS, frac, exp, &out))
        return out | sign;
    return dmlp__round_dd_to_format(dmlp__sinh_dd(a), frac, exp) | sign;
}

uint32_t dmlp__cr_cosh_narrow(double x, int frac, int exp)
{
    double a = fabs(x);
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    if (a == 0)
        return dmlp__round_f64_to_format(1.0, frac, exp);
    if (a >= 100.0)
        return dmlp__round_f64_to_format(INFINITY, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__cosh_fast(a), DMLP__COSH_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__cosh_dd(a), frac, exp);
}

double dmlp__cr_sinh_f64(double x)
{
    double a = fabs(x);
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    if (a < 0x1p-28) /* x (1 + x^2/6 ...), x^2/6 < 2^-58: rounds to x (+-0, subnormals) */
        return x;
    if (a > 40.0)
        return copysign(half_exp_f64(a), x);
    dmlp__dd s = dmlp__sinh_dd(a);
    return copysign(s.hi + s.lo, x);
}

double dmlp__cr_cosh_f64(double x)
{
    double a = fabs(x);
    if (isnan(x))
        return x + x;
    if (a < 0x1p-28) /* 1 + x^2/2, x^2/2 < 2^-57: 1 */
        return 1.0;
    if (a > 40.0)
        return half_exp_f64(a);
    dmlp__dd s = dmlp__cosh_dd(a);
    return s.hi + s.lo;
}
