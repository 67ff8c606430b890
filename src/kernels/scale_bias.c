/* DirectML's input scale and bias on one float element (scale_bias.h). This file is
   compiled with -ffp-contract=off (src/kernels/CMakeLists.txt): the multiply and the add
   must not fuse into one rounding. */
#include "kernels/scale_bias.h"

#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

static float multiply_add_f32(float x, float scale, float bias)
{
    float product = x * scale;
    float sum = product + bias;
    return sum;
}

static double multiply_add_f64(double x, double scale, double bias)
{
    double product = x * scale;
    double sum = product + bias;
    return sum;
}

/* x as binary32 bits (not a NaN) through scale and bias; a NaN result made default. */
static uint32_t number_f32(uint32_t x, const dmlp__kernel_args *args)
{
    float y = multiply_add_f32(dmlp__f32_from_bits(x), args->scale, args->bias);
    uint32_t bits = dmlp__f32_bits(y);
    return (bits & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : bits;
}

uint32_t dmlp__scale_bias_f32(uint32_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return x | 0x00400000u;
    return number_f32(x, args);
}

uint64_t dmlp__scale_bias_f64(uint64_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    double y = multiply_add_f64(dmlp__f64_from_bits(x), (double)args->scale, (double)args->bias);
    uint64_t bits = dmlp__f64_bits(y);
    return (bits & 0x7fffffffffffffffu) > 0x7ff0000000000000u ? 0x7ff8000000000000u : bits;
}

uint16_t dmlp__scale_bias_f16(uint16_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffu) > 0x7c00u)
        return x | 0x0200u;
    uint32_t y = number_f32(dmlp__f32_bits(dmlp__f16_to_f32(x)), args);
    return y == 0x7fc00000u ? 0x7e00u : dmlp__f32_to_f16(dmlp__f32_from_bits(y));
}

uint16_t dmlp__scale_bias_bf16(uint16_t x, const dmlp__kernel_args *args)
{
    if ((x & 0x7fffu) > 0x7f80u)
        return x | 0x0040u;
    uint32_t y = number_f32(dmlp__f32_bits(dmlp__bf16_to_f32(x)), args);
    return y == 0x7fc00000u ? 0x7fc0u : dmlp__f32_to_bf16(dmlp__f32_from_bits(y));
}
