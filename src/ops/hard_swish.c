/* ACTIVATION_HARD_SWISH: x * HardSigmoid(x, Alpha, Beta) = x * max(0, min(Alpha * x +
   Beta, 1)) (docs/operators.md): t = Alpha * x + Beta rounded after each operation in
   the type's arithmetic (f16 and bf16 through f32), clamped as HardSigmoid clamps it
   (DirectML's GPU min and max: a NaN t gives 1, -0 gives +0), then x times that,
   rounded, and the result rounded once to the type. -inf gives -inf * 0, a NaN (the
   positive default NaN). With DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule) a NaN t
   stays a NaN. ONNX's HardSwish fixes Alpha at 1/6 (float32) and Beta at 0.5. */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_HARD_SWISH
#define OP_DESC DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC

DMLP_OP(ACTIVATION_HARD_SWISH, hard_swish, hard_swish, "HardSwish", DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  hard_swish ACTIVATION_HARD_SWISH: x * max(0, min(alpha * x + beta, 1)) (--alpha,\n"
        "            default 1/6; --beta, default 0.5)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f / 6.0f), DMLP_FIELD_DEFAULT(FLOAT, Beta, 0.5f))

DMLP_SUPPORT(6_2, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* HardSwish has no attributes: alpha = 1/6 and beta = 0.5 (its function body's
   HardSigmoid). Its reference clips with numpy, where a NaN stays. */
DMLP_ONNX_FLOAT(NULL, Alpha, 1.0f / 6.0f)
DMLP_ONNX_FLOAT(NULL, Beta, 0.5f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(14, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)

PIECEWISE_KERNELS(hard_swish)
PIECEWISE_CHAIN(hard_swish, DMLP__CHAIN_HARD_SWISH)

#ifndef DMLP_OPS_LIST
static float hard_swish_f32(float x, const dmlp__kernel_args *args)
{
    float product = args->param[0] * x;
    float t = product + args->param[1];
    float h;
    if (piecewise_isnan32(t))
        h = args->nan_propagate ? t : 1.0f;
    else
        h = t > 1.0f ? 1.0f : t > 0.0f ? t : 0.0f;
    float y = x * h;
    return y;
}

static double hard_swish_f64(double x, const dmlp__kernel_args *args)
{
    double product = (double)args->param[0] * x;
    double t = product + (double)args->param[1];
    double h;
    if (piecewise_isnan64(t))
        h = args->nan_propagate ? t : 1.0;
    else
        h = t > 1.0 ? 1.0 : t > 0.0 ? t : 0.0;
    double y = x * h;
    return y;
}

PIECEWISE_REFERENCE(hard_swish)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* HardSigmoid's clamp (ops/hard_sigmoid.c, earlier in ops.inc), then the product. */
static ALWAYS_INLINE V hard_swish_v32(V x, const kc *c)
{
    return fromf32(fmul32(tof32(x), tof32(hs_clamp32(hs_t32(x, c), c))));
}
static ALWAYS_INLINE V hard_swish_v64(V x, const kc *c)
{
    return fromf64(fmul64(tof64(x), tof64(hs_clamp64(hs_t64(x, c), c))));
}
PIECEWISE_VECTOR(hard_swish)
#endif

#undef OP
#undef OP_DESC
