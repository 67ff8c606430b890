/* ACTIVATION_TANH: (1 - e^-2x) / (1 + e^-2x) = tanh(x), the exact value rounded once to
   nearest-even in the type, the same results as ELEMENT_WISE_TANH (tanh.c) without its
   ScaleBias (docs/operators.md): ±0 gives ±0, ±inf ±1, a NaN comes back quiet with its
   sign and payload. ONNX's Tanh runs this operator. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_TANH
#define OP_DESC DML_ACTIVATION_TANH_OPERATOR_DESC

DMLP_OP(ACTIVATION_TANH, activation_tanh, activation_tanh, "Tanh", DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  activation_tanh\n"
        "            ACTIVATION_TANH: tanh(x), correctly rounded\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_FUSABLE()

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(2_0, 4, 5, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Version 1 differs from 6 by the legacy consumed_inputs attribute. */
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

CR_FAST_KERNEL_ROWS(activation_tanh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_tanh.h"

static uint32_t activation_tanh_narrow(double x, const dmlp__kernel_args *args, int frac,
                                       int exp)
{
    (void)args;
    return dmlp__cr_tanh_narrow(x, frac, exp);
}

static double activation_tanh_wide(double x, const dmlp__kernel_args *args)
{
    (void)args;
    return dmlp__cr_tanh_f64(x);
}

CR_REFERENCE_KERNELS(activation_tanh)
CR_REFERENCE_TABLES(activation_tanh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_FAST_KERNELS_LEAN(activation_tanh, tanh_lean_block, tanh_lanes64)
#endif

#undef OP
#undef OP_DESC
