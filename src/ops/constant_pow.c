/* ELEMENT_WISE_CONSTANT_POW: x^Exponent, the exact value rounded once to nearest even in
   the input's type (numeric/cr_pow.c; docs/operators.md, docs/accuracy.md), with C99's
   special values: x^0 = 1 even for a NaN x, a negative x with a non-integer Exponent the
   positive default NaN, an odd integer Exponent keeps x's sign. With a ScaleBias, of
   x * Scale + Bias computed as Identity computes it. */
#include "ops/correctly_rounded.h"
#include "ops/op.h"

#define OP DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW
#define OP_DESC DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC

DMLP_OP(ELEMENT_WISE_CONSTANT_POW, constant_pow, constant_pow, NULL, DMLP_SAME_TYPE, DMLP_IN_PLACE,
        "  constant_pow ELEMENT_WISE_CONSTANT_POW: x^exponent, correctly rounded (--exponent;\n"
        "            of x * scale + bias with --scale and --bias)\n",
        DMLP_FIELD(INPUT, InputTensor), DMLP_FIELD(OUTPUT, OutputTensor),
        DMLP_FIELD(SCALE_BIAS, ScaleBias), DMLP_FIELD(FLOAT, Exponent))

DMLP_SUPPORT(1_0, 4, 4, (F32, F16))
DMLP_SUPPORT(3_0, 1, 8, (F32, F16))
DMLP_EXTENSION_TYPES((F64, BF16))

CR_PARAM_KERNEL_ROWS(constant_pow)

#ifndef DMLP_OPS_LIST
#include "kernels/reference.h"
#include "kernels/scale_bias.h"
#include "numeric/cr_pow.h"
#include "numeric/fp_convert.h"

/* The float Exponent in each type: exact in binary64; a binary32 value that does not fit
   a 16-bit type is taken as the binary32 value (the 16-bit kernels widen the base and
   take the exponent as given, never rounded to the base's type). */
