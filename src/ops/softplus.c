/* ACTIVATION_SOFTPLUS: ln(1 + e^(Steepness x)) / Steepness, the exact value at the float
   Steepness rounded once to nearest-even in the type (src/numeric/cr_softplus.c;
   docs/operators.md): Steepness x is an exact product, never a rounded one, and where it
   is large the result is x itself. +-0 give ln 2 / Steepness; +inf gives +inf and -inf
   +0 (a positive Steepness); a NaN comes back quiet with its sign and payload. DirectML's
   page says Steepness "cannot be less than 1" but sets no error for it: every value is
   taken, by the formula (IEEE 754's rules where it meets 0, an infinity or NaN:
   Steepness 0 gives +-inf, 0 * inf and inf / inf the positive default NaN). f64: within
   1 ULP. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTPLUS
#define OP_DESC DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTPLUS, softplus, softplus, "Softplus", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  softplus  ACTIVATION_SOFTPLUS: ln(1 + e^(steepness * x)) / steepness, correctly\n"
        "            rounded (--steepness, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Steepness, 1.0f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Softplus has no attributes: Steepness 1. 22 adds bfloat16. */
DMLP_ONNX_FLOAT(NULL, Steepness, 1.0f)
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

CR_KERNEL_ROWS(softplus)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_softplus.h"

static uint32_t softplus_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_softplus_narrow(x, args->param[0], frac, exp);
}

static double softplus_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__softplus_f64(x, args->param[0]);
}

CR_REFERENCE_KERNELS(softplus)
#endif

#undef OP
#undef OP_DESC
