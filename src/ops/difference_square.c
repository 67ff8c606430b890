/* ELEMENT_WISE_DIFFERENCE_SQUARE: (a - b) * (a - b), broadcast (docs/operators.md), in
   the page's order: the difference rounded to the type's arithmetic, then its square
   rounded. Floats: FLOAT32 in binary32, FLOAT64 in binary64; FLOAT16 and BFLOAT16 widen
   exactly to binary32, evaluate there, and round once to the type. NaN on the bits: A's
   NaN made quiet, else B's, else (inf - inf) the positive default NaN. Integers wrap
   (the difference and the square modulo 2^bits). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE
#define OP_DESC DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_DIFFERENCE_SQUARE, diffsq, difference_square, NULL, DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  diffsq    ELEMENT_WISE_DIFFERENCE_SQUARE: (a - b) * (a - b) (integers wrap)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(3_1, 1, 8, (F32, F16, I32, U32))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_diffsq, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_diffsq, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_diffsq, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_diffsq, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_diffsq, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_diffsq, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

static uint32_t i32_diffsq(uint32_t x, uint32_t y)
{
    uint32_t d = x - y;
    return d * d; /* the low 32 bits of the square, signed or not */
}
#define u32_diffsq i32_diffsq

/* The square of the binary32 difference of two binary32 values, NaN on the bits. */
static uint32_t f32_diffsq(uint32_t x, uint32_t y)
{
    if (F32_NAN(x))
        return x | 0x00400000u;
    if (F32_NAN(y))
        return y | 0x00400000u;
    float d = dmlp__f32_from_bits(x) - dmlp__f32_from_bits(y);
    uint32_t bits = dmlp__f32_bits(d * d);
    return F32_NAN(bits) ? 0x7fc00000u : bits;
}
static uint64_t f64_diffsq(uint64_t x, uint64_t y)
{
    if (F64_NAN(x))
        return x | UINT64_C(0x0008000000000000);
    if (F64_NAN(y))
        return y | UINT64_C(0x0008000000000000);
    double d = dmlp__f64_from_bits(x) - dmlp__f64_from_bits(y);
    uint64_t bits = dmlp__f64_bits(d * d);
    return F64_NAN(bits) ? UINT64_C(0x7ff8000000000000) : bits;
}
static uint16_t f16_diffsq(uint16_t x, uint16_t y)
{
    if (F16_NAN(x))
        return (uint16_t)(x | 0x0200u);
    if (F16_NAN(y))
        return (uint16_t)(y | 0x0200u);
    float d = dmlp__f16_to_f32(x) - dmlp__f16_to_f32(y);
    float r = d * d;
    return F32_NAN(dmlp__f32_bits(r)) ? 0x7e00u : dmlp__f32_to_f16(r);
}
static uint16_t bf16_diffsq(uint16_t x, uint16_t y)
{
    if (BF16_NAN(x))
        return (uint16_t)(x | 0x0040u);
    if (BF16_NAN(y))
        return (uint16_t)(y | 0x0040u);
    float d = dmlp__bf16_to_f32(x) - dmlp__bf16_to_f32(y);
    float r = d * d;
    return F32_NAN(dmlp__f32_bits(r)) ? 0x7fc0u : dmlp__f32_to_bf16(r);
}

BINARY_KERNEL(i32, diffsq, uint32_t)
BINARY_KERNEL(u32, diffsq, uint32_t)
BINARY_KERNEL(f16, diffsq, uint16_t)
BINARY_KERNEL(bf16, diffsq, uint16_t)
BINARY_KERNEL(f32, diffsq, uint32_t)
BINARY_KERNEL(f64, diffsq, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of f32 and f64: the CPU's subtraction and product, one rounding each,
   then the NaN lanes from the bits (float_nans: A's, else B's, else the default NaN). */
static ALWAYS_INLINE V bin_diffsq_f32(V x, V y, const kc *c)
{
    F32 d = fsub32(tof32(x), tof32(y));
    return float_nans32(x, y, fromf32(fmul32(d, d)), c);
}
static ALWAYS_INLINE V bin_diffsq_f64(V x, V y, const kc *c)
{
    F64 d = fsub64(tof64(x), tof64(y));
    return float_nans64(x, y, fromf64(fmul64(d, d)), c);
}
BINARY_KERNEL(f32, diffsq, 4, bin_diffsq_f32, setup_f32)
BINARY_KERNEL(f64, diffsq, 8, bin_diffsq_f64, setup_f64)

/* f16 and bf16: the same f32 operations as their reference, rounded once to the type
   (bf16: the common vector at once, vector_kernels.inc, BF16_BINARY_KERNEL); the integers: the low 32 bits of the square of the wrapping difference. */
static ALWAYS_INLINE F32 diffsq_f32op(F32 a, F32 b)
{
    F32 d = fsub32(a, b);
    return fmul32(d, d);
}
static ALWAYS_INLINE V bin_diffsq_f16(V x, V y, const kc *c)
{
    return half_binary_f16(x, y, c, diffsq_f32op);
}
static ALWAYS_INLINE V bin_diffsq_bf16(V x, V y, const kc *c)
{
    return half_binary_bf16(x, y, c, diffsq_f32op);
}
static ALWAYS_INLINE V bin_diffsq_32(V x, V y, const kc *c)
{
    (void)c;
    V d = sub32(x, y);
    return mul32(d, d);
}
BINARY_KERNEL(f16, diffsq, 2, bin_diffsq_f16, setup_f16)
BF16_BINARY_KERNEL(diffsq, diffsq_f32op, 0, bin_diffsq_bf16)
BINARY_KERNEL(i32, diffsq, 4, bin_diffsq_32, setup_none)
BINARY_KERNEL(u32, diffsq, 4, bin_diffsq_32, setup_none)
#endif

#undef OP
#undef OP_DESC
