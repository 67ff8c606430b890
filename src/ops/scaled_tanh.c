/* ACTIVATION_SCALED_TANH: Alpha * tanh(Beta * x), the exact value of the whole rounded
   once to nearest-even in the type (src/numeric/cr_tanh.c; docs/operators.md). The
   products follow IEEE 754's special cases with tanh(±inf) = ±1 and tanh(±0) = ±0: Beta
   * x of an infinity and 0, or an infinite Alpha times tanh(±0), gives the type's
   positive default NaN, as does a NaN Alpha or Beta; a NaN x comes back quiet with its
   sign and payload. f64: Beta * x taken exactly, within 0.5 ULP + 2^-90 relative. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SCALED_TANH
#define OP_DESC DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC

/* ONNX had ScaledTanh only as an experimental operator of opset 1, since removed. */
DMLP_OP(ACTIVATION_SCALED_TANH, scaled_tanh, scaled_tanh, NULL, DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  scaled_tanh ACTIVATION_SCALED_TANH: alpha * tanh(beta * x), correctly rounded\n"
        "            (--alpha, default 1; --beta, default 0.5)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD_DEFAULT(FLOAT, Alpha, 1.0f), DMLP_FIELD_DEFAULT(FLOAT, Beta, 0.5f))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_KERNEL_ROWS(scaled_tanh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_tanh.h"

static uint32_t scaled_tanh_narrow(double x, const dmlp__kernel_args *args, int frac, int exp)
{
    return dmlp__cr_scaled_tanh_narrow(x, args->param[0], args->param[1], frac, exp);
}

static double scaled_tanh_wide(double x, const dmlp__kernel_args *args)
{
    return dmlp__cr_scaled_tanh_f64(x, args->param[0], args->param[1]);
}

CR_REFERENCE_KERNELS(scaled_tanh)
#endif

#undef OP
#undef OP_DESC
