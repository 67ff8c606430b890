/* GELU (cr_gelu.h).

   Errors. z = |x|/sqrt2 as a double-double (1/sqrt2 within 2^-107, the product 2^-102):
   erfc's relative condition number at z is at most 2z^2 + 1, below 2^6 for z < 4, and
   from z = 4 on the exact square x^2/2 goes to exp and only the continued fraction sees
   z (condition below 1): z's error adds below 2^-95.
   Fast: erfc within 78u (u = 2^-53, cr_erf.c); x < 0: x/2 * erfc, one more rounding;
   x > 0: x - (x/2) erfc with (x/2) erfc <= x/2 <= the result, so erfc's error and the
   product's count at most once and the subtraction adds u: below 81u < 2^-46.
   Above x = 11.3 (z > 8) x/2 erfc(z) < 2^-96 x: the result is x within that.
   Accurate: erfc below 2^-93, the same operations in double-double (2^-101 each): below
   2^-92. */
#include "numeric/cr_gelu.h"

#include <math.h>

#include "numeric/cr_erf.h"
#include "numeric/cr_exp.h"
#include "numeric/cr_erf_tables.h"
#include "numeric/cr_round.h"

/* GELU is x within 2^-96 from here */
#define GELU_IS_X_FROM 11.3
/* |x/2 erfc(|x|/sqrt2)| < 2^-1075 below here (z > 27.3) */
#define GELU_ZERO_BELOW -38.7
/* and below 2^-290 here: zero in every narrow format */
#define GELU_NARROW_ZERO_BELOW -20.0

static dmlp__dd z_of(double x)
{
    dmlp__dd r = {DMLP__ERF_INV_SQRT2_HI, DMLP__ERF_INV_SQRT2_LO};
    return dmlp__dd_mul_d(r, fabs(x));
}

static dmlp__dd half_square(double x)
{
    dmlp__dd p = dmlp__two_prod(x, x);
    return (dmlp__dd){0.5 * p.hi, 0.5 * p.lo};
}

double dmlp__gelu_fast(double x)
{
    if (x >= GELU_IS_X_FROM)
        return x;
    dmlp__dd sq = half_square(x);
    double e = dmlp__erfc_fast(z_of(x), &sq);
    return x > 0 ? x - (0.5 * x) * e : (0.5 * x) * e;
}

dmlp__dd dmlp__gelu_dd(double x)
{
    if (x > -GELU_ZERO_BELOW) /* x/2 erfc below 2^-1075 */
        return (dmlp__dd){x, 0};
    if (x < GELU_ZERO_BELOW)
        return (dmlp__dd){-0.0, 0};
    dmlp__dd sq = half_square(x);
    int e;
    dmlp__dd r = dmlp__erfc_dd_scaled(z_of(x), &sq, &e);
    r = dmlp__exp_scale_dd(dmlp__dd_mul_d(r, 0.5 * x), e);
    return x > 0 ? dmlp__dd_add_d((dmlp__dd){-r.hi, -r.lo}, x) : r;
}

uint32_t dmlp__cr_gelu(double x, int frac, int exp)
{
    if (isnan(x) || x == 0 || x == INFINITY)
        return dmlp__round_f64_to_format(x, frac, exp);
    if (x < GELU_NARROW_ZERO_BELOW) /* -inf included */
        return dmlp__round_f64_to_format(-0.0, frac, exp);
    uint32_t out;
    if (dmlp__round_decided(dmlp__gelu_fast(x), DMLP__ERF_FAST_STEPS, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__gelu_dd(x), frac, exp);
}

double dmlp__cr_gelu_f64(double x)
{
    if (isnan(x) || x == 0 || x == INFINITY)
        return x + x;
    if (x == -INFINITY)
        return -0.0;
    if (fabs(x) < 0x1p-1000) {
        /* GELU(x) = x/2 + d, 0 < d < 2^-1000 |x|: x/2 unless halving is inexact (a tie
           below 2^-1022), which d breaks toward +inf */
        double h = 0.5 * x;
        if (2 * h < x) { /* h below the half: the next double up */
            uint64_t b = dmlp__f64_bits(h);
            h = h > 0 || (h == 0 && !(b >> 63)) ? dmlp__f64_from_bits(b + 1)
                                                 : dmlp__f64_from_bits(b - 1);
        }
        return h;
    }
    return dmlp__gelu_dd(x).hi;
}
