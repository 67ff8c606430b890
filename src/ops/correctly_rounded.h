/* Internal to src/ops: the reference kernels of the correctly rounded activations
   (sigmoid.c, tanh.c, activation_tanh.c, scaled_tanh.c, swish.c). A file defines
     static uint32_t <name>_narrow(double x, const dmlp__kernel_args *args, int frac, int exp);
     static double <name>_wide(double x, const dmlp__kernel_args *args);
   (the function of src/numeric/cr_*.h with the descriptor's FLOAT members from
   args->param) and CR_REFERENCE_KERNELS(name) makes the four kernels: a NaN input comes
   back quiet with its sign and payload, decided on the bits; f16 and bf16 are widened
   exactly and rounded once from the exact value (never through binary32), f32 likewise,
   f64 from the double-double evaluation. With a ScaleBias, of x * Scale + Bias computed
   as Identity computes it. */
#ifndef DMLP_OPS_CORRECTLY_ROUNDED_H
#define DMLP_OPS_CORRECTLY_ROUNDED_H

/* The kernel table's rows of a correctly rounded activation: the reference on every ISA;
   or, with CR_FAST_KERNEL_ROWS, fast f32 (kernels/vector_crmath.inc) and 16-bit kernels
   (the reference's own table, kernels/reference_table16.h) for a function of the input
   alone, and the reference for f64. */
#define CR_FAST_KERNEL_ROWS(name)                                                           \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##name, 2, 2, YES, YES)                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##name, 4, 4, YES, YES)                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##name, 8, 8, NO, NO)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##name, 2, 2, YES, YES)
/* The kernel table's rows of a correctly rounded activation with FLOAT members: a fast
   f32 kernel and f16 and bf16 by the table of the run's members (both made by
   CR_F32_PARAM_KERNEL's forms, kernels/vector_crmath_param.inc), f64 the reference. */
#define CR_PARAM_KERNEL_ROWS(name)                                                          \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##name, 2, 2, YES, YES)                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##name, 4, 4, YES, YES)                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##name, 8, 8, NO, NO)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##name, 2, 2, YES, YES)
/* The kernel table's rows of a correctly rounded function whose 16-bit results are looked
   up in the reference's own table (CR_REFERENCE_TABLES, CR_TABLE16_KERNELS): f32 and f64
   run the reference. */
#define CR_TABLE16_KERNEL_ROWS(name)                                                        \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##name, 2, 2, YES, YES)                   \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##name, 4, 4, NO, NO)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##name, 8, 8, NO, NO)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##name, 2, 2, YES, YES)
/* The kernel table's rows of a correctly rounded activation: the reference on every ISA. */
#define CR_KERNEL_ROWS(name)                                                                \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##name, 2, 2, NO, NO)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##name, 4, 4, NO, NO)                     \
    DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##name, 8, 8, NO, NO)                     \
    DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##name, 2, 2, NO, NO)

/* The fast kernels of CR_FAST_KERNEL_ROWS (in the vector part of the operator's file):
   f32 by the f64-lane function `lanes` of kernels/vector_crmath.inc, f16 and bf16 by table. */
#if defined(DMLP_OPS_VECTOR)
#define CR_FAST_KERNELS(name, lanes)                                                        \
    CR_F32_KERNEL(name, lanes, no_fix32)                                                    \
    TABLE16_KERNEL(f16, name)                                                               \
    TABLE16_KERNEL(bf16, name)
/* CR_FAST_KERNELS with a lean form for the common f32 block (CR_F32_KERNEL_LEAN). */
#define CR_FAST_KERNELS_LEAN(name, lean, lanes)                                             \
    CR_F32_KERNEL_LEAN(name, lean, lanes, no_fix32)                                         \
    TABLE16_KERNEL(f16, name)                                                               \
    TABLE16_KERNEL(bf16, name)
/* The 16-bit kernels of CR_TABLE16_KERNEL_ROWS. */
#define CR_TABLE16_KERNELS(name)                                                            \
    TABLE16_KERNEL(f16, name)                                                               \
    TABLE16_KERNEL(bf16, name)
