/* ELEMENT_WISE_ATAN: the arctangent, the exact value rounded once to nearest-even in the
   type (src/numeric/cr_atan.c; docs/operators.md, docs/accuracy.md): +-0 gives +-0, +-inf
   +-pi/2 rounded, a NaN comes back quiet with its sign and payload; f64 within 0.5 ULP +
   2^-95 relative. With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_ATAN
#define OP_DESC DML_ELEMENT_WISE_ATAN_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_ATAN, atan, atan, "Atan", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  atan      ELEMENT_WISE_ATAN: atan(x), correctly rounded (of x * scale + bias with\n"
        "            --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX: 7, then 22 adds bfloat16. */
DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(7, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table, built once; f32 has
   a fast kernel (kernels/vector_crtrig.inc: cr_atan.c's fast path on f64 lanes, results
   decided or left to the reference); f64 runs the reference. */
CR_FAST_KERNEL_ROWS(atan)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_atan.h"

CR_MEMBERLESS_REFERENCE_KERNELS(atan)
CR_REFERENCE_TABLES(atan)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
ATAN_FAMILY_KERNELS(atan)
#endif

#undef OP
#undef OP_DESC
