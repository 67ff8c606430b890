/* Reference Abs kernels (docs/operators.md): |x|. Float types clear the sign bit and
   nothing else, so a NaN keeps its payload (and stays signalling); with a ScaleBias the
   input first goes through x * Scale + Bias (kernels/scale_bias.c). Signed integers wrap
   in two's complement: |INT_MIN| is INT_MIN. Unsigned types are copied. */
#include <stdint.h>
#include <string.h>

#include "kernels/reference.h"
#include "kernels/scale_bias.h"

/* In unsigned arithmetic, so INT_MIN wraps to itself instead of overflowing. */
#define INT_ABS(name, T, U)                                                                 \
    DMLP__REFERENCE_MAP(name, U, U, (x >> (sizeof(U) * 8 - 1)) ? (U)(0u - x) : x)

INT_ABS(i8_abs, int8_t, uint8_t)
INT_ABS(i16_abs, int16_t, uint16_t)
INT_ABS(i32_abs, int32_t, uint32_t)
INT_ABS(i64_abs, int64_t, uint64_t)
DMLP__REFERENCE_MAP(u8_abs, uint8_t, uint8_t, x)
DMLP__REFERENCE_MAP(u16_abs, uint16_t, uint16_t, x)
DMLP__REFERENCE_MAP(u32_abs, uint32_t, uint32_t, x)
DMLP__REFERENCE_MAP(u64_abs, uint64_t, uint64_t, x)

/* Float types: the sign bit cleared, after the scale and bias when there is one. */
#define FLOAT_ABS(name, T, SIGN, scaled)                                                    \
    DMLP__REFERENCE_MAP(name, T, T,                                                         \
                        (args->scale_bias ? scaled(x, args) : x) & (T)~(T)(SIGN))

FLOAT_ABS(f16_abs, uint16_t, 0x8000u, dmlp__scale_bias_f16)
FLOAT_ABS(bf16_abs, uint16_t, 0x8000u, dmlp__scale_bias_bf16)
FLOAT_ABS(f32_abs, uint32_t, 0x80000000u, dmlp__scale_bias_f32)
FLOAT_ABS(f64_abs, uint64_t, 0x8000000000000000u, dmlp__scale_bias_f64)
