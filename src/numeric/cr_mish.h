/* Internal: Mish(x) = x tanh(ln(1 + e^x)), correctly rounded to binary32, binary16 and
   bfloat16 (DMLP_OPERATOR_ACTIVATION_MISH, src/ops/mish.c), over the exponential's
   evaluations (cr_exp.h).

   With n = e^x (e^x + 2), tanh(ln(1 + e^x)) = ((1 + e^x)^2 - 1) / ((1 + e^x)^2 + 1)
   = n / (n + 2), so Mish(x) = x n / (n + 2): sums of positive terms and products only,
   no cancellation for any x (very negative x: n ~ 2 e^x, Mish ~ x e^x; large x: the
   quotient tends to 1 from below). */
#ifndef DMLP_NUMERIC_CR_MISH_H
#define DMLP_NUMERIC_CR_MISH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__mish_fast's bound as dmlp__round_decided steps: relative error below 11.2 *
   2^-53, and 24 steps cover 12 * 2^-53. */
#define DMLP__MISH_FAST_STEPS 24

/* Mish of a binary64 x in (-700, 20]: relative error below 11.2 * 2^-53. */
double dmlp__mish_fast(double x);

/* Mish of x in [-600, 20] as a double-double: relative error below 2^-97. */
dmlp__dd dmlp__mish_dd(double x);

/* Mish of a double rounded once in the format, as its bits: NaN kept (quiet, payload),
   +-0 kept, +inf gives +inf, -inf gives -0 (the limit). */
uint32_t dmlp__cr_mish(double x, int frac, int exp);

/* Mish of a binary64: the double-double value rounded to nearest (within 0.5 ulp +
   2^-96 relative for results of at least 2^-969; within 1 ulp below). */
double dmlp__cr_mish_f64(double x);

#endif
