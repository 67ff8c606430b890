/* Internal: the logistic sigmoid 1 / (1 + e^-t), correctly rounded, and Swish x * sigmoid(s
   x) rounded once (src/numeric/cr_sigmoid.c; docs/accuracy.md). */
#ifndef DMLP_NUMERIC_CR_SIGMOID_H
#define DMLP_NUMERIC_CR_SIGMOID_H

#include <stdint.h>

#include "numeric/double_double.h"

/* dmlp__sigmoid_fast's bound as dmlp__round_decided steps: relative error below
   3.1 * 2^-53 (7 steps would do). */
#define DMLP__SIGMOID_FAST_STEPS 8

/* sigmoid(t) for binary64 t in [-708, 708]: relative error below 3.1 * 2^-53. */
double dmlp__sigmoid_fast(double t);

/* sigmoid(t) for a double-double t, t.hi in [-600, 670]: relative error below 2^-98
   (below -600 the low parts would lose bits to underflow). */
dmlp__dd dmlp__sigmoid_dd(dmlp__dd t);

/* sigmoid(t) rounded once to nearest-even in a narrow format (DMLP__F32_FORMAT ... of
   numeric/cr_round.h), for every binary64 t: +inf gives 1, -inf and t <= -104 +0, a NaN
   comes back quiet with its payload. */
uint32_t dmlp__cr_sigmoid_narrow(double t, int frac, int exp);

/* sigmoid(t) in binary64: within 0.5 ULP + 2^-98 relative (correctly rounded unless the
   exact value lies that close to a midpoint); below 2^-708 (t < -708) e^t correctly
   rounded, which sigmoid(t) differs from by less than 2^-1000 relative. */
double dmlp__cr_sigmoid_f64(double t);

/* x * sigmoid(s * x) rounded once in a narrow format, for x and s values of binary32 (so s x
   is exact in binary64). The products follow IEEE 754's special cases: sigmoid(+inf) = 1,
   sigmoid(-inf) = +0, so x = -inf with s > 0 gives -inf * 0, a NaN; a NaN from numbers is
   the format's positive default quiet NaN, a NaN x comes back quiet with its payload. */
uint32_t dmlp__cr_swish_narrow(double x, double s, int frac, int exp);

/* The same in binary64 for any x and s: s x is taken exactly (a double-double); results
   above 2^-969 within 0.5 ULP + 2^-98 relative (2^-92 where s x < -600), below that
   within 1 ULP. */
double dmlp__cr_swish_f64(double x, double s);

#endif
