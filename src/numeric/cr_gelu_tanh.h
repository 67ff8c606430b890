/* Internal: GELU's tanh form, ONNX's Gelu with approximate = "tanh":
   0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3), with sqrt(2/pi) the real number
   and 0.044715 the exact decimal (the constants ONNX's formula writes), correctly rounded
   to binary32, binary16 and bfloat16 (DMLP_OPERATOR_ACTIVATION_GELU_TANH,
   src/ops/gelu_tanh.c).

   As 0.5 (1 + tanh(u)) = 1 / (1 + e^-2u), the value is x / (1 + e^-v) with
   v = 2u = 2 sqrt(2/pi) x (1 + 0.044715 x^2): never 1 + tanh, which cancels for x < 0. */
#ifndef DMLP_NUMERIC_CR_GELU_TANH_H
#define DMLP_NUMERIC_CR_GELU_TANH_H

#include <stdint.h>

#include "numeric/double_double.h"

/* The fast form of a binary64 x in (-11, 10) and its bound in dmlp__round_decided steps:
   relative error below (7 |v| + 3.05) * 2^-53 (v as above), which *steps covers. */
double dmlp__gelu_tanh_fast(double x, uint64_t *steps);

/* The value at x (|x| <= 22, v >= -600) as a double-double: relative error below
   (2.25 + 1.15 |v|) 2^-100, below 2^-92.9 for x in [-11, 10]. */
dmlp__dd dmlp__gelu_tanh_dd(double x);

/* The value at a double rounded once in the format, as its bits: NaN kept (quiet,
   payload), +-0 kept, +inf gives +inf, -inf gives -0 (the limit). */
uint32_t dmlp__cr_gelu_tanh(double x, int frac, int exp);

/* The value at a binary64: the double-double value rounded to nearest (within 0.5 ulp +
   2^-90 relative for results of at least 2^-969; within 1 ulp below). */
double dmlp__cr_gelu_tanh_f64(double x);

#endif
