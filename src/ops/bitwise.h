/* What the bitwise operators share (ELEMENT_WISE_BIT_AND, _OR, _XOR, _NOT, _COUNT and the
   shifts): DirectML's support rows, ONNX's versions, the kernel rows of every type and
   the reference and fast kernels. Their pages apply the operation "to tensor data in its
   native encoding": a float type is its bits and only the element's width matters, so
   the types of one width share one operation, written once on the unsigned integer of
   that width. Included by those operators' files in the place of their own rows. */
#ifndef DMLP_OPS_BITWISE_H
#define DMLP_OPS_BITWISE_H

/* And, Or, Xor, Not: the unsigned types at 3_0, every type DirectML has at 4_1. */
#define BITWISE_SUPPORT                                                                     \
    DMLP_SUPPORT(3_0, 1, 8, (U32, U16, U8))                                                 \
    DMLP_SUPPORT(4_1, 1, 8, (F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))

/* BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot: version 18, the integer types. */
#define BITWISE_ONNX                                                                        \
    DMLP_ONNX(18, "uint8, uint16, uint32, uint64, int8, int16, int32, int64", 0, 0, 0)

/* X(stem, TYPE, width in bits) for every type the bitwise operators take. */
#define BITWISE_TYPES(X)                                                                    \
    X(i8, DML_TENSOR_DATA_TYPE_INT8, 8)                                                     \
    X(u8, DML_TENSOR_DATA_TYPE_UINT8, 8)                                                    \
    X(i16, DML_TENSOR_DATA_TYPE_INT16, 16)                                                  \
    X(u16, DML_TENSOR_DATA_TYPE_UINT16, 16)                                                 \
    X(i32, DML_TENSOR_DATA_TYPE_INT32, 32)                                                  \
    X(u32, DML_TENSOR_DATA_TYPE_UINT32, 32)                                                 \
    X(i64, DML_TENSOR_DATA_TYPE_INT64, 64)                                                  \
    X(u64, DML_TENSOR_DATA_TYPE_UINT64, 64)                                                 \
    X(f16, DML_TENSOR_DATA_TYPE_FLOAT16, 16)                                                \
    X(f32, DML_TENSOR_DATA_TYPE_FLOAT32, 32)                                                \
    X(f64, DML_TENSOR_DATA_TYPE_FLOAT64, 64)

/* The shifts: the unsigned types only (their pages list no other), 4-D at 2_1. */
#define SHIFT_SUPPORT                                                                       \
    DMLP_SUPPORT(2_1, 4, 4, (U32, U16, U8))                                                 \
    DMLP_SUPPORT(3_0, 1, 8, (U32, U16, U8))                                                 \
    DMLP_SUPPORT(4_1, 1, 8, (U64, U32, U16, U8))
#define SHIFT_TYPES(X)                                                                      \
    X(u8, DML_TENSOR_DATA_TYPE_UINT8, 8)                                                    \
    X(u16, DML_TENSOR_DATA_TYPE_UINT16, 16)                                                 \
    X(u32, DML_TENSOR_DATA_TYPE_UINT32, 32)                                                 \
    X(u64, DML_TENSOR_DATA_TYPE_UINT64, 64)

/* An operator file defines BITWISE_OP, its kernels' stem (bit_and, ...), and undefines
   it at its end; these paste it to each type's stem once it is expanded. */
#define BITWISE_PASTE_(t, op) t##_##op
#define BITWISE_PASTE(t, op) BITWISE_PASTE_(t, op)

/* The two-input kernel rows of every type, fast on x86 and NEON. */
#define BITWISE_BINARY_ROW(t, TYPE, w)                                                      \
    DMLP_BINARY_KERNEL(TYPE, BITWISE_PASTE(t, BITWISE_OP), w / 8, YES, YES)

/* The one-input kernel rows of every type (Not), fast on x86 and NEON. */
#define BITWISE_UNARY_ROW(t, TYPE, w)                                                       \
    DMLP_KERNEL(TYPE, BITWISE_PASTE(t, BITWISE_OP), w / 8, w / 8, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_binary.h"

/* The reference kernel of one type: BITWISE_FN(w)(x, y) on the type's bits (w = 8, 16,
   32, 64), a function the operator's file defines for each width. */
#define BITWISE_CALLING(t, op, T, CALL) BINARY_KERNEL_CALLING(t, op, T, CALL)
#define BITWISE_BINARY_REFERENCE(t, TYPE, w)                                                \
    BITWISE_CALLING(t, BITWISE_OP, uint##w##_t, BITWISE_FN(w)(x, y))

/* A shift's count: DirectML's rule takes its low log2(w) bits (the count modulo the
   width, as HLSL's shifts take the low 5 bits of a 32-bit one); with
   DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO (numpy's and ONNX's rule) a count at or past
   the width shifts every bit out. Returns w for "every bit out", else the count. */
static inline unsigned shift_count(uint64_t y, unsigned w, const dmlp__kernel_args *args)
{
    if (y >= w && args->shift_zero)
        return w;
    return (unsigned)(y & (w - 1));
}
#define BITWISE_SHIFT_REFERENCE(t, TYPE, w)                                                 \
    BITWISE_CALLING(t, BITWISE_OP, uint##w##_t, BITWISE_FN(w)(x, shift_count(y, w, args)))

/* The one-input reference kernel of one type: BITWISE_FN(w)(x) on the type's bits. */
#define BITWISE_MAP(name, T, expr) DMLP__REFERENCE_MAP(name, T, T, expr)
#define BITWISE_UNARY_REFERENCE(t, TYPE, w)                                                 \
    BITWISE_MAP(BITWISE_PASTE(t, BITWISE_OP), uint##w##_t, BITWISE_FN(w)(x))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernel of one type: the element function BITWISE_VFN(w) and the setup
   BITWISE_SETUP, both defined by the operator's file. */
#define BITWISE_KERNEL(t, op, S, f, setup) BINARY_KERNEL(t, op, S, f, setup)
#define BITWISE_BINARY_FAST(t, TYPE, w)                                                     \
    BITWISE_KERNEL(t, BITWISE_OP, w / 8, BITWISE_VFN(w), BITWISE_SETUP)
/* A shift's fast kernel: the count's low bits (vocabulary shlvW/shrvW take counts below
   the width), then, with the flag, zero where the count is at or past the width. */
static ALWAYS_INLINE void setup_shift(kc *c, const dmlp__kernel_args *args)
{
    c->shift_zero = args->shift_zero != 0;
}
#define SHIFT_FAST_FN(name, W, shift)                                                       \
    static ALWAYS_INLINE V name(V x, V y, const kc *c)                                      \
    {                                                                                       \
        V r = shift(x, vand(y, set##W(W - 1)));                                             \
        if (c->shift_zero)                                                                  \
            r = sel##W(eq##W(vandn(set##W(W - 1), y), zero()), r, zero());                  \
        return r;                                                                           \
    }
#define BITWISE_SHIFT_FAST(t, TYPE, w)                                                      \
    BITWISE_KERNEL(t, BITWISE_OP, w / 8, BITWISE_VFN(w), setup_shift)

/* The same for a one-input element function. */
#define BITWISE_MAP_KERNEL(t, op, S, f, setup) MAP_KERNEL(t, op, S, f, setup)
#define BITWISE_UNARY_FAST(t, TYPE, w)                                                      \
    BITWISE_MAP_KERNEL(t, BITWISE_OP, w / 8, BITWISE_VFN(w), setup_none)
#endif

#endif
