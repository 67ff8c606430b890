/* What Add, Subtract and Multiply share (and Divide its ONNX history): the rows of
   DirectML's support tables, ONNX's versions, and the kernel rows of every type. Included
   by those operators' files, in the place of their own rows. */
#ifndef DMLP_OPS_ARITHMETIC_H
#define DMLP_OPS_ARITHMETIC_H

/* DirectML's tensor support of Add, Subtract and Multiply. */
#define ARITHMETIC_SUPPORT                                                                  \
    DMLP_SUPPORT(1_0, 4, 5, (F32, F16))                                                     \
    DMLP_SUPPORT(2_1, 4, 5, (F32, F16, I32, U32))                                           \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, U32))                                           \
    DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I64, I32, U64, U32))                                 \
    DMLP_SUPPORT(5_1, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))

/* ONNX's Add, Sub, Mul and Div: 1 (float16, float, double; legacy broadcast and
   consumed_inputs), 6 (+ int32, int64, uint32, uint64; legacy broadcast), 7 (numpy
   broadcasting), 13 (+ bfloat16), 14 (+ int8, int16, uint8, uint16). */
#define ARITHMETIC_TYPES6 "uint32, uint64, int32, int64, float16, float, double"
#define ARITHMETIC_ONNX                                                                     \
    DMLP_ONNX(14, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, "     \
                  "float, double, bfloat16", 0, 0, 0)                                       \
    DMLP_ONNX(13, ARITHMETIC_TYPES6 ", bfloat16", 0, 0, 0)                                 \
    DMLP_ONNX(7, ARITHMETIC_TYPES6, 0, 0, 0)                                                \
    DMLP_ONNX(6, ARITHMETIC_TYPES6, 0, 0, 0)                                                \
    DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

/* The kernel rows of every type, with the kernels' stem prefix; f32 and f64 have fast
   kernels on x86 and NEON; the 8-, 16- and 32-bit integers where INT says YES, the 64-bit
   ones where WIDE does, f16 and bf16 where F16 and BF16 do. */
#define ARITHMETIC_KERNELS(op, INT, WIDE, F16, BF16)                                        \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_##op, 1, INT, INT)                     \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_##op, 1, INT, INT)                    \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_##op, 2, INT, INT)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_##op, 2, INT, INT)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_##op, 4, INT, INT)                   \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_##op, 4, INT, INT)                  \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_##op, 8, WIDE, WIDE)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_##op, 8, WIDE, WIDE)                \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_##op, 2, F16, F16)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_##op, 4, YES, YES)                 \
    DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_##op, 8, YES, YES)                 \
    DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_##op, 2, BF16, BF16)

/* What Max and Min share besides those: DirectML's tensor support of both, and ONNX's
   versions of both, which take one or more inputs (the front end makes a chain of
   two-input nodes): 1 (float16, float, double; consumed_inputs; same shapes), 6 (same
   shapes), 8 (numpy broadcasting), 12 (+ the integer types), 13 (+ bfloat16). Their
   reference is numpy's maximum or minimum, where a NaN wins. */
#define MINMAX_SUPPORT                                                                      \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))                         \
    DMLP_SUPPORT(5_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))               \
    DMLP_EXTENSION_TYPES((F64, BF16))
#define MINMAX_TYPES12 "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, " \
                       "float, double"
#define MINMAX_ONNX                                                                         \
    DMLP_ONNX(13, MINMAX_TYPES12 ", bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,         \
              DMLP_ONNX_VARIADIC)                                                           \
    DMLP_ONNX(12, MINMAX_TYPES12, 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, DMLP_ONNX_VARIADIC)  \
    DMLP_ONNX(8, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,             \
              DMLP_ONNX_VARIADIC)                                                           \
    DMLP_ONNX(6, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,             \
              DMLP_ONNX_VARIADIC)                                                           \
    DMLP_ONNX(1, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,             \
              DMLP_ONNX_VARIADIC | DMLP_ONNX_CONSUMED_INPUTS)

#endif
