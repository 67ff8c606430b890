/* Internal to src/kernels: DirectML's optional input scale and bias, g(x) = x * Scale +
   Bias, on the bits of one float element, as every operator with a DML_SCALE_BIAS applies
   it before its own function (docs/operators.md, Identity): the multiply and the add each
   rounded to nearest even, never fused; in binary32 for FLOAT32, FLOAT16 and BFLOAT16
   (widened exactly, the result rounded once to the type), in binary64 for FLOAT64. A NaN
   input comes back quiet with its sign and payload; a NaN the arithmetic makes is the
   type's positive default quiet NaN. */
#ifndef DMLP_KERNELS_SCALE_BIAS_H
#define DMLP_KERNELS_SCALE_BIAS_H

#include <stdint.h>

#include "kernels/kernels.h"

uint16_t dmlp__scale_bias_f16(uint16_t x, const dmlp__kernel_args *args);
uint16_t dmlp__scale_bias_bf16(uint16_t x, const dmlp__kernel_args *args);
uint32_t dmlp__scale_bias_f32(uint32_t x, const dmlp__kernel_args *args);
uint64_t dmlp__scale_bias_f64(uint64_t x, const dmlp__kernel_args *args);

#endif
