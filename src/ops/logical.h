/* What LogicalAnd and LogicalOr share: DirectML's support rows, ONNX's versions, the kernel
   rows and the reference kernels of UINT8 and UINT32, which differ only by the operation
   `x OP y` on "nonzero". Included by those operators' files in the place of their own. */
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

#endif
