/* ACTIVATION_MISH, a dmlp extension operator (numbered 0x1000, DMLP_DEVICE_FLAG_EXTENSIONS
   only): ONNX's Mish, x tanh(ln(1 + e^x)) (docs/operators.md). f32, f16 and bf16: the
   exact value rounded once to nearest even in the type (src/numeric/cr_mish.c), for every
   input, subnormal results included: +-0 gives +-0, +inf gives +inf, -inf gives -0 (the
   limit; ONNX's reference computes -inf * 0 = NaN there), a NaN comes back quiet with its
   sign and payload. f64: the double-double value rounded to nearest, within 0.5 ulp +
   2^-96 relative (within 1 ulp below 2^-969). DirectML has no Mish and does not fuse it:
   no DMLP_FUSABLE row. */
#include "ops/op.h"

#define OP DMLP_OPERATOR_ACTIVATION_MISH
#define OP_DESC DMLP_ACTIVATION_MISH_OPERATOR_DESC

DMLP_OP(ACTIVATION_MISH, mish, mish, "Mish", DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  mish      ACTIVATION_MISH: x tanh(ln(1 + e^x)), correctly rounded (an extension)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor))

DMLP_EXTENSION_OPERATOR()
/* ACTIVATION_GELU's rows: the activation of its generation, as ONNX types it */
DMLP_SUPPORT(5_1, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

DMLP_ONNX(22, "float16, float, double, bfloat16", 0, 0, 0)
DMLP_ONNX(18, "float16, float, double", 0, 0, 0)

/* f16 and bf16 look their results up in the reference's own table
   (kernels/reference_table16.h); f32 has a fast kernel (below); f64 runs the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_mish, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_mish, 4, 4, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT64, f64_mish, 8, 8, NO, NO)
DMLP_KERNEL(DMLP_TENSOR_DATA_TYPE_BFLOAT16, bf16_mish, 2, 2, YES, YES)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/reference_table16.h"
#include "numeric/cr_mish.h"
#include "numeric/cr_round.h"
#include "numeric/fp_convert.h"

DMLP__REFERENCE_MAP(f32_mish, uint32_t, uint32_t,
                    dmlp__cr_mish(dmlp__f32_from_bits(x), DMLP__F32_FORMAT))
DMLP__REFERENCE_MAP(f16_mish, uint16_t, uint16_t,
                    dmlp__cr_mish(dmlp__f16_to_f32(x), DMLP__F16_FORMAT))
DMLP__REFERENCE_MAP(bf16_mish, uint16_t, uint16_t,
                    dmlp__cr_mish(dmlp__bf16_to_f32(x), DMLP__BF16_FORMAT))
DMLP__REFERENCE_MAP(f64_mish, uint64_t, uint64_t,
                    dmlp__f64_bits(dmlp__cr_mish_f64(dmlp__f64_from_bits(x))))
DMLP__REFERENCE_TABLE16(f16_mish)
DMLP__REFERENCE_TABLE16(bf16_mish)
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
TABLE16_KERNEL(f16, mish)
TABLE16_KERNEL(bf16, mish)

/* x n / (n + 2), n = t (t + 2), t = e^x, as cr_mish.c's fast path: 11.2u there with
   exp_fast's 1.05u, 11.3u with exp_core64's 1.1u (u = 2^-53); decided with 32 steps.
   x >= 20 gives x (+inf included), x <= -120 gives -0 (-inf included), +-0 gives itself;
   results below binary32's normal range (x below about -87, subnormal x) go to the
   reference. */
static ALWAYS_INLINE F64 mish_lanes64(F64 x, M64 *open)
{
    F64 two = splat64f(2.0);
    F64 t = exp_core64(x);
    F64 n = fmul64(t, fadd64(t, two));
    F64 y = fmul64(x, fdiv64(n, fadd64(n, two)));
    M64 same = fge64(fromf64(x), fromf64(splat64f(20.0))) | feq64(fromf64(x), zero());
    M64 deep = fge64(fromf64(splat64f(-120.0)), fromf64(x));
    return x_or_neg_zero64(x, y, same, deep, 32, open);
}

CR_F32_KERNEL(mish, mish_lanes64, no_fix32)
#endif

#undef OP
#undef OP_DESC
