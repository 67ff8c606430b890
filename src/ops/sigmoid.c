/* ACTIVATION_SIGMOID: 1 / (1 + e^-x), the exact value rounded once to nearest-even in the
   type (src/numeric/cr_sigmoid.c; docs/operators.md, docs/accuracy.md). ±0 gives 0.5,
   +inf 1, -inf +0; results below half the least subnormal are +0, others correctly
   rounded subnormals; a NaN comes back quiet with its sign and payload. f64: the
   double-double evaluation rounded once (within 0.5 ULP + 2^-98 relative). */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SIGMOID
#define OP_DESC DML_ACTIVATION_SIGMOID_OPERATOR_DESC

DMLP_OP(ACTIVATION_SIGMOID, sigmoid, sigmoid, "Sigmoid", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  sigmoid   ACTIVATION_SIGMOID: 1 / (1 + e^-x), correctly rounded\n",
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

CR_FAST_KERNEL_ROWS(sigmoid)

#ifndef DMLP_OPS_LIST
#include "numeric/cr_sigmoid.h"

CR_MEMBERLESS_REFERENCE_KERNELS(sigmoid)
CR_REFERENCE_TABLES(sigmoid)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_FAST_KERNELS_LEAN(sigmoid, sigmoid_lean_block, sigmoid_lanes64)
#endif

#undef OP
#undef OP_DESC
