/* Internal: the exponential, correctly rounded (src/numeric/cr_exp.c; docs/accuracy.md).
   The evaluations other correctly rounded functions compose on (Sigmoid, Tanh, ELU,
   Softplus, Pow ...) come with their error bounds, relative to the exact value. */
#ifndef DMLP_NUMERIC_CR_EXP_H
#define DMLP_NUMERIC_CR_EXP_H

#include <stdint.h>

#include "numeric/double_double.h"
#include "numeric/fp_convert.h"

/* dmlp__exp_fast's bound as dmlp__round_decided steps: relative error below
   1.05 * 2^-53, and 4 steps cover 2^-52. */
#define DMLP__EXP_FAST_STEPS 4

/* e^x for binary64 x in [-708, 709] (normal results): relative error below 1.05 * 2^-53.
   Outside that range the result is not specified. */
double dmlp__exp_fast(double x);

/* e^x for a double-double x, x.hi in [-670, 709.7]: relative error below 2^-100. Larger
   x gives +inf, a NaN NaN, x.hi below -746 +0; between, the low part loses bits to
   underflow (results below 2^-969; the caller that needs those scales them itself, as
   dmlp__cr_exp_f64 does, or takes dmlp__exp_dd_scaled). */
dmlp__dd dmlp__exp_dd(dmlp__dd x);

/* dmlp__expm1_fast's bound as dmlp__round_decided steps: relative error below 2^-50. */
#define DMLP__EXPM1_FAST_STEPS 16

/* e^x - 1 for a normalised double-double x, x.hi in [-inf, 709]: relative error below
   2^-50 (x.hi below -708 gives -1, within 2^-1000 of the exact value). */
double dmlp__expm1_fast(dmlp__dd x);

/* e^x = (the result) * 2^(*scale) for a double-double x with |x.hi| < 20000, the result
   in [2^(-1/128), 2^(1+1/128)] within 2^-100: for a caller that multiplies it further, so
   that a product near the subnormal range rounds once (dmlp__exp_scale_dd). */
dmlp__dd dmlp__exp_dd_scaled(dmlp__dd x, int *scale);

/* 2^e as a double, for -1022 <= e <= 1023. */
static inline double dmlp__exp_pow2(int e)
{
    return dmlp__f64_from_bits((uint64_t)(e + 1023) << 52);
}

/* v * 2^e (e >= -2000): exact in the normal range; below it hi is rounded once and the
   low part dropped. */
static inline dmlp__dd dmlp__exp_scale_dd(dmlp__dd v, int e)
{
    if (e >= -1022)
        return (dmlp__dd){v.hi * dmlp__exp_pow2(e), v.lo * dmlp__exp_pow2(e)};
    return (dmlp__dd){v.hi * dmlp__exp_pow2(e + 600) * dmlp__exp_pow2(-600), 0};
}

/* e^x - 1 for a double-double x, x.hi <= 709.7: relative error below 2^-92 (a Taylor
   series below |x| = 2^-7.5, where subtracting 1 would cancel; e^x - 1 above). */
dmlp__dd dmlp__expm1_dd(dmlp__dd x);

/* e^x rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT,
   DMLP__F16_FORMAT, DMLP__BF16_FORMAT of numeric/cr_round.h), for every binary64 x: +inf
   and overflow give +inf, -inf and underflow +0 or a correctly rounded subnormal, a NaN
   comes back quiet with its payload. */
uint32_t dmlp__cr_exp_narrow(double x, int frac, int exp);

/* e^x in binary64: the double-double evaluation rounded once (subnormal results
   included), so within 0.5 ULP + 2^-100 relative of the exact value: correctly rounded
   unless the exact value lies within 2^-100 of a midpoint. */
double dmlp__cr_exp_f64(double x);

#endif
