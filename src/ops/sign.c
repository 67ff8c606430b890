/* ELEMENT_WISE_SIGN: -1, 0 or +1 in the input's type (docs/operators.md). Floats are
   decided on the bits, so -0 gives +0 and a subnormal is a number like any other; a NaN
   gives +0, or with DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's and numpy's rule) the input
   NaN made quiet, payload kept. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_SIGN
#define OP_DESC DML_ELEMENT_WISE_SIGN_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_SIGN, sign, sign, "Sign", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  sign      ELEMENT_WISE_SIGN: -1, 0 or +1 in the input's type (NaN gives 0)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_1, 4, 4, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(4_1, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8, I64, U64))
DMLP_EXTENSION_TYPES((F64, BF16))

/* numpy's sign, ONNX's reference, gives NaN for NaN */
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(9, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_sign, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_sign, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_sign, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_sign, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_sign, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_sign, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_sign, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_sign, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_sign, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_sign, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_sign, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_sign, 2, 2, YES, YES)

DMLP_CHAIN(DMLP__CHAIN_SIGN)

#ifndef DMLP_OPS_LIST
/* The reference kernels: written for clarity; every fast kernel is compared against them
   bit for bit. */
#include "kernels/reference.h"

DMLP__REFERENCE_MAP(i8_sign, int8_t, int8_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i16_sign, int16_t, int16_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i32_sign, int32_t, int32_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(i64_sign, int64_t, int64_t, (x > 0) - (x < 0))
DMLP__REFERENCE_MAP(u8_sign, uint8_t, uint8_t, x != 0)
DMLP__REFERENCE_MAP(u16_sign, uint16_t, uint16_t, x != 0)
DMLP__REFERENCE_MAP(u32_sign, uint32_t, uint32_t, x != 0)
DMLP__REFERENCE_MAP(u64_sign, uint64_t, uint64_t, x != 0)

/* A binary floating-point format, by the bits that matter to Sign. */
typedef struct float_format {
    uint64_t sign;  /* the sign bit */
    uint64_t inf;   /* +infinity: every magnitude above it is a NaN */
    uint64_t quiet; /* the quiet-NaN bit */
    uint64_t one;   /* +1.0 */
} float_format;

static const float_format f16_format = {0x8000u, 0x7c00u, 0x0200u, 0x3c00u};
static const float_format bf16_format = {0x8000u, 0x7f80u, 0x0040u, 0x3f80u};
static const float_format f32_format = {0x80000000u, 0x7f800000u, 0x00400000u, 0x3f800000u};
static const float_format f64_format = {0x8000000000000000u, 0x7ff0000000000000u,
                                        0x0008000000000000u, 0x3ff0000000000000u};

static uint64_t float_sign(uint64_t x, const float_format *f, uint32_t nan_propagate)
{
    uint64_t magnitude = x & ~f->sign;
    if (magnitude > f->inf) /* NaN: +0, or the input NaN made quiet (payload kept) */
        return nan_propagate ? (x | f->quiet) : 0;
    if (magnitude == 0)
        return 0;
    return (x & f->sign) | f->one;
}

DMLP__REFERENCE_MAP(f16_sign, uint16_t, uint16_t,
                    float_sign(x, &f16_format, args->nan_propagate))
DMLP__REFERENCE_MAP(bf16_sign, uint16_t, uint16_t,
                    float_sign(x, &bf16_format, args->nan_propagate))
DMLP__REFERENCE_MAP(f32_sign, uint32_t, uint32_t,
                    float_sign(x, &f32_format, args->nan_propagate))
DMLP__REFERENCE_MAP(f64_sign, uint64_t, uint64_t,
                    float_sign(x, &f64_format, args->nan_propagate))
#endif

#undef OP
#undef OP_DESC
