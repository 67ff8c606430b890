/* ACTIVATION_IDENTITY: f(x) = x (docs/operators.md), DirectML's identity activation: a
   copy of every bit of the input, NaN payloads and -0 included. Unlike
   ELEMENT_WISE_IDENTITY it has no ScaleBias, and its page lists float types only. */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_IDENTITY
#define OP_DESC DML_ACTIVATION_IDENTITY_OPERATOR_DESC

/* ONNX's Identity is ELEMENT_WISE_IDENTITY's; this operator has no ONNX node. */
DMLP_OP(ACTIVATION_IDENTITY, activation_identity, activation_identity, NULL, DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  activation_identity\n"
        "            ACTIVATION_IDENTITY: a copy of every bit (float types)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_activation_identity, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_activation_identity, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_activation_identity, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_activation_identity, 2, 2, YES, YES)

/* It changes nothing, so a chain takes it as no map. */
DMLP_CHAIN(0)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

/* A copy (in place: nothing to do). */
#define ACTIVATION_COPY(name, size)                                                         \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        (void)args;                                                                         \
        if (n && in != out)                                                                 \
            memmove(out, in, n * (size));                                                   \
    }
ACTIVATION_COPY(f16_activation_identity, 2)
ACTIVATION_COPY(bf16_activation_identity, 2)
ACTIVATION_COPY(f32_activation_identity, 4)
ACTIVATION_COPY(f64_activation_identity, 8)
#undef ACTIVATION_COPY
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* Identity's copy kernels (vector_kernels.inc): memcpy in cache, the measured streaming
   path for memory-sized runs. */
COPY_KERNEL(f16, activation_identity, 2)
COPY_KERNEL(bf16, activation_identity, 2)
COPY_KERNEL(f32, activation_identity, 4)
COPY_KERNEL(f64, activation_identity, 8)
#endif

#undef OP
#undef OP_DESC
