/* ACTIVATION_SOFTMAX: Softmax along the last axis of a tensor whose effective rank
   (its DimensionCount without the leading axes of size 1) is at most 2: e^(x - m) /
   sum e^(x - m) (m the row's largest value), the exact value rounded once to nearest
   even for FLOAT32, FLOAT16 and BFLOAT16, whatever the order of the sum
   (numeric/softmax_row.c); FLOAT64 within 1 ULP. A row holding a NaN gives its first
   NaN, made quiet, everywhere; a row holding +inf, or only -inf, the default NaN; a
   -inf element gives +0. */
#include "ops/op.h"
#include "ops/along_axes.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTMAX
#define OP_DESC DML_ACTIVATION_SOFTMAX_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTMAX, softmax_2d, softmax_2d, NULL, DMLP_SAME_TYPE,
        DMLP_NOT_IN_PLACE("Softmax never runs in place (a row is read again after its first "
                          "results are written)"),
        "  softmax_2d ACTIVATION_SOFTMAX: e^x / sum of e^x along the row,\n"
        "            correctly rounded (last axis; effective rank <= 2)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_ROWS(DMLP__SOFTMAX)

ALONG_LAST_AXIS_SUPPORT

#undef OP
#undef OP_DESC
