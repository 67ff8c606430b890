/* ELEMENT_WISE_MIN: the lesser of a and b, broadcast (docs/operators.md), the mirror of
   ELEMENT_WISE_MAX. DirectML's page is silent on NaN and on -0, so the API follows
   DirectML's GPU min (IEEE 754-2019 minimumNumber): a NaN loses to a number, two NaNs
   give A's made quiet, and -0 is below +0. With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's
   rule: its reference is numpy's minimum) it is IEEE 754-2019 minimum: a NaN wins, A's
   before B's, made quiet, and -0 is still below +0. Integers compare in their own
   signedness. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MIN
#define OP_DESC DML_ELEMENT_WISE_MIN_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MIN, min, minimum, "Min", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  min       ELEMENT_WISE_MIN: the lesser of a and b (-0 < +0; a NaN loses, or\n"
        "            with --nan propagate wins)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* DirectML's tables and ONNX's versions: Max's and Min's are the same. */
MINMAX_SUPPORT
MINMAX_ONNX

/* Fast kernels for every type, as Max has. */
ARITHMETIC_KERNELS(min, YES, YES, YES, YES)

#ifndef DMLP_OPS_LIST
#include "ops/minmax.h"

#define INT_MIN_OF(t, T, U)                                                                 \
    static T t##_min(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        (void)args;                                                                         \
        return x < y ? x : y;                                                               \
    }
DMLP__INT_TYPES(INT_MIN_OF)

#define FLOAT_MIN_OF(t, T)                                                                  \
    static T t##_min(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        return (T)minmax_pick(x, y, &t##_format, args->nan_propagate, 0);                   \
    }
FLOAT_MIN_OF(f16, uint16_t)
FLOAT_MIN_OF(bf16, uint16_t)
FLOAT_MIN_OF(f32, uint32_t)
FLOAT_MIN_OF(f64, uint64_t)

BINARY_KERNEL_ARGS(i8, min, int8_t)
BINARY_KERNEL_ARGS(u8, min, uint8_t)
BINARY_KERNEL_ARGS(i16, min, int16_t)
BINARY_KERNEL_ARGS(u16, min, uint16_t)
BINARY_KERNEL_ARGS(i32, min, int32_t)
BINARY_KERNEL_ARGS(u32, min, uint32_t)
BINARY_KERNEL_ARGS(i64, min, int64_t)
BINARY_KERNEL_ARGS(u64, min, uint64_t)
BINARY_KERNEL_ARGS(f16, min, uint16_t)
BINARY_KERNEL_ARGS(bf16, min, uint16_t)
BINARY_KERNEL_ARGS(f32, min, uint32_t)
BINARY_KERNEL_ARGS(f64, min, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of f32 and f64, from the CPU's max (the vocabulary's fmax): where the
   max is A the min is B, else A; then the lanes that leaves open are set from the bits as
   the reference sets them: both zeros give a | b (-0 unless both are +0), and the NaN
   lanes follow the rule in force (c->propagate). */
#define FLOAT_MIN(w)                                                                        \
    static ALWAYS_INLINE V bin_min_f##w(V x, V y, const kc *c)                              \
    {                                                                                       \
        V m = fromf##w(fmax##w(tof##w(x), tof##w(y)));                                      \
        V r = sel##w(eq##w(m, x), y, x);                                                    \
        r = sel##w(eq##w(vand(vor(x, y), c->abs), zero()), vor(x, y), r);                   \
        M##w x_nan = nan_##w(vand(x, c->abs), c), y_nan = nan_##w(vand(y, c->abs), c);      \
        r = sel##w(y_nan, c->propagate ? vor(y, c->quiet) : x, r);                          \
        V x_lanes = c->propagate ? vor(x, c->quiet) : sel##w(y_nan, vor(x, c->quiet), y);   \
        return sel##w(x_nan, x_lanes, r);                                                   \
    }
FLOAT_MIN(32)
FLOAT_MIN(64)
BINARY_KERNEL(f32, min, 4, bin_min_f32, setup_f32)
BINARY_KERNEL(f64, min, 8, bin_min_f64, setup_f64)

/* The integers, f16 and bf16 (ops/minmax_vector.h). */
#include "ops/minmax_vector.h"
MINMAX_VECTOR(min, x, y)
#endif

#undef OP
#undef OP_DESC
