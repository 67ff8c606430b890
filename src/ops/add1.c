/* ELEMENT_WISE_ADD1: a + b rounded to the type, then the FusedActivation when one is
   given: exactly Add followed by that activation with its FLOAT members (the activations
   DirectML fuses that dmlp has: src/core/validate.c; docs/operators.md). The activation's
   kernel is args.fused, of the plan's level (core/plan_binary.c): the reference kernel
   calls the reference one, a fast kernel a fast one. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ADD1
#define OP_DESC DML_ELEMENT_WISE_ADD1_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ADD1, add1, add1, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  add1      ELEMENT_WISE_ADD1: a + b, then the --fused activation if given\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(FUSED_ACTIVATION, FusedActivation))

DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_add1, 2, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_add1, 4, YES, YES)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_add1, 8, YES, YES)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_add1, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include <string.h>

#include "kernels/kernels.h"

/* Add's reference kernel, then (when fused) the activation's reference kernel on the
   rounded sums, in place, with its own FLOAT members. */
#define ADD1_KERNEL(t)                                                                      \
    void dmlp__##t##_add__reference(size_t n, const void *a, const void *b, void *out,      \
                                    uint32_t scalar, const dmlp__kernel_args *args);        \
    void dmlp__##t##_add1__reference(size_t n, const void *a, const void *b, void *out,     \
                                     uint32_t scalar, const dmlp__kernel_args *args);       \
    void dmlp__##t##_add1__reference(size_t n, const void *a, const void *b, void *out,     \
                                     uint32_t scalar, const dmlp__kernel_args *args)        \
    {                                                                                       \
        dmlp__##t##_add__reference(n, a, b, out, scalar, args);                             \
        if (args->fused) {                                                                  \
            dmlp__kernel_args fused = *args;                                                \
            memcpy(fused.param, args->fused_param, sizeof fused.param);                     \
            args->fused(n, out, out, &fused);                                               \
        }                                                                                   \
    }

ADD1_KERNEL(f16)
ADD1_KERNEL(bf16)
ADD1_KERNEL(f32)
ADD1_KERNEL(f64)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The sums a run of the activation takes at once: output, A and B together stay in the
   first-level cache, so the activation reads the sums back from it, not from memory. */
#define ADD1_RUN_BYTES 4096u

/* Add's kernel of this level, then the fused activation in place on each run of sums. */
static void add1_runs(size_t n, const unsigned char *a, const unsigned char *b,
                      unsigned char *out, uint32_t scalar, const dmlp__kernel_args *args,
                      size_t size, dmlp__binary_kernel add)
{
    if (!args->fused) {
        add(n, a, b, out, scalar, args);
        return;
    }
    dmlp__kernel_args fused = *args;
    memcpy(fused.param, args->fused_param, sizeof fused.param);
    size_t run = ADD1_RUN_BYTES / size;
    for (size_t i = 0; i < n; i += run) {
        size_t m = n - i < run ? n - i : run;
        add(m, scalar & DMLP__SCALAR_A ? a : a + i * size,
            scalar & DMLP__SCALAR_B ? b : b + i * size, out + i * size, scalar, args);
        args->fused(m, out + i * size, out + i * size, &fused);
    }
}
#define ADD1_FAST(t, size)                                                                  \
    void KNAME(t##_add, ISA)(BINARY_PARAMS);                                                \
    BINARY_KERNEL_DECL(t, add1)                                                             \
    {                                                                                       \
        add1_runs(n, a, b, out, scalar, args, size, KNAME(t##_add, ISA));                   \
    }
ADD1_FAST(f16, 2)
ADD1_FAST(bf16, 2)
ADD1_FAST(f32, 4)
ADD1_FAST(f64, 8)
#undef ADD1_FAST
#undef ADD1_RUN_BYTES
#endif

#undef OP
#undef OP_DESC
