/* What the operators along axes share (softmax.c, log_softmax.c, hardmax.c and their 5_1
   forms): their support rows, the same for the six, and the ONNX versions of the 5_1
   ones. They have no kernels of their own: core/plan_rows.c walks each row through
   numeric/softmax_row.h's passes. No include guard: each file expands the rows with the
   row kinds its includer defined. */

/* DirectML's 1_0 forms: along the last axis, an effective rank of at most 2. */
#define ALONG_LAST_AXIS_SUPPORT                                                             \
    DMLP_SUPPORT(1_0, 4, 4, (F32, F16))                                                     \
    DMLP_SUPPORT(2_0, 4, 5, (F32, F16))                                                     \
    DMLP_SUPPORT(3_0, 1, 8, (F32, F16))                                                     \
    DMLP_EXTENSION_TYPES((F64, BF16))

/* The 5_1 forms, with AxisCount and Axes. ONNX's Softmax, LogSoftmax and Hardmax: 1 and
   11 coerce the input to 2-D at `axis` (default 1), so the row is every axis from it on;
   13 takes the one `axis` (default -1) and adds bfloat16. */
#define ALONG_AXES_SUPPORT                                                                  \
    DMLP_SUPPORT(5_1, 1, 8, (F32, F16))                                                     \
    DMLP_EXTENSION_TYPES((F64, BF16))                                                       \
    DMLP_ONNX_AXES(13)                                                                      \
    DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)                              \
    DMLP_ONNX(11, "float16, float, double", 0, 0, 0)                                        \
    DMLP_ONNX(1, "float16, float, double", 0, 0, 0)

#ifndef DMLP_OPS_LIST
#include "numeric/softmax_row.h"
#endif
