/* ELEMENT_WISE_DIVIDE: a / b, broadcast (docs/operators.md): floats rounded once to
   nearest even in the type (src/kernels/reference_binary.h); integers truncate toward
   zero (INT_MIN / -1 is INT_MIN). The core refuses an integer division by zero before it
   runs a kernel; called directly with a 0 divisor, the kernels give 0 rather than trap. */
#include "ops/op.h"
#include "ops/arithmetic.h"

#define OP DML_OPERATOR_ELEMENT_WISE_DIVIDE
#define OP_DESC DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_DIVIDE, div, divide, "Div", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  div       ELEMENT_WISE_DIVIDE: a / b (integers truncate; a 0 divisor is refused)\n",
        DMLP_FIELD(INPUT, ATensor), DMLP_FIELD(INPUT, BTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, U32))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, U32))
DMLP_SUPPORT(5_1, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(6_0, 1, 8, (F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((F64, BF16))
DMLP_ZERO_DIVISOR("division")
ARITHMETIC_ONNX
ARITHMETIC_KERNELS(div, YES, NO, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"

DMLP__FLOAT_OPS(div, /)
#define SIGNED_DIV(t, T, U)                                                                 \
    static T t##_div(T x, T y)                                                              \
    {                                                                                       \
        if (y == 0)                                                                         \
            return 0;                                                                       \
        if (y == -1)                                                                        \
            return (T)(U)(0u - (U)x);                                                       \
        return (T)(x / y);                                                                  \
    }
#define UNSIGNED_DIV(t, T)                                                                  \
    static T t##_div(T x, T y) { return y == 0 ? 0 : (T)(x / y); }
SIGNED_DIV(i8, int8_t, uint8_t)
SIGNED_DIV(i16, int16_t, uint16_t)
SIGNED_DIV(i32, int32_t, uint32_t)
SIGNED_DIV(i64, int64_t, uint64_t)
UNSIGNED_DIV(u8, uint8_t)
UNSIGNED_DIV(u16, uint16_t)
UNSIGNED_DIV(u32, uint32_t)
UNSIGNED_DIV(u64, uint64_t)
DMLP__BINARY_ALL_TYPES(div)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The 8-, 16- and 32-bit integers: each lane's quotient through a float division held
   exact (ops/quotient_vector.h says why it is trunc(a / b) for every operand). */
#include "ops/quotient_vector.h"
#define INT_DIVIDE(t, w, sign)                                                              \
    static ALWAYS_INLINE V idiv_##t(V x, V y, const kc *c)                                  \
    {                                                                                       \
        (void)c;                                                                            \
        return quotient##w(x, y, sign);                                                     \
    }
INT_DIVIDE(i8, 8, 1)
INT_DIVIDE(u8, 8, 0)
INT_DIVIDE(i16, 16, 1)
INT_DIVIDE(u16, 16, 0)
INT_DIVIDE(i32, 32, 1)
INT_DIVIDE(u32, 32, 0)
#undef INT_DIVIDE
BINARY_KERNEL(i8, div, 1, idiv_i8, setup_none)
BINARY_KERNEL(u8, div, 1, idiv_u8, setup_none)
BINARY_KERNEL(i16, div, 2, idiv_i16, setup_none)
BINARY_KERNEL(u16, div, 2, idiv_u16, setup_none)
QUOTIENT_KERNEL32(i32, div, idiv_i32)
QUOTIENT_KERNEL32(u32, div, idiv_u32)
#endif

#undef OP
#undef OP_DESC
