/* ACTIVATION_HARD_SIGMOID: max(0, min(Alpha * x + Beta, 1)) (docs/operators.md). t =
   Alpha * x + Beta is rounded after each operation in the type's arithmetic (f16 and bf16
   through f32); min and max are DirectML's GPU ones (IEEE 754-2019 minimumNumber and
   maximumNumber, -0 below +0), so a NaN t gives 1 and a t of -0 gives +0. With
   DMLP_EXECUTION_FLAG_NAN_PROPAGATE (ONNX's rule: its reference is numpy's clip, where a
   NaN stays) a NaN t gives NaN: the input made quiet, or the positive default NaN when
   the arithmetic made it (ops/piecewise.h). */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_HARD_SIGMOID
#define OP_DESC DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC

DMLP_OP(ACTIVATION_HARD_SIGMOID, hard_sigmoid, hard_sigmoid, "HardSigmoid", DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  hard_sigmoid ACTIVATION_HARD_SIGMOID: max(0, min(alpha * x + beta, 1)) (--alpha,\n"
        "            default 0.2; --beta, default 0.5; NaN gives 1, or with --nan\n"
        "            propagate NaN)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 0.2f), DMLP_FIELD_DEFAULT(FLOAT, Beta, 0.5f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* HardSigmoid-1 differs from 6 by the legacy consumed_inputs attribute. */
DMLP_ONNX_FLOAT("alpha", Alpha, 0.2f)
DMLP_ONNX_FLOAT("beta", Beta, 0.5f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(6, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE, 0)
DMLP_ONNX(1, "float16, float, double", 0, DMLP_EXECUTION_FLAG_NAN_PROPAGATE,
          DMLP_ONNX_CONSUMED_INPUTS)

PIECEWISE_KERNELS(hard_sigmoid)
PIECEWISE_CHAIN(hard_sigmoid, DMLP__CHAIN_HARD_SIGMOID)

#ifndef DMLP_OPS_LIST
/* The clamp of t to [+0, 1]; NaN as the rule in force says. */
static float hard_sigmoid_clamp32(float t, uint32_t propagate)
{
    if (piecewise_isnan32(t))
        return propagate ? t : 1.0f;
    if (t > 1.0f)
        return 1.0f;
    return t > 0.0f ? t : 0.0f; /* -0 and negative numbers give +0 */
}

static double hard_sigmoid_clamp64(double t, uint32_t propagate)
{
    if (piecewise_isnan64(t))
        return propagate ? t : 1.0;
    if (t > 1.0)
        return 1.0;
    return t > 0.0 ? t : 0.0;
}

static float hard_sigmoid_f32(float x, const dmlp__kernel_args *args)
{
    float product = args->param[0] * x;
    float t = product + args->param[1];
    return hard_sigmoid_clamp32(t, args->nan_propagate);
}

static double hard_sigmoid_f64(double x, const dmlp__kernel_args *args)
{
    double product = (double)args->param[0] * x;
    double t = product + (double)args->param[1];
    return hard_sigmoid_clamp64(t, args->nan_propagate);
}

PIECEWISE_REFERENCE(hard_sigmoid)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR) && !defined(DMLP_OPS_HARD_SIGMOID_VECTOR)
#define DMLP_OPS_HARD_SIGMOID_VECTOR 1
/* t clamped to [+0, 1]: fmin against 1 (never two zeros), then fmax with +0 second, which
   every level's rule for two zeros makes +0 (-0 and negative numbers give +0); a NaN t
   gives 1 or (propagating) itself. */
static ALWAYS_INLINE V hs_clamp32(V t, const kc *c)
{
    V one = set32(FONE32);
    V r = fromf32(fmax32(fmin32(tof32(t), tof32(one)), tof32(zero())));
    return sel32(feq32(t, t), r, c->propagate ? t : one);
}
static ALWAYS_INLINE V hs_clamp64(V t, const kc *c)
{
    V one = set64(FONE64);
    V r = fromf64(fmax64(fmin64(tof64(t), tof64(one)), tof64(zero())));
    return sel64(feq64(t, t), r, c->propagate ? t : one);
}
static ALWAYS_INLINE V hs_t32(V x, const kc *c)
{
    return fromf32(fadd32(fmul32(tof32(c->p[0]), tof32(x)), tof32(c->p[1])));
}
static ALWAYS_INLINE V hs_t64(V x, const kc *c)
{
    return fromf64(fadd64(fmul64(tof64(c->p[0]), tof64(x)), tof64(c->p[1])));
}
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
static ALWAYS_INLINE V hard_sigmoid_v32(V x, const kc *c) { return hs_clamp32(hs_t32(x, c), c); }
static ALWAYS_INLINE V hard_sigmoid_v64(V x, const kc *c) { return hs_clamp64(hs_t64(x, c), c); }
PIECEWISE_VECTOR_NAN(hard_sigmoid, c->propagate)
#endif

#undef OP
#undef OP_DESC
