/* ELEMENT_WISE_IDENTITY: a copy of the input, bit for bit, for every type; with a
   ScaleBias (float types only), x * Scale + Bias with each operation rounded separately
   to nearest even: in binary32 for FLOAT32, and for FLOAT16 and BFLOAT16 after widening
   exactly to binary32, then rounded once to the type; in binary64 for FLOAT64 (Scale and
   Bias widened exactly). NaN is decided on the bits, so every CPU path gives the same
   one: a NaN input comes back quiet with its sign and payload, and a NaN the arithmetic
   makes (inf * 0, inf - inf, a NaN Scale or Bias) is the type's positive default quiet
   NaN (kernels/scale_bias.c). */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_IDENTITY
#define OP_DESC DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_IDENTITY, identity, identity, "Identity", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  identity  ELEMENT_WISE_IDENTITY: a copy, or x * scale + bias (float types) with\n"
        "            --scale and --bias\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 5, (F32, F16))
DMLP_SUPPORT(2_1, 4, 5, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16, I32, I16, I8, U32, U16, U8))
DMLP_SUPPORT(4_1, 1, 8, (F64, F32, F16, I64, I32, I16, I8, U64, U32, U16, U8))
DMLP_EXTENSION_TYPES((BF16, E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ))

/* Identity's later versions (14, 16, 21, ...) add sequence, optional and 4-bit types
   only: for the tensor types here version 19 holds on. */
DMLP_ONNX(19, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16, float8e4m3fn, float8e4m3fnuz, float8e5m2, "
              "float8e5m2fnuz", 0, 0, 0)
DMLP_ONNX(13, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
              "double, bool, bfloat16", 0, 0, 0)
DMLP_ONNX(1, "uint8, uint16, uint32, uint64, int8, int16, int32, int64, float16, float, "
             "double, bool", 0, 0, 0)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_identity, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT8, u8_identity, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_identity, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT16, u16_identity, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_identity, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT32, u32_identity, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_identity, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_UINT64, u64_identity, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_identity, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_identity, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_identity, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_identity, 2, 2, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, f8e5m2_identity, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FN, f8e4m3fn_identity, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E4M3FNUZ, f8e4m3fnuz_identity, 1, 1, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2FNUZ, f8e5m2fnuz_identity, 1, 1, YES, YES)

/* Without a ScaleBias Identity changes nothing, so a chain takes it as no map. */
DMLP_CHAIN(0)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/scale_bias.h"

/* Without a ScaleBias every type is a copy (in place: nothing to do). */
#define COPY_OR(name, size, T, scaled)                                                      \
    DMLP__REFERENCE_MAP(name##_scaled, T, T, scaled(x, args))                               \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        if (args->scale_bias) {                                                             \
            dmlp__##name##_scaled__reference(n, in, out, args);                             \
            return;                                                                         \
        }                                                                                   \
        if (n && in != out)                                                                 \
            memmove(out, in, n * (size));                                                   \
    }
#define COPY(name, size)                                                                    \
    DMLP__REFERENCE_KERNEL(name)                                                            \
    {                                                                                       \
        (void)args;                                                                         \
        if (n && in != out)                                                                 \
            memmove(out, in, n * (size));                                                   \
    }

COPY_OR(f16_identity, 2, uint16_t, dmlp__scale_bias_f16)
COPY_OR(bf16_identity, 2, uint16_t, dmlp__scale_bias_bf16)
COPY_OR(f32_identity, 4, uint32_t, dmlp__scale_bias_f32)
COPY_OR(f64_identity, 8, uint64_t, dmlp__scale_bias_f64)
COPY(i8_identity, 1)
COPY(u8_identity, 1)
COPY(i16_identity, 2)
COPY(u16_identity, 2)
COPY(i32_identity, 4)
COPY(u32_identity, 4)
COPY(i64_identity, 8)
COPY(u64_identity, 8)
COPY(f8e4m3fn_identity, 1)
COPY(f8e4m3fnuz_identity, 1)
COPY(f8e5m2_identity, 1)
COPY(f8e5m2fnuz_identity, 1)
#endif

#undef OP
#undef OP_DESC
