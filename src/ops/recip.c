/* ELEMENT_WISE_RECIP: 1 / x (docs/operators.md). The IEEE quotient in the input's float
   type, rounded to nearest even: f32 in binary32, f64 in binary64, f16 and bf16 widened
   exactly to binary32, divided there and rounded once to the type. ±0 gives ±inf, ±inf
   gives ±0, and a NaN comes back quiet with its sign and payload (decided on the bits, so
   every CPU path gives the same NaN). With a ScaleBias, of x * Scale + Bias computed as
   Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_RECIP
#define OP_DESC DML_ELEMENT_WISE_RECIP_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_RECIP, recip, reciprocal, "Reciprocal", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  recip     ELEMENT_WISE_RECIP: 1 / x (of x * scale + bias with --scale and\n"
        "            --bias)\n",
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

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_recip, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_recip, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_recip, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_recip, 2, 2, YES, YES)
/* graphs run Recip inside a chain kernel (a node with a ScaleBias joins no chain) */
DMLP_CHAIN(DMLP__CHAIN_RECIP)
DMLP_CHAIN_MAP(f16, DMLP__CHAIN_RECIP, blk_recip_f16, setup_f16)
DMLP_CHAIN_MAP(bf16, DMLP__CHAIN_RECIP, blk_recip_bf16, setup_bf16)
DMLP_CHAIN_MAP(f32, DMLP__CHAIN_RECIP, blk_recip_f32, setup_f32)
DMLP_CHAIN_MAP(f64, DMLP__CHAIN_RECIP, blk_recip_f64, setup_f64)

#ifndef DMLP_OPS_LIST
/* Compiled with -ffp-contract=off (src/kernels/CMakeLists.txt); C11's assignment to
   float/double drops any excess precision. The divide is IEEE's: it gives ±inf for ±0
   and ±0 for ±inf by itself, and no NaN for a number, so only NaN inputs are set from
   the bits. */
#include "kernels/reference.h"
#include "kernels/scale_bias.h"
#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

static uint32_t recip_f32_bits(uint32_t x)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return x | 0x00400000u;
    float q = 1.0f / dmlp__f32_from_bits(x);
    return dmlp__f32_bits(q);
}

static uint64_t recip_f64_bits(uint64_t x)
{
    if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)
        return x | 0x0008000000000000u;
    double q = 1.0 / dmlp__f64_from_bits(x);
    return dmlp__f64_bits(q);
}

static uint16_t recip_f16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7c00u)
        return x | 0x0200u;
    uint32_t q = recip_f32_bits(dmlp__f32_bits(dmlp__f16_to_f32(x)));
    return dmlp__f32_to_f16(dmlp__f32_from_bits(q));
}

static uint16_t recip_bf16_bits(uint16_t x)
{
    if ((x & 0x7fffu) > 0x7f80u)
        return x | 0x0040u;
    uint32_t q = recip_f32_bits(dmlp__f32_bits(dmlp__bf16_to_f32(x)));
    return dmlp__f32_to_bf16(dmlp__f32_from_bits(q));
}

#define RECIP_REFERENCE(t, T)                                                               \
    DMLP__REFERENCE_MAP(t##_recip, T, T,                                                    \
                        recip_##t##_bits(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x))
RECIP_REFERENCE(f16, uint16_t)
RECIP_REFERENCE(bf16, uint16_t)
RECIP_REFERENCE(f32, uint32_t)
RECIP_REFERENCE(f64, uint64_t)
#undef RECIP_REFERENCE
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels: the divider's quotient, then the lanes the reference sets from the
   bits. NaN lanes take x made quiet (whatever NaN the CPU's divide chose). f16 also sets
   ±inf where |x| <= 2^-16 (1 / x rounds to infinity there, beyond what f2h narrows) and
   ±0 for ±inf (h2f widens only finite values on some ISAs); bf16's narrowing rounds the
   infinities and zeros of the f32 quotient as they are. A run with a ScaleBias goes to
   the reference kernel. */
static ALWAYS_INLINE F32 recip_q32(F32 x) { return fdiv32(tof32(set32(FONE32)), x); }
MAP_BLOCK(blk_recip_f32, sel32(nan_32(vand(x, c->abs), c), vor(x, c->quiet),
                               fromf32(recip_q32(tof32(x)))))
MAP_BLOCK(blk_recip_f64, sel64(nan_64(vand(x, c->abs), c), vor(x, c->quiet),
                               fromf64(fdiv64(tof64(set64(FONE64)), tof64(x)))))
static ALWAYS_INLINE V blk_recip_f16(V x, const kc *c)
{
    V a = vand(x, c->abs), sign = vandn(c->abs, x);
    V r = f2h(recip_q32(h2f_lo(x)), recip_q32(h2f_hi(x)));
    r = sel16(gt16(set16(0x0101), a), vor(sign, c->inf), r);
    r = sel16(inf_16(a, c), sign, r);
    return sel16(nan_16(a, c), vor(x, c->quiet), r);
}
MAP_BLOCK(blk_recip_bf16, sel16(nan_16(vand(x, c->abs), c), vor(x, c->quiet),
                                bf_narrow(recip_q32(bf_even(x)), recip_q32(bf_odd(x)))))
SCALED_MAP_KERNEL(f16, recip, 2, blk_recip_f16, setup_f16, 1)
SCALED_MAP_KERNEL(bf16, recip, 2, blk_recip_bf16, setup_bf16, 1)
SCALED_MAP_KERNEL(f32, recip, 4, blk_recip_f32, setup_f32, 1)
SCALED_MAP_KERNEL(f64, recip, 8, blk_recip_f64, setup_f64, 1)
#endif

#undef OP
#undef OP_DESC
