/* ACTIVATION_THRESHOLDED_RELU: x if x > Alpha, else 0 (docs/operators.md). The compare
   is IEEE's on the exact values (f16 and bf16 widened, f64 against Alpha widened): a NaN
   input or a NaN Alpha gives +0, as does every x not above Alpha; x itself otherwise,
   unchanged. ONNX's ThresholdedRelu is the same formula (its reference: numpy's
   where(x > alpha, x, 0)), so its rows need no flag. */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU
#define OP_DESC DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_THRESHOLDED_RELU, thresholded_relu, thresholded_relu, "ThresholdedRelu",
        DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  thresholded_relu ACTIVATION_THRESHOLDED_RELU: x if x > alpha, else 0 (--alpha,\n"
        "            default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_ONNX_FLOAT("alpha", Alpha, 1.0f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(10, "float16, float, double", 0, 0, 0)

PIECEWISE_KERNELS(thresholded_relu)
PIECEWISE_CHAIN(thresholded_relu, DMLP__CHAIN_THRESHOLDED_RELU)

#ifndef DMLP_OPS_LIST
static float thresholded_relu_f32(float x, const dmlp__kernel_args *args)
{
    return x > args->param[0] ? x : 0.0f;
}

static double thresholded_relu_f64(double x, const dmlp__kernel_args *args)
{
    return x > (double)args->param[0] ? x : 0.0;
}

PIECEWISE_REFERENCE(thresholded_relu)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
static ALWAYS_INLINE V thresholded_relu_v32(V x, const kc *c)
{
    return sel32(pw_gt32(tof32(x), tof32(c->p[0])), x, zero());
}
static ALWAYS_INLINE V thresholded_relu_v64(V x, const kc *c)
{
    return sel64(pw_gt64(tof64(x), tof64(c->p[0])), x, zero());
}
PIECEWISE_VECTOR_NAN(thresholded_relu, 0)
#endif

#undef OP
#undef OP_DESC
