/* GELU's tanh form (cr_gelu_tanh.h): x / (1 + e^-v), v = 2c x (1 + a x^2), c = sqrt(2/pi),
   a = 0.044715 (both double-doubles within 2^-106, cr_gelu_tanh_tables.h).

   Errors (u = 2^-53). The result's relative condition number in v is
   |v| e^-v / (1 + e^-v) <= |v|, so v's relative error counts |v| times.
   Fast, binary64: x^2, a x^2 (a rounded: 3u), 1 + a x^2 (a x^2 >= 0, so its error stays
   a fraction: 4u), 2c x (2u) times that: v within 7u. e^-v within 1.05u + 7u |v|; 1 + e^-v
   adds u (and e^-v's error as a fraction); the quotient u: (7 |v| + 3.05) u plus
   second-order terms (|v| < 113 here: below 0.01u).
   Accurate, double-double: a x^2 (dd_mul 2^-102), 1 + (2^-102), times 2c (2^-102) and x
   (2^-102): v within 2^-99.8; exp_dd 2^-100 + 1.15 |v| 2^-100; 1 + e^-v 2^-102; dd_div
   2^-100: (2.25 + 1.15 |v|) 2^-100 in all.
   Far out: from x = 10, v > 87.3 and the result is x (1 - d), d < e^-v < 2^-125: x in
   every format. Up to x = -11, v < -112.5 and |result| < |x| e^v < 2^-158: -0 in the
   narrow formats (and it shrinks as x goes down: d/dx (ln|x| + v) > 0 there); up to
   x = -22, |result| < 2^-1100: -0 in binary64. Where v < -600 the result is
   x e^v (1 - e^v + ...): x e^v within 2^-865. Near 0 the result is
   x/2 + c x^2 / 2 + O(x^4): below |x| = 2^-60 those two terms are it within 2^-119. */
#include "numeric/cr_gelu_tanh.h"

#include <math.h>

#include "numeric/cr_exp.h"
#include "numeric/cr_gelu_tanh_tables.h"
#include "numeric/cr_round.h"

#define GELU_TANH_IS_X_FROM 10.0
#define GELU_TANH_NARROW_ZERO_BELOW -11.0
#define GELU_TANH_ZERO_BELOW -22.0
#define GELU_TANH_EXP_TAIL_BELOW -600.0
#define GELU_TANH_TINY 0x1p-60

static const dmlp__dd two_c = {DMLP__GELU_TANH_TWO_C_HI, DMLP__GELU_TANH_TWO_C_LO};
static const dmlp__dd a = {DMLP__GELU_TANH_A_HI, DMLP__GELU_TANH_A_LO};

double dmlp__gelu_tanh_fast(double x, uint64_t *steps)
{
    double w = 1.0 + DMLP__GELU_TANH_A_HI * (x * x);
    double v = (DMLP__GELU_TANH_TWO_C_HI * x) * w;
    /* (7 |v| + 3.05) u is 14 |v| + 6.1 steps; 15 |v| + 8 covers v's own error too */
    *steps = 8 + (uint64_t)(15.0 * fabs(v));
    return x / (1.0 + dmlp__exp_fast(-v));
}

static dmlp__dd v_of(double x)
{
    dmlp__dd w = dmlp__dd_add_d(dmlp__dd_mul(a, dmlp__two_prod(x, x)), 1.0);
    return dmlp__dd_mul_d(dmlp__dd_mul(two_c, w), x);
}

dmlp__dd dmlp__gelu_tanh_dd(double x)
{
    if (fabs(x) < GELU_TANH_TINY) /* x/2 exact (|x| >= 2^-1021), c x^2/2 far below it */
        return (dmlp__dd){0.5 * x, 0.5 * DMLP__GELU_TANH_C_HI * x * x};
    dmlp__dd v = v_of(x);
    dmlp__dd d = dmlp__dd_add_d(dmlp__exp_dd((dmlp__dd){-v.hi, -v.lo}), 1.0);
    return dmlp__dd_div((dmlp__dd){x, 0}, d);
}

uint32_t dmlp__cr_gelu_tanh(double x, int frac, int exp)
{
    if (isnan(x) || x == 0 || x >= GELU_TANH_IS_X_FROM) /* +inf included */
        return dmlp__round_f64_to_format(x, frac, exp);
    if (x <= GELU_TANH_NARROW_ZERO_BELOW) /* -inf included */
        return dmlp__round_f64_to_format(-0.0, frac, exp);
    uint32_t out;
    uint64_t steps;
    double y = dmlp__gelu_tanh_fast(x, &steps);
    if (dmlp__round_decided(y, steps, frac, exp, &out))
        return out;
    return dmlp__round_dd_to_format(dmlp__gelu_tanh_dd(x), frac, exp);
}

/* x/2 + d for 0 < d < 2^-1000 |x|: x/2 unless halving is inexact (a tie below 2^-1022),
   which d breaks toward +inf. */
static double half_tie_up(double x)
{
    double h = 0.5 * x;
    if (2 * h < x) { /* h below the half: the next double up */
        uint64_t b = dmlp__f64_bits(h);
        h = h > 0 || (h == 0 && !(b >> 63)) ? dmlp__f64_from_bits(b + 1)
                                             : dmlp__f64_from_bits(b - 1);
    }
    return h;
}

double dmlp__cr_gelu_tanh_f64(double x)
{
    if (isnan(x) || x == 0)
        return x + x; /* NaN made quiet, +-0 kept */
    if (x >= GELU_TANH_IS_X_FROM) /* +inf included */
        return x;
    if (x < GELU_TANH_ZERO_BELOW) /* -inf included */
        return -0.0;
    if (fabs(x) < 0x1p-1000)
        return half_tie_up(x);
    dmlp__dd v = v_of(x);
    if (v.hi < GELU_TANH_EXP_TAIL_BELOW) {
        /* x e^v = x r 2^k: the product scaled once into the subnormal range */
        int k;
        dmlp__dd r = dmlp__dd_mul_d(dmlp__exp_dd_scaled(v, &k), x);
        r = dmlp__exp_scale_dd(r, k);
        return r.hi + r.lo;
    }
    dmlp__dd y = dmlp__gelu_tanh_dd(x);
    return y.hi + y.lo;
}