#endif
#endif

/* Compiled in each operator file's own translation unit. */
#if !defined(DMLP_OPS_LIST) && !defined(DMLP_OPS_CR_REFERENCE)
#define DMLP_OPS_CR_REFERENCE 1
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

/* The 16-bit tables of CR_FAST_KERNEL_ROWS' fast kernels (after CR_REFERENCE_KERNELS). */
#define CR_REFERENCE_TABLES(name)                                                           \
    DMLP__REFERENCE_TABLE16(f16_##name)                                                     \
    DMLP__REFERENCE_TABLE16(bf16_##name)

#define CR_REFERENCE_KERNELS(name)                                                          \
    static uint16_t name##_f16_bits(uint16_t x, const dmlp__kernel_args *args)              \
    {                                                                                       \
        if ((x & 0x7fffu) > 0x7c00u)                                                        \
            return x | 0x0200u;                                                             \
        return (uint16_t)name##_narrow(dmlp__f16_to_f32(x), args, DMLP__F16_FORMAT);        \
    }                                                                                       \
    static uint16_t name##_bf16_bits(uint16_t x, const dmlp__kernel_args *args)             \
    {                                                                                       \
        if ((x & 0x7fffu) > 0x7f80u)                                                        \
            return x | 0x0040u;                                                             \
        return (uint16_t)name##_narrow(dmlp__bf16_to_f32(x), args, DMLP__BF16_FORMAT);      \
    }                                                                                       \
    static uint32_t name##_f32_bits(uint32_t x, const dmlp__kernel_args *args)              \
    {                                                                                       \
        if ((x & 0x7fffffffu) > 0x7f800000u)                                                \
            return x | 0x00400000u;                                                         \
        return name##_narrow(dmlp__f32_from_bits(x), args, DMLP__F32_FORMAT);               \
    }                                                                                       \
    static uint64_t name##_f64_bits(uint64_t x, const dmlp__kernel_args *args)              \
    {                                                                                       \
        if ((x & 0x7fffffffffffffffu) > 0x7ff0000000000000u)                                \
            return x | 0x0008000000000000u;                                                 \
        return dmlp__f64_bits(name##_wide(dmlp__f64_from_bits(x), args));                   \
    }                                                                                       \
    DMLP__REFERENCE_MAP(f16_##name, uint16_t, uint16_t,                                     \
                        name##_f16_bits(args->scale_bias ? dmlp__scale_bias_f16(x, args) : x, \
                                        args))                                              \
    DMLP__REFERENCE_MAP(bf16_##name, uint16_t, uint16_t,                                    \
                        name##_bf16_bits(args->scale_bias ? dmlp__scale_bias_bf16(x, args) : x, \
                                         args))                                             \
    DMLP__REFERENCE_MAP(f32_##name, uint32_t, uint32_t,                                     \
                        name##_f32_bits(args->scale_bias ? dmlp__scale_bias_f32(x, args) : x, \
                                        args))                                              \
    DMLP__REFERENCE_MAP(f64_##name, uint64_t, uint64_t,                                     \
                        name##_f64_bits(args->scale_bias ? dmlp__scale_bias_f64(x, args) : x, \
                                        args))

/* CR_REFERENCE_KERNELS of a function without FLOAT members, from its core's entry points
   dmlp__cr_<name>_narrow(x, frac, exp) and dmlp__cr_<name>_f64(x). */
#define CR_MEMBERLESS_REFERENCE_KERNELS(name)                                               \
    static uint32_t name##_narrow(double x, const dmlp__kernel_args *args, int frac, int exp) \
    {                                                                                       \
        (void)args;                                                                         \
        return dmlp__cr_##name##_narrow(x, frac, exp);                                      \
    }                                                                                       \
    static double name##_wide(double x, const dmlp__kernel_args *args)                      \
    {                                                                                       \
        (void)args;                                                                         \
        return dmlp__cr_##name##_f64(x);                                                    \
    }                                                                                       \
    CR_REFERENCE_KERNELS(name)
#endif
