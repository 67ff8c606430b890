/* ACTIVATION_LINEAR: Alpha * x + Beta (docs/operators.md): the product rounded, then the
   sum rounded, in the type's arithmetic (f16 and bf16 through f32, rounded once to the
   type at the end; f64 with the members widened). A NaN input comes back quiet with its
   payload; a NaN the arithmetic makes (inf * 0, inf - inf, a NaN member) is the positive
   default NaN (ops/piecewise.h). DirectML has no default for either member and ONNX no
   Linear, so both are required everywhere. */
#include "ops/op.h"
#include "ops/piecewise.h"

#define OP DML_OPERATOR_ACTIVATION_LINEAR
#define OP_DESC DML_ACTIVATION_LINEAR_OPERATOR_DESC

DMLP_OP(ACTIVATION_LINEAR, linear, linear, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  linear    ACTIVATION_LINEAR: alpha * x + beta (--alpha and --beta required)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(FLOAT, Alpha), DMLP_FIELD(FLOAT, Beta))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

PIECEWISE_KERNELS(linear)
PIECEWISE_CHAIN(linear, DMLP__CHAIN_LINEAR)

#ifndef DMLP_OPS_LIST
static float linear_f32(float x, const dmlp__kernel_args *args)
{
    float product = args->param[0] * x;
    float sum = product + args->param[1];
    return sum;
}

static double linear_f64(double x, const dmlp__kernel_args *args)
{
    double product = (double)args->param[0] * x;
    double sum = product + (double)args->param[1];
    return sum;
}

PIECEWISE_REFERENCE(linear)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
static ALWAYS_INLINE V linear_v32(V x, const kc *c)
{
    return fromf32(fadd32(fmul32(tof32(c->p[0]), tof32(x)), tof32(c->p[1])));
}
static ALWAYS_INLINE V linear_v64(V x, const kc *c)
{
    return fromf64(fadd64(fmul64(tof64(c->p[0]), tof64(x)), tof64(c->p[1])));
}
PIECEWISE_VECTOR(linear)
#endif

#undef OP
#undef OP_DESC
