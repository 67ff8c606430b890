/* ACTIVATION_HARDMAX1: Hardmax along the axes of its Axes member (AxisCount of them,
   distinct, each below the DimensionCount): the row of an element is every element
   that differs from it only on those axes: 1 at the first largest element of each row
   (row order: the axes outermost first), 0 elsewhere. A NaN counts as larger than
   every number (numpy's argmax, ONNX's reference); -0 and +0 are equal, so the first
   wins. */
#include "ops/op.h"
#include "ops/along_axes.h"

#define OP DML_OPERATOR_ACTIVATION_HARDMAX1
#define OP_DESC DML_ACTIVATION_HARDMAX1_OPERATOR_DESC

DMLP_OP(ACTIVATION_HARDMAX1, hardmax, hardmax, "Hardmax", DMLP_SAME_TYPE,
        DMLP_IN_PLACE,
        "  hardmax   ACTIVATION_HARDMAX1: 1 at the row's first largest element, else 0\n"
        "            (--axes, default the last)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(AXIS_COUNT, AxisCount), DMLP_FIELD(AXES, Axes))
DMLP_ROWS(DMLP__HARDMAX)

ALONG_AXES_SUPPORT

#undef OP
#undef OP_DESC
