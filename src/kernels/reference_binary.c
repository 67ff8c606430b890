/* Reference two-input kernels (docs/operators.md): Add, Subtract, Multiply, Divide and
   ADD1 (Add with an optional fused Softsign).

   Floats: the IEEE operation rounded to nearest even, in binary32 for FLOAT32 and binary64
   for FLOAT64. FLOAT16 is computed in binary32 and BFLOAT16 in binary64, each then rounded
   once to the type: with a format of p' >= 2p + 2 significant bits (24 >= 2 * 11 + 2;
   53 >= 2 * 8 + 2) in which no result of two inputs is subnormal or overflows, rounding
   twice gives the correctly rounded result of +, -, * and / (binary32 would not do for
   bfloat16, whose products reach binary32's subnormals). NaN is decided on the bits so
   every CPU path gives the same one: a NaN input comes back quiet with its sign and
   payload (A's when both are NaN), a NaN the arithmetic makes is the positive default
   quiet NaN.

   Integers: two's complement arithmetic modulo 2^bits (INT_MIN / -1 is INT_MIN),
   division truncating toward zero. The core refuses an integer division by zero before
   it runs a kernel; called directly with a 0 divisor, these kernels give 0 rather than
   trap.

   This file is compiled with -ffp-contract=off (src/kernels/CMakeLists.txt). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernels/kernels.h"
#include "numeric/fp_convert.h"
#include "platform/compiler.h"

DMLP__FP_CONTRACT_OFF

/* ---- floats -------------------------------------------------------------------------- */

/* The bfloat16 nearest to x (not a NaN), ties to even: x's magnitude is scaled exactly
   to the bfloat16 quantum of its binade (2^-133 at least), rounded to an integer, scaled
   back. */
static uint16_t bf16_from_f64(double x)
{
    uint16_t sign = signbit(x) ? 0x8000u : 0u;
    double a = fabs(x);
    if (a >= 0x1.ffp127) /* halfway above the largest bfloat16 and beyond: the tie is odd */
        return (uint16_t)(sign | 0x7f80u);
    if (a == 0.0)
        return sign;
    int e;
    (void)frexp(a, &e); /* a in [2^(e-1), 2^e): 8 significant bits reach 2^(e-8) */
    int quantum = e - 8 < -133 ? -133 : e - 8;
    double m = ldexp(a, -quantum);
    double whole = floor(m), rest = m - whole;
    if (rest > 0.5 || (rest == 0.5 && fmod(whole, 2.0) != 0.0))
        whole += 1.0;
    float r = (float)ldexp(whole, quantum); /* a bfloat16 value: exact in binary32 */
    return (uint16_t)(sign | (dmlp__f32_bits(r) >> 16));
}

#define F32_NAN(x) (((x) & 0x7fffffffu) > 0x7f800000u)
#define F64_NAN(x) (((x) & UINT64_C(0x7fffffffffffffff)) > UINT64_C(0x7ff0000000000000))
#define F16_NAN(x) (((x) & 0x7fffu) > 0x7c00u)
#define BF16_NAN(x) (((x) & 0x7fffu) > 0x7f80u)

/* One operation on the bits of each float type. */
#define FLOAT_OPS(op, OP)                                                                   \
    static uint32_t f32_##op(uint32_t x, uint32_t y)                                        \
    {                                                                                       \
        if (F32_NAN(x))                                                                     \
            return x | 0x00400000u;                                                         \
        if (F32_NAN(y))                                                                     \
            return y | 0x00400000u;                                                         \
        float r = dmlp__f32_from_bits(x) OP dmlp__f32_from_bits(y);                         \
        uint32_t bits = dmlp__f32_bits(r);                                                  \
        return F32_NAN(bits) ? 0x7fc00000u : bits;                                          \
    }                                                                                       \
    static uint64_t f64_##op(uint64_t x, uint64_t y)                                        \
    {                                                                                       \
        if (F64_NAN(x))                                                                     \
            return x | UINT64_C(0x0008000000000000);                                        \
        if (F64_NAN(y))                                                                     \
            return y | UINT64_C(0x0008000000000000);                                        \
        double r = dmlp__f64_from_bits(x) OP dmlp__f64_from_bits(y);                        \
        uint64_t bits = dmlp__f64_bits(r);                                                  \
        return F64_NAN(bits) ? UINT64_C(0x7ff8000000000000) : bits;                         \
    }                                                                                       \
    static uint16_t f16_##op(uint16_t x, uint16_t y)                                        \
    {                                                                                       \
        if (F16_NAN(x))                                                                     \
            return (uint16_t)(x | 0x0200u);                                                 \
        if (F16_NAN(y))                                                                     \
            return (uint16_t)(y | 0x0200u);                                                 \
        float r = dmlp__f16_to_f32(x) OP dmlp__f16_to_f32(y);                               \
        return F32_NAN(dmlp__f32_bits(r)) ? 0x7e00u : dmlp__f32_to_f16(r);                  \
    }                                                                                       \
    static uint16_t bf16_##op(uint16_t x, uint16_t y)                                       \
    {                                                                                       \
        if (BF16_NAN(x))                                                                    \
            return (uint16_t)(x | 0x0040u);                                                 \
        if (BF16_NAN(y))                                                                    \
            return (uint16_t)(y | 0x0040u);                                                 \
        double r = (double)dmlp__bf16_to_f32(x) OP(double) dmlp__bf16_to_f32(y);            \
        return isnan(r) ? 0x7fc0u : bf16_from_f64(r);                                       \
    }

