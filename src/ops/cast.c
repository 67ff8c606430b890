/* CAST: each element converted to the output tensor's type (docs/operators.md): round to
   nearest even; float to integer truncates and saturates, NaN gives 0 (or ONNX's results
   with DMLP_EXECUTION_FLAG_CAST_ONNX); integer to integer wraps. One kernel per (input
   type, output type) pair: the conversion engine of src/kernels/cast_convert.c. */
#include "ops/op.h"

#define OP DML_OPERATOR_CAST
#define OP_DESC DML_CAST_OPERATOR_DESC

DMLP_OP(CAST, cast, cast, "Cast", DMLP_OUTPUT_LISTED,
        DMLP_NOT_IN_PLACE("Cast never runs in place (DirectML's page does not allow it)"),
        "  cast      CAST: each element converted to the dtype --to names (DirectML's\n"
        "            rules: round to nearest even; float to integer truncates and\n"
        "            saturates, NaN gives 0; integer to integer wraps)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

/* The output takes any type of the same list. */
DMLP_SUPPORT(1_0, 4, 4, (F32, F16, I16, I8, U16, U8))
DMLP_SUPPORT(3_0, 4, 4, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_SUPPORT(3_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_SUPPORT(4_1, 1, 8, (F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ))

/* The input and the `to` type both from the list; ONNX's reference evaluator's
   float-to-integer results (numpy on x86-64). Versions 9, 21 and 23 add string, 4-bit and
   float4 types, which dmlp does not hold: for its types they are version 6's, 19's and
   19's. Version 1 names `to` as a string. */
DMLP_ONNX(23, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(21, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(19, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(9, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double, bool", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(6, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double, bool", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)
DMLP_ONNX(1, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double, bool", 0, DMLP_EXECUTION_FLAG_CAST_ONNX, 0)

/* Every pair of these types, each way and each with itself (a copy): X(..., the type,
   its name stem, its bytes) for each; two copies of the list let the cross product nest.
   No fast conversion kernel exists yet: every X86 and ARM column is NO. */
#define CAST_TYPES_A(X)                                                                     \
    X(DML_TENSOR_DATA_TYPE_INT8, i8, 1)                                                     \
    X(DML_TENSOR_DATA_TYPE_UINT8, u8, 1)                                                    \
    X(DML_TENSOR_DATA_TYPE_INT16, i16, 2)                                                   \
    X(DML_TENSOR_DATA_TYPE_UINT16, u16, 2)                                                  \
    X(DML_TENSOR_DATA_TYPE_INT32, i32, 4)                                                   \
    X(DML_TENSOR_DATA_TYPE_UINT32, u32, 4)                                                  \
    X(DML_TENSOR_DATA_TYPE_INT64, i64, 8)                                                   \
    X(DML_TENSOR_DATA_TYPE_UINT64, u64, 8)                                                  \
    X(DML_TENSOR_DATA_TYPE_FLOAT16, f16, 2)                                                 \
    X(DML_TENSOR_DATA_TYPE_FLOAT32, f32, 4)                                                 \
    X(DML_TENSOR_DATA_TYPE_FLOAT64, f64, 8)                                                 \
    X(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16, 2)                                              \
    X(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, f8e5m2, 1)                                         \
    X(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, f8e4m3fn, 1)                                     \
    X(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, f8e4m3fnuz, 1)                                 \
    X(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, f8e5m2fnuz, 1)
#define CAST_TYPES_B(X, I, i, ib)                                                           \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_INT8, i8, 1)                                           \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_UINT8, u8, 1)                                          \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_INT16, i16, 2)                                         \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_UINT16, u16, 2)                                        \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_INT32, i32, 4)                                         \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_UINT32, u32, 4)                                        \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_INT64, i64, 8)                                         \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_UINT64, u64, 8)                                        \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_FLOAT16, f16, 2)                                       \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_FLOAT32, f32, 4)                                       \
    X(I, i, ib, DML_TENSOR_DATA_TYPE_FLOAT64, f64, 8)                                       \
    X(I, i, ib, DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16, 2)                                    \
    X(I, i, ib, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, f8e5m2, 1)                               \
    X(I, i, ib, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, f8e4m3fn, 1)                           \
    X(I, i, ib, DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, f8e4m3fnuz, 1)                       \
    X(I, i, ib, DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, f8e5m2fnuz, 1)
#define CAST_PAIR_ROW(I, i, ib, O, o, ob)                                                   \
    DMLP_CONVERT_KERNEL(I, O, i##_to_##o##_cast, ib, ob, NO, NO)
#define CAST_FROM_ROWS(I, i, ib) CAST_TYPES_B(CAST_PAIR_ROW, I, i, ib)
CAST_TYPES_A(CAST_FROM_ROWS)

#ifndef DMLP_OPS_LIST
#include "kernels/cast_convert.h"
#include "kernels/reference.h"

#define CAST_PAIR_KERNEL(I, i, ib, O, o, ob)                                                \
    DMLP__REFERENCE_KERNEL(i##_to_##o##_cast) { dmlp__cast_run(n, in, out, I, O, ib, ob, args); }
#define CAST_FROM_KERNELS(I, i, ib) CAST_TYPES_B(CAST_PAIR_KERNEL, I, i, ib)
CAST_TYPES_A(CAST_FROM_KERNELS)
#endif

#undef CAST_TYPES_A
#undef CAST_TYPES_B
#undef CAST_PAIR_ROW
#undef CAST_FROM_ROWS
#undef OP
#undef OP_DESC
