/* ACTIVATION_HARDMAX: Hardmax along the last axis of a tensor whose effective rank
   (its DimensionCount without the leading axes of size 1) is at most 2: 1 at the first
   largest element of each row (row order: the axes outermost first), 0 elsewhere. A
   NaN counts as larger than every number (numpy's argmax, ONNX's reference); -0 and +0
   are equal, so the first wins. */
#include "ops/op.h"
#include "ops/along_axes.h"

#define OP DML_OPERATOR_ACTIVATION_HARDMAX
#define OP_DESC DML_ACTIVATION_HARDMAX_OPERATOR_DESC

DMLP_OP(ACTIVATION_HARDMAX, hardmax_2d, hardmax_2d, NULL, DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  hardmax_2d ACTIVATION_HARDMAX: 1 at the row's first largest element, else 0\n"
        "            (last axis; effective rank <= 2)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_ROWS(DMLP__HARDMAX)

ALONG_LAST_AXIS_SUPPORT

#undef OP
#undef OP_DESC
