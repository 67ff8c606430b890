/* ELEMENT_WISE_MAX: the greater of a and b, broadcast (docs/operators.md). DirectML's page
   is silent on NaN and on -0, so the API follows DirectML's GPU max (IEEE 754-2019
   maximumNumber): a NaN loses to a number, two NaNs give A's made quiet, and -0 is below
   +0. With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule: its reference is numpy's
   maximum) it is IEEE 754-2019 maximum: a NaN wins, A's before B's, made quiet, and -0 is
   still below +0 (numpy's own choice between -0 and +0 depends on the dtype and on its
   SIMD path). Integers compare in their own signedness. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_MAX
#define OP_DESC DML_ELEMENT_WISE_MAX_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_MAX, max, maximum, "Max", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  max       ELEMENT_WISE_MAX: the greater of a and b (-0 < +0; a NaN loses, or\n"
        "            with --nan propagate wins)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* DirectML's tables and ONNX's versions: Max's and Min's are the same. */
MINMAX_SUPPORT
MINMAX_ONNX

/* Fast kernels for every type. */
ARITHMETIC_KERNELS(max, YES, YES, YES, YES)

#ifndef DMLP_OPS_LIST
#include "ops/minmax.h"

#define INT_MAX_OF(t, T, U)                                                                 \
    static T t##_max(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        (void)args;                                                                         \
        return x > y ? x : y;                                                               \
    }
DMLP__INT_TYPES(INT_MAX_OF)

#define FLOAT_MAX_OF(t, T)                                                                  \
    static T t##_max(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        return (T)minmax_pick(x, y, &t##_format, args->nan_propagate, 1);                   \
    }
FLOAT_MAX_OF(f16, uint16_t)
FLOAT_MAX_OF(bf16, uint16_t)
FLOAT_MAX_OF(f32, uint32_t)
FLOAT_MAX_OF(f64, uint64_t)

BINARY_KERNEL_ARGS(i8, max, int8_t)
BINARY_KERNEL_ARGS(u8, max, uint8_t)
BINARY_KERNEL_ARGS(i16, max, int16_t)
BINARY_KERNEL_ARGS(u16, max, uint16_t)
BINARY_KERNEL_ARGS(i32, max, int32_t)
BINARY_KERNEL_ARGS(u32, max, uint32_t)
BINARY_KERNEL_ARGS(i64, max, int64_t)
BINARY_KERNEL_ARGS(u64, max, uint64_t)
BINARY_KERNEL_ARGS(f16, max, uint16_t)
BINARY_KERNEL_ARGS(bf16, max, uint16_t)
BINARY_KERNEL_ARGS(f32, max, uint32_t)
BINARY_KERNEL_ARGS(f64, max, uint64_t)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels of f32 and f64: the CPU's max (fmax), then the lanes it leaves open
   set from the bits as the reference sets them: both zeros give a & b (+0 unless both
   are -0), and the NaN lanes follow the rule in force (c->propagate). */
#define FLOAT_MAX(w)                                                                        \
    static ALWAYS_INLINE V bin_max_f##w(V x, V y, const kc *c)                              \
    {                                                                                       \
        V r = fromf##w(fmax##w(tof##w(x), tof##w(y)));                                      \
        r = sel##w(eq##w(vand(vor(x, y), c->abs), zero()), vand(x, y), r);                  \
        M##w x_nan = nan_##w(vand(x, c->abs), c), y_nan = nan_##w(vand(y, c->abs), c);      \
        r = sel##w(y_nan, c->propagate ? vor(y, c->quiet) : x, r);                          \
        V x_lanes = c->propagate ? vor(x, c->quiet) : sel##w(y_nan, vor(x, c->quiet), y);   \
        return sel##w(x_nan, x_lanes, r);                                                   \
    }
FLOAT_MAX(32)
FLOAT_MAX(64)
BINARY_KERNEL(f32, max, 4, bin_max_f32, setup_f32)
BINARY_KERNEL(f64, max, 8, bin_max_f64, setup_f64)

/* The integers, f16 and bf16 (ops/minmax_vector.h). */
#include "ops/minmax_vector.h"
MINMAX_VECTOR(max, y, x)
#endif

#undef OP
#undef OP_DESC
