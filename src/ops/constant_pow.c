/* ELEMENT_WISE_CONSTANT_POW: x^Exponent, the exact value rounded once to nearest even in
   the input's type (numeric/cr_pow.c; docs/operators.md, docs/accuracy.md), with C99's
   special values: x^0 = 1 even for a NaN x, a negative x with a non-integer Exponent the
   positive default NaN, an odd integer Exponent keeps x's sign. With a ScaleBias, of
   x * Scale + Bias computed as Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW
#define OP_DESC DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CONSTANT_POW, constant_pow, constant_pow, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  constant_pow ELEMENT_WISE_CONSTANT_POW: x^exponent, correctly rounded (--exponent;\n"
        "            of x * scale + bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias), DMLP_FIELD(FLOAT, Exponent))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_constant_pow, 2, 2, NO, NO)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_constant_pow, 4, 4, NO, NO)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_constant_pow, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_constant_pow, 2, 2, NO, NO)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_pow.h"
#include "numeric/fp_convert.h"

/* The float Exponent in each type: exact in binary64; a binary32 value that does not fit
   a 16-bit type is taken as the binary32 value (the 16-bit kernels widen the base and
   take the exponent as given, never rounded to the base's type). */
#define CONSTANT_POW_REFERENCE(t, T, pow_of)                                                \
    DMLP__REFERENCE_MAP(t##_constant_pow, T, T,                                            \
                        pow_of(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x, args))
static uint32_t f32_pow_of(uint32_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f32(x, dmlp__f32_bits(args->param[0]));
}
static uint64_t f64_pow_of(uint64_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f64(x, dmlp__f64_bits((double)args->param[0]));
}
static uint16_t f16_pow_of(uint16_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f16_by_f32(x, dmlp__f32_bits(args->param[0]));
}
static uint16_t bf16_pow_of(uint16_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_bf16_by_f32(x, dmlp__f32_bits(args->param[0]));
}
CONSTANT_POW_REFERENCE(f16, uint16_t, f16_pow_of)
CONSTANT_POW_REFERENCE(bf16, uint16_t, bf16_pow_of)
CONSTANT_POW_REFERENCE(f32, uint32_t, f32_pow_of)
CONSTANT_POW_REFERENCE(f64, uint64_t, f64_pow_of)
#undef CONSTANT_POW_REFERENCE
#endif

#undef OP
#undef OP_DESC
