/* ELEMENT_WISE_COSH: the hyperbolic cosine of x, the exact value rounded once to nearest-
   even in the type (src/numeric/cr_sinh.c; docs/operators.md, docs/accuracy.md): +-0 gives
   1, +-inf gives +inf, as does every |x| from the type's overflow threshold, a NaN comes
   back quiet with its sign and payload; f64 within 0.5 ULP + 2^-98 relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_COSH
#define OP_DESC DML_ELEMENT_WISE_COSH_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_COSH, cosh, cosh, "Cosh", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  cosh      ELEMENT_WISE_COSH: the hyperbolic cosine, correctly rounded (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Opset 22 adds bfloat16 to 9's types; the function is the same. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(9, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table, built once; f32 has
   a fast kernel (kernels/vector_crmath.inc: e^|x| on f64 lanes, results decided or left
   to the reference); f64 runs the reference. */
CR_FAST_KERNEL_ROWS(cosh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_sinh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(cosh)
CR_REFERENCE_TABLES(cosh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_FAST_KERNELS_LEAN(cosh, cosh_lean_block, cosh_lanes64)
#endif

#undef OP
#undef OP_DESC
