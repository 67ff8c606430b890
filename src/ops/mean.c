/* ELEMENT_WISE_MEAN: (a + b) / 2, broadcast (docs/operators.md), in the page's order and
   the type's arithmetic: floats round the sum to nearest even, then the half (exact but
   for a subnormal result; a sum beyond the largest finite value is infinite, and so is
   its half); FLOAT16 and BFLOAT16 evaluate both steps in binary32 and round once to the
   type. A's NaN made quiet, else B's, else inf + -inf gives the default NaN. INT32 and
   UINT32: the sum modulo 2^32, then halved truncating toward zero, as Add and Divide
   compute them. ONNX's Mean of one or two inputs (more: Adds, then a Divide). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MEAN
#define OP_DESC DML_ELEMENT_WISE_MEAN_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MEAN, mean, mean, "Mean", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  mean      ELEMENT_WISE_MEAN: (a + b) / 2, the sum rounded, then halved\n"
        "            (integers: the sum wraps, the half truncates)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, U32))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, U32))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Mean: 1 (float16, float, double; consumed_inputs; one shape), 6 (one shape), 8
   (numpy broadcasting), 13 (+ bfloat16). Its reference sums the inputs from the left and
   divides by their count: for one input a copy, for two (a + b) / 2, this operator; more
   run as a left fold of Adds then one Divide by the count (DMLP_ONNX_DIVIDE_BY_COUNT: a
   fold of means is not the mean of three; docs/onnx.md). */
#define MEAN_ONNX_FLAGS (DMLP_ONNX_VARIADIC | DMLP_ONNX_DIVIDE_BY_COUNT)
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, MEAN_ONNX_FLAGS)
DMLP_ONNX(8, "float16, float, double", 0, 0, MEAN_ONNX_FLAGS)
DMLP_ONNX(6, "float16, float, double", 0, 0, MEAN_ONNX_FLAGS)
DMLP_ONNX(1, "float16, float, double", 0, 0, MEAN_ONNX_FLAGS | DMLP_ONNX_CONSUMED_INPUTS)

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_mean, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_mean, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_mean, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_mean, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_mean, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_mean, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

static int32_t i32_mean(int32_t x, int32_t y)
{
    return (int32_t)(uint32_t)((uint32_t)x + (uint32_t)y) / 2; /* C's / truncates */
}
static uint32_t u32_mean(uint32_t x, uint32_t y) { return (uint32_t)(x + y) / 2u; }

static uint32_t f32_mean(uint32_t x, uint32_t y)
{
    if (F32_NAN(x))
        return x | 0x00400000u;
    if (F32_NAN(y))
        return y | 0x00400000u;
    float r = (dmlp__f32_from_bits(x) + dmlp__f32_from_bits(y)) / 2.0f;
    return F32_NAN(dmlp__f32_bits(r)) ? 0x7fc00000u : dmlp__f32_bits(r);
}
static uint64_t f64_mean(uint64_t x, uint64_t y)
{
    if (F64_NAN(x))
        return x | UINT64_C(0x0008000000000000);
    if (F64_NAN(y))
        return y | UINT64_C(0x0008000000000000);
    double r = (dmlp__f64_from_bits(x) + dmlp__f64_from_bits(y)) / 2.0;
    return F64_NAN(dmlp__f64_bits(r)) ? UINT64_C(0x7ff8000000000000) : dmlp__f64_bits(r);
}
static uint16_t f16_mean(uint16_t x, uint16_t y)
{
    if (F16_NAN(x))
        return (uint16_t)(x | 0x0200u);
    if (F16_NAN(y))
        return (uint16_t)(y | 0x0200u);
    float r = (dmlp__f16_to_f32(x) + dmlp__f16_to_f32(y)) / 2.0f;
    return F32_NAN(dmlp__f32_bits(r)) ? 0x7e00u : dmlp__f32_to_f16(r);
}
static uint16_t bf16_mean(uint16_t x, uint16_t y)
{
    if (BF16_NAN(x))
        return (uint16_t)(x | 0x0040u);
    if (BF16_NAN(y))
        return (uint16_t)(y | 0x0040u);
    float r = (dmlp__bf16_to_f32(x) + dmlp__bf16_to_f32(y)) / 2.0f;
    return F32_NAN(dmlp__f32_bits(r)) ? 0x7fc0u : dmlp__f32_to_bf16(r);
}

BINARY_KERNEL(i32, mean, int32_t)
BINARY_KERNEL(u32, mean, uint32_t)
BINARY_KERNEL(f16, mean, uint16_t)
BINARY_KERNEL(bf16, mean, uint16_t)
BINARY_KERNEL(f32, mean, uint32_t)
BINARY_KERNEL(f64, mean, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of f32 and f64: the CPU's sum, then its product with 0.5 (the same
   value as the half, rounded the same way), then the NaN lanes from the bits
   (float_nans: A's, else B's, else the default NaN). */
static ALWAYS_INLINE V bin_mean_f32(V x, V y, const kc *c)
{
    F32 s = fadd32(tof32(x), tof32(y));
    return float_nans32(x, y, fromf32(fmul32(s, tof32(set32(0x3f000000u)))), c);
}
static ALWAYS_INLINE V bin_mean_f64(V x, V y, const kc *c)
{
    F64 s = fadd64(tof64(x), tof64(y));
    return float_nans64(x, y, fromf64(fmul64(s, tof64(set64(UINT64_C(0x3fe0000000000000))))),
                        c);
}
BINARY_KERNEL(f32, mean, 4, bin_mean_f32, setup_f32)
BINARY_KERNEL(f64, mean, 8, bin_mean_f64, setup_f64)

/* f16 and bf16: the same f32 operations as their reference, rounded once to the type
   (bf16: the common vector at once, vector_kernels.inc, BF16_BINARY_KERNEL). */
static ALWAYS_INLINE F32 mean_f32op(F32 a, F32 b)
{
    return fmul32(fadd32(a, b), tof32(set32(0x3f000000u)));
}
static ALWAYS_INLINE V bin_mean_f16(V x, V y, const kc *c)
{
    return half_binary_f16(x, y, c, mean_f32op);
}
static ALWAYS_INLINE V bin_mean_bf16(V x, V y, const kc *c)
{
    return half_binary_bf16(x, y, c, mean_f32op);
}
BINARY_KERNEL(f16, mean, 2, bin_mean_f16, setup_f16)
BF16_BINARY_KERNEL(mean, mean_f32op, 0, bin_mean_bf16)

/* The integers: the wrapping sum halved, unsigned by a shift, signed truncated toward
   zero as C divides (the sign bit added in before an arithmetic shift, made of a logical
   one and the sign put back). */
static ALWAYS_INLINE V bin_mean_u32(V x, V y, const kc *c)
{
    (void)c;
    return srli32(add32(x, y), 1);
}
static ALWAYS_INLINE V bin_mean_i32(V x, V y, const kc *c)
{
    (void)c;
    V s = add32(x, y), t = add32(s, srli32(s, 31));
    return vor(srli32(t, 1), vand(t, set32(SIGN32)));
}
BINARY_KERNEL(i32, mean, 4, bin_mean_i32, setup_none)
BINARY_KERNEL(u32, mean, 4, bin_mean_u32, setup_none)
#endif

#undef OP
#undef OP_DESC
