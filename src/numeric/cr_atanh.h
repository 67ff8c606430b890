/* Internal: the inverse hyperbolic tangent, correctly rounded (src/numeric/cr_atanh.c;
   docs/accuracy.md), on the logarithm's evaluations (cr_log.h). */
#ifndef DMLP_NUMERIC_CR_ATANH_H
#define DMLP_NUMERIC_CR_ATANH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__atanh_fast's bound as dmlp__round_decided steps: relative error below
   37.1 * 2^-53 (75 steps). */
#define DMLP__ATANH_FAST_STEPS 76

/* atanh(a) for 0 < a < 1 in binary64, and as a double-double within 2^-98 relative. */
double dmlp__atanh_fast(double a);
dmlp__dd dmlp__atanh_dd(double a);

/* atanh(x) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ... of
   numeric/cr_round.h), for every binary64 x: +-0 gives +-0, +-1 +-inf, |x| > 1 (+-inf
   too) the format's positive default quiet NaN; a NaN comes back quiet with its payload. */
uint32_t dmlp__cr_atanh_narrow(double x, int frac, int exp);

/* The same in binary64: the double-double value rounded once, within 0.5 ULP + 2^-98
   relative of the exact value; |x| below 2^-28 gives x, its rounding. */
double dmlp__cr_atanh_f64(double x);

#endif
