/* The hyperbolic tangent and ScaledTanh (cr_tanh.h), on the exponential's evaluations
   (cr_exp.h). u = 2^-53 below.

   Fast path, binary64, a = |x|:
   - a < 2^-5: the Taylor series x + x z P(z), z = x^2, to the x^13 term; the next term is
     below 1.5e-3 a^15, 2^-79 relative. z P(z) is at most a^2/3 (1.01) < 2^-11.5 and is
     computed within 4.2 u of itself (z: u; P: its last add u and the coefficients and
     inner terms, 2^-11 smaller, 0.2 u; the two products 2 u), so adds below 2^-9.5 u
     relative; the last sum rounds once (u): below 1.01 u in all.
   - 2^-5 <= a <= 354: e = exp_fast(2a) = E (1 + c), |c| < 1.05 u, E = e^2a; tanh(a) =
     (E - 1) / (E + 1). e - 1 is exact while e < 4 and rounds once beyond; its error
     relative to E - 1 is c E / (E - 1), and E / (E - 1) <= 1 / (1 - e^-1/16) < 16.6
     (17.4 u); e + 1 errs by c E / (E + 1) < 1.05 u and its rounding u; the quotient u:
     below 21.5 u in all (above a = 20, y is 1 and the exact value 1 - 2^-56.7 or closer).
   - a > 354: 1, within 2 e^-708.

   Accurate path, double-double: tanh(a) = m / (m + 2), m = expm1_dd(2a) (2^-92); m + 2 by
   dd_add_d (2^-102; the error of m there is a smaller fraction of m + 2 than of m); the
   quotient (dd_div, 2^-100): below 2^-90.9. Below a = 2^-30, a - a^3/3 (the next term is
   2^-122 relative); above a = 20, 1 - 2 e^-2a (the factor dropped, 1 / (1 + e^-2a), and
   e^-2a's error in binary64 are below 2^-108 of the whole). */
#include "numeric/cr_tanh.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_round.h"

#define SCALED_FAST_STEPS 46 /* tanh's 21.5 u and the product's u: 45 steps */

static uint32_t default_nan(int frac, int exp) /* the format's positive quiet NaN */
{
    return (((1u << exp) - 1u) << frac) | (1u << (frac - 1));
}

double dmlp__tanh_fast(double x)
{
    double a = fabs(x);
    if (a < 0x1p-5) {
        double z = x * x;
        double p = -1.0 / 3.0 +
                   z * (2.0 / 15.0 +
                        z * (-17.0 / 315.0 +
                             z * (62.0 / 2835.0 + z * (-1382.0 / 155925.0 + z * (21844.0 / 6081075.0)))));
        return x + x * (z * p);
    }
    if (a > 354.0)
        return copysign(1.0, x);
    double e = dmlp__exp_fast(2.0 * a);
    return copysign((e - 1.0) / (e + 1.0), x);
}

dmlp__dd dmlp__tanh_dd(dmlp__dd x)
{
    double sign = x.hi < 0 ? -1.0 : 1.0;
    dmlp__dd a = {x.hi * sign, x.lo * sign}, r;
    if (a.hi < 0x1p-30) {
        r = dmlp__dd_add_d(a, -(a.hi * a.hi * a.hi) / 3.0);
    } else if (a.hi > 20.0) {
        r = (dmlp__dd){1.0, a.hi > 354.0 ? 0.0 : -2.0 * dmlp__exp_fast(-2.0 * a.hi)};
    } else {
        dmlp__dd m = dmlp__expm1_dd((dmlp__dd){2.0 * a.hi, 2.0 * a.lo});
        r = dmlp__dd_div(m, dmlp__dd_add_d(m, 2.0));
    }
    return (dmlp__dd){r.hi * sign, r.lo * sign};
}

uint32_t dmlp__cr_tanh_narrow(double x, int frac, int exp)
{
    if (isnan(x) || x == 0)
        return dmlp__round_f64_to_format(x, frac, exp);
    if (fabs(x) >= 20.0) /* 1 - tanh(20) < 2^-56: +-1 in every narrow format */
        return dmlp__round_f64_to_format(copysign(1.0, x), frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__tanh_fast(x), DMLP__TANH_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__tanh_dd((dmlp__dd){x, 0}), frac, exp);
}

double dmlp__cr_tanh_f64(double x)
{
    if (isnan(x))
        return x + x; /* quiet, payload kept */
    double a = fabs(x);
    if (a < 0x1p-27) /* x (1 - x^2/3 ...), x^2/3 < 2^-55: rounds to x */
        return x;
    if (a >= 20.0)
        return copysign(1.0, x);
    dmlp__dd y = dmlp__tanh_dd((dmlp__dd){x, 0});
    return y.hi + y.lo;
}

/* alpha tanh(t) where t or alpha is 0 or infinite: IEEE's product with tanh's value. */
static double scaled_special(double alpha, double t)
{
    return alpha * (t == 0 ? t : copysign(1.0, t));
}

uint32_t dmlp__cr_scaled_tanh_narrow(double x, double alpha, double beta, int frac, int exp)
{
    if (isnan(x))
        return dmlp__round_f64_to_format(x, frac, exp);
    double t = beta * x; /* exact: two binary32 significands */
    if (isnan(t) || isnan(alpha))
        return default_nan(frac, exp);
    if (t == 0 || isinf(t) || alpha == 0 || isinf(alpha)) {
        double y = scaled_special(alpha, t);
        return isnan(y) ? default_nan(frac, exp) : dmlp__round_f64_to_format(y, frac, exp);
    }
    uint32_t out;
    if (dmlp__round_decided(alpha * dmlp__tanh_fast(t), SCALED_FAST_STEPS, frac, exp, &out))
        return out;
    dmlp__dd r = dmlp__dd_mul_d(dmlp__tanh_dd((dmlp__dd){t, 0}), alpha);
    return dmlp__round_dd_to_format(r, frac, exp);
}

double dmlp__cr_scaled_tanh_f64(double x, double alpha, double beta)
{
    if (isnan(x))
        return x + x;
    dmlp__dd t = dmlp__two_prod(beta, x);
    if (isnan(t.hi) || isnan(alpha))
        return dmlp__f64_from_bits(0x7ff8000000000000u);
    if (t.hi == 0 || isinf(t.hi) || alpha == 0 || isinf(alpha)) {
        double y = scaled_special(alpha, t.hi);
        return isnan(y) ? dmlp__f64_from_bits(0x7ff8000000000000u) : y;
    }
    dmlp__dd r = dmlp__dd_mul_d(dmlp__tanh_dd(t), alpha);
    return r.hi + r.lo;
}
