/* ELEMENT_WISE_SQRT: the square root of x (docs/operators.md). IEEE's squareRoot in the
   input's float type, rounded to nearest even: f32 in binary32, f64 in binary64, f16 and
   bf16 widened exactly to binary32, rooted there and rounded once to the type (which is
   the correctly rounded root of the 16-bit value). Decided on the bits, so every CPU path
   gives the same NaN: -0 gives -0, +inf gives +inf, a NaN comes back quiet with its sign
   and payload, and a number below zero (-inf included) gives the type's positive default
   quiet NaN. With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_SQRT
#define OP_DESC DML_ELEMENT_WISE_SQRT_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_SQRT, sqrt, sqrt, "Sqrt", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  sqrt      ELEMENT_WISE_SQRT: the square root of x, NaN below zero (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Version 1 differs from 6 by the legacy consumed_inputs attribute, which says nothing
   about the result. */
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_sqrt, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_sqrt, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_sqrt, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_sqrt, 2, 2, YES, YES)
/* graphs run Sqrt inside a chain kernel (a node with a ScaleBias joins no chain) */
DMLP_CHAIN(DMLP__CHAIN_SQRT)
DMLP_CHAIN_MAP(f16, DMLP__CHAIN_SQRT, blk_sqrt_f16, setup_f16)
DMLP_CHAIN_MAP(bf16, DMLP__CHAIN_SQRT, blk_sqrt_bf16, setup_bf16)
DMLP_CHAIN_MAP(f32, DMLP__CHAIN_SQRT, blk_sqrt_f32, setup_f32)
DMLP_CHAIN_MAP(f64, DMLP__CHAIN_SQRT, blk_sqrt_f64, setup_f64)

#ifndef DMLP_OPS_LIST
/* sqrt and sqrtf are IEEE's squareRoot (correctly rounded); they only ever see zero, a
   positive number or +inf here, so no errno path is taken. */
#include <math.h>

#include "kernels/reference.h"
#include "kernels/scale_bias.h"
#include "numeric/fp_convert.h"

static uint32_t sqrt_f32_bits(uint32_t x)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return x | 0x00400000u;
    if (x > 0x80000000u) /* below zero */
        return 0x7fc00000u;
    float r = sqrtf(dmlp__f32_from_bits(x));
    return dmlp__f32_bits(r);
}

static uint64_t sqrt_f64_bits(uint64_t x)
{
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    if (x > 0x8000000000000000u)
        return 0x7ff8000000000000u;
    double r = sqrt(dmlp__f64_from_bits(x));
    return dmlp__f64_bits(r);
}

static uint16_t sqrt_f16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7c00u)
        return x | 0x0200u;
    if (x > 0x8000u)
        return 0x7e00u;
    uint32_t r = sqrt_f32_bits(dmlp__f32_bits(dmlp__f16_to_f32(x)));
    return dmlp__f32_to_f16(dmlp__f32_from_bits(r));
}

static uint16_t sqrt_bf16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7f80u)
        return x | 0x0040u;
    if (x > 0x8000u)
        return 0x7fc0u;
    uint32_t r = sqrt_f32_bits(dmlp__f32_bits(dmlp__bf16_to_f32(x)));
    return dmlp__f32_to_bf16(dmlp__f32_from_bits(r));
}

#define SQRT_REFERENCE(t, T)                                                                \
    DMLP__REFERENCE_MAP(t##_sqrt, T, T,                                                     \
                        sqrt_##t##_bits(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x))
SQRT_REFERENCE(f16, uint16_t)
SQRT_REFERENCE(bf16, uint16_t)
SQRT_REFERENCE(f32, uint32_t)
SQRT_REFERENCE(f64, uint64_t)
#undef SQRT_REFERENCE
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels: the CPU's square root, then the lanes the reference sets from the
   bits: below zero (sign set, magnitude nonzero, NaN or not) the default NaN, then NaN
   lanes x made quiet. f16 also takes x for +inf (h2f widens only finite values on some
   ISAs); every finite root narrows as it is. A run with a ScaleBias goes to the
   reference kernel. */
#define SQRT_LANES(w, x, r, c)                                                              \
    sel##w(nan_##w(vand((x), (c)->abs), (c)), vor((x), (c)->quiet),                         \
           sel##w(mandn(eq##w(vand((x), (c)->abs), zero()), ltz##w(x)), (c)->dnan, (r)))
MAP_BLOCK(blk_sqrt_f32, SQRT_LANES(32, x, fromf32(fsqrt32(tof32(x))), c))
static ALWAYS_INLINE V blk_sqrt_f64(V x, const kc *c)
{
    V r = fromf64(fsqrt64(tof64(x)));
    V a = vand(x, c->abs);
    r = sel64(mandn(eq64(a, zero()), ltz64(x)), c->dnan, r);
    return sel64(nan_64(a, c), vor(x, c->quiet), r);
}
static ALWAYS_INLINE V blk_sqrt_f16(V x, const kc *c)
{
    V r = f2h(fsqrt32(h2f_lo(x)), fsqrt32(h2f_hi(x)));
    r = sel16(inf_16(vand(x, c->abs), c), x, r);
    return SQRT_LANES(16, x, r, c);
}
MAP_BLOCK(blk_sqrt_bf16, SQRT_LANES(16, x, bf_narrow(fsqrt32(bf_even(x)), fsqrt32(bf_odd(x))), c))
SCALED_MAP_KERNEL(f16, sqrt, 2, blk_sqrt_f16, setup_f16, 1)
SCALED_MAP_KERNEL(bf16, sqrt, 2, blk_sqrt_bf16, setup_bf16, 1)
SCALED_MAP_KERNEL(f32, sqrt, 4, blk_sqrt_f32, setup_f32, 1)
SCALED_MAP_KERNEL(f64, sqrt, 8, blk_sqrt_f64, setup_f64, 1)
#undef SQRT_LANES
#endif

#undef OP
#undef OP_DESC
