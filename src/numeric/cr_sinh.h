/* Internal: the hyperbolic sine and cosine, correctly rounded (src/numeric/cr_sinh.c;
   docs/accuracy.md), on the exponential's evaluations (cr_exp.h). */
#ifndef DMLP_NUMERIC_CR_SINH_H
#define DMLP_NUMERIC_CR_SINH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__sinh_fast's bound as dmlp__round_decided steps: relative error below 19.1 * 2^-53
   (39 steps). */
#define DMLP__SINH_FAST_STEPS 40
/* dmlp__cosh_fast's: below 3.1 * 2^-53 (7 steps). */
#define DMLP__COSH_FAST_STEPS 8

/* sinh(a) and cosh(a) in binary64 for 0 < a <= 700. */
double dmlp__sinh_fast(double a);
double dmlp__cosh_fast(double a);

/* sinh(a) and cosh(a) as double-doubles for 0 < a <= 700: relative error below 2^-90
   (sinh) and 2^-98 (cosh). */
dmlp__dd dmlp__sinh_dd(double a);
dmlp__dd dmlp__cosh_dd(double a);

/* sinh(x), cosh(x) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ...
   of numeric/cr_round.h), for every binary64 x: sinh(+-0) = +-0, sinh(+-inf) = +-inf,
   cosh(+-0) = 1, cosh(+-inf) = +inf, overflow +-inf; a NaN comes back quiet with its
   payload. */
uint32_t dmlp__cr_sinh_narrow(double x, int frac, int exp);
uint32_t dmlp__cr_cosh_narrow(double x, int frac, int exp);

/* The same in binary64: the double-double value rounded once, so within 0.5 ULP + 2^-90
   (sinh) or 2^-98 (cosh) relative of the exact value, and +-inf from the exact overflow
   threshold on; |x| below 2^-28 gives sinh(x) = x, which is its rounding. */
double dmlp__cr_sinh_f64(double x);
double dmlp__cr_cosh_f64(double x);

#endif
