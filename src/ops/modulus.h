/* What ELEMENT_WISE_MODULUS_TRUNCATE and ELEMENT_WISE_MODULUS_FLOOR share: DirectML's
   support rows (the pages give both the same tables), ONNX's Mod versions (each file
   applies for its value of fmod), the kernel rows, and the reference arithmetic.

   Floats: the truncated remainder is C's fmod (the IEEE remainder with the quotient
   truncated toward 0, exact in every format, the sign of a: ONNX's fmod = 1 reference,
   numpy.fmod); the floored one is that remainder plus b when it is nonzero and its sign
   is not b's, rounded once to nearest even in the type (numpy.mod; a zero remainder
   takes b's sign). FLOAT16 and BFLOAT16 widen exactly; the fmod is exact, the addition
   is done in binary32 (FLOAT16) or binary64 (BFLOAT16), where rounding again to the type
   gives the correctly rounded sum (kernels/reference_binary.h). NaN: A's made quiet, else
   B's, else fmod's own NaN (a infinite or b zero) is the positive default NaN.
   Integers: C's % (INT_MIN % -1 is 0); the floored remainder adds b when the remainder
   is nonzero and its sign is not b's. The core refuses a divisor of 0 before anything is
   written (DMLP_ZERO_DIVISOR); called directly, the kernels give 0 for it. */
#ifndef DMLP_OPS_MODULUS_H
#define DMLP_OPS_MODULUS_H

#define MODULUS_SUPPORT                                                                     \
    DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(6_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_EXTENSION_TYPES((F64, BF16))                                                       \
    DMLP_ZERO_DIVISOR("modulus")

/* Fast kernels for the 8-, 16- and 32-bit integers and the four float types
   (ops/modulus_vector.h; float64 where the level has a fused multiply-add). */
#define MODULUS_KERNELS(op)                                                                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_##op, 1, YES, YES)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, YES, YES)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_##op, 2, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_##op, 2, YES, YES)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_##op, 4, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, YES, YES)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_##op, 8, NO, NO)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_##op, 8, NO, NO)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, YES, YES)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, YES, YES)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, YES, YES)                 \
    DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, YES, YES)

/* ONNX's Mod: 10 (the integer types, float16, float, double), 13 (+ bfloat16); the
   attribute fmod (default 0) chooses the operator. */
#define MODULUS_TYPES10 "uint8, uint16, uint32, uint64, int8, int16, int32, int64"
#define MODULUS_FLOATS10 ", float16, float, double"

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

/* The remainder of a by b truncated (floor = 0) or floored (floor = 1), on doubles
   holding the values exactly; `add` rounds the floored correction in the evaluation
   format. NaN inputs are handled by the callers. */
static inline double modulus_value(double a, double b, int floor, double (*add)(double, double))
{
    double r = fmod(a, b);
    if (!floor || isnan(r))
        return r;
    if (r == 0.0)
        return copysign(0.0, b);
    return signbit(r) != signbit(b) ? add(r, b) : r;
}

static inline double add_f32(double r, double b) { return (double)((float)r + (float)b); }
static inline double add_f64(double r, double b) { return r + b; }

#define MODULUS_FLOATS(op, FLOOR)                                                           \
    static uint32_t f32_##op(uint32_t x, uint32_t y)                                        \
    {                                                                                       \
        if (F32_NAN(x))                                                                     \
            return x | 0x00400000u;                                                         \
        if (F32_NAN(y))                                                                     \
            return y | 0x00400000u;                                                         \
        double r = modulus_value(dmlp__f32_from_bits(x), dmlp__f32_from_bits(y), FLOOR,     \
                                 add_f32);                                                  \
        return isnan(r) ? 0x7fc00000u : dmlp__f32_bits((float)r);                           \
    }                                                                                       \
    static uint64_t f64_##op(uint64_t x, uint64_t y)                                        \
    {                                                                                       \
        if (F64_NAN(x))                                                                     \
            return x | UINT64_C(0x0008000000000000);                                        \
        if (F64_NAN(y))                                                                     \
            return y | UINT64_C(0x0008000000000000);                                        \
        double r = modulus_value(dmlp__f64_from_bits(x), dmlp__f64_from_bits(y), FLOOR,     \
                                 add_f64);                                                  \
        return isnan(r) ? UINT64_C(0x7ff8000000000000) : dmlp__f64_bits(r);                 \
    }                                                                                       \
    static uint16_t f16_##op(uint16_t x, uint16_t y)                                        \
    {                                                                                       \
        if (F16_NAN(x))                                                                     \
            return (uint16_t)(x | 0x0200u);                                                 \
        if (F16_NAN(y))                                                                     \
            return (uint16_t)(y | 0x0200u);                                                 \
        double r = modulus_value(dmlp__f16_to_f32(x), dmlp__f16_to_f32(y), FLOOR, add_f32); \
        return isnan(r) ? 0x7e00u : dmlp__f32_to_f16((float)r);                             \
    }                                                                                       \
    static uint16_t bf16_##op(uint16_t x, uint16_t y)                                       \
    {                                                                                       \
        if (BF16_NAN(x))                                                                    \
            return (uint16_t)(x | 0x0040u);                                                 \
        if (BF16_NAN(y))                                                                    \
            return (uint16_t)(y | 0x0040u);                                                 \
        double r = modulus_value(dmlp__bf16_to_f32(x), dmlp__bf16_to_f32(y), FLOOR,         \
                                 add_f64);                                                  \
        return isnan(r) ? 0x7fc0u : bf16_from_f64(r);                                       \
    }

/* Integers: <t>_<op>(x, y), the truncated remainder (C's %: INT_MIN % -1 is 0), plus y
   when FLOOR and it is nonzero of the other sign (|r| < |y|: no overflow). */
#define MODULUS_SIGNED(op, FLOOR, t, T)                                                     \
    static T t##_##op(T x, T y)                                                             \
    {                                                                                       \
        if (y == 0 || y == -1)                                                              \
            return 0;                                                                       \
        T r = (T)(x % y);                                                                   \
        return FLOOR && r != 0 && (r < 0) != (y < 0) ? (T)(r + y) : r;                      \
    }
#define MODULUS_UNSIGNED(op, t, T)                                                          \
    static T t##_##op(T x, T y) { return y == 0 ? 0 : (T)(x % y); }
#define MODULUS_INTEGERS(op, FLOOR)                                                         \
    MODULUS_SIGNED(op, FLOOR, i8, int8_t)                                                   \
    MODULUS_SIGNED(op, FLOOR, i16, int16_t)                                                 \
    MODULUS_SIGNED(op, FLOOR, i32, int32_t)                                                 \
    MODULUS_SIGNED(op, FLOOR, i64, int64_t)                                                 \
    MODULUS_UNSIGNED(op, u8, uint8_t)                                                       \
    MODULUS_UNSIGNED(op, u16, uint16_t)                                                     \
    MODULUS_UNSIGNED(op, u32, uint32_t)                                                     \
    MODULUS_UNSIGNED(op, u64, uint64_t)
#endif

#endif
