/* ELEMENT_WISE_ADD1: a + b rounded to the type, then the FusedActivation when one is
   given: exactly Add followed by that activation with its FLOAT members (the activations
   DirectML fuses that dmlp has: src/core/validate.c; docs/operators.md). */
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

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_add1, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_add1, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_add1, 8, NO, NO)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_add1, 2, NO, NO)

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

#undef OP
#undef OP_DESC
