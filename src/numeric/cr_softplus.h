/* Internal: Softplus ln(1 + e^(s x)) / s and ParametricSoftplus Alpha ln(1 + e^(Beta x)),
   the exact value rounded once (src/numeric/cr_softplus.c; docs/accuracy.md).

   The narrow forms (DMLP__F32_FORMAT, DMLP__F16_FORMAT, DMLP__BF16_FORMAT) take x, a
   number of the input's format widened exactly (never NaN: the kernels keep a NaN input
   on its bits), and the parameters as floats widened exactly; they return the output
   bits. s x and Beta x are exact products, not rounded ones.

   Finite x and parameters (s nonzero, Alpha nonzero) take the exact value. Otherwise the
   formula is evaluated by IEEE 754's rules with ln(1 + e^t) = +inf at t = +inf, +0 at
   t = -inf and a positive number at every finite t: s = +-0 gives +-inf, s x of 0 and an
   infinity a NaN, +inf / +-inf a NaN, Alpha = +-0 gives +-0, an infinite Alpha +-inf, and
   any NaN made from numbers is the positive default NaN. The binary64 forms are within
   1 ULP (docs/operators.md). */
#ifndef DMLP_NUMERIC_CR_SOFTPLUS_H
#define DMLP_NUMERIC_CR_SOFTPLUS_H

#include <stdint.h>

/* dmlp__round_decided steps of the fast path: below 39.2 * 2^-53 relative (78.4 steps). */
#define DMLP__SOFTPLUS_FAST_STEPS 96

uint32_t dmlp__cr_softplus_narrow(double x, double s, int frac, int exp);
double dmlp__softplus_f64(double x, double s);

uint32_t dmlp__cr_parametric_softplus_narrow(double x, double alpha, double beta, int frac,
                                             int exp);
double dmlp__parametric_softplus_f64(double x, double alpha, double beta);

#endif
