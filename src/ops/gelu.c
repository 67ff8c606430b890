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
   (kernels/reference_table16.h); f32 has a kernel on f64 lanes (below), f64 runs the
   reference. */
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT16, f16_gelu, 2, 2, YES, YES)
DMLP_KERNEL(DML_TENSOR_DATA_TYPE_FLOAT32, f32_gelu, 4, 4, YES, YES)
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

/* GELU from tools/gen_erf_lanes_tables.py's G(a) = e^(a^2/2) erfc(a/sqrt2), a = |x| < 20:
   with t = e^(-x^2/2) G(a) (x^2/2 exact, e^-w from exp_core64) = erfc(|x|/sqrt2),
   x - (x/2) t for x > 0, (x/2) t below; within 2^-47, decided with
   DMLP__GELU_LANES_STEPS, subnormal results (x from about -13.2 to -20, and tiny x) on
   their own grid. x >= 5.65 (+inf included) gives x: t/2 < 2^-26.8 there, less than
   half the distance from x to the binary32 below it, relative to x, and the value lies
   below x; x <= -20 (-inf included) gives -0 (below 2^-290), +-0 itself. */
static ALWAYS_INLINE F64 gelu_lanes64(F64 x, M64 *open)
{
    const V sign_bit = set64(0x8000000000000000u);
    F64 a = fabs64(x);
    M64 near = fgt64(fromf64(splat64f(20.0)), fromf64(a)); /* false for NaN */
    a = tof64(sel64(near, fromf64(a), zero()));            /* the lookups stay in the table */
    V k = interval64(fadd64(a, splat64f(2.0)), 0x4000000000000000u >> 50);
    F64 p = interval_poly64(dmlp__gelu_lanes_coeff, k,
                            fsub64(a, lookup16_64(dmlp__gelu_lanes_centre, k)));
    F64 hx = fmul64(x, splat64f(0.5));
    F64 e = exp_core64(fmul64(hx, tof64(vxor(fromf64(x), sign_bit)))); /* -x^2/2, exact */
    F64 t = fmul64(e, p);
    F64 pos = EXP_FMA64(tof64(vxor(fromf64(hx), sign_bit)), t, x);
    F64 y = tof64(sel64(fgt64(fromf64(x), zero()), fromf64(pos), fromf64(fmul64(hx, t))));
    M64 same = fge64(fromf64(x), fromf64(splat64f(5.65))) | feq64(fromf64(x), zero());
    M64 deep = fge64(fromf64(splat64f(-20.0)), fromf64(x));
    *open = mandn(same | deep, near) & f32_open_or_subnormal64(y, DMLP__GELU_LANES_STEPS);
    y = tof64(sel64(same, fromf64(x), fromf64(y)));
    return tof64(sel64(deep, fromf64(splat64f(-0.0)), fromf64(y)));
}

/* GELU's common block, every x finite: gelu_lanes64's form with G of degree 10
   (DMLP__GELU_LEAN_TERMS, the same intervals) and e^(-x^2/2) from exp_lean64, on x
   clamped to [-14.5, 13] (an argument down to -105.125, inside its proof to 106): within
   2^-38.13 with exp's 16 pieces, 2^-40.27 with 64 (tools/gen_erf_lanes_tables.py proves
   both against the steps tested). x >= 5.65 gives x, x <= -14.5 gives -0 (GELU(-14.5)
   is below 2^-153), as gelu_lanes64; subnormal results are decided on their own grid. */
#define GELU_LEAN_STEPS EXP_PIECES(DMLP__GELU_LEAN_STEPS16, DMLP__GELU_LEAN_STEPS64)
static ALWAYS_INLINE F64 gelu_lean64(F64 x, M64 *open)
{
    const V sign_bit = set64(0x8000000000000000u);
    F64 xc = fmin64(fmax64(x, splat64f(-14.5)), splat64f(13.0));
    F64 a = fabs64(xc);
    V k = interval64(fadd64(a, splat64f(2.0)), 0x4000000000000000u >> 50);
    F64 p = interval_poly_of64(dmlp__gelu_lean_coeff, DMLP__GELU_LEAN_TERMS, k,
                               fsub64(a, lookup16_64(dmlp__gelu_lanes_centre, k)));
    F64 hx = fmul64(xc, splat64f(0.5));
    F64 t = fmul64(exp_lean64(fmul64(hx, tof64(vxor(fromf64(xc), sign_bit)))), p);
    F64 pos = EXP_FMA64(tof64(vxor(fromf64(hx), sign_bit)), t, xc);
    F64 y = tof64(sel64(fgt64(fromf64(xc), zero()), fromf64(pos), fromf64(fmul64(hx, t))));
    M64 same = fge64(fromf64(x), fromf64(splat64f(5.65)));
    M64 deep = fge64(fromf64(splat64f(-14.5)), fromf64(x));
    *open = mandn(same | deep, f32_open_or_subnormal64(y, GELU_LEAN_STEPS));
    y = tof64(sel64(same, fromf64(x), fromf64(y)));
    return tof64(sel64(deep, fromf64(splat64f(-0.0)), fromf64(y)));
}

static ALWAYS_INLINE int gelu_lean_block(V x, V *r)
{
    M32 out = gt32(vand(x, set32(0x7fffffff)), set32(0x7f7fffff)); /* infinities, NaN */
    return lean_lanes_block(x, out, gelu_lean64, r);
}

CR_F32_KERNEL_LEAN(gelu, gelu_lean_block, gelu_lanes64, no_fix32)
#endif

#undef OP
#undef OP_DESC
