/* ELEMENT_WISE_SIN: sin(x), x in radians (docs/operators.md, docs/accuracy.md), from
   the correctly rounded core numeric/cr_trig.c: f32, f16 and bf16 get the exact value
   rounded once to nearest even (f16 and bf16 never through binary32) for every input,
   the largest included, as the reduction by pi/2 is exact (Payne-Hanek). sin(+-0) =
   +-0; +-inf gives the type's positive default quiet NaN; a NaN comes back quiet with
   its sign and payload; a subnormal x gives x (x^3/6 is far below half its ulp). f64:
   within 0.5 ULP + 2^-99 relative. With a ScaleBias, of x * Scale + Bias computed as
   Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_SIN
#define OP_DESC DML_ELEMENT_WISE_SIN_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_SIN, sin, sin, "Sin", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  sin       ELEMENT_WISE_SIN: sin(x), x in radians, correctly rounded (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* 22 adds bfloat16. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(7, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table, built once; f32 has
   a fast kernel for |x| < 2^20 (kernels/vector_crtrig.inc: Cody and Waite's reduction,
   results decided or left to the reference); f64 runs the reference. */
CR_FAST_KERNEL_ROWS(sin)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_trig.h"

CR_MEMBERLESS_REFERENCE_KERNELS(sin)
CR_REFERENCE_TABLES(sin)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_FAST_KERNELS_LEAN(sin, sin_lean_block, sin_lanes64)
#endif

#undef OP
#undef OP_DESC
