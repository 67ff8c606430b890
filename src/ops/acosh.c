/* ELEMENT_WISE_ACOSH: the inverse hyperbolic cosine of x, the exact value rounded once to
   nearest-even in the type (src/numeric/cr_asinh.c; docs/operators.md, docs/accuracy.md): 1
   gives +0, +inf gives +inf, below 1 (-0 and -inf too) the type's positive default quiet
   NaN, a NaN comes back quiet with its sign and payload; f64 within 0.5 ULP + 2^-97
   relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ACOSH
#define OP_DESC DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ACOSH, acosh, acosh, "Acosh", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  acosh     ELEMENT_WISE_ACOSH: the inverse hyperbolic cosine, correctly rounded; NaN\n"
        "            below 1 (of x * scale + bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Opset 22 adds bfloat16 to 9's types; the function is the same. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(9, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table, built once; f32 and
   f64 run the reference, itself the correctly rounded function. */
CR_TABLE16_KERNEL_ROWS(acosh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_asinh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(acosh)
CR_REFERENCE_TABLES(acosh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_TABLE16_KERNELS(acosh)
#endif

#undef OP
#undef OP_DESC
