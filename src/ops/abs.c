/* ELEMENT_WISE_ABS: |x| (docs/operators.md). Float types clear the sign bit and nothing
   else, so a NaN keeps its payload (and stays signalling); with a ScaleBias the input
   first goes through x * Scale + Bias (kernels/scale_bias.c). Signed integers wrap in
   two's complement: |INT_MIN| is INT_MIN. Unsigned types (an extension) are copied. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ABS
#define OP_DESC DML_ELEMENT_WISE_ABS_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ABS, abs, abs, "Abs", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  abs       ELEMENT_WISE_ABS: |x|, or |x * scale + bias| (float types) with --scale\n"
        "            and --bias\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8))
DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8))
DMLP_EXTENSION_TYPES((F64, BF16, U64, U32, U16, U8))

/* Abs-1 differs from 6 by the legacy consumed_inputs attribute, which says nothing about
   the result. */
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_abs, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_abs, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_abs, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_abs, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_abs, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_abs, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_abs, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_abs, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_abs, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_abs, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_abs, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_abs, 2, 2, YES, YES)

DMLP_CHAIN(DMLP__CHAIN_ABS)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/scale_bias.h"

/* In unsigned arithmetic, so INT_MIN wraps to itself instead of overflowing. */
#define INT_ABS(name, T, U)                                                                 \
    DMLP__REFERENCE_MAP(name, U, U, (x >> (sizeof(U) * 8 - 1)) ? (U)(0u - x) : x)

INT_ABS(i8_abs, int8_t, uint8_t)
INT_ABS(i16_abs, int16_t, uint16_t)
INT_ABS(i32_abs, int32_t, uint32_t)
INT_ABS(i64_abs, int64_t, uint64_t)
DMLP__REFERENCE_MAP(u8_abs, uint8_t, uint8_t, x)
DMLP__REFERENCE_MAP(u16_abs, uint16_t, uint16_t, x)
DMLP__REFERENCE_MAP(u32_abs, uint32_t, uint32_t, x)
DMLP__REFERENCE_MAP(u64_abs, uint64_t, uint64_t, x)

/* Float types: the sign bit cleared, after the scale and bias when there is one. */
#define FLOAT_ABS(name, T, SIGN, scaled)                                                    \
    DMLP__REFERENCE_MAP(name, T, T,                                                         \
                        (args->scale_bias ? scaled(x, args) : x) & (T)~(T)(SIGN))

FLOAT_ABS(f16_abs, uint16_t, 0x8000u, dmlp__scale_bias_f16)
FLOAT_ABS(bf16_abs, uint16_t, 0x8000u, dmlp__scale_bias_bf16)
FLOAT_ABS(f32_abs, uint32_t, 0x80000000u, dmlp__scale_bias_f32)
FLOAT_ABS(f64_abs, uint64_t, 0x8000000000000000u, dmlp__scale_bias_f64)
#endif

#undef OP
#undef OP_DESC
