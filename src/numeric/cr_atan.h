/* Internal: the arctangent, arcsine, arccosine and two-argument arctangent, correctly
   rounded (src/numeric/cr_atan.c; docs/accuracy.md). All four are one angle: the
   argument of the point (x, y), atan(min/max) of a table-reduced ratio, then moved to its
   quadrant. */
#ifndef DMLP_NUMERIC_CR_ATAN_H
#define DMLP_NUMERIC_CR_ATAN_H

#include <stdint.h>

#include "numeric/double_double.h"

/* The fast paths' bound as dmlp__round_decided steps: relative error below 2^-49. */
#define DMLP__ATAN_FAST_STEPS 32

/* Binary64 evaluations, relative error below 2^-49, for arguments that are values of
   binary32 or a narrower format: atan2(y, x) for finite y, x not both zero; asin(x) and
   acos(x) for |x| <= 1. */
double dmlp__atan2_fast(double y, double x);
double dmlp__asin_fast(double x);
double dmlp__acos_fast(double x);

/* Double-double evaluations, relative error below 2^-95, for any finite binary64
   arguments (atan2: y, x not both zero and min(|y|, |x|) >= 2^-900 max(|y|, |x|);
   asin: |x| <= 1 and |x| >= 2^-900; acos: |x| <= 1). */
dmlp__dd dmlp__atan2_dd(double y, double x);
dmlp__dd dmlp__asin_dd(double x);
dmlp__dd dmlp__acos_dd(double x);

/* Rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ... of
   numeric/cr_round.h), x a value of that format widened: atan(+-0) = +-0, atan(+-inf) =
   +-pi/2 rounded; asin(+-0) = +-0, acos(1) = +0, asin and acos of |x| > 1 the format's
   positive default quiet NaN; a NaN x comes back quiet with its payload. */
uint32_t dmlp__cr_atan_narrow(double x, int frac, int exp);
uint32_t dmlp__cr_asin_narrow(double x, int frac, int exp);
uint32_t dmlp__cr_acos_narrow(double x, int frac, int exp);

/* atan2(y, x) rounded once, IEEE 754-2019 9.2's special cases: atan2(+-0, -0 or x < 0) =
   +-pi, atan2(+-0, +0 or x > 0) = +-0, atan2(y, +-0) = +-pi/2 for y != 0, atan2(+-y,
   -inf) = +-pi and atan2(+-y, +inf) = +-0 for finite y > 0, atan2(+-inf, x) = +-pi/2 for
   finite x, atan2(+-inf, -inf) = +-3pi/4, atan2(+-inf, +inf) = +-pi/4. A NaN y comes back
   quiet with its payload, else a NaN x. */
uint32_t dmlp__cr_atan2_narrow(double y, double x, int frac, int exp);

/* In binary64: within 0.5 ULP + 2^-95 relative of the exact value (correctly rounded
   unless it lies that close to a midpoint), results below 2^-900 within 1 ULP; the same
   special values, NaN a positive default quiet NaN where the narrow forms give one. */
double dmlp__cr_atan_f64(double x);
double dmlp__cr_asin_f64(double x);
double dmlp__cr_acos_f64(double x);
double dmlp__cr_atan2_f64(double y, double x);

#endif
