/* ELEMENT_WISE_FLOOR: the largest integer not above x, in the input's float type
   (docs/operators.md). IEEE's roundToIntegralTowardNegative, which is exact: decided on
   the bits, 0.5 gives +0, -0.5 gives -1, ±0 and ±inf give themselves, and a NaN comes back
   quiet with its sign and payload. With a ScaleBias, of x * Scale + Bias rounded as
   Identity rounds it. */
#include "ops/op.h"
#include "ops/rounding.h"

#define OP DML_OPERATOR_ELEMENT_WISE_FLOOR
#define OP_DESC DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_FLOOR, floor, floor, "Floor", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  floor     ELEMENT_WISE_FLOOR: the largest integer not above x (of x * scale +\n"
        "            bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))
ROUNDING_SUPPORT
ROUNDING_ONNX
ROUNDING_KERNELS(floor)
ROUNDING_CHAIN(floor, DMLP__CHAIN_FLOOR)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/round_integral.h"
#include "kernels/scale_bias.h"

ROUNDING_REFERENCE(floor, DMLP__ROUND_DOWN)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
ROUNDING_VECTOR(floor, 0)
#endif

#undef OP
#undef OP_DESC
