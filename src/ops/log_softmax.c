/* ACTIVATION_LOG_SOFTMAX: LogSoftmax along the last axis of a tensor whose effective
   rank (its DimensionCount without the leading axes of size 1) is at most 2: (x - m) -
   ln(sum e^(x - m)) (m the row's largest value), the exact value rounded once to
   nearest even for FLOAT32, FLOAT16 and BFLOAT16, whatever the order of the sum
   (numeric/softmax_row.c); FLOAT64 within 1 ULP. A row holding a NaN gives its first
   NaN, made quiet, everywhere; a row holding +inf, or only -inf, the default NaN; a
   -inf element gives -inf. */
#include "ops/op.h"
#include "ops/along_axes.h"

#define OP DML_OPERATOR_ACTIVATION_LOG_SOFTMAX
#define OP_DESC DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC

DMLP_OP(ACTIVATION_LOG_SOFTMAX, log_softmax_2d, log_softmax_2d, NULL, DMLP_SAME_TYPE,
        DMLP_NOT_IN_PLACE("LogSoftmax never runs in place (a row is read again after its first "
                          "results are written)"),
        "  log_softmax_2d ACTIVATION_LOG_SOFTMAX: x - ln(sum of e^x) along the\n"
        "            row, correctly rounded (last axis; effective rank <= 2)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))
DMLP_ROWS(DMLP__LOG_SOFTMAX)

ALONG_LAST_AXIS_SUPPORT

#undef OP
#undef OP_DESC
