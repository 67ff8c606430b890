/* Reference Identity kernels (docs/operators.md): a copy of the input, bit for bit, for
   every type; with a ScaleBias (float types only), x * Scale + Bias with each operation
   rounded separately to nearest even: in binary32 for FLOAT32, and for FLOAT16 and
   BFLOAT16 after widening exactly to binary32, then rounded once to the type; in
   binary64 for FLOAT64 (Scale and Bias widened exactly). NaN is decided on the bits, so
   every CPU path gives the same one: a NaN input comes back quiet with its sign and
   payload, and a NaN the arithmetic makes (inf * 0, inf - inf, a NaN Scale or Bias) is
   the type's positive default quiet NaN (kernels/scale_bias.c). */
#include <string.h>

#include "kernels/reference.h"
#include "kernels/scale_bias.h"

/* Without a ScaleBias every type is a copy (in place: nothing to do). */
#define COPY_OR(name, size, T, scaled)                                                      \
    DMLP__REFERENCE_MAP(name##_scaled, T, T, scaled(x, args))                               \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        if (args->scale_bias) {                                                             \
            dmlp__##name##_scaled__reference(n, in, out, args);                                              \
            return;                                                                         \
        }                                                                                   \
        if (n && in != out)                                                                 \
            memmove(out, in, n * (size));                                                   \
    }
#define COPY(name, size)                                                                    \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        (void)args;                                                                         \
        if (n && in != out)                                                                 \
            memmove(out, in, n * (size));                                                   \
    }

COPY_OR(f16_identity, 2, uint16_t, dmlp__scale_bias_f16)
COPY_OR(bf16_identity, 2, uint16_t, dmlp__scale_bias_bf16)
COPY_OR(f32_identity, 4, uint32_t, dmlp__scale_bias_f32)
COPY_OR(f64_identity, 8, uint64_t, dmlp__scale_bias_f64)
COPY(i8_identity, 1)
COPY(u8_identity, 1)
COPY(i16_identity, 2)
COPY(u16_identity, 2)
COPY(i32_identity, 4)
COPY(u32_identity, 4)
COPY(i64_identity, 8)
COPY(u64_identity, 8)
COPY(f8e4m3fn_identity, 1)
COPY(f8e4m3fnuz_identity, 1)
COPY(f8e5m2_identity, 1)
COPY(f8e5m2fnuz_identity, 1)
