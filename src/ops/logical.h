/* What the logical operators share. LogicalAnd and LogicalOr (and Xor): DirectML's support
   rows, ONNX's versions, the kernel rows and the reference kernels of UINT8 and UINT32,
   which differ only by the operation `x OP y` on "nonzero". The comparisons
   (GreaterThan, Equals, LessThan, GreaterThanOrEqual, LessThanOrEqual): their support
   rows, output types, kernel rows and reference kernels, which differ only by the C
   comparison. Included by those operators' files in the place of their own. */
#ifndef DMLP_OPS_LOGICAL_H
#define DMLP_OPS_LOGICAL_H

#define BOOLEAN_SUPPORT                                                                     \
    DMLP_SUPPORT(1_0, 4, 4, (U32))                                                          \
    DMLP_SUPPORT(2_0, 4, 4, (U32, U8))                                                      \
    DMLP_SUPPORT(3_0, 1, 8, (U32, U8))

/* bool: 1 (legacy broadcast) and 7 (numpy broadcasting) */
#define BOOLEAN_ONNX                                                                        \
    DMLP_ONNX(7, "bool", 0, 0, 0)                                                           \
    DMLP_ONNX(1, "bool", 0, 0, 0)

#define BOOLEAN_KERNELS(op)                                                                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, NO, NO)                      \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, NO, NO)

/* The reference kernels (kernels/reference_logical.h): 1 where (x != 0) OP (y != 0). */
#define BOOLEAN_REFERENCE(op, OP)                                                           \
    static int u8_##op(uint8_t x, uint8_t y) { return (x != 0) OP(y != 0); }                \
    static int u32_##op(uint32_t x, uint32_t y) { return (x != 0) OP(y != 0); }             \
    LOGICAL_KERNEL(u8, op, uint8_t)                                                         \
    LOGICAL_KERNEL(u32, op, uint32_t)

/* The comparisons of DirectML 1_0 (GreaterThan, Equals, LessThan): FLOAT32 and FLOAT16,
   the 8-, 16- and 32-bit integers from 2_1, the 64-bit ones from 4_1 (FLOAT64 and
   BFLOAT16 as extensions), into UINT32 (1_0) or UINT32 and UINT8 (from 2_0) whatever the
   inputs' type. */
#define COMPARISON_SUPPORT                                                                  \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_OUTPUT_TYPES(1_0, (U32))                                                           \
    DMLP_OUTPUT_TYPES(2_0, (U32, U8))                                                       \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* GreaterThanOrEqual and LessThanOrEqual, introduced at 3_0 with the rows the others have
   there. */
#define COMPARISON_SUPPORT_3_0                                                              \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_OUTPUT_TYPES(3_0, (U32, U8))                                                       \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* The types of ONNX's comparisons from Greater-9, Less-9, Equal-11 and the ...OrEqual-12
   on; `bfloat16` joins at 13 (16 for the ...OrEqual). */
#define COMPARISON_ONNX_TYPES                                                               \
    "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, double"

/* The kernel rows: the kernels write UINT8 or UINT32 (args->out_size); the row's type and
   bytes are the inputs'. */
#define COMPARISON_KERNELS(op)                                                              \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_##op, 1, NO, NO)                       \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, NO, NO)                      \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_##op, 2, NO, NO)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_##op, 2, NO, NO)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_##op, 4, NO, NO)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, NO, NO)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_##op, 8, NO, NO)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_##op, 8, NO, NO)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, NO, NO)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, NO, NO)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, NO, NO)                   \
    DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, NO, NO)

/* The reference kernels (kernels/reference_logical.h): 1 where `a OP b`. Floats compare as
   numbers: FLOAT16 and BFLOAT16 widened exactly to binary32, so a comparison with a NaN
   is false (!= aside, which no operator uses), -0 equals +0 and subnormals are ordered as
   the numbers they are. Integers compare in their own type (signed or unsigned). */
#define COMPARISON_REFERENCE_INT(t, T, op, OP)                                              \
    static int t##_##op(T x, T y) { return x OP y; }                                        \
    LOGICAL_KERNEL(t, op, T)
#define COMPARISON_REFERENCE(op, OP)                                                        \
    static int f32_##op(uint32_t x, uint32_t y)                                             \
    {                                                                                       \
        return dmlp__f32_from_bits(x) OP dmlp__f32_from_bits(y);                            \
    }                                                                                       \
    static int f64_##op(uint64_t x, uint64_t y)                                             \
    {                                                                                       \
        return dmlp__f64_from_bits(x) OP dmlp__f64_from_bits(y);                            \
    }                                                                                       \
    static int f16_##op(uint16_t x, uint16_t y)                                             \
    {                                                                                       \
        return dmlp__f16_to_f32(x) OP dmlp__f16_to_f32(y);                                  \
    }                                                                                       \
    static int bf16_##op(uint16_t x, uint16_t y)                                            \
    {                                                                                       \
        return dmlp__bf16_to_f32(x) OP dmlp__bf16_to_f32(y);                                \
    }                                                                                       \
    LOGICAL_KERNEL(f16, op, uint16_t)                                                       \
    LOGICAL_KERNEL(bf16, op, uint16_t)                                                      \
    LOGICAL_KERNEL(f32, op, uint32_t)                                                       \
    LOGICAL_KERNEL(f64, op, uint64_t)                                                       \
    COMPARISON_REFERENCE_INT(i8, int8_t, op, OP)                                            \
    COMPARISON_REFERENCE_INT(u8, uint8_t, op, OP)                                           \
    COMPARISON_REFERENCE_INT(i16, int16_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u16, uint16_t, op, OP)                                         \
    COMPARISON_REFERENCE_INT(i32, int32_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u32, uint32_t, op, OP)                                         \
    COMPARISON_REFERENCE_INT(i64, int64_t, op, OP)                                          \
    COMPARISON_REFERENCE_INT(u64, uint64_t, op, OP)

#endif