FLOAT_OPS(add, +)
FLOAT_OPS(sub, -)
FLOAT_OPS(mul, *)
FLOAT_OPS(div, /)

/* ---- integers ------------------------------------------------------------------------ */

/* Computed in the unsigned type of the width (or uint64_t for products), so nothing
   overflows in C; the conversion back to a signed type keeps the low bits. */
#define INT_OPS(t, T, U)                                                                    \
    static T t##_add(T x, T y) { return (T)(U)((U)x + (U)y); }                              \
    static T t##_sub(T x, T y) { return (T)(U)((U)x - (U)y); }                              \
    static T t##_mul(T x, T y) { return (T)(U)((uint64_t)x * (uint64_t)y); }
#define SIGNED_DIV(t, T, U)                                                                 \
    static T t##_div(T x, T y)                                                              \
    {                                                                                       \
        if (y == 0)                                                                         \
            return 0;                                                                       \
        if (y == -1)                                                                        \
            return (T)(U)(0u - (U)x);                                                       \
        return (T)(x / y);                                                                  \
    }
#define UNSIGNED_DIV(t, T)                                                                  \
    static T t##_div(T x, T y) { return y == 0 ? 0 : (T)(x / y); }

INT_OPS(i8, int8_t, uint8_t)
INT_OPS(u8, uint8_t, uint8_t)
INT_OPS(i16, int16_t, uint16_t)
INT_OPS(u16, uint16_t, uint16_t)
INT_OPS(i32, int32_t, uint32_t)
INT_OPS(u32, uint32_t, uint32_t)
INT_OPS(i64, int64_t, uint64_t)
INT_OPS(u64, uint64_t, uint64_t)
SIGNED_DIV(i8, int8_t, uint8_t)
SIGNED_DIV(i16, int16_t, uint16_t)
SIGNED_DIV(i32, int32_t, uint32_t)
SIGNED_DIV(i64, int64_t, uint64_t)
UNSIGNED_DIV(u8, uint8_t)
UNSIGNED_DIV(u16, uint16_t)
UNSIGNED_DIV(u32, uint32_t)
UNSIGNED_DIV(u64, uint64_t)

/* ---- the kernels --------------------------------------------------------------------- */

#define BINARY_HEAD(name)                                                                   \
    void dmlp__##name##__reference(size_t n, const void *a, const void *b, void *out,       \
                                   uint32_t scalar, const dmlp__kernel_args *args)

/* dmlp__<t>_<op>__reference: out[i] = <t>_<op>(a[i], b[i]) on the element type T (the
   bits, for floats). Loads and stores go through memcpy: a run is aligned to its element
   size at most. */
#define BINARY_KERNEL(t, op, T)                                                             \
    BINARY_HEAD(t##_##op);                                                                  \
    BINARY_HEAD(t##_##op)                                                                   \
    {                                                                                       \
        const unsigned char *pa = a, *pb = b;                                               \
        unsigned char *po = out;                                                            \
        size_t sa = (scalar & DMLP__SCALAR_A) ? 0 : sizeof(T);                              \
        size_t sb = (scalar & DMLP__SCALAR_B) ? 0 : sizeof(T);                              \
        (void)args;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                    \
            T x, y;                                                                         \
            memcpy(&x, pa + i * sa, sizeof x);                                              \
            memcpy(&y, pb + i * sb, sizeof y);                                              \
            T r = t##_##op(x, y);                                                           \
            memcpy(po + i * sizeof r, &r, sizeof r);                                        \
        }                                                                                   \
    }

#define ALL_OPS(t, T)                                                                       \
    BINARY_KERNEL(t, add, T)                                                                \
    BINARY_KERNEL(t, sub, T)                                                                \
    BINARY_KERNEL(t, mul, T)                                                                \
    BINARY_KERNEL(t, div, T)

ALL_OPS(i8, int8_t)
ALL_OPS(u8, uint8_t)
ALL_OPS(i16, int16_t)
ALL_OPS(u16, uint16_t)
ALL_OPS(i32, int32_t)
ALL_OPS(u32, uint32_t)
ALL_OPS(i64, int64_t)
ALL_OPS(u64, uint64_t)
ALL_OPS(f16, uint16_t)
ALL_OPS(bf16, uint16_t)
ALL_OPS(f32, uint32_t)
ALL_OPS(f64, uint64_t)

/* ADD1: the sum rounded to the type, then (when fused) Softsign's reference kernel on it,
   in place: exactly Add followed by Softsign. */
#define ADD1_KERNEL(t)                                                                      \
    void dmlp__##t##_softsign__reference(size_t n, const void *in, void *out,               \
                                         const dmlp__kernel_args *args);                    \
    BINARY_HEAD(t##_add1);                                                                  \
    BINARY_HEAD(t##_add1)                                                                   \
    {                                                                                       \
        dmlp__##t##_add__reference(n, a, b, out, scalar, args);                             \
        if (args->fused_softsign)                                                           \
            dmlp__##t##_softsign__reference(n, out, out, args);                             \
    }

ADD1_KERNEL(f16)
ADD1_KERNEL(bf16)
ADD1_KERNEL(f32)
ADD1_KERNEL(f64)
