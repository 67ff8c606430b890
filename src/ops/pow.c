/* ELEMENT_WISE_POW: InputTensor to the power of ExponentTensor, broadcast by strides as
   the other two-input operators: the exact x^y rounded once to nearest even in the type
   (numeric/cr_pow.c; docs/operators.md, docs/accuracy.md) with C99's special values. A
   NaN base comes back quiet with its sign and payload, else a NaN exponent (x^0 and 1^y
   are 1 even so). With a ScaleBias, of x * Scale + Bias computed as Identity computes
   it: the base only. The exponent has the base's type (DirectML allows another from 3_0;
   dmlp refuses it). Integer types are not run yet. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_POW
#define OP_DESC DML_ELEMENT_WISE_POW_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_POW, pow, power, "Pow", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  pow       ELEMENT_WISE_POW: a^b, correctly rounded (of a * scale + bias with\n"
        "            --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(INPUT, ExponentTensor),
        DMLP_FIELD(OUTPUT, OutputTensor), DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX: 1 (legacy broadcast and axis), 7 (numpy broadcasting), 12 (the exponent may have
   another type: refused here unless it is the base's), 13 (+ bfloat16), 15 (+ bfloat16
   exponents). Integer bases are refused (docs/onnx.md). */
DMLP_ONNX(15, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(12, "float16, float, double", 0, 0, 0)
DMLP_ONNX(7, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_pow, 2, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_pow, 4, NO, NO)
DMLP_BINARY_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_pow, 8, NO, NO)
DMLP_BINARY_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_pow, 2, NO, NO)

#ifndef DMLP_OPS_LIST
#include "kernels/reference_binary.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_pow.h"

#define POW_OF(t, T)                                                                        \
    static T t##_pow(T x, T y, const dmlp__kernel_args *args)                               \
    {                                                                                       \
        return dmlp__pow_##t(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x, y);      \
    }
POW_OF(f16, uint16_t)
POW_OF(bf16, uint16_t)
POW_OF(f32, uint32_t)
POW_OF(f64, uint64_t)
#undef POW_OF
BINARY_KERNEL_ARGS(f16, pow, uint16_t)
BINARY_KERNEL_ARGS(bf16, pow, uint16_t)
BINARY_KERNEL_ARGS(f32, pow, uint32_t)
BINARY_KERNEL_ARGS(f64, pow, uint64_t)
#endif

#undef OP
#undef OP_DESC
