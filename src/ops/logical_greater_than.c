/* ELEMENT_WISE_LOGICAL_GREATER_THAN: 1 where a > b, else 0, broadcast, in a UINT8 or
   UINT32 output whatever the inputs' type (docs/operators.md). Floats compare as numbers:
   FLOAT16 and BFLOAT16 are widened exactly to binary32, so a comparison with a NaN is
   false, -0 equals +0, and subnormals are ordered as the numbers they are. Integers
   compare in their own type (signed or unsigned). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN
#define OP_DESC DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC

/* The output may also be UINT32 (DMLP_OUTPUT_TYPES); the front ends make UINT8, ONNX's
   bool. */
DMLP_OP(ELEMENT_WISE_LOGICAL_GREATER_THAN, gt, greater, "Greater", DML_TENSOR_DATA_TYPE_UINT8,
        DMLP_NOT_IN_PLACE("LogicalGreaterThan never runs in place (DirectML's page does not "
                          "allow it)"),
        "  gt        ELEMENT_WISE_LOGICAL_GREATER_THAN: 1 where a > b, else 0 (NaN gives 0).\n"
        "            OUT.npy holds dtype |u1 (DirectML's UINT8 output)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_OUTPUT_TYPES(1_0, (U32))
DMLP_OUTPUT_TYPES(2_0, (U32, U8))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Greater: 1 (float16, float, double; legacy broadcast), 7 (numpy broadcasting), 9 (+ the
   integer types), 13 (+ bfloat16); the output is bool. */
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bfloat16", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(9, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(7, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)
DMLP_ONNX(1, "float16, float, double", DMLP_ONNX_TYPE_BOOL, 0, 0)

/* The kernels write UINT8 or UINT32 (args->out_size); the row's type and bytes are the
   inputs'. */
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_gt, 1, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_gt, 1, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_gt, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_gt, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_gt, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_gt, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_gt, 8, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_gt, 8, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_gt, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_gt, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_gt, 8, NO, NO)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_gt, 2, NO, NO)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_logical.h"
#include "numeric/fp_convert.h"

static int f32_gt(uint32_t x, uint32_t y)
{
    return dmlp__f32_from_bits(x) > dmlp__f32_from_bits(y);
}
static int f64_gt(uint64_t x, uint64_t y)
{
    return dmlp__f64_from_bits(x) > dmlp__f64_from_bits(y);
}
static int f16_gt(uint16_t x, uint16_t y) { return dmlp__f16_to_f32(x) > dmlp__f16_to_f32(y); }
static int bf16_gt(uint16_t x, uint16_t y)
{
    return dmlp__bf16_to_f32(x) > dmlp__bf16_to_f32(y);
}

#define INT_GT(t, T)                                                                        \
    static int t##_gt(T x, T y) { return x > y; }
INT_GT(i8, int8_t)
INT_GT(u8, uint8_t)
INT_GT(i16, int16_t)
INT_GT(u16, uint16_t)
INT_GT(i32, int32_t)
INT_GT(u32, uint32_t)
INT_GT(i64, int64_t)
INT_GT(u64, uint64_t)

LOGICAL_KERNEL(i8, gt, int8_t)
LOGICAL_KERNEL(u8, gt, uint8_t)
LOGICAL_KERNEL(i16, gt, int16_t)
LOGICAL_KERNEL(u16, gt, uint16_t)
LOGICAL_KERNEL(i32, gt, int32_t)
LOGICAL_KERNEL(u32, gt, uint32_t)
LOGICAL_KERNEL(i64, gt, int64_t)
LOGICAL_KERNEL(u64, gt, uint64_t)
LOGICAL_KERNEL(f16, gt, uint16_t)
LOGICAL_KERNEL(bf16, gt, uint16_t)
LOGICAL_KERNEL(f32, gt, uint32_t)
LOGICAL_KERNEL(f64, gt, uint64_t)
#endif

#undef OP
#undef OP_DESC
