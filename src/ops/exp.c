/* ELEMENT_WISE_EXP: e^x, the exact value rounded once to nearest even in the input's
   type (docs/operators.md, docs/accuracy.md), from the correctly rounded core
   numeric/cr_exp.c: f32, f16 and bf16 each rounded once from the exact value (f16 and
   bf16 never through binary32); f64 within 0.5 ULP + 2^-100. exp(-inf) = +0, exp(+inf) =
   +inf, exp(+-0) = 1, overflow +inf, underflow a correctly rounded subnormal or +0, a NaN
   comes back quiet with its sign and payload. With a ScaleBias, of x * Scale + Bias
   computed as Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_EXP
#define OP_DESC DML_ELEMENT_WISE_EXP_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_EXP, exp, exp, "Exp", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  exp       ELEMENT_WISE_EXP: e^x, correctly rounded (of x * scale + bias with\n"
        "            --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Version 1 differs from 6 by the legacy consumed_inputs attribute; 13 adds bfloat16. */
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

/* Fast kernels: f32 in f64 lanes (kernels/vector_crmath.inc: a block with every |x| <= 87
   by exp_lean64, the others by exp_lanes64), f16 and bf16 by a lookup in the reference's
   own table (kernels/reference_table16.h); f64 runs the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_exp, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_exp, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_exp, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_exp, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_exp.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

/* NaN inputs are decided on the bits (the widening of a 16-bit NaN keeps no promise
   about its payload); every other input is exact in binary64. */
static uint32_t exp_f32_bits(uint32_t x)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return x | 0x00400000u;
    return dmlp__cr_exp_narrow(dmlp__f32_from_bits(x), DMLP__F32_FORMAT);
}

static uint16_t exp_f16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7c00u)
        return x | 0x0200u;
    return (uint16_t)dmlp__cr_exp_narrow(dmlp__f16_to_f32(x), DMLP__F16_FORMAT);
}

static uint16_t exp_bf16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7f80u)
        return x | 0x0040u;
    return (uint16_t)dmlp__cr_exp_narrow(dmlp__bf16_to_f32(x), DMLP__BF16_FORMAT);
}

static uint64_t exp_f64_bits(uint64_t x)
{
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    return dmlp__f64_bits(dmlp__cr_exp_f64(dmlp__f64_from_bits(x)));
}

#define EXP_REFERENCE(t, T)                                                                 \
    DMLP__REFERENCE_MAP(t##_exp, T, T,                                                      \
                        exp_##t##_bits(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x))
EXP_REFERENCE(f16, uint16_t)
EXP_REFERENCE(bf16, uint16_t)
EXP_REFERENCE(f32, uint32_t)
EXP_REFERENCE(f64, uint64_t)
#undef EXP_REFERENCE
DMLP__REFERENCE_TABLE16(f16_exp)
DMLP__REFERENCE_TABLE16(bf16_exp)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_F32_KERNEL_LEAN(exp, exp_lean_block, exp_lanes64, no_fix32)
TABLE16_KERNEL(f16, exp)
TABLE16_KERNEL(bf16, exp)
#endif

#undef OP
#undef OP_DESC
