/* ACTIVATION_GELU_TANH, a dmlp extension operator (numbered 0x1001,
   DMLP_DEVICE_FLAG_EXTENSIONS only): ONNX's Gelu with approximate = "tanh",
   0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) with sqrt(2/pi) the real number and
   0.044715 the exact decimal (docs/operators.md). f32, f16 and bf16: the exact value
   rounded once to nearest even in the type (src/numeric/cr_gelu_tanh.c), for every input:
   +-0 gives +-0, +inf gives +inf, -inf gives -0 (the limit), a NaN comes back quiet with
   its sign and payload. f64: the double-double value rounded to nearest, within 0.5 ulp +
   2^-90 relative (within 1 ulp below 2^-969). Gelu with approximate = "none" is
   ACTIVATION_GELU (gelu.c). Not fusable (DirectML's list is its own). */
#include "ops/op.h"

#define OP DMLP_OPERATOR_ACTIVATION_GELU_TANH
#define OP_DESC DMLP_ACTIVATION_GELU_TANH_OPERATOR_DESC

DMLP_OP(ACTIVATION_GELU_TANH, gelu_tanh, gelu_tanh, "Gelu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  gelu_tanh ACTIVATION_GELU_TANH: x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),\n"
        "            correctly rounded (an extension)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_EXTENSION_OPERATOR()
/* ACTIVATION_GELU's rows */
DMLP_SUPPORT(5_1, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_ONNX_WHEN("approximate", STRING, "tanh", "none")
DMLP_ONNX(20, "float16, float, double, bfloat16", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table
   (kernels/reference_table16.h); f32 and f64 run the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_gelu_tanh, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_gelu_tanh, 4, 4, NO, NO)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_gelu_tanh, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_gelu_tanh, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "numeric/cr_gelu_tanh.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

DMLP__REFERENCE_MAP(f32_gelu_tanh, uint32_t, uint32_t,
                    dmlp__cr_gelu_tanh(dmlp__f32_from_bits(x), DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_gelu_tanh, uint16_t, uint16_t,
                    dmlp__cr_gelu_tanh(dmlp__f16_to_f32(x), DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_gelu_tanh, uint16_t, uint16_t,
                    dmlp__cr_gelu_tanh(dmlp__bf16_to_f32(x), DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_gelu_tanh, uint64_t, uint64_t,
                    dmlp__f64_bits(dmlp__cr_gelu_tanh_f64(dmlp__f64_from_bits(x))))
DMLP__REFERENCE_TABLE16(f16_gelu_tanh)
DMLP__REFERENCE_TABLE16(bf16_gelu_tanh)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
TABLE16_KERNEL(f16, gelu_tanh)
TABLE16_KERNEL(bf16, gelu_tanh)
#endif

#undef OP
#undef OP_DESC
