/* ACTIVATION_PARAMETRIC_SOFTPLUS: Alpha ln(1 + e^(Beta x)), the exact value at the float
   Alpha and Beta rounded once to nearest-even in the type (src/numeric/cr_softplus.c;
   docs/operators.md): Beta x and, where it matters, Alpha Beta x are exact products.
   +-0 give Alpha ln 2; with Beta > 0, +inf gives Alpha * inf and -inf Alpha * +0; a NaN
   comes back quiet with its sign and payload. IEEE 754's rules where the formula meets
   0, an infinity or NaN: Alpha 0 gives a zero of its sign, Beta x of 0 and an infinity
   or an infinite Alpha times +0 the positive default NaN. DirectML has no default for
   either member and ONNX no ParametricSoftplus (it was experimental, since removed), so
   both are required everywhere. f64: within 1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS
#define OP_DESC DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC

DMLP_OP(ACTIVATION_PARAMETRIC_SOFTPLUS, parametric_softplus, parametric_softplus, NULL,
        DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  parametric_softplus ACTIVATION_PARAMETRIC_SOFTPLUS: alpha * ln(1 + e^(beta * x)),\n"
        "            correctly rounded (--alpha and --beta required)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(FLOAT, Alpha), DMLP_FIELD(FLOAT, Beta))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_KERNEL_ROWS(parametric_softplus)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_softplus.h"

static uint32_t parametric_softplus_narrow(double x, const dmlp__kernel_args *args, int frac,
                                           int exp)
{
    return dmlp__cr_parametric_softplus_narrow(x, args->param[0], args->param[1], frac, exp);
}

static double parametric_softplus_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__parametric_softplus_f64(x, args->param[0], args->param[1]);
}

CR_REFERENCE_KERNELS(parametric_softplus)
#endif

#undef OP
#undef OP_DESC
