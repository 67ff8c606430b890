/* ACTIVATION_SWISH: x * sigmoid(SigmoidInputScale * x), the exact value of the whole
   rounded once to nearest-even in the type (src/numeric/cr_sigmoid.c; docs/operators.md).
   The products follow IEEE 754's special cases with sigmoid(+inf) = 1 and sigmoid(-inf) =
   +0: ±0 gives ±0, +inf gives +inf and -inf a NaN when the scale is above 0 (-inf * 0, as
   HardSwish), a scale of 0 with an infinite x a NaN (0 * inf); every NaN from numbers,
   and a NaN scale, is the type's positive default NaN, a NaN x comes back quiet with its
   sign and payload. f64: the scale times x taken exactly, within 0.5 ULP + 2^-92
   relative above 2^-969. ONNX has no Swish (its HardSwish is another operator). */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SWISH
#define OP_DESC DML_ACTIVATION_SWISH_OPERATOR_DESC

DMLP_OP(ACTIVATION_SWISH, swish, swish, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  swish     ACTIVATION_SWISH: x * sigmoid(scale * x), correctly rounded\n"
        "            (--sigmoidinputscale, default 1)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, SigmoidInputScale, 1.0f))

DMLP_SUPPORT(6_2, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_KERNEL_ROWS(swish)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_sigmoid.h"

static uint32_t swish_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_swish_narrow(x, args->param[0], frac, exp);
}

static double swish_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__cr_swish_f64(x, args->param[0]);
}

CR_REFERENCE_KERNELS(swish)
#endif

#undef OP
#undef OP_DESC
