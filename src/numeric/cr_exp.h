/* Internal: the exponential, correctly rounded (src/numeric/cr_exp.c; docs/accuracy.md).
   The evaluations other correctly rounded functions compose on (Sigmoid, Tanh, ELU,
   Softplus, Pow ...) come with their error bounds, relative to the exact value. */
#ifndef DMLP_NUMERIC_CR_EXP_H
#define DMLP_NUMERIC_CR_EXP_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__exp_fast's bound as dmlp__round_decided steps: relative error below
   1.05 * 2^-53, and 4 steps cover 2^-52. */
#define DMLP__EXP_FAST_STEPS 4

/* e^x for binary64 x in [-708, 709] (normal results): relative error below 1.05 * 2^-53.
   Outside that range the result is not specified. */
double dmlp__exp_fast(double x);

/* e^x for a double-double x, x.hi in [-670, 709.7]: relative error below 2^-100. Larger
   x gives +inf; smaller loses bits of the low part to underflow (results below 2^-969;
   the caller that needs those scales them itself, as dmlp__cr_exp_f64 does). */
dmlp__dd dmlp__exp_dd(dmlp__dd x);

/* dmlp__expm1_fast's bound as dmlp__round_decided steps: relative error below 2^-50. */
#define DMLP__EXPM1_FAST_STEPS 16

/* e^x - 1 for a normalised double-double x, x.hi in [-inf, 709]: relative error below
   2^-50 (x.hi below -708 gives -1, within 2^-1000 of the exact value). */
double dmlp__expm1_fast(dmlp__dd x);

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
