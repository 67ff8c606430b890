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
   (kernels/reference_table16.h); f32 has a fast kernel (below); f64 runs the reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_gelu_tanh, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_gelu_tanh, 4, 4, YES, YES)
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
#include "numeric/cr_gelu_tanh_tables.h"

TABLE16_KERNEL(f16, gelu_tanh)
TABLE16_KERNEL(bf16, gelu_tanh)

/* x / (1 + e^-v), v = 2c x (1 + a x^2), as cr_gelu_tanh.c's fast path: within
   (7 |v| + 3.1) u there (u = 2^-53; exp_core64's 1.1u for exp_fast's 1.05u). The lanes
   decide x in (-11, 10), where |v| < 112.5: below 791u, decided with 2048 steps (one
   lane in about 130,000 is left open). x >= 10 gives x (+inf included), x <= -11 gives
   -0 (-inf included), +-0 gives itself; results below binary32's normal range go to
   the reference. */
static ALWAYS_INLINE F64 gelu_tanh_lanes64(F64 x, M64 *open)
{
    F64 one = splat64f(1.0);
    F64 w = EXP_FMA64(splat64f(DMLP__GELU_TANH_A_HI), fmul64(x, x), one);
    F64 v = fmul64(fmul64(splat64f(DMLP__GELU_TANH_TWO_C_HI), x), w);
    F64 y = fdiv64(x, fadd64(one, exp_core64(fsub64(tof64(zero()), v))));
    M64 same = fge64(fromf64(x), fromf64(splat64f(10.0))) | feq64(fromf64(x), zero());
    M64 deep = fge64(fromf64(splat64f(-11.0)), fromf64(x));
    return x_or_neg_zero64(x, y, same, deep, 2048, open);
}

/* The lean block, every x but NaN: the same x / (1 + e^-v) with e^-v from exp_lean64 on
   x clamped to [-11, 10]: |v| < 112.5 keeps |k| < 2^12, where exp_lean64 is within
   2^-38.48 (2^-44.4 with 64 pieces), which the quotient passes at most once; the rest of
   the lanes' bound, (7 |v| + 2.05) u, adds 2^-43.37: 24,209 steps (about 1,140), inside
   DMLP__EXP_LEAN_STEPS (tools/gen_exp_lean_poly.py checks it). The lanes' x, -0 and
   +-0 are set here; subnormal results are decided on their own grid. */
static ALWAYS_INLINE F64 gelu_tanh_lean64(F64 x, M64 *open)
{
    F64 one = splat64f(1.0);
    F64 xc = fmin64(fmax64(x, splat64f(-11.0)), splat64f(10.0));
    F64 w = EXP_FMA64(splat64f(DMLP__GELU_TANH_A_HI), fmul64(xc, xc), one);
    F64 v = fmul64(fmul64(splat64f(DMLP__GELU_TANH_TWO_C_HI), xc), w);
    F64 y = fdiv64(xc, fadd64(one, exp_lean64(fsub64(tof64(zero()), v))));
    M64 same = fge64(fromf64(x), fromf64(splat64f(10.0))) | feq64(fromf64(x), zero());
    M64 deep = fge64(fromf64(splat64f(-11.0)), fromf64(x));
    *open = mandn(same | deep, f32_open_or_subnormal64(y, DMLP__EXP_LEAN_STEPS));
    y = tof64(sel64(same, fromf64(x), fromf64(y)));
    return tof64(sel64(deep, fromf64(splat64f(-0.0)), fromf64(y)));
}

static ALWAYS_INLINE int gelu_tanh_lean_block(V x, V *r)
{
    M32 nan = gt32(vand(x, set32(0x7fffffff)), set32(0x7f800000));
    return lean_lanes_block(x, nan, gelu_tanh_lean64, r);
}

CR_F32_KERNEL_LEAN(gelu_tanh, gelu_tanh_lean_block, gelu_tanh_lanes64, no_fix32)
#endif

#undef OP
#undef OP_DESC
