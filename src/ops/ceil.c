/* ELEMENT_WISE_CEIL: the smallest integer not below x, in the input's float type
   (docs/operators.md). IEEE's roundToIntegralTowardPositive, which is exact: decided on the
   bits, -0.5 gives -0, ±0 and ±inf give themselves, and a NaN comes back quiet with its
   sign and payload. With a ScaleBias, of x * Scale + Bias rounded as Identity rounds it. */
#include "ops/op.h"
#include "ops/rounding.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CEIL
#define OP_DESC DML_ELEMENT_WISE_CEIL_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CEIL, ceil, ceil, "Ceil", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  ceil      ELEMENT_WISE_CEIL: the smallest integer not below x (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))
ROUNDING_SUPPORT
ROUNDING_ONNX
ROUNDING_KERNELS(ceil)
ROUNDING_CHAIN(ceil, DMLP__CHAIN_CEIL)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/round_integral.h"
#include "kernels/scale_bias.h"

ROUNDING_REFERENCE(ceil, DMLP__ROUND_UP)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
ROUNDING_VECTOR(ceil, 1)
#endif

#undef OP
#undef OP_DESC
