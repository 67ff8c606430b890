/* ACTIVATION_SOFTMAX1: Softmax along the axes of its Axes member (AxisCount of them,
   distinct, each below the DimensionCount): the row of an element is every element
   that differs from it only on those axes: e^(x - m) / sum e^(x - m) (m the row's
   largest value), the exact value rounded once to nearest even for FLOAT32, FLOAT16
   and BFLOAT16, whatever the order of the sum (numeric/softmax_row.c); FLOAT64 within
   1 ULP. A row holding a NaN gives its first NaN, made quiet, everywhere; a row
   holding +inf, or only -inf, the default NaN; a -inf element gives +0. */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_SOFTMAX1
#define OP_DESC DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC

DMLP_OP(ACTIVATION_SOFTMAX1, softmax, softmax, "Softmax", DMLP_SAME_TYPE,
        DMLP_NOT_IN_PLACE("Softmax never runs in place (a row is read again after its first "
                          "results are written)"),
        "  softmax   ACTIVATION_SOFTMAX1: e^x / sum of e^x along the row, correctly rounded\n"
        "            (--axes, default the last)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(AXIS_COUNT, AxisCount), DMLP_FIELD(AXES, Axes))
DMLP_ROWS(DMLP__SOFTMAX, DMLP_AXES_FIELD)

DMLP_SUPPORT(5_1, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* ONNX's Softmax: 1 and 11 coerce the input to 2-D at `axis` (default 1), so the row is
   every axis from it on; 13 takes the one `axis` (default -1) and adds bfloat16. */
DMLP_ONNX_AXES(13)
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(11, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

#ifndef DMLP_OPS_LIST
/* No kernels of its own: core/plan_rows.c walks the rows through these passes. */
#include "numeric/softmax_row.h"
#endif

#undef OP
#undef OP_DESC
