/* Internal: the inverse hyperbolic sine and cosine, correctly rounded
   (src/numeric/cr_asinh.c; docs/accuracy.md), on the logarithm's evaluations (cr_log.h). */
#ifndef DMLP_NUMERIC_CR_ASINH_H
#define DMLP_NUMERIC_CR_ASINH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* The fast bounds as dmlp__round_decided steps: asinh below 41.2 * 2^-53 (83 steps),
   acosh below 38.2 * 2^-53 (77 steps). */
#define DMLP__ASINH_FAST_STEPS 84
#define DMLP__ACOSH_FAST_STEPS 78

/* asinh(a) for 0 < a <= 2^500, acosh(x) for 1 < x <= 2^500, in binary64. */
double dmlp__asinh_fast(double a);
double dmlp__acosh_fast(double x);

/* The same as double-doubles, relative error below 2^-96 (asinh) and 2^-97 (acosh). */
dmlp__dd dmlp__asinh_dd(double a);
dmlp__dd dmlp__acosh_dd(double x);

/* asinh(x), acosh(x) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ...
   of numeric/cr_round.h), for every binary64 x: asinh(+-0) = +-0, asinh(+-inf) = +-inf;
   acosh(1) = +0, acosh(+inf) = +inf, acosh(x < 1) (-inf and -0 too) the format's positive
   default quiet NaN; a NaN comes back quiet with its payload. */
uint32_t dmlp__cr_asinh_narrow(double x, int frac, int exp);
uint32_t dmlp__cr_acosh_narrow(double x, int frac, int exp);

/* The same in binary64: the double-double value rounded once, so within 0.5 ULP + 2^-96
   (asinh) or 2^-97 (acosh) relative of the exact value; |x| below 2^-28 gives
   asinh(x) = x, its rounding. */
double dmlp__cr_asinh_f64(double x);
double dmlp__cr_acosh_f64(double x);

#endif
