/* Reference Identity kernels (docs/operators.md): a copy of the input, bit for bit, for
   every type; with a ScaleBias (float types only), x * Scale + Bias with each operation
   rounded separately to nearest even: in binary32 for FLOAT32, and for FLOAT16 and
   BFLOAT16 after widening exactly to binary32, then rounded once to the type; in
   binary64 for FLOAT64 (Scale and Bias widened exactly). NaN is decided on the bits, so
   every CPU path gives the same one: a NaN input comes back quiet with its sign and
   payload, and a NaN the arithmetic makes (inf * 0, inf - inf, a NaN Scale or Bias) is
   the type's positive default quiet NaN.
   This file is compiled with -ffp-contract=off (src/kernels/CMakeLists.txt): the
   multiply and the add must not fuse into one rounding. */
#include <string.h>

#include "kernels/reference.h"
#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

static float scale_bias_f32(float x, float scale, float bias)
{
    float product = x * scale;
    float sum = product + bias;
    return sum;
}

static double scale_bias_f64(double x, double scale, double bias)
{
    double product = x * scale;
    double sum = product + bias;
    return sum;
}

/* x as binary32 bits (not a NaN) through scale and bias; a NaN result made default. */
static uint32_t scale_bias_f32_bits(uint32_t x, const dmlp__kernel_args *args)
{
    float y = scale_bias_f32(dmlp__f32_from_bits(x), args->scale, args->bias);
    uint32_t bits = dmlp__f32_bits(y);
    return (bits & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : bits;
}

static uint32_t identity_f32(uint32_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return x | 0x00400000u;
    return scale_bias_f32_bits(x, args);
}

static uint64_t identity_f64(uint64_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    double y = scale_bias_f64(dmlp__f64_from_bits(x), (double)args->scale, (double)args->bias);
    uint64_t bits = dmlp__f64_bits(y);
    return (bits & 0x7fffffffffffffffu) > 0x7ff0000000000000u ? 0x7ff8000000000000u : bits;
}

static uint16_t identity_f16(uint16_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffu) > 0x7c00u)
        return x | 0x0200u;
    uint32_t y = scale_bias_f32_bits(dmlp__f32_bits(dmlp__f16_to_f32(x)), args);
    return y == 0x7fc00000u ? 0x7e00u : dmlp__f32_to_f16(dmlp__f32_from_bits(y));
}

static uint16_t identity_bf16(uint16_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffu) > 0x7f80u)
        return x | 0x0040u;
    uint32_t y = scale_bias_f32_bits(dmlp__f32_bits(dmlp__bf16_to_f32(x)), args);
    return y == 0x7fc00000u ? 0x7fc0u : dmlp__f32_to_bf16(dmlp__f32_from_bits(y));
}

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

COPY_OR(f16_identity, 2, uint16_t, identity_f16)
COPY_OR(bf16_identity, 2, uint16_t, identity_bf16)
COPY_OR(f32_identity, 4, uint32_t, identity_f32)
COPY_OR(f64_identity, 8, uint64_t, identity_f64)
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
