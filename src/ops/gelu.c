/* ACTIVATION_GELU: GELU(x) = 0.5 x (1 + erf(x / sqrt2)) (docs/operators.md). f32, f16 and
   bf16: the exact value rounded once to nearest even in the type
   (src/numeric/cr_gelu.c), for every input, the subnormal results of negative x (f32:
   down to about x = -14.36) and the half of a subnormal x (a tie that x^2/sqrt(2 pi)
   decides) included: +-0 gives +-0, +inf gives +inf, -inf gives -0 (the limit), a NaN
   comes back quiet with its sign and payload. f64: the double-double value rounded to
   nearest, within 0.5 ulp + 2^-92 relative (within 1 ulp below 2^-1022). ONNX's Gelu
   with approximate = "tanh" is another function, the extension operator
   ACTIVATION_GELU_TANH (gelu_tanh.c). */
#include "ops/op.h"

#define OP DML_OPERATOR_ACTIVATION_GELU
#define OP_DESC DML_ACTIVATION_GELU_OPERATOR_DESC

DMLP_OP(ACTIVATION_GELU, gelu, gelu, "Gelu", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  gelu      ACTIVATION_GELU: x/2 (1 + erf(x/sqrt2)), correctly rounded\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_SUPPORT(5_1, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

/* approximate = "tanh" is 0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3))): gelu_tanh.c */
DMLP_ONNX_WHEN("approximate", STRING, "none", "none")
DMLP_ONNX(20, "float16, float, double, bfloat16", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table
   (kernels/reference_table16.h); f32 and f64 run the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_gelu, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_gelu, 4, 4, NO, NO)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_gelu, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_gelu, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "numeric/cr_gelu.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

DMLP__REFERENCE_MAP(f32_gelu, uint32_t, uint32_t,
                    dmlp__cr_gelu(dmlp__f32_from_bits(x), DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_gelu, uint16_t, uint16_t,
                    dmlp__cr_gelu(dmlp__f16_to_f32(x), DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_gelu, uint16_t, uint16_t,
                    dmlp__cr_gelu(dmlp__bf16_to_f32(x), DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_gelu, uint64_t, uint64_t,
                    dmlp__f64_bits(dmlp__cr_gelu_f64(dmlp__f64_from_bits(x))))
DMLP__REFERENCE_TABLE16(f16_gelu)
DMLP__REFERENCE_TABLE16(bf16_gelu)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
TABLE16_KERNEL(f16, gelu)
TABLE16_KERNEL(bf16, gelu)
#endif

#undef OP
#undef OP_DESC
