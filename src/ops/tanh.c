/* ELEMENT_WISE_TANH: tanh(x), the exact value rounded once to nearest-even in the type
   (src/numeric/cr_tanh.c; docs/operators.md, docs/accuracy.md): ±0 gives ±0, ±inf ±1, a
   NaN comes back quiet with its sign and payload; f64 within 0.5 ULP + 2^-90 relative.
   With a ScaleBias, of x * Scale + Bias computed as Identity computes it. ACTIVATION_TANH
   (activation_tanh.c) is the same function without the ScaleBias. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_TANH
#define OP_DESC DML_ELEMENT_WISE_TANH_OPERATOR_DESC

/* ONNX's Tanh is ACTIVATION_TANH's (available from 1_0). */
DMLP_OP(ELEMENT_WISE_TANH, tanh, tanh, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  tanh      ELEMENT_WISE_TANH: tanh(x), correctly rounded (of x * scale + bias\n"
        "            with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(2_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_FAST_KERNEL_ROWS(tanh)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_tanh.h"

CR_MEMBERLESS_REFERENCE_KERNELS(tanh)
CR_REFERENCE_TABLES(tanh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_FAST_KERNELS_LEAN(tanh, tanh_lean_block, tanh_lanes64)
#endif

#undef OP
#undef OP_DESC
