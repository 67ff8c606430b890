/* ACTIVATION_SOFTMAX1: Softmax along the axes of its Axes member (AxisCount of them,
   distinct, each below the DimensionCount): the row of an element is every element
   that differs from it only on those axes: e^(x - m) / sum e^(x - m) (m the row's
   largest value), the exact value rounded once to nearest even for FLOAT32, FLOAT16
   and BFLOAT16, whatever the order of the sum (numeric/softmax_row.c); FLOAT64 within
   1 ULP. A row holding a NaN gives its first NaN, made quiet, everywhere; a row
   holding +inf, or only -inf, the default NaN; a -inf element gives +0. */
#include "ops/op.h"
#include "ops/along_axes.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTMAX1
#define OP_DESC DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTMAX1, softmax, softmax, "Softmax", DMLP_SAME_TYPE,
        DMLP_NOT_IN_PLACE("Softmax never runs in place (a row is read again after its first "
                          "results are written)"),
        "  softmax   ACTIVATION_SOFTMAX1: e^x / sum of e^x along the row, correctly rounded\n"
        "            (--axes, default the last)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(AXIS_COUNT, AxisCount), DMLP_FIELD(AXES, Axes))
DMLP_ROWS(DMLP__SOFTMAX)

ALONG_AXES_SUPPORT

#undef OP
#undef OP_DESC
