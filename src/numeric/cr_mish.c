/* Mish (cr_mish.h): x n / (n + 2) with n = t (t + 2), t = e^x.

   Errors (u = 2^-53). Fast, binary64: t = exp_fast(x) within 1.05u; t + 2 rounded: t's
   error enters as the fraction t / (t + 2) < 1 of it, plus u; n = t (t + 2) rounded: below
   1.05u + 2.05u + u = 4.1u; n + 2: n's error as a fraction, plus u: 5.1u; the quotient:
   4.1u + 5.1u + u = 10.2u; times x: 11.2u, second-order terms far below 0.1u.
   Accurate, double-double: exp_dd 2^-100, then dd_add_d, dd_mul, dd_add_d (2^-102 each,
   the sums of positive terms keep their operands' relative errors), dd_div (2^-100) and
   dd_mul_d (2^-102): 6.5 * 2^-100 < 2^-97.
   Far out: Mish(x) = x (1 - 2 / (n + 2)), 2 / (n + 2) < 2 e^-2x < 2^-56 from x = 20: x
   in every format, binary64 included (x (1 - d) rounds to x while d < 2^-54). Below
   x = -120, |Mish(x)| < |x| e^x < 2^-166: -0 in the narrow formats. Below -600,
   n / (n + 2) = e^x (1 - O(e^x)): Mish(x) = x e^x within 2^-865 relative. */
#include "numeric/cr_mish.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_round.h"

#define MISH_IS_X_FROM 20.0
#define MISH_NARROW_ZERO_BELOW -120.0
#define MISH_EXP_TAIL_BELOW -600.0
/* |x| e^x < 2^-1100 below here: -0 in binary64 */
#define MISH_ZERO_BELOW -800.0

double dmlp__mish_fast(double x)
{
    double t = dmlp__exp_fast(x);
    double n = t * (t + 2.0);
    return x * (n / (n + 2.0));
}

dmlp__dd dmlp__mish_dd(double x)
{
    dmlp__dd t = dmlp__exp_dd((dmlp__dd){x, 0});
    dmlp__dd n = dmlp__dd_mul(t, dmlp__dd_add_d(t, 2.0));
    dmlp__dd q = dmlp__dd_div(n, dmlp__dd_add_d(n, 2.0));
    return dmlp__dd_mul_d(q, x);
}

uint32_t dmlp__cr_mish(double x, int frac, int exp)
{
    if (isnan(x) || x == 0 || x >= MISH_IS_X_FROM) /* +inf included */
        return dmlp__round_f64_to_format(x, frac, exp);
    if (x <= MISH_NARROW_ZERO_BELOW) /* -inf included */
        return dmlp__round_f64_to_format(-0.0, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__mish_fast(x), DMLP__MISH_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__mish_dd(x), frac, exp);
}

double dmlp__cr_mish_f64(double x)
{
    if (isnan(x) || x == 0)
        return x + x; /* NaN made quiet, +-0 kept */
    if (x >= MISH_IS_X_FROM) /* +inf included */
        return x;
    if (x < MISH_ZERO_BELOW) /* -inf included */
        return -0.0;
    if (x < MISH_EXP_TAIL_BELOW) {
        /* x e^x = x r 2^k: the product scaled once into the subnormal range */
        int k;
        dmlp__dd r = dmlp__dd_mul_d(dmlp__exp_dd_scaled((dmlp__dd){x, 0}, &k), x);
        r = dmlp__exp_scale_dd(r, k);
        return r.hi + r.lo;
    }
    dmlp__dd y = dmlp__mish_dd(x);
    return y.hi + y.lo;
}
