/* ELEMENT_WISE_NEGATE: -x (docs/operators.md). Float types flip the sign bit and nothing
   else (0 gives -0, a NaN keeps its payload); signed integers wrap in two's complement:
   -INT_MIN is INT_MIN. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_NEGATE
#define OP_DESC DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_NEGATE, negate, negative, "Neg", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  negate    ELEMENT_WISE_NEGATE: -x\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Neg-1 differs from 6 by the legacy consumed_inputs attribute, which says nothing about
   the result. */
DMLP_ONNX(13, "float, int32, int8, int16, int64, float16, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float, int32, int8, int16, int64, float16, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_negate, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_negate, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_negate, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_negate, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_negate, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_negate, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_negate, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_negate, 2, 2, YES, YES)

DMLP_CHAIN(DMLP__CHAIN_NEGATE)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

/* In unsigned arithmetic, so INT_MIN wraps to itself instead of overflowing. */
DMLP__REFERENCE_MAP(i8_negate, uint8_t, uint8_t, 0u - x)
DMLP__REFERENCE_MAP(i16_negate, uint16_t, uint16_t, 0u - x)
DMLP__REFERENCE_MAP(i32_negate, uint32_t, uint32_t, 0u - x)
DMLP__REFERENCE_MAP(i64_negate, uint64_t, uint64_t, 0u - x)

DMLP__REFERENCE_MAP(f16_negate, uint16_t, uint16_t, x ^ 0x8000u)
DMLP__REFERENCE_MAP(bf16_negate, uint16_t, uint16_t, x ^ 0x8000u)
DMLP__REFERENCE_MAP(f32_negate, uint32_t, uint32_t, x ^ 0x80000000u)
DMLP__REFERENCE_MAP(f64_negate, uint64_t, uint64_t, x ^ 0x8000000000000000u)
#endif

#undef OP
#undef OP_DESC
