/* ACTIVATION_LEAKY_RELU: x if x >= 0, else Alpha * x (docs/operators.md). The page's
   comparison decides: -0 >= 0, so -0 gives -0; a negative x (-inf too) gives Alpha * x
   rounded in the type's arithmetic (f16 and bf16 through f32, rounded once); a NaN
   comes back quiet with its sign and payload, and a NaN the product makes (-inf * 0, a
   NaN Alpha) is the positive default NaN (ops/piecewise.h). ONNX's LeakyRelu is the
   same formula, so its rows need no flag. */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_LEAKY_RELU
#define OP_DESC DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_LEAKY_RELU, leaky_relu, leaky_relu, "LeakyRelu", DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  leaky_relu ACTIVATION_LEAKY_RELU: x if x >= 0, else alpha * x (--alpha, default\n"
        "            0.01)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 0.01f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* LeakyRelu-1 differs from 6 by the legacy consumed_inputs attribute; 16 adds bfloat16. */
DMLP_ONNX_FLOAT("alpha", Alpha, 0.01f)
DMLP_ONNX(16, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

PIECEWISE_KERNELS(leaky_relu)
PIECEWISE_CHAIN(leaky_relu, DMLP__CHAIN_LEAKY_RELU)

#ifndef DMLP_OPS_LIST
static float leaky_relu_f32(float x, const dmlp__kernel_args *args)
{
    if (x >= 0.0f || piecewise_isnan32(x))
        return x;
    float y = args->param[0] * x;
    return y;
}

static double leaky_relu_f64(double x, const dmlp__kernel_args *args)
{
    if (x >= 0.0 || piecewise_isnan64(x))
        return x;
    double y = (double)args->param[0] * x;
    return y;
}

PIECEWISE_REFERENCE(leaky_relu)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* The lanes below 0 (an IEEE compare: not -0) take the product; a NaN lane keeps x,
   which the NaN rule then fixes. */
static ALWAYS_INLINE V leaky_relu_v32(V x, const kc *c)
{
    V p = fromf32(fmul32(tof32(c->p[0]), tof32(x)));
    return sel32(fgt32(zero(), x), p, x);
}
static ALWAYS_INLINE V leaky_relu_v64(V x, const kc *c)
{
    V p = fromf64(fmul64(tof64(c->p[0]), tof64(x)));
    return sel64(fgt64(zero(), x), p, x);
}
PIECEWISE_VECTOR(leaky_relu)
#endif

#undef OP
#undef OP_DESC
