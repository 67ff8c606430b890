/* ACTIVATION_RELU: max(0, x) (docs/operators.md). DirectML's page is silent on NaN and on
   -0, so the API follows DirectML's GPU max (IEEE 754-2019 maximumNumber, -0 below +0):
   NaN gives +0 and -0 gives +0. With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule: its
   reference is numpy's maximum(x, 0)) it is IEEE 754-2019 maximum: a NaN comes back made
   quiet, and -0 still gives +0. Integers: x where x > 0, else 0. */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_RELU
#define OP_DESC DML_ACTIVATION_RELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_RELU, relu, relu, "Relu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  relu      ACTIVATION_RELU: max(0, x) (-0 gives +0; NaN gives +0, or with --nan\n"
        "            propagate NaN)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_SUPPORT(5_1, 1, 8, (F32, F16, I32, I16, I8))
DMLP_EXTENSION_TYPES((F64, BF16, I64))

/* ONNX's reference, numpy's maximum(x, 0), propagates NaN. Relu-1 differs from 6 by the
   legacy consumed_inputs attribute, which says nothing about the result. */
DMLP_ONNX(14, "float, int32, int8, int16, int64, float16, double, bfloat16", 0,
          DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(13, "float, float16, double, bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(6, "float, float16, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(1, "float, float16, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_CONSUMED_INPUTS)

DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT8, i8_relu, 1, 1, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT16, i16_relu, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT32, i32_relu, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_INT64, i64_relu, 8, 8, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_relu, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_relu, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_relu, 8, 8, YES, YES)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_relu, 2, 2, YES, YES)
/* graphs run a float Relu inside a chain kernel (its NaN rule the chain's) */
DMLP_CHAIN(DMLP__CHAIN_RELU)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"

DMLP__REFERENCE_MAP(i8_relu, int8_t, int8_t, x > 0 ? x : 0)
DMLP__REFERENCE_MAP(i16_relu, int16_t, int16_t, x > 0 ? x : 0)
DMLP__REFERENCE_MAP(i32_relu, int32_t, int32_t, x > 0 ? x : 0)
DMLP__REFERENCE_MAP(i64_relu, int64_t, int64_t, x > 0 ? x : 0)

/* On the bits: a float is above zero when its sign is clear and its magnitude nonzero,
   and a NaN when its magnitude is above infinity's. */
static uint64_t float_relu(uint64_t x, uint64_t sign, uint64_t inf, uint64_t quiet,
                           uint32_t nan_propagate)
{
    uint64_t magnitude = x & ~sign;
    if (magnitude > inf) /* NaN: +0, or the NaN made quiet */
        return nan_propagate ? x | quiet : 0;
    return x & sign ? 0 : x; /* a negative number or -0 gives +0 */
}

DMLP__REFERENCE_MAP(f16_relu, uint16_t, uint16_t,
                    float_relu(x, 0x8000u, 0x7c00u, 0x0200u, args->nan_propagate))
DMLP__REFERENCE_MAP(bf16_relu, uint16_t, uint16_t,
                    float_relu(x, 0x8000u, 0x7f80u, 0x0040u, args->nan_propagate))
DMLP__REFERENCE_MAP(f32_relu, uint32_t, uint32_t,
                    float_relu(x, 0x80000000u, 0x7f800000u, 0x00400000u, args->nan_propagate))
DMLP__REFERENCE_MAP(f64_relu, uint64_t, uint64_t,
                    float_relu(x, 0x8000000000000000u, 0x7ff0000000000000u,
                               0x0008000000000000u, args->nan_propagate))
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The fast kernels: lanes with the sign bit set (negative numbers, -0, and for integers
   the negative values) give +0; float NaN lanes give +0, or with nan_propagate the NaN
   made quiet. */
MAP_BLOCK(blk_relu_s8, sel8(ltz8(x), zero(), x))
MAP_BLOCK(blk_relu_s16, sel16(ltz16(x), zero(), x))
MAP_BLOCK(blk_relu_s32, sel32(ltz32(x), zero(), x))
MAP_BLOCK(blk_relu_s64, sel64(ltz64(x), zero(), x))
MAP_KERNEL(i8, relu, 1, blk_relu_s8, setup_none)
MAP_KERNEL(i16, relu, 2, blk_relu_s16, setup_none)
MAP_KERNEL(i32, relu, 4, blk_relu_s32, setup_none)
MAP_KERNEL(i64, relu, 8, blk_relu_s64, setup_none)
/* the float maps are the vocabulary's relu_f16/f32/f64, which the chains share */
MAP_KERNEL(f16, relu, 2, relu_f16, setup_f16)
MAP_KERNEL(bf16, relu, 2, relu_f16, setup_bf16)
MAP_KERNEL(f32, relu, 4, relu_f32, setup_f32)
MAP_KERNEL(f64, relu, 8, relu_f64, setup_f64)
#endif

#undef OP
#undef OP_DESC
