/* Internal: ELU, SELU and CELU of negative inputs, the exact value rounded once
   (src/numeric/cr_elu.c; docs/accuracy.md). Each is a scale times e^q - 1, from
   dmlp__expm1_fast and dmlp__expm1_dd (numeric/cr_exp.h).

   The narrow forms (DMLP__F32_FORMAT, DMLP__F16_FORMAT, DMLP__BF16_FORMAT) take x, a
   number of the input's format widened exactly (never NaN: the kernels keep a NaN input
   on its bits), and the parameters as floats widened exactly; they return the output
   bits. The binary64 forms are within 1 ULP (docs/operators.md). A NaN the formula
   makes from numbers (a NaN parameter, 0 * infinity) is the positive default NaN. */
#ifndef DMLP_NUMERIC_CR_ELU_H
#define DMLP_NUMERIC_CR_ELU_H

#include <stdint.h>

/* ELU: x if x >= 0 (-0 included), else Alpha (e^x - 1). */
uint32_t dmlp__cr_elu_narrow(double x, double alpha, int frac, int exp);
double dmlp__elu_f64(double x, double alpha);

/* SCALED_ELU (Selu): Gamma x if x > 0, else Gamma (Alpha e^x - Alpha); the bracket is
   +0 when it is zero (x = +-0 or Alpha = 0), as IEEE arithmetic gives it. */
uint32_t dmlp__cr_selu_narrow(double x, double alpha, double gamma, int frac, int exp);
double dmlp__selu_f64(double x, double alpha, double gamma);

/* CELU: max(0, x) + min(0, Alpha (e^(x / Alpha) - 1)), which is x for x > 0, +0 for
   x = +-0 and Alpha (e^(x / Alpha) - 1) for x < 0, for every finite nonzero Alpha; an
   Alpha of 0, infinity or NaN gives the default NaN. */
uint32_t dmlp__cr_celu_narrow(double x, double alpha, int frac, int exp);
double dmlp__celu_f64(double x, double alpha);

#endif
