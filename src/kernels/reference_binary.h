/* Internal to src/kernels: how the reference two-input kernels are written (the
   arithmetic operators' files, src/ops/add.c and the rest, instantiate them).

   Floats: the IEEE operation rounded to nearest even, in binary32 for FLOAT32 and binary64
   for FLOAT64. FLOAT16 is computed in binary32 and BFLOAT16 in binary64, each then rounded
   once to the type: with a format of p' >= 2p + 2 significant bits (24 >= 2 * 11 + 2;
   53 >= 2 * 8 + 2) in which no result of two inputs is subnormal or overflows, rounding
   twice gives the correctly rounded result of +, -, * and / (binary32 would not do for
   bfloat16, whose products reach binary32's subnormals). NaN is decided on the bits so
   every CPU path gives the same one: a NaN input comes back quiet with its sign and
   payload (A's when both are NaN), a NaN the arithmetic makes is the positive default
   quiet NaN.

   Integers: two's complement arithmetic modulo 2^bits, computed in the unsigned type of
   the width (or uint64_t for products), so nothing overflows in C; the conversion back to
   a signed type keeps the low bits.

   Files that include this are compiled with -ffp-contract=off (src/kernels/CMakeLists.txt). */
#ifndef DMLP_KERNELS_REFERENCE_BINARY_H
#define DMLP_KERNELS_REFERENCE_BINARY_H

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
static inline uint16_t bf16_from_f64(double x)
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

/* One operation on the bits of each float type: static functions f32_<op>, f64_<op>,
   f16_<op> and bf16_<op>. */
#define DMLP__FLOAT_OPS(op, OP)                                                             \
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


/* ---- integers ------------------------------------------------------------------------ */

/* DMLP__INT_TYPES(X) calls X(stem, type, its unsigned type) for every integer type. */
#define DMLP__INT_TYPES(X)                                                                  \
    X(i8, int8_t, uint8_t)                                                                  \
    X(u8, uint8_t, uint8_t)                                                                 \
    X(i16, int16_t, uint16_t)                                                               \
    X(u16, uint16_t, uint16_t)                                                              \
    X(i32, int32_t, uint32_t)                                                               \
    X(u32, uint32_t, uint32_t)                                                              \
    X(i64, int64_t, uint64_t)                                                               \
    X(u64, uint64_t, uint64_t)

/* ---- the kernels --------------------------------------------------------------------- */

#define BINARY_HEAD(name)                                                                   \
    void dmlp__##name##__reference(size_t n, const void *a, const void *b, void *out,       \
                                   uint32_t scalar, const dmlp__kernel_args *args)

/* dmlp__<t>_<op>__reference: out[i] = CALL for each element, on the element type T (the
   bits, for floats) read as x from a and y from b; CALL may read args. Loads and stores go
   through memcpy: a run is aligned to its element size at most. */
#define BINARY_KERNEL_CALLING(t, op, T, CALL)                                               \
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
            T r = CALL;                                                                     \
            memcpy(po + i * sizeof r, &r, sizeof r);                                        \
        }                                                                                   \
    }
/* out[i] = <t>_<op>(a[i], b[i]), and the same with the kernel's arguments. */
#define BINARY_KERNEL(t, op, T) BINARY_KERNEL_CALLING(t, op, T, t##_##op(x, y))
#define BINARY_KERNEL_ARGS(t, op, T) BINARY_KERNEL_CALLING(t, op, T, t##_##op(x, y, args))

/* Every type's kernel of one operation: dmlp__<t>_<op>__reference for the integer types
   (functions <t>_<op> defined by the operator's file) and the float ones (DMLP__FLOAT_OPS). */
#define DMLP__BINARY_ALL_TYPES(op)                                                          \
    BINARY_KERNEL(i8, op, int8_t)                                                           \
    BINARY_KERNEL(u8, op, uint8_t)                                                          \
    BINARY_KERNEL(i16, op, int16_t)                                                         \
    BINARY_KERNEL(u16, op, uint16_t)                                                        \
    BINARY_KERNEL(i32, op, int32_t)                                                         \
    BINARY_KERNEL(u32, op, uint32_t)                                                        \
    BINARY_KERNEL(i64, op, int64_t)                                                         \
    BINARY_KERNEL(u64, op, uint64_t)                                                        \
    BINARY_KERNEL(f16, op, uint16_t)                                                        \
    BINARY_KERNEL(bf16, op, uint16_t)                                                       \
    BINARY_KERNEL(f32, op, uint32_t)                                                        \
    BINARY_KERNEL(f64, op, uint64_t)

#endif
