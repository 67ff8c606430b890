/* ELEMENT_WISE_LOG: the natural logarithm of x (docs/operators.md), correctly rounded:
   float32, float16 and bfloat16 get the exact log(x) rounded once to nearest even in the
   type; float64 within 2^-99 of log(x) relative before its one rounding (cr_log.h says
   what that guarantees). ±0 gives -inf, +inf gives +inf, 1 gives +0, below zero (-inf
   too) the type's positive default quiet NaN, a NaN comes back quiet with its sign and
   payload. With a ScaleBias, of x * Scale + Bias computed as Identity computes it. */
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_LOG
#define OP_DESC DML_ELEMENT_WISE_LOG_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_LOG, log, log, "Log", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  log       ELEMENT_WISE_LOG: the natural logarithm of x, correctly rounded; -inf at\n"
        "            0, NaN below zero (of x * scale + bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* Version 1 differs from 6 by the legacy consumed_inputs attribute, which says nothing
   about the result. */
DMLP_ONNX(13, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(6, "float16, float, double", 0, 0, 0)
DMLP_ONNX(1, "float16, float, double", 0, 0, DMLP_ONNX_CONSUMED_INPUTS)

/* Fast kernels: f32 in f64 lanes (kernels/vector_crmath.inc), a lean block first; f16
   and bf16 by a lookup in the reference's own table (kernels/reference_table16.h); f64
   runs the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_log, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_log, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_log, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_log, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_log.h"

#define LOG_REFERENCE(t, T)                                                                 \
    DMLP__REFERENCE_MAP(t##_log, T, T,                                                      \
                        dmlp__log_##t(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x))
LOG_REFERENCE(f16, uint16_t)
LOG_REFERENCE(bf16, uint16_t)
LOG_REFERENCE(f32, uint32_t)
LOG_REFERENCE(f64, uint64_t)
#undef LOG_REFERENCE
DMLP__REFERENCE_TABLE16(f16_log)
DMLP__REFERENCE_TABLE16(bf16_log)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
CR_F32_KERNEL_LEAN(log, log_lean_block, log_lanes64, log_fix32)
TABLE16_KERNEL(f16, log)
TABLE16_KERNEL(bf16, log)
#endif

#undef OP
#undef OP_DESC