#define CONSTANT_POW_REFERENCE(t, T, pow_of)                                                \
    DMLP__REFERENCE_MAP(t##_constant_pow, T, T,                                            \
                        pow_of(args->scale_bias ? dmlp__scale_bias_##t(x, args) : x, args))
static uint32_t f32_pow_of(uint32_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f32(x, dmlp__f32_bits(args->param[0]));
}
static uint64_t f64_pow_of(uint64_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f64(x, dmlp__f64_bits((double)args->param[0]));
}
static uint16_t f16_pow_of(uint16_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_f16_by_f32(x, dmlp__f32_bits(args->param[0]));
}
static uint16_t bf16_pow_of(uint16_t x, const dmlp__kernel_args *args)
{
    return dmlp__pow_bf16_by_f32(x, dmlp__f32_bits(args->param[0]));
}
CONSTANT_POW_REFERENCE(f16, uint16_t, f16_pow_of)
CONSTANT_POW_REFERENCE(bf16, uint16_t, bf16_pow_of)
CONSTANT_POW_REFERENCE(f32, uint32_t, f32_pow_of)
CONSTANT_POW_REFERENCE(f64, uint64_t, f64_pow_of)
#undef CONSTANT_POW_REFERENCE
#endif

#if defined(DMLP_OPS_LIST) && defined(DMLP_OPS_VECTOR)
/* A finite nonzero Exponent (the rest: the reference for the whole call; x^0 is 1 even
   for a NaN x). Whether it is an integer, and odd: a negative x is taken then, with the
   sign of an odd power. */
static int constant_pow_setup(cr_params64 *c, const dmlp__kernel_args *args,
                              dmlp__unary_kernel ref)
{
    (void)ref;
    double e = args->param[0];
    if (!(e == e) || e == 0 || e - e != 0)
        return 0;
    double m = e < 0 ? -e : e;
    int integer = m >= 0x1p24 || (double)(int64_t)m == m; /* a binary32 from 2^24 is even */
    int odd = integer && m < 0x1p24 && ((int64_t)m & 1);
    c->v[0] = splat64f(e);
    c->v[1] = tof64(set64(odd ? 0x8000000000000000u : 0));
    c->v[2] = tof64(set64(integer ? ~(uint64_t)0 : 0));
    c->form = e == 1 ? 1 : e == 2 ? 2 : e == -1 ? 3 : e == 0.5 ? 4 : e == 3 ? 5 : e == 4 ? 6
            : e == -2 ? 7 : 0;
    return 1;
}

/* x^1, x^2, x^-1 and x^0.5 are one IEEE operation of binary32, rounded once: x itself,
   x x, 1 / x, the square root with pow's own special values (-0 gives +0, -inf +inf,
   x < 0 the positive default NaN, where the root gives -0, NaN, and the negative
   default NaN on x86). A NaN x comes back quiet, as the reference gives it. */
static ALWAYS_INLINE V constant_pow_one_op(V x, int form)
{
    F32 v = tof32(x);
    V r;
    if (form == 1) {
        r = x;
    } else if (form == 2) {
        r = fromf32(fmul32(v, v));
    } else if (form == 3) {
        r = fromf32(fdiv32(tof32(set32(0x3f800000)), v));
    } else {
        r = fromf32(fsqrt32(v));
        r = sel32(ltz32(x), set32(0x7fc00000), r);
        r = sel32(eq32(x, set32(0x80000000u)), zero(), r);
        r = sel32(eq32(x, set32(0xff800000u)), set32(0x7f800000), r);
    }
    return with_nans32(x, r);
}

static ALWAYS_INLINE int constant_pow_whole(size_t n, const unsigned char *in,
                                            unsigned char *out, const cr_params64 *c,
                                            const dmlp__kernel_args *args);

/* The relative error of y below, binary64 patterns: log_core64 within 2^-50.9 |log a|
   for a binary32 a, t = e log a rounded (u), so t within (2^-50.9 + u) |t|, which
   e^(t - T) carries into the result with a factor below 1.0001; exp_core64 1.1u. For
   |t| <= 104.5: below 554 steps. */
#define CONSTANT_POW_LANES_STEPS 1024

/* |x|^e = e^(e log|x|) as cr_pow.c's fast path, with the sign of an odd integer power:
   t > 89.5 gives +-inf, t < -104.5 a zero (beyond, |T - t| < 2^-41 |T|: the bounds
   hold, as in the scalar path). An exact result of binary32 lies within the bound of
   its value, far from a midpoint, and is decided; an exact midpoint is left open, as is
   every result near one; subnormal results are decided on their own grid. x = +-0,
   +-inf, and x < 0 with a non-integer exponent (a NaN) go to the reference. */
static ALWAYS_INLINE F64 constant_pow_lanes64(F64 x, const cr_params64 *c, M64 *open)
{
    F64 a = fabs64(x);
    V sign = vand(fromf64(x), fromf64(c->v[1]));
    F64 t = fmul64(c->v[0], log_core64(a));
    F64 y = exp_core64(t);
    M64 inside = within64(t, -104.5, 89.5);
    M64 big = fgt64(fromf64(t), fromf64(splat64f(89.5)));
    V far = sel64(big, set64(0x7ff0000000000000u), zero());
    M64 number = within64(a, 0x1p-149, 0x1.fffffep127);
    M64 integer = eq64(fromf64(c->v[2]), set64(~(uint64_t)0));
    M64 taken = mandn(ltz64(fromf64(x)), number) | (number & integer);
    *open = (taken & inside & f32_open_or_subnormal64(y, CONSTANT_POW_LANES_STEPS)) |
            mandn(taken, not_nan64(x));
    return tof64(vor(sel64(inside, fromf64(y), far), sign));
}

/* The common block: constant_pow_lanes64's cases by pow_lean64 (vector_crmath.inc, its
   bound) with the Exponent's kind from the setup; x < 0 with a non-integer Exponent gives
   the default NaN in the block. */
static ALWAYS_INLINE int constant_pow_lean_block(V x, const cr_params64 *c, V *r)
{
    M64 out0, out1, every = eq64(zero(), zero());
    M64 integer = eq64(fromf64(c->v[2]), set64(~(uint64_t)0));
    F64 x0 = wide_lo(x), x1 = wide_hi(x);
    F64 y0 = pow_lean64(x0, c->v[0], integer, vand(fromf64(x0), fromf64(c->v[1])), every, &out0);
    F64 y1 = pow_lean64(x1, c->v[0], integer, vand(fromf64(x1), fromf64(c->v[1])), every, &out1);
    return pow_lean_finish(out0, out1, y0, y1, r);
}

CR_F32_PARAM_KERNEL_LEAN_WITH(constant_pow, constant_pow_lean_block, constant_pow_lanes64,
                              constant_pow_setup, constant_pow_whole)

/* x^3, x^4 and x^-2 from x^2, exact in binary64 (48 bits), and one more operation
   rounded once: (x^2) x, (x^2)^2, 1 / x^2, within half a binary64 step, so the test of
   one step decides the binary32 rounding (subnormal results on their own grid; the
   overflow threshold is a midpoint, left open). Signed zeros, infinities and their
   reciprocals are pow's own (pow(+-0, -2) = +inf, pow(+-inf, -2) = +0); a NaN comes back
   quiet with its payload. */
static ALWAYS_INLINE F64 constant_pow_product64(F64 x, int form)
{
    F64 x2 = fmul64(x, x);
    return form == 5 ? fmul64(x2, x) : form == 6 ? fmul64(x2, x2) : fdiv64(splat64f(1.0), x2);
}

static ALWAYS_INLINE int constant_pow_products(size_t n, const unsigned char *in,
                                               unsigned char *out, int form,
                                               const dmlp__kernel_args *args)
{
    size_t E = VB / 4, i = 0;
    for (; n - i >= E; i += E) {
        V x = ld(in + 4 * i);
        F64 y0 = constant_pow_product64(wide_lo(x), form);
        F64 y1 = constant_pow_product64(wide_hi(x), form);
        M64 open0 = not_nan64(y0) & f32_open_or_subnormal64(y0, 1);
        M64 open1 = not_nan64(y1) & f32_open_or_subnormal64(y1, 1);
        if (any64(open0 | open1)) /* rare: the block through the reference */
            REFERENCE(f32, constant_pow)(E, in + 4 * i, out + 4 * i, args);
        else
            st(out + 4 * i, with_nans32(x, narrow_f64(y0, y1)));
    }
    if (i < n)
        REFERENCE(f32, constant_pow)(n - i, in + 4 * i, out + 4 * i, args);
    return 1;
}

static ALWAYS_INLINE int constant_pow_whole(size_t n, const unsigned char *in,
                                            unsigned char *out, const cr_params64 *c,
                                            const dmlp__kernel_args *args)
{
    if (!c->form)
        return 0;
    if (c->form >= 5)
        return constant_pow_products(n, in, out, c->form, args);
    size_t E = VB / 4, i = 0;
    for (; n - i >= E; i += E)
        st(out + 4 * i, constant_pow_one_op(ld(in + 4 * i), c->form));
    if (i < n)
        REFERENCE(f32, constant_pow)(n - i, in + 4 * i, out + 4 * i, args);
    return 1;
}
#endif

#undef OP
#undef OP_DESC
